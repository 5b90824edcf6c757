"""``dixmille --stats``: the statistics pages on their own, q to leave.

The keys and the footer are the in-game screen's (:mod:`parlour.dixmille.terminal.statsscreen`).
"""

from __future__ import annotations

from parlour.dixmille.files.stats import Totals
from parlour.dixmille.terminal import statsview
from parlour.dixmille.terminal.statsscreen import FOOTER_OVER, LEAVE, NEXT, PREVIOUS
from parlour.tui import keys
from parlour.tui.app import TerminalApp
from parlour.tui.frame import Frame
from parlour.tui.glyphs import ASCII, Glyphs


class StatsApp(TerminalApp):
    """Pages through the statistics table."""

    program = "dixmille"

    def __init__(
        self,
        rows: list[Totals],
        title: str,
        message: str,
        glyphs: Glyphs = ASCII,
        empty: str = "",
    ) -> None:
        super().__init__()
        self.rows = rows
        self.title = title
        self.message = message
        self.glyphs = glyphs
        self.empty = empty
        self.page = 0

    def render(self, height: int, width: int) -> Frame:
        return statsview.render_stats(
            self.rows, self.page, self.title, self.message, FOOTER_OVER, self.glyphs, self.empty
        )

    def handle_key(self, key: str) -> None:
        last = statsview.page_count(self.rows) - 1
        if key in NEXT:
            if key == keys.ENTER and self.page == last:
                self.finished = True
            self.page = min(self.page + 1, last)
        elif key in PREVIOUS:
            self.page = max(self.page - 1, 0)
        elif key in LEAVE:
            self.finished = True
