"""One game of Midnight Oil: the position plus unlimited undo and redo (spec §7).

Every player action is one *step* of one or more moves (a manual-auto or
``*`` is several foundation moves, but one step). Undo restores the exact
state before the step, redeals left and the draw included; redo replays the
step, and since a redeal is fixed by the deal number (§4), it gives the same
layout again. A won game refuses undo and redo (§6).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.midnightoil.cards import check_deal_number
from parlour.midnightoil.rules import IllegalMove, Move, State, auto_home_moves


@dataclass(frozen=True)
class Step:
    """One undoable action: its moves and the state before it."""

    moves: tuple[Move, ...]
    before: State


class Game:
    """A game in progress: current state, undo and redo stacks, counters and clock."""

    def __init__(self, deal_number: int) -> None:
        self.deal_number = check_deal_number(deal_number)
        self.state = State.new(deal_number)
        self.history: list[Step] = []
        self.future: list[Step] = []
        """Steps that redo would replay, the next one last."""
        self.undos = 0
        self.elapsed = 0.0
        """Seconds played (the app adds to it; saved and restored)."""
        self.solver_used = False
        """Auto-solve was used at some point: the game can no longer count as a win."""
        self.touched = False
        """At least one move was ever made (so ending it counts in the statistics)."""

    @property
    def moves(self) -> int:
        """Moves on the line that led to this position (undo takes them back)."""
        return sum(len(step.moves) for step in self.history)

    def can_undo(self) -> bool:
        """True when there is a step to undo and the game is not won."""
        return bool(self.history) and not self.state.is_won()

    def can_redo(self) -> bool:
        """True when there is a step to redo and the game is not won."""
        return bool(self.future) and not self.state.is_won()

    def play(self, move: Move) -> State:
        """Make one move as one step; :class:`IllegalMove` if it is not legal."""
        return self.play_step([move])

    def play_step(self, moves: Sequence[Move]) -> State:
        """Make several moves as one step (all or nothing)."""
        if not moves:
            raise IllegalMove("Nothing to do.")
        state = self.state
        for move in moves:
            state = state.apply(move)
        self.history.append(Step(tuple(moves), self.state))
        self.future.clear()
        self.state = state
        self.touched = True
        return state

    def manual_auto(self, foundations: Iterable[int]) -> int:
        """Every possible move to these foundations, repeatedly, as one step; the count."""
        moves = auto_home_moves(self.state, foundations)
        if moves:
            self.play_step(moves)
        return len(moves)

    def undo(self) -> Step:
        """Take back the last step; :class:`IllegalMove` when there is none."""
        if self.state.is_won():
            raise IllegalMove("The game is won: undo is off.")
        if not self.history:
            raise IllegalMove("Nothing to undo.")
        step = self.history.pop()
        self.future.append(step)
        self.state = step.before
        self.undos += 1
        return step

    def redo(self) -> Step:
        """Replay the last undone step; :class:`IllegalMove` when there is none."""
        if self.state.is_won():
            raise IllegalMove("The game is won: redo is off.")
        if not self.future:
            raise IllegalMove("Nothing to redo.")
        step = self.future.pop()
        state = self.state
        for move in step.moves:
            state = state.apply(move)
        self.history.append(step)
        self.state = state
        return step

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able record: the position, the undo and redo steps, counters and clock."""
        return {
            "deal_number": self.deal_number,
            "position": self.state.to_dict(),
            "history": [[str(m) for m in step.moves] for step in self.history],
            "redo": [[str(m) for m in step.moves] for step in reversed(self.future)],
            "undos": self.undos,
            "elapsed": round(self.elapsed, 3),
            "solver_used": self.solver_used,
            "touched": self.touched,
        }

    @staticmethod
    def from_dict(data: Any) -> Game:
        """Rebuild a game by replaying its history from the deal, checking everything."""
        if not isinstance(data, dict):
            raise TypeError("the game is not an object")
        game = Game(check_deal_number(data["deal_number"]))
        for index, step in enumerate(_steps(data["history"], "history")):
            try:
                game.play_step(step)
            except IllegalMove as exc:
                raise ValueError(f"history step {index + 1} is not legal ({exc})") from None
        position = State.from_dict(data["position"])
        if position != game.state:
            raise ValueError("the position does not match the moves that led to it")
        state = game.state
        redo_steps: list[Step] = []
        for index, step in enumerate(_steps(data["redo"], "redo")):
            before = state
            try:
                for move in step:
                    state = state.apply(move)
            except IllegalMove as exc:
                raise ValueError(f"redo step {index + 1} is not legal ({exc})") from None
            redo_steps.append(Step(tuple(step), before))
        game.future = list(reversed(redo_steps))
        game.undos = _count(data["undos"], "undos")
        elapsed = data["elapsed"]
        if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) or elapsed < 0:
            raise ValueError("the clock is not a number of seconds")
        game.elapsed = float(elapsed)
        game.solver_used = _flag(data["solver_used"], "solver_used")
        game.touched = _flag(data["touched"], "touched") or bool(game.history)
        return game


def _steps(raw: Any, what: str) -> list[list[Move]]:
    if not isinstance(raw, list):
        raise TypeError(f"{what} is not a list")
    steps: list[list[Move]] = []
    for step in raw:
        if not isinstance(step, list) or not step:
            raise ValueError(f"{what} holds an empty or malformed step")
        moves = []
        for text in step:
            if not isinstance(text, str):
                raise TypeError(f"{what} holds a move that is not text")
            moves.append(Move.parse(text))
        steps.append(moves)
    return steps


def _count(raw: Any, what: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
        raise ValueError(f"{what} must be a whole number")
    return raw


def _flag(raw: Any, what: str) -> bool:
    if not isinstance(raw, bool):
        raise TypeError(f"{what} must be true or false")
    return raw
