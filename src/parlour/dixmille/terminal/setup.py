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
from parlour.core.i18n import N_, _
from parlour.dixmille.game.names import MAX_NAME
from parlour.dixmille.game.rules import MAX_PLAYERS, TARGET, IllegalMove, check_name, points
from parlour.tui import keys
from parlour.tui.frame import Frame, Style
from parlour.tui.glyphs import Glyphs
from parlour.tui.prompts import Answer, LineEditor

WIDTH, HEIGHT = 80, 24
ROW_MESSAGE = 20
ROW_KEYS = 22
COUNT_LABEL = N_("Number of players (1-6):")
NAME_TYPING_LIMIT = 4 * MAX_NAME
"""Characters the name field holds (combining accents add characters, not columns);
the field itself stops at :data:`MAX_NAME` display columns as the name is typed."""
HINT = N_("Type ZEDX as a name to let the computer play that seat.")
HELP_HINT = N_("Press ? for the rules and keys (here, and at any time in the game).")
"""The first screen says once where the help is; ``?`` works in the count field."""
FULL_TEMPLATE = N_("A name has at most {columns} columns (a wide character such as 王 takes 2)")
TOO_MANY_TEMPLATE = N_("A name has at most {n} characters (accents included)")
TOO_MANY = TOO_MANY_TEMPLATE.format(n=NAME_TYPING_LIMIT)
"""The refusal in English (shown translated)."""
LEAVE_QUESTION = N_("Leave without playing? The names typed are lost. (y/n)")
# TRANSLATORS: key bars: ENTER, BACKSPACE, ESC, y and n are the keys, the same in every language.
KEYS = N_("ENTER confirm   BACKSPACE in an empty field: back one field   ESC leave")
LEAVE_KEYS = N_("y leave   n stay")


class SetupForm:
    """The number of players, then one name per seat."""

    def __init__(self) -> None:
        self.count = 0
        self.names: list[str] = []
        self.editor = LineEditor(_(COUNT_LABEL), max_length=2)
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
                _("Name of player {n}:").format(n=len(self.names) + 1),
                name,
                max_length=NAME_TYPING_LIMIT,
            )
        else:
            self.editor = LineEditor(_(COUNT_LABEL), str(self.count), max_length=2)
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
                self.message = _(TOO_MANY_TEMPLATE).format(n=NAME_TYPING_LIMIT)
                self.alert = True
        if self.count and cols.width(self.editor.text) > MAX_NAME:
            # the field is full: the key is refused and what was typed stays
            text, cursor = before
            self.editor = LineEditor(self.editor.label, text, self.editor.max_length, cursor)
            self.message = _(FULL_TEMPLATE).format(columns=MAX_NAME)
            self.alert, self.bell = True, True
            return None
        if answer is not Answer.DONE:
            return None
        text = self.editor.text.strip()
        if not self.count:
            if not (text.isdigit() and 1 <= int(text) <= MAX_PLAYERS):
                self._refuse(
                    _("Type a number of players from 1 to {n}, then ENTER").format(n=MAX_PLAYERS)
                )
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
        label = _("Name of player {n}:").format(n=len(self.names) + 1)
        self.editor = LineEditor(label, max_length=NAME_TYPING_LIMIT)
        return None

    def render(self, glyphs: Glyphs) -> Frame:
        frame = Frame(WIDTH, HEIGHT)
        frame.put(0, 0, "DIX MILLE", Style.BOLD)
        frame.put(1, 0, glyphs.hbar * WIDTH, Style.DIM)
        frame.put(
            3,
            2,
            _("A dice game for 1 to 6 players: the first to {target} points wins.").format(
                target=points(TARGET)
            ),
        )
        frame.put(4, 2, _("Seat 1 throws first in every cycle."))
        frame.put(5, 2, _(HINT))
        if not self.count:
            frame.put(6, 2, _(HELP_HINT))
        row = 7
        if self.count:
            frame.put(row, 2, _("Players: {n}").format(n=self.count))
            row += 1
        for i, name in enumerate(self.names):
            frame.put(row + i, 4, cols.fit(f"{i + 1}. {name}", WIDTH - 4))
        row += len(self.names) + 1
        frame.put(row, 2, self.editor.label, Style.BOLD)
        col = 3 + cols.width(self.editor.label)
        if self.count:
            # a name is at most MAX_NAME columns: the whole field always fits
            typed = self.editor.text
            frame.put(row, col, cols.pad(typed, MAX_NAME), Style.UNDERLINE)
            room = _("(up to {n} columns)").format(n=MAX_NAME)
            frame.put(row, col + MAX_NAME + 2, room, Style.DIM)
            cursor = cols.width(typed[: self.editor.cursor])
        else:
            typed, cursor = self.editor.visible(WIDTH - col - 1)
            frame.put(row, col, typed, Style.UNDERLINE)
        frame.cursor = (row, col + cursor)
        if self.asking:
            frame.put(ROW_MESSAGE, 0, _(LEAVE_QUESTION), Style.BOLD)
        elif self.message:
            style = Style.BOLD if self.alert else Style.NORMAL
            frame.put(ROW_MESSAGE, 0, cols.fit(self.message, WIDTH), style)
        frame.put(ROW_KEYS, 0, _(LEAVE_KEYS) if self.asking else _(KEYS), Style.DIM)
        frame.bell = self.bell
        return frame
