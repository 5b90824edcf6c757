"""The player's decisions of one hand, kept for the review (``v``).

Light on purpose: the app holds a :class:`HandLog` from its first board, while the
review itself (:mod:`parlour.mille.review`, with the computer player's planning)
is imported only when a decision is first recorded or reviewed.
"""

from __future__ import annotations

from parlour.core.record import Frozen, Record
from parlour.mille.rules import Move
from parlour.mille.seat import SeatView


class Decision(Frozen):
    """One move of the player, with what the player's seat could see just before it."""

    view: SeatView
    move: Move

    __slots__ = ("view", "move")

    def __init__(self, view: SeatView, move: Move) -> None:
        object.__setattr__(self, "view", view)
        object.__setattr__(self, "move", move)


class HandLog(Record):
    """The player's decisions of one hand, in order (the app holds one per hand)."""

    decisions: list[Decision]

    __slots__ = ("decisions", "__dict__")  # a spy may replace `record` on one log

    def __init__(self, decisions: list[Decision] | None = None) -> None:
        self.decisions = [] if decisions is None else decisions

    def record(self, view: SeatView, move: Move) -> None:
        """Note ``move``, made from ``view``; call it before the move is applied.

        A move the rules refuse in ``view`` is not a decision and is left out,
        so the app may record a typed move before knowing whether it is legal.
        """
        from parlour.mille.review import legal_moves

        if move in legal_moves(view):
            self.decisions.append(Decision(view, move))
