"""Pins of the words parse_record refuses a damaged statistics line with (issue #29: an
error text of a public function is behaviour, whether or not a screen shows it today)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from parlour.core.rng import make_rng
from parlour.dixmille.files import stats
from parlour.dixmille.game.rules import new_game


def a_line(finished: bool = False) -> dict[str, Any]:
    """A real statistics line: two players, a few random moves (or to the end)."""
    game = new_game(["Ann", "Bob"], make_rng(4), 4)
    chooser = random.Random(4)
    for _ in range(10_000 if finished else 12):
        if game.over:
            break
        moves = game.legal_moves()
        game.apply(moves[chooser.randrange(len(moves))])
    assert game.over is finished
    data: dict[str, Any] = json.loads(json.dumps(stats.game_record(game, finished=finished)))
    stats.parse_record(data)  # the line as written is read back
    return data


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("rules", "game", "bad rules"),
        ("rules", {"four_twos": "never"}, "bad rules"),
        ("finished", "yes", "bad result"),
        ("date", 20261203, "bad date"),
        ("seed", "4", "seed is not a whole number"),
        ("seed", -1, "seed is out of range"),
        ("cycles", 1.5, "cycles is not a whole number"),
        ("cycles", 999, "the cycles do not match the turns"),
        ("winners", ["Bob", "Ann"], "the winners are not the players with the highest score"),
    ],
)
def test_a_damaged_line_is_refused_in_words(field: str, value: object, words: str) -> None:
    data = a_line(finished=field == "winners")
    data[field] = value
    with pytest.raises(ValueError) as info:
        stats.parse_record(data)
    assert type(info.value) is ValueError and str(info.value) == words
