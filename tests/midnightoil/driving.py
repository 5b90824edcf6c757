"""A Midnight Oil app driven by keys, its 24 rows read back (issue 39: forms, farewells)."""

from __future__ import annotations

from parlour.midnightoil.game.history import Game
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.tui.glyphs import ASCII


def make(deal: int = 1) -> MidnightOilApp:
    return MidnightOilApp(Game(deal), ASCII)


def press(app: MidnightOilApp, *keys: str) -> list[str]:
    """Each key to the app, then the 80x24 screen, row by row."""
    for key in keys:
        app.handle_key(key)
    frame = app.render(24, 80)
    return [frame.row_text(row) for row in range(24)]
