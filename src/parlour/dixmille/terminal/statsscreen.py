"""The statistics screen inside a game (``i``, and after the game): what it shows, its keys.

:class:`StatsScreen` is a part the app holds: the rows (every recorded game, or
one player's with ``f``, this game's players first; or this game alone after
it ends), the page, and what a key does; the pages are drawn by
:mod:`parlour.dixmille.terminal.statsview`.
"""

from __future__ import annotations

from enum import Enum, auto

from parlour import TYPE_CHECKING
from parlour.core.i18n import N_, _
from parlour.core.text import name_key
from parlour.tui import keys

if TYPE_CHECKING:
    from collections.abc import Callable

    from parlour.dixmille.files.stats import Totals
    from parlour.dixmille.game.rules import Game
    from parlour.tui.frame import Frame
    from parlour.tui.glyphs import Glyphs

NEXT = (" ", keys.RIGHT, keys.PGDN, keys.DOWN, keys.ENTER, "n")
PREVIOUS = (keys.LEFT, keys.PGUP, keys.UP, keys.BACKSPACE)
LEAVE = ("q", "Q", keys.ESC, keys.INTERRUPT)
FOOTER_PLAYING = N_("SPACE/-> next page   <- previous   f filter   q back to the game")
FOOTER_OVER = N_("SPACE/-> next page   <- previous   q quit")


class Action(Enum):
    """What a key asks of the app beyond turning a page."""

    NONE = auto()
    LEAVE = auto()
    """q, ESC: back to the game (or, after it, out)."""
    DONE = auto()
    """ENTER on the last page."""
    BEFORE_FIRST = auto()
    """<- on the first page (after a game: back to the standings)."""
    FILTER = auto()
    BELL = auto()


def gather(
    name_filter: str | None, seats: list[str], repaint: Callable[[], None] = lambda: None
) -> tuple[list[Totals], str, str]:
    """(rows, title, message) for all recorded games, or one player's; ``seats`` first.

    A reading that takes over a second says how far it has come on the terminal, over
    the screen; ``repaint`` is then called (the screen is to be drawn again whole).
    """
    from parlour.core.tally import TerminalProgress
    from parlour.dixmille.files import statsfile

    progress = TerminalProgress()  # a first reading of a long file takes a while
    try:
        read = statsfile.stats_report(name_filter, progress=progress)
    finally:
        progress.close()
    if progress.shown:
        repaint()
    rows = read.rows
    if name_filter is None and seats:
        order = {name_key(name): i for i, name in enumerate(seats)}
        rows.sort(key=lambda t: order.get(name_key(t.name), len(order)))
    return rows, read.title, read.message


def next_filter(current: str | None, names: list[str]) -> str | None:
    """``f`` steps through this game's players one at a time, then back to everyone."""
    if current is None:
        return names[0] if names else None
    if current in names and names.index(current) + 1 < len(names):
        return names[names.index(current) + 1]
    return None


class StatsScreen:
    """The statistics pages of a game: their rows, title, message, page and filter."""

    def __init__(self, repaint: Callable[[], None] = lambda: None) -> None:
        self.page = 0
        self.rows: list[Totals] = []
        self.title = ""
        self.message = ""
        self.empty = ""
        """What the page says where its columns would be, without any."""
        self.filter: str | None = None
        self.repaint = repaint
        """Asks for the whole screen to be drawn again (after a long reading's progress)."""

    def show_recorded(self, seats: list[str]) -> None:
        """Every recorded game (or the filtered player's), from the first page."""
        from parlour.dixmille.files import stats

        self.page = 0
        self.rows, self.title, self.message = gather(self.filter, seats, self.repaint)
        self.empty = stats.empty_text(self.filter)

    def rewind(self) -> None:
        """Back to the first page."""
        self.page = 0

    def next_filter(self, seats: list[str]) -> None:
        """``f``: the next of this game's players alone, then everyone again."""
        self.filter = next_filter(self.filter, seats)
        self.show_recorded(seats)

    def show_game(self, game: Game, message: str) -> None:
        """The finished ``game`` alone, under ``message`` (its result, and a note)."""
        from parlour.dixmille.files import stats

        self.page = 0
        self.rows = stats.totals([stats.game_line(game)])
        self.title = _("this game (seed {seed})").format(seed=game.seed)
        self.message = message
        self.empty = stats.empty_text(None)

    def feed(self, key: str) -> Action:
        """Turn the page for a page key; say what else the key asks."""
        from parlour.dixmille.terminal import statsview

        if key in NEXT:
            if self.page < statsview.page_count(self.rows) - 1:
                self.page += 1
                return Action.NONE
            return Action.DONE if key == keys.ENTER else Action.NONE
        if key in PREVIOUS:
            if self.page == 0:
                return Action.BEFORE_FIRST
            self.page -= 1
            return Action.NONE
        if key == "f":
            return Action.FILTER
        if key in LEAVE:
            return Action.LEAVE
        return Action.NONE if key == keys.TIMEOUT else Action.BELL

    def render(self, footer: str, glyphs: Glyphs) -> Frame:
        from parlour.dixmille.terminal import statsview

        return statsview.render_stats(
            self.rows, self.page, self.title, self.message, footer, glyphs, self.empty
        )
