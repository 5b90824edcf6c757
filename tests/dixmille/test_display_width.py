"""Names and messages measured in display columns: wide, combining and emoji text (#17)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wcwidth import wcswidth

from parlour.core.rng import make_rng
from parlour.core.text import width
from parlour.dixmille.computer.ai import zedx_move
from parlour.dixmille.game.rules import IllegalMove, check_name, new_game
from parlour.dixmille.terminal import view
from parlour.dixmille.terminal.app import DixMilleApp
from parlour.dixmille.terminal.setup import SetupForm
from parlour.tui.frame import Frame
from parlour.tui.glyphs import ASCII, UNICODE

WIDE = "王小明王小"  # 10 columns in 5 characters
EMOJI = "🎲🎲🎲🎲🎲"  # 10 columns
ACCENTED = "E\u0301lodie"  # É as E + combining acute: 6 columns in 7 characters
NAMES = [WIDE, EMOJI, "Abcdefghij", ACCENTED, "ZEDX", "Zoë"]


def drawn_width(frame: Frame, row: int) -> int:
    """The columns a terminal draws for a row: wide cells 2, their right halves 0."""
    return sum(max(wcswidth(cell), 0) for cell in frame.chars[row])


def column_of(frame: Frame, row: int, text: str) -> int:
    """The display column where ``text`` starts on a row."""
    line = frame.row_text(row)
    assert text in line, f"{text!r} not on row {row}: {line!r}"
    return width(line[: line.index(text)])


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        (WIDE, WIDE),
        (EMOJI, EMOJI),
        ("e\u0301" * 10, "é" * 10),  # ten columns, twenty characters, kept composed
        (ACCENTED, "Élodie"),
        ("  王 ", "王"),
    ],
)
def test_names_up_to_ten_columns_are_accepted(name: str, kept: str) -> None:
    assert check_name(name, []) == kept


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("王小明王小明", "at most 10 columns"),
        ("🎲🎲🎲🎲🎲🎲", "at most 10 columns"),
        ("Abcdefghijk", "at most 10 columns"),
        ("a\x1b[2J", "only printable"),
        ("\u0301\u0301", "at least one character you can see"),
        ("a\u202eb", "only printable"),
    ],
)
def test_names_past_ten_columns_or_with_controls_are_refused(name: str, reason: str) -> None:
    with pytest.raises(IllegalMove, match=reason):
        check_name(name, [])


def test_a_name_typed_composed_or_not_is_one_name() -> None:
    with pytest.raises(IllegalMove, match="already playing"):
        check_name("élodie", [check_name(ACCENTED, [])])


def test_the_name_field_stops_at_ten_columns_as_you_type() -> None:
    form = SetupForm()
    for key in ["2", "ENTER", *"王小明王小明"]:
        form.feed(key)
    assert form.editor.text == WIDE and form.bell
    assert "at most 10 columns" in form.render(ASCII).to_text()
    form.feed("e")
    assert form.editor.text == WIDE
    assert form.feed("ENTER") is None and form.names == [WIDE]
    for key in "e\u0301" * 10:
        form.feed(key)
    assert width(form.editor.text) == 10 and len(form.editor.text) == 20
    assert form.feed("ENTER") == [WIDE, "é" * 10]


def test_the_zedx_hint_is_shown_where_names_are_typed() -> None:
    form = SetupForm()
    form.feed("2")
    form.feed("ENTER")
    text = form.render(ASCII).to_text()
    assert "Name of player 1:" in text and "Type ZEDX as a name" in text


@pytest.mark.parametrize("glyphs", [ASCII, UNICODE])
def test_six_wide_names_keep_to_their_score_columns(glyphs: object) -> None:
    checked: list[str] = []
    for name in NAMES:  # as the command line checks them
        checked.append(check_name(name, checked))
    app = DixMilleApp(glyphs, names=checked, seed=3, pace=0)  # type: ignore[arg-type]
    frame = app.render(24, 80)
    for seat, name in enumerate(NAMES):
        shown = "Élodie" if name == ACCENTED else name
        assert column_of(frame, view.ROW_SCORES, shown) == seat * view.COLUMN + 1
        assert frame.chars[view.ROW_SCORES + 1][seat * view.COLUMN + 1] == "0"
    assert f"{WIDE}'s turn: 0 turn points   6 dice available" in frame.row_text(view.ROW_TURN)


def test_no_row_of_a_whole_game_spills_past_80_columns() -> None:
    """Every screen of a game between wide names draws exactly 80 columns on every row."""
    names = [WIDE, "ZEDX", EMOJI]
    app = DixMilleApp(UNICODE, names=names, seed=8, pace=0)
    game = app.game
    assert game is not None
    shadow = new_game(names, make_rng(8), 8)
    for _ in range(400):
        if game.over:
            break
        frame = app.render(24, 80)
        assert [drawn_width(frame, r) for r in range(24)] == [80] * 24
        if app.timeout() is not None:
            app.handle_key("TIMEOUT")
            continue
        if app.mode.name == "ACK":
            app.handle_key(" ")
            continue
        move = zedx_move(game.situation())  # the humans play as ZEDX would
        key = str(move)
        if key.startswith("take"):
            for ch in key.split()[1:]:
                app.handle_key(ch)
            app.handle_key("ENTER")
        else:
            app.handle_key(key)
    assert game.cycle > 3
    del shadow


def test_long_messages_are_cut_at_80_columns_never_wrapped() -> None:
    app = DixMilleApp(UNICODE, names=[WIDE, "ZEDX"], seed=3, pace=0)
    app.ui.message = "王" * 60
    app.ui.prompt = f"{WIDE} " + "字" * 50
    frame = app.render(24, 80)
    for row in (view.ROW_MESSAGE, view.ROW_PROMPT):
        assert drawn_width(frame, row) == 80
        assert frame.row_text(row).endswith("…")


def test_the_save_field_puts_the_cursor_after_wide_characters() -> None:
    app = DixMilleApp(UNICODE, names=["Ann", "Bob"], seed=3, pace=0)
    for key in ["S", "CTRL_U", *"王小.json"]:
        app.handle_key(key)
    frame = app.render(24, 80)
    assert "Save to file: 王小.json" in frame.row_text(view.ROW_PROMPT)
    assert frame.cursor == (view.ROW_PROMPT, len("Save to file: ") + width("王小.json"))


TYPED = st.sampled_from(
    ["a", "Z", "王", "🎲", "é", "\u0301", "\u200d", " ", "BACKSPACE", "LEFT", "HOME", "CTRL_U"]
)


@settings(max_examples=150, deadline=None)
@given(keys=st.lists(TYPED, max_size=40))
def test_whatever_is_typed_the_name_field_stays_within_ten_columns(keys: list[str]) -> None:
    form = SetupForm()
    form.feed("1")
    form.feed("ENTER")
    for key in keys:
        if key == "BACKSPACE" and not form.editor.text:
            continue  # that goes back to the number of players (tested on its own)
        form.feed(key)
        assert width(form.editor.text) <= 10
        frame = form.render(ASCII)
        assert all(drawn_width(frame, r) == 80 for r in range(24))
    typed = form.editor.text
    try:
        expected = check_name(typed, [])
    except IllegalMove:
        assert form.feed("ENTER") is None and form.editor.text == typed  # kept to correct
    else:
        assert form.feed("ENTER") == [expected]
