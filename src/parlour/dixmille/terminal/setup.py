"""Asking for the players (spec section 2): their number, then each name, with reasons.

A pure state machine fed with key names: :meth:`SetupForm.feed` returns the
list of names once the last one is accepted; :meth:`SetupForm.render` draws
the form on an 80x24 frame. The form forgives: BACKSPACE in an empty field goes
back to the field before (the last name, or the number of players) to be
corrected, and ESC (or Ctrl-C) with a name typed asks before leaving, since the
names would be lost; with none typed it leaves at once (:attr:`SetupForm.left`).
"""

from __future__ import annotations

from parlour.core import text as cols
from parlour.dixmille.game.names import COMPUTER_NAME, MAX_NAME
from parlour.dixmille.game.rules import MAX_PLAYERS, IllegalMove, check_name
from parlour.tui import keys
from parlour.tui.frame import Frame, Style
from parlour.tui.glyphs import Glyphs
from parlour.tui.prompts import Answer, LineEditor

WIDTH, HEIGHT = 80, 24
ROW_MESSAGE = 20
ROW_KEYS = 22
COUNT_LABEL = "Number of players (1-6):"
NAME_TYPING_LIMIT = 4 * MAX_NAME
"""Characters the name field holds (combining accents add characters, not columns);
the field itself stops at :data:`MAX_NAME` display columns as the name is typed."""
HINT = f"Type {COMPUTER_NAME} as a name to let the computer play that seat."
HELP_HINT = "Press ? for the rules and keys (here, and at any time in the game)."
"""The first screen says once where the help is; ``?`` works in the count field."""
FULL = f"A name has at most {MAX_NAME} columns (a wide character such as 王 takes 2)"
TOO_MANY = f"A name has at most {NAME_TYPING_LIMIT} characters (accents included)"
LEAVE_QUESTION = "Leave without playing? The names typed are lost. (y/n)"
KEYS = "ENTER confirm   BACKSPACE in an empty field: back one field   ESC leave"
LEAVE_KEYS = "y leave   n stay"


class SetupForm:
    """The number of players, then one name per seat."""

    def __init__(self) -> None:
        self.count = 0
        self.names: list[str] = []
        self.editor = LineEditor(COUNT_LABEL, max_length=2)
        self.message = ""
        self.alert = False
        self.bell = False
        self.asking = False
        """The question before leaving is on the screen."""
        self.left = False
        """The player chose to leave without a game."""

    def _refuse(self, reason: str) -> None:
        """Say why; a refused name stays in the field to be corrected (a count is cleared)."""
        self.message, self.alert, self.bell = reason, True, True
        if not self.count:
            self.editor = LineEditor(self.editor.label, max_length=self.editor.max_length)

    @property
    def typed(self) -> bool:
        """Whether a name has been typed (accepted, or in the field)."""
        return bool(self.names) or bool(self.count and self.editor.text.strip())

    def _answer_leave(self, key: str) -> None:
        if key in ("y", "Y"):
            self.left = True
        elif key in ("n", "N", keys.ESC, keys.INTERRUPT):
            self.asking = False
        else:
            self.bell = True

    def _back(self) -> None:
        """BACKSPACE in an empty field: the field before, with what was typed there."""
        if self.names:
            name = self.names.pop()
            self.editor = LineEditor(
                f"Name of player {len(self.names) + 1}:", name, max_length=NAME_TYPING_LIMIT
            )
        else:
            self.editor = LineEditor(COUNT_LABEL, str(self.count), max_length=2)
            self.count = 0
        self.message, self.alert = "", False

    def feed(self, key: str) -> list[str] | None:
        """Apply a key; the names when the form is complete, else None."""
        self.bell = False
        if self.asking:
            self._answer_leave(key)
            return None
        if key in (keys.ESC, keys.INTERRUPT):
            self.asking = self.typed
            self.left = not self.typed
            return None
        if key == keys.BACKSPACE and self.count and not self.editor.text:
            self._back()
            return None
        before = (self.editor.text, self.editor.cursor)
        answer = self.editor.feed(key)
        if answer is Answer.REFUSED:
            self.bell = True
            if self.count and self.editor.full:  # accents past the characters it holds
                self.message, self.alert = TOO_MANY, True
        if self.count and cols.width(self.editor.text) > MAX_NAME:
            # the field is full: the key is refused and what was typed stays
            self.editor.text, self.editor.cursor = before
            self.message, self.alert, self.bell = FULL, True, True
            return None
        if answer is not Answer.DONE:
            return None
        text = self.editor.text.strip()
        if not self.count:
            if not (text.isdigit() and 1 <= int(text) <= MAX_PLAYERS):
                self._refuse(f"Type a number of players from 1 to {MAX_PLAYERS}, then ENTER")
                return None
            self.count = int(text)
        else:
            try:
                self.names.append(check_name(text, self.names))
            except IllegalMove as exc:
                self._refuse(str(exc))
                return None
        self.message, self.alert = "", False
        if len(self.names) == self.count:
            return list(self.names)
        label = f"Name of player {len(self.names) + 1}:"
        self.editor = LineEditor(label, max_length=NAME_TYPING_LIMIT)
        return None

    def render(self, glyphs: Glyphs) -> Frame:
        frame = Frame(WIDTH, HEIGHT)
        frame.put(0, 0, "DIX MILLE", Style.BOLD)
        frame.put(1, 0, glyphs.hbar * WIDTH, Style.DIM)
        frame.put(3, 2, "A dice game for 1 to 6 players: the first to 10,000 points wins.")
        frame.put(4, 2, "Seat 1 throws first in every cycle.")
        frame.put(5, 2, HINT)
        if not self.count:
            frame.put(6, 2, HELP_HINT)
        row = 7
        if self.count:
            frame.put(row, 2, f"Players: {self.count}")
            row += 1
        for i, name in enumerate(self.names):
            frame.put(row + i, 4, cols.fit(f"{i + 1}. {name}", WIDTH - 4))
        row += len(self.names) + 1
        frame.put(row, 2, self.editor.label, Style.BOLD)
        col = 3 + len(self.editor.label)
        if self.count:
            # a name is at most MAX_NAME columns: the whole field always fits
            typed = self.editor.text
            frame.put(row, col, cols.pad(typed, MAX_NAME), Style.UNDERLINE)
            frame.put(row, col + MAX_NAME + 2, f"(up to {MAX_NAME} columns)", Style.DIM)
            cursor = cols.width(typed[: self.editor.cursor])
        else:
            typed, cursor = self.editor.visible(WIDTH - col - 1)
            frame.put(row, col, typed, Style.UNDERLINE)
        frame.cursor = (row, col + cursor)
        if self.asking:
            frame.put(ROW_MESSAGE, 0, LEAVE_QUESTION, Style.BOLD)
        elif self.message:
            style = Style.BOLD if self.alert else Style.NORMAL
            frame.put(ROW_MESSAGE, 0, cols.fit(self.message, WIDTH), style)
        frame.put(ROW_KEYS, 0, LEAVE_KEYS if self.asking else KEYS, Style.DIM)
        frame.bell = self.bell
        return frame
