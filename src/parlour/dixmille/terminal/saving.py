"""The save dialogue of the Dix Mille app, a part with its own state (issue #29).

It asks for a file name, and for a name that is another file already there,
whether to overwrite it. It never writes: :meth:`SaveDialog.feed` says what the
key did, and the app writes, reports and goes back to where it was.
"""

from __future__ import annotations

from enum import Enum, auto

from parlour.core.i18n import N_, _
from parlour.core.record import Frozen
from parlour.core.text import fit, printable, shorten_middle, width
from parlour.dixmille.terminal import view
from parlour.tui import keys
from parlour.tui.frame import Frame
from parlour.tui.prompts import PATH_LENGTH, Answer, LineEditor

LABEL = N_("Save to file:")
MAX_NAME = PATH_LENGTH
"""The longest file name the field takes (it scrolls; past it a key is refused with
:data:`TOO_LONG`, never cut)."""
TOO_LONG_TEMPLATE = N_("A file name has at most {n} characters")
TOO_LONG = TOO_LONG_TEMPLATE.format(n=MAX_NAME)
"""The refusal in English (shown translated)."""
NO_NAME = N_("Type a file name, or ESC to cancel")
EDIT_KEYS = N_("ENTER save   ESC cancel")
OVERWRITE = N_("{path} exists: overwrite it? (y/n)")


def with_path(path: str, *templates: str, columns: int = view.WIDTH) -> str:
    """The first template whose ``{path}`` filled in with ``path`` (escaped) fits ``columns``.

    If none fits, the last one with the path shortened in its middle
    (``/home/…/save.json``), so the words around it, such as a question, are never
    cut off.
    """
    safe = printable(path)
    for template in templates:
        full = template.replace("{path}", safe)
        if width(full) <= columns:
            return full
    last = templates[-1]
    room = (columns - width(last.replace("{path}", ""))) // max(last.count("{path}"), 1)
    return fit(last.replace("{path}", shorten_middle(safe, max(room, 1))), columns)


class SaveReply(Enum):
    """What a key did in the dialogue."""

    GOING_ON = auto()
    """Still asking (a key typed, the overwrite question asked or answered no)."""
    CANCELLED = auto()
    WRITE = auto()
    """Write the game to :attr:`SaveDialog.path`."""
    NO_NAME = auto()
    """ENTER on an empty field: :data:`NO_NAME` says what to do."""
    FULL = auto()
    """A character typed into a full field, refused: :data:`TOO_LONG` says why."""


class Prompt(Frozen):
    """The prompt line while the dialogue is open: its words, the field and the keys."""

    prompt: str
    entry: str | None
    keys: str


class SaveDialog:
    """Asks where to save; ``current`` is the file the game came from or was saved to."""

    def __init__(self, suggested: str, current: str | None, then: str | None = None) -> None:
        self.editor = LineEditor(_(LABEL), suggested, max_length=MAX_NAME)
        self.current = current
        self.then = then
        """What follows a save or a cancel ("quit", or None: back to the game)."""
        self.overwriting = False
        """Asking whether to overwrite the file named."""

    @property
    def path(self) -> str:
        """The file name typed (without surrounding blanks)."""
        return self.editor.text.strip()

    def feed(self, key: str) -> SaveReply:
        if self.overwriting:
            if key.lower() == "y":
                return SaveReply.WRITE
            if key.lower() == "n" or key in (keys.ESC, keys.INTERRUPT):
                self.overwriting = False
            return SaveReply.GOING_ON
        answer = self.editor.feed(key)
        if answer is Answer.CANCEL:
            return SaveReply.CANCELLED
        if answer is Answer.REFUSED and self.editor.full:
            return SaveReply.FULL
        if answer is not Answer.DONE:
            return SaveReply.GOING_ON
        if not self.path:
            return SaveReply.NO_NAME
        from parlour.core.saves import file_exists, player_path

        if file_exists(player_path(self.path)) and self.path != self.current:
            self.overwriting = True
            return SaveReply.GOING_ON
        return SaveReply.WRITE

    def refused(self) -> None:
        """The write failed: back to the file name, to change it or cancel."""
        self.overwriting = False

    def prompt(self) -> Prompt:
        if self.overwriting:
            return Prompt(with_path(self.path, _(OVERWRITE)), None, "")
        return Prompt(self.editor.label, self.editor.text, _(EDIT_KEYS))

    def draw(self, frame: Frame) -> None:
        """The field scrolled to its cursor, over the prompt line ``frame`` was drawn with."""
        if self.overwriting:
            return
        label = self.editor.label
        text, cursor = self.editor.visible(view.WIDTH - width(label) - 2)
        col = width(label) + 1
        frame.clear_row(view.ROW_PROMPT, col)
        view.draw_field(frame, view.ROW_PROMPT, col, text, cursor)
