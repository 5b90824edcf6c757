"""Leaving a Midnight Oil game: another deal, a restart, quitting, the terminal going away.

:class:`Leaving`, the part of :class:`parlour.midnightoil.terminal.app.MidnightOilApp`
that decides what leaving costs; it is given the app's game and ways out (its host),
the rows to ask and say on, the results and the save file, and writes none of them.
A game that has no result yet and was played counts when it is left (as lost, or
solved after auto-solve), and asks first, unless the save file holds its position
(then it counts when the resumed game ends). A game that has its result is left
without a question and records nothing more; play that no save and no record holds
is offered a save on quitting, and goes to a recovery save when input ends.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core import paths
from parlour.core.i18n import _, number
from parlour.core.rng import random_below
from parlour.core.text import keep_whole, printable
from parlour.midnightoil.files.stats import LOST, SOLVED
from parlour.midnightoil.game.cards import parse_deal_number
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.terminal.ending import result_label
from parlour.midnightoil.terminal.messages import command_path, deal_prompt
from parlour.tui.prompts import LineEditor

if TYPE_CHECKING:  # typing is not loaded at start
    from typing import Protocol

    from parlour.midnightoil.terminal.results import Results
    from parlour.midnightoil.terminal.rows import Rows
    from parlour.midnightoil.terminal.saving import Saving

    class LeavingHost(Protocol):
        """What leaving needs of the app: the game, where it stands, and the ways out."""

        game: Game

        def spot(self) -> tuple[object, ...]: ...

        def record(self, outcome: str, restarted: bool = False) -> None:
            """Record the game's result (its first only), saying what went wrong if anything."""

        def start(self, game: Game) -> None:
            """Play ``game`` from now on (the one left is recorded already, if it counts)."""

        def finish(self, line: str) -> None:
            """The session ends; ``line`` is left on the terminal."""

        def welcome(self) -> str: ...


RECOVERY_STEM = "midnightoil-recovery"
"""Recovery saves are ``midnightoil-recovery-YYYYmmdd-HHMMSS-xxxxxx.json``."""


class Leaving:
    """New deal, restart, choose deal, quit and the end of input, each counted as it should."""

    def __init__(self, host: LeavingHost, rows: Rows, results: Results, saving: Saving) -> None:
        self.host = host
        self.rows = rows
        self.results = results
        self.saving = saving

    def answered(self, kind: str, yes: bool) -> bool:
        """A yes/no answer to one of leaving's questions; False if it was not one."""
        if kind.startswith("abandon-"):
            if yes:
                self._do_leave(kind.removeprefix("abandon-"))
        elif kind == "quit":
            if yes:
                self.saving.ask_path("quit-save")
            else:
                self.results.forget_problem()
                self._end_game(restarted=False)
                self.host.finish(self.results.last_words(self._exit_line()))
        else:
            return False
        return True

    def editor_done(self, kind: str, text: str) -> bool:
        """A deal number typed (``#``); False for another field."""
        if kind != "deal":
            return False
        if not text:
            self.rows.close()
            self.rows.say(_("Cancelled."))
            return True
        try:
            number = parse_deal_number(text)
        except ValueError as exc:
            # The field stays open with the text for correction (Esc cancels).
            reason = str(exc)
            reason = reason[0].upper() + reason[1:]
            # a sentence: English and French add the full stop, Japanese ends with its own
            self.rows.refuse_entry(reason if reason.endswith(("。", ".")) else reason + ".")
            return True
        self.rows.close()
        self._start_game(Game(number))
        return True

    def _counts(self) -> bool:
        """Leaving the game now would record it: it was played and has no result yet."""
        return self.host.game.touched and self.results.ending.result is None

    def _has_play(self) -> bool:
        """Play that a record does not hold: a game without a result, or play after it."""
        return self.host.game.touched and self.host.spot() != self.results.ending.recorded_at

    def _at_risk(self) -> bool:
        """Leaving now would lose play that no save and no record holds."""
        return self._has_play() and not self.saving.is_saved()

    def leave_game(self, how: str) -> None:
        if self._counts() and not self.saving.is_saved():
            self.rows.ask(f"abandon-{how}", self._give_up_question(how))
            return
        self._do_leave(how)

    def _give_up_question(self, how: str) -> str:
        """The question before leaving a game that counts: ``how`` is new, restart or choose."""
        if self.host.game.solver_used:
            questions = {
                "new": _("Give up this game for a new deal? It counts as solved. (y/n)"),
                "restart": _(
                    "Give up this game and start the deal again? It counts as solved. (y/n)"
                ),
                "choose": _(
                    "Give up this game and choose another deal? It counts as solved. (y/n)"
                ),
            }
        else:
            questions = {
                "new": _("Give up this game for a new deal? It counts as lost. (y/n)"),
                "restart": _(
                    "Give up this game and start the deal again? It counts as lost. (y/n)"
                ),
                "choose": _("Give up this game and choose another deal? It counts as lost. (y/n)"),
            }
        return questions[how]

    def _do_leave(self, how: str) -> None:
        if how == "choose":
            self.rows.open_field("deal", LineEditor(deal_prompt(), ""))
            return
        saved = self._saved_note()
        self._end_game(restarted=how == "restart")
        if how == "restart":
            self._start_game(Game(self.host.game.deal_number), ended=True)
            number = self.host.game.deal_number
            self.rows.say(
                _("Deal {number} restarted: a new game, counted like any other.").format(
                    number=number
                )
            )
        else:
            self._start_game(Game(_random_deal()), ended=True)
        if saved:
            self.rows.say(self.rows.message + saved)

    def _start_game(self, game: Game, ended: bool = False) -> None:
        if not ended:
            self._end_game(restarted=False)
        self.host.start(game)

    def _saved_note(self) -> str:
        """After leaving a saved game: where it waits (it is recorded when it ends later)."""
        if not (self._counts() and self.saving.is_saved() and self.saving.save_path):
            return ""
        # TRANSLATORS: follows the welcome line after a space.
        words = _("(Your game waits in {file}.)")
        rest = self.host.welcome() + " " + words.format(file="")
        return " " + words.format(file=self.rows.path_in(self.saving.save_path, rest))

    def _end_game(self, restarted: bool) -> None:
        """Record the game left now as lost or solved, unless it has a result or a save holds it."""
        if not self._counts() or self.saving.is_saved():
            return
        self.host.record(SOLVED if self.host.game.solver_used else LOST, restarted)

    def quit(self) -> None:
        if self._at_risk():
            self.rows.ask("quit", _("Save this game before quitting? (y/n, Esc keeps playing)"))
            return
        line = self._exit_line()
        if self._has_play() and self.saving.save_path:
            command = keep_whole(command_path(self.saving.save_path))
            resume = _("Resume with: midnightoil {command}").format(command=command)
            line += " " + resume
        self.host.finish(line)

    def saved_and_quit(self, path: str) -> None:
        """The game was saved to ``path`` on quitting: the session ends, saying how it counts."""
        command = keep_whole(command_path(path))  # never broken by the wrapping
        counted = self.how_counted()
        # TRANSLATORS: {counted} is a sentence on how the game counts; {command} a file name.
        line = _("Game saved. {counted} Resume with: midnightoil {command}")
        self.host.finish(line.format(counted=counted, command=command))

    def _exit_line(self) -> str:
        """The last line: the deal, the cards home, and how the game was counted."""
        state = self.host.game.state
        # TRANSLATORS: {counted} is one of the sentences saying how the game was counted.
        return _("Midnight Oil deal {number}: {home}/52 cards home. {counted}").format(
            number=self.host.game.deal_number,
            home=number(state.cards_home()),
            counted=self.how_counted(),
        )

    def how_counted(self, saved: bool = False) -> str:
        """One sentence on how the game being left is recorded in the statistics (issue 39).

        As the statistics hold it at this moment: after the game was recorded
        on leaving, if it was. ``saved``: a save was just written (a recovery).
        """
        ending = self.results.ending
        if ending.result is not None:
            label = result_label(ending.result)
            if ending.replaying(self.host.spot()):
                return _("A replay, not recorded: this game was {result}.").format(result=label)
            if self.results.record_problem is not None:
                # the next line says where its record went
                return _("Result: {result}.").format(result=label)
            return _("Counted as {result}.").format(result=label)
        if not self.host.game.touched:
            return _("Not recorded: no move was made.")
        if saved or self.saving.is_saved():
            return _("Saved, not counted yet: it counts when you resume it and it ends.")
        return _("Not recorded.")  # not reached: a game left unsaved is recorded first

    def end_of_input(self) -> str:
        """Input ended: a recovery save, or the game ends here and counts as it stands.

        The line left on the terminal.
        """
        if self._has_play() and self.saving.is_saved() and self.saving.save_path:
            where = keep_whole(command_path(self.saving.save_path))
            counted = self.how_counted()
            return _("Input ended. {counted} Resume with: midnightoil {command}").format(
                counted=counted, command=where
            )
        if not self._at_risk():
            return _("Input ended. {line}").format(line=self._exit_line())
        from parlour.core.saves import SaveError

        try:
            saved = self._recovery_save()
        except (OSError, SaveError) as exc:
            if isinstance(exc, SaveError):
                reason = exc.reason
            elif isinstance(exc, paths.DataDirError):
                reason = exc.whole
            else:
                reason = exc.strerror or str(exc)
            # No copy of the game survives: it ends here, and counts as it stands.
            self.results.forget_problem()
            self._end_game(restarted=False)
            line = _("Input ended; the game could not be saved ({reason}). {counted}").format(
                reason=printable(reason), counted=self.how_counted()
            )
            return self.results.last_words(line)
        where = keep_whole(command_path(saved))
        counted = self.how_counted(saved=True)
        return _(
            "Input ended; your game was saved. {counted} Resume with: midnightoil {command}"
        ).format(counted=counted, command=where)

    def emergency_save(self) -> str | None:
        """After a crash: a recovery save when play is at risk (its path), or None."""
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

        save_path = self.saving.save_path
        near = player_path(save_path) if save_path else None
        saved = save_recovery(RECOVERY_STEM, lambda path: savefile.save(path, self.host.game), near)
        return str(saved)


def _random_deal() -> int:
    """A fresh deal number (any randomness may pick it, spec §9)."""
    return random_below(2**64)
