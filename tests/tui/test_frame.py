"""Frame: the grid that views render into."""

from __future__ import annotations

import types
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import wcwidth
from hypothesis import example, given
from hypothesis import strategies as st

from parlour.core import text
from parlour.tui.frame import Frame, Style


def test_put_and_to_text() -> None:
    frame = Frame(20, 3)
    frame.put(0, 2, "hello")
    frame.put(2, 18, "cut off")
    assert frame.to_text() == "  hello\n\n                  cu"
    assert frame.row_text(1) == ""


def test_put_clips_outside_rows_and_negative_columns() -> None:
    frame = Frame(5, 2)
    frame.put(-1, 0, "x")
    frame.put(5, 0, "x")
    frame.put(0, -2, "abcd")
    assert frame.to_text() == "cd\n"


def test_control_characters_never_reach_the_terminal() -> None:
    frame = Frame(10, 1)
    frame.put(0, 0, "a\x1b[2Jb")
    assert frame.row_text(0) == "a?[2Jb"


def test_styles_and_runs() -> None:
    frame = Frame(10, 1)
    frame.put(0, 0, "ab", Style.REVERSE)
    frame.put(0, 2, "cd", Style.BOLD | Style.RED)
    runs = frame.runs(0)
    assert runs[0] == (0, "ab", Style.REVERSE)
    assert runs[1] == (2, "cd", Style.BOLD | Style.RED)
    assert runs[2] == (4, "      ", Style.NORMAL)
    frame.style_span(0, 0, 4, Style.UNDERLINE)
    assert frame.runs(0)[0] == (0, "abcd", Style.UNDERLINE)


def test_clear_row_and_blit() -> None:
    inner = Frame(3, 2)
    inner.put(0, 0, "xyz")
    inner.cursor = (1, 1)
    inner.bell = True
    outer = Frame(6, 3)
    outer.put(1, 0, "------")
    outer.blit(inner, 1, 2)
    assert outer.to_text() == "\n--xyz-\n"
    assert outer.cursor == (2, 3)
    assert outer.bell
    outer.clear_row(1, 3)
    assert outer.row_text(1) == "--x"


def test_wide_and_combining_characters_take_their_display_columns() -> None:
    frame = Frame(12, 1)
    end = frame.put(0, 0, "王小明|e\u0301|🎲x")
    assert end == 12
    text = frame.row_text(0)
    assert text == "王小明|e\u0301|🎲x"
    assert sum(len(cell) > 0 for cell in frame.chars[0]) == 8  # 3 wide halves + 🎲's are ""
    assert frame.chars[0][1] == "" and frame.chars[0][7] == "e\u0301"


def test_overwriting_half_a_wide_character_blanks_the_other_half() -> None:
    frame = Frame(6, 1)
    frame.put(0, 0, "王小明")
    frame.put(0, 1, "a")
    assert frame.row_text(0) == " a小明"
    frame.put(0, 4, "b")
    assert frame.row_text(0) == " a小b"
    frame.put(0, 5, "字")  # no room for its right half
    assert frame.row_text(0) == " a小b"
    frame.clear_row(0, 3)
    assert frame.row_text(0) == " a"


def test_a_path_kept_whole_for_wrapping_is_drawn_with_its_spaces() -> None:
    from parlour.core.text import keep_whole

    f = Frame(30, 1)
    end = f.put(0, 0, f"at {keep_whole('my saves/a b.json')}.")
    assert f.row_text(0) == "at my saves/a b.json."
    assert end == len("at my saves/a b.json.")


# -----
# A text takes on screen exactly the columns ``core.text`` counts for it.
#
# Every screen pads, centres and right-aligns by :func:`parlour.core.text.width`
# and cuts by :func:`fit`; the frame draws by its cells. If the two ever disagree
# a line runs past its column (a name `王‍王Z` measured as 3 columns and drawn as
# 5 pushed the dixmille statistics page to column 81).


TRICKY = [
    "a",
    "Z",
    " ",
    "王",
    "字",
    "🎲",
    "👩",
    "💻",
    "🏽",  # a skin-tone modifier
    "\u200d",  # zero-width joiner
    "\u200c",
    "\ufe0f",  # emoji presentation
    "\ufe0e",
    "\u0301",  # combining acute
    "\u20e3",  # combining keycap
    "#",
    "\U0001f1eb",  # regional indicators F, R
    "\U0001f1f7",
    "\u1100",  # Hangul leading, vowel and trailing jamo
    "\u1161",
    "\u11a8",
    "é",
    "\x1b",
    "\u202e",
]
TEXTS = st.text(alphabet=st.one_of(st.sampled_from(TRICKY), st.characters()), max_size=30)


def drawn(value: str) -> int:
    """The columns a frame wide enough for any text advances over ``value``."""
    return Frame(4 * len(value) + 4, 1).put(0, 0, value)


@contextmanager
def old_wcwidth() -> Iterator[None]:
    """As if the installed wcwidth were older than 0.3 (no ``iter_graphemes``)."""
    saved = text._wcwidth_module
    text._wcwidth_module = types.SimpleNamespace(wcwidth=wcwidth.wcwidth, wcswidth=wcwidth.wcswidth)  # type: ignore[assignment]
    try:
        yield
    finally:
        text._wcwidth_module = saved


@pytest.mark.parametrize(
    ("value", "columns"),
    [
        ("王\u200d王Z", 5),  # a joiner between two wide non-emoji: both drawn
        ("x\u200dy", 2),
        ("👩\u200d💻", 2),  # one emoji glyph
        ("\U0001f1eb\U0001f1f7", 2),  # one flag
        ("e\u0301", 1),
        ("\x1b[2J", 5),  # shown escaped: ^[[2J
    ],
)
def test_a_joined_or_combined_text_is_measured_as_it_is_drawn(value: str, columns: int) -> None:
    assert text.width(value) == columns
    assert drawn(text.printable(value)) == columns


@given(TEXTS)
@example("王\u200d王Z")
@example("\U0001f469\u200d\u200d\U0001f4bb")
def test_width_is_what_the_frame_draws(value: str) -> None:
    assert drawn(text.printable(value)) == text.width(value)


@given(TEXTS, st.integers(0, 24))
@example("王\u200d王Z", 4)
def test_fitted_text_is_drawn_within_its_columns(value: str, columns: int) -> None:
    fitted = text.fit(value, columns)
    assert drawn(fitted) == text.width(fitted) <= columns
    middle = text.shorten_middle(value, columns)
    assert drawn(middle) == text.width(middle) <= columns
    padded = text.pad(value, columns)
    assert drawn(padded) == columns


@given(TEXTS, st.integers(0, 24))
@example("👩\u200d💻ab", 3)
@example("王\u200d王Z", 4)
def test_with_an_older_wcwidth_the_width_is_still_what_the_frame_draws(
    value: str, columns: int
) -> None:
    with old_wcwidth():
        assert drawn(text.printable(value)) == text.width(value)
        fitted = text.fit(value, columns)
        assert drawn(fitted) == text.width(fitted) <= columns


def test_an_older_wcwidth_joins_an_emoji_sequence_and_nothing_else() -> None:
    with old_wcwidth():
        assert text.graphemes("👩\u200d💻a") == ["👩\u200d💻", "a"]
        assert text.graphemes("王\u200d王") == ["王\u200d", "王"]
        assert text.graphemes("x\u200dy\u0301") == ["x\u200d", "y\u0301"]
        assert text.width("👩\u200d💻") == 2
        assert text.fit("👩\u200d💻ab", 3) == "👩\u200d💻…"
