"""The style analysis: losses against the optimal policy, early stops, pushes, takes."""

from __future__ import annotations

import pytest

from parlour.core.rng import make_rng
from parlour.dixmille.ai import tables_for, zedx_move
from parlour.dixmille.analysis import Style, analyse, annotate, explain
from parlour.dixmille.records import GO, TAKE, Decision, TurnRecord
from parlour.dixmille.rules import new_game


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
    style = Style()
    style.add_turn(record)
    assert (style.too_far, style.too_early, style.go_decisions) == (1, 1, 3)
    assert style.per_turn == pytest.approx(sum(d.loss or 0 for d in record.decisions))
    assert [w.loss for w in style.worst] == sorted((w.loss for w in style.worst), reverse=True)
    assert style.differs == pytest.approx(2 / 3)


def test_zedx_itself_gives_nothing_away() -> None:
    game = new_game(["ZEDX"], make_rng(8), 8)
    while game.cycle < 6:
        game.apply(zedx_move(game.situation()))
    style = Style()
    for turn in game.players[0].turns:
        annotate(turn)
        style.add_turn(turn)
    assert style.go_decisions > 0 and style.given_away == pytest.approx(0.0, abs=1e-6)


# ----- the style page in words (#17 point 3) -----


def ascii_faces(faces: tuple[int, ...]) -> str:
    return "".join(f"[{f}]" for f in faces)


def test_each_costly_decision_is_explained_in_one_line() -> None:
    tables = tables_for(0)
    early = analyse(go(400, 1, throw=False))
    gain = tables.throw_value(400, 1, 0) - 400
    assert explain(early, ascii_faces) == (
        f"passed at 400 with 1 die: throwing is worth {gain:,.0f} more on average"
    )
    far = analyse(go(700, 3, throw=True))
    assert explain(far, ascii_faces) == (
        f"threw 3 dice at 700: passing is worth {far.loss:,.0f} more on average"
    )
    weak = analyse(Decision(TAKE, 0, 0, 6, 0, False, thrown=(1, 1, 5, 2, 3, 4), taken=(1, 1, 5)))
    assert explain(weak, ascii_faces) == (
        f"took [1][1][5] of [1][1][5][2][3][4]: [1] (5 dice left) averages {weak.loss:,.0f} more"
    )


def test_a_mistake_made_again_is_listed_once_most_costly_first() -> None:
    style = Style()
    for banked in (0, 0, 5000):
        record = TurnRecord(cycle=1, score_before=banked)
        record.decisions = [go(400, 1, False, banked), go(700, 3, True, banked)]
        annotate(record)
        style.add_turn(record)
    listed = style.costliest()
    assert len(listed) == 2
    assert listed[0].loss > listed[1].loss
    assert [c.times for c in listed] == [3, 3]
    once = {round(c.loss, 6) for c in listed}
    assert max(once) == pytest.approx(
        max(analyse(go(400, 1, False, b)).loss or 0 for b in (0, 5000))
    )
    assert style.per_turn > 0  # given away is a positive number


def test_points_per_turn_beside_the_optimum_from_the_same_scores() -> None:
    style = Style()
    for banked, result, points in ((0, "pass", 600), (5000, "bust", 0)):
        record = TurnRecord(cycle=1, score_before=banked, result=result, turn_points=points)
        style.add_turn(record)
    assert style.turns == 2 and style.points_per_turn == 300
    expected = (tables_for(0).start_value() + tables_for(5000).start_value()) / 2
    assert style.optimum_per_turn() == pytest.approx(expected)
    assert expected == pytest.approx((575.11 + 507.64) / 2, abs=0.01)


@pytest.mark.parametrize("banked", [250, 750, 2350, 5050, 9950])
def test_the_optimum_between_exact_scores_is_within_a_tenth(banked: int) -> None:
    from parlour.dixmille.analysis import start_value

    assert start_value(banked) == pytest.approx(tables_for(banked).start_value(), abs=0.06)
    assert start_value(banked, False) == pytest.approx(tables_for(0).start_value())
