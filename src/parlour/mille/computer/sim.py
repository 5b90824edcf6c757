"""A lean Mille Bornes hand simulator for the computer player's playouts.

Same rules as ``rules.py`` (spec §2–5 with our bug fixes) on plain ints and
lists, without slots, events or messages, so that thousands of simulated
turns fit in a decision's time budget. Hands are unordered lists of card
numbers (``int(Card)``); a pick draws a second card when the hand had five
cards or fewer, which is what BSD's "slot 1 empty" rule amounts to once holes
collect at the top (§2.2). ``tests/mille/computer/test_sim.py`` plays whole
hands in both engines in lockstep and checks that they stay the same; the
differences are listed in docs/mille.md ("Two engines, one set of rules").
"""

from __future__ import annotations

import random

from parlour.mille.game.cards import COPIES as CARD_COPIES
from parlour.mille.game.cards import Card
from parlour.mille.game.scoring import (
    ALL_SAFETIES_POINTS,
    COUP_POINTS,
    DELAYED_ACTION_POINTS,
    EXTENSION_POINTS,
    SAFE_TRIP_POINTS,
    SAFETY_POINTS,
    SHUT_OUT_POINTS,
    TRIP_POINTS,
)

(D25, D50, D75, D100, D200, OOG, FLAT, ACC, STOP, LIMIT) = range(10)
(GAS, SPARE, REP, GO, EOL, ET, PP, DA, ROW) = range(10, 19)
NONE = -1
MILES = (25, 50, 75, 100, 200)
SAFETY_BIT = {ET: 1, PP: 2, DA: 4, ROW: 8}
ALL_FOUR = 15
SAFETY_OF = (NONE,) * 5 + (ET, PP, DA, ROW, ROW) + (NONE,) * 9
"""The safety protecting against each hazard (index = card)."""
HAZARD_OF = {GAS: OOG, SPARE: FLAT, REP: ACC}
COUNTERED = {ET: OOG, PP: FLAT, DA: ACC, ROW: STOP}
"""The battle hazard each safety answers."""
REMEDY_TOPS = (GAS, SPARE, REP)
GOAL, EXTENDED = 700, 1000
COPIES = tuple(CARD_COPIES[card] for card in Card)
"""How many of each card the deck holds (index = card)."""


class Side:
    """One player in the simulator."""

    __slots__ = (
        "hand",
        "mileage",
        "battle",
        "limited",
        "can_go",
        "safeties",
        "n200",
        "fresh_battle",
        "fresh_speed",
        "points",
    )

    def __init__(self) -> None:
        self.hand: list[int] = []
        self.mileage = 0
        self.battle = NONE
        self.limited = False
        self.can_go = False
        self.safeties = 0
        self.n200 = 0
        self.fresh_battle = False
        self.fresh_speed = False
        self.points = 0
        """Points scored this hand (bonuses included at the end)."""

    def copy(self) -> Side:
        """An independent copy."""
        new = Side.__new__(Side)
        new.hand = self.hand[:]
        new.mileage = self.mileage
        new.battle = self.battle
        new.limited = self.limited
        new.can_go = self.can_go
        new.safeties = self.safeties
        new.n200 = self.n200
        new.fresh_battle = self.fresh_battle
        new.fresh_speed = self.fresh_speed
        new.points = self.points
        return new

    def has(self, safety: int) -> bool:
        """Whether ``safety`` has been played."""
        return bool(self.safeties & SAFETY_BIT[safety])


class Sim:
    """A hand in progress: two sides, the deck (top = last), the goal, whose turn."""

    __slots__ = ("sides", "deck", "goal", "turn", "over", "finisher", "hidden")

    def __init__(
        self,
        sides: list[Side],
        deck: list[int],
        goal: int,
        turn: int,
        hidden: list[int] | None = None,
    ) -> None:
        self.sides = sides
        self.deck = deck
        self.goal = goal
        self.turn = turn
        self.over = False
        self.finisher = NONE
        self.hidden = hidden
        """Per card, the copies not yet in the open (not played on a tableau or discarded);
        None when not counted (positions used only for legality checks)."""

    def copy(self) -> Sim:
        """An independent copy."""
        new = Sim(
            [self.sides[0].copy(), self.sides[1].copy()],
            self.deck[:],
            self.goal,
            self.turn,
            None if self.hidden is None else self.hidden[:],
        )
        new.over = self.over
        new.finisher = self.finisher
        return new

    def unseen_by(self, who: int) -> list[int]:
        """Per card, the copies ``who`` cannot see (in the deck or the other hand)."""
        if self.hidden is None:
            raise ValueError("this position does not count the hidden cards")
        unseen = self.hidden[:]
        for card in self.sides[who].hand:
            unseen[card] -= 1
        return unseen

    # ------------------------------------------------------------- rules
    def can_use(self, who: int, card: int) -> bool:
        """Whether ``who`` may use ``card`` once it has picked (spec §3)."""
        me = self.sides[who]
        if card <= D200:
            if card == D200 and me.n200 >= 2:
                return False
            if card >= D75 and me.limited:
                return False
            if card != D25 and me.mileage + MILES[card] > self.goal:
                return False
            return me.can_go
        if card >= ET:
            return True
        if card <= STOP:
            opp = self.sides[1 - who]
            return opp.can_go and not opp.safeties & SAFETY_BIT[SAFETY_OF[card]]
        if card == LIMIT:
            opp = self.sides[1 - who]
            return not opp.limited and not opp.safeties & 8
        if card == GO:
            top = me.battle
            return top in (NONE, STOP) or GAS <= top <= REP
        if card == EOL:
            return me.limited
        return me.battle == HAZARD_OF[card]

    def is_counter(self, who: int, card: int) -> bool:
        """A safety answering one's own hazard (may be played before picking)."""
        me = self.sides[who]
        if card == ROW and me.limited:
            return True
        return card >= ET and me.battle == COUNTERED[card]

    def playable(self, who: int, card: int) -> bool:
        """BSD's end-of-deck playable test (spec §4.7)."""
        if card >= ET:
            return True
        me = self.sides[who]
        if card == LIMIT:
            opp = self.sides[1 - who]
            return not opp.limited and not opp.safeties & 8 and opp.mileage + 50 < self.goal
        if card == GO:
            top = me.battle
            return not me.can_go and (top in (NONE, STOP) or GAS <= top <= REP)
        return self.can_use(who, card)

    def pick(self, who: int) -> None:
        """Draw one card, two when the hand is short (spec §2.2); closes the coup window."""
        me = self.sides[who]
        short = len(me.hand) <= 5
        me.hand.append(self.deck.pop())
        if short and self.deck:
            me.hand.append(self.deck.pop())
        me.fresh_battle = me.fresh_speed = False

    def use(self, who: int, card: int) -> bool:
        """Play a checked card from the hand; return True when the same player moves again."""
        me = self.sides[who]
        me.hand.remove(card)
        if self.hidden is not None:
            self.hidden[card] -= 1
        deck_empty = not self.deck
        again = False
        if card <= D200:
            miles = MILES[card]
            me.mileage += miles
            me.points += miles
            if card == D200:
                me.n200 += 1
        elif card >= ET:
            self._safety(me, card)
            again = True
        elif card <= STOP:
            opp = self.sides[1 - who]
            opp.battle = card
            opp.can_go = False
            opp.fresh_battle = True
        elif card == LIMIT:
            opp = self.sides[1 - who]
            opp.limited = True
            opp.fresh_speed = True
        elif card == GO:
            me.battle = GO
            me.can_go = True
        elif card == EOL:
            me.limited = False
        else:
            me.battle = card
            if me.safeties & 8:
                me.can_go = True
        if deck_empty:
            me.fresh_battle = me.fresh_speed = False
        return again

    def _safety(self, me: Side, card: int) -> None:
        top = me.battle
        coup = False
        if (card == ROW and me.limited) or top == COUNTERED[card]:
            if card != ROW or top == NONE or GAS <= top <= REP:
                me.battle = GO
                me.can_go = True
            if card == ROW:
                coup = (me.fresh_battle and top == STOP) or (me.fresh_speed and me.limited)
                me.limited = False
            else:
                coup = me.fresh_battle
        me.safeties |= SAFETY_BIT[card]
        me.points += SAFETY_POINTS
        if me.safeties == ALL_FOUR:
            me.points += ALL_SAFETIES_POINTS
        if coup:
            me.points += COUP_POINTS
        if card == ROW:
            if me.battle == NONE or me.battle == STOP:
                me.battle = NONE
                me.can_go = True
            elif GAS <= me.battle <= REP:
                me.can_go = True

    def discard(self, who: int, card: int) -> None:
        """Throw a card away."""
        me = self.sides[who]
        me.hand.remove(card)
        if self.hidden is not None:
            self.hidden[card] -= 1
        if not self.deck:
            me.fresh_battle = me.fresh_speed = False

    def anyone_can_play(self) -> bool:
        """Whether either side holds a BSD-playable card."""
        for who in (0, 1):
            for card in self.sides[who].hand:
                if self.playable(who, card):
                    return True
        return False

    def end(self, finisher: int) -> None:
        """Close the hand, paying the trip bonuses to ``finisher`` (NONE: nobody)."""
        self.over = True
        self.finisher = finisher
        if finisher != NONE:
            me = self.sides[finisher]
            bonus = TRIP_POINTS
            if me.n200 == 0:
                bonus += SAFE_TRIP_POINTS
            if not self.deck:
                bonus += DELAYED_ACTION_POINTS
            if self.goal == EXTENDED:
                bonus += EXTENSION_POINTS
            if self.sides[1 - finisher].mileage == 0:
                bonus += SHUT_OUT_POINTS
            me.points += bonus

    def diff(self, who: int) -> int:
        """Hand points of ``who`` minus the opponent's."""
        return self.sides[who].points - self.sides[1 - who].points


def deal_unseen(
    unseen: list[int], opponent_size: int, rng: random.Random
) -> tuple[list[int], list[int]]:
    """Shuffle the unseen cards into an opponent hand of the known size and a deck."""
    cards = unseen[:]
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:opponent_size], cards[opponent_size:]
