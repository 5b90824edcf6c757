"""Leaving a Midnight Oil game: another deal, a restart, quitting, the terminal going away.

The layer of :class:`parlour.midnightoil.terminal.app.MidnightOilApp` above the session
that decides what leaving costs. A game that has no result yet and was played
counts when it is left (as lost, or solved after auto-solve), and asks first,
unless the save file holds its position (then it counts when the resumed game
ends). A game that has its result is left without a question and records
nothing more; play that no save and no record holds is offered a save on
quitting, and goes to a recovery save when input ends.
"""

from __future__ import annotations

from parlour.core import paths
from parlour.core.rng import random_below
from parlour.core.text import printable
from parlour.midnightoil.files.stats import LOST, SOLVED
from parlour.midnightoil.game.cards import parse_deal_number
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.terminal.ending import Ending
from parlour.midnightoil.terminal.session import DEAL_PROMPT, GameSession, Prompt, command_path
from parlour.tui.prompts import LineEditor

RECOVERY_STEM = "midnightoil-recovery"
"""Recovery saves are ``midnightoil-recovery-YYYYmmdd-HHMMSS-xxxxxx.json``."""


class LeavingSession(GameSession):
    """New deal, restart, choose deal, quit and the end of input, each counted as it should."""

    def _answered(self, kind: str, yes: bool) -> None:
        if kind.startswith("abandon-"):
            if yes:
                self._do_leave(kind.removeprefix("abandon-"))
        elif kind == "quit":
            if yes:
                self._ask_save_path("quit-save")
            else:
                self.record_problem = None
                self._end_game(restarted=False)
                self.finished = True
                self.exit_message = self._last_words(self._exit_line())
        else:
            super()._answered(kind, yes)

    def _editor_done(self, kind: str, text: str) -> None:
        if kind != "deal":
            super()._editor_done(kind, text)
            return
        self.prompt = None
        if not text:
            self.message = "Cancelled."
            return
        try:
            number = parse_deal_number(text)
        except ValueError as exc:
            self._refuse(f"{str(exc)[0].upper()}{str(exc)[1:]}.")
            return
        self._start_game(Game(number))

    def _counts(self) -> bool:
        """Leaving the game now would record it: it was played and has no result yet."""
        return self.game.touched and self.ending.result is None

    def _has_play(self) -> bool:
        """Play that a record does not hold: a game without a result, or play after it."""
        return self.game.touched and self._spot() != self.ending.recorded_at

    def _at_risk(self) -> bool:
        """Leaving now would lose play that no save and no record holds."""
        return self._has_play() and not self._is_saved()

    def _leave_game(self, how: str) -> None:
        if self._counts() and not self._is_saved():
            what = {
                "new": "Give up this game for a new deal?",
                "restart": "Give up this game and start the deal again?",
                "choose": "Give up this game and choose another deal?",
            }
            counts = "solved" if self.game.solver_used else "lost"
            self._ask(f"abandon-{how}", f"{what[how]} It counts as {counts}. (y/n)")
            return
        self._do_leave(how)

    def _do_leave(self, how: str) -> None:
        if how == "choose":
            self.prompt = Prompt("deal", editor=LineEditor(DEAL_PROMPT, ""))
            return
        saved = self._saved_note()
        self._end_game(restarted=how == "restart")
        if how == "restart":
            self._start_game(Game(self.game.deal_number), ended=True)
            self.message = f"Deal {self.game.deal_number} restarted."
        else:
            self._start_game(Game(_random_deal()), ended=True)
        if saved:
            self.message += saved

    def _start_game(self, game: Game, ended: bool = False) -> None:
        if not ended:
            self._end_game(restarted=False)
        self.game = game
        self.ending = Ending()
        self.saved_at = None
        self.save_path = None
        self.solving = False
        self._reset_ui()
        self.message = self.record_warning or self._welcome()
        self.record_warning = None

    def _saved_note(self) -> str:
        """After leaving a saved game: where it waits (it is recorded when it ends later)."""
        if not (self._counts() and self._is_saved() and self.save_path):
            return ""
        rest = self._welcome() + " (Your game waits in .)"
        return f" (Your game waits in {self._path_in(self.save_path, rest)}.)"

    def _end_game(self, restarted: bool) -> None:
        """Record the game left now as lost or solved, unless it has a result or a save holds it."""
        if not self._counts() or self._is_saved():
            return
        self._record(SOLVED if self.game.solver_used else LOST, restarted)

    def _quit(self) -> None:
        if self._at_risk():
            self._ask("quit", "Save this game before quitting? (y/n, Esc keeps playing)")
            return
        self.finished = True
        self.exit_message = self._exit_line()
        if self._has_play() and self.save_path:
            self.exit_message += f" Resume with: midnightoil {command_path(self.save_path)}"

    def _exit_line(self) -> str:
        state = self.game.state
        line = f"Midnight Oil deal {self.game.deal_number}: {state.cards_home()}/52 cards home."
        if self.ending.replaying(self._spot()):
            line += " A replay: not recorded."
        return line

    def end_of_input(self) -> None:
        if self._has_play() and self._is_saved() and self.save_path:
            where = command_path(self.save_path)
            self.exit_message = f"Input ended; your game is saved in {where}"
            return
        if not self._at_risk():
            return
        from parlour.core.saves import SaveError

        try:
            saved = self._recovery_save()
        except (OSError, SaveError) as exc:
            if isinstance(exc, SaveError):
                reason = exc.reason
            elif isinstance(exc, paths.DataDirError):
                reason = str(exc)
            else:
                reason = exc.strerror or str(exc)
            # No copy of the game survives: it ends here, and counts as it stands.
            self.record_problem = None
            self._end_game(restarted=False)
            line = printable(f"Input ended; the game could not be saved ({reason}).")
            self.exit_message = self._last_words(line)
            return
        self.exit_message = f"Input ended; your game was saved to {command_path(saved)}"

    def emergency_save(self) -> str | None:
        if not self._at_risk():
            return None
        from parlour.core.saves import SaveError

        try:
            return printable(self._recovery_save())
        except (OSError, SaveError):
            return None

    def _recovery_save(self) -> str:
        """Save the game under a recovery name no other save has; the path.

        The data folder first; when it is full, read-only or missing, the folder of
        the save the game came from or was last saved to, the current folder, the
        home folder (``core.saves.save_recovery``). :class:`SaveError` when none
        takes it.
        """
        from parlour.core.saves import player_path, save_recovery
        from parlour.midnightoil.files import savefile

        near = player_path(self.save_path) if self.save_path else None
        saved = save_recovery(RECOVERY_STEM, lambda path: savefile.save(path, self.game), near)
        return str(saved)


def _random_deal() -> int:
    """A fresh deal number (any randomness may pick it, spec §9)."""
    return random_below(2**64)
