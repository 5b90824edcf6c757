"""Prompts usable by every game: a yes/no question and a one-line editor.

Both are pure state machines fed with key names (see :mod:`parlour.tui.keys`);
the game's view draws them wherever its screen wants them. A field longer than
its window scrolls (:func:`window`: the cursor's end stays in sight); nothing
typed is ever cut: a key past the field's limit is refused, and
:attr:`LineEditor.full` lets the game say why.
"""

from __future__ import annotations

from enum import Enum

from parlour.core.record import Record
from parlour.core.text import fit, is_plain, width
from parlour.tui import keys

PATH_LENGTH = 4096
"""The most characters a file name field takes: the longest path Linux opens (PATH_MAX);
a longer one no system would save to."""


class Answer(Enum):
    """What a prompt reports after a key."""

    PENDING = "pending"
    YES = "yes"
    NO = "no"
    DONE = "done"
    CANCEL = "cancel"
    REFUSED = "refused"
    """The key means nothing here (ring the bell)."""


class YesNoPrompt(Record):
    """A yes/no question: ``y``/``Y`` or ``n``/``N``; anything else is refused."""

    question: str

    def feed(self, key: str) -> Answer:
        """Answer YES, NO, or REFUSED for any other key."""
        if key in ("y", "Y"):
            return Answer.YES
        if key in ("n", "N"):
            return Answer.NO
        return Answer.REFUSED


class LineEditor(Record):
    """A one-line text field.

    Keys: printable characters insert; BACKSPACE deletes before the cursor,
    DELETE at it; LEFT/RIGHT/HOME/END (and ^A/^E/^B/^F) move; ^U kills the
    line; ^W kills the word before the cursor; ^K kills to the end; ENTER
    finishes (DONE) and ESC cancels (CANCEL). A character typed into a field
    holding ``max_length`` is REFUSED and :attr:`full` is set until the next key,
    so that the game can say the limit (:meth:`limit`) rather than only ring.
    """

    label: str
    text: str
    max_length: int
    cursor: int
    full: bool
    """The last key was refused because the field holds ``max_length`` characters."""

    def __init__(
        self,
        label: str,
        text: str = "",
        max_length: int = 200,
        cursor: int = -1,
    ) -> None:
        self.label = label
        self.text = text
        self.max_length = max_length
        self.cursor = cursor
        self.full = False
        self.__post_init__()

    def __post_init__(self) -> None:
        if self.cursor < 0 or self.cursor > len(self.text):
            self.cursor = len(self.text)

    def feed(self, key: str) -> Answer:
        """Apply one key and say whether the edit is finished."""
        self.full = False
        if key == keys.ENTER:
            return Answer.DONE
        if key in (keys.ESC, keys.INTERRUPT, keys.EOF):
            return Answer.CANCEL
        if key == keys.BACKSPACE:
            if self.cursor == 0:
                return Answer.REFUSED
            self.text = self.text[: self.cursor - 1] + self.text[self.cursor :]
            self.cursor -= 1
        elif key in (keys.DELETE, "CTRL_D"):
            if self.cursor >= len(self.text):
                return Answer.REFUSED
            self.text = self.text[: self.cursor] + self.text[self.cursor + 1 :]
        elif key in (keys.LEFT, "CTRL_B"):
            if self.cursor == 0:
                return Answer.REFUSED
            self.cursor -= 1
        elif key in (keys.RIGHT, "CTRL_F"):
            if self.cursor >= len(self.text):
                return Answer.REFUSED
            self.cursor += 1
        elif key in (keys.HOME, "CTRL_A"):
            self.cursor = 0
        elif key in (keys.END, "CTRL_E"):
            self.cursor = len(self.text)
        elif key == keys.CTRL_U:
            self.text = self.text[self.cursor :]
            self.cursor = 0
        elif key == "CTRL_K":
            self.text = self.text[: self.cursor]
        elif key == keys.CTRL_W:
            start = self.cursor
            while start > 0 and self.text[start - 1] == " ":
                start -= 1
            while start > 0 and self.text[start - 1] != " ":
                start -= 1
            self.text = self.text[:start] + self.text[self.cursor :]
            self.cursor = start
        elif keys.is_text(key):
            if len(self.text) >= self.max_length:
                self.full = True
                return Answer.REFUSED
            self.text = self.text[: self.cursor] + key + self.text[self.cursor :]
            self.cursor += 1
        else:
            return Answer.REFUSED
        return Answer.PENDING

    def visible(self, columns: int) -> tuple[str, int]:
        """The part of the text that fits ``columns`` display columns, and the cursor's column.

        Measured as the terminal draws it (:mod:`parlour.core.text`): a wide character
        takes two columns, a combining mark none, a control character its escape. The
        window starts as late as needed to keep the cursor, and the character under it,
        on screen; the text is returned printable (see :func:`window`).
        """
        return window(self.text, self.cursor, columns)

    def limit(self) -> str:
        """The field's limit in words, for the message when :attr:`full`."""
        from parlour.core.i18n import ngettext, number

        return ngettext("at most {n} character", "at most {n} characters", self.max_length).format(
            n=number(self.max_length)
        )


def window(text: str, cursor: int, columns: int) -> tuple[str, int]:
    """The part of ``text`` a field of ``columns`` display columns shows with the cursor
    before character ``cursor``, and the cursor's column in it.

    The window starts as late as needed to keep the cursor, and the character under
    it, in sight (the text scrolls as a line editor's does); it is returned
    printable, cut by display columns and never inside a character. It walks back
    from the cursor, so a long text costs little more than the window it shows.
    """
    if columns <= 0:
        return "", 0
    cursor = max(0, min(cursor, len(text)))
    at = max(width(text[cursor : cursor + 1]), 1)
    start = cursor
    used = 0
    while start > 0:
        alone = is_plain(text[start - 1 : start + 1] if start < cursor else text[start - 1])
        step = used + 1 if alone else width(text[start - 1 : cursor])  # joins: measure again
        if step + at > columns:
            break
        start -= 1
        used = step
    shown = fit(text[start:], columns, ellipsis="")
    return shown, width(text[start:cursor])
