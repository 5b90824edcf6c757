"""Issue 39: a refused entry keeps its field open, and no key typed in a form reaches the board."""

from __future__ import annotations

from pathlib import Path

from parlour.midnightoil.game.rules import State
from parlour.midnightoil.terminal.app import MidnightOilApp
from tests.midnightoil.driving import make, press

DEAL_REFUSAL = "A deal number is a whole number from 0 to 18446744073709551615."


def field(app: MidnightOilApp) -> str | None:
    """The text of the open field (None: no field open)."""
    if app.prompt is None or app.prompt.editor is None:
        return None
    return app.prompt.editor.text


def test_a_refused_deal_number_keeps_the_field_and_the_next_keys_go_into_it() -> None:
    app = make()
    press(app, "b", " ")  # a move: the game counts, so # asks first
    assert "It counts as lost. (y/n)" in press(app, "#")[22]
    board = app.game.state
    screen = press(app, "y", "4", "x", "ENTER")
    assert screen[22].startswith(" > Deal number, from 0 to 18446744073709551615: 4x")
    assert screen[23].strip() == DEAL_REFUSAL
    assert field(app) == "4x"
    # The keys: 42 typed next went to the board (manual-auto on foundations 4, 2).
    press(app, "4", "2")
    assert field(app) == "4x42" and app.game.state == board
    screen = press(app, "ENTER")
    assert screen[23].strip() == DEAL_REFUSAL and app.game.deal_number == 1
    press(app, "LEFT", "LEFT", "BACKSPACE", "ENTER")  # 4x42 -> 442
    assert field(app) is None and app.game.deal_number == 442
    assert app.game.state == State.new(442)


def test_a_refused_deal_number_then_esc_leaves_the_board_as_it_was() -> None:
    app = make()
    press(app, "#", "-", "1", "ENTER")
    assert field(app) == "-1"
    screen = press(app, "ESC")
    assert field(app) is None and "Cancelled." in screen[22]
    assert app.game.state == State.new(1)
    assert screen[23].strip() == ""  # the refusal went with its field


def test_an_empty_file_name_keeps_the_save_field_open() -> None:
    app = make()
    press(app, "b", " ", "S", "CTRL_U")
    screen = press(app, "ENTER")
    assert screen[23].strip() == "No file name given: type one, or Esc to cancel."
    assert field(app) == ""
    board = app.game.state
    press(app, "4", "*", "b")  # into the field, not to the board
    assert field(app) == "4*b" and app.game.state == board


def test_a_save_that_fails_keeps_the_name_typed_for_correction(tmp_path: Path) -> None:
    app = make()
    press(app, "b", " ", "S", "CTRL_U")
    missing = str(tmp_path / "no-such-folder" / "g.json")
    screen = press(app, *missing, "ENTER")
    assert screen[23].strip().startswith("Not saved: ")
    assert field(app) == missing
    press(app, "CTRL_U", *str(tmp_path / "g.json"), "ENTER")
    assert field(app) is None and (tmp_path / "g.json").exists()
    assert "Saved. Resume later with: midnightoil " in press(app)[22]


def test_a_save_on_quitting_that_fails_keeps_the_field_and_does_not_quit(tmp_path: Path) -> None:
    app = make()
    press(app, "b", " ", "Q", "y", "CTRL_U")
    missing = str(tmp_path / "no-such-folder" / "g.json")
    screen = press(app, *missing, "ENTER")
    assert not app.finished and field(app) == missing
    assert screen[23].strip().startswith("Not saved: ")
    press(app, "CTRL_U", *str(tmp_path / "q.json"), "ENTER")
    assert app.finished and (tmp_path / "q.json").exists()


def test_a_wrong_key_at_a_question_keeps_the_question() -> None:
    app = make()
    press(app, "b", " ")
    board = app.game.state
    screen = press(app, "N", "4", "b", "u")
    assert "Give up this game for a new deal? It counts as lost. (y/n)" in screen[22]
    assert app.game.state == board
    press(app, "n")
    assert app.prompt is None and app.game.state == board


def test_not_overwriting_brings_the_field_back_with_the_name_typed(tmp_path: Path) -> None:
    taken = tmp_path / "taken.json"
    taken.write_text("x", encoding="utf-8")
    app = make()
    press(app, "b", " ", "S", "CTRL_U", *str(taken), "ENTER")
    assert app.prompt is not None and app.prompt.question is not None
    press(app, "n")
    assert field(app) == str(taken)
    press(app, "BACKSPACE", *"2", "ENTER")  # taken.jso2: a new name
    assert field(app) is None and (tmp_path / "taken.jso2").exists()
    assert taken.read_text(encoding="utf-8") == "x"
