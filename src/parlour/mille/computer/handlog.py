"""The player's decisions of one hand, kept for the review (``v``) and in saves.

Light on purpose: the app holds a :class:`HandLog` from its first board, while the
review itself (:mod:`parlour.mille.computer.review`, with the computer player's planning)
is imported only when a decision is reviewed, and the legal moves
(:mod:`parlour.mille.computer.seatmoves`) when one is first recorded. A decision is a
move (:class:`~parlour.mille.game.table.Move`) or the answer to ``Extension?``
(:class:`ExtensionAnswer`), with the view the player's seat had just before it.
"""

from __future__ import annotations

from parlour.core.record import Frozen, Record, field
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import Move


class ExtensionAnswer(Frozen):
    """The answer to ``Extension?``: go on to 1000 (``extend``) or stop at 700."""

    extend: bool

    kind = "extension"
    """Beside a move's ``pick``/``use``/``discard``."""

    def __str__(self) -> str:
        return "extend" if self.extend else "stop"


class Decision(Frozen):
    """One move of the player (or its answer to Extension?), with what its seat saw before it."""

    view: SeatView
    move: Move | ExtensionAnswer


class HandLog(Record, extra_attributes=True):
    """The player's decisions of one hand, in order (the app holds one per hand).

    ``complete`` is False when the hand's first decisions are not known: a hand
    restored from a save that did not keep them (saves before format 3).
    """

    decisions: list[Decision] = field(default_factory=list)
    complete: bool = True

    def record(self, view: SeatView, move: Move) -> None:
        """Note ``move``, made from ``view``; call it before the move is applied.

        A move the rules refuse in ``view`` is not a decision and is left out,
        so the app may record a typed move before knowing whether it is legal.
        """
        from parlour.mille.computer.seatmoves import legal_moves

        if move in legal_moves(view):
            self.decisions.append(Decision(view, move))

    def record_answer(self, view: SeatView, extend: bool) -> None:
        """Note the answer to Extension? given in ``view`` (left out when none was asked)."""
        if view.phase == "EXTENSION" and view.turn == view.me:
            self.decisions.append(Decision(view, ExtensionAnswer(extend)))
