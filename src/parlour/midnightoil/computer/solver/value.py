"""The solver's judgement between the end states of a deal phase (fair play).

When a phase cannot be won, the solver must choose where to stop and redeal:
with more cards home, or with the draw still in hand, or with one suit
further on than another. A redeal is to it an unknown shuffle: it estimates
the chance of winning from an end state by dealing the cards left with
shuffles of its own (a seeded ``random.Random``, never the deal number) and
searching the phase that follows. Only the set of cards left and the draw
survive a redeal, so an end state is just the foundation heights and
whether the draw is left.

- With one phase after the redeal, a sample is worth 1 if that deal can be
  won outright, else 0.
- With two phases after it, a sampled deal is worth 1 if it can be won,
  else the static value of its best end state.

The static value (:func:`static_value`) is a table of measured win rates of
a next deal by the number of cards left, the draw, and the size of the last
fan the cards left make. It ranks the candidates; sampling decides near
ties, with the static value blended in as a prior.
"""

from __future__ import annotations

import random

from parlour.core.rng import make_rng, shuffle
from parlour.midnightoil.computer.solver.model import win_chance
from parlour.midnightoil.computer.solver.search import (
    RANK_COUNT,
    EndState,
    Found,
    cards_home,
    pareto,
    search_phase,
)
from parlour.midnightoil.game.cards import deal_in_threes

DECK_SIZE = 52
FAN_SIZE = 3
STATIC_DRAW_BASE = 0.549
"""Measured (12 000 sampled last deals): with the draw in hand, won 55% less..."""
STATIC_DRAW_SLOPE = 0.0071
"""...0.71 points for every card left..."""
STATIC_DRAW_REMAINDER = (0.0, 0.044, 0.032)
"""...plus this when the cards left, dealt in threes, leave a last fan of 1 or 2 cards."""
STATIC_NO_DRAW_BASE = 0.146
"""Without the draw: 14.6% less..."""
STATIC_NO_DRAW_SLOPE = 0.0022
"""...0.22 points a card..."""
STATIC_NO_DRAW_REMAINDER = (0.0, 0.011, 0.006)
"""...plus this for a short last fan."""
STATIC_FEW_LEFT = 7
"""With this many cards left or fewer, a last deal is won more often..."""
STATIC_FEW_BASE = 0.55
STATIC_FEW_SLOPE = 0.05
"""...about 0.55 less 5 points a card without the draw (45% with two left)..."""
STATIC_FEW_DRAW_BASE = 0.95
"""...and 0.95 less 5 points a card with it."""
ALL_ENDS = (1,)
"""Redeals left at which dominated end states are candidates too."""
PRIOR_WEIGHT = 20.0
"""The static value counts as this many samples when blended with the sampled ones."""
SCREEN_MARGIN = 0.01
"""Only candidates this close to the best static value are sampled (near ties)."""
MAX_CANDIDATES = 4
"""At most this many end states are compared by sampling."""
SAMPLES_LAST = 10
"""Sampled redeals per candidate when the phase after the redeal is the last."""
SAMPLES_MIDDLE = 5
"""Sampled redeals per candidate when two phases follow the redeal."""
SAMPLE_NODE_LIMIT = 2_500
"""Positions searched per sampled deal; a sample that runs out counts as not won."""
SAMPLE_NODE_BUDGET = 40_000
"""Positions searched for one decision, in all; past it no new round of samples starts."""
TABLE = "table"
"""Valuation of the previous solver: the static table, sampled redeals decide near ties."""
MODEL = "model"
"""Valuation by the measured model of :mod:`.model` (measured, not better: see the docs)."""
DEFAULT_VALUATION = TABLE


def static_value(end: EndState) -> float:
    """A rough chance of winning the next deal outright from this end state (no search).

    Fewer cards left is better, and so is a short last fan: a redeal of
    ``3k + 1`` cards leaves one card alone, free from the start and a safe
    place to build on, which is worth about as much as six cards fewer.
    """
    found, draw_ok = end
    left = DECK_SIZE - cards_home(found)
    if left == 0:
        return 1.0
    short = left % FAN_SIZE
    plain = STATIC_NO_DRAW_BASE - STATIC_NO_DRAW_SLOPE * left + STATIC_NO_DRAW_REMAINDER[short]
    if left <= STATIC_FEW_LEFT:
        plain = max(plain, STATIC_FEW_BASE - STATIC_FEW_SLOPE * left)
    if not draw_ok:
        return max(0.0, plain)
    drawn = STATIC_DRAW_BASE - STATIC_DRAW_SLOPE * left + STATIC_DRAW_REMAINDER[short]
    if left <= STATIC_FEW_LEFT:
        drawn = max(drawn, STATIC_FEW_DRAW_BASE - STATIC_FEW_SLOPE * left)
    return max(plain, drawn)


def cards_left(found: Found) -> list[int]:
    """The cards not yet home, in ascending order."""
    return [s * RANK_COUNT + r for s in range(len(found)) for r in range(found[s], RANK_COUNT)]


def sample_deal(found: Found, rng: random.Random) -> tuple[bytes, ...]:
    """A redeal of the cards left with a shuffle of the solver's own (never the real one)."""
    cards = cards_left(found)
    shuffle(cards, rng)
    return tuple(bytes(f) for f in deal_in_threes(cards))


def one_sample(end: EndState, phases_after: int, rng: random.Random) -> tuple[float, int]:
    """Deal one sampled redeal from ``end`` and judge it: (value 0..1, positions searched).

    ``phases_after`` is the number of phases still to come after this
    redeal's phase (0: the redeal starts the last phase, and the value is
    whether it can be won; 1: a won phase is worth 1, else the static value
    of its best end state, the draw kept).
    """
    found, draw_ok = end
    if cards_home(found) == DECK_SIZE:
        return 1.0, 0
    fans = sample_deal(found, rng)
    if phases_after == 0:
        last = search_phase(fans, found, draw_ok, node_limit=SAMPLE_NODE_LIMIT, win_only=True)
        return (1.0 if last.won else 0.0), last.nodes
    plain = search_phase(fans, found, False, node_limit=SAMPLE_NODE_LIMIT)
    if plain.won:
        return 1.0, plain.nodes
    nodes = plain.nodes
    if draw_ok:
        drawn = search_phase(fans, found, True, node_limit=SAMPLE_NODE_LIMIT, win_only=True)
        nodes += drawn.nodes
        if drawn.won:
            return 1.0, nodes
    return max(static_value((f, draw_ok)) for f, _ in plain.ends), nodes


def sampled_values(
    candidates: list[EndState], phases_after: int, seed: int, samples: int
) -> tuple[list[float], int]:
    """The sampled chance of winning from each candidate, on common shuffles.

    Candidates are sampled in rounds, one shuffle each per round, every
    candidate with its own generator started from the same ``seed``; after
    a round that passes :data:`SAMPLE_NODE_BUDGET` positions in all, no new
    round starts. Node counts, not the clock, so the answer is the same on
    every machine. Returns the mean values and the number of rounds.
    """
    rngs = [make_rng(seed) for _ in candidates]
    totals = [0.0] * len(candidates)
    rounds = 0
    spent = 0
    while rounds < samples and (rounds == 0 or spent <= SAMPLE_NODE_BUDGET):
        for i, end in enumerate(candidates):
            value, nodes = one_sample(end, phases_after, rngs[i])
            totals[i] += value
            spent += nodes
        rounds += 1
    return [t / rounds for t in totals], rounds


def choose_end(
    ends: list[EndState], redeals_left: int, seed: int, valuation: str | None = None
) -> EndState:
    """The end state to redeal from (or, with no redeal left, to finish in).

    With no redeal left: the most cards home. Otherwise the end states are
    ranked by static value (before the last redeal every end state reached
    is a candidate, even one with fewer cards home, since stopping short can
    leave a better number to redeal; before the first, only those no other
    beats in every way). When others come within :data:`SCREEN_MARGIN` of
    the best, those near ties are judged by sampled redeals, blended with
    the static value weighted as :data:`PRIOR_WEIGHT` samples. Measured:
    sampling wider, with the few samples time allows, chose worse (623 wins
    in deals 1-1000 with a margin of 0.05, 643 with 0.01).
    """
    if redeals_left <= 0:
        return max(pareto(ends), key=lambda e: (cards_home(e[0]), e[1]))
    if (valuation or DEFAULT_VALUATION) == MODEL:
        return choose_by_model(ends, redeals_left)
    pool = set(ends) if redeals_left in ALL_ENDS else set(pareto(ends))
    scored = sorted(pool, key=lambda e: (-static_value(e), -cards_home(e[0]), not e[1], e[0]))
    best_static = static_value(scored[0])
    candidates = [e for e in scored if static_value(e) >= best_static - SCREEN_MARGIN]
    candidates = candidates[:MAX_CANDIDATES]
    if len(candidates) == 1:
        return candidates[0]
    phases_after = redeals_left - 1
    samples = SAMPLES_LAST if phases_after == 0 else SAMPLES_MIDDLE
    values, rounds = sampled_values(candidates, phases_after, seed, samples)
    blended = [
        (PRIOR_WEIGHT * static_value(e) + v * rounds) / (PRIOR_WEIGHT + rounds)
        for e, v in zip(candidates, values, strict=True)
    ]
    best = max(range(len(candidates)), key=lambda i: (blended[i], -i))
    return candidates[best]


def choose_by_model(ends: list[EndState], redeals_left: int) -> EndState:
    """The end state with the best chance by the measured model (:mod:`.model`).

    Every end state reached is a candidate; ties go to more cards home, then
    to the draw kept, then to the lower heights (so the order of ``ends``
    never matters).
    """
    return min(
        set(ends),
        key=lambda e: (-win_chance(e, redeals_left), -cards_home(e[0]), not e[1], e[0]),
    )
