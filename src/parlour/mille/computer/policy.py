"""The computer's card-counting heuristic, on the lean simulator.

One player's judgement from what its seat may see in a :class:`~parlour.mille.computer.sim.Sim`:
its own hand, both tableaux, the cards out in the open (``Sim.hidden``), the
deck size and the opponent's hand size. It never reads the opponent's cards or
the deck order, so the same code decides the computer's real moves (on a
simulator built from its :class:`~parlour.mille.game.seat.SeatView`, the hidden
cards left blank) and plays both sides of the search's playouts.

* Safety timing: a coup fourré is always taken; otherwise a safety is held for
  the coup unless the opponent could finish with its next card, the deck is
  nearly empty (8 cards or fewer), no coup is possible any more (every hazard
  it blocks has been seen), three safeties clog the hand, or this player is
  about to finish the trip (bank the 100 and the extra turn).
* Attacks are valued by the chance, from the unseen cards, that the opponent
  lacks the remedy and the safety; discards keep what the unseen cards say is
  still needed; distance plans an exact finish.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from parlour.mille.computer import sim as S

DEAL = 6
FULL_DECK_AFTER_DEAL = 89
SURE_PLAY = 150.0
"""Heuristic scores from here up (finishing the trip, cashing a safety) are sure plays."""
LOW_DECK = 8
SAFETY_CLOG = 3
PLAN_HORIZON = 200
"""Distances left below this are planned card by card for an exact finish."""
KEEP_FOR_COUP_DECK = 20
"""A stopped player holding both the remedy and the safety repairs while this many cards remain."""
MAX_PLAYOUT_TURNS = 400


@dataclass(frozen=True)
class Weights:
    """The heuristic's tunable numbers (tuned by duels against the baseline players)."""

    drive: float = 40.0
    attack: float = 60.0
    attack_no_fix: float = 30.0
    attack_coup_risk: float = 40.0
    limit: float = 30.0
    remedy_keep: float = 2.0
    end_limit_keep: float = 1.0
    go_threat: float = 3.0
    hazard_keep: float = 25.0
    limit_keep: float = 10.0
    d25_keep: float = 1.0
    d50_keep: float = 2.0
    d75_keep: float = 3.0
    d100_keep: float = 5.0
    d200_keep: float = 6.0
    plan_bonus: float = 6.0
    dead_end: float = 40.0


DEFAULT_WEIGHTS = Weights()


@dataclass(frozen=True)
class Option:
    """Use or discard one card (the slot is found when the move is made)."""

    card: int
    use: bool


def opponent_safety_share(deck_count: int) -> float:
    """The chance that any one unseen safety was drawn (and so kept) by the opponent."""
    drawn = DEAL + (FULL_DECK_AFTER_DEAL - deck_count) / 2
    return min(1.0, drawn / (drawn + deck_count))


class Knowledge:
    """Card counts one seat can work out: what is unseen, what the opponent may hold.

    ``safety_odds`` may give, per safety, a better chance that the opponent
    holds it than the draw share (the computer works it out from what the
    opponent did not play; see ``evidence.SafetyEvidence``).
    """

    def __init__(self, sim: S.Sim, who: int, safety_odds: dict[int, float] | None = None) -> None:
        self.sim = sim
        self.who = who
        self.safety_odds = safety_odds
        self.unseen = sim.unseen_by(who)
        self.opp_hand = len(sim.sides[1 - who].hand)
        self.deck_count = len(sim.deck)
        self.total_unseen = max(1, self.opp_hand + self.deck_count)
        """Every unseen card is in the deck or the opponent's hand."""

    def p_opp_safety(self, safety: int) -> float:
        """Chance that an unseen safety sits in the opponent's hand.

        Players keep safeties while other cards come and go, so an unseen
        safety is in the opponent's hand if the opponent ever drew it: the
        chance is its share of the draws so far, not its share of the hand.
        """
        if self.unseen[safety] == 0 or self.opp_hand == 0:
            return 0.0
        if self.safety_odds is not None and safety in self.safety_odds:
            return self.safety_odds[safety]
        return opponent_safety_share(self.deck_count)

    def p_opp_holds(self, card: int) -> float:
        """Chance that the opponent's hand holds at least one ``card``."""
        copies = self.unseen[card]
        if copies == 0 or self.opp_hand == 0:
            return 0.0
        miss = 1.0
        pool = self.total_unseen
        for i in range(min(self.opp_hand, pool)):
            miss *= max(0.0, (pool - copies - i) / (pool - i))
        return 1.0 - miss

    def opponent_near_finish(self) -> bool:
        """The opponent could finish the trip with one card it may hold."""
        opp = self.sim.sides[1 - self.who]
        rem = self.sim.goal - opp.mileage
        if not opp.can_go:
            return False
        for card, miles in zip(range(5), S.MILES, strict=True):
            if miles != rem or self.unseen[card] == 0:
                continue
            if miles > 50 and opp.limited:
                return False
            return not (card == S.D200 and opp.n200 >= 2)
        return False

    def coup_still_possible(self, safety: int) -> bool:
        """Whether a hazard this safety answers is still unseen."""
        if safety == S.ROW:
            return self.unseen[S.STOP] > 0 or self.unseen[S.LIMIT] > 0
        return self.unseen[S.COUNTERED[safety]] > 0


class Heuristic:
    """Ranks the options of player ``who`` (to move, after its pick)."""

    def __init__(
        self,
        sim: S.Sim,
        who: int,
        weights: Weights = DEFAULT_WEIGHTS,
        safety_odds: dict[int, float] | None = None,
    ) -> None:
        self.w = weights
        self.sim = sim
        self.me = who
        self.side = sim.sides[who]
        self.opp = sim.sides[1 - who]
        self.know = Knowledge(sim, who, safety_odds)

    def safety_now(self, safety: int) -> bool:
        """Whether to cash a (non-counter) safety now instead of holding it."""
        know, sim, side = self.know, self.sim, self.side
        if sim.is_counter(self.me, safety):
            return True
        if know.deck_count <= LOW_DECK or know.opponent_near_finish():
            return True
        if not know.coup_still_possible(safety):
            return True
        if sum(1 for card in side.hand if card >= S.ET) >= SAFETY_CLOG:
            return True
        rem = sim.goal - side.mileage
        return any(
            card <= S.D200 and S.MILES[card] == rem and sim.can_use(self.me, card)
            for card in side.hand
        )

    def use_score(self, card: int) -> float | None:
        """Value of using ``card`` now (None when it is not a sensible play)."""
        sim, me, know, side, opp = self.sim, self.me, self.know, self.side, self.opp
        if card >= S.ET:
            return 200.0 if self.safety_now(card) else None
        if not sim.can_use(me, card):
            return None
        rem = sim.goal - side.mileage
        if card <= S.D200:
            miles = S.MILES[card]
            if miles == rem:
                return 150.0
            return self.w.drive + miles / 10 + self.remainder_bonus(card, rem - miles)
        if card in (S.GAS, S.SPARE, S.REP) or card == S.GO:
            if card == S.GO and side.can_go:
                return None
            return 120.0
        if card == S.EOL:
            if rem <= 50:
                return None
            big = sum(1 for c in side.hand if S.D75 <= c <= S.D200)
            return 55.0 + 5 * min(big, 2)
        # attacks
        safety = S.SAFETY_OF[card]
        p_safety = know.p_opp_safety(safety)
        if card == S.LIMIT:
            opp_rem = sim.goal - opp.mileage
            if opp_rem <= 50:
                return None
            p_fix = know.p_opp_holds(S.EOL)
            bonus = 10 if opp_rem <= 150 else 0
            return self.w.limit + 20 * (1 - p_fix) - 40 * p_safety + bonus
        remedy = S.GO if card == S.STOP else card + 5
        p_fix = know.p_opp_holds(remedy)
        urgency = opp.mileage / 25
        w = self.w
        return w.attack + w.attack_no_fix * (1 - p_fix) + urgency - w.attack_coup_risk * p_safety

    def remainder_bonus(self, card: int, left: int) -> float:
        """Plan for an exact finish: favour leaving a distance the hand can still cover."""
        if left >= PLAN_HORIZON:
            return 0.0
        side = self.side
        rest = list(side.hand)
        rest.remove(card)
        fits = [c for c in rest if c <= S.D200 and not (side.limited and c >= S.D75)]
        values = [S.MILES[c] for c in fits]
        if left in values or any(
            values[i] + values[j] == left for i in range(len(values)) for j in range(i)
        ):
            return self.w.plan_bonus
        if self.reachable(left, values):
            return -self.w.plan_bonus
        return -self.w.dead_end

    def reachable(self, left: int, held: list[int]) -> bool:
        """Whether ``left`` miles can still be made of cards held or unseen.

        A Speed Limit is taken to be lifted in time, so 75s and 100s count too.
        """
        unseen = self.know.unseen
        return makes(left, [held.count(S.MILES[card]) + unseen[card] for card in range(4)])

    def keep_value(self, card: int) -> float:
        """How much to keep ``card`` (the lowest is discarded)."""
        sim, know, side, opp = self.sim, self.know, self.side, self.opp
        count = side.hand.count(card)
        if card >= S.ET:
            return 1e6
        if card <= S.D200:
            miles = S.MILES[card]
            if (card == S.D200 and side.n200 >= 2) or (
                card != S.D25 and miles > sim.goal - side.mileage
            ):
                return 0.0
            w = self.w
            base = (w.d25_keep, w.d50_keep, w.d75_keep, w.d100_keep, w.d200_keep)[card]
            if side.limited and miles <= 50:
                base += 3
            return base / math.sqrt(count)
        if card in (S.GAS, S.SPARE, S.REP, S.GO, S.EOL):
            hazard = S.LIMIT if card == S.EOL else (S.STOP if card == S.GO else card - 5)
            safety = S.SAFETY_OF[hazard]
            if side.safeties & S.SAFETY_BIT[safety] or safety in side.hand:
                return 0.5
            threat = float(know.unseen[hazard] + (1 if side.battle == hazard else 0))
            if card == S.GO:
                threat += self.w.go_threat  # a Go is needed after every other hazard too
            if threat == 0:
                return 0.5
            weight = self.w.remedy_keep if card != S.EOL else self.w.end_limit_keep
            return weight * (2 + threat) / count**2
        safety = S.SAFETY_OF[card]
        if opp.safeties & S.SAFETY_BIT[safety]:
            return 0.0
        if card == S.LIMIT:
            return self.w.limit_keep / count
        return self.w.hazard_keep / count

    def options(self) -> list[tuple[float, Option]]:
        """Every distinct option with its heuristic score, best first."""
        hand = self.sim.sides[self.me].hand
        scored: list[tuple[float, Option]] = []
        for card in sorted(set(hand)):
            score = self.use_score(card)
            if score is not None:
                scored.append((score, Option(card, True)))
        keeps = sorted((self.keep_value(card), card) for card in set(hand) if card < S.ET)
        for rank, (value, card) in enumerate(keeps):
            scored.append((10.0 - rank - value / 100, Option(card, False)))
        if not scored:  # only safeties held and none worth cashing: play one anyway
            scored.append((0.0, Option(max(hand), True)))
        scored.sort(key=lambda item: (-item[0], item[1].card, item[1].use))
        return scored

    def best(self) -> tuple[int, bool]:
        """The top option of :meth:`options` as (card, use), found with less work.

        Every discard scores 10 or less, so a use scoring more wins outright
        and the discards need not be valued; otherwise only the best discard
        is looked for.
        """
        hand = set(self.side.hand)
        use_card = S.NONE
        use_score = -math.inf
        for card in hand:
            score = self.use_score(card)
            if score is not None and (
                score > use_score or (score == use_score and card < use_card)
            ):
                use_card, use_score = card, score
        if use_score > 10.0:
            return use_card, True
        keeps = [(self.keep_value(card), card) for card in hand if card < S.ET]
        if not keeps:
            return (use_card, True) if use_card != S.NONE else (max(hand), True)
        value, card = min(keeps)
        discard_score = 10.0 - value / 100
        if use_card != S.NONE and (
            use_score > discard_score or (use_score == discard_score and use_card < card)
        ):
            return use_card, True
        return card, False


def makes(left: int, avail: list[int]) -> bool:
    """Whether ``left`` miles is a sum of 25s, 50s, 75s and 100s with at most ``avail`` of each."""
    sums = {0}
    for card in range(4):
        miles = S.MILES[card]
        sums |= {
            total + miles * count
            for total in sums
            for count in range(1, avail[card] + 1)
            if total + miles * count <= left
        }
    return left in sums


def pre_pick_counter(sim: S.Sim, who: int) -> int:
    """A countering safety to play before picking (always when it is a coup fourré), else NONE.

    Without a coup, a stopped player that also holds the remedy repairs with
    it and keeps the safety for a later coup while the deck is still long.
    """
    side = sim.sides[who]
    for card in side.hand:
        if card >= S.ET and sim.is_counter(who, card):
            coup = (side.fresh_battle and side.battle == S.COUNTERED[card]) or (
                card == S.ROW and side.fresh_speed
            )
            if coup:
                return card
            hazard = S.COUNTERED[card] if side.battle == S.COUNTERED[card] else S.LIMIT
            remedy = S.EOL if hazard == S.LIMIT else (S.GO if hazard == S.STOP else hazard + 5)
            if (
                remedy in side.hand
                and Knowledge(sim, who).coup_still_possible(card)
                and len(sim.deck) > KEEP_FOR_COUP_DECK
            ):
                continue  # repair with the remedy, keep the safety for a later coup
            return card
    return S.NONE


def playout_extends(sim: S.Sim, who: int) -> bool:
    """The playouts' quick answer to Extension?: go on only with a long deck and a slow rival."""
    opp = sim.sides[1 - who]
    return len(sim.deck) >= 20 and opp.mileage <= 400 and not opp.safeties & 8


def finish_move(sim: S.Sim, who: int, card: int, use: bool) -> None:
    """Carry out a post-pick move and everything it triggers (trip end, turn, dead deck)."""
    me = sim.sides[who]
    again = False
    if use:
        again = sim.use(who, card)
        if card <= S.D200 and me.mileage == sim.goal:
            if sim.goal == S.GOAL and playout_extends(sim, who):
                sim.goal = S.EXTENDED
            else:
                sim.end(who)
                return
    else:
        sim.discard(who, card)
    if not again:
        sim.turn = 1 - who
    if not sim.deck and not sim.anyone_can_play():
        sim.end(S.NONE)


def playout(sim: S.Sim, weights: Weights = DEFAULT_WEIGHTS) -> None:
    """Play the hand to its end with the heuristic on both sides."""
    turns = 0
    while not sim.over:
        turns += 1
        if turns > MAX_PLAYOUT_TURNS:
            sim.end(S.NONE)
            return
        who = sim.turn
        me = sim.sides[who]
        if sim.deck:
            counter = pre_pick_counter(sim, who)
            if counter != S.NONE:
                sim.use(who, counter)
                continue
            sim.pick(who)
            if not sim.deck and not sim.anyone_can_play():
                sim.end(S.NONE)
                return
        elif not me.hand:
            me.fresh_battle = me.fresh_speed = False
            sim.turn = 1 - who
            continue
        card, use = Heuristic(sim, who, weights).best()
        finish_move(sim, who, card, use)
