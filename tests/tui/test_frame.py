"""Frame: the grid that views render into."""

from __future__ import annotations

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
