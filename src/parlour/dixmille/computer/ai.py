"""ZEDX: the exact max-expected-score policy for one turn of Dix Mille (spec section 8).

``V(T, n, k) = max(T, W(T, n, k))`` where ``W`` is the expected change of the
banked score if the player throws ``n`` dice with ``T`` turn points and ``k``
one-die successes. A pass adds ``T``, a bust adds 0 and four 2s add ``-S``
(the score banked at the start of the turn) under the default rule. One
backward sweep over ``T`` (steps of 50, from :data:`TURN_CAP` down to 0)
fills the tables; throws are grouped by the best points each possible number
of remaining dice can get, which makes a sweep take a fraction of a second
in plain Python. Tables are cached per banked score.
"""

from __future__ import annotations

import sys
from array import array
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from parlour.dixmille.game.rules import Move, Pass, Phase, Situation, TakeDice, Throw
from parlour.dixmille.game.scoring import (
    DICE_COUNT,
    FACES,
    SINGLE_POINTS,
    STEP,
    Take,
    is_four_twos,
    legal_takes,
    one_die_bonus,
)

TURN_CAP = 20_000
"""Above this many turn points the policy passes (V = T); it changes no figure."""
TOP = TURN_CAP // STEP
MAX_LEVEL = 6
"""One-die success counts above 6 are treated as 6 in the tables."""
ONE_DIE_HIT = 5 / 18
"""Chance that a 1 (or a 5) comes up within the two one-die attempts: 1/6 + 4/6 x 1/6."""
_EXTRA = 200
"""Table slack above the cap so that T + s can be looked up without a test."""


def _multisets(n: int) -> list[tuple[tuple[int, ...], float]]:
    """Every multiset of ``n`` faces with its probability."""
    out = []
    total = 6**n
    for faces in combinations_with_replacement(FACES, n):
        ways = factorial(n)
        for count in Counter(faces).values():
            ways //= factorial(count)
        out.append((faces, ways / total))
    return out


@dataclass(frozen=True)
class ThrowSummary:
    """The outcomes of throwing ``n`` dice, grouped for the value sweep."""

    four_twos: float
    groups: tuple[tuple[float, tuple[tuple[int, int], ...]], ...]
    """(probability, ((dice left n', points s) best per n', ...)) per group."""


@cache
def throw_summary(n: int) -> ThrowSummary:
    """Group the throws of ``n`` dice by their undominated (n', best points) options."""
    four = 0.0
    groups: dict[tuple[tuple[int, int], ...], float] = {}
    for faces, p in _multisets(n):
        if is_four_twos(faces):
            four += p
            continue
        takes = legal_takes(faces)
        if not takes:
            continue
        best: dict[int, int] = {}
        for take in takes:
            left = n - take.size or DICE_COUNT
            best[left] = max(best.get(left, 0), take.points)
        key = tuple(sorted(best.items()))
        groups[key] = groups.get(key, 0.0) + p
    ordered = tuple(sorted(((p, key) for key, p in groups.items()), key=lambda g: g[1]))
    return ThrowSummary(four, ordered)


GoPolicy = Callable[[int, int, int], bool]
"""A fixed throw/pass rule: (turn points, dice available, one-die successes) -> throw?"""


class Tables:
    """W and V for one banked score ``S`` and one four-2s rule."""

    def __init__(
        self, banked: int, four_twos_wipes: bool = True, policy: GoPolicy | None = None
    ) -> None:
        """Sweep the tables; ``policy(T, n, k)`` (throw?) replaces the optimal choice if given."""
        self.banked = banked
        self.policy = policy
        self.four_twos_wipes = four_twos_wipes
        penalty = -float(banked) if four_twos_wipes else 0.0
        size = TOP + _EXTRA
        # values[k][n][t]: V at T = t*STEP; throws[k][n][t]: W.
        values = [[[float(t * STEP) for t in range(size)] for _ in range(7)] for _ in range(7)]
        throws = [[[0.0] * (TOP + 1) for _ in range(7)] for _ in range(7)]
        plans = {n: throw_summary(n) for n in range(2, 7)}
        for t in range(TOP, -1, -1):
            pass_value = float(t * STEP)
            for k in range(MAX_LEVEL + 1):
                row = values[k]
                up = values[min(k + 1, MAX_LEVEL)][DICE_COUNT]
                bonus = one_die_bonus(k + 1) // STEP
                hit1 = t + SINGLE_POINTS[1] // STEP + bonus
                hit5 = t + SINGLE_POINTS[5] // STEP + bonus
                w1 = ONE_DIE_HIT * (up[hit1] + up[hit5])
                throws[k][1][t] = w1
                if policy is None:
                    row[1][t] = w1 if w1 > pass_value else pass_value
                else:
                    row[1][t] = w1 if policy(t * STEP, 1, k) else pass_value
                for n in range(2, 7):
                    plan = plans[n]
                    w = plan.four_twos * penalty
                    for p, options in plan.groups:
                        best = -1.0e18
                        for left, points in options:
                            v = row[left][t + points // STEP]
                            if v > best:
                                best = v
                        w += p * best
                    throws[k][n][t] = w
                    if policy is None:
                        row[n][t] = w if w > pass_value else pass_value
                    else:
                        row[n][t] = w if policy(t * STEP, n, k) else pass_value
        # Compact arrays: a table for one banked score then takes about 400 kB.
        self._values = [[array("d", row) for row in level] for level in values]
        self._throws = [[array("d", row) for row in level] for level in throws]

    def value(self, turn_points: int, dice: int, level: int) -> float:
        """V(T, n, k): the best expected result from a throw/pass decision."""
        t = turn_points // STEP
        if t > TOP:
            return float(turn_points)
        return self._values[min(level, MAX_LEVEL)][dice][t]

    def throw_value(self, turn_points: int, dice: int, level: int) -> float:
        """W(T, n, k): the expected result of throwing now (and playing on optimally)."""
        t = turn_points // STEP
        if t > TOP:
            return float(turn_points) - 1.0  # beyond the cap the policy passes
        return self._throws[min(level, MAX_LEVEL)][dice][t]

    def start_value(self) -> float:
        """The expected change of score over a whole turn (the first throw is compulsory)."""
        return self._throws[0][DICE_COUNT][0]

    def should_throw(self, turn_points: int, dice: int, level: int) -> bool:
        """Throw when W > T; a tie passes (spec 8.1)."""
        if self.policy is not None:
            return self.policy(turn_points, dice, level)
        return self.throw_value(turn_points, dice, level) > turn_points

    def take_value(self, take: Take, turn_points: int, dice: int, level: int) -> float:
        """V after setting ``take`` aside from a throw of ``dice`` dice."""
        left = dice - take.size or DICE_COUNT
        return self.value(turn_points + take.points, left, level)

    def best_take(self, faces: tuple[int, ...], turn_points: int, level: int) -> Take:
        """The take with the largest V; ties: more points, more dice, lower sorted faces."""
        takes = legal_takes(faces)
        if not takes:
            raise ValueError("no scoring dice to take")
        n = len(faces)

        def rank(tk: Take) -> tuple[float, int, int, tuple[int, ...]]:
            return (-self.take_value(tk, turn_points, n, level), -tk.points, -tk.size, tk.faces)

        return min(takes, key=rank)


_CACHE: dict[tuple[int, bool], Tables] = {}
CACHE_LIMIT = 256
"""Tables kept in memory (about 400 kB each); 200 banked levels exist below 10,000."""


def tables_for(banked: int, four_twos_wipes: bool = True) -> Tables:
    """The tables for a banked score, built on first use and kept.

    With ``four_twos = turn`` the banked score plays no part, so one table serves all.
    """
    key = (banked if four_twos_wipes else 0, four_twos_wipes)
    tables = _CACHE.get(key)
    if tables is None:
        if len(_CACHE) >= CACHE_LIMIT:
            _CACHE.pop(next(iter(_CACHE)))
        tables = _CACHE[key] = Tables(key[0], four_twos_wipes)
    return tables


def install_tables(tables: Tables) -> None:
    """Add tables built elsewhere (for example by another process) to the cache."""
    if tables.policy is None:
        _CACHE[(tables.banked, tables.four_twos_wipes)] = tables


def positions_of(thrown: tuple[int, ...], faces: tuple[int, ...]) -> tuple[int, ...]:
    """The first positions (1-based) in ``thrown`` that hold ``faces``."""
    used: list[int] = []
    for face in faces:
        for i, f in enumerate(thrown, 1):
            if f == face and i not in used:
                used.append(i)
                break
        else:
            raise ValueError(f"{faces} are not among {thrown}")
    return tuple(sorted(used))


def zedx_wants_to_throw(situation: Situation) -> bool:
    """Spec 8.1, or on a last turn 8.2: throw while not strictly ahead of the leader."""
    best_other = situation.best_other
    if situation.last_turn and best_other is not None:
        return situation.banked + situation.turn_points <= best_other
    tables = tables_for(situation.banked, situation.four_twos == "game")
    return tables.should_throw(situation.turn_points, situation.dice_left, situation.level)


def zedx_take(situation: Situation) -> Take:
    """The take of spec 8.1 (largest V, then points, dice, faces)."""
    tables = tables_for(situation.banked, situation.four_twos == "game")
    return tables.best_take(situation.thrown, situation.turn_points, situation.level)


def zedx_move(situation: Situation) -> Move:
    """ZEDX's move: a deterministic function of what it can see."""
    if situation.phase in (Phase.START, Phase.AGAIN):
        return Throw()
    if situation.phase is Phase.TAKE:
        take = zedx_take(situation)
        return TakeDice(positions_of(situation.thrown, take.faces))
    if situation.phase is Phase.CHOOSE:
        return Throw() if zedx_wants_to_throw(situation) else Pass()
    raise ValueError("the game is over")


THRESHOLD_STOP = 300
THRESHOLD_DICE = 3


def threshold_move(situation: Situation) -> Move:
    """The simple benchmark player: stop at 300 turn points or with fewer than 3 dice.

    Its takes maximise its own expected result (see bench/dixmille_ai.py);
    here it takes greedily by the same table order as ZEDX's tie-break when
    no value table is given: most points, then most dice.
    """
    if situation.phase in (Phase.START, Phase.AGAIN):
        return Throw()
    if situation.phase is Phase.TAKE:
        take = threshold_take(situation.thrown, situation.turn_points)
        return TakeDice(positions_of(situation.thrown, take.faces))
    if situation.phase is Phase.CHOOSE:
        stop = situation.turn_points >= THRESHOLD_STOP or situation.dice_left < THRESHOLD_DICE
        return Pass() if stop else Throw()
    raise ValueError("the game is over")


def threshold_take(thrown: tuple[int, ...], turn_points: int) -> Take:
    """The threshold player's take: the most points, then the most dice."""
    takes = legal_takes(thrown)
    if not takes:
        raise ValueError("no scoring dice to take")
    return takes[0]  # legal_takes lists most points first, then most dice, then faces


TakeChooser = Callable[[tuple[int, ...], int, int, int], Take]
"""(thrown dice, turn points, dice thrown, one-die successes) -> the take."""


def policy_value(
    banked: int,
    go: GoPolicy,
    choose: TakeChooser,
    four_twos_wipes: bool = True,
) -> float:
    """The exact expected change of score over one turn of any fixed player.

    Walks every throw outcome (multisets with their probabilities) from the
    compulsory first throw, following the player's own take and throw/pass
    choices; states are memoised, so this is exact, not a simulation.
    """
    penalty = -float(banked) if four_twos_wipes else 0.0
    outcomes = {n: _multisets(n) for n in range(2, DICE_COUNT + 1)}
    memo: dict[tuple[int, int, int], float] = {}
    throw_memo: dict[tuple[int, int, int], float] = {}

    def value(t: int, n: int, k: int) -> float:
        key = (t, n, k)
        if key not in memo:
            memo[key] = throw(t, n, k) if t <= TURN_CAP and go(t, n, k) else float(t)
        return memo[key]

    def throw(t: int, n: int, k: int) -> float:
        key = (t, n, k)
        if key in throw_memo:
            return throw_memo[key]
        if n == 1:
            bonus = one_die_bonus(k + 1)
            level = min(k + 1, MAX_LEVEL)
            w = ONE_DIE_HIT * (
                value(t + SINGLE_POINTS[1] + bonus, DICE_COUNT, level)
                + value(t + SINGLE_POINTS[5] + bonus, DICE_COUNT, level)
            )
        else:
            w = 0.0
            for faces, p in outcomes[n]:
                if is_four_twos(faces):
                    w += p * penalty
                    continue
                if not legal_takes(faces):
                    continue
                take = choose(faces, t, n, k)
                w += p * value(t + take.points, n - take.size or DICE_COUNT, k)
        throw_memo[key] = w
        return w

    # The walk recurses once per throw of the longest turn (a few hundred levels).
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 20_000))
    try:
        return throw(0, DICE_COUNT, 0)
    finally:
        sys.setrecursionlimit(old_limit)
