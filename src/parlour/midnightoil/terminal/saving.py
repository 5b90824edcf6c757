"""Saving the Midnight Oil game in play (``S``, and the save offered on quitting).

:class:`Saving` owns the save file's name, the position it holds and the name
waiting for an overwrite question. It asks for the file name and says what became
of the save through the rows it is given; a save made on quitting hands the path
to its host, which ends the session.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.i18n import _
from parlour.core.text import printable
from parlour.midnightoil.terminal.messages import shell_quoted
from parlour.tui.prompts import PATH_LENGTH, LineEditor

if TYPE_CHECKING:  # typing is not loaded at start
    from typing import Protocol

    from parlour.midnightoil.game.history import Game

    class SavingHost(Protocol):
        """What saving needs of the app: the game, where it stands, and the way out."""

        game: Game

        def spot(self) -> tuple[object, ...]: ...

        def quit_saved(self, path: str) -> None:
            """The game is saved to ``path`` on quitting: the session ends."""

    class SavingRows(Protocol):
        """The message row and the prompt, as saving uses them."""

        def say(self, message: str) -> None: ...

        def ask(self, kind: str, question: str) -> None: ...

        def open_field(self, kind: str, editor: LineEditor) -> None: ...

        def close(self) -> None: ...

        def refuse_entry(self, note: str) -> None: ...

        def path_in(self, path: str, rest: str) -> str: ...


class Saving:
    """The save file of the game in play: its name and the position it holds."""

    def __init__(self, host: SavingHost, rows: SavingRows, save_path: str | None) -> None:
        self.host = host
        self.rows = rows
        self.save_path = save_path
        self.saved_at: tuple[object, ...] | None = host.spot() if save_path else None
        """The position the save file ``save_path`` holds (None: nothing saved)."""
        self.pending_path = ""
        """The file name a save is waiting to write (after an overwrite question)."""

    def is_saved(self) -> bool:
        """The save file holds the current position: leaving loses nothing."""
        return self.saved_at is not None and self.saved_at == self.host.spot()

    def forget(self) -> None:
        """A new game: no save file holds it."""
        self.saved_at = None
        self.save_path = None

    def ask_path(self, kind: str, typed: str | None = None) -> None:
        """The file name field, offering ``typed`` (a name to correct) or the usual name."""
        default = typed or self.save_path or f"midnightoil-{self.host.game.deal_number}.json"
        editor = LineEditor(_("Save to file:"), default, max_length=PATH_LENGTH)
        self.rows.open_field(kind, editor)

    def answered(self, kind: str, yes: bool) -> bool:
        """A yes/no answer to an overwrite question; False if it was not one."""
        if kind != "overwrite-save" and kind != "overwrite-quit-save":
            return False
        if yes:
            self._write(self.pending_path, quitting=kind == "overwrite-quit-save")
        else:
            # Not that file: the field comes back with the name typed, to change it.
            self.ask_path(kind.removeprefix("overwrite-"), self.pending_path)
        return True

    def typed(self, kind: str, text: str) -> None:
        """A file name typed to save to (``kind``: "save" or "quit-save")."""
        if not text:
            self.rows.refuse_entry(_("No file name given: type one, or Esc to cancel."))
            return
        self.rows.close()
        self.pending_path = text
        quitting = kind == "quit-save"
        from parlour.core.saves import file_exists, player_path

        if file_exists(player_path(text)) and text != self.save_path:
            which = "overwrite-quit-save" if quitting else "overwrite-save"
            question = _("Overwrite {file}? It already exists. (y/n)")
            self.rows.ask(
                which, question.format(file=self.rows.path_in(text, question.format(file="")))
            )
            return
        self._write(text, quitting)

    def _write(self, text: str, quitting: bool) -> None:
        from parlour.core.saves import SaveError, player_path
        from parlour.midnightoil.files import savefile

        try:
            savefile.save(player_path(text), self.host.game)
        except SaveError as exc:
            reason = printable(exc.reason)
            words = _("Not saved: {file}: {reason}")
            shown = self.rows.path_in(text, words.format(file="", reason=reason))
            why = words.format(file=shown, reason=reason)
            # The field comes back with the name typed, to correct it (Esc cancels).
            self.ask_path("quit-save" if quitting else "save", text)
            self.rows.refuse_entry(why)
            return
        self.save_path = text
        self.saved_at = self.host.spot()
        if quitting:
            self.host.quit_saved(text)
        else:
            words = _("Saved. Resume later with: midnightoil {command}")
            shown = self.rows.path_in(shell_quoted(text), words.format(command=""))
            self.rows.say(words.format(command=shown))
