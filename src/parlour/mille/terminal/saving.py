"""The mille app's save dialogue and its recovery saves (a part of :class:`MilleApp`).

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
"""

from __future__ import annotations

import os
from collections.abc import Callable

from parlour import TYPE_CHECKING
from parlour.core.record import Record
from parlour.core.text import printable
from parlour.mille.terminal.messages import fit_banner, fit_message, save_failure
from parlour.tui import keys
from parlour.tui.prompts import Answer, LineEditor

if TYPE_CHECKING:  # saving itself (json, the save envelope) is imported on the first save
    from typing import Any

    from parlour.mille.files.statsfile import Recorder
    from parlour.mille.game.rules import Game
    from parlour.mille.terminal.reviewing import HandReview

FILE_NAME_MAX = 240
NOT_SAVED = "not saved"
"""The message line after a save given up (BSD left the last banner there)."""
RECOVERY_STEM = "mille-recovery"
CRASH_STEM = "mille-crash"


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


class SavingMixin:
    """The save dialogue's keys and the writes, for :class:`parlour.mille.terminal.app.MilleApp`."""

    game: Game
    dialog: SaveDialog | None
    save_path: str | None
    dirty: bool
    message: str
    bell: bool
    recorder: Recorder
    review: HandReview
    exit_message: str | None
    exit_status: int
    ask: Any

    def _error(self, text: str) -> None:
        self.message = text
        self.bell = True

    # Provided by the other parts of the app (annotations only, so nothing is shadowed).
    ui_state: Callable[[str], dict[str, Any]]
    computer_memory: Callable[[], dict[str, Any] | None]
    _base_name: Callable[[], str]

    def _start_save(
        self, origin: str, on_success: Callable[[], None], on_failure: Callable[[], None]
    ) -> None:
        self.ask = None
        dialog = SaveDialog(origin, on_success, on_failure)
        self.dialog = dialog
        if self.save_path is not None:
            dialog.stage = "same"

    def _dialog_key(self, key: str) -> None:
        dialog = self.dialog
        assert dialog is not None
        lower = key.lower() if len(key) == 1 else key
        if dialog.stage == "name":
            answer = dialog.editor.feed(key)
            if answer is Answer.DONE:
                name = dialog.editor.text.strip()
                if not name:
                    self._cancel_dialog()
                    return
                from parlour.core.saves import file_exists, player_path

                dialog.path = str(player_path(name))
                if file_exists(dialog.path) and not os.path.isdir(dialog.path):
                    dialog.stage = "overwrite"
                else:
                    self._write(dialog.path)
            elif answer is Answer.CANCEL:
                self._cancel_dialog()
            elif answer is Answer.REFUSED:
                self.bell = True
            return
        if key in (keys.ESC, keys.INTERRUPT):
            self._cancel_dialog()
            return
        if lower not in ("y", "n"):
            if key != "CTRL_L":
                self._error("type y or n")
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
                self._cancel_dialog()

    def _cancel_dialog(self) -> None:
        """The save was given up (ESC, an empty name, N to Overwrite file?): the message line
        says so, so that an earlier ``name [date]`` banner does not look like this save's."""
        self.message = NOT_SAVED
        self._end_dialog(False)

    def _end_dialog(self, success: bool) -> None:
        dialog = self.dialog
        assert dialog is not None
        self.dialog = None
        (dialog.on_success if success else dialog.on_failure)()

    def _save_to(self, path: str, prompt: str) -> None:
        from parlour.mille.files import savefile

        savefile.save(
            path,
            self.game,
            self.ui_state(prompt),
            self.computer_memory(),
            self.recorder.meta,
            self.review.log,
        )

    def _write(self, path: str) -> None:
        dialog = self.dialog
        assert dialog is not None
        from parlour.core.saves import SaveError

        try:
            self._save_to(path, dialog.origin)
        except SaveError as exc:
            self._error(fit_message(save_failure(path, exc.reason)))
            self._end_dialog(False)
            return
        self.save_path = path
        self.dirty = False
        from datetime import datetime

        self.message = fit_banner(path, datetime.now())
        self._end_dialog(True)

    # --------------------------------------------------------- recovery
    def _recovery_save(self, stem: str) -> tuple[str | None, str]:
        """Save to a fresh file, (its path, "") or (None, why not): in the data folder, else
        beside the save the game came from or was last saved to, else in the current
        folder, else at home (:func:`parlour.core.saves.save_recovery`)."""
        from parlour.core.saves import SaveError, save_recovery

        prompt = self._base_name()
        try:
            target = save_recovery(
                stem, lambda path: self._save_to(str(path), prompt), near=self.save_path
            )
        except SaveError as exc:
            return None, exc.reason
        return str(target), ""

    def end_of_input(self) -> None:
        """Input ended: save the game (see :meth:`_recovery_save`) and say where (that file)."""
        saved, why = self._recovery_save(RECOVERY_STEM)
        if saved is None:
            self.recorder.abandoned(self.game)
            lines = [f"mille: input ended; the game could not be saved: {printable(why)}"]
            if self.recorder.problem:  # the statistics could not be written either
                lines.append(printable(self.recorder.problem))
            self.exit_message = "\n".join(lines)
        else:
            from parlour.core.shellpath import for_shell

            shown = printable(saved)
            resume = f"continue it with: mille {printable(for_shell(saved))}"
            self.exit_message = f"mille: input ended; your game was saved to {shown}\n{resume}"
        self.exit_status = 1

    def emergency_save(self) -> str | None:
        """After a crash: the game goes to a fresh file (see :meth:`_recovery_save`)."""
        saved, _ = self._recovery_save(CRASH_STEM)
        if saved is None:
            self.recorder.abandoned(self.game)
        return saved
