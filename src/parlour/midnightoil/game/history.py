"""One game of Midnight Oil: the position plus unlimited undo and redo (spec §7).

Every player action is one *step* of one or more moves (a manual-auto or
``*`` is several foundation moves, but one step). Undo restores the exact
state before the step, redeals left and the draw included; redo replays the
step, and since a redeal is fixed by the deal number (§4), it gives the same
layout again. A won game refuses undo and redo (§6).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parlour import TYPE_CHECKING
from parlour.core.gameid import is_game_id, new_game_id
from parlour.core.i18n import _
from parlour.core.record import Frozen
from parlour.midnightoil.game.cards import DECK_SIZE, check_deal_number
from parlour.midnightoil.game.rules import IllegalMove, Move, State, auto_home_moves

if TYPE_CHECKING:
    from typing import Any

MAX_ELAPSED = 10 * 365 * 24 * 3600
"""Seconds a saved clock may show: ten years (the clock counts at most two minutes a key)."""
MAX_UNDOS = 10**9
"""Undos a saved game may count (far beyond a lifetime of presses of ``u``)."""


class Step(Frozen):
    """One undoable action: its moves and the state before it."""

    moves: tuple[Move, ...]
    before: State


class Game:
    """A game in progress: current state, undo and redo stacks, counters and clock."""

    def __init__(self, deal_number: int, game_id: str | None = None) -> None:
        self.deal_number = check_deal_number(deal_number)
        self.game_id = game_id if game_id is not None else new_game_id()
        """Who this game is in the statistics: kept in its saves, so it counts once."""
        self.new_id = game_id is None
        """The id was made here and now: no record can hold it yet (nothing to look up)."""
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

    def hand_to_solver(self) -> None:
        """Auto-solve plays from here: the game counts as solved, and as played."""
        self.solver_used = True
        self.touched = True

    def apply(self, move: Move) -> State:
        """Make one move as one step; :class:`IllegalMove` if it is not legal."""
        return self.apply_step([move])

    def apply_step(self, moves: Sequence[Move]) -> State:
        """Make several moves as one step (all or nothing)."""
        if not moves:
            raise IllegalMove(_("Nothing to do."))
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
            self.apply_step(moves)
        return len(moves)

    def undo(self) -> Step:
        """Take back the last step; :class:`IllegalMove` when there is none."""
        if self.state.is_won():
            raise IllegalMove(_("The game is won: undo is off."))
        if not self.history:
            raise IllegalMove(_("Nothing to undo."))
        step = self.history.pop()
        self.future.append(step)
        self.state = step.before
        # The count stops at its bound, so a game saved with it there can still be saved.
        self.undos = min(self.undos + 1, MAX_UNDOS)
        return step

    def add_time(self, seconds: float) -> None:
        """Count ``seconds`` more of play; the clock stops at :data:`MAX_ELAPSED`."""
        if seconds > 0:
            self.elapsed = min(self.elapsed + seconds, MAX_ELAPSED)

    def redo(self) -> Step:
        """Replay the last undone step; :class:`IllegalMove` when there is none."""
        if self.state.is_won():
            raise IllegalMove(_("The game is won: redo is off."))
        if not self.future:
            raise IllegalMove(_("Nothing to redo."))
        step = self.future.pop()
        state = self.state
        for move in step.moves:
            state = state.apply(move)
        self.history.append(step)
        self.state = state
        return step

    def check_consistent(self) -> None:
        """``ValueError`` unless this game is one real play can reach.

        The one set of checks for reading and writing: a save is written only when
        its game passes them, and :meth:`from_dict` takes a game only when it passes
        them. A game id Parlour makes, the deal number in range, every card once on
        the table or home, the counters and the clock in range, the flags true or
        false, nothing to redo in a won game, at least one undo per step to redo,
        and the undo history replaying from the deal to the position, each redo
        step legal.
        """
        if not is_game_id(self.game_id):
            raise ValueError(_("the game id is not one Parlour makes"))
        check_deal_number(self.deal_number)
        _flag(self.solver_used, "solver_used")
        _flag(self.touched, "touched")
        if self.history and not self.touched:
            raise ValueError(_("a game with moves is marked untouched"))
        state = self.state
        if sum(len(fan) for fan in state.fans) + state.cards_home() != DECK_SIZE:
            raise ValueError(_("the cards do not add up"))
        _seconds(self.elapsed)
        _count(self.undos, "undos", MAX_UNDOS)
        if self.undos < len(self.future):
            raise ValueError(_("there are more steps to redo than undos were made"))
        if self.future and state.is_won():
            raise ValueError(_("a won game has nothing to redo"))
        current = State.new(self.deal_number)
        for step in self.history:
            if step.before != current:
                raise ValueError(_("the undo history does not follow from the deal"))
            for move in step.moves:
                current = current.apply(move)
        if current != state:
            raise ValueError(_("the undo history does not reach the position"))
        for step in reversed(self.future):
            if step.before != current:
                raise ValueError(_("the redo steps do not follow from the position"))
            for move in step.moves:
                current = current.apply(move)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able record: the position, the undo and redo steps, counters and clock."""
        return {
            "deal_number": self.deal_number,
            "game_id": self.game_id,
            "position": self.state.to_dict(),
            "history": [[str(m) for m in step.moves] for step in self.history],
            "redo": [[str(m) for m in step.moves] for step in reversed(self.future)],
            "undos": self.undos,
            "elapsed": round(self.elapsed, 3),
            "solver_used": self.solver_used,
            "touched": self.touched,
        }

    @staticmethod
    def from_dict(data: Any, fallback_id: str | None = None) -> Game:
        """Rebuild a game by replaying its history from the deal, checking everything.

        The moves are replayed as they are read (each must be legal), the position
        must be where they lead, and then the game must pass :meth:`check_consistent`,
        the checks a save passes before it is written. A save older than game ids
        gets ``fallback_id``.
        """
        if not isinstance(data, dict):
            raise TypeError(_("the game is not an object"))
        game_id = data.get("game_id", fallback_id)
        if game_id is not None and not isinstance(game_id, str):
            raise ValueError(_("the game id is not one Parlour makes"))
        game = Game(check_deal_number(data["deal_number"]), game_id)
        for index, step in enumerate(_steps(data["history"], "history")):
            try:
                game.apply_step(step)
            except IllegalMove as exc:
                why = _("history step {number} is not legal ({reason})")
                raise ValueError(why.format(number=index + 1, reason=exc)) from None
        position = State.from_dict(data["position"])
        if position != game.state:
            raise ValueError(_("the position does not match the moves that led to it"))
        state = game.state
        redo_steps: list[Step] = []
        for index, step in enumerate(_steps(data["redo"], "redo")):
            before = state
            try:
                for move in step:
                    state = state.apply(move)
            except IllegalMove as exc:
                why = _("redo step {number} is not legal ({reason})")
                raise ValueError(why.format(number=index + 1, reason=exc)) from None
            redo_steps.append(Step(tuple(step), before))
        game.future = list(reversed(redo_steps))
        game.undos = _count(data["undos"], "undos", MAX_UNDOS)
        game.elapsed = _seconds(data["elapsed"])
        game.solver_used = _flag(data["solver_used"], "solver_used")
        game.touched = _flag(data["touched"], "touched") or bool(game.history)
        game.check_consistent()
        return game


def _steps(raw: Any, what: str) -> list[list[Move]]:
    if not isinstance(raw, list):
        raise TypeError(_("{field} is not a list").format(field=what))
    steps: list[list[Move]] = []
    for step in raw:
        if not isinstance(step, list) or not step:
            raise ValueError(_("{field} holds an empty or malformed step").format(field=what))
        moves = []
        for text in step:
            if not isinstance(text, str):
                raise TypeError(_("{field} holds a move that is not text").format(field=what))
            moves.append(Move.parse(text))
        steps.append(moves)
    return steps


def _count(raw: Any, what: str, limit: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= limit:
        # TRANSLATORS: {field} is the name of a field of the save file, as written there.
        why = _("{field} must be a whole number from 0 to {limit}")
        raise ValueError(why.format(field=what, limit=limit))
    return raw


def _seconds(raw: Any) -> float:
    """A saved clock: a finite number of seconds from 0 to :data:`MAX_ELAPSED`.

    Compared before any conversion, so neither NaN, an infinity (JSON's 1e400)
    nor a huge integer (10**400, too big for a float) gets through.
    """
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not 0 <= raw <= MAX_ELAPSED:
        raise ValueError(_("the clock is not a number of seconds a game can reach"))
    return float(raw)


def _flag(raw: Any, what: str) -> bool:
    if not isinstance(raw, bool):
        raise TypeError(_("{field} must be true or false").format(field=what))
    return raw
