"""What becomes of a Dix Mille game (issue #29, a part of the app with its own state).

:class:`Keeping` holds the file the game came from or was last saved to, whether
moves are unsaved, whether the game's one result is already recorded (a *replay*
records nothing: docs/foundation.md, "One game, one result"), and the save
dialogue. It writes saves and recovery saves, records the game in the statistics
(finished, or abandoned when left unsaved) and words the lines left on the
terminal. It knows the app only through the message line it is given (the
app's :class:`~parlour.dixmille.terminal.view.UiState`) and the game passed to
each call; the app decides which screen shows next from what each call returns.
"""

from __future__ import annotations

import contextlib
from enum import Enum, auto

from parlour import TYPE_CHECKING
from parlour.core.i18n import N_, _
from parlour.core.text import fit, printable
from parlour.dixmille.game.rules import FOUR_TWOS_GAME
from parlour.dixmille.terminal import ending, view
from parlour.dixmille.terminal.saving import (
    MAX_NAME,
    NO_NAME,
    TOO_LONG_TEMPLATE,
    SaveDialog,
    SaveReply,
    with_path,
)

if TYPE_CHECKING:
    from pathlib import Path

    from parlour.dixmille.files.stats import GameRecord
    from parlour.dixmille.game.rules import Game

DEFAULT_SAVE = "dixmille-save.json"
SAVED_BOTH = N_("Saved in {path}; resume with: dixmille {path}")
SAVED_SHORT = N_("Saved: resume with dixmille {path}")
QUIT = "quit"
"""A save's purpose when it was asked for on the way out (the game ends after it)."""


class Next(Enum):
    """Where the app goes after a key in the save dialogue."""

    STAY = auto()
    """The dialogue goes on."""
    BACK = auto()
    """Back to the screen the dialogue was opened from."""
    LEAVE = auto()
    """The app ends, leaving :attr:`Keeping.exit_message` on the terminal."""


def annotate_all(game: Game) -> None:
    """Measure every human decision of the game against ZEDX (for the statistics)."""
    from parlour.dixmille.computer import analysis

    wipes = game.four_twos == FOUR_TWOS_GAME
    for player in game.players:
        if not player.computer:
            for turn in player.turns:
                analysis.annotate(turn, wipes)


class Keeping:
    """The game's save file, its statistics record and the words on leaving."""

    def __init__(
        self,
        ui: view.UiState,
        seed: int,
        save_path: str | None = None,
        replay: GameRecord | None = None,
        recorded: bool = False,
    ) -> None:
        self.ui = ui
        self.seed = seed
        self.save_path = save_path
        """The file the game came from or was last saved to."""
        self.replay = replay
        """The recorded result of this game, when this is a replay of it."""
        self.dirty = False
        """Moves made since the game was started, resumed or saved."""
        self.recorded = recorded or replay is not None
        """Whether the game's result is in the statistics (nothing more will be recorded):
        a replay's, or a game resumed finished (``recorded``: it was recorded as it ended)."""
        self.saving = SaveDialog(DEFAULT_SAVE, None)
        self.exit_message: str | None = None

    def moves_made(self) -> None:
        """A move was made: the game is unsaved until the next save."""
        self.dirty = True

    # ----- saving -----
    def start_save(self, then: str | None = None) -> None:
        """Open the save dialogue (``then`` is :data:`QUIT` when the game ends after it)."""
        self.saving = SaveDialog(self.save_path or DEFAULT_SAVE, self.save_path, then)

    def save_key(self, key: str, game: Game) -> Next:
        reply = self.saving.feed(key)
        if reply is SaveReply.CANCELLED:
            self.ui.message = _("Not saved")
            self.ui.alert = False
            if self.saving.then == QUIT:
                self.exit_message = self.quit_now(game, record=True)
                return Next.LEAVE
            return Next.BACK
        if reply is SaveReply.NO_NAME:
            self.ui.message = _(NO_NAME)
        elif reply is SaveReply.FULL:
            self.ui.message = _(TOO_LONG_TEMPLATE).format(n=MAX_NAME)
        elif reply is SaveReply.WRITE:
            return self._write(self.saving.path, game)
        return Next.STAY

    def _write(self, path: str, game: Game) -> Next:
        from parlour.core.saves import SaveError, player_path
        from parlour.dixmille.files import savefile

        try:
            savefile.save(player_path(path), game)
        except SaveError as exc:
            self.saving.refused()
            self.ui.message = fit(_("Not saved: {reason}").format(reason=exc.reason), view.WIDTH)
            self.ui.alert = True
            return Next.STAY
        self.save_path = path
        self.dirty = False
        from parlour.core.shellpath import for_shell

        self.ui.message = with_path(for_shell(path), _(SAVED_BOTH), _(SAVED_SHORT))
        self.ui.alert = False
        if self.saving.then == QUIT:
            self.exit_message = ending.quit_message(self.seed, path, False, self.replay)
            return Next.LEAVE
        return Next.BACK

    # ----- the statistics -----
    def record_abandoned(self, game: Game | None) -> str | None:
        """Record the game as abandoned (once); a message if that failed."""
        if game is None or self.recorded:
            return None
        annotate_all(game)
        return self._record_once(game, finished=False)

    def record_finished(self, game: Game) -> str | None:
        """Record the finished game (once; a replay is not); a message if that failed.
        Its decisions are measured either way: the end screen's statistics show them. A
        finished game has nothing left unsaved."""
        annotate_all(game)
        problem = None if self.recorded else self._record_once(game, finished=True)
        self.dirty = False
        return problem

    def _record_once(self, game: Game, finished: bool) -> str | None:
        from parlour.dixmille.files import statsfile

        self.recorded = True
        return statsfile.record_game(game, finished=finished)

    # ----- leaving -----
    def quit_now(self, game: Game | None, record: bool) -> str:
        """The lines left on leaving (recording the game as abandoned if ``record``): where
        the game is, and what became of its statistics when they could not be recorded."""
        problem = self.record_abandoned(game) if record else None
        lines = [ending.quit_message(self.seed, self.save_path, self.dirty, self.replay)]
        return "\n".join([*lines, problem] if problem else lines)

    def end_of_input(self, game: Game | None) -> str | None:
        """Input ended: save a recovery file (or, if none can be written, record the game);
        the lines to leave on the terminal (None: nothing to keep)."""
        from parlour.core.saves import SaveError
        from parlour.dixmille.files import savefile

        if game is None or game.over or not self.dirty:
            return None
        try:
            target = savefile.save_recovery(game, near=self._near())
        except SaveError as exc:
            problem = self.record_abandoned(game)  # the game itself is lost: keep its statistics
            lines = [
                _("dixmille: input ended; the game could not be saved ({reason})").format(
                    reason=exc.reason
                )
            ]
            notes = problem.split("\n") if problem else []
            return "\n".join(printable(line) for line in [*lines, *notes] if line)
        from parlour.core.shellpath import for_shell
        from parlour.core.text import keep_whole

        return _(
            "dixmille: input ended; your game was saved to {path}; resume with: dixmille {file}"
        ).format(
            path=keep_whole(printable(str(target))),
            file=keep_whole(printable(for_shell(str(target)))),
        )

    def _near(self) -> Path | None:
        """The save this game came from or was last saved to (a recovery save may go
        beside it when the data folder cannot take it)."""
        from parlour.core.saves import player_path

        return None if self.save_path is None else player_path(self.save_path)

    def emergency_save(self, game: Game | None) -> str | None:
        """After a crash: a recovery file (its path), or None (then the game is recorded)."""
        from parlour.dixmille.files import savefile

        try:
            if game is None or game.over:
                return None
            return printable(str(savefile.save_recovery(game, near=self._near())))
        except Exception:
            with contextlib.suppress(Exception):  # never raises: best effort only
                self.record_abandoned(game)
            return None
