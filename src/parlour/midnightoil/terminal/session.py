"""The life of one Midnight Oil session: the game, prompts, saving, statistics, the clock.

The base of :class:`parlour.midnightoil.terminal.app.MidnightOilApp` (above it:
:mod:`leaving`, :mod:`draw`, :mod:`assist`). It holds the state every part of
the UI shares (the game, selection, cursor, draw mode, prompt, message, hint,
the game's :class:`~parlour.midnightoil.terminal.ending.Ending`) and does what does not
depend on which key was pressed: making a step of moves, asking yes/no
questions and file names, saving, and recording the game's result once in the
statistics (spec §10).

What is recorded when (docs/midnightoil.md, "Statistics"): a win at once; a
game that can bring no more cards home once that is proven; a game left
(new deal, restart, choose deal, quit without saving) as lost. A game whose
current position is saved is not recorded when it is left or when input
ends: it counts when the resumed game ends, under the same game id. The first
result of a game is its result for good (:mod:`parlour.midnightoil.terminal.ending`):
play after it, or a save of an ended game resumed, is a replay and records
nothing.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from parlour.core.record import Record
from parlour.core.text import ASCII_ELLIPSIS, ELLIPSIS, printable, shorten_middle, width
from parlour.midnightoil.computer.advisor import Advisor
from parlour.midnightoil.files.stats import LOST, SOLVED, WON, Stats, record_of
from parlour.midnightoil.files.statsfile import append_record, load_stats, settled_result
from parlour.midnightoil.game.cards import DEAL_LIMIT, FAN_KEYS, SUITS
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import DRAW, FOUNDATION, REDEAL, IllegalMove, Move, State
from parlour.midnightoil.terminal.ending import REPLAY_OVER, REPLAY_WON, STUCK, Ending
from parlour.midnightoil.terminal.view import card_text
from parlour.tui import keys
from parlour.tui.app import TerminalApp
from parlour.tui.glyphs import Glyphs
from parlour.tui.prompts import Answer, LineEditor, YesNoPrompt

CLOCK_GAP_LIMIT = 120.0
"""Longest pause between two keys that still counts as playing time."""
MESSAGE_MARGIN = 4
"""Columns of the message row not available to a message (margins and the "> " mark)."""
CARD_NAME = re.compile(r"\b([A2-9TJQK])([CDHS])\b")
"""A card named in the rules' notation inside a message."""
DEAL_PROMPT = f"Deal number, from 0 to {DEAL_LIMIT - 1}:"
"""The ``#`` field's label: the range worded as the refusal words it."""


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
        self.ending = Ending()
        """The game's end and its result (recorded here, or found: then play is a replay)."""
        self._look_up_result()
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
        self.saved_at: tuple[object, ...] | None = self._spot() if save_path else None
        """The position the save file ``save_path`` holds (None: nothing saved)."""
        self.verdict: tuple[tuple[object, ...], str] | None = None
        """The answer to "can it still be won?" and the position it was asked at."""
        self.stats_note = warning
        """What the statistics page says about the ledger (damaged lines skipped...)."""
        self.record_warning: str | None = None
        """Why the last record could not be made (kept over the next deal's welcome)."""
        self.record_problem: str | None = None
        """Why the last record is not in the ledger (kept for next time, or lost): a game
        left on quitting or a hang-up says so in its last line."""
        self.last_tick = time.monotonic() if now is None else now

    def _look_up_result(self) -> None:
        """A game played before (resumed) may already have its result: then this is a replay.

        A won game without a result in the ledger (its record could not be written)
        is taken as ended here: there is nothing left to play or record.
        """
        game = self.game
        found = None if game.new_id else settled_result(game.game_id)
        if found is not None:
            self.ending.settle(found, None)
        elif game.state.is_won():
            self.ending.settle(record_of(game, SOLVED if game.solver_used else WON), self._spot())

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
        if self.ending.replaying(self._spot()):
            tail = ": a replay of an ended game; nothing is recorded."
        return f"Resumed {self._path_in(self.resumed_from or '', 'Resumed ' + tail)}{tail}"

    def _welcome(self) -> str:
        return f"Deal {self.game.deal_number}. Press a fan letter to pick a card, ? for help."

    def _card(self, card: int | None) -> str:
        return "?" if card is None else card_text(card, self.glyphs)

    def _tick(self) -> None:
        now = time.monotonic()
        gap = now - self.last_tick
        self.last_tick = now
        # The clock stops at an end, and a game with a result (a replay) has none running.
        stopped = self.ending.result is not None or self.ending.at_end(self.game.state)
        if not stopped:
            self.game.add_time(min(gap, CLOCK_GAP_LIMIT))

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
            self.draw = None
            if self.ending.result is not None:
                self.message = REPLAY_WON
                return
            self.message = (
                "Solved by the computer: all 52 cards are home."
                if self.game.solver_used
                else f"You won! All 52 cards home, deal {state.phase} of 3, "
                f"{self.game.moves} moves."
            )
            self._record(SOLVED if self.game.solver_used else WON)
        elif state.is_stuck():
            self._game_over(STUCK)

    def _game_over(self, kind: str, message: str | None = None) -> None:
        """The position is an end of ``kind``: nothing is left to select; record the result once.

        ``message``: what to say (auto-solve's reason for stopping); a replay's end
        otherwise says that nothing is recorded, and a failed record says why.
        """
        self.ending.end(self.game.state, kind)
        self.selected = None
        self.cursor = None
        self.draw = None
        self.hint = None
        self.verdict = None
        if message is not None:
            self.message = message
        if self.ending.result is not None:
            if message is None:
                self.message = REPLAY_OVER
            return
        self._record(SOLVED if self.game.solver_used else LOST)

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
        elif kind == "overwrite-save" or kind == "overwrite-quit-save":
            if yes:
                self._write_save(self.pending_path, quitting=kind == "overwrite-quit-save")
            else:
                self._ask_save_path(kind.removeprefix("overwrite-"))

    def _editor_done(self, kind: str, text: str) -> None:
        """A file name typed to save to (``kind``: "save" or "quit-save")."""
        self.prompt = None
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
        from parlour.midnightoil.files import savefile

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
            command = command_path(text)
            self.exit_message = f"Game saved to {command} - resume with: midnightoil {command}"
        else:
            rest = "Saved. Resume later with: midnightoil "
            self.message = rest + self._path_in(_shell_quoted(text), rest)

    def _is_saved(self) -> bool:
        """The save file holds the current position: leaving loses nothing."""
        return self.saved_at is not None and self.saved_at == self._spot()

    def _record(self, outcome: str, restarted: bool = False) -> None:
        """Record this game's result: its first, so only while it has none.

        Another copy of the game (resumed from the same save) may have ended it
        meanwhile: then that result stands, nothing is written, and the player is told.
        """
        if self.ending.result is not None:
            return
        found = settled_result(self.game.game_id)
        if found is not None:
            self.ending.settle(found, None)
            self.message = self.ending.not_recorded()
            return
        record = record_of(self.game, outcome, restarted)
        self.ending.settle(record, self._spot())
        self.record_problem = append_record(record)
        self.stats, read_warning = load_stats()
        self.record_warning = self.record_problem or read_warning
        if self.record_warning:
            self.message = self.record_warning

    def _last_words(self, line: str) -> str:
        """``line`` for the terminal after the game, and what became of its record if it
        did not go into the ledger."""
        return line if self.record_problem is None else f"{line}\n{self.record_problem}"


def command_path(path: str) -> str:
    """A path as it is typed after ``midnightoil``: quoted for the shell, made printable."""
    return printable(_shell_quoted(path))


def _shell_quoted(path: str) -> str:
    """``path`` quoted for the player's shell (POSIX or Windows: ``core.shellpath``)."""
    from parlour.core.shellpath import for_shell

    return for_shell(path)


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
