"""Japanese lines (issue #42): wrapped between two wide characters, never before closing
punctuation nor after opening; Latin words never cut; kana, ideographs and full-width
punctuation measured without wcwidth, exactly as wcwidth measures them."""

from __future__ import annotations

import pytest
import wcwidth
from hypothesis import given
from hypothesis import strategies as st

from parlour.core import text

WIDE = [chr(c) for low, high in text.WIDE_RANGES for c in range(low, high + 1)]


def test_every_wide_character_is_two_columns_and_its_own_cluster() -> None:
    wrong = [
        f"U+{ord(ch):04X}"
        for ch in WIDE
        if wcwidth.wcwidth(ch) != 2
        or list(wcwidth.iter_graphemes(f"a{ch}{ch}a")) != ["a", ch, ch, "a"]
    ]
    assert wrong == []


def test_the_combining_sound_marks_are_left_to_wcwidth() -> None:
    for sample in ("か\u3099", "\u309a", "ｶ", "ｰ"):  # voiced mark, half-width katakana
        assert not text.is_simple(sample) or sample.isascii(), repr(sample)
    assert text.width("か\u3099") == wcwidth.wcswidth("か\u3099") == 2


japanese = st.text(
    alphabet=st.sampled_from([*WIDE[::997], *"、。「」（）ー っ", "a", "b", "1", "\u3099"]),
    max_size=30,
)


@given(japanese)
def test_japanese_measures_as_wcwidth(sample: str) -> None:
    assert text.width(sample) == wcwidth.wcswidth(sample)
    if text.is_simple(sample):
        assert text.graphemes(sample) == list(wcwidth.iter_graphemes(sample))


KANA = st.text(alphabet=st.sampled_from(list("かなカナ日本語")), min_size=1, max_size=12)
WORD = st.text(alphabet=st.sampled_from(list("abcXYZ019")), min_size=1, max_size=9)
PUNCT = st.sampled_from(["、", "。", "」", "）", "ー", "っ", "「", "（"])
sentence = st.lists(st.one_of(KANA, WORD, PUNCT, st.just(" ")), max_size=30).map("".join)


@given(sentence, st.integers(min_value=4, max_value=40))
def test_wrapping_japanese(message: str, columns: int) -> None:
    lines = text.wrap_lines(message, columns)
    # nothing lost or added but the spaces at the breaks
    assert "".join(lines).replace(" ", "") == message.replace(" ", "")
    for i, line in enumerate(lines):
        body = line.strip(" ")
        if text.width(line) > columns:  # only a single unbreakable piece passes
            assert len(text.pieces(body)) == 1 and " " not in body
        if " " not in message:  # a break between characters, not at a space the text has
            if i > 0:
                assert body[0] not in text.NO_LINE_START, lines
            if i < len(lines) - 1:
                assert body[-1] not in text.NO_LINE_END, lines
    # a Latin word is never cut
    for word in message.split(" "):
        for latin in "".join(ch if ch.isascii() else " " for ch in word).split():
            assert any(latin in line for line in lines)


def test_a_japanese_sentence_breaks_between_characters() -> None:
    message = "統計はまだ記録されていません（ディスクがいっぱいです）。次回のために取っておきます。"
    lines = text.wrap_lines(message, 30)
    assert all(text.width(line) <= 30 for line in lines)
    assert "".join(lines) == message
    assert lines == [
        "統計はまだ記録されていません",
        "（ディスクがいっぱいです）。次",
        "回のために取っておきます。",
    ]


@pytest.mark.parametrize("columns", [5, 6, 7])
def test_never_before_closing_nor_after_opening(columns: int) -> None:
    lines = text.wrap_lines("ああ「いい」。うう", columns)
    assert all(line[0] not in "」。" and line[-1] != "「" for line in lines), lines


def test_japanese_text_is_measured_without_wcwidth() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from parlour.core import text; "
        "text.width('統計はまだ記録されていません（ディスク）。「ＡＢ」'); "
        "text.wrap_lines('統計はまだ記録されていません。' * 9); "
        "print('wcwidth' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_japanese_path_is_never_cut() -> None:
    path = "/home/ann/セーブ/月曜日の長いゲームの記録/ゲーム.json"
    for name in (path, text.keep_whole(path), "C:\\ユーザー\\ゲーム記録.json"):
        lines = text.wrap_lines(f"保存しました: {name}", 30)
        assert lines[-1] == name.replace(text.GLUE, " ")
