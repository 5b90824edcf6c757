"""The review's deals of the unseen cards: the computer's, kept to what the opponent's play
showed about its hand.

The computer's search deals the unseen cards at random into an opponent hand and a deck,
an unseen safety biased to the hand by what the opponent's play showed
(:class:`parlour.mille.computer.evidence.SafetyEvidence`). A player infers more than that from
what the opponent did not do when it could have (:mod:`parlour.mille.computer.inference`):
it did not finish the trip with one card, did not counter a hazard, threw a card away
instead of repairing or playing a Go it needed. A random deal that hands it such a card
anyway makes a trip finished before it moves, or a Stop kept, look worth more than it
is. :func:`review_deals` deals as the computer does, then swaps every copy beyond what
the opponent can have drawn since with a card of the deck (a deterministic swap). The
computer's own decisions are not touched: its deals are unchanged.
"""

from __future__ import annotations

from parlour.mille.computer import sim as S
from parlour.mille.computer.ai import ComputerPlayer
from parlour.mille.computer.inference import Inference, respect
from parlour.mille.game.seat import SeatView

SWAP_SALT = 100
"""Offset of the generator that picks the deck cards swapped in (from the deals' salt)."""


def review_deals(
    computer: ComputerPlayer, inference: Inference, view: SeatView, salt: int, count: int
) -> list[S.Sim]:
    """``count`` deals of the unseen cards: the computer's, with the cards the opponent was
    seen without kept to those it drew since (a copy beyond them is swapped with a card of
    the deck)."""
    sims = computer.deals(view, salt, count)
    rng = computer.position_rng(view, salt + SWAP_SALT)
    respect(sims, 1 - view.me, inference.limits(view), rng)
    return sims
