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


# ---------------------------------------------------------------- wrapping (issue 39)


def test_a_line_that_fits_is_left_as_it_is() -> None:
    line = "Games won: you 1, computer 0. Totals: you 5450, computer 4450. (seed 7)"
    assert text.wrap_lines(line) == [line]
    assert text.wrap_lines("a\n\nb") == ["a", "", "b"]


def test_lines_break_between_words_never_inside_one() -> None:
    line = (
        "Midnight Oil deal 42: 3/52 cards home. A replay: not recorded. Resume with: "
        "midnightoil /tmp/saves/deal-42.json"
    )
    assert text.wrap_lines(line) == [
        "Midnight Oil deal 42: 3/52 cards home. A replay: not recorded. Resume with:",
        "midnightoil /tmp/saves/deal-42.json",
    ]
    words = [f"w{i}" * (i % 7 + 1) for i in range(60)]
    lines = text.wrap_lines(" ".join(words), 30)
    assert all(len(line) <= 30 for line in lines)
    assert " ".join(lines).split(" ") == words


def test_a_path_wider_than_a_line_goes_on_a_line_of_its_own() -> None:
    path = "/home/ann/" + "verylongdirectoryname/" * 5 + "save.json"
    lines = text.wrap_lines(f"Your game is saved in {path}; resume with: mille {path}")
    assert lines == ["Your game is saved in", f"{path};", "resume with: mille", path]


def test_a_path_kept_whole_is_never_broken_at_its_spaces() -> None:
    path = "/home/ann/my saves/the long game of last night.json"
    line = f"Input ended; your game was saved to {text.keep_whole(path)}"
    assert text.wrap_lines(line) == ["Input ended; your game was saved to", path]
    # unmarked, the same line breaks at the path's spaces (what keep_whole is for)
    assert text.wrap_lines(f"Input ended; your game was saved to {path}")[1] != path
    assert text.wrap_lines(text.keep_whole("a\ue000 b")) == ["a\\ue000 b"]


def test_wrapping_counts_display_columns_and_escapes() -> None:
    name = "漢字" * 20  # 80 columns in 40 characters
    # Japanese breaks between two wide characters: 6 + 74 columns, then the rest
    assert text.wrap_lines(f"Saved {name}") == ["Saved " + name[:37], name[37:]]
    assert text.wrap_lines("evil \x1b[2J name") == ["evil ^[[2J name"]


def test_the_indent_of_a_line_is_kept_on_its_later_lines() -> None:
    assert text.wrap_lines("  one two three", 9) == ["  one two", "  three"]
