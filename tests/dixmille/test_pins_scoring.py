"""Scoring edge cases the spec table does not reach: no dice, dice that are not dice, names."""

from __future__ import annotations

import pytest

from parlour.dixmille.game.scoring import STRAIGHT, THREE_PAIRS, score_take


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
