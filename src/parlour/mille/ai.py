"""The computer player: a card-counting heuristic checked by determinized playouts.

It decides only from a :class:`~parlour.mille.seat.SeatView` (its hand, both
tableaux, the discards, the deck size, the scores), never from the deck order
or the other hand.

1. The heuristic ranks every distinct option (use or discard of each card).
   Safety timing: a coup fourré is always taken; otherwise a safety is held
   for the coup unless the opponent could finish with its next card, the deck
   is nearly empty (8 cards or fewer), no coup is possible any more (every
   hazard it blocks has been seen), three safeties clog the hand, or this
   player is about to finish the trip (bank the 100 and the extra turn).
   Attacks are valued by the chance, from the unseen cards, that the opponent
   lacks the remedy and the safety; discards keep what the unseen cards say is
   still needed.
2. The search deals the unseen cards at random into an opponent hand of the
   known size and a deck (determinization), plays each of the best options
   out to the end of the hand with the fast players of ``playout.py`` on both
   sides, and compares the options on the same deals by mean hand-score
   difference. It keeps the heuristic's choice unless another option is
   clearly better.

Everything random comes from a generator seeded by the player's seed and the
position, so the same seed and position give the same decision.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass

from parlour.core.rng import make_rng
from parlour.mille import sim as S
from parlour.mille.cards import Card
from parlour.mille.playout import fast_choose, finish_move, playout
from parlour.mille.rules import Move
from parlour.mille.seat import SeatView

DEAL = 6
FULL_DECK_AFTER_DEAL = 89
SAMPLES = 24
"""Deals of the unseen cards per decision (each candidate is played out on every deal)."""
MAX_CANDIDATES = 4
SURE_PLAY = 150.0
"""Heuristic scores from here up (finishing the trip, cashing a safety) are not searched."""
CLEAR_MARGIN = 40.0
"""Mean hand-score gain a searched option needs over the heuristic's choice..."""
CLEAR_Z = 2.0
"""... and how many standard errors of the paired gains that mean must exceed."""
EXTENSION_SAMPLES = 32
LOW_DECK = 8
SAFETY_CLOG = 3
PLAN_HORIZON = 200
"""Distances left below this are planned card by card for an exact finish."""
KEEP_FOR_COUP_DECK = 20
"""A stopped player holding both the remedy and the safety repairs while this many cards remain."""


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


def sim_from_view(view: SeatView, opponent_hand: list[int], deck: list[int]) -> S.Sim:
    """A simulator position from the seat's view and one guess at the hidden cards."""
    sides = [S.Side(), S.Side()]
    mine = sides[view.me]
    theirs = sides[1 - view.me]
    mine.hand = [int(card) for card in view.held()]
    theirs.hand = opponent_hand
    for side, tab in ((mine, view.mine), (theirs, view.theirs)):
        side.mileage = tab.mileage
        side.battle = S.NONE if tab.battle is None else int(tab.battle)
        side.limited = tab.limited
        side.can_go = tab.can_go
        side.safeties = sum(S.SAFETY_BIT[int(card)] for card, _ in tab.safeties)
        side.n200 = tab.num_200s
        side.points = tab.hand_total
    mine.fresh_battle = view.fresh_battle
    mine.fresh_speed = view.fresh_speed
    return S.Sim(sides, deck, view.goal, view.me)


def opponent_safety_share(view: SeatView) -> float:
    """The chance that any one unseen safety was drawn (and so kept) by the opponent."""
    drawn = DEAL + (FULL_DECK_AFTER_DEAL - view.deck_count) / 2
    return min(1.0, drawn / (drawn + view.deck_count))


def deal_hidden(
    view: SeatView, unseen: list[int], rng: random.Random
) -> tuple[list[int], list[int]]:
    """Deal the unseen cards into an opponent hand and a deck, safeties biased to the hand."""
    size = view.theirs.hand_size
    share = opponent_safety_share(view)
    hand: list[int] = []
    rest: list[int] = []
    for card in unseen:
        if card >= S.ET and len(hand) < size and rng.random() < share:
            hand.append(card)
        else:
            rest.append(card)
    filler, deck = S.deal_unseen(rest, size - len(hand), rng)
    return hand + filler, deck


def unseen_list(view: SeatView) -> list[int]:
    """The unseen cards as a sorted list of card numbers."""
    return [int(card) for card, n in sorted(view.unseen().items()) for _ in range(n)]


class Knowledge:
    """Card counts derived from a view: what is unseen, what the opponent may hold."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        unseen = view.unseen()
        self.unseen = [unseen.get(card, 0) for card in Card]
        self.total_unseen = max(1, sum(self.unseen))
        self.opp_hand = view.theirs.hand_size

    def p_opp_safety(self, safety: int) -> float:
        """Chance that an unseen safety sits in the opponent's hand.

        Players keep safeties while other cards come and go, so an unseen
        safety is in the opponent's hand if the opponent ever drew it: the
        chance is its share of the draws so far, not its share of the hand.
        """
        if self.unseen[safety] == 0 or self.opp_hand == 0:
            return 0.0
        return opponent_safety_share(self.view)

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
        tab = self.view.theirs
        rem = self.view.goal - tab.mileage
        if not tab.can_go:
            return False
        for card, miles in zip(range(5), S.MILES, strict=True):
            if miles != rem or self.unseen[card] == 0:
                continue
            if miles > 50 and tab.limited:
                return False
            return not (card == S.D200 and tab.num_200s >= 2)
        return False


def _coup_still_possible(know: Knowledge, safety: int) -> bool:
    if safety == S.ROW:
        return know.unseen[S.STOP] > 0 or know.unseen[S.LIMIT] > 0
    return know.unseen[S.COUNTERED[safety]] > 0


class Heuristic:
    """Ranks a position's options for the player to move (after its pick)."""

    def __init__(self, view: SeatView, sim: S.Sim, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.w = weights
        self.view = view
        self.sim = sim
        self.know = Knowledge(view)
        self.me = view.me

    def safety_now(self, safety: int) -> bool:
        """Whether to cash a (non-counter) safety now instead of holding it."""
        view, know, sim = self.view, self.know, self.sim
        side = sim.sides[self.me]
        if sim.is_counter(self.me, safety):
            return True
        if view.deck_count <= LOW_DECK or know.opponent_near_finish():
            return True
        if not _coup_still_possible(know, safety):
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
        sim, me, know = self.sim, self.me, self.know
        side = sim.sides[me]
        opp = sim.sides[1 - me]
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
        p_safety = 0.0
        if know.unseen[safety] > 0:
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
        side = self.sim.sides[self.me]
        rest = list(side.hand)
        rest.remove(card)
        fits = [c for c in rest if c <= S.D200 and not (side.limited and c >= S.D75)]
        values = [S.MILES[c] for c in fits]
        if left in values or any(
            values[i] + values[j] == left for i in range(len(values)) for j in range(i)
        ):
            return self.w.plan_bonus
        exact = {25: S.D25, 50: S.D50, 75: S.D75, 100: S.D100}.get(left)
        if exact is None or self.know.unseen[exact] == 0:
            return -self.w.dead_end
        return -self.w.plan_bonus

    def keep_value(self, card: int) -> float:
        """How much to keep ``card`` (the lowest is discarded)."""
        sim, me, know = self.sim, self.me, self.know
        side = sim.sides[me]
        opp = sim.sides[1 - me]
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


class ComputerPlayer:
    """Mille Bornes computer opponent; deterministic for a given seed."""

    def __init__(
        self,
        seed: int = 0,
        samples: int = SAMPLES,
        search: bool = True,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        self.weights = weights
        self.seed = seed
        self.samples = samples
        self.search = search

    def _rng(self, view: SeatView, salt: int) -> random.Random:
        return make_rng(position_key(view, self.seed, salt))

    def _deals(self, view: SeatView, salt: int, count: int) -> list[S.Sim]:
        rng = self._rng(view, salt)
        unseen = unseen_list(view)
        sims = []
        for _ in range(count):
            opp, deck = deal_hidden(view, unseen, rng)
            sims.append(sim_from_view(view, opp, deck))
        return sims

    def choose_move(self, view: SeatView) -> Move:
        """The move to make now (a pick, a use or a discard of one slot)."""
        if view.phase != "TURN" or view.turn != view.me:
            raise ValueError("it is not this player's move")
        base = sim_from_view(view, [], [S.NONE] * view.deck_count)
        if not view.picked:
            counter = self._pre_pick_counter(view, base)
            if counter is not None:
                return Move("use", view.hand.index(counter))
            return Move("pick")
        option = self.choose_option(view, base)
        slot = view.hand.index(Card(option.card))
        return Move("use" if option.use else "discard", slot)

    def _pre_pick_counter(self, view: SeatView, base: S.Sim) -> Card | None:
        """A countering safety to play before picking: always when it is a coup fourré."""
        side = base.sides[view.me]
        for card in side.hand:
            if card >= S.ET and base.is_counter(view.me, card):
                coup = (view.fresh_battle and side.battle == S.COUNTERED[card]) or (
                    card == S.ROW and view.fresh_speed
                )
                if coup:
                    return Card(card)
                know = Knowledge(view)
                hazard = S.COUNTERED[card] if side.battle == S.COUNTERED[card] else S.LIMIT
                remedy = S.EOL if hazard == S.LIMIT else (S.GO if hazard == S.STOP else hazard + 5)
                if (
                    remedy in side.hand
                    and _coup_still_possible(know, card)
                    and view.deck_count > KEEP_FOR_COUP_DECK
                ):
                    continue  # repair with the remedy, keep the safety for a later coup
                return Card(card)
        return None

    def choose_option(self, view: SeatView, base: S.Sim) -> Option:
        """The post-pick choice: heuristic ranking, then playouts among the best options."""
        ranked = Heuristic(view, base, self.weights).options()
        best = ranked[0][1]
        if not self.search or not self.worth_searching(ranked):
            return best
        candidates = [option for _, option in ranked[:MAX_CANDIDATES]]
        sims = self._deals(view, 1, self.samples)
        results: list[list[int]] = [[] for _ in candidates]
        for sim in sims:
            for index, option in enumerate(candidates):
                trial = sim.copy()
                finish_move(trial, view.me, option.card, option.use)
                if not trial.over:
                    _finish_turn(trial, view.me)
                    playout(trial)
                results[index].append(trial.diff(view.me))
        best_gain = 0.0
        choice = best
        for index in range(1, len(candidates)):
            gains = [a - b for a, b in zip(results[index], results[0], strict=True)]
            mean = statistics.fmean(gains)
            spread = statistics.pstdev(gains) / math.sqrt(len(gains))
            if mean > max(CLEAR_MARGIN, CLEAR_Z * spread) and mean > best_gain:
                best_gain = mean
                choice = candidates[index]
        return choice

    @staticmethod
    def worth_searching(ranked: list[tuple[float, Option]]) -> bool:
        """Search only real choices: a play is on offer and is not a sure thing.

        Pure discard choices and the sure plays (finishing the trip, a
        countering or cashed safety) are left to the heuristic, which keeps the
        decision time low where playouts have little to add.
        """
        top_score, top = ranked[0]
        plays = sum(1 for _, option in ranked[:MAX_CANDIDATES] if option.use)
        return len(ranked) > 1 and top.use and top_score < SURE_PLAY and plays >= 1

    def wants_extension(self, view: SeatView) -> bool:
        """Whether to go on to 1000: playouts of going on against the bonus of stopping now."""
        me = view.me
        unseen = unseen_list(view)
        stop_sim = sim_from_view(view, [], [S.NONE] * view.deck_count)
        stop_sim.end(me)
        stop_value = stop_sim.diff(me)
        rng = self._rng(view, 2)
        total = 0.0
        for _ in range(EXTENSION_SAMPLES):
            opp, deck = deal_hidden(view, unseen, rng)
            sim = sim_from_view(view, opp, deck)
            sim.goal = S.EXTENDED
            sim.turn = 1 - me
            if not sim.deck and not sim.anyone_can_play():
                sim.end(S.NONE)
            playout(sim)
            total += sim.diff(me)
        return total / EXTENSION_SAMPLES > stop_value + CLEAR_MARGIN


def position_key(view: SeatView, seed: int, salt: int) -> int:
    """A stable number for (seed, position): Python's hash() of strings varies per process."""
    key = (seed * 1_000_003 + salt) & 0x7FFFFFFFFFFFFFFF
    numbers = [
        *(-1 if card is None else int(card) for card in view.hand),
        view.deck_count,
        view.mine.mileage,
        view.theirs.mileage,
        len(view.discards),
        view.mine.hand_total,
        view.theirs.hand_total,
    ]
    for number in numbers:
        key = (key * 31 + number + 7) & 0x7FFFFFFFFFFFFFFF
    return key


def _finish_turn(sim: S.Sim, me: int) -> None:
    """After a safety (extra turn), let ``me`` go on with the fast player until its turn ends."""
    while not sim.over and sim.turn == me:
        side = sim.sides[me]
        if sim.deck:
            sim.pick(me)
            if not sim.deck and not sim.anyone_can_play():
                sim.end(S.NONE)
                return
        elif not side.hand:
            return
        card, use = fast_choose(sim, me)
        finish_move(sim, me, card, use)
