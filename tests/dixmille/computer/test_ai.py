"""ZEDX: the solver's check values (spec 8.1), its takes, the last-turn rule."""

from __future__ import annotations

import pytest

from parlour.dixmille.computer.ai import (
    Tables,
    policy_value,
    tables_for,
    threshold_take,
    zedx_move,
)
from parlour.dixmille.game.rules import Pass, Phase, Situation, TakeDice, Throw


def pass_from(tables: Tables, dice: int, level: int) -> int:
    """The smallest turn total from which passing is optimal for good."""
    throwing = [t for t in range(0, 20_001, 50) if tables.should_throw(t, dice, level)]
    return max(throwing) + 50


def test_start_value_and_thresholds_at_zero() -> None:
    tables = tables_for(0)
    assert tables.start_value() == pytest.approx(575.11, abs=0.005)
    expected = {
        0: [1150, 500, 600, 900, 2550, 11750],
        1: [1750, 700, 750, 1050, 2550, 11750],
        2: [2300, 900, 900, 1250, 2550, 11750],
    }
    for level, row in expected.items():
        assert [pass_from(tables, n, level) for n in range(1, 7)] == row


def test_check_values_at_five_thousand() -> None:
    tables = tables_for(5000)
    assert tables.start_value() == pytest.approx(507.64, abs=0.005)
    assert [pass_from(tables, n, 0) for n in range(1, 7)] == [1100, 500, 550, 900, 2350, 10350]


def test_four_twos_turn_rule_makes_the_score_irrelevant() -> None:
    assert tables_for(0, False).start_value() == pytest.approx(
        tables_for(7000, False).start_value()
    )
    assert tables_for(7000).start_value() < tables_for(0).start_value()


@pytest.mark.parametrize(
    ("dice", "turn_points", "taken"),
    [
        ((1, 1, 5, 2, 3, 4), 0, (1,)),
        ((2, 2, 2, 1, 3, 4), 0, (1,)),
        ((1, 1, 1, 2, 3, 4), 0, (1, 1, 1)),
        ((1, 1, 5, 3), 300, (1, 1, 5)),
    ],
)
def test_takes_from_the_spec(
    dice: tuple[int, ...], turn_points: int, taken: tuple[int, ...]
) -> None:
    assert tables_for(0).best_take(dice, turn_points, 0).faces == taken


def situation(phase: Phase, scores: tuple[int, ...], t: int, n: int, thrown=()) -> Situation:  # type: ignore[no-untyped-def]
    return Situation(0, scores, phase, t, n, 0, thrown, "game")


def test_zedx_moves() -> None:
    assert zedx_move(situation(Phase.START, (0, 0), 0, 6)) == Throw()
    assert zedx_move(situation(Phase.CHOOSE, (0, 0), 400, 3)) == Throw()
    assert zedx_move(situation(Phase.CHOOSE, (0, 0), 600, 3)) == Pass()
    move = zedx_move(situation(Phase.TAKE, (0, 0), 0, 6, (3, 1, 4, 1, 5, 2)))
    assert move == TakeDice((2,))


def test_last_turn_rule_throws_until_ahead() -> None:
    # 2000 turn points with 2 dice: normally a pass, but 8000 + 2000 is not ahead of 10,000.
    assert zedx_move(situation(Phase.CHOOSE, (8000, 10_000), 2000, 2)) == Throw()
    assert zedx_move(situation(Phase.CHOOSE, (8000, 10_000), 2050, 2)) == Pass()
    # and it passes on a small total once ahead, even with six dice
    assert zedx_move(situation(Phase.CHOOSE, (9900, 10_000), 150, 6)) == Pass()


def test_exact_value_of_the_implemented_players() -> None:
    def stop(t: int, n: int, k: int) -> bool:
        return not (t >= 300 or n < 3)

    value = policy_value(0, stop, lambda faces, t, n, k: threshold_take(faces, t))
    assert value == pytest.approx(442.86, abs=0.01)
