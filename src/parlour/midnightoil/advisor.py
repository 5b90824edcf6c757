"""What the game asks of the computer: hints, the "can it still be won?" line, auto-solve.

A thin layer between the app and the solver (spec §8), so the app never
depends on how the solver searches. The cheap tier (:mod:`hints`) backs up
the solver's hint.
"""

from __future__ import annotations

from parlour.midnightoil.hints import ranked_moves
from parlour.midnightoil.rules import Move, State


class Advisor:
    """Hints, verdicts and auto-solve moves for one player (fair: no peeking at redeals)."""

    def hint(self, state: State) -> Move | None:
        """The best next move (interim: the cheap tier's first)."""
        moves = ranked_moves(state)
        return moves[0] if moves else None

    def cheap(self, state: State) -> list[Move]:
        """The cheap tier's ranked list, for cycling with further presses of ``t``."""
        return ranked_moves(state)

    def verdict(self, state: State) -> str:
        """One line for the status row: can this deal still be won?"""
        return ""

    def next_move(self, state: State) -> Move | None:
        """The auto-solver's next move, or None when it has none."""
        return self.hint(state)
