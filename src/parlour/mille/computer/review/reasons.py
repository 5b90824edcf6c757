"""Why the computer's move was better, in words: from the position the player saw and from
what differed in the playouts of the two moves.

Two lines at most, each fitting the review screen:

* ``Why:`` the facts of the position that bear on the two moves: a card that is dead
  and why (its safety on the table or in hand, every hazard it answers already seen,
  distance that would overshoot, a third 200, a hazard the opponent is safe from), a
  coup fourré that was open or is still possible (the hazards unseen), the trip that
  cannot finish after a distance card (what is left, and whether cards held or unseen
  make it), the shut-out at stake (a side at 0 miles), a safety of theirs still
  unseen, what an attack would meet (their remedies unseen), spare copies held, a
  deck nearly out. Facts about the part of the score that made the difference come
  first.
* ``Played out:`` what made the difference in the playouts (the largest part of the
  loss: completing the trip, the shut-out, their trip, coups fourrés, miles, safeties),
  as the rates or means of the two moves (:mod:`parlour.mille.computer.review.summary`).

Nothing here is written per card: every fact is computed from the seat's view.
"""

from __future__ import annotations

__all__ = [
    "HAZARDS_OF",
    "PLURALS",
    "Facts",
    "count_of",
    "dead_because",
    "drivable",
    "every",
    "listed",
    "reason_lines",
    "to_go",
]

from parlour.core.i18n import _, language, ngettext, number, pgettext
from parlour.mille.computer.handlog import Decision, ExtensionAnswer
from parlour.mille.computer.inference import finishing_card
from parlour.mille.computer.policy import makes
from parlour.mille.computer.review.extension import extension_facts
from parlour.mille.computer.review.outcomes import Contrast
from parlour.mille.computer.review.summary import MIN_PART, played_out
from parlour.mille.computer.review.words import (
    HAZARDS_OF,
    PLURALS,
    count_of,
    dead_because,
    drivable,
    every,
    listed,
    to_go,
)
from parlour.mille.computer.review.wrap import wrap
from parlour.mille.game.cards import MILES, REPAIRS_FOR, SAFETIES, SAFETY_FOR, Card
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import Move

LINE_ROOM = 77
"""Columns a reason line may take (the review indents its lines by three)."""
REASON_LINES = 2
"""Lines the reasons of one finding may take..."""
TRANSLATED_REASON_LINES = 3
"""... and in French or Japanese, whose sentences run longer than the English ones: the
facts that fit two English lines would be left out on a translated page otherwise."""
PLAN_HORIZON = 200
"""Distances left below this are planned card by card (as the computer does)."""
LOW_DECK = 8
"""A deck this short is nearly out (the computer then cashes its safeties)."""


# ------------------------------------------------------------------ the facts
def kind_and_card(view: SeatView, move: Move | ExtensionAnswer) -> tuple[str, Card | None]:
    """What a move does: ("pick", None), ("use", card), ("discard", card), ("extension", None)."""
    if isinstance(move, ExtensionAnswer) or move.kind == "pick":
        return move.kind, None
    return move.kind, view.hand[move.slot]


class Facts:
    """The facts of one decision's position, each tagged with the part of the score it bears on.

    ``mine``/``its``: what the player's move and the advised move do (a kind and a card).
    """

    def __init__(self, decision: Decision, advised: Move | ExtensionAnswer) -> None:
        self.view = decision.view
        self.mine_kind, self.mine = kind_and_card(self.view, decision.move)
        self.its_kind, self.its = kind_and_card(self.view, advised)
        self.advised = advised
        self.found: list[tuple[str, str]] = []

    def add(self, part: str, text: str | None) -> None:
        if text and all(text != known for _, known in self.found):
            self.found.append((part, text))

    def gather(self) -> list[tuple[str, str]]:
        """Every fact that bears on the two moves, in a first order of importance."""
        if "extension" in (self.mine_kind, self.its_kind):
            self.extension()
            return self.found
        self.stopped()
        self.dead_cards()
        self.coup_chances()
        self.trip()
        self.shut_out()
        self.attacks()
        self.race()
        self.spares()
        if self.view.deck_count <= LOW_DECK:
            count = self.view.deck_count
            nearly = ngettext(
                "the deck is nearly out ({n} card)", "the deck is nearly out ({n} cards)", count
            )
            self.add("your_safeties", nearly.format(n=number(count)))
        return self.found

    def dead_cards(self) -> None:
        """The advised discard is dead; the player's attack could do nothing."""
        view, its, mine = self.view, self.its, self.mine
        if its is not None and self.its_kind == "discard" and (why := dead_because(view, its)):
            self.add("hand", _("{card} is dead ({why})").format(card=its.label, why=why))
        if mine is not None and self.mine_kind == "use" and mine.is_hazard:
            why = dead_because(view, mine)
            if why:
                text = _("{card} is no use ({why})").format(card=mine.label, why=why)
                self.add("their_trip", text)

    def remedy_use(self, remedy: Card) -> str:
        """What a remedy the player threw away was still good for."""
        if remedy is Card.GO:
            return _("you need a {go} after every hazard").format(go=Card.GO.label)
        hazard = next(h for h, fix in REPAIRS_FOR.items() if fix is remedy)
        unseen = self.view.unseen()[hazard]
        # TRANSLATORS: {count} is a count of a hazard card ("2 Flat Tires").
        text = _("{remedy} answers {count} still unseen")
        return text.format(remedy=remedy.label, count=count_of(unseen, hazard))

    def coup_chances(self) -> None:
        """An open coup fourré missed, a safety played while a coup was still possible."""
        view, its, mine = self.view, self.its, self.mine
        if self.mine_kind == "pick" and its is not None and its.is_safety:
            battle = view.mine.battle
            if view.fresh_battle and battle in HAZARDS_OF[its]:
                text = _("a coup fourré was open: {hazard} was just laid on you")
                self.add("your_coups", text.format(hazard=battle.label))
            elif view.fresh_speed and its is Card.RIGHT_OF_WAY and view.mine.limited:
                text = _("a coup fourré was open: a Speed Limit was just laid on you")
                self.add("your_coups", text)
        if mine is not None and mine.is_safety and its is not mine:
            unseen = view.unseen()
            waiting = [count_of(unseen[h], h) for h in HAZARDS_OF[mine] if unseen[h]]
            if waiting:
                # TRANSLATORS: {cards} lists counts of hazard cards ("2 Stops and 1 Speed Limit").
                text = _("{cards} unseen: {safety} could still make a coup fourré")
                self.add("your_coups", text.format(cards=listed(waiting), safety=mine.label))
        if its is not None and its.is_safety and mine is not its:
            self.cash_reason(its)

    def cash_reason(self, safety: Card) -> None:
        """Why playing a safety now beats holding it."""
        view = self.view
        unseen = view.unseen()
        if all(unseen[hazard] == 0 for hazard in HAZARDS_OF[safety]):
            hazards = listed([every(h) for h in HAZARDS_OF[safety]])
            # TRANSLATORS: {hazards} lists every copy of hazards ("all 5 Stops and all 4 ...").
            text = _("{hazards} seen: {safety} can make no coup fourré")
            self.add("your_safeties", text.format(hazards=hazards, safety=safety.label))
        held = sum(1 for card in view.held() if card.is_safety)
        if held >= 3:
            text = ngettext("you hold {n} safety", "you hold {n} safeties", held)
            self.add("your_safeties", text.format(n=number(held)))
        left = to_go(view, mine=False)
        finisher = finishing_card(view, view.theirs)
        if finisher is not None and unseen[Card(finisher)]:
            text = _("they can finish with one card ({left} to go)")
            self.add("your_safeties", text.format(left=number(left)))
        if self.mine_kind != "use" or self.mine is None or not self.mine.is_safety:
            laid = {card for card, _ in view.mine.safeties}
            if len(laid) == len(SAFETIES) - 1 and safety not in laid:
                text = _("{safety} makes all four safeties (300 more)")
                self.add("your_safeties", text.format(safety=safety.label))
            mine = self.mine
            drove = mine is not None and mine.is_distance and self.mine_kind == "use"
            if drove and mine is not None and MILES[mine] == to_go(view):
                text = _("lay {safety} first and still finish with {card}")
                self.add("your_safeties", text.format(safety=safety.label, card=mine.label))
                return
            if self.mine_kind == "discard" and self.mine is not None:
                kept, part = self.mine.label, "their_miles" if self.mine.is_hazard else "your_miles"
                text = _("{safety} gives you another turn and you keep {card}")
                self.add(part, text.format(safety=safety.label, card=kept))
            else:
                text = _("{safety} also gives you another turn")
                self.add("your_miles", text.format(safety=safety.label))

    def trip(self) -> None:
        """Finishing now, what a distance card leaves, what the hand makes, driving at all."""
        view = self.view
        left = to_go(view)
        its, mine = self.its, self.mine
        for card in (mine, its):
            finishes = card is not None and card.is_distance and MILES[card] == left
            if finishes and card is not None and drivable(view, card):
                self.add("your_trip", _("{card} finishes the trip now").format(card=card.label))
        drives = its is not None and its.is_distance and self.its_kind == "use"
        if drives and its is not None and MILES[its] < left:
            pair = self.pair_for(left - MILES[its], its)
            if pair and left - MILES[its] < PLAN_HORIZON:
                self.add("your_trip", leaves_for(its, left - MILES[its], pair))
            elif mine is None or not mine.is_distance or self.mine_kind != "use":
                reach = number(view.mine.mileage + MILES[its])
                text = _("you could drive: {card} takes you to {miles}")
                self.add("your_miles", text.format(card=its.label, miles=reach))
        if mine is not None and mine.is_distance and self.mine_kind == "use":
            if MILES[mine] < left < PLAN_HORIZON + MILES[mine]:
                self.add("your_trip", self.after(mine, left - MILES[mine]))
            if not drives and left <= PLAN_HORIZON:
                self.now(left, mine)

    def now(self, left: int, played: Card) -> None:
        """How the miles to go can be made as they are (the player drove instead of waiting)."""
        pair = self.pair_for(left, played)
        if pair and len(pair) == 1:
            text = _("your {card} finishes the {left} to go")
            self.add("your_trip", text.format(card=pair[0].label, left=number(left)))
            return
        if pair:
            text = _("your {first} and {second} finish the {left} to go")
            first, second = pair[0].label, pair[1].label
            self.add("your_trip", text.format(first=first, second=second, left=number(left)))
            return
        exact = next((d for d in MILES if MILES[d] == left), None)
        unseen = self.view.unseen()[exact] if exact is not None else 0
        if exact is not None and unseen:
            # TRANSLATORS: {count} is a count of one distance card ("3 25s").
            text = ngettext(
                "at {left} to go, {count} unseen finish it",
                "at {left} to go, {count} unseen finish it",
                unseen,
            )
            count = count_of(unseen, exact)
            self.add("your_trip", text.format(left=number(left), count=count))

    def stopped(self) -> None:
        """The advised move gets the player moving (or lifts the limit)."""
        view, its = self.view, self.its
        if its is None or self.its_kind != "use" or not its.is_remedy:
            return
        if self.mine_kind == "use" and its is self.mine:
            return
        battle = view.mine.battle
        if its is Card.END_OF_LIMIT:
            text = _("{remedy} lifts your {hazard}")
            self.add("your_miles", text.format(remedy=its.label, hazard=Card.SPEED_LIMIT.label))
        elif its is Card.GO and battle is None:
            self.add("your_miles", _("you need a {go} to start").format(go=its.label))
        elif its is Card.GO and battle is not None and not battle.is_hazard:
            text = _("you need a {go} after {card}")
            self.add("your_miles", text.format(go=its.label, card=battle.label))
        elif battle is not None:
            text = _("you are stopped by {hazard}: {remedy} answers it")
            self.add("your_miles", text.format(hazard=battle.label, remedy=its.label))

    def held_miles(self, without: Card | None) -> list[Card]:
        """The distance cards in hand the seat could play (one ``without`` left out)."""
        cards = [card for card in self.view.held() if card.is_distance]
        if without is not None and without in cards:
            cards.remove(without)
        if self.view.mine.limited:
            cards = [card for card in cards if MILES[card] <= 50]
        if self.view.mine.num_200s >= 2:
            cards = [card for card in cards if card is not Card.D200]
        return cards

    def pair_for(self, left: int, without: Card | None) -> tuple[Card, ...] | None:
        """Cards in hand making ``left`` exactly, one or two of them (a 25; a 100 and a 25)."""
        cards = self.held_miles(without)
        for card in cards:
            if MILES[card] == left:
                return (card,)
        for i, first in enumerate(cards):
            for second in cards[i + 1 :]:
                if MILES[first] + MILES[second] == left:
                    return (first, second)
        return None

    def after(self, card: Card, left: int) -> str:
        """What the player's distance card leaves: ``left`` miles, and what could make them."""
        pair = self.pair_for(left, card)
        if pair:
            return leaves_for(card, left, pair)
        unseen = self.view.unseen()
        held = self.held_miles(card)
        counts = [
            sum(1 for c in held if c is d) + unseen[d]
            for d in (Card.D25, Card.D50, Card.D75, Card.D100)
        ]
        miles = number(left)
        if not makes(left, counts):
            text = _("{card} leaves {left}, which cannot be made")
            return text.format(card=card.label, left=miles)
        exact = next((d for d in MILES if MILES[d] == left), None)
        if exact is not None:
            # TRANSLATORS: {unseen} is how many cards of that distance are unseen.
            text = _("{card} leaves {left}: none in hand, {unseen} unseen")
            return text.format(card=card.label, left=miles, unseen=number(unseen[exact]))
        text = _("{card} leaves {left}, and nothing in hand makes it")
        return text.format(card=card.label, left=miles)

    def shut_out(self) -> None:
        """A side at 0 miles: the 500 points of the shut-out are at stake."""
        view = self.view
        if view.theirs.mileage == 0 and view.mine.mileage > 0:
            self.add("your_trip", _("they have 0 miles: a shut-out (500) is at stake"))
        elif view.mine.mileage == 0 and view.theirs.mileage > 0:
            self.add("their_trip", _("you have 0 miles: they may shut you out (500)"))

    def attacks(self) -> None:
        """What an attack would meet: their remedies and safety unseen."""
        view, its, mine = self.view, self.its, self.mine
        unseen = view.unseen()
        their_left = to_go(view, mine=False)
        if its is not None and its.is_hazard and mine is not its:
            remedy = REPAIRS_FOR[its]
            count = count_of(unseen[remedy], remedy)
            if its is Card.SPEED_LIMIT:
                # TRANSLATORS: {count} is a count of the remedy ("2 End of Limit").
                text = _("a Speed Limit slows them ({left} to go); {count} unseen")
                text = text.format(left=number(their_left), count=count)
            else:
                text = ngettext(
                    "{card} stops them at {miles} mile; {count} unseen",
                    "{card} stops them at {miles} miles; {count} unseen",
                    view.theirs.mileage,
                )
                miles = number(view.theirs.mileage)
                text = text.format(card=its.label, miles=miles, count=count)
            self.add("their_trip", text)
        if mine is None or not mine.is_hazard or its is mine:
            return
        safety = SAFETY_FOR[mine]
        if self.mine_kind == "use" and unseen[safety]:
            text = _("{safety} is unseen: they may answer with a coup")
            self.add("their_coups", text.format(safety=safety.label))
        if self.mine_kind == "discard" and not dead_because(view, mine):
            self.add("their_miles", could_hold_up(mine, their_left, view.theirs.can_go))

    def spares(self) -> None:
        """The advised discard is a spare copy; the player's discard was still of use."""
        view, its, mine = self.view, self.its, self.mine
        if self.its_kind == "discard" and its is not None:
            copies = view.held().count(its)
            if copies >= 2:
                self.add("hand", _("you hold {count}").format(count=count_of(copies, its)))
        kept = mine is not None and self.mine_kind == "discard" and its is not mine
        if kept and mine is not None and mine.is_remedy and dead_because(view, mine) is None:
            self.add("your_miles", self.remedy_use(mine))

    def race(self) -> None:
        """The opponent is moving near the goal: the race is on."""
        theirs = self.view.theirs
        left = to_go(self.view, mine=False)
        if theirs.can_go and left <= PLAN_HORIZON:
            self.add("their_trip", _("they are moving, {left} to go").format(left=number(left)))

    def extension(self) -> None:
        """Extension?: what stopping scores now, the deck, how far they are from 1000."""
        for part, text in extension_facts(self.view, self.advised, self.held_miles(None)):
            self.add(part, text)


def leaves_for(card: Card, left: int, pair: tuple[Card, ...]) -> str:
    """What a distance card leaves and the cards in hand that make it exactly."""
    if len(pair) == 1:
        text = _("{card} leaves {left}: your {other} finishes it")
        return text.format(card=card.label, left=number(left), other=pair[0].label)
    text = _("{card} leaves {left}: your {first} and {second} finish it")
    first, second = pair[0].label, pair[1].label
    return text.format(card=card.label, left=number(left), first=first, second=second)


def could_hold_up(hazard: Card, left: int, moving: bool) -> str:
    """What a hazard the player threw away could have done to the opponent."""
    if hazard is Card.SPEED_LIMIT and moving:
        text = _("{card} could slow them ({left} to go)")
    elif hazard is Card.SPEED_LIMIT:
        text = _("{card} could slow them once they move")
    elif moving:
        text = _("{card} could stop them ({left} to go)")
    else:
        text = _("{card} could stop them once they move")
    return text.format(card=hazard.label, left=number(left))


# ------------------------------------------------------------------ the lines
def reason_lines(
    decision: Decision, advised: Move | ExtensionAnswer, contrast: Contrast
) -> list[str]:
    """Why ``advised`` beat the player's move: a paragraph that wraps to at most
    :data:`REASON_LINES` lines (:data:`TRANSLATED_REASON_LINES` in French or Japanese) of
    :data:`LINE_ROOM` columns (none when nothing is known).

    The position's facts come first when they bear on the parts of the score that made
    the difference (largest first); a dead card the computer would throw away leads.
    """
    parts = [part for part, points in contrast.components() if points >= MIN_PART]
    facts = Facts(decision, advised).gather()

    def rank(item: tuple[int, tuple[str, str]]) -> tuple[float, int]:
        index, (part, _text) = item
        if part == "hand":
            return (-1.0, index)
        near = [i for i, known in enumerate(parts) if family(known) == family(part)]
        return (float(near[0]) if near else float(len(parts)), index)

    ordered = [text for _index, (_part, text) in sorted(enumerate(facts), key=rank)]
    evidence = played_out(contrast, isinstance(advised, ExtensionAnswer))
    taken: list[str] = []
    room = REASON_LINES if language() == "en" else TRANSLATED_REASON_LINES
    for clause in ordered:
        if len(wrap(paragraph([*taken, clause], evidence), LINE_ROOM)) <= room:
            taken.append(clause)
    text = paragraph(taken, evidence)
    return [text] if text else []


def paragraph(clauses: list[str], evidence: str | None) -> str:
    """ "Why: <clause>; <clause>. Played out: ...." (either part may be missing)."""
    if not clauses:
        return evidence or ""
    # TRANSLATORS: between the facts of a "Why:" sentence (each a clause, no capital).
    why = _("Why: {reasons}.").format(reasons=pgettext("reasons", "; ").join(clauses))
    if not evidence:
        return why
    # TRANSLATORS: the "Why: ..." sentence, then the "Played out: ..." one.
    return _("{why} {played_out}").format(why=why, played_out=evidence)


def family(part: str) -> str:
    """Parts of the score that one fact can speak for: a side's trip and miles go together."""
    side, kind = part.split("_", 1)
    return side if kind in ("trip", "miles") else part
