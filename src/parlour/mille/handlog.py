"""The player's decisions of one hand, kept for the review (``v``).

Light on purpose: the app holds a :class:`HandLog` from its first board, while the
review itself (:mod:`parlour.mille.review`, with the computer player's planning)
is imported only when a decision is first recorded or reviewed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from parlour.mille.rules import Move
from parlour.mille.seat import SeatView


@dataclass(frozen=True)
class Decision:
    """One move of the player, with what the player's seat could see just before it."""

    view: SeatView
    move: Move


@dataclass
class HandLog:
    """The player's decisions of one hand, in order (the app holds one per hand)."""

    decisions: list[Decision] = field(default_factory=list)

    def record(self, view: SeatView, move: Move) -> None:
        """Note ``move``, made from ``view``; call it before the move is applied.

        A move the rules refuse in ``view`` is not a decision and is left out,
        so the app may record a typed move before knowing whether it is legal.
        """
        from parlour.mille.review import legal_moves

        if move in legal_moves(view):
            self.decisions.append(Decision(view, move))
