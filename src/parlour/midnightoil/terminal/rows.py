"""The message row, the bell and the open question or field of the Midnight Oil app.

:class:`Rows` is the one owner of what the game says (the message row), whether
the next frame rings, and the yes/no question or text field open on the
message row (:class:`~parlour.midnightoil.terminal.messages.Prompt`). Every
other part says, refuses and asks through its methods; none writes its fields.
It also knows the width of the last frame, to fit a file name into a line.
"""

from __future__ import annotations

from parlour.core.i18n import _
from parlour.core.text import ASCII_ELLIPSIS, ELLIPSIS, printable, shorten_middle, width
from parlour.midnightoil.terminal.messages import Prompt
from parlour.tui import keys
from parlour.tui.prompts import Answer, LineEditor, YesNoPrompt

MESSAGE_MARGIN = 4
"""Columns of the message row not available to a message (margins and the "> " mark)."""


class Rows:
    """What the game says and asks: the message, the bell, the open prompt."""

    def __init__(self, unicode: bool) -> None:
        self.unicode = unicode
        """Unicode glyphs (an ellipsis shortens a path) or ASCII (three dots)."""
        self.message = ""
        self.bell = False
        self.prompt: Prompt | None = None
        self.width = 80
        """The width of the last frame drawn (mouse clicks and messages are fitted to it)."""

    def say(self, message: str) -> None:
        """``message`` on the message row."""
        self.message = message

    def refuse(self, message: str) -> None:
        """``message`` on the message row, and the bell."""
        self.message = message
        self.bell = True

    def ring(self) -> None:
        """The bell on the next frame."""
        self.bell = True

    def take_bell(self) -> bool:
        """Whether the next frame rings (then it no longer does)."""
        bell, self.bell = self.bell, False
        return bell

    def ask(self, kind: str, question: str) -> None:
        """A yes/no question of ``kind``."""
        self.prompt = Prompt(kind, question=YesNoPrompt(question))

    def open_field(self, kind: str, editor: LineEditor) -> None:
        """A text field of ``kind``."""
        self.prompt = Prompt(kind, editor=editor)

    def close(self) -> None:
        """No question or field open."""
        self.prompt = None

    def refuse_entry(self, note: str) -> None:
        """The entry in the open field is refused: it stays open, ``note`` says why."""
        assert self.prompt is not None
        self.prompt.note = note
        self.bell = True

    def path_in(self, path: str, rest: str) -> str:
        """``path`` made printable and shortened from the middle to fit beside ``rest``."""
        room = max(self.width - MESSAGE_MARGIN - width(rest), 12)
        mark = ELLIPSIS if self.unicode else ASCII_ELLIPSIS
        return shorten_middle(printable(path), room, mark)

    def feed(self, key: str) -> tuple[str, str | bool] | None:
        """``key`` for the open prompt: ``(kind, text)`` when a field is done (it stays
        open until its owner closes it), ``(kind, yes)`` when a question is answered
        (it is closed, the message row cleared), None otherwise."""
        prompt = self.prompt
        assert prompt is not None
        if prompt.editor is not None:
            answer = prompt.editor.feed(key)
            if answer == Answer.CANCEL:
                self.prompt = None
                self.message = _("Cancelled.")
            elif answer == Answer.DONE:
                return (prompt.kind, prompt.editor.text.strip())
            elif answer == Answer.REFUSED:
                self.bell = True
            return None
        assert prompt.question is not None
        if key in (keys.ESC, keys.INTERRUPT):
            self.prompt = None
            self.message = _("Cancelled.")
            return None
        answer = prompt.question.feed(key)
        if answer == Answer.REFUSED:
            self.bell = True
            return None
        self.prompt = None
        self.message = ""
        return (prompt.kind, answer == Answer.YES)
