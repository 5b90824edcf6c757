"""The style analysis: losses against the optimal policy, early stops, pushes, takes."""

from __future__ import annotations

import pytest

from parlour.core.rng import make_rng
from parlour.dixmille.computer.ai import tables_for, threshold_move, zedx_move
from parlour.dixmille.computer.analysis import (
    COSTLIEST,
    MISTAKE,
    Costly,
    PlayStyle,
    analyse,
    annotate,
    explain,
    optimum_from_zero,
    start_value,
)
from parlour.dixmille.game.moves import Pass, Phase, Throw
from parlour.dixmille.game.records import GO, TAKE, Decision, TurnRecord
from parlour.dixmille.game.rules import new_game
from parlour.dixmille.game.scoring import score_take


def go(
    t: int, n: int, throw: bool, banked: int = 0, level: int = 0, last: bool = False
) -> Decision:
    return Decision(GO, banked, t, n, level, last, throw=throw)


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


# -----
# The style page's arithmetic, pinned: points given away, the advice, the counts (spec §12).
#
# Each figure is what the fourth statistics page shows: "Given away per turn", "Stopped too
# early", "Pushed too far", "Weaker takes", "Differs from ZEDX" and the costliest decisions.


def take(thrown: tuple[int, ...], taken: tuple[int, ...], t: int = 0, n: int = 6) -> Decision:
    return Decision(TAKE, 0, t, n, 0, False, thrown=thrown, taken=taken)


def valued(loss: float, kind: str = GO, throw: bool = False, last: bool = False) -> Decision:
    """A decision already analysed (annotate leaves it as it is)."""
    if kind == GO:
        return Decision(GO, 0, 300, 4, 0, last, throw=throw, loss=loss, best="b")
    return Decision(
        TAKE, 0, 0, 6, 0, last, thrown=(1, 5, 2, 3, 4, 6), taken=(5,), loss=loss, best="take 1"
    )


def turn(*decisions: Decision) -> TurnRecord:
    record = TurnRecord(cycle=1, score_before=0)
    record.decisions = list(decisions)
    return record


def test_passing_when_a_throw_was_worth_more_costs_exactly_the_difference() -> None:
    throw = tables_for(0).throw_value(400, 1, 0)
    d = analyse(go(400, 1, throw=False))
    assert d.loss == throw - 400 and d.best == "throw the last die"
    assert analyse(go(400, 1, throw=True)).loss == 0.0
    d = analyse(go(350, 5, throw=False))
    assert d.loss == tables_for(0).throw_value(350, 5, 0) - 350 and d.best == "throw 5 dice"


def test_throwing_when_passing_was_worth_more_costs_exactly_the_difference() -> None:
    d = analyse(go(700, 3, throw=True))
    assert d.loss == 700 - tables_for(0).throw_value(700, 3, 0) and d.best == "pass with 700"
    d = analyse(go(1200, 1, throw=True))
    assert d.best == "pass with 1,200" and d.loss is not None and d.loss > 0
    assert analyse(go(1200, 1, throw=False)).loss == 0.0


def test_the_banked_score_the_level_and_the_four_twos_rule_are_taken_into_account() -> None:
    assert analyse(go(400, 1, False, banked=9500)).loss == (
        tables_for(9500).throw_value(400, 1, 0) - 400
    )
    assert analyse(go(400, 1, False, level=2)).loss == tables_for(0).throw_value(400, 1, 2) - 400
    wiped = analyse(go(300, 6, False, banked=5000))
    kept = analyse(go(300, 6, False, banked=5000), four_twos_wipes=False)
    assert kept.loss == tables_for(5000, False).throw_value(300, 6, 0) - 300
    assert wiped.loss != kept.loss


def test_a_weaker_take_costs_the_difference_in_value() -> None:
    tables = tables_for(0)
    thrown = (1, 1, 5, 2, 3, 4)
    weak = analyse(take(thrown, (1, 1, 5)))
    best = tables.best_take(thrown, 0, 0)
    chosen = score_take((1, 1, 5))
    assert chosen is not None
    assert weak.loss == tables.take_value(best, 0, 6, 0) - tables.take_value(chosen, 0, 6, 0)
    assert weak.best == "take 1" and weak.loss > 0
    assert analyse(take(thrown, (1,))).loss == 0.0
    assert analyse(take((5, 5, 5, 2, 3, 4), (5, 5, 5), t=300)).best == "take 5 5 5"


@pytest.mark.parametrize(
    ("thrown", "taken"),
    [((1, 2, 3, 4, 6, 6), (2,)), ((2, 3, 4, 6, 6, 3), (6, 6, 6)), ((2, 3), (1,))],
)
def test_a_recorded_take_that_is_not_legal_is_refused(
    thrown: tuple[int, ...], taken: tuple[int, ...]
) -> None:
    with pytest.raises(ValueError, match=r"^a recorded take is not a legal take$"):
        analyse(take(thrown, taken))


def test_last_turn_decisions_are_left_out() -> None:
    d = go(400, 1, throw=False, last=True)
    assert analyse(d) is d and d.loss is None and d.best == ""
    record = turn(d, go(400, 1, throw=False), valued(5.0))
    annotate(record)
    assert record.decisions[0] is d  # still not analysed
    assert record.decisions[1].loss == analyse(go(400, 1, throw=False)).loss
    assert record.decisions[2].loss == 5.0  # an analysed decision keeps its figure


def brackets(faces: tuple[int, ...]) -> str:
    return "".join(f"[{f}]" for f in faces)


def test_decisions_read_as_the_page_shows_them() -> None:
    threw = Decision(GO, 0, 1200, 1, 0, False, throw=True, loss=35.4, best="pass")
    assert explain(threw, brackets) == ("threw 1 die at 1,200: passing is worth 35 more on average")
    passed = Decision(GO, 0, 350, 5, 0, False, throw=False, loss=0.4, best="throw")
    assert explain(passed, brackets) == (
        "passed at 350 with 5 dice: throwing is worth less than 1 more on average"
    )
    # the brief forms, for a narrow line
    assert explain(threw, brackets, brief=True) == "threw 1 die at 1,200: passing is worth 35 more"
    assert explain(passed, brackets, brief=True) == (
        "passed at 350 with 5 dice: throwing is worth less than 1 more"
    )
    took = Decision(
        TAKE,
        0,
        0,
        6,
        0,
        False,
        thrown=(1, 1, 5, 2, 3, 4),
        taken=(1, 1, 5),
        loss=12.0,
        best="take 1",
    )
    assert explain(took, brackets) == (
        "took [1][1][5] of [1][1][5][2][3][4]: [1] (5 dice left) averages 12 more"
    )
    assert explain(took, brackets, brief=True) == (
        "took [1][1][5] of [1][1][5][2][3][4]: [1] averages 12 more"
    )


def test_the_style_counts_mistakes_only_above_the_rounding_noise() -> None:
    style = PlayStyle()
    style.add_turn(
        turn(
            valued(MISTAKE / 2, throw=False),  # noise: not a mistake
            valued(40.0, throw=False),  # too early
            valued(2 * MISTAKE, throw=True),  # too far, just
            valued(25.0, kind=TAKE),
            valued(MISTAKE, kind=TAKE),  # exactly the noise level: not a mistake
        )
    )
    assert (style.go_decisions, style.take_decisions) == (3, 2)
    assert (style.too_early, style.too_far, style.take_mistakes) == (1, 1, 1)
    assert style.given_away == pytest.approx(65.0 + 3.5 * MISTAKE)
    assert style.turns == 1 and style.per_turn == style.given_away
    assert style.differs == pytest.approx(2 / 3)


def test_the_costliest_decisions_come_once_each_most_costly_first() -> None:
    style = PlayStyle()
    style.add_turn(turn(*(valued(x, throw=True) for x in (10.0, 30.0))))
    style.add_turn(turn(valued(20.0, kind=TAKE), valued(50.0), valued(0.001)))
    assert COSTLIEST == 6
    # The two throws at 300 with 4 dice are one mistake made twice, shown at its costliest.
    assert [(c.loss, c.decision.kind, c.decision.throw, c.times) for c in style.worst] == [
        (50.0, GO, False, 1),
        (30.0, GO, True, 2),
        (20.0, TAKE, False, 1),
    ]
    assert all(isinstance(c, Costly) for c in style.worst)
    assert style.turns == 2 and style.per_turn == pytest.approx(110.001 / 2)


def test_which_turns_count() -> None:
    style = PlayStyle()
    style.add_turn(turn())  # a bust on the first throw: a turn with no choice in it
    assert style.turns == 1
    style.add_turn(turn(go(400, 1, False, last=True)))  # only a last-turn choice: left out
    assert style.turns == 1
    style.add_turn(turn(valued(1.0), valued(2.0, last=True)))
    assert style.turns == 2
    assert PlayStyle().per_turn == 0.0 and PlayStyle().differs == 0.0


def test_annotate_follows_the_games_four_twos_rule() -> None:
    d = go(300, 6, False, banked=5000)
    record = turn(d)
    annotate(record)  # the default: four 2s wipe the game score
    assert record.decisions[0].loss == analyse(d).loss
    kept = turn(d)
    annotate(kept, four_twos_wipes=False)
    assert kept.decisions[0].loss == analyse(d, four_twos_wipes=False).loss
    assert record.decisions[0].loss != kept.decisions[0].loss


def test_a_loss_of_exactly_the_noise_level_is_no_mistake() -> None:
    style = PlayStyle()
    style.add_turn(turn(valued(MISTAKE, throw=False), valued(MISTAKE, throw=True)))
    style.add_turn(turn(valued(MISTAKE, kind=TAKE)))
    assert (style.too_early, style.too_far, style.take_mistakes, style.worst) == (0, 0, 0, [])
    assert style.differs == 0.0 and style.go_decisions == 2 and style.take_decisions == 1


def test_weaker_takes_add_up() -> None:
    style = PlayStyle()
    style.add_turn(turn(valued(3.0, kind=TAKE), valued(4.0, kind=TAKE)))
    style.add_turn(turn(valued(5.0, kind=TAKE)))
    assert style.take_mistakes == 3 and style.take_decisions == 3


def _took(best: str, loss: float = 12.0) -> Decision:
    return Decision(TAKE, 0, 0, 2, 0, False, thrown=(1, 5), taken=(1,), loss=loss, best=best)


@pytest.mark.parametrize(
    ("loss", "words"), [(0.99, "less than 1"), (1.0, "1"), (1.6, "2"), (1234.4, "1,234")]
)
def test_a_loss_reads_in_whole_points_from_one(loss: float, words: str) -> None:
    passed = Decision(GO, 0, 350, 5, 0, False, throw=False, loss=loss, best="throw")
    assert explain(passed, brackets) == (
        f"passed at 350 with 5 dice: throwing is worth {words} more on average"
    )


def test_advice_to_take_every_die_reads_as_hot_dice() -> None:
    assert explain(_took("take 1 5"), brackets) == (
        "took [1] of [1][5]: [1][5] (hot dice) averages 12 more"
    )


@pytest.mark.parametrize("best", ["pass 5", "take X", "take 7", "take"])
def test_advice_that_is_not_a_take_of_dice_is_shown_as_words(best: str) -> None:
    assert explain(_took(best), brackets) == f"took [1] of [1][5]: {best} averages 12 more"


def test_a_mistake_made_again_at_the_same_cost_keeps_its_first_instance() -> None:
    style = PlayStyle()
    first = Decision(GO, 0, 300, 4, 0, False, throw=True, loss=30.0, best="pass")
    again = Decision(GO, 1000, 300, 4, 0, False, throw=True, loss=30.0, best="pass")
    style.add_turn(turn(first))
    style.add_turn(turn(again))
    assert [(c.decision.banked, c.times) for c in style.worst] == [(0, 2)]


def test_without_turns_the_optimum_per_turn_is_zero() -> None:
    assert PlayStyle().optimum_per_turn() == 0.0


def test_the_optimum_is_exact_every_500_points_and_a_straight_line_between() -> None:
    at = {banked: tables_for(banked).start_value() for banked in (0, 500)}
    assert start_value(0) == at[0] == optimum_from_zero()
    assert start_value(500) == at[500]
    assert start_value(250) == pytest.approx((at[0] + at[500]) / 2, abs=1e-12)
    # Without the four 2s wiping a score, the banked score changes nothing.
    assert start_value(2000, False) == tables_for(0, False).start_value()


def test_every_analysed_decision_of_a_turn_counts_even_after_one_that_is_not() -> None:
    style = PlayStyle()
    style.add_turn(turn(go(300, 4, throw=True), valued(40.0, throw=False)))
    assert (style.go_decisions, style.too_early, style.given_away) == (1, 1, 40.0)


def test_a_throw_worth_exactly_the_points_in_hand_is_advised_as_a_pass() -> None:
    """At banked 1,850 with 2,450 in hand, throwing five dice is worth exactly 2,450 (issue
    #29): passing is no mistake, the advice is to pass, and neither choice costs anything."""
    assert tables_for(1850, True).throw_value(2450, 5, 0) == 2450
    for threw in (False, True):
        decided = analyse(go(2450, 5, threw, banked=1850))
        assert decided.best == "pass with 2,450"
        assert decided.loss == 0.0


def test_a_start_past_the_recorded_ones_is_worked_out_from_its_tables() -> None:
    """The table of start values ends at 10,000; beyond it (a record from elsewhere) the
    value comes from the optimum's own tables, never an error."""
    assert start_value(10_500) == tables_for(10_500).start_value()
    assert start_value(10_600) == pytest.approx(
        tables_for(10_500).start_value() * 0.8 + tables_for(11_000).start_value() * 0.2
    )
