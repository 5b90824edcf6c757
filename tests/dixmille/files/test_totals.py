"""One player's totals over recorded games (``files/totals.py``), counted game by game.

Dix Mille's statistics: the words and figures of the statistics page, pinned (#15).

Pins of the defaults of public constructors and methods (issue #29: a call that leaves an
argument out can tell a changed default apart, so it is behaviour, not an equivalent)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from parlour.core.rng import make_rng
from parlour.dixmille.computer.ai import tables_for, threshold_move
from parlour.dixmille.computer.analysis import annotate
from parlour.dixmille.files import stats, statsfile
from parlour.dixmille.files.stats import GameRecord, Totals
from parlour.dixmille.game.records import BUST, FOUR_TWOS, PASS, TurnRecord
from parlour.dixmille.game.rules import FOUR_TWOS_GAME, FOUR_TWOS_TURN, TARGET, new_game
from parlour.dixmille.game.scoring import STRAIGHT, THREE_PAIRS
from tests.dixmille.helpers import (
    recorded_games,
    solitaire_game,
    two_cycle_game,
)


def test_totals_of_a_played_game() -> None:
    assert statsfile.record_game(two_cycle_game(), finished=True) is None
    games = recorded_games()
    assert len(games) == 1
    ann, bob = stats.totals(games)
    assert (ann.games, ann.finished, ann.won, ann.shared, ann.turns) == (1, 1, 0, 0, 2)
    assert (ann.passes, ann.banked, ann.throws, ann.best_turn) == (1, 200, 3, 200)
    assert ann.pass_bands == [1, 0, 0, 0, 0, 0] and ann.pass_dice == [0, 0, 1, 0, 0, 0]
    assert (ann.four_twos, ann.four_twos_lost, ann.highest_score) == (1, 200, 200)
    assert (bob.won, bob.four_twos, bob.four_twos_lost, bob.hot_dice) == (1, 1, 0, 4)
    assert (bob.straights, bob.three_pairs, bob.best_turn) == (3, 1, 10_500)
    assert bob.pass_bands == [0, 0, 0, 0, 0, 1] and bob.pass_dice == [0, 0, 0, 0, 0, 1]
    assert [t.name for t in stats.totals(games, "BOB")] == ["Bob"]


def test_solitaire_games_stay_out_of_win_percent() -> None:
    statsfile.record_game(solitaire_game("Bob"), finished=True)
    statsfile.record_game(two_cycle_game(), finished=True)
    statsfile.record_game(solitaire_game("Bob"), finished=True)
    (bob,) = stats.totals(recorded_games(), "bob")
    assert (bob.games, bob.finished, bob.won, bob.solitaire) == (3, 1, 1, 2)
    assert bob.solitaire_turns == [1, 1]


def test_the_optimum_on_the_style_page_follows_the_games_four_twos_rule() -> None:
    """Under ``--four-twos turn`` the optimum's points per turn do not depend on the score."""
    game = new_game(["Ann", "Bob"], make_rng(7), 7, FOUR_TWOS_TURN)
    while not game.over:
        game.apply(threshold_move(game.situation()))
    for turn in game.players[0].turns:
        annotate(turn, four_twos_wipes=False)
    assert any(t.score_before > 0 for t in game.players[0].turns)
    ann = stats.totals([stats.game_line(game)], "Ann")[0]
    expected = tables_for(0, False).start_value()
    assert ann.style.optimum_per_turn() == pytest.approx(expected)
    assert set(ann.style.levels) and all(not wipes for _, wipes in ann.style.levels)


def test_a_per_turn_figure_is_a_quotient_and_none_without_turns() -> None:
    assert Totals.ratio(7, 2) == 3.5
    assert Totals.ratio(7, 0) is None


def _turn(**facts: object) -> TurnRecord:
    base: dict[str, object] = {
        "cycle": 1,
        "score_before": 0,
        "result": PASS,
        "turn_points": 300,
        "throws": 1,
        "dice_at_pass": 1,
        "hot_dice": 0,
        "one_die": [],
        "bonus": 0,
        "lost": 0,
        "six_dice": [],
        "decisions": [],
    }
    base.update(facts)
    return TurnRecord(**base)  # type: ignore[arg-type]


def test_the_turn_counts_add_up_over_turns() -> None:
    entry = Totals("Ann")
    entry.add_turn(
        _turn(throws=3, hot_dice=1, one_die=[1, 2], bonus=500, six_dice=[STRAIGHT, THREE_PAIRS])
    )
    entry.add_turn(
        _turn(throws=5, hot_dice=2, one_die=[2, 1, 1], bonus=1000, six_dice=[THREE_PAIRS, STRAIGHT])
    )
    figures = (
        entry.turns,
        entry.throws,
        entry.hot_dice,
        entry.straights,
        entry.three_pairs,
        entry.longest_turn,
        entry.one_die,
        entry.one_first,
        entry.one_second,
        entry.bonus,
        entry.top_bonus,
    )
    assert figures == (2, 8, 3, 2, 2, 5, 5, 3, 2, 1500, 3)


def test_passes_busts_and_four_twos_add_up_in_their_bands() -> None:
    entry = Totals("Ann")
    for facts in (
        {"turn_points": 300, "dice_at_pass": 1},
        {"turn_points": 500, "dice_at_pass": 6, "score_before": 1000},
        {"turn_points": 450, "dice_at_pass": 1},
        {"result": BUST, "turn_points": 0, "lost": 250},
        {"result": BUST, "turn_points": 0, "lost": 100},
        {"result": FOUR_TWOS, "turn_points": 0, "lost": 400},
        {"result": FOUR_TWOS, "turn_points": 0, "lost": 200},
    ):
        entry.add_turn(_turn(**facts))
    assert (entry.passes, entry.banked, entry.pass_points, entry.best_turn) == (3, 1250, 1250, 500)
    assert entry.highest_score == 1500
    assert entry.pass_bands == [0, 2, 1, 0, 0, 0]
    assert entry.pass_dice == [2, 0, 0, 0, 0, 1]
    assert (entry.busts, entry.bust_lost, entry.four_twos, entry.four_twos_lost) == (2, 350, 2, 600)


def _game(scores: tuple[int, ...], winners: tuple[str, ...]) -> GameRecord:
    names = ("Ann", "Bob")[: len(scores)]
    return GameRecord(
        finished=True,
        four_twos=FOUR_TWOS_GAME,
        names=names,
        scores=scores,
        winners=winners,
        turns=((_turn(),) * 3,) * len(names),
    )


def test_wins_and_shared_wins_are_counted_apart_game_by_game() -> None:
    games = [
        _game((TARGET, TARGET), ("Ann", "Bob")),
        _game((TARGET, 300), ("Ann",)),
        _game((TARGET + 500, TARGET + 500), ("Ann", "Bob")),
        _game((TARGET, 600), ("Ann",)),
    ]
    ann, bob = stats.totals(games)
    assert (ann.finished, ann.won, ann.shared) == (4, 2, 2)
    assert (bob.finished, bob.won, bob.shared) == (4, 0, 2)


def test_a_solitaire_game_reaching_exactly_the_target_counts_its_turns() -> None:
    (ann,) = stats.totals([_game((TARGET,), ("Ann",)), _game((TARGET - 50,), ("Ann",))])
    assert (ann.solitaire, ann.solitaire_turns) == (2, [3])


def test_an_abandoned_game_counts_for_every_seat() -> None:
    abandoned = replace(_game((300, 600), ()), finished=False)
    ann, bob = stats.totals([abandoned])
    assert (ann.games, ann.turns, ann.finished) == (1, 3, 0)
    assert (bob.games, bob.turns, bob.finished, bob.highest_score) == (1, 3, 0, 600)


def test_a_turn_counted_without_the_rule_counts_under_four_twos_wiping() -> None:
    totals = Totals("Ann")
    totals.add_turn(TurnRecord(cycle=1, score_before=350))
    told = Totals("Ann")
    told.add_turn(TurnRecord(cycle=1, score_before=350), four_twos_wipes=False)
    assert dict(totals.style.levels) == {(350, True): 1}
    assert dict(told.style.levels) == {(350, False): 1}
