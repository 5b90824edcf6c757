"""Can this deal still be won? The verdict, exact against brute force, in lines that read well."""

from __future__ import annotations

from hypothesis import given, settings

from parlour.midnightoil.computer.solver.verdict import can_win
from parlour.midnightoil.game.cards import DECK_SIZE
from parlour.midnightoil.game.rules import State
from tests.midnightoil.computer.solver.positions import (
    brute_force,
    position,
    small_positions,
)


@settings(max_examples=150, deadline=None)
@given(small_positions())
def test_verdict_matches_brute_force(state: State) -> None:
    verdict = can_win(state)
    draw_ok = not state.draw_used
    best_plain = brute_force(state, False)
    best = brute_force(state, True) if draw_ok else best_plain
    assert verdict.complete
    assert verdict.best_home == best
    assert verdict.best_home_without_draw == best_plain
    assert verdict.winnable == (best == DECK_SIZE)
    assert verdict.winnable_without_draw == (best_plain == DECK_SIZE)


def test_verdict_lines_read_well() -> None:
    won_plain = position(["KC/QC"], (11, 13, 13, 13), redeals=1)
    verdict = can_win(won_plain)
    assert verdict.winnable_without_draw
    assert verdict.line() == "Yes: every card can go home before the next redeal without the draw."
    stuck = position(["QC/KC"], (11, 13, 13, 13), used=True)
    verdict = can_win(stuck)
    assert not verdict.winnable and verdict.best_home == 50
    assert verdict.line() == "No: not in this last deal; at most 50/52 home."
    for line in (can_win(State.new(d)).line() for d in (1, 2)):
        assert 0 < len(line) < 80
