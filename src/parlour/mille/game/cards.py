"""The Mille Bornes cards: the 101-card BSD deck, names, kinds and pairings.

The enum order is BSD's internal card order (spec §1.1); it is the sort order
of the order-hand option. Saves store cards by their enum member name.
"""

from __future__ import annotations

from enum import IntEnum

from parlour.core.i18n import N_, _


class Card(IntEnum):
    """One Mille Bornes card, in BSD's internal order."""

    D25 = 0
    D50 = 1
    D75 = 2
    D100 = 3
    D200 = 4
    OUT_OF_GAS = 5
    FLAT_TIRE = 6
    ACCIDENT = 7
    STOP = 8
    SPEED_LIMIT = 9
    GASOLINE = 10
    SPARE_TIRE = 11
    REPAIRS = 12
    GO = 13
    END_OF_LIMIT = 14
    EXTRA_TANK = 15
    PUNCTURE_PROOF = 16
    DRIVING_ACE = 17
    RIGHT_OF_WAY = 18

    @property
    def label(self) -> str:
        """The name in the player's language: in English exactly as BSD prints it ("25",
        "Out of Gas", ...); French has the names on French cards ("Panne d'essence"); the
        Japanese manual page keeps the English names."""
        return _(LABELS[self])

    @classmethod
    def from_name(cls, name: str) -> Card:
        """The card whose enum member name is ``name``; ``ValueError`` otherwise."""
        if not isinstance(name, str) or name not in cls.__members__:
            raise ValueError(_("unknown card {name}").format(name=repr(name)))
        return cls.__members__[name]

    @property
    def is_distance(self) -> bool:
        """A mileage card (25 .. 200)."""
        return self <= Card.D200

    @property
    def is_hazard(self) -> bool:
        """An attack: Out of Gas, Flat Tire, Accident, Stop or Speed Limit."""
        return Card.OUT_OF_GAS <= self <= Card.SPEED_LIMIT

    @property
    def is_remedy(self) -> bool:
        """Gasoline, Spare Tire, Repairs, Go or End of Limit."""
        return Card.GASOLINE <= self <= Card.END_OF_LIMIT

    @property
    def is_safety(self) -> bool:
        """Extra Tank, Puncture Proof, Driving Ace or Right of Way."""
        return self >= Card.EXTRA_TANK

    @property
    def kind(self) -> str:
        """The kind of card: "distance", "hazard", "remedy" or "safety"."""
        if self.is_distance:
            return "distance"
        if self.is_hazard:
            return "hazard"
        return "safety" if self.is_safety else "remedy"


LABELS: dict[Card, str] = {
    Card.D25: "25",
    Card.D50: "50",
    Card.D75: "75",
    Card.D100: "100",
    Card.D200: "200",
    Card.OUT_OF_GAS: N_("Out of Gas"),
    Card.FLAT_TIRE: N_("Flat Tire"),
    Card.ACCIDENT: N_("Accident"),
    Card.STOP: N_("Stop"),
    Card.SPEED_LIMIT: N_("Speed Limit"),
    Card.GASOLINE: N_("Gasoline"),
    Card.SPARE_TIRE: N_("Spare Tire"),
    Card.REPAIRS: N_("Repairs"),
    Card.GO: N_("Go"),
    Card.END_OF_LIMIT: N_("End of Limit"),
    Card.EXTRA_TANK: N_("Extra Tank"),
    Card.PUNCTURE_PROOF: N_("Puncture Proof"),
    Card.DRIVING_ACE: N_("Driving Ace"),
    Card.RIGHT_OF_WAY: N_("Right of Way"),
}

COPIES: dict[Card, int] = {
    Card.D25: 10,
    Card.D50: 10,
    Card.D75: 10,
    Card.D100: 12,
    Card.D200: 4,
    Card.OUT_OF_GAS: 2,
    Card.FLAT_TIRE: 2,
    Card.ACCIDENT: 2,
    Card.STOP: 4,
    Card.SPEED_LIMIT: 3,
    Card.GASOLINE: 6,
    Card.SPARE_TIRE: 6,
    Card.REPAIRS: 6,
    Card.GO: 14,
    Card.END_OF_LIMIT: 6,
    Card.EXTRA_TANK: 1,
    Card.PUNCTURE_PROOF: 1,
    Card.DRIVING_ACE: 1,
    Card.RIGHT_OF_WAY: 1,
}
"""BSD's card counts (spec §1.1): 46 distance, 13 hazards, 38 remedies, 4 safeties."""

DECK_SIZE = 101

MILES: dict[Card, int] = {
    Card.D25: 25,
    Card.D50: 50,
    Card.D75: 75,
    Card.D100: 100,
    Card.D200: 200,
}
"""Face value of each distance card."""

DISTANCES = (Card.D25, Card.D50, Card.D75, Card.D100, Card.D200)
SAFETIES = (Card.EXTRA_TANK, Card.PUNCTURE_PROOF, Card.DRIVING_ACE, Card.RIGHT_OF_WAY)
"""The four safeties, in board row order 0..3."""

BATTLE_HAZARDS = (Card.OUT_OF_GAS, Card.FLAT_TIRE, Card.ACCIDENT, Card.STOP)
REPAIRS_FOR: dict[Card, Card] = {
    Card.OUT_OF_GAS: Card.GASOLINE,
    Card.FLAT_TIRE: Card.SPARE_TIRE,
    Card.ACCIDENT: Card.REPAIRS,
    Card.STOP: Card.GO,
    Card.SPEED_LIMIT: Card.END_OF_LIMIT,
}
"""The remedy of each hazard."""

HAZARD_FOR: dict[Card, Card] = {remedy: hazard for hazard, remedy in REPAIRS_FOR.items()}
"""The hazard each remedy answers."""

SAFETY_FOR: dict[Card, Card] = {
    Card.OUT_OF_GAS: Card.EXTRA_TANK,
    Card.FLAT_TIRE: Card.PUNCTURE_PROOF,
    Card.ACCIDENT: Card.DRIVING_ACE,
    Card.STOP: Card.RIGHT_OF_WAY,
    Card.SPEED_LIMIT: Card.RIGHT_OF_WAY,
}
"""The safety that protects against each hazard."""

FIXED_REMEDIES = (Card.GASOLINE, Card.SPARE_TIRE, Card.REPAIRS)
"""The three remedies that only go on their own hazard."""


def full_deck() -> list[Card]:
    """All 101 cards in internal order (shuffled before each hand)."""
    return [card for card in Card for _ in range(COPIES[card])]
