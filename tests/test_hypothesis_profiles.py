"""The ``few`` profile (the Windows stage) runs fewer state-machine examples, never none."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

import pytest
from hypothesis import settings

from tests.hypothesis_profiles import FEW, examples, load_from_environment, spread


@pytest.fixture
def few() -> Iterator[None]:
    settings.load_profile(FEW)
    yield
    settings.load_profile("default")
    load_from_environment()


def test_without_a_profile_every_example_runs() -> None:
    if settings.default.max_examples < 100:
        pytest.skip("a profile with fewer examples is loaded (PARLOUR_HYPOTHESIS_PROFILE)")
    assert [examples(n) for n in (1, 20, 50)] == [1, 20, 50]


def test_few_runs_a_tenth_and_never_fewer_than_two(few: None) -> None:
    assert [examples(n) for n in (1, 20, 25, 40, 50)] == [2, 2, 2, 4, 5]
    assert settings.default.deadline is None


def test_spread_walks_every_offset_without_a_profile() -> None:
    if settings.default.max_examples < 100:
        pytest.skip("a profile with fewer examples is loaded (PARLOUR_HYPOTHESIS_PROFILE)")
    assert spread(40, 4000) == list(range(40, 4000))
    assert spread(11, 1000, 97) == list(range(11, 1000, 97))


def test_spread_under_few_takes_a_tenth_evenly_with_both_ends(few: None) -> None:
    cuts = spread(40, 4040)
    assert len(cuts) in (400, 401)
    assert cuts[0] == 40 and cuts[-1] == 4039
    assert max(b - a for a, b in pairwise(cuts)) <= 10
    assert spread(0, 3) == [0, 1, 2]  # never fewer than two, and short walks whole
    assert spread(11, 1000, 97) == [11, 496, 981]
