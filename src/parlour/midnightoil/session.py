"""The life of one Midnight Oil session: the game, prompts, saving, statistics, the clock.

The base of :class:`parlour.midnightoil.app.MidnightOilApp`. It holds the
state every part of the UI shares (the game, selection, cursor, draw mode,
prompt, message, hint) and does what does not depend on which key was
pressed: making a step of moves, asking yes/no questions and file names,
saving, starting another deal, recording each game's outcome once in the
statistics (spec §10), quitting with the offer to save, and saving a
recovery file when input ends.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from parlour.core import paths
from parlour.core.saves import SaveError, file_exists, player_path
from parlour.midnightoil import savefile
from parlour.midnightoil.advisor import Advisor
from parlour.midnightoil.cards import FAN_KEYS, SUITS, parse_deal_number
from parlour.midnightoil.game import Game
from parlour.midnightoil.rules import DRAW, FOUNDATION, REDEAL, IllegalMove, Move, State
from parlour.midnightoil.stats import LOST, SOLVED, WON, load_stats, save_stats
from parlour.midnightoil.view import card_text
from parlour.tui import keys
from parlour.tui.app import TerminalApp
from parlour.tui.glyphs import Glyphs
from parlour.tui.prompts import Answer, LineEditor, YesNoPrompt

CLOCK_GAP_LIMIT = 120.0
"""Longest pause between two keys that still counts as playing time."""
RECOVERY_FILE = "midnightoil-recovery.json"
CARD_NAME = re.compile(r"\b([A2-9TJQK])([CDHS])\b")
"""A card named in the rules' notation inside a message."""


@dataclass
class DrawMode:
    """The three steps of the draw: fan, card, destination."""

    step: int = 1
    fan: int = -1
    position: int = -1


@dataclass
class Prompt:
    """A question or a text field on the message row, and what it is for."""

    kind: str
    question: YesNoPrompt | None = None
    editor: LineEditor | None = None


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
        self.stats, warning = load_stats()
        self.page: int | None = None
        """A help page being shown (index), or None."""
        self.showing_stats = False
        self.selected: int | None = None
        self.cursor: tuple[int, int] | None = None
        self.draw: DrawMode | None = None
        self.prompt: Prompt | None = None
        self.message = warning or self._welcome()
        if save_path is not None and not warning:
            self.message = f"Resumed {save_path}: deal {game.deal_number}. Press ? for help."
        self.pending_path = ""
        """The file name a save is waiting to write (after an overwrite question)."""
        self.bell = False
        self.hint: Move | None = None
        self.hint_cycle: list[Move] = []
        self.after_hint = False
        self.solving = False
        self.recorded = game.state.is_won()
        self.restarted = False
        self.verdicts: dict[tuple[object, ...], str] = {}
        self.last_tick = time.monotonic() if now is None else now
        self.width = 80
        """The width of the last frame drawn (mouse clicks are mapped with it)."""

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
        self.selected = None
        self.cursor = None
        self.draw = None
        self.hint = None
        self.hint_cycle = []
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
        if file_exists(player_path(text)) and text != self.save_path:
            which = "overwrite-quit-save" if quitting else "overwrite-save"
            self._ask(which, f"{text} exists - overwrite it? (y/n)")
            return
        self._write_save(text, quitting)

    def _write_save(self, text: str, quitting: bool) -> None:
        try:
            savefile.save(player_path(text), self.game)
        except SaveError as exc:
            self._refuse(f"Not saved: {exc}")
            return
        self.save_path = text
        if quitting:
            self.finished = True
            self.exit_message = f"Game saved to {text} - resume with: midnightoil {text}"
        else:
            self.message = f"Saved to {text}. Resume later with: midnightoil {text}"

    def _in_progress(self) -> bool:
        return self.game.touched and not self.recorded

    def _leave_game(self, how: str) -> None:
        if self._in_progress():
            what = {"new": "Start a new deal", "restart": "Restart this deal", "choose": "Choose"}
            self._ask(
                f"abandon-{how}",
                f"{what[how]}? This game counts as "
                f"{'solved' if self.game.solver_used else 'lost'} (y/n)",
            )
            return
        self._do_leave(how)

    def _do_leave(self, how: str) -> None:
        if how == "choose":
            self.prompt = Prompt("deal", editor=LineEditor("Deal number:", ""))
            return
        self._end_game(restarted=how == "restart")
        if how == "restart":
            self._start_game(Game(self.game.deal_number), ended=True)
            self.message = f"Deal {self.game.deal_number} restarted."
        else:
            self._start_game(Game(_random_deal()), ended=True)

    def _start_game(self, game: Game, ended: bool = False) -> None:
        if not ended:
            self._end_game(restarted=False)
        self.game = game
        self.recorded = False
        self.save_path = None
        self.solving = False
        self._reset_ui()
        self.verdicts.clear()
        self.message = self._welcome()

    def _end_game(self, restarted: bool) -> None:
        """Record the current game as lost or solved if it counts and is not recorded yet."""
        if not self._in_progress():
            return
        self._record(SOLVED if self.game.solver_used else LOST, restarted)

    def _record(self, outcome: str, restarted: bool = False) -> None:
        if self.recorded:
            return
        self.stats.record(outcome, self.game, restarted=restarted)
        self.recorded = True
        warning = save_stats(self.stats)
        if warning:
            self.message = warning

    def _quit(self) -> None:
        if self._in_progress():
            self._ask("quit", "Save this game before quitting? (y/n, Esc keeps playing)")
            return
        self.finished = True
        self.exit_message = self._exit_line()

    def _exit_line(self) -> str:
        state = self.game.state
        return f"Midnight Oil deal {self.game.deal_number}: {state.cards_home()}/52 cards home."

    def end_of_input(self) -> None:
        saved = self.emergency_save()
        if saved:
            self.exit_message = f"Input ended; your game was saved to {saved}"

    def emergency_save(self) -> str | None:
        if not self._in_progress():
            return None
        path = paths.data_file(RECOVERY_FILE)
        try:
            savefile.save(path, self.game)
        except SaveError:
            return None
        return str(path)


def _random_deal() -> int:
    """A fresh deal number (any randomness may pick it, spec §9)."""
    return secrets.randbits(64)


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
