"""The statistics screen inside a game (``i``, and after the game): what it shows, its keys.

The rows come from every recorded game (or one player's, with ``f``), this
game's players first; the pages are drawn by :mod:`parlour.dixmille.statsview`.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.tui import keys

if TYPE_CHECKING:
    from parlour.dixmille.stats import Totals

NEXT = (" ", keys.RIGHT, keys.PGDN, keys.DOWN, keys.ENTER, "n")
PREVIOUS = (keys.LEFT, keys.PGUP, keys.UP, keys.BACKSPACE)
LEAVE = ("q", "Q", keys.ESC, keys.INTERRUPT)
FOOTER_PLAYING = "SPACE/-> next page   <- previous   f filter   q back to the game"
FOOTER_OVER = "SPACE/-> next page   <- previous   q quit"


def gather(name_filter: str | None, seats: list[str]) -> tuple[list[Totals], str, str]:
    """(rows, title, message) for all recorded games, or one player's; ``seats`` first."""
    from parlour.dixmille import stats

    games, message = stats.load_games()
    rows = stats.totals(games, name_filter)
    if name_filter is None and seats:
        order = {name.casefold(): i for i, name in enumerate(seats)}
        rows.sort(key=lambda t: order.get(t.name.casefold(), len(order)))
    who = name_filter or "all players"
    return rows, f"{stats.games_label(len(games))}, {who}", message or ""


def next_filter(current: str | None, names: list[str]) -> str | None:
    """``f`` steps through this game's players one at a time, then back to everyone."""
    if current is None:
        return names[0] if names else None
    if current in names and names.index(current) + 1 < len(names):
        return names[names.index(current) + 1]
    return None
