"""The mille app's save dialogue and its recovery saves: :class:`Saving`, a part of the app.

The dialogue is BSD's: ``Same file?`` (when the game came from a file or was
saved before) -> ``file:`` (a line editor; an empty name or ESC abandons) ->
``Overwrite file?`` (when something is there) -> the write. A failure shows a
short line naming the cause (file names escaped) and play goes on; a save given
up says ``not saved`` (BSD kept the last ``name [date]`` banner, which then
looked like a save). Recovery
saves (end of input, a crash) go under a name no other game can take to the
first folder that takes them: the data folder, the folder of the save the game
came from or was last saved to, the current folder, the home folder
(:func:`parlour.core.saves.save_recovery`); the message names that file, and
a game no folder could take is said in one line.

The part keeps its own state (the dialogue in progress, the file, whether moves
are unsaved) and knows the rest of the app only through what it is given: a
function that writes the game to a path as at a prompt, and the message line.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from parlour.core.i18n import N_, _
from parlour.core.record import Record
from parlour.mille.terminal.messages import MessageLine, fit_banner, fit_message, save_failure
from parlour.tui import keys
from parlour.tui.prompts import PATH_LENGTH, Answer, LineEditor

FILE_NAME_MAX = PATH_LENGTH
"""The longest file name the ``file:`` field takes (it scrolls; a key past it is refused
with :data:`TOO_LONG`, never cut)."""
# TRANSLATORS: the message line (35 columns at most); {count} is a number.
TOO_LONG = N_("file names: at most {count} characters")
"""The message line when the field is full (35 columns fit there)."""
NOT_SAVED = N_("not saved")
"""The message line after a save given up (BSD left the last banner there)."""
RECOVERY_STEM = "mille-recovery"
CRASH_STEM = "mille-crash"

Writer = Callable[[str, str], None]
"""Writes the game to a path as a save made at a prompt (``move``, ``another_hand``, ...);
raises :class:`parlour.core.saves.SaveError`."""


class SaveDialog(Record):
    """The save dialogue: Same file? -> file: -> Overwrite file? -> write."""

    origin: str
    on_success: Callable[[], None]
    on_failure: Callable[[], None]
    stage: str
    editor: LineEditor
    path: str | None

    __slots__ = ("origin", "on_success", "on_failure", "stage", "editor", "path")

    def __init__(
        self,
        origin: str,
        on_success: Callable[[], None],
        on_failure: Callable[[], None],
        stage: str = "name",
        editor: LineEditor | None = None,
        path: str | None = None,
    ) -> None:
        self.origin = origin
        self.on_success = on_success
        self.on_failure = on_failure
        self.stage = stage
        self.editor = LineEditor("file:", max_length=FILE_NAME_MAX) if editor is None else editor
        self.path = path


class Saving:
    """The save dialogue's keys, the writes and the recovery saves."""

    def __init__(self, write: Writer, line: MessageLine, save_path: str | None = None) -> None:
        self.write = write
        self.line = line
        self.dialog: SaveDialog | None = None
        """The dialogue in progress (None: none)."""
        self.save_path = save_path
        """The file this game was restored from or last saved to (offered by Same file?)."""
        self.dirty = False
        """Moves made since the game was started, restored or saved."""

    def changed(self) -> None:
        """The game has moved on since it was last started, restored or saved."""
        self.dirty = True

    def start(
        self, origin: str, on_success: Callable[[], None], on_failure: Callable[[], None]
    ) -> None:
        """Open the dialogue for a save made at ``origin``; one of the two runs at its end."""
        dialog = SaveDialog(origin, on_success, on_failure)
        self.dialog = dialog
        if self.save_path is not None:
            dialog.stage = "same"

    def key(self, key: str) -> None:
        dialog = self.dialog
        assert dialog is not None
        lower = key.lower() if len(key) == 1 else key
        if dialog.stage == "name":
            answer = dialog.editor.feed(key)
            if answer is Answer.DONE:
                name = dialog.editor.text.strip()
                if not name:
                    self.cancel()
                    return
                from parlour.core.saves import file_exists, player_path

                dialog.path = str(player_path(name))
                if file_exists(dialog.path) and not os.path.isdir(dialog.path):
                    dialog.stage = "overwrite"
                else:
                    self._write(dialog.path)
            elif answer is Answer.CANCEL:
                self.cancel()
            elif answer is Answer.REFUSED:
                if dialog.editor.full:
                    self.line.error(_(TOO_LONG).format(count=FILE_NAME_MAX))
                self.line.ring()
            return
        if key in (keys.ESC, keys.INTERRUPT):
            self.cancel()
            return
        if lower not in ("y", "n"):
            if key != "CTRL_L":
                self.line.error(_("type y or n"))
            return
        if dialog.stage == "same":
            if lower == "y":
                assert self.save_path is not None
                self._write(self.save_path)
            else:
                dialog.stage = "name"
        elif dialog.stage == "overwrite":
            if lower == "y":
                assert dialog.path is not None
                self._write(dialog.path)
            else:
                self.cancel()

    def cancel(self) -> None:
        """The save was given up (ESC, an empty name, N to Overwrite file?): the message line
        says so, so that an earlier ``name [date]`` banner does not look like this save's."""
        self.line.show(_(NOT_SAVED))
        self._end(False)

    def close(self) -> None:
        """Drop the dialogue without running either ending (the app is leaving)."""
        self.dialog = None

    def _end(self, success: bool) -> None:
        dialog = self.dialog
        assert dialog is not None
        self.dialog = None
        (dialog.on_success if success else dialog.on_failure)()

    def _write(self, path: str) -> None:
        dialog = self.dialog
        assert dialog is not None
        from parlour.core.saves import SaveError

        try:
            self.write(path, dialog.origin)
        except SaveError as exc:
            self.line.error(fit_message(save_failure(path, exc.reason)))
            self._end(False)
            return
        self.save_path = path
        self.dirty = False
        from datetime import datetime

        self.line.show(fit_banner(path, datetime.now()))
        self._end(True)

    def recovery_save(self, stem: str, prompt: str) -> tuple[str | None, str]:
        """Save to a fresh file, (its path, "") or (None, why not): in the data folder, else
        beside the save the game came from or was last saved to, else in the current
        folder, else at home (:func:`parlour.core.saves.save_recovery`)."""
        from parlour.core.saves import SaveError, save_recovery

        try:
            target = save_recovery(
                stem, lambda path: self.write(str(path), prompt), near=self.save_path
            )
        except SaveError as exc:
            return None, exc.reason
        return str(target), ""
