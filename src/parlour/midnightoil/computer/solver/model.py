"""A measured model of the chance of winning from the end state of a deal phase (fair play).

When a phase cannot be won, the solver chooses where to stop and redeal. A
redeal keeps only the foundations and the draw, so the chance of winning
from there depends on the cards left alone, and those are, in each suit, a
run from the next card its foundation takes up to the king: four lengths.
The model is a logistic regression on a few features of those lengths:

- how many cards are left (and its square), and the last fan they make when
  dealt in threes (one or two cards left over: a lone card is free at once);
- how many suits still have cards left, and how many have all thirteen: with
  the same number of cards left, cards spread over more suits block each
  other less often (a card above a lower card of its own suit);
- the sum of the squared lengths, and whether very few cards are left.

There is one set of weights for each number of redeals left after the
redeal (0: the next deal is the last; 1: two deals follow) and for the draw
kept or spent. The weights were fitted by ``bench/midnightoil_solver.py
--fit`` on shuffles of the solver's own (never a real redeal): for the last
deal, whether a sampled deal of the cards left can be won; for the middle
deal, 1 if it can be won, else the model's chance from the best end state
the sampled deal offers. The fitted numbers are written below with the
command that measures them in ``docs/midnightoil.md``.
"""

from __future__ import annotations

import math

from parlour.midnightoil.computer.solver.search import RANK_COUNT, EndState, cards_home

DECK_SIZE = 52
FAN_SIZE = 3
FEW_LEFT = 4
"""At most this many cards left: nearly always won (a feature of its own)."""
SOME_LEFT = 8
"""At most this many cards left: more often won than the trend says."""

Weights = tuple[float, ...]

LAST_DRAW: Weights = (0.548, -4.343, 4.13, 0.218, 0.184, -2.88, 1.124, 0.094, 2.422, 0.105)
"""Weights for a last deal with the draw in hand."""
LAST_NO_DRAW: Weights = (-1.683, -4.443, 3.841, 0.37, 0.345, -3.06, 1.678, 0.469, 1.556, -0.21)
"""Weights for a last deal without the draw."""
MIDDLE_DRAW: Weights = (1.395, -3.127, 3.376, 0.125, 0.065, -3.635, 1.439, 0.268, 2.358, 0.356)
"""Weights for a middle deal (one more redeal after it) with the draw in hand."""
MIDDLE_NO_DRAW: Weights = (-0.235, -3.27, 4.302, 0.138, 0.14, -4.338, 1.294, 0.049, -0.136, 0.756)
"""Weights for a middle deal without the draw."""


def features(end: EndState) -> tuple[float, ...]:
    """The model's inputs for an end state (the draw is chosen by the weights, not here)."""
    found = end[0]
    lengths = [RANK_COUNT - h for h in found]
    left = sum(lengths)
    share = left / DECK_SIZE
    return (
        1.0,
        share,
        share * share,
        float(left % FAN_SIZE == 1),
        float(left % FAN_SIZE == 2),
        sum(x * x for x in lengths) / (DECK_SIZE * RANK_COUNT),
        sum(1 for x in lengths if x) / len(lengths),
        sum(1 for x in lengths if x == RANK_COUNT) / len(lengths),
        float(left <= FEW_LEFT),
        float(left <= SOME_LEFT),
    )


def weights(redeals_after: int, draw_ok: bool) -> Weights:
    """The fitted weights for a deal with ``redeals_after`` redeals still to come after it."""
    if redeals_after <= 0:
        return LAST_DRAW if draw_ok else LAST_NO_DRAW
    return MIDDLE_DRAW if draw_ok else MIDDLE_NO_DRAW


def predict(w: Weights, x: tuple[float, ...]) -> float:
    """The logistic function of the weighted sum (clamped so it never overflows)."""
    z = sum(a * b for a, b in zip(w, x, strict=True))
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def win_chance(end: EndState, redeals_left: int) -> float:
    """The model's chance of winning the game from ``end`` with ``redeals_left`` redeals left.

    ``redeals_left`` counts the redeal about to be made: 1 means the deal it
    makes is the last. The fitted weights keep two facts for every end
    state (a test checks them all): the draw in hand is never worse than
    none, and a middle deal never worse than a last deal of the same cards.
    """
    found, draw_ok = end
    if cards_home(found) == DECK_SIZE:
        return 1.0
    return predict(weights(redeals_left - 1, draw_ok), features(end))
