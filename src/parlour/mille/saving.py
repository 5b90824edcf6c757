"""The mille app's save dialogue and its recovery saves (a part of :class:`MilleApp`).

The dialogue is BSD's: ``Same file?`` (when the game came from a file or was
saved before) -> ``file:`` (a line editor; an empty name or ESC abandons) ->
``Overwrite file?`` (when something is there) -> the write. A failure shows a
short line naming the cause (file names escaped) and play goes on. Recovery
saves (end of input, a crash) go to the data folder under a name no other
game can take (:func:`parlour.core.saves.reserve_unique`); the message names
that file, and a data folder that cannot be used is said in one line.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable

from parlour import TYPE_CHECKING
from parlour.core.record import Record
from parlour.core.text import printable
from parlour.mille.uistate import fit_banner, fit_message, save_failure
from parlour.tui import keys
from parlour.tui.prompts import Answer, LineEditor

if TYPE_CHECKING:  # saving itself (json, the save envelope) is imported on the first save
    from typing import Any

    from parlour.mille.record import Recorder
    from parlour.mille.rules import Game

FILE_NAME_MAX = 240
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
    """The save dialogue's keys and the writes, for :class:`parlour.mille.app.MilleApp`."""

    game: Game
    dialog: SaveDialog | None
    save_path: str | None
    dirty: bool
    message: str
    bell: bool
    recorder: Recorder
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
                    self._end_dialog(False)
                    return
                from parlour.core.saves import file_exists, player_path

                dialog.path = str(player_path(name))
                if file_exists(dialog.path) and not os.path.isdir(dialog.path):
                    dialog.stage = "overwrite"
                else:
                    self._write(dialog.path)
            elif answer is Answer.CANCEL:
                self._end_dialog(False)
            elif answer is Answer.REFUSED:
                self.bell = True
            return
        if key in (keys.ESC, keys.INTERRUPT):
            self._end_dialog(False)
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
                self._end_dialog(False)

    def _end_dialog(self, success: bool) -> None:
        dialog = self.dialog
        assert dialog is not None
        self.dialog = None
        (dialog.on_success if success else dialog.on_failure)()

    def _save_to(self, path: str, prompt: str) -> None:
        from parlour.mille import savefile

        savefile.save(
            path, self.game, self.ui_state(prompt), self.computer_memory(), self.recorder.meta
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
        """Save to a fresh file in the data folder: (its path, "") or (None, why not)."""
        from parlour.core import paths
        from parlour.core.saves import SaveError, reserve_unique

        try:
            target = reserve_unique(paths.data_dir(), stem)
        except OSError as exc:
            return None, f"the data folder cannot be used ({exc.strerror or exc})"
        try:
            self._save_to(str(target), self._base_name())
        except SaveError as exc:
            with contextlib.suppress(OSError):
                target.unlink()
            return None, exc.reason
        return str(target), ""

    def end_of_input(self) -> None:
        """Input ended: save the game in the data folder and say where (exactly that file)."""
        saved, why = self._recovery_save(RECOVERY_STEM)
        if saved is None:
            self.recorder.abandoned(self.game)
            self.exit_message = f"mille: input ended; the game could not be saved: {printable(why)}"
        else:
            from parlour.core.shellpath import for_shell

            shown = printable(saved)
            resume = f"continue it with: mille {printable(for_shell(saved))}"
            self.exit_message = f"mille: input ended; your game was saved to {shown}\n{resume}"
        self.exit_status = 1

    def emergency_save(self) -> str | None:
        """After a crash: the game goes to a fresh file in the data folder."""
        saved, _ = self._recovery_save(CRASH_STEM)
        if saved is None:
            self.recorder.abandoned(self.game)
        return saved
