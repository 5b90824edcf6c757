"""What the game asks of the computer: hints, the "can it still be won?" line, auto-solve.

A thin layer between the app and the solver (spec §8), so the app never
depends on how the solver searches. The first hint is the solver's move; the
cheap tier (:mod:`hints`) ranks the rest for further presses of ``t`` and
stands in when the solver sees no move worth making. The solver plays fair:
it never looks at the shuffle a redeal will produce.
"""

from __future__ import annotations

from parlour.midnightoil import solver
from parlour.midnightoil.hints import ranked_moves
from parlour.midnightoil.rules import Move, State

STATUS_WIDTH = 78
"""Characters the status row has room for at 80 columns."""
SHORTER = (
    ("every card can go home", "all cards go home"),
    (" (search limit)", " (limit)"),
    ("before the next redeal", "before the redeal"),
)


def fit_status(line: str) -> str:
    """``line`` in words short enough for the status row."""
    for long, short in SHORTER:
        if len(line) <= STATUS_WIDTH:
            break
        line = line.replace(long, short)
    return line


class Advisor:
    """Hints, verdicts and auto-solve moves for one game."""

    def __init__(self, seed: int = solver.DEFAULT_SEED) -> None:
        self.seed = seed
        self.autosolver = solver.AutoSolver(seed)

    def hint(self, state: State) -> Move | None:
        """The solver's next move (the first of its line for this deal phase)."""
        return solver.hint(state, seed=self.seed)

    def cheap(self, state: State) -> list[Move]:
        """The cheap tier's ranked list, for cycling with further presses of ``t``."""
        return ranked_moves(state)

    def verdict(self, state: State) -> str:
        """One line for the status row: can this deal still be won?"""
        return fit_status(solver.can_win(state).line())

    def next_move(self, state: State) -> Move | None:
        """The auto-solver's next move, or None when it has none."""
        return self.autosolver.next_move(state)
