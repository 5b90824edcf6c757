"""The measured model: chances that are probabilities, prefer the draw and fewer cards left."""

from __future__ import annotations

import itertools
import random

import pytest

from parlour.midnightoil.computer.solver.model import win_chance
from parlour.midnightoil.computer.solver.search import Found, search_phase
from parlour.midnightoil.computer.solver.value import sample_deal
from parlour.midnightoil.game.cards import RANK_COUNT


def test_model_chances_are_probabilities_that_prefer_the_draw() -> None:
    # Every foundation vector there is: the draw in hand is never worse than
    # none, and a middle deal (a redeal still to come) never worse than a last.
    for found in itertools.product(range(RANK_COUNT + 1), repeat=4):
        last = win_chance((found, False), 1)
        assert 0.0 <= last <= 1.0
        if sum(found) == 52:
            assert last == 1.0 == win_chance((found, True), 2)
            continue
        assert win_chance((found, True), 1) >= last
        assert win_chance((found, False), 2) >= last
        assert win_chance((found, True), 2) >= win_chance((found, True), 1)
        assert win_chance((found, True), 2) >= win_chance((found, False), 2)


def test_model_prefers_fewer_cards_left() -> None:
    for draw_ok in (False, True):
        for redeals_left in (1, 2):
            for first in (0, 1, 2):
                # Steps of three per suit keep the last fan the same size.
                heights = range(first, 12, 3)
                chances = [win_chance(((h, h, h, h), draw_ok), redeals_left) for h in heights]
                assert chances == sorted(chances)
                assert chances[-1] - chances[0] > 0.2


@pytest.mark.parametrize(
    ("found", "draw_ok"), [((6, 6, 7, 7), False), ((3, 4, 4, 3), True), ((9, 9, 13, 0), True)]
)
def test_model_agrees_with_sampled_last_deals(found: Found, draw_ok: bool) -> None:
    # The model's chance for a last deal against 160 sampled deals of the
    # same cards (the sampling error is about 0.04).
    rng = random.Random(11)
    won = sum(
        search_phase(sample_deal(found, rng), found, draw_ok, win_only=True).won for _ in range(160)
    )
    assert abs(won / 160 - win_chance((found, draw_ok), 1)) < 0.12
