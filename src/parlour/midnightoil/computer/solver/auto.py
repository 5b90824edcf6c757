"""Auto-solve: the solver's moves played one at a time (the ``!`` demo and the benchmark)."""

from __future__ import annotations

from parlour.midnightoil.computer.solver.planner import (
    DEFAULT_PROFILE,
    DEFAULT_SEED,
    PLAN_NODE_LIMIT,
    plan,
)
from parlour.midnightoil.game.rules import REDEAL, Move, State


class AutoSolver:
    """Plays the solver's moves one at a time (the ``!`` demo and the benchmark).

    It keeps the current plan while the game follows it, and plans again
    whenever the position is not the one it expected (after a redeal, an
    undo, or a move of the player's).
    """

    def __init__(
        self,
        seed: int = DEFAULT_SEED,
        node_limit: int = PLAN_NODE_LIMIT,
        profile: str = DEFAULT_PROFILE,
    ) -> None:
        self.seed = seed
        self.node_limit = node_limit
        self.profile = profile
        self._queue: list[Move] = []
        self._expect: tuple[object, ...] | None = None

    def next_move(self, state: State) -> Move | None:
        """The next move to play in ``state``, or None when none is worth making."""
        if state.is_won():
            return None
        if self._expect != state.key() or not self._queue:
            found = plan(state, seed=self.seed, node_limit=self.node_limit, profile=self.profile)
            self._queue = list(found.moves)
        if not self._queue:
            self._expect = None
            return None
        move = self._queue.pop(0)
        self._expect = state.apply(move).key() if move.kind != REDEAL else None
        return move
