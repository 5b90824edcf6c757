"""The style analysis: losses against the optimal policy, early stops, pushes, takes."""

from __future__ import annotations

import pytest

from parlour.core.rng import make_rng
from parlour.dixmille.computer.ai import tables_for, threshold_move, zedx_move
from parlour.dixmille.computer.analysis import PlayStyle, analyse, annotate
from parlour.dixmille.game.moves import Pass, Phase, Throw
from parlour.dixmille.game.records import GO, TAKE, Decision, TurnRecord
from parlour.dixmille.game.rules import new_game


def go(t: int, n: int, throw: bool, banked: int = 0, last: bool = False) -> Decision:
    return Decision(GO, banked, t, n, 0, last, throw=throw)


def test_pass_too_early_costs_the_difference() -> None:
    tables = tables_for(0)
    d = analyse(go(400, 1, throw=False))  # threshold with one die is 1150
    assert d.loss == pytest.approx(tables.throw_value(400, 1, 0) - 400)
    assert d.loss is not None and d.loss > 100 and d.best == "throw the last die"
    assert analyse(go(400, 1, throw=True)).loss == 0.0


def test_pushing_too_far_costs_the_difference() -> None:
    d = analyse(go(700, 3, throw=True))  # pass from 600 with three dice
    assert d.loss is not None and d.loss > 0 and d.best == "pass with 700"


def test_takes_and_last_turns() -> None:
    weak = analyse(Decision(TAKE, 0, 0, 6, 0, False, thrown=(1, 1, 5, 2, 3, 4), taken=(1, 1, 5)))
    assert weak.loss is not None and weak.loss > 0 and weak.best == "take 1"
    best = analyse(Decision(TAKE, 0, 0, 6, 0, False, thrown=(1, 1, 5, 2, 3, 4), taken=(1,)))
    assert best.loss == 0.0
    assert analyse(go(400, 1, throw=False, last=True)).loss is None


def test_style_counts_and_costliest() -> None:
    record = TurnRecord(cycle=1, score_before=0)
    record.decisions = [go(100, 5, True), go(700, 3, True), go(250, 2, False)]
    annotate(record)
    style = PlayStyle()
    style.add_turn(record)
    assert (style.too_far, style.too_early, style.go_decisions) == (1, 1, 3)
    assert style.per_turn == pytest.approx(sum(d.loss or 0 for d in record.decisions))
    assert [w[0] for w in style.worst] == sorted((w[0] for w in style.worst), reverse=True)
    assert style.differs == pytest.approx(2 / 3)


def test_a_threshold_player_is_measured_against_zedx_decision_by_decision() -> None:
    """Ann throws whenever 3 or more dice are left and passes with fewer; ZEDX plays the
    optimal policy. Her style counts each choice where the policy would differ, as too early
    or too far, and his shows none."""
    game = new_game(["Ann", "ZEDX"], make_rng(8), 8)
    while game.cycle < 8 and not game.over:
        situation = game.situation()
        if game.seat == 1:
            game.apply(zedx_move(situation))
        elif situation.phase is Phase.CHOOSE:
            game.apply(Throw() if situation.dice_left >= 3 else Pass())
        else:
            game.apply(threshold_move(situation))
    ann, zedx = PlayStyle(), PlayStyle()
    early = far = 0
    for turn in game.players[0].turns:
        annotate(turn)
        ann.add_turn(turn)
        for d in turn.decisions:
            if d.kind == GO and not d.last:
                wanted = tables_for(d.banked).should_throw(d.turn_points, d.dice, d.level)
                early += wanted and not d.throw
                far += d.throw and not wanted
    for turn in game.players[1].turns:
        annotate(turn)
        zedx.add_turn(turn)
    assert early > 0 and far > 0 and early != far, (early, far)
    assert (ann.too_early, ann.too_far) == (early, far)
    assert ann.given_away > 50 and ann.differs == pytest.approx((early + far) / ann.go_decisions)
    assert zedx.go_decisions > 0 and zedx.too_early == zedx.too_far == 0
    assert zedx.given_away == pytest.approx(0.0, abs=1e-6)
