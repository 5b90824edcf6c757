"""Issue 39, point 2: the first screen of each game says once, in its own words, that ``?``
gives help, and ``?`` does; mille keeps BSD's layout (the hint is on its message line)."""

from __future__ import annotations

from parlour.dixmille.terminal.app import DixMilleApp, Mode
from parlour.dixmille.terminal.setup import HELP_HINT
from parlour.midnightoil.game.history import Game as OilGame
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.mille.game.rules import Game as MilleGame
from parlour.mille.terminal.app import MilleApp
from parlour.tui.glyphs import ASCII
from tests.mille.opponents import FirstLegal
from tests.mille.reference import read_screen, reference_dir


def test_mille_first_screen_says_it_on_bsds_message_line() -> None:
    game = MilleGame.new(11)
    app = MilleApp(game, FirstLegal(game))
    rows = app.render(24, 80).to_text().split("\n")
    assert rows[15] == "--SPEED--           --SPEED--           |    press ? for help"
    folder = reference_dir()
    if folder is not None:  # every other row's labels where BSD's first screen has them
        bsd = [row.rstrip() for row in read_screen(folder / "01-start-of-game.txt")]
        assert rows[15][:41] == bsd[15][:41] and rows[16] == bsd[16]
    app.handle_key("?")
    assert "help" in app.render(24, 80).to_text().split("\n")[0]
    app.handle_key("ESC")
    assert app.render(24, 80).to_text().split("\n")[15].rstrip() == rows[15][:41].rstrip()


def test_a_restored_mille_game_shows_its_banner_not_the_hint() -> None:
    game = MilleGame.new(11)
    app = MilleApp(game, FirstLegal(game), banner="g.json [12:00:00]")
    assert app.render(24, 80).to_text().split("\n")[15].endswith("g.json [12:00:00]")


def test_dixmille_first_screen_says_it_and_the_count_field_takes_it() -> None:
    app = DixMilleApp(ASCII)
    assert HELP_HINT == "Press ? for the rules and keys (here, and at any time in the game)."
    assert "  " + HELP_HINT in app.render(24, 80).to_text().split("\n")
    app.handle_key("?")
    assert app.mode is Mode.RULES
    assert "the rules" in app.render(24, 80).to_text().split("\n")[0]
    app.handle_key("x")
    assert app.mode is Mode.SETUP and app.setup.editor.text == ""  # the form as it was
    for key in ("2", "ENTER"):
        app.handle_key(key)
    assert HELP_HINT not in app.render(24, 80).to_text()  # said once, on the first screen
    app.handle_key("?")  # in a name field, ? is a character of the name
    assert app.mode is Mode.SETUP and app.setup.editor.text == "?"


def test_midnightoil_first_screen_says_it() -> None:
    app = MidnightOilApp(OilGame(42), ASCII)
    assert "? for help" in app.render(24, 80).row_text(22)
    app.handle_key("?")
    assert "Midnight Oil - the rules" in app.render(24, 80).row_text(0)
