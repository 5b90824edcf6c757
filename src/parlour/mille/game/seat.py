"""What one seat may see of a Mille Bornes hand: the input of every computer player.

A :class:`SeatView` holds only public information plus the seat's own hand:
both tableaux (piles, safeties, mileage, distance cards), every discard, the
deck size, the scores, whose move it is. It never holds the deck order or the
opponent's hand (only its size). Any program can build one by hand; the game
builds it with ``Game.view(player)``.
"""

from __future__ import annotations

from collections import Counter

from parlour.core.record import Frozen
from parlour.mille.game.cards import COPIES, Card


class Tableau(Frozen):
    """A player's public side of the table."""

    battle: Card | None
    """Top of the battle pile as shown (a safety may lay a virtual Go)."""
    speed: Card | None
    battle_pile: tuple[Card, ...]
    """Every real card played on the battle pile this hand, oldest first."""
    speed_pile: tuple[Card, ...]
    mileage: int
    distance_played: tuple[Card, ...]
    safeties: tuple[tuple[Card, bool], ...]
    """Safeties played this hand, each with whether it was a coup fourré."""
    can_go: bool
    hand_size: int
    hand_total: int
    overall_total: int
    games_won: int

    def has_safety(self, card: Card) -> bool:
        """Whether ``card`` has been played by this player."""
        return any(safety == card for safety, _ in self.safeties)

    @property
    def num_200s(self) -> int:
        """How many 200s this player laid this hand."""
        return self.distance_played.count(Card.D200)

    @property
    def limited(self) -> bool:
        """Under a Speed Limit."""
        return self.speed == Card.SPEED_LIMIT

    def public_cards(self) -> list[Card]:
        """Every real card of this tableau."""
        return [
            *self.battle_pile,
            *self.speed_pile,
            *self.distance_played,
            *(card for card, _ in self.safeties),
        ]


class SeatView(Frozen):
    """Everything the player ``me`` may know when deciding."""

    me: int
    hand: tuple[Card | None, ...]
    """The seat's seven slots, index 0 = P."""
    mine: Tableau
    theirs: Tableau
    goal: int
    deck_count: int
    discards: tuple[Card, ...]
    """Every card discarded this hand, oldest first."""
    turn: int
    phase: str
    """The game's phase name: "TURN", "EXTENSION", "HAND_OVER" or "GAME_OVER"."""
    fresh_battle: bool
    """A hazard was laid on me and I have not picked since (a coup fourré is open)."""
    fresh_speed: bool

    @property
    def picked(self) -> bool:
        """Whether my P slot holds a card (or the deck is empty, so no pick is due)."""
        return self.hand[0] is not None or self.deck_count == 0

    def held(self) -> list[Card]:
        """The cards in my hand."""
        return [card for card in self.hand if card is not None]

    def seen(self) -> Counter[Card]:
        """Every card I can see: my hand, both tableaux, the discards."""
        cards = Counter(self.held())
        cards.update(self.mine.public_cards())
        cards.update(self.theirs.public_cards())
        cards.update(self.discards)
        return cards

    def unseen(self) -> Counter[Card]:
        """Cards I cannot see: they are in the deck or the opponent's hand."""
        seen = self.seen()
        return Counter(
            {card: COPIES[card] - seen[card] for card in Card if COPIES[card] > seen[card]}
        )
