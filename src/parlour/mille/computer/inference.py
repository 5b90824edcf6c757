"""What a seat can infer about the opponent's hand from what the opponent did not do.

A player watching the opponent draws conclusions no card count gives: an opponent that
could have finished the trip with one card and did not holds no such card; one still
under a hazard after its own move holds neither the remedy nor the safety for it (a
safety would have got it moving, and as a coup fourré scores 300 more); one still
needing a Go after its own move holds no Go. Each such sight holds
at the moment of the opponent's last move; from then on the opponent can hold that card
only among the cards it has drawn since.

:class:`Inference` watches one seat's decisions in order (:meth:`Inference.observe`
before each, :meth:`Inference.moved` with the move made) and says, per card, how many
copies the opponent can hold now at most (:meth:`Inference.limits`);
:func:`respect` makes dealt opponent hands keep to those limits. Pure: no randomness of
its own (the swap's generator is passed in), no I/O. The hand review deals with it
(:mod:`parlour.mille.computer.review.deals`); the computer player does not use it yet
(a change to its play must be measured against the real program first).

The rules assume an opponent that plays as the computer does: it finishes the trip when
one card does it, counters a hazard with its safety when it can, and plays a remedy or
Go that it needs (see ``docs/mille.md``, Hand review, for how often that holds).
"""

from __future__ import annotations

import random

from parlour.mille.computer import sim as S
from parlour.mille.computer.evidence import OpponentWatch
from parlour.mille.game.cards import MILES, Card
from parlour.mille.game.seat import SeatView, Tableau
from parlour.mille.game.table import Move

REMEDY_FOR = {S.OOG: S.GAS, S.FLAT: S.SPARE, S.ACC: S.REP, S.STOP: S.GO}
"""The remedy each battle hazard calls for."""
DISTANCE_FOR = {MILES[card]: int(card) for card in MILES}
"""The distance card of each number of miles."""


def own_moves(tab: Tableau) -> int:
    """Cards a side has laid on its own tableau, safeties aside: its remedies, its Gos,
    its End of Limits and its distance (the hazards on its piles are the other side's)."""
    remedies = sum(1 for card in tab.battle_pile if not card.is_hazard)
    limits_ended = sum(1 for card in tab.speed_pile if card is Card.END_OF_LIMIT)
    return remedies + limits_ended + len(tab.distance_played)


def hazards_on(tab: Tableau) -> int:
    """Hazards laid on a side this hand (the other side's attacks)."""
    return sum(1 for card in tab.battle_pile + tab.speed_pile if card.is_hazard)


def finishing_card(view: SeatView, tab: Tableau) -> int | None:
    """The one distance card that would finish ``tab``'s trip now, if the rules let it play."""
    left = view.goal - tab.mileage
    card = DISTANCE_FOR.get(left)
    if card is None or not tab.can_go:
        return None
    if tab.limited and left > 50:
        return None
    if card == S.D200 and tab.num_200s >= 2:
        return None
    return card


class Inference(OpponentWatch):
    """Cards the opponent was seen not to hold: ``deck_at`` is card -> the deck size then.

    :meth:`observe` notes a view only once the opponent has moved since the seat's
    last move; ``own_before`` is the opponent's own-move count (:func:`own_moves`)
    when the seat last moved, so a view shows whether the opponent's last move laid
    nothing on its own side (an attack or a discard): its position then was the one
    the view shows.
    """

    def __init__(self) -> None:
        super().__init__()
        self.own_before: int | None = None
        self.attacked_before = 0
        """Hazards on the seat's own side when it last moved."""

    def observe(self, view: SeatView) -> None:
        if view.deck_count > self.last_deck:
            self.own_before = None
        super().observe(view)

    def moved(self, view: SeatView, move: Move) -> None:
        super().moved(view, move)
        if move.kind != "pick":
            self.own_before = own_moves(view.theirs)
            self.attacked_before = hazards_on(view.mine)

    def note(self, view: SeatView) -> None:
        theirs = view.theirs
        top = None if theirs.battle is None else int(theirs.battle)
        # Its last move laid nothing on its own side (an attack or a discard): it made
        # that move from the position the view shows, and chose not to move on.
        idle = self.own_before is not None and own_moves(theirs) == self.own_before
        # ... and when it did not attack either, it threw a card away.
        discarded = idle and hazards_on(view.mine) == self.attacked_before
        if not theirs.can_go and top in REMEDY_FOR:  # under a hazard: no safety for it ...
            self.deck_at[S.SAFETY_OF[top]] = view.deck_count
            if discarded:  # ... and, when it threw a card away instead, no remedy
                self.deck_at[REMEDY_FOR[top]] = view.deck_count
        elif not theirs.can_go and discarded:  # it needs a Go and threw a card away: none
            self.deck_at[S.GO] = view.deck_count
        if theirs.limited:  # a Speed Limit stands: no Right of Way
            self.deck_at[S.ROW] = view.deck_count
        card = finishing_card(view, theirs) if idle else None
        if card is not None:  # it could have finished with its last move and did not
            self.deck_at[card] = view.deck_count

    def limits(self, view: SeatView) -> dict[int, int]:
        """Per card with evidence, how many copies the opponent can hold now at most (the
        cards it has drawn since the sight, counted generously)."""
        return {
            card: max(0, (then - view.deck_count + 1) // 2) for card, then in self.deck_at.items()
        }


def respect(sims: list[S.Sim], them: int, limits: dict[int, int], rng: random.Random) -> None:
    """Make each dealt opponent hand keep to ``limits``: a copy beyond them is swapped with a
    card of the deck that has no limit (chosen with ``rng``), so the unseen cards stay the
    same and only their places change."""
    if not limits:
        return
    for sim in sims:
        hand, deck = sim.sides[them].hand, sim.deck
        for card, room in limits.items():
            while hand.count(card) > room:
                swaps = [index for index, other in enumerate(deck) if other not in limits]
                if not swaps:
                    break
                pick = swaps[int(rng.random() * len(swaps))]
                hand[hand.index(card)], deck[pick] = deck[pick], card
