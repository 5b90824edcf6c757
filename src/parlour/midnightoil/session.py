"""The life of one Midnight Oil session: the game, prompts, saving, statistics, the clock.

The base of :class:`parlour.midnightoil.app.MidnightOilApp`. It holds the
state every part of the UI shares (the game, selection, cursor, draw mode,
prompt, message, hint) and does what does not depend on which key was
pressed: making a step of moves, asking yes/no questions and file names,
saving, starting another deal, recording each game's outcome once in the
statistics (spec §10), quitting with the offer to save, and saving a
recovery file when input ends.

What is recorded when (docs/midnightoil.md, "Statistics"): a win at once; a
game that can bring no more cards home once that is proven; a game left
(new deal, restart, choose deal, quit without saving) as lost. A game whose
current position is saved is not recorded when it is left or when input
ends: it counts when the resumed game ends, under the same game id, and a
later record of a game replaces its earlier one in the ledger.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable

from parlour.core import paths
from parlour.core.record import Record
from parlour.core.rng import random_below
from parlour.core.text import ASCII_ELLIPSIS, ELLIPSIS, printable, shorten_middle, width
from parlour.midnightoil.advisor import Advisor
from parlour.midnightoil.cards import FAN_KEYS, SUITS, parse_deal_number
from parlour.midnightoil.game import Game
from parlour.midnightoil.rules import DRAW, FOUNDATION, REDEAL, IllegalMove, Move, State
from parlour.midnightoil.stats import LOST, SOLVED, WON, Stats, load_stats, record_game
from parlour.midnightoil.view import card_text
from parlour.tui import keys
from parlour.tui.app import TerminalApp
from parlour.tui.glyphs import Glyphs
from parlour.tui.prompts import Answer, LineEditor, YesNoPrompt

CLOCK_GAP_LIMIT = 120.0
"""Longest pause between two keys that still counts as playing time."""
RECOVERY_STEM = "midnightoil-recovery"
"""Recovery saves are ``midnightoil-recovery-YYYYmmdd-HHMMSS-xxxxxx.json`` in the data folder."""
MESSAGE_MARGIN = 4
"""Columns of the message row not available to a message (margins and the "> " mark)."""
CARD_NAME = re.compile(r"\b([A2-9TJQK])([CDHS])\b")
"""A card named in the rules' notation inside a message."""


class DrawMode(Record):
    """The three steps of the draw: fan, card, destination."""

    step: int
    fan: int
    position: int

    __slots__ = ("step", "fan", "position")

    def __init__(self, step: int = 1, fan: int = -1, position: int = -1) -> None:
        self.step = step
        self.fan = fan
        self.position = position


class Prompt(Record):
    """A question or a text field on the message row, and what it is for."""

    kind: str
    question: YesNoPrompt | None
    editor: LineEditor | None

    __slots__ = ("kind", "question", "editor")

    def __init__(
        self,
        kind: str,
        question: YesNoPrompt | None = None,
        editor: LineEditor | None = None,
    ) -> None:
        self.kind = kind
        self.question = question
        self.editor = editor


class GameSession(TerminalApp):
    """Shared UI state and everything around the moves themselves."""

    program = "midnightoil"

    def __init__(
        self,
        game: Game,
        glyphs: Glyphs,
        advisor: Advisor | None = None,
        save_path: str | None = None,
        now: float | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.glyphs = glyphs
        self.advisor = advisor or Advisor()
        self.save_path = save_path
        self.stats: Stats
        self.stats, warning = load_stats()
        self.width = 80
        """The width of the last frame drawn (mouse clicks and messages are fitted to it)."""
        self.page: int | None = None
        """A help page being shown (index), or None."""
        self.showing_stats = False
        self.selected: int | None = None
        self.cursor: tuple[int, int] | None = None
        self.draw: DrawMode | None = None
        self.prompt: Prompt | None = None
        self.message = warning or self._welcome()
        self.resumed_from: str | None = None
        """The save this game was resumed from while its message is up (refitted to the width)."""
        if save_path is not None and not warning:
            self.resumed_from = save_path
            self.message = self.resumed_message()
        self.pending_path = ""
        """The file name a save is waiting to write (after an overwrite question)."""
        self.bell = False
        self.hint: Move | None = None
        self.hint_cycle: list[Move] = []
        self.after_hint = False
        self.solving = False
        self.recorded_at: tuple[object, ...] | None = self._spot() if game.state.is_won() else None
        """The position at which this game's last record was made (None: not recorded)."""
        self.saved_at: tuple[object, ...] | None = self._spot() if save_path else None
        """The position the save file ``save_path`` holds (None: nothing saved)."""
        self.verdict: tuple[tuple[object, ...], str] | None = None
        """The answer to "can it still be won?" and the position it was asked at."""
        self.end_checked: tuple[object, ...] | None = None
        """The last-deal position the solver last checked for an end."""
        self.ended_at: tuple[object, ...] | None = None
        """A position proven to be an end (no move brings another card home)."""
        self.solver_gave_up = False
        """The end at ``ended_at`` is where auto-solve found no more moves."""
        self.stats_note = warning
        self.record_warning: str | None = None
        """Why the last record could not be made (kept over the next deal's welcome)."""
        """What the statistics page says about the ledger (damaged lines skipped...)."""
        self.last_tick = time.monotonic() if now is None else now

    def _spot(self) -> tuple[object, ...]:
        """The current position with its line of play (what a record or a save holds)."""
        return (self.game.state.key(), self.game.moves, self.game.solver_used)

    def _path_in(self, path: str, rest: str) -> str:
        """``path`` made printable and shortened from the middle to fit beside ``rest``."""
        room = max(self.width - MESSAGE_MARGIN - width(rest), 12)
        mark = ELLIPSIS if self.glyphs.name == "unicode" else ASCII_ELLIPSIS
        return shorten_middle(printable(path), room, mark)

    def resumed_message(self) -> str:
        """ "Resumed FILE: deal N..." with the file name fitted to the last frame's width."""
        tail = f": deal {self.game.deal_number}. Press ? for help."
        return f"Resumed {self._path_in(self.resumed_from or '', 'Resumed ' + tail)}{tail}"

    def _welcome(self) -> str:
        return f"Deal {self.game.deal_number}. Press a fan letter to pick a card, ? for help."

    def _card(self, card: int | None) -> str:
        return "?" if card is None else card_text(card, self.glyphs)

    def _tick(self) -> None:
        now = time.monotonic()
        gap = now - self.last_tick
        self.last_tick = now
        if not self.game.state.is_won() and gap > 0:
            self.game.elapsed += min(gap, CLOCK_GAP_LIMIT)

    def _with_glyphs(self, text: str) -> str:
        """The rules' card names (``2C``) in ``text`` drawn as on the board (``2♣``)."""
        return CARD_NAME.sub(
            lambda m: m.group(1) + self.glyphs.suits[SUITS.index(m.group(2))], text
        )

    def _refuse(self, message: str) -> None:
        self.message = message
        self.bell = True

    def _reset_ui(self) -> None:
        self.verdict = None
        self.selected = None
        self.cursor = None
        self.draw = None
        self.hint = None
        self.hint_cycle = []

    def _play(self, moves: list[Move], message: str | None = None) -> bool:
        """Make ``moves`` as one undo step; on an illegal move say why and keep the state."""
        before = self.game.state
        try:
            self.game.play_step(moves)
        except IllegalMove as exc:
            self._refuse(self._with_glyphs(str(exc)))
            return False
        self._reset_ui()
        if message is None:
            message = move_summary(before, moves, self._card)
        self.message = message
        self._after_move()
        return True

    def _after_move(self) -> None:
        state = self.game.state
        if state.is_won():
            self.solving = False
            self._record(SOLVED if self.game.solver_used else WON)
            self.message = (
                "Solved by the computer: all 52 cards are home."
                if self.game.solver_used
                else f"You won! All 52 cards home, deal {state.phase} of 3, "
                f"{self.game.moves} moves."
            )

    def _redeal(self) -> None:
        if self._play([Move.redeal()], ""):
            state = self.game.state
            left = "the last deal" if state.redeals_left == 0 else "1 redeal left"
            self.message = f"Redealt: deal {state.phase} of 3 ({left})."

    def _start_solving(self) -> None:
        self.game.solver_used = True
        self.game.touched = True
        self.solving = True
        self._reset_ui()
        self.message = "Auto-solve: the computer plays. Any key stops it."

    def _ask(self, kind: str, question: str) -> None:
        self.prompt = Prompt(kind, question=YesNoPrompt(question))

    def _ask_save_path(self, kind: str) -> None:
        default = self.save_path or f"midnightoil-{self.game.deal_number}.json"
        self.prompt = Prompt(kind, editor=LineEditor("Save to file:", default))

    def _prompt_key(self, key: str) -> None:
        prompt = self.prompt
        assert prompt is not None
        if prompt.editor is not None:
            answer = prompt.editor.feed(key)
            if answer == Answer.CANCEL:
                self.prompt = None
                self.message = "Cancelled."
            elif answer == Answer.DONE:
                self._editor_done(prompt.kind, prompt.editor.text.strip())
            elif answer == Answer.REFUSED:
                self.bell = True
            return
        assert prompt.question is not None
        if key in (keys.ESC, keys.INTERRUPT):
            self.prompt = None
            self.message = "Cancelled."
            return
        answer = prompt.question.feed(key)
        if answer == Answer.REFUSED:
            self.bell = True
            return
        self.prompt = None
        self.message = ""
        self._answered(prompt.kind, answer == Answer.YES)

    def _answered(self, kind: str, yes: bool) -> None:
        if kind == "redeal":
            if yes:
                self._redeal()
        elif kind == "solve":
            if yes:
                self._start_solving()
        elif kind.startswith("abandon-"):
            if yes:
                self._do_leave(kind.removeprefix("abandon-"))
        elif kind == "quit":
            if yes:
                self._ask_save_path("quit-save")
            else:
                self._end_game(restarted=False)
                self.finished = True
                self.exit_message = self._exit_line()
        elif kind == "overwrite-save" or kind == "overwrite-quit-save":
            if yes:
                self._write_save(self.pending_path, quitting=kind == "overwrite-quit-save")
            else:
                self._ask_save_path(kind.removeprefix("overwrite-"))

    def _editor_done(self, kind: str, text: str) -> None:
        self.prompt = None
        if kind == "deal":
            try:
                number = parse_deal_number(text)
            except ValueError as exc:
                self._refuse(f"{exc}.")
                return
            self._start_game(Game(number))
            return
        if not text:
            self._refuse("No file name given; not saved.")
            return
        self.pending_path = text
        quitting = kind == "quit-save"
        from parlour.core.saves import file_exists, player_path

        if file_exists(player_path(text)) and text != self.save_path:
            which = "overwrite-quit-save" if quitting else "overwrite-save"
            rest = "Overwrite ? It already exists. (y/n)"
            self._ask(which, f"Overwrite {self._path_in(text, rest)}? It already exists. (y/n)")
            return
        self._write_save(text, quitting)

    def _write_save(self, text: str, quitting: bool) -> None:
        from parlour.core.saves import SaveError, player_path
        from parlour.midnightoil import savefile

        try:
            savefile.save(player_path(text), self.game)
        except SaveError as exc:
            reason = printable(exc.reason)
            self._refuse(f"Not saved: {self._path_in(text, f'Not saved: : {reason}')}: {reason}")
            return
        self.save_path = text
        self.saved_at = self._spot()
        if quitting:
            self.finished = True
            command = _command_path(text)
            self.exit_message = f"Game saved to {command} - resume with: midnightoil {command}"
        else:
            rest = "Saved. Resume later with: midnightoil "
            self.message = rest + self._path_in(_shell_quoted(text), rest)

    def _in_progress(self) -> bool:
        """A game that would be recorded if it were left now (touched, not yet counted here)."""
        return self.game.touched and self.recorded_at != self._spot()

    def _is_saved(self) -> bool:
        """The save file holds the current position: leaving loses nothing."""
        return self.saved_at is not None and self.saved_at == self._spot()

    def _leave_game(self, how: str) -> None:
        if self._in_progress() and not self._is_saved():
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
            self.prompt = Prompt("deal", editor=LineEditor("Deal number:", ""))
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
        self.recorded_at = None
        self.saved_at = None
        self.save_path = None
        self.solving = False
        self._reset_ui()
        self.end_checked = None
        self.ended_at = None
        self.message = self.record_warning or self._welcome()
        self.record_warning = None

    def _saved_note(self) -> str:
        """After leaving a saved game: where it waits (it is recorded when it ends later)."""
        if not (self._in_progress() and self._is_saved() and self.save_path):
            return ""
        rest = self._welcome() + " (Your game waits in .)"
        return f" (Your game waits in {self._path_in(self.save_path, rest)}.)"

    def _end_game(self, restarted: bool) -> None:
        """Record the current game as lost or solved, unless it is counted or its save holds it."""
        if not self._in_progress() or self._is_saved():
            return
        self._record(SOLVED if self.game.solver_used else LOST, restarted)

    def _record(self, outcome: str, restarted: bool = False) -> None:
        """Append this game's record (once per position; a later one replaces it)."""
        if self.recorded_at == self._spot():
            return
        self.recorded_at = self._spot()
        warning = record_game(self.game, outcome, restarted)
        self.stats, read_warning = load_stats()
        self.record_warning = warning or read_warning
        if self.record_warning:
            self.message = self.record_warning

    def _quit(self) -> None:
        if self._in_progress() and not self._is_saved():
            self._ask("quit", "Save this game before quitting? (y/n, Esc keeps playing)")
            return
        self.finished = True
        self.exit_message = self._exit_line()
        if self._in_progress() and self.save_path:
            self.exit_message += f" Resume with: midnightoil {_command_path(self.save_path)}"

    def _exit_line(self) -> str:
        state = self.game.state
        return f"Midnight Oil deal {self.game.deal_number}: {state.cards_home()}/52 cards home."

    def end_of_input(self) -> None:
        if self._in_progress() and self._is_saved() and self.save_path:
            where = _command_path(self.save_path)
            self.exit_message = f"Input ended; your game is saved in {where}"
            return
        if not self._in_progress():
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
            self._end_game(restarted=False)
            self.exit_message = printable(f"Input ended; the game could not be saved ({reason}).")
            return
        self.exit_message = f"Input ended; your game was saved to {_command_path(saved)}"

    def emergency_save(self) -> str | None:
        if not self._in_progress() or self._is_saved():
            return None
        from parlour.core.saves import SaveError

        try:
            return printable(self._recovery_save())
        except (OSError, SaveError):
            return None

    def _recovery_save(self) -> str:
        """Save the game under a recovery name no other save has; the path.

        ``OSError`` or :class:`SaveError` when the data folder cannot take it
        (the empty reserved file is then removed again).
        """
        from parlour.core.saves import SaveError, reserve_unique
        from parlour.midnightoil import savefile

        path = reserve_unique(paths.data_dir(create=True), RECOVERY_STEM)
        try:
            savefile.save(path, self.game)
        except SaveError:
            with contextlib.suppress(OSError):
                os.unlink(path)
            raise
        return str(path)


def _command_path(path: str) -> str:
    """A path as it is typed after ``midnightoil``: quoted for the shell, made printable."""
    return printable(_shell_quoted(path))


def _shell_quoted(path: str) -> str:
    """``path`` quoted for the player's shell (POSIX or Windows: ``core.shellpath``)."""
    from parlour.core.shellpath import for_shell

    return for_shell(path)


def _random_deal() -> int:
    """A fresh deal number (any randomness may pick it, spec §9)."""
    return random_below(2**64)


def move_summary(before: State, moves: list[Move], card: Callable[[int | None], str]) -> str:
    """A short account of what a step did."""
    if len(moves) == 1 and moves[0].kind == REDEAL:
        return "Redealt."
    if all(m.kind == FOUNDATION for m in moves) and len(moves) > 1:
        return f"{len(moves)} cards went home."
    move = moves[0]
    name = card(before.moved_card(move))
    if move.kind == DRAW:
        name = "Drawn: " + name
    if move.home:
        return f"{name} went home to foundation {move.target + 1}."
    return f"{name} moved onto fan {FAN_KEYS[move.target]}."
