"""Text from outside made safe to show, measured and cut by display columns."""

from __future__ import annotations

import unicodedata

import pytest
import wcwidth
from hypothesis import given
from hypothesis import strategies as st

from parlour.core import text
from parlour.core.text import fit, is_control, pad, printable, shorten_middle, width
from parlour.tui.frame import Frame


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


# -----
# Text from outside: control characters escaped, widths measured as the terminal draws them.


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
    for sample in ("Alice", "Élodie", "王小明", "🎲 dice", "e\u0301", "👩\u200d💻"):
        assert printable(sample) == sample


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


# -----
# Japanese lines (issue #42): wrapped between two wide characters, never before closing
# punctuation nor after opening; Latin words never cut; kana, ideographs and full-width
# punctuation measured without wcwidth, exactly as wcwidth measures them.


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


# -----
# Text measured without wcwidth (``is_plain``) measures as wcwidth would measure it.


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
