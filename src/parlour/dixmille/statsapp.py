"""``dixmille --stats``: the statistics pages on their own, q to leave."""

from __future__ import annotations

from parlour.dixmille import statsview
from parlour.dixmille.stats import Totals
from parlour.tui import keys
from parlour.tui.app import TerminalApp
from parlour.tui.frame import Frame

NEXT = (" ", keys.RIGHT, keys.PGDN, keys.DOWN, keys.ENTER)
PREVIOUS = (keys.LEFT, keys.PGUP, keys.UP, keys.BACKSPACE)
LEAVE = ("q", "Q", keys.ESC, keys.INTERRUPT)


class StatsApp(TerminalApp):
    """Pages through the statistics table."""

    program = "dixmille"

    def __init__(self, rows: list[Totals], title: str, message: str) -> None:
        super().__init__()
        self.rows = rows
        self.title = title
        self.message = message
        self.page = 0

    def render(self, height: int, width: int) -> Frame:
        footer = "SPACE/-> next page   <- previous   q quit"
        return statsview.render_stats(self.rows, self.page, self.title, self.message, footer)

    def handle_key(self, key: str) -> None:
        if key in NEXT:
            if key == keys.ENTER and self.page == statsview.PAGES - 1:
                self.finished = True
            self.page = min(self.page + 1, statsview.PAGES - 1)
        elif key in PREVIOUS:
            self.page = max(self.page - 1, 0)
        elif key in LEAVE:
            self.finished = True
