"""Text from outside: control characters escaped, widths measured as the terminal draws them."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from parlour.core.text import fit, is_control, pad, printable, shorten_middle, width

TITLE = "\x1b]0;owned\x07"
CLIPBOARD = "\x1b]52;c;aGk=\x07"
CLEAR = "\x1b[2J"


def test_escape_sequences_are_shown_not_sent() -> None:
    assert printable(f"a{TITLE}b") == "a^[]0;owned^Gb"
    assert printable(CLIPBOARD) == "^[]52;c;aGk=^G"
    assert printable(CLEAR) == "^[[2J"


def test_other_controls_are_escaped_each_in_its_own_way() -> None:
    assert printable("tab\there") == "tab\\there"
    assert printable("line\nbreak\r") == "line\\nbreak\\r"
    assert printable("del\x7f") == "del^?"
    assert printable("csi\x9b2J") == "csi\\x9b2J"
    # A right-to-left override would reorder the rest of the line on screen.
    assert printable("evil\u202etxt.exe") == "evil\\u202etxt.exe"
    # An undecodable byte in a file name arrives as a lone surrogate.
    assert printable("bad\udcffname") == "bad\\udcffname"


def test_ordinary_text_is_untouched() -> None:
    for text in ("Alice", "Élodie", "王小明", "🎲 dice", "e\u0301", "👩\u200d💻"):
        assert printable(text) == text


@given(st.text())
def test_nothing_printable_returns_can_control_the_terminal(text: str) -> None:
    shown = printable(text)
    assert not any(unicodedata.category(ch) == "Cc" for ch in shown)
    assert "\u202e" not in shown
    shown.encode("utf-8")  # never raises: surrogates are escaped too


def test_widths_follow_the_terminal() -> None:
    assert width("Alice") == 5
    assert width("王小明") == 6
    assert width("🎲") == 2
    assert width("e\u0301") == 1  # a combining accent takes no column
    assert width("\x1b") == 2  # shown as ^[


def test_fit_cuts_by_columns_and_never_splits_a_wide_character() -> None:
    assert fit("王小明王小明", 7) == "王小明…"
    assert width(fit("王小明王小明", 7)) == 7
    assert fit("王小明", 6) == "王小明"
    assert fit("abcdef", 4) == "abc…"
    assert fit("abcdef", 4, "...") == "a..."
    assert fit("e\u0301e\u0301e\u0301", 2) == "e\u0301…"


def test_pad_gives_exactly_the_width() -> None:
    assert pad("王", 4) == "王  "
    assert width(pad("王小明王小明", 7)) == 7


def test_shorten_middle_keeps_both_ends() -> None:
    path = "/home/someone/games/saved/midnightoil/s1.json"
    short = shorten_middle(path, 24)
    assert width(short) <= 24
    assert short.startswith("/home/")
    assert short.endswith("s1.json")
    assert "…" in short
    assert shorten_middle("short.json", 24) == "short.json"


@given(st.text(), st.integers(min_value=0, max_value=40))
def test_fitted_text_never_exceeds_its_columns(text: str, columns: int) -> None:
    assert width(fit(text, columns)) <= columns
    assert width(shorten_middle(text, columns)) <= columns


def test_is_control_spares_emoji_joiners() -> None:
    assert not is_control("\u200d")
    assert is_control("\x00")
    assert is_control("\u2066")  # a bidi isolate
