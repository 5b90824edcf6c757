"""What the game asks of the computer: hints, the "can it still be won?" line, auto-solve.

A thin layer between the app and the solver (spec §8), so the app never
depends on how the solver searches. The first hint is the solver's move; the
cheap tier (:mod:`hints`) ranks the rest for further presses of ``t`` and
stands in when the solver sees no move worth making. The solver plays fair:
it never looks at the shuffle a redeal will produce.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.midnightoil.computer.hints import ranked_moves

if TYPE_CHECKING:  # the solver is imported on the first hint, verdict or auto-solve step
    from parlour.midnightoil.computer.solver.auto import AutoSolver
    from parlour.midnightoil.game.rules import Move, State

DEFAULT_SEED = 0
"""The solver's seed unless one is given (``computer.solver.planner.DEFAULT_SEED``)."""

STATUS_WIDTH = 78
"""Characters the status row has room for at 80 columns."""
SHORTER = (
    ("every card can go home", "all cards go home"),
    (" (search limit)", " (limit)"),
    ("before the next redeal", "before the redeal"),
)


def fit_status(line: str) -> str:
    """``line`` in words short enough for the status row."""
    from parlour.core.text import width

    for long, short in SHORTER:  # English words: a translation is written to fit
        if width(line) <= STATUS_WIDTH:
            break
        line = line.replace(long, short)
    return line


class Advisor:
    """Hints, verdicts and auto-solve moves for one game."""

    def __init__(self, seed: int = DEFAULT_SEED) -> None:
        self.seed = seed
        self._autosolver: AutoSolver | None = None

    @property
    def autosolver(self) -> AutoSolver:
        """The auto-solver of this game (made, with the solver imported, when first needed)."""
        if self._autosolver is None:
            from parlour.midnightoil.computer.solver.auto import AutoSolver

            self._autosolver = AutoSolver(self.seed)
        return self._autosolver

    def hint(self, state: State) -> Move | None:
        """The solver's next move (the first of its line for this deal phase)."""
        from parlour.midnightoil.computer.solver.planner import hint

        return hint(state, seed=self.seed)

    def only_the_draw(self, state: State) -> bool:
        """No card can go home this deal without the draw, but one could with it."""
        from parlour.midnightoil.computer.solver.reach import only_the_draw, way_home

        if state.draw_used:
            return False
        fans = tuple(bytes(f) for f in state.fans)
        way, complete = way_home(fans, state.foundations)
        return way is None and complete and only_the_draw(fans, state.foundations)

    def cheap(self, state: State) -> list[Move]:
        """The cheap tier's ranked list, for cycling with further presses of ``t``."""
        return ranked_moves(state)

    def verdict(self, state: State) -> str:
        """One line for the status row: can this deal still be won?"""
        from parlour.midnightoil.computer.solver.verdict import can_win

        return fit_status(can_win(state).line())

    def next_move(self, state: State) -> Move | None:
        """The auto-solver's next move, or None when it has none."""
        return self.autosolver.next_move(state)
