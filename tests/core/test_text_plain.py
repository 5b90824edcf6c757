"""Text measured without wcwidth (``is_plain``) measures as wcwidth would measure it."""

from __future__ import annotations

import pytest
import wcwidth
from hypothesis import given
from hypothesis import strategies as st

from parlour.core import text
from parlour.tui.frame import Frame

PLAIN = sorted(text._PLAIN_CHARS)


@pytest.mark.parametrize("ch", PLAIN, ids=lambda ch: f"U+{ord(ch):04X}")
def test_every_plain_character_is_one_column_and_its_own_cluster(ch: str) -> None:
    assert wcwidth.wcwidth(ch) == 1
    assert list(wcwidth.iter_graphemes(f"a{ch}{ch}a")) == ["a", ch, ch, "a"]


def test_what_is_not_plain_is_left_to_wcwidth() -> None:
    for sample in (
        "x\u0301",
        "\u200d",
        "日本",
        "\U0001f469",
        "\u00ad",
        "\x1b",
        "\u25fd",
        "é\ufe0f",
    ):
        assert not text.is_plain(sample), repr(sample)


mixed = st.text(
    alphabet=st.sampled_from([*PLAIN[::7], "a", " ", "~", "\u0301", "日", "\u200d", "\U0001f469"]),
    max_size=16,
)


def wcwidth_row(sample: str, columns: int) -> list[str]:
    """The cells wcwidth alone gives ``sample`` (the frame's rule before the fast path)."""
    row = [" "] * columns
    col = 0
    for cluster in wcwidth.iter_graphemes(sample):
        width = wcwidth.wcswidth(cluster)
        shown, width = (cluster, min(width, 2)) if width >= 0 else ("?", 1)
        if width == 0:
            if col > 0:
                row[col - 1] += shown
            continue
        if col + width <= columns:
            row[col] = shown
            if width == 2:
                row[col + 1] = ""
        col += width
    return row


@given(mixed)
def test_the_fast_path_draws_and_measures_as_wcwidth(sample: str) -> None:
    frame = Frame(40, 1)
    frame.put(0, 0, sample)
    assert frame.chars[0] == wcwidth_row(sample, 40)
    if text.is_plain(sample):
        assert text.width(sample) == wcwidth.wcswidth(sample) == len(sample)
