"""Baseline Mille Bornes players for the benchmarks (and the tests): random and greedy.

Both decide from a :class:`SeatView` only, like :class:`parlour.mille.computer.ai.ComputerPlayer`,
and have the same two methods (``choose_move``, ``wants_extension``). The app never plays
them, so they live here, beside the benchmarks that measure against them; the tests import
them as ``bench.mille_baselines``. BSD's own strategy, which ``mille --level classic`` plays,
is :class:`parlour.mille.computer.bsd.BsdPlayer`.

* :class:`RandomPlayer` plays a uniformly random legal move.
* :class:`GreedyPlayer` plays a remedy or safety it needs, attacks when it can,
  plays the longest legal distance, else discards the least useful card.
"""

from __future__ import annotations

from parlour.core.rng import below, make_rng
from parlour.mille.computer import sim as S
from parlour.mille.computer.seatmoves import base_sim, counter_or_pick, move_of, seat_moves
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import Move

__all__ = ["GreedyPlayer", "RandomPlayer"]


class RandomPlayer:
    """Plays a uniformly random legal move; answers Extension? at random."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = make_rng(seed)

    def legal(self, view: SeatView) -> list[Move]:
        """The legal moves, computed from the view alone."""
        return seat_moves(view)

    def choose_move(self, view: SeatView) -> Move:
        """A random legal move."""
        moves = self.legal(view)
        return moves[below(self.rng, len(moves))]

    def wants_extension(self, view: SeatView) -> bool:
        """A coin toss."""
        return below(self.rng, 2) == 0


GREEDY_KEEP = {
    S.GO: 9,
    S.GAS: 8,
    S.SPARE: 8,
    S.REP: 8,
    S.EOL: 6,
    S.STOP: 7,
    S.OOG: 7,
    S.FLAT: 7,
    S.ACC: 7,
    S.LIMIT: 5,
    S.D200: 6,
    S.D100: 5,
    S.D75: 4,
    S.D50: 3,
    S.D25: 2,
}


class GreedyPlayer:
    """Needs first, then attacks, then the longest distance, else the least useful discard."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_move(self, view: SeatView) -> Move:
        """The greedy move."""
        base = base_sim(view)
        me = view.me
        opening = counter_or_pick(view, base)
        if opening is not None:
            return opening
        side = base.sides[me]
        hand = side.hand
        for card in hand:  # remedies it needs
            if card in (S.GAS, S.SPARE, S.REP, S.GO, S.EOL) and base.can_use(me, card):
                if card == S.GO and side.can_go:
                    continue
                return move_of(view, card, True)
        for card in hand:  # attacks
            if S.OOG <= card <= S.LIMIT and base.can_use(me, card):
                return move_of(view, card, True)
        distances = [c for c in hand if c <= S.D200 and base.can_use(me, c)]
        if distances:
            return move_of(view, max(distances), True)
        discardable = [c for c in hand if c < S.ET]
        if not discardable:
            return move_of(view, hand[0], True)
        return move_of(view, min(discardable, key=lambda c: self.keep(base, me, c)), False)

    @staticmethod
    def keep(base: S.Sim, me: int, card: int) -> int:
        """Usefulness of a card to keep (least useful is discarded)."""
        side = base.sides[me]
        if card <= S.D200:
            if (card == S.D200 and side.n200 >= 2) or (
                card != S.D25 and S.MILES[card] > base.goal - side.mileage
            ):
                return 0
        elif card in (S.GAS, S.SPARE, S.REP, S.GO, S.EOL):
            hazard = {S.GAS: S.OOG, S.SPARE: S.FLAT, S.REP: S.ACC, S.GO: S.STOP, S.EOL: S.LIMIT}
            if side.has(S.SAFETY_OF[hazard[card]]):
                return 0
        elif base.sides[1 - me].has(S.SAFETY_OF[card]):
            return 0
        return GREEDY_KEEP[card]

    def wants_extension(self, view: SeatView) -> bool:
        """Extends when the opponent is less than half way."""
        return view.theirs.mileage < view.goal // 2
