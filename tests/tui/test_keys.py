"""Key decoding: special keys arrive as one name, never as a burst of letters."""

from __future__ import annotations

import pytest

from parlour.tui import keys


@pytest.mark.parametrize(
    ("ch", "name"),
    [
        ("\r", "ENTER"),
        ("\n", "ENTER"),
        ("\x7f", "BACKSPACE"),
        ("\x08", "BACKSPACE"),
        ("\x03", "INTERRUPT"),
        ("\x0c", "CTRL_L"),
        ("\x15", "CTRL_U"),
        ("\t", "TAB"),
        ("\x1b", "ESC"),
        ("p", "p"),
        (" ", " "),
        ("é", "é"),
        ("\x00", "UNKNOWN"),
        ("\x9b", "UNKNOWN"),
    ],
)
def test_decode_char(ch: str, name: str) -> None:
    assert keys.decode_char(ch) == name


@pytest.mark.parametrize(
    ("rest", "key", "used"),
    [
        ("", "ESC", 0),
        ("[A", "UP", 2),
        ("[B", "DOWN", 2),
        ("[C", "RIGHT", 2),
        ("[D", "LEFT", 2),
        ("OA", "UP", 2),
        ("OP", "F1", 2),
        ("[3~", "DELETE", 3),
        ("[15~", "F5", 4),
        ("[1;5C", "RIGHT", 5),
        ("[<0;10;5M", "MOUSE", 9),
        ("[99~", "UNKNOWN", 4),
        ("[Z", "UNKNOWN", 2),
        ("x", "ESC", 0),
    ],
)
def test_decode_escape(rest: str, key: str, used: int) -> None:
    assert keys.decode_escape(rest) == (key, used)


def test_unrecognised_sequence_is_swallowed_whole() -> None:
    key, used = keys.decode_escape("[1;2;3;4;5;6")
    assert key == "UNKNOWN" and used == len("[1;2;3;4;5;6")


def test_curses_codes_use_the_table() -> None:
    assert keys.decode_code(259, {259: "UP"}) == "UP"
    assert keys.decode_code(9999, {259: "UP"}) == "UNKNOWN"


def test_named_keys() -> None:
    assert keys.is_named("ENTER") and not keys.is_named("p")
    assert "F12" in keys.NAMED_KEYS and "CTRL_Z" in keys.NAMED_KEYS


def test_joiners_and_variation_selectors_are_text_as_on_the_command_line() -> None:
    for ch in ("\u200d", "\u200c", "\ufe0f", "\ufe0e"):
        assert keys.decode_char(ch) == ch and keys.is_text(ch)
    assert keys.decode_char("\u202e") == keys.UNKNOWN  # a bidi override is never text
    assert not keys.is_text("ENTER") and keys.is_text("é")
