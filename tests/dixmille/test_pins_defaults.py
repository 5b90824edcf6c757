"""Pins of the defaults of public constructors and methods (issue #29: a call that leaves an
argument out can tell a changed default apart, so it is behaviour, not an equivalent)."""

from __future__ import annotations

from parlour.dixmille.files.stats import Totals
from parlour.dixmille.game.moves import Outcome
from parlour.dixmille.game.records import TurnRecord
from parlour.dixmille.game.rules import Player


def test_an_outcome_says_nothing_unless_given_words() -> None:
    outcome = Outcome("pass", 1)
    assert (outcome.kind, outcome.seat, outcome.dice, outcome.points) == ("pass", 1, (), 0)
    assert outcome.message == "" and outcome.turn_ended is False


def test_a_player_is_a_person_unless_told() -> None:
    ann = Player("Ann")
    assert ann.computer is False and ann.score == 0 and ann.turns == []
    assert Player("ZEDX", True).computer is True


def test_a_turn_counted_without_the_rule_counts_under_four_twos_wiping() -> None:
    totals = Totals("Ann")
    totals.add_turn(TurnRecord(cycle=1, score_before=350))
    told = Totals("Ann")
    told.add_turn(TurnRecord(cycle=1, score_before=350), four_twos_wipes=False)
    assert dict(totals.style.levels) == {(350, True): 1}
    assert dict(told.style.levels) == {(350, False): 1}
