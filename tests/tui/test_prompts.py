"""The shared yes/no prompt and line editor."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from parlour.core.text import fit, printable, width
from parlour.tui.prompts import PATH_LENGTH, Answer, LineEditor, YesNoPrompt, window


def test_yes_no() -> None:
    prompt = YesNoPrompt("Really?")
    assert prompt.feed("y") is Answer.YES
    assert prompt.feed("Y") is Answer.YES
    assert prompt.feed("n") is Answer.NO
    assert prompt.feed("N") is Answer.NO
    for key in ("x", "ENTER", "UP", " ", "ESC"):
        assert prompt.feed(key) is Answer.REFUSED


def type_text(editor: LineEditor, text: str) -> None:
    for ch in text:
        assert editor.feed(ch) is Answer.PENDING


def test_typing_backspace_and_enter() -> None:
    editor = LineEditor("file:")
    type_text(editor, "savex")
    assert editor.feed("BACKSPACE") is Answer.PENDING
    assert editor.text == "save"
    assert editor.feed("ENTER") is Answer.DONE


def test_escape_cancels() -> None:
    editor = LineEditor("file:")
    type_text(editor, "abc")
    assert editor.feed("ESC") is Answer.CANCEL


def test_kill_line_and_kill_word() -> None:
    editor = LineEditor("file:")
    type_text(editor, "my game")
    assert editor.feed("CTRL_W") is Answer.PENDING
    assert editor.text == "my "
    assert editor.feed("CTRL_U") is Answer.PENDING
    assert editor.text == "" and editor.cursor == 0
    assert editor.feed("BACKSPACE") is Answer.REFUSED


def test_cursor_movement_and_insertion() -> None:
    editor = LineEditor("file:", text="gme")
    editor.feed("LEFT")
    editor.feed("LEFT")
    editor.feed("a")
    assert editor.text == "game" and editor.cursor == 2
    editor.feed("HOME")
    editor.feed("DELETE")
    assert editor.text == "ame"
    editor.feed("END")
    assert editor.feed("RIGHT") is Answer.REFUSED
    editor.feed("CTRL_A")
    editor.feed("CTRL_K")
    assert editor.text == ""


def test_non_text_keys_are_refused_not_inserted() -> None:
    editor = LineEditor("file:")
    for key in ("UP", "F1", "UNKNOWN", "MOUSE", "TAB"):
        assert editor.feed(key) is Answer.REFUSED
    assert editor.text == ""


def test_max_length() -> None:
    editor = LineEditor("file:", max_length=3)
    type_text(editor, "abc")
    assert editor.feed("d") is Answer.REFUSED
    assert editor.text == "abc"


def test_visible_window_follows_the_cursor() -> None:
    editor = LineEditor("file:", text="abcdefghij")
    assert editor.visible(4) == ("hij", 3)
    editor.feed("HOME")
    assert editor.visible(4) == ("abcd", 0)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "a",
                "b",
                " ",
                "BACKSPACE",
                "DELETE",
                "LEFT",
                "RIGHT",
                "HOME",
                "END",
                "CTRL_U",
                "CTRL_W",
                "CTRL_K",
                "UP",
            ]
        ),
        max_size=40,
    )
)
def test_editor_cursor_always_inside_text(keys: list[str]) -> None:
    editor = LineEditor("x")
    for key in keys:
        editor.feed(key)
        assert 0 <= editor.cursor <= len(editor.text)
        assert all(ch in "ab " for ch in editor.text)


def test_visible_window_is_cut_by_display_columns() -> None:
    """Wide characters take two columns: the window and the cursor column count them so."""
    editor = LineEditor("file:", text="王小明王小明.json")
    assert editor.visible(8) == ("明.json", 7)
    editor.feed("HOME")
    assert editor.visible(8) == ("王小明王", 0)
    for _ in range(3):
        editor.feed("RIGHT")
    assert editor.visible(8) == ("王小明王", 6)
    editor.feed("RIGHT")
    shown, column = editor.visible(8)
    assert (shown, column) == ("小明王小", 6)


@settings(max_examples=80, deadline=None)
@given(
    st.text(alphabet=st.sampled_from("ab王é\u0301\x1b🎲"), max_size=30),
    st.integers(0, 30),
    st.integers(1, 20),
)
def test_visible_window_fits_and_keeps_the_cursor_on_screen(
    typed: str, cursor: int, columns: int
) -> None:
    editor = LineEditor("x", text=typed, cursor=min(cursor, len(typed)))
    shown, column = editor.visible(columns)
    assert width(shown) <= columns and shown == printable(shown)
    assert 0 <= column < columns
    # the window is a run of the text that holds the cursor, which sits ``column`` columns in
    assert any(
        printable(typed[start:]).startswith(shown) and width(typed[start : editor.cursor]) == column
        for start in range(editor.cursor + 1)
    )


def test_a_joined_emoji_is_typed_whole() -> None:
    editor = LineEditor("Name:")
    for ch in "👩\u200d💻":
        editor.feed(ch)
    assert editor.text == "👩\u200d💻"


def test_a_long_field_scrolls_and_keeps_every_character() -> None:
    """Issue 39: a 275-character path typed in full is kept in full; the field shows its end."""
    path = "/tmp/" + "verylongdirectoryname01/" * 11 + "mysavedgame.json"
    editor = LineEditor("file:", max_length=PATH_LENGTH)
    type_text(editor, path)
    assert editor.text == path and not editor.full
    assert editor.visible(13) == (path[-12:], 12)
    editor.feed("HOME")
    assert editor.visible(13) == (path[:13], 0)


def test_a_full_field_refuses_and_says_why() -> None:
    editor = LineEditor("file:", max_length=5)
    type_text(editor, "abcde")
    assert editor.feed("f") is Answer.REFUSED and editor.full and editor.text == "abcde"
    assert editor.limit() == "at most 5 characters"
    assert editor.feed("BACKSPACE") is Answer.PENDING and not editor.full
    assert editor.feed("LEFT") is Answer.PENDING and not editor.full


@settings(max_examples=300)
@given(
    st.text(alphabet="ab王\u0301\u2660\ufe0f\u200d👩💻 ", max_size=30),
    st.integers(0, 30),
    st.integers(1, 12),
)
@example("\u2660\u200d\U0001f469\u738b", 3, 3)  # ♠ ZWJ 👩 is one column, 👩 alone two
def test_the_window_is_the_latest_start_that_fits(text: str, cursor: int, columns: int) -> None:
    """Walking back from the cursor finds what scanning from the start finds."""
    cursor = min(cursor, len(text))
    at = max(width(text[cursor : cursor + 1]), 1)
    start = 0
    while start < cursor and width(text[start:cursor]) + at > columns:
        start += 1
    assert window(text, cursor, columns) == (
        fit(text[start:], columns, ellipsis=""),
        width(text[start:cursor]),
    )
