"""The position in words, for the review's reasons and patterns: card names and counts
("3 Stops", "both Accidents"), lists, miles to go, whether a distance card may be laid, and
why a card is dead. Every word is computed from the seat's view.
"""

from __future__ import annotations

from parlour.mille.game.cards import COPIES, MILES, REPAIRS_FOR, SAFETIES, SAFETY_FOR, Card
from parlour.mille.game.seat import SeatView

PLURALS = {
    Card.STOP: "Stops",
    Card.FLAT_TIRE: "Flat Tires",
    Card.ACCIDENT: "Accidents",
    Card.SPEED_LIMIT: "Speed Limits",
    Card.SPARE_TIRE: "Spare Tires",
    Card.GO: "Gos",
}
HAZARDS_OF: dict[Card, tuple[Card, ...]] = {
    safety: tuple(hazard for hazard, guard in SAFETY_FOR.items() if guard is safety)
    for safety in SAFETIES
}
"""The hazards each safety protects against (Right of Way: Stop and Speed Limit)."""


def count_of(count: int, card: Card) -> str:
    """ "3 Stops", "1 Stop", "2 Out of Gas", "4 100s"."""
    if count == 1:
        return f"1 {card.label}"
    if card.is_distance:
        return f"{count} {card.label}s"
    return f"{count} {PLURALS.get(card, card.label)}"


def every(card: Card) -> str:
    """ "both Accidents", "all 4 Stops", "the Right of Way"."""
    copies = COPIES[card]
    if copies == 1:
        return f"the {card.label}"
    if copies == 2:
        return f"both {PLURALS.get(card, card.label)}"
    return f"all {count_of(copies, card)}"


def listed(words: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def count_words(count: int, noun: str) -> str:
    """ "1 card", "2 cards"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def drivable(view: SeatView, card: Card) -> bool:
    """Whether the seat may lay distance ``card`` now (or after its draw): moving, the
    Speed Limit and the two 200s kept to, the goal not overshot."""
    mine = view.mine
    if not mine.can_go or (mine.limited and MILES[card] > 50):
        return False
    if card is Card.D200 and mine.num_200s >= 2:
        return False
    return mine.mileage + MILES[card] <= view.goal


def to_go(view: SeatView, mine: bool = True) -> int:
    """Miles to the goal for one side."""
    return view.goal - (view.mine if mine else view.theirs).mileage


def dead_because(view: SeatView, card: Card) -> str | None:
    """Why ``card`` can do nothing more for the seat this hand, or None when it still can."""
    mine, theirs = view.mine, view.theirs
    if card.is_safety:
        return None
    if card.is_distance:
        if card is Card.D200 and mine.num_200s >= 2:
            return "two 200s played"
        left = to_go(view)
        if card is not Card.D25 and MILES[card] > left:
            return f"{left} to go"
        return None
    unseen = view.unseen()
    if card.is_remedy:
        hazard = next(h for h, remedy in REPAIRS_FOR.items() if remedy is card)
        safety = SAFETY_FOR[hazard]
        if mine.has_safety(safety):
            return f"{safety.label} played"
        if safety in view.held():
            return f"{safety.label} in hand"
        threatened = mine.battle is hazard or (hazard is Card.SPEED_LIMIT and mine.limited)
        if card is not Card.GO and unseen[hazard] == 0 and not threatened:
            return f"{every(hazard)} seen"
        return None
    safety = SAFETY_FOR[card]
    if theirs.has_safety(safety):
        return f"their {safety.label}"
    if card is Card.SPEED_LIMIT and to_go(view, mine=False) <= 50:
        return f"they need only {to_go(view, mine=False)}"
    return None
