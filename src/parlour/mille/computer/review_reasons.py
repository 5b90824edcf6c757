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
  as the rates or means of the two moves (:mod:`parlour.mille.computer.review_summary`).

Nothing here is written per card: every fact is computed from the seat's view.
"""

from __future__ import annotations

__all__ = [
    "HAZARDS_OF",
    "PLURALS",
    "Facts",
    "count_of",
    "count_words",
    "dead_because",
    "drivable",
    "every",
    "listed",
    "reason_lines",
    "to_go",
]

import textwrap

from parlour.mille.computer.handlog import Answer, Decision
from parlour.mille.computer.inference import finishing_card
from parlour.mille.computer.policy import makes
from parlour.mille.computer.review_outcomes import Contrast
from parlour.mille.computer.review_summary import MIN_PART, played_out
from parlour.mille.computer.review_words import (
    HAZARDS_OF,
    PLURALS,
    count_of,
    count_words,
    dead_because,
    drivable,
    every,
    listed,
    to_go,
)
from parlour.mille.game.cards import MILES, REPAIRS_FOR, SAFETIES, SAFETY_FOR, Card
from parlour.mille.game.scoring import trip_bonuses
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import Move

LINE_ROOM = 77
"""Columns a reason line may take (the review indents its lines by three)."""
REASON_LINES = 2
"""Lines the reasons of one finding may take."""
PLAN_HORIZON = 200
"""Distances left below this are planned card by card (as the computer does)."""
LOW_DECK = 8
"""A deck this short is nearly out (the computer then cashes its safeties)."""


# ------------------------------------------------------------------ the facts
def kind_and_card(view: SeatView, move: Move | Answer) -> tuple[str, Card | None]:
    """What a move does: ("pick", None), ("use", card), ("discard", card), ("extension", None)."""
    if isinstance(move, Answer) or move.kind == "pick":
        return move.kind, None
    return move.kind, view.hand[move.slot]


class Facts:
    """The facts of one decision's position, each tagged with the part of the score it bears on.

    ``mine``/``its``: what the player's move and the advised move do (a kind and a card).
    """

    def __init__(self, decision: Decision, advised: Move | Answer) -> None:
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
            deck = count_words(self.view.deck_count, "card")
            self.add("your_safeties", f"the deck is nearly out ({deck})")
        return self.found

    def dead_cards(self) -> None:
        """The advised discard is dead; the player's attack could do nothing."""
        view, its, mine = self.view, self.its, self.mine
        if its is not None and self.its_kind == "discard" and (why := dead_because(view, its)):
            self.add("hand", f"{its.label} is dead ({why})")
        if mine is not None and self.mine_kind == "use" and mine.is_hazard:
            why = dead_because(view, mine)
            if why:
                self.add("their_trip", f"{mine.label} is no use ({why})")

    def remedy_use(self, remedy: Card) -> str:
        """What a remedy the player threw away was still good for."""
        if remedy is Card.GO:
            return "you need a Go after every hazard"
        hazard = next(h for h, fix in REPAIRS_FOR.items() if fix is remedy)
        unseen = self.view.unseen()[hazard]
        return f"{remedy.label} answers {count_of(unseen, hazard)} still unseen"

    def coup_chances(self) -> None:
        """An open coup fourré missed, a safety played while a coup was still possible."""
        view, its, mine = self.view, self.its, self.mine
        if self.mine_kind == "pick" and its is not None and its.is_safety:
            battle = view.mine.battle
            if view.fresh_battle and battle in HAZARDS_OF[its]:
                self.add(
                    "your_coups", f"a coup fourré was open: {battle.label} was just laid on you"
                )
            elif view.fresh_speed and its is Card.RIGHT_OF_WAY and view.mine.limited:
                self.add("your_coups", "a coup fourré was open: a Speed Limit was just laid on you")
        if mine is not None and mine.is_safety and its is not mine:
            unseen = view.unseen()
            waiting = [count_of(unseen[h], h) for h in HAZARDS_OF[mine] if unseen[h]]
            if waiting:
                self.add(
                    "your_coups",
                    f"{listed(waiting)} unseen: {mine.label} could still make a coup fourré",
                )
        if its is not None and its.is_safety and mine is not its:
            self.cash_reason(its)

    def cash_reason(self, safety: Card) -> None:
        """Why playing a safety now beats holding it."""
        view = self.view
        unseen = view.unseen()
        if all(unseen[hazard] == 0 for hazard in HAZARDS_OF[safety]):
            hazards = listed([every(h) for h in HAZARDS_OF[safety]])
            self.add("your_safeties", f"{hazards} seen: {safety.label} can make no coup fourré")
        held = sum(1 for card in view.held() if card.is_safety)
        if held >= 3:
            self.add("your_safeties", f"you hold {held} safeties")
        left = to_go(view, mine=False)
        finisher = finishing_card(view, view.theirs)
        if finisher is not None and unseen[Card(finisher)]:
            self.add("your_safeties", f"they can finish with one card ({left} to go)")
        if self.mine_kind != "use" or self.mine is None or not self.mine.is_safety:
            laid = {card for card, _ in view.mine.safeties}
            if len(laid) == len(SAFETIES) - 1 and safety not in laid:
                self.add("your_safeties", f"{safety.label} makes all four safeties (300 more)")
            mine = self.mine
            drove = mine is not None and mine.is_distance and self.mine_kind == "use"
            if drove and mine is not None and MILES[mine] == to_go(view):
                self.add(
                    "your_safeties", f"lay {safety.label} first and still finish with {mine.label}"
                )
                return
            if self.mine_kind == "discard" and self.mine is not None:
                kept, part = self.mine.label, "their_miles" if self.mine.is_hazard else "your_miles"
                self.add(part, f"{safety.label} gives you another turn and you keep {kept}")
            else:
                self.add("your_miles", f"{safety.label} also gives you another turn")

    def trip(self) -> None:
        """Finishing now, what a distance card leaves, what the hand makes, driving at all."""
        view = self.view
        left = to_go(view)
        its, mine = self.its, self.mine
        for card in (mine, its):
            finishes = card is not None and card.is_distance and MILES[card] == left
            if finishes and card is not None and drivable(view, card):
                self.add("your_trip", f"{card.label} finishes the trip now")
        drives = its is not None and its.is_distance and self.its_kind == "use"
        if drives and its is not None and MILES[its] < left:
            pair = self.pair_for(left - MILES[its], its)
            if pair and left - MILES[its] < PLAN_HORIZON:
                self.add("your_trip", f"{its.label} leaves {left - MILES[its]}: {pair} it")
            elif mine is None or not mine.is_distance or self.mine_kind != "use":
                reach = view.mine.mileage + MILES[its]
                self.add("your_miles", f"you could drive: {its.label} takes you to {reach}")
        if mine is not None and mine.is_distance and self.mine_kind == "use":
            if MILES[mine] < left < PLAN_HORIZON + MILES[mine]:
                self.add("your_trip", self.after(mine, left - MILES[mine]))
            if not drives and left <= PLAN_HORIZON:
                self.now(left, mine)

    def now(self, left: int, played: Card) -> None:
        """How the miles to go can be made as they are (the player drove instead of waiting)."""
        pair = self.pair_for(left, played)
        if pair:
            self.add("your_trip", f"{pair} the {left} to go")
            return
        exact = next((d for d in MILES if MILES[d] == left), None)
        unseen = self.view.unseen()[exact] if exact is not None else 0
        if exact is not None and unseen:
            self.add("your_trip", f"at {left} to go, {count_of(unseen, exact)} unseen finish it")

    def stopped(self) -> None:
        """The advised move gets the player moving (or lifts the limit)."""
        view, its = self.view, self.its
        if its is None or self.its_kind != "use" or not its.is_remedy:
            return
        if self.mine_kind == "use" and its is self.mine:
            return
        battle = view.mine.battle
        if its is Card.END_OF_LIMIT:
            self.add("your_miles", "End of Limit lifts your Speed Limit")
        elif its is Card.GO and (battle is None or not battle.is_hazard):
            need = "to start" if battle is None else f"after {battle.label}"
            self.add("your_miles", f"you need a Go {need}")
        elif battle is not None:
            self.add("your_miles", f"you are stopped by {battle.label}: {its.label} answers it")

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

    def pair_for(self, left: int, without: Card | None) -> str | None:
        """Cards in hand making ``left`` exactly, one or two of them, with their verb:
        "your 25 finishes", "your 100 and 25 finish"."""
        cards = self.held_miles(without)
        for card in cards:
            if MILES[card] == left:
                return f"your {card.label} finishes"
        for i, first in enumerate(cards):
            for second in cards[i + 1 :]:
                if MILES[first] + MILES[second] == left:
                    return f"your {first.label} and {second.label} finish"
        return None

    def after(self, card: Card, left: int) -> str:
        """What the player's distance card leaves: ``left`` miles, and what could make them."""
        pair = self.pair_for(left, card)
        if pair:
            return f"{card.label} leaves {left}: {pair} it"
        unseen = self.view.unseen()
        held = self.held_miles(card)
        counts = [
            sum(1 for c in held if c is d) + unseen[d]
            for d in (Card.D25, Card.D50, Card.D75, Card.D100)
        ]
        if not makes(left, counts):
            return f"{card.label} leaves {left}, which cannot be made"
        exact = next((d for d in MILES if MILES[d] == left), None)
        if exact is not None:
            return f"{card.label} leaves {left}: none in hand, {unseen[exact]} unseen"
        return f"{card.label} leaves {left}, and nothing in hand makes it"

    def shut_out(self) -> None:
        """A side at 0 miles: the 500 points of the shut-out are at stake."""
        view = self.view
        if view.theirs.mileage == 0 and view.mine.mileage > 0:
            self.add("your_trip", "they have 0 miles: a shut-out (500) is at stake")
        elif view.mine.mileage == 0 and view.theirs.mileage > 0:
            self.add("their_trip", "you have 0 miles: they may shut you out (500)")

    def attacks(self) -> None:
        """What an attack would meet: their remedies and safety unseen."""
        view, its, mine = self.view, self.its, self.mine
        unseen = view.unseen()
        their_left = to_go(view, mine=False)
        if its is not None and its.is_hazard and mine is not its:
            remedy = REPAIRS_FOR[its]
            if its is Card.SPEED_LIMIT:
                text = f"a Speed Limit slows them ({their_left} to go)"
            else:
                text = f"{its.label} stops them at {view.theirs.mileage} miles"
            self.add("their_trip", f"{text}; {count_of(unseen[remedy], remedy)} unseen")
        if mine is None or not mine.is_hazard or its is mine:
            return
        safety = SAFETY_FOR[mine]
        if self.mine_kind == "use" and unseen[safety]:
            self.add("their_coups", f"{safety.label} is unseen: they may answer with a coup")
        if self.mine_kind == "discard" and not dead_because(view, mine):
            when = f"({their_left} to go)" if view.theirs.can_go else "once they move"
            does = "slow" if mine is Card.SPEED_LIMIT else "stop"
            self.add("their_miles", f"{mine.label} could {does} them {when}")

    def spares(self) -> None:
        """The advised discard is a spare copy; the player's discard was still of use."""
        view, its, mine = self.view, self.its, self.mine
        if self.its_kind == "discard" and its is not None:
            copies = view.held().count(its)
            if copies >= 2:
                self.add("hand", f"you hold {count_of(copies, its)}")
        kept = mine is not None and self.mine_kind == "discard" and its is not mine
        if kept and mine is not None and mine.is_remedy and dead_because(view, mine) is None:
            self.add("your_miles", self.remedy_use(mine))

    def race(self) -> None:
        """The opponent is moving near the goal: the race is on."""
        theirs = self.view.theirs
        left = to_go(self.view, mine=False)
        if theirs.can_go and left <= PLAN_HORIZON:
            self.add("their_trip", f"they are moving, {left} to go")

    def extension(self) -> None:
        """Extension?: what stopping scores now, the deck, how far they are from 1000."""
        view = self.view
        bonus = trip_bonuses(
            played_200=view.mine.num_200s > 0,
            deck_empty=view.deck_count == 0,
            goal=view.goal,
            opponent_mileage=view.theirs.mileage,
        )
        names = [
            name
            for name, points in (
                ("Trip Completed", bonus.trip),
                ("Safe Trip", bonus.safe_trip),
                ("Delayed Action", bonus.delayed_action),
                ("Shut-Out", bonus.shut_out),
            )
            if points
        ]
        stopping = f"stopping now scores {bonus.total} ({', '.join(names)})"
        extend = isinstance(self.advised, Answer) and self.advised.extend
        miles = sum(MILES[card] for card in self.held_miles(None))
        if extend:
            self.add(
                "their_trip",
                f"they are at {view.theirs.mileage} miles, {1000 - view.theirs.mileage} from 1000",
            )
            if miles:
                self.add("your_trip", f"your hand holds {miles} miles")
            return
        self.add("your_trip", stopping)
        if not miles:
            self.add("your_trip", "you hold no distance card")
        elif miles < 300:
            self.add("your_trip", f"your hand holds only {miles} of the 300 miles")
        if view.deck_count:
            self.add("your_trip", f"{count_words(view.deck_count, 'card')} left in the deck")
        if view.theirs.can_go:
            more = 1000 - view.goal
            self.add("their_miles", f"they are moving: going on gives them {more} more miles")


# ------------------------------------------------------------------ the lines
def reason_lines(decision: Decision, advised: Move | Answer, contrast: Contrast) -> list[str]:
    """Why ``advised`` beat the player's move: a paragraph that wraps to at most
    :data:`REASON_LINES` lines of :data:`LINE_ROOM` columns (none when nothing is known).

    The position's facts come first when they bear on the parts of the score that made
    the difference (largest first); a dead card the computer would throw away leads.
    """
    parts = [part for part, points in contrast.components() if points >= MIN_PART]
    facts = Facts(decision, advised).gather()

    def rank(item: tuple[int, tuple[str, str]]) -> tuple[float, int]:
        index, (part, _) = item
        if part == "hand":
            return (-1.0, index)
        near = [i for i, known in enumerate(parts) if family(known) == family(part)]
        return (float(near[0]) if near else float(len(parts)), index)

    ordered = [text for _, (_, text) in sorted(enumerate(facts), key=rank)]
    evidence = played_out(contrast, isinstance(advised, Answer))
    taken: list[str] = []
    for clause in ordered:
        if len(textwrap.wrap(paragraph([*taken, clause], evidence), LINE_ROOM)) <= REASON_LINES:
            taken.append(clause)
    text = paragraph(taken, evidence)
    return [text] if text else []


def paragraph(clauses: list[str], evidence: str | None) -> str:
    """ "Why: <clause>; <clause>. Played out: ...." (either part may be missing)."""
    parts = ["Why: " + "; ".join(clauses) + "."] if clauses else []
    if evidence:
        parts.append(evidence)
    return " ".join(parts)


def family(part: str) -> str:
    """Parts of the score that one fact can speak for: a side's trip and miles go together."""
    side, kind = part.split("_", 1)
    return side if kind in ("trip", "miles") else part
