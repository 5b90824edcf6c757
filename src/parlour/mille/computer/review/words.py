"""The position in words, for the review's reasons and patterns: card names and counts
("3 Stops", "both Accidents"), lists, miles to go, whether a distance card may be laid, and
why a card is dead. Every word is computed from the seat's view.

Every phrase is a message of the player's language (issue #42), a whole phrase with named
placeholders: a count and its card ("3 Stops"; French "3 cartes Feu rouge", Japanese
"3枚のStop") is one message, never a number glued to a word.
"""

from __future__ import annotations

from parlour.core.i18n import _, ngettext, number, pgettext
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
"""The English plurals of the card names that take an -s (the distances take one too:
"4 100s"; the others stay as they are: "2 Out of Gas"). :func:`plural_label` says them in
the player's language."""
HAZARDS_OF: dict[Card, tuple[Card, ...]] = {
    safety: tuple(hazard for hazard, guard in SAFETY_FOR.items() if guard is safety)
    for safety in SAFETIES
}
"""The hazards each safety protects against (Right of Way: Stop and Speed Limit)."""


def plural_label(card: Card) -> str:
    """More than one ``card``, as the counts say it: "Stops", "100s", "Out of Gas"."""
    # TRANSLATORS: more than one card of a kind, as in "3 Stops" or "both Accidents" (the
    # messages "{n} {cards}", "both {cards}", "all {n} {cards}" put it in place).
    names = {
        Card.D25: pgettext("cards", "25s"),
        Card.D50: pgettext("cards", "50s"),
        Card.D75: pgettext("cards", "75s"),
        Card.D100: pgettext("cards", "100s"),
        Card.D200: pgettext("cards", "200s"),
        Card.OUT_OF_GAS: pgettext("cards", "Out of Gas"),
        Card.FLAT_TIRE: pgettext("cards", "Flat Tires"),
        Card.ACCIDENT: pgettext("cards", "Accidents"),
        Card.STOP: pgettext("cards", "Stops"),
        Card.SPEED_LIMIT: pgettext("cards", "Speed Limits"),
        Card.GASOLINE: pgettext("cards", "Gasoline"),
        Card.SPARE_TIRE: pgettext("cards", "Spare Tires"),
        Card.REPAIRS: pgettext("cards", "Repairs"),
        Card.GO: pgettext("cards", "Gos"),
        Card.END_OF_LIMIT: pgettext("cards", "End of Limit"),
        Card.EXTRA_TANK: pgettext("cards", "Extra Tank"),
        Card.PUNCTURE_PROOF: pgettext("cards", "Puncture Proof"),
        Card.DRIVING_ACE: pgettext("cards", "Driving Ace"),
        Card.RIGHT_OF_WAY: pgettext("cards", "Right of Way"),
    }
    return names[card]


def count_of(count: int, card: Card) -> str:
    """ "3 Stops", "1 Stop", "2 Out of Gas", "4 100s"."""
    # TRANSLATORS: {n} cards of one kind: {card} is the card's name, {cards} its plural
    # (the messages with context "cards"); a form may use either.
    text = ngettext("{n} {card}", "{n} {cards}", count)
    return text.format(n=number(count), card=card.label, cards=plural_label(card))


def every(card: Card) -> str:
    """ "both Accidents", "all 4 Stops", "the Right of Way"."""
    copies = COPIES[card]
    if copies == 1:
        # TRANSLATORS: the one card of its kind in the deck (a safety).
        return _("the {card}").format(card=card.label)
    if copies == 2:
        return _("both {cards}").format(cards=plural_label(card))
    return _("all {n} {cards}").format(n=number(copies), cards=plural_label(card))


def listed(words: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    # TRANSLATORS: between the items of a list but the last two ("75, 50 and 25").
    head = pgettext("list", ", ").join(words[:-1])
    # TRANSLATORS: the last two items of a list ("75, 50 and 25": {first} is "75, 50").
    return _("{first} and {last}").format(first=head, last=words[-1])


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
    """Why ``card`` can do nothing more for the seat this hand, or None when it still can.

    A short phrase, shown in brackets after the card ("Repairs is dead (Driving Ace
    played)")."""
    mine, theirs = view.mine, view.theirs
    if card.is_safety:
        return None
    if card.is_distance:
        if card is Card.D200 and mine.num_200s >= 2:
            # TRANSLATORS: why a 200 is dead, in brackets after it.
            return _("two 200s played")
        left = to_go(view)
        if card is not Card.D25 and MILES[card] > left:
            # TRANSLATORS: why a distance card is dead, in brackets after it.
            return _("{left} to go").format(left=number(left))
        return None
    unseen = view.unseen()
    if card.is_remedy:
        hazard = next(h for h, remedy in REPAIRS_FOR.items() if remedy is card)
        safety = SAFETY_FOR[hazard]
        if mine.has_safety(safety):
            # TRANSLATORS: why a remedy is dead, in brackets after it: your safety is laid.
            return _("{safety} played").format(safety=safety.label)
        if safety in view.held():
            return _("{safety} in hand").format(safety=safety.label)
        threatened = mine.battle is hazard or (hazard is Card.SPEED_LIMIT and mine.limited)
        if card is not Card.GO and unseen[hazard] == 0 and not threatened:
            # TRANSLATORS: why a remedy is dead: {every} is e.g. "both Accidents".
            return _("{every} seen").format(every=every(hazard))
        return None
    safety = SAFETY_FOR[card]
    if theirs.has_safety(safety):
        # TRANSLATORS: why a hazard is dead, in brackets after it: the opponent's safety.
        return _("their {safety}").format(safety=safety.label)
    if card is Card.SPEED_LIMIT and to_go(view, mine=False) <= 50:
        # TRANSLATORS: why a Speed Limit is dead: the opponent's miles to go, 50 or fewer.
        return _("they need only {left}").format(left=number(to_go(view, mine=False)))
    return None
