"""The ``few`` profile (the Windows stage) runs fewer state-machine examples, never none."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests.hypothesis_profiles import FEW, examples, load_from_environment


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
