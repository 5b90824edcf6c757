"""The scoring table: every face and combination, order independence, legal takes."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.dixmille.game.scoring import (
    STRAIGHT,
    THREE_PAIRS,
    is_four_twos,
    legal_takes,
    one_die_bonus,
    rounded,
    score_take,
    scores,
)

dice_lists = st.lists(st.integers(1, 6), min_size=1, max_size=6)


@pytest.mark.parametrize(
    ("faces", "points"),
    [
        ((5,), 50),
        ((1,), 100),
        ((1, 1), 200),
        ((1, 5), 150),
        ((5, 5), 100),
        ((1, 1, 5), 250),
        ((1, 5, 5), 200),
        ((1, 1, 1), 1000),
        ((5, 5, 5), 500),
        ((2, 2, 2), 200),
        ((3, 3, 3), 300),
        ((4, 4, 4), 400),
        ((6, 6, 6), 600),
        ((1, 2, 3, 4, 5, 6), 3000),
        ((2, 2, 4, 4, 6, 6), 1500),
        ((1, 1, 5, 5, 3, 3), 1500),
    ],
)
def test_every_scoring_take(faces: tuple[int, ...], points: int) -> None:
    take = score_take(faces)
    assert take is not None and take.points == points


@pytest.mark.parametrize(
    "faces",
    [
        (2,),
        (3,),
        (4,),
        (6,),
        (1, 2),
        (2, 2),
        (6, 6),
        (1, 1, 1, 1),  # four dice are never one take
        (1, 1, 1, 5),
        (3, 3, 3, 3, 6, 6),  # four of a kind + pair is not three pairs (R5)
        (2, 2, 2, 2, 2, 2),
        (1, 1, 1, 1, 1, 1),
        (1, 2, 3, 4, 5),  # no partial straight
        (2, 2, 3, 3),
        (3, 3, 3, 5),
    ],
)
def test_non_takes(faces: tuple[int, ...]) -> None:
    assert score_take(faces) is None


def spec_points(dice: tuple[int, ...], throw_size: int) -> int | None:
    """Spec §4 read literally, one case per bullet: the points of taking ``dice`` from a
    throw of ``throw_size`` dice, or None if that is not a legal take."""
    counts = sorted(Counter(dice).values())
    if len(dice) == 6 == throw_size:
        if sorted(dice) == [1, 2, 3, 4, 5, 6]:
            return 3000
        if counts == [2, 2, 2]:
            return 1500
    if len(dice) == 3 and counts == [3]:
        return 1000 if dice[0] == 1 else 100 * dice[0]
    if 1 <= len(dice) <= 3 and all(f in (1, 5) for f in dice):
        return sum(100 if f == 1 else 50 for f in dice)
    return None


@given(dice_lists, st.randoms(use_true_random=False))
@settings(max_examples=150, deadline=None)
def test_legal_takes_are_the_spec_table_in_any_order_of_the_dice(
    faces: list[int], rng: random.Random
) -> None:
    """Every part of the throw the spec lets a player take is offered, with its points, and
    nothing else, best points first, however the dice lie on the table."""
    expected: dict[tuple[int, ...], int] = {}
    for size in range(1, len(faces) + 1):
        for chosen in combinations(sorted(faces), size):
            value = spec_points(chosen, len(faces))
            if value is not None:
                expected[chosen] = value
    shuffled = list(faces)
    rng.shuffle(shuffled)
    takes = legal_takes(shuffled)
    assert {t.faces: t.points for t in takes} == expected
    assert len(takes) == len(expected)
    assert [t.points for t in takes] == sorted((t.points for t in takes), reverse=True)
    assert scores(shuffled) == bool(expected)
    whole = score_take(shuffled)
    assert (whole.points if whole else None) == spec_points(tuple(sorted(faces)), len(faces))


@given(dice_lists)
@settings(max_examples=80, deadline=None)
def test_legal_takes_are_at_most_three_dice_or_a_whole_combination(faces: list[int]) -> None:
    for take in legal_takes(faces):
        assert take.size <= 3 or (take.size == 6 and len(faces) == 6)
        assert score_take(take.faces) == take
        remaining = list(faces)
        for f in take.faces:
            remaining.remove(f)  # the take's dice are really in the throw


def test_examples_from_the_spec() -> None:
    takes = {t.faces: t.points for t in legal_takes((1, 1, 1, 1, 5, 6))}
    assert takes[(1, 1, 1)] == 1000
    assert takes[(1, 1, 5)] == 250
    assert takes[(1,)] == 100
    assert all(len(f) <= 3 for f in takes)
    assert {t.faces for t in legal_takes((3, 3, 3, 3, 5, 2))} == {(3, 3, 3), (5,)}
    assert [t.points for t in legal_takes((2, 2, 4, 4, 6, 6))] == [1500]
    assert legal_takes((1, 2, 3, 4, 5, 6))[0].name == STRAIGHT
    assert legal_takes((6, 4, 2, 6, 4, 2))[0].name == THREE_PAIRS
    assert not scores((2, 3, 4, 6, 6))
    assert scores((5, 5, 5))


def test_four_twos() -> None:
    assert is_four_twos((2, 2, 2, 2, 1, 5))
    assert is_four_twos((2, 2, 2, 2, 2))
    assert is_four_twos((2, 2, 2, 2))
    assert not is_four_twos((2, 2, 2, 1, 5, 6))


def test_bonus_escalates_by_500() -> None:
    assert [one_die_bonus(j) for j in (1, 2, 3, 4)] == [500, 1000, 1500, 2000]


# -----
# Scoring edge cases the spec table does not reach: no dice, dice that are not dice, names.


@pytest.mark.parametrize("faces", [(), (0,), (7,), (7, 7, 7), (0, 0, 0), (1, 7), (5, 5, 0)])
def test_nothing_and_impossible_faces_are_no_take(faces: tuple[int, ...]) -> None:
    assert score_take(faces) is None


@pytest.mark.parametrize(
    ("faces", "name", "points"),
    [
        ((5,), "single", 50),
        ((1, 5), "singles", 150),
        ((1, 1, 1), "three 1s", 1000),
        ((4, 4, 4), "three 4s", 400),
        ((6, 5, 4, 3, 2, 1), STRAIGHT, 3000),
        ((3, 1, 3, 1, 6, 6), THREE_PAIRS, 1500),
    ],
)
def test_each_take_is_named_for_the_turn_log(
    faces: tuple[int, ...], name: str, points: int
) -> None:
    take = score_take(faces)
    assert take is not None
    assert (take.faces, take.name, take.points) == (tuple(sorted(faces)), name, points)
    assert str(take) == " ".join(str(f) for f in sorted(faces)) + f" ({points:,})"


def test_figures_round_to_whole_points_unless_told_and_halves_go_up() -> None:
    """``rounded`` (mutation run of 5 December): whole points by default, a half up."""
    assert str(rounded(452.5)) == "453" and str(rounded(457.5)) == "458"
    assert str(rounded(0.125, 2)) == "0.13" and str(rounded(1.25, 1)) == "1.3"
