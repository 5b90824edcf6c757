"""Pins of the defaults of public constructors and methods (issue #29: a call that leaves an
argument out can tell a changed default apart, so it is behaviour, not an equivalent).

The outcome's and the player's pins joined tests/dixmille/game/test_moves.py and
test_rules.py; this one is the statistics totals' (files/, the records kit's to place)."""

from __future__ import annotations

from parlour.dixmille.files.stats import Totals
from parlour.dixmille.game.records import TurnRecord


def test_a_turn_counted_without_the_rule_counts_under_four_twos_wiping() -> None:
    totals = Totals("Ann")
    totals.add_turn(TurnRecord(cycle=1, score_before=350))
    told = Totals("Ann")
    told.add_turn(TurnRecord(cycle=1, score_before=350), four_twos_wipes=False)
    assert dict(totals.style.levels) == {(350, True): 1}
    assert dict(told.style.levels) == {(350, False): 1}
