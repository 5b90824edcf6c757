"""The seeded generator and shuffle replay identically everywhere."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.rng import (
    SEED_LIMIT,
    SplitMix64,
    below,
    choose_seed,
    make_rng,
    restore_rng,
    rng_state,
    shuffle,
)


def test_mersenne_twister_seeding_is_the_documented_one() -> None:
    # The first output for seed 42 is a well-known constant of CPython's generator.
    assert make_rng(42).random() == 0.6394267984578837


def test_shuffle_golden_values() -> None:
    deck = list(range(10))
    shuffle(deck, make_rng(42))
    assert deck == [9, 7, 8, 5, 3, 4, 1, 2, 0, 6]
    cards = list(range(52))
    shuffle(cards, make_rng(2026))
    assert cards[:10] == [13, 39, 2, 36, 29, 18, 35, 14, 46, 16]


def test_below_golden_values() -> None:
    rng = make_rng(7)
    assert [below(rng, 6) for _ in range(12)] == [1, 0, 3, 0, 3, 2, 0, 3, 0, 2, 0, 0]


def test_global_random_does_not_disturb_a_game_rng() -> None:
    first = make_rng(99)
    a = [below(first, 100) for _ in range(5)]
    second = make_rng(99)
    random.seed(1234)
    b = []
    for _ in range(5):
        random.random()
        b.append(below(second, 100))
    assert a == b


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(), max_size=60), st.integers(0, SEED_LIMIT - 1))
def test_shuffle_is_a_permutation_and_repeatable(items: list[int], seed: int) -> None:
    one, two = list(items), list(items)
    shuffle(one, make_rng(seed))
    shuffle(two, make_rng(seed))
    assert one == two
    assert sorted(one) == sorted(items)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 1000), st.integers(0, 2**32))
def test_below_stays_in_range(n: int, seed: int) -> None:
    rng = make_rng(seed)
    assert all(0 <= below(rng, n) < n for _ in range(20))


def test_choose_seed_keeps_a_given_seed_and_invents_one_otherwise() -> None:
    assert choose_seed(17) == 17
    fresh = choose_seed(None)
    assert 0 <= fresh < SEED_LIMIT
    with pytest.raises(ValueError):
        choose_seed(-1)
    with pytest.raises(ValueError):
        choose_seed(SEED_LIMIT)


def test_state_round_trip_continues_the_same_sequence() -> None:
    rng = make_rng(5)
    for _ in range(10):
        rng.random()
    saved = rng_state(rng)
    expected = [rng.random() for _ in range(5)]
    again = restore_rng(saved)
    assert [again.random() for _ in range(5)] == expected


@pytest.mark.parametrize(
    "bad", [None, [], [3, [1, 2], None], [3, "x", None], [3, [0] * 625, "gauss"], "text"]
)
def test_restore_rejects_malformed_state(bad: object) -> None:
    with pytest.raises(ValueError):
        restore_rng(bad)


def test_restore_rejects_true_and_false_where_numbers_belong() -> None:
    saved = rng_state(make_rng(5))
    as_bool_version = [True, saved[1], saved[2]]
    with pytest.raises(ValueError, match="wrong shape"):
        restore_rng(as_bool_version)
    internal = list(saved[1])
    internal[7] = True
    with pytest.raises(ValueError, match="wrong size"):
        restore_rng([saved[0], internal, saved[2]])
    internal[7] = 1
    restore_rng([saved[0], internal, saved[2]])  # the same state with a number is fine


@pytest.mark.parametrize("position", [625, -1, True, 3.0])
def test_restore_rejects_a_position_outside_the_state(position: object) -> None:
    """The last number is where the generator stands in its 624: Python's own refusal
    ("invalid state", in English) never reaches the player."""
    saved = rng_state(make_rng(5))
    internal = [*saved[1][:624], position]  # type: ignore[index]
    with pytest.raises(ValueError, match="bad position"):
        restore_rng([saved[0], internal, saved[2]])
    internal[624] = 624
    restore_rng([saved[0], internal, saved[2]])


def test_splitmix64_test_vectors() -> None:
    gen = SplitMix64(1)
    assert [gen.next() for _ in range(3)] == [
        0x910A2DEC89025CC1,
        0xBEEB8DA1658EEC67,
        0xF893A2EEFB32555E,
    ]


def test_splitmix64_bounded_draws_and_shuffle() -> None:
    gen = SplitMix64(12345)
    assert all(0 <= gen.below(7) < 7 for _ in range(200))
    items = list(range(30))
    SplitMix64(9).shuffle(items)
    again = list(range(30))
    SplitMix64(9).shuffle(again)
    assert items == again and sorted(items) == list(range(30))
    with pytest.raises(ValueError):
        gen.below(0)
