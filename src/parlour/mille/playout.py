"""Fast rule-based players and the playout loop used by the computer's search.

The playout player takes every coup fourré, counters, finishes the trip when
it can, repairs, attacks a moving opponent, drives with the longest card,
holds its safeties until the deck runs low, and otherwise discards the card
it values least. It is deliberately simple: thousands of its turns must run
per decision.
"""

from __future__ import annotations

from parlour.mille.sim import (
    D25,
    D200,
    EOL,
    ET,
    EXTENDED,
    GO,
    GOAL,
    HAZARD_OF,
    LIMIT,
    MILES,
    NONE,
    SAFETY_BIT,
    SAFETY_OF,
    STOP,
    Sim,
)

LOW_DECK = 8
"""Safeties are cashed once the deck holds this many cards or fewer."""
MAX_PLAYOUT_TURNS = 400


def counter_in_hand(sim: Sim, who: int) -> int:
    """A safety in hand that answers ``who``'s own hazard, else NONE."""
    for card in sim.sides[who].hand:
        if card >= ET and sim.is_counter(who, card):
            return card
    return NONE


def fast_choose(sim: Sim, who: int) -> tuple[int, bool]:
    """The playout player's move after its pick: (card, True to use / False to discard)."""
    me = sim.sides[who]
    opp = sim.sides[1 - who]
    rem = sim.goal - me.mileage
    low_deck = len(sim.deck) <= LOW_DECK
    best = NONE
    best_score = -1
    for card in me.hand:
        if card >= ET:
            if sim.is_counter(who, card):
                score = 95
            elif low_deck:
                score = 30
            else:
                continue
        elif not sim.can_use(who, card):
            continue
        elif card <= D200:
            miles = MILES[card]
            score = 100 if miles == rem else 40 + miles // 10
        elif card <= STOP:
            score = 62 + opp.mileage // 50
        elif card == LIMIT:
            if sim.goal - opp.mileage <= 100:
                continue
            score = 35
        elif card == GO:
            if me.can_go:
                continue
            score = 90
        elif card == EOL:
            if rem <= 50:
                continue
            score = 50
        else:
            score = 90
        if score > best_score:
            best_score = score
            best = card
    if best != NONE:
        return best, True
    worst = NONE
    worst_value = 10**6
    for card in me.hand:
        value = discard_value(sim, who, card)
        if value < worst_value:
            worst_value = value
            worst = card
    if worst >= ET:
        return worst, True  # only safeties left: play one rather than hold
    return worst, False


def discard_value(sim: Sim, who: int, card: int) -> int:
    """How much the playout player wants to keep ``card`` (lowest is thrown away)."""
    me = sim.sides[who]
    if card >= ET:
        return 1000
    if card <= D200:
        if (card == D200 and me.n200 >= 2) or (card != D25 and MILES[card] > sim.goal - me.mileage):
            return 0
        return 1 + MILES[card] // 25
    if card == GO:
        return 0 if me.safeties & 8 else 12
    if card == EOL:
        return 0 if me.safeties & 8 else 4
    if card == LIMIT:
        return 0 if sim.sides[1 - who].safeties & 8 else 5
    if card <= STOP:
        return 0 if sim.sides[1 - who].safeties & SAFETY_BIT[SAFETY_OF[card]] else 9
    safety = SAFETY_OF[HAZARD_OF[card]]
    if me.safeties & SAFETY_BIT[safety] or safety in me.hand:
        return 0
    return 10 - 3 * (me.hand.count(card) - 1)


def fast_extend(sim: Sim, who: int) -> bool:
    """The playout player's answer to Extension?."""
    opp = sim.sides[1 - who]
    return len(sim.deck) >= 20 and opp.mileage <= 400 and not opp.safeties & 8


def finish_move(sim: Sim, who: int, card: int, use: bool) -> None:
    """Carry out a post-pick move and everything it triggers (trip end, turn, dead deck)."""
    me = sim.sides[who]
    again = False
    if use:
        again = sim.use(who, card)
        if card <= D200 and me.mileage == sim.goal:
            if sim.goal == GOAL and fast_extend(sim, who):
                sim.goal = EXTENDED
            else:
                sim.end(who)
                return
    else:
        sim.discard(who, card)
    if not again:
        sim.turn = 1 - who
    if not sim.deck and not sim.anyone_can_play():
        sim.end(NONE)


def playout(sim: Sim) -> None:
    """Play the hand to its end with the fast player on both sides."""
    turns = 0
    while not sim.over:
        turns += 1
        if turns > MAX_PLAYOUT_TURNS:
            sim.end(NONE)
            return
        who = sim.turn
        me = sim.sides[who]
        if sim.deck:
            counter = counter_in_hand(sim, who)
            if counter != NONE:
                sim.use(who, counter)
                continue
            sim.pick(who)
            if not sim.deck and not sim.anyone_can_play():
                sim.end(NONE)
                return
        elif not me.hand:
            me.fresh_battle = me.fresh_speed = False
            sim.turn = 1 - who
            continue
        card, use = fast_choose(sim, who)
        finish_move(sim, who, card, use)
