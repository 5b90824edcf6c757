"""Issue 39, point 1: a name or path typed in any game is never cut silently.

A 275-character path whose folders all exist is typed key by key into each game's
save field: the game lands exactly there, and the field shows the end being typed.
A field that is full refuses the next character and says its limit, word for word.
"""

from __future__ import annotations

from pathlib import Path

from parlour.core.text import printable
from parlour.dixmille.files import savefile as dix_savefile
from parlour.dixmille.terminal.app import DixMilleApp
from parlour.midnightoil.files import savefile as oil_savefile
from parlour.midnightoil.game.history import Game as OilGame
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.mille.files import savefile as mille_savefile
from parlour.mille.terminal import saving as mille_saving
from parlour.tui import keys
from parlour.tui.glyphs import ASCII
from parlour.tui.prompts import PATH_LENGTH
from tests.mille.drive import make_app, message, press, screen


def long_path(root: Path, name: str) -> Path:
    folder = root
    for i in range(1, 11):
        folder = folder / f"verylongdirectoryname{i:02d}"
    folder.mkdir(parents=True)
    path = folder / name
    assert len(str(path)) > 240 + 10  # past the old limit of the mille field
    return path


def test_mille_saves_at_the_exact_long_path(tmp_path: Path) -> None:
    target = long_path(tmp_path, "mysavedgame-number-one.json")
    app = make_app()
    press(app, ["p", "s", *str(target)])
    assert screen(app)[10][20:40] == "file: " + str(target)[-13:] + " "
    press(app, ["ENTER"])
    assert mille_savefile.load_saved(str(target)).game.seed == app.game.seed
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]


def test_mille_says_the_limit_of_a_full_field() -> None:
    app = make_app()
    press(app, ["s", *("x" * PATH_LENGTH)])
    assert app.saving.dialog is not None and len(app.saving.dialog.editor.text) == PATH_LENGTH
    press(app, ["y"])
    assert message(app) == "file names: at most 4096 characters"
    assert mille_saving.TOO_LONG.format(count=4096) == "file names: at most 4096 characters"
    assert len(app.saving.dialog.editor.text) == PATH_LENGTH  # nothing cut, nothing added


def test_midnightoil_saves_at_the_exact_long_path(tmp_path: Path) -> None:
    target = long_path(tmp_path, "deal-42.json")
    app = MidnightOilApp(OilGame(42), ASCII)
    for key in ["S", keys.CTRL_U, *str(target)]:
        app.handle_key(key)
    row = app.render(24, 80).row_text(22)
    assert row.startswith(" > Save to file: ") and row.rstrip().endswith(str(target)[-40:])
    app.handle_key(keys.ENTER)
    assert oil_savefile.load(target).to_dict() == app.game.to_dict()


def test_midnightoil_says_the_limit_of_a_full_field() -> None:
    app = MidnightOilApp(OilGame(42), ASCII)
    for key in ["S", keys.CTRL_U, *("x" * PATH_LENGTH)]:
        app.handle_key(key)
    assert " > Save to file: xxx" in app.render(24, 80).row_text(22)
    app.handle_key("y")
    row = app.render(24, 80).row_text(22)
    assert row.startswith(" > Save to file: (at most 4096 characters) xxx")
    assert app.prompt is not None and app.prompt.editor is not None
    assert app.prompt.editor.text == "x" * PATH_LENGTH
    app.handle_key(keys.BACKSPACE)  # the limit is said only beside the refused key
    assert app.render(24, 80).row_text(22).startswith(" > Save to file: xxx")


def test_dixmille_saves_at_the_exact_long_path(tmp_path: Path) -> None:
    target = long_path(tmp_path, "dix.json")
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=3, pace=0)
    for key in ["S", keys.CTRL_U, *str(target)]:
        app.handle_key(key)
    rows = app.render(24, 80).to_text().split("\n")
    assert any(r.startswith("Save to file: ") and str(target)[-30:] in r for r in rows)
    app.handle_key(keys.ENTER)
    assert dix_savefile.load(str(target)).seed == 3
    assert printable(str(target)) == str(target)


def test_dixmille_says_the_limit_of_a_full_field() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=3, pace=0)
    for key in ["S", keys.CTRL_U, *("x" * PATH_LENGTH)]:
        app.handle_key(key)
    app.handle_key("y")
    assert "A file name has at most 4096 characters" in app.render(24, 80).to_text()
    assert app.keep.saving.editor.text == "x" * PATH_LENGTH


def test_dixmille_name_field_says_its_character_limit() -> None:
    """Combining accents add characters, not columns: the field's character limit is said."""
    from parlour.dixmille.terminal.setup import NAME_TYPING_LIMIT, TOO_MANY

    app = DixMilleApp(ASCII)
    for key in ("2", keys.ENTER, "e", *("\u0301" * (NAME_TYPING_LIMIT - 1))):
        app.handle_key(key)
    assert len(app.setup.editor.text) == NAME_TYPING_LIMIT
    app.handle_key("\u0301")
    assert TOO_MANY == "A name has at most 40 characters (accents included)"
    assert TOO_MANY in app.render(24, 80).to_text()
    assert len(app.setup.editor.text) == NAME_TYPING_LIMIT
