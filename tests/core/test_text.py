"""Text from outside made safe to show, measured and cut by display columns."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core import text


def test_escape_sequences_are_shown_not_obeyed() -> None:
    assert text.printable("\x1b]0;title\x07") == "^[]0;title^G"
    assert text.printable("\x1b]52;c;aGk=\x07") == "^[]52;c;aGk=^G"
    assert text.printable("a\tb\nc\rd\x7f") == "a\\tb\\nc\\rd^?"
    assert text.printable("\x9b2J") == "\\x9b2J"  # C1 CSI
    assert text.printable("\u202eevil") == "\\u202eevil"  # bidi override
    assert text.printable("bad\udcffname") == "bad\\udcffname"  # undecodable file name
    assert text.printable("Zoë 漢字 🂡") == "Zoë 漢字 🂡"


@given(st.text())
def test_printable_output_is_always_safe(value: str) -> None:
    shown = text.printable(value)
    assert all(not text.is_control(ch) for ch in shown)
    shown.encode("utf-8")  # no lone surrogate survives


def test_columns_count_wide_and_combining_characters() -> None:
    assert text.width("abc") == 3
    assert text.width("漢字") == 4
    assert text.width("e\u0301") == 1
    assert text.width("\x1b") == 2  # shown as ^[


def test_fit_pad_and_shorten_cut_by_columns() -> None:
    assert text.fit("漢字漢字", 5) == "漢字…"
    assert text.width(text.fit("漢字漢字", 5)) <= 5
    assert text.fit("short", 10) == "short"
    assert text.pad("漢", 4) == "漢  "
    assert text.shorten_middle("/home/someone/games/save.json", 16) == "/home/s…ave.json"
    assert text.fit("\x1b[2Jxxxxxxxx", 6) == "^[[2J…"


@given(st.text(), st.integers(0, 40))
def test_fitted_text_never_overflows(value: str, columns: int) -> None:
    assert text.width(text.fit(value, columns)) <= columns
    assert text.width(text.shorten_middle(value, columns)) <= columns
    assert text.width(text.pad(value, columns)) == columns or text.width(value) > columns


def test_a_joiner_glues_only_emoji() -> None:
    assert text.width("x\u200dy") == 2  # terminals draw both letters
    assert text.width("\u200d ") == 1
    assert text.width("👩\u200d💻") == 2  # one glyph
    assert text.fit("👩\u200d💻ab", 3) == "👩\u200d💻…"


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Zoë", "Zoe\u0308"),  # an accent typed as one character or combining
        ("Zoë", "ZOË"),
        (" Ann ", "ann"),
        ("Straße", "STRASSE"),  # case folding, not lower()
        ("👩\u200d💻", "👩💻"),  # a joiner one way of typing keeps and another drops
        ("A\u200cnn", "Ann"),
        ("🎲\ufe0f", "🎲"),
        ("Ǆ\u0301", "ǆ\u0301"),  # casefold can undo composition: compared composed again
    ],
)
def test_a_name_key_is_the_same_however_the_name_was_typed(one: str, other: str) -> None:
    assert text.name_key(one) == text.name_key(other)


@pytest.mark.parametrize(("one", "other"), [("Zoë", "Zoé"), ("Ann", "Anne"), ("a b", "ab")])
def test_a_name_key_keeps_names_that_differ_apart(one: str, other: str) -> None:
    assert text.name_key(one) != text.name_key(other)


@given(st.text())
def test_a_name_key_is_settled_by_one_application(name: str) -> None:
    key = text.name_key(name)
    assert text.name_key(key) == key
    assert not any(ch in key for ch in text.INVISIBLE_JOINERS)
