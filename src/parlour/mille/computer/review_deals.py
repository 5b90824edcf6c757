"""The review's deals of the unseen cards: the computer's, and what the opponent's play
showed about the remedies it holds.

The computer's search deals the unseen cards at random into an opponent hand and a deck,
an unseen safety biased to the hand by what the opponent's play showed
(:class:`parlour.mille.computer.ai.SafetyEvidence`). The review's opponent is always the computer,
and the computer always plays a remedy it needs (Go, Gasoline, Spare Tire, Repairs: it
scores them above anything but a sure play or a safety). So an opponent still stopped,
or still needing a Go, after a move of its own holds no such remedy, and from then on it
can hold one only among the cards it has drawn since: a random deal that hands it one
makes a Stop kept, or a trip finished before it moves, look worth more than it is.
:class:`RemedyEvidence` notes the deck size at the last such sight, and
:func:`review_deals` deals as the computer does, then swaps any copy of those remedies
beyond the cards drawn since with a card of the deck (a deterministic swap). The
computer's own decisions are not touched: its deals are unchanged.
"""

from __future__ import annotations

from parlour.mille.computer import sim as S
from parlour.mille.computer.ai import ComputerPlayer, OpponentWatch
from parlour.mille.game.seat import SeatView

REMEDY_FOR = {S.OOG: S.GAS, S.FLAT: S.SPARE, S.ACC: S.REP, S.STOP: S.GO}
"""The remedy each battle hazard calls for."""
SWAP_SALT = 100
"""Offset of the generator that picks the deck cards swapped in (from the deals' salt)."""


class RemedyEvidence(OpponentWatch):
    """Remedies the opponent was seen not to hold: ``deck_at`` is remedy -> the deck size then."""

    def note(self, view: SeatView) -> None:
        theirs = view.theirs
        top = None if theirs.battle is None else int(theirs.battle)
        if theirs.can_go:
            return
        if top in REMEDY_FOR:
            self.deck_at[REMEDY_FOR[top]] = view.deck_count
        elif top is None or top in (S.GAS, S.SPARE, S.REP):
            self.deck_at[S.GO] = view.deck_count

    def allowed(self, view: SeatView) -> dict[int, int]:
        """Per remedy with evidence, how many cards the opponent has drawn since (at most)."""
        return {
            remedy: max(0, (then - view.deck_count + 1) // 2)
            for remedy, then in self.deck_at.items()
        }


def review_deals(
    computer: ComputerPlayer, evidence: RemedyEvidence, view: SeatView, salt: int, count: int
) -> list[S.Sim]:
    """``count`` deals of the unseen cards: the computer's, with the remedies the opponent
    was seen without kept to the cards it drew since (a copy beyond them is swapped with
    a card of the deck)."""
    sims = computer.deals(view, salt, count)
    allowed = evidence.allowed(view)
    if not allowed:
        return sims
    rng = computer.position_rng(view, salt + SWAP_SALT)
    them = 1 - view.me
    for sim in sims:
        hand, deck = sim.sides[them].hand, sim.deck
        for remedy, room in allowed.items():
            while hand.count(remedy) > room:
                swaps = [index for index, card in enumerate(deck) if card not in allowed]
                if not swaps:
                    break
                pick = swaps[int(rng.random() * len(swaps))]
                hand[hand.index(remedy)], deck[pick] = deck[pick], remedy
    return sims
