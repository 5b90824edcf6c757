"""The facts of an Extension? decision, in words, for the review's reasons
(:mod:`parlour.mille.computer.review.reasons`): what stopping scores now, the distance in
hand, the deck, how far the opponent is from 1000.
"""

from __future__ import annotations

from parlour.core.i18n import _, ngettext, number, pgettext
from parlour.mille.computer.handlog import ExtensionAnswer
from parlour.mille.game.cards import MILES, Card
from parlour.mille.game.scoring import trip_bonuses
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import Move


def bonus_names(view: SeatView) -> tuple[int, list[str]]:
    """What stopping now scores, and the names of its bonuses (as the score window says
    them)."""
    bonus = trip_bonuses(
        played_200=view.mine.num_200s > 0,
        deck_empty=view.deck_count == 0,
        goal=view.goal,
        opponent_mileage=view.theirs.mileage,
    )
    # TRANSLATORS: the trip bonuses, named as the score window names them.
    names = [
        name
        for name, points in (
            (pgettext("bonus", "Trip Completed"), bonus.trip),
            (pgettext("bonus", "Safe Trip"), bonus.safe_trip),
            (pgettext("bonus", "Delayed Action"), bonus.delayed_action),
            (pgettext("bonus", "Shut-Out"), bonus.shut_out),
        )
        if points
    ]
    return bonus.total, names


def extension_facts(
    view: SeatView, advised: Move | ExtensionAnswer, held: list[Card]
) -> list[tuple[str, str]]:
    """The facts of an Extension? decision, each with the part of the score it bears on
    (``held``: the distance cards in hand the seat could play)."""
    facts: list[tuple[str, str]] = []
    total, names = bonus_names(view)
    extend = isinstance(advised, ExtensionAnswer) and advised.extend
    miles = sum(MILES[card] for card in held)
    theirs = view.theirs.mileage
    if extend:
        text = ngettext(
            "they are at {miles} mile, {left} from 1000",
            "they are at {miles} miles, {left} from 1000",
            theirs,
        )
        facts.append(("their_trip", text.format(miles=number(theirs), left=number(1000 - theirs))))
        if miles:
            text = _("your hand holds {miles} miles").format(miles=number(miles))
            facts.append(("your_trip", text))
        return facts
    # TRANSLATORS: {bonuses} lists the bonus names ("Trip Completed, Safe Trip").
    stopping = _("stopping now scores {points} ({bonuses})")
    bonuses = pgettext("list", ", ").join(names)
    facts.append(("your_trip", stopping.format(points=number(total), bonuses=bonuses)))
    if not miles:
        facts.append(("your_trip", _("you hold no distance card")))
    elif miles < 300:
        text = _("your hand holds only {miles} of the 300 miles").format(miles=number(miles))
        facts.append(("your_trip", text))
    if view.deck_count:
        count = view.deck_count
        text = ngettext("{n} card left in the deck", "{n} cards left in the deck", count)
        facts.append(("your_trip", text.format(n=number(count))))
    if view.theirs.can_go:
        more = number(1000 - view.goal)
        text = _("they are moving: going on gives them {more} more miles")
        facts.append(("their_miles", text.format(more=more)))
    return facts
