"""Dix Mille's statistics record (``files/stats.py``): a line checked as a save is, its date
and seed, the page's title.

Pins of the words parse_record refuses a damaged statistics line with (issue #29: an
error text of a public function is behaviour, whether or not a screen shows it today)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from parlour.core.rng import SEED_LIMIT, make_rng
from parlour.dixmille.files import stats, statsfile
from parlour.dixmille.game.rules import new_game
from tests.dixmille.files.test_statsfile import _lines, _played, _write
from tests.dixmille.helpers import (
    read_games,
    two_cycle_game,
)


def _change_turn(line: dict[str, Any], turn: int, **fields: object) -> None:
    line["players"][0]["turns"][turn].update(fields)


def _skip_bob(line: dict[str, Any]) -> None:
    """Ann has had two turns, Bob none: an abandoned game that could not be."""
    line.update(finished=False, winners=[], cycles=1)
    line["players"][1].update(turns=[], score=0)


def _change_take(line: dict[str, Any]) -> None:
    take = line["players"][0]["turns"][0]["decisions"][0]
    assert take["d"] == "take"
    take["taken"] = [2, 3, 4]


DAMAGE = {
    "huge score": lambda line: line["players"][0].update(score=10**12),
    "score against turns": lambda line: line["players"][0].update(score=250),
    "turn points": lambda line: _change_turn(line, 0, turn_points=10**12),
    "illegal take": _change_take,
    "name with escapes": lambda line: line["players"][0].update(name="\x1b]0;x\x07"),
    "wrong winner": lambda line: line.update(winners=["Ann"]),
    "unfinished yet over": lambda line: line.update(finished=False, winners=[], cycles=3),
    "points lost": lambda line: _change_turn(line, 1, lost=0),
    "dice at the pass": lambda line: _change_turn(line, 0, dice_at_pass=4),
    "turns out of order": _skip_bob,
    "seed": lambda line: line.update(seed=2**63),
    "game id": lambda line: line.update(game_id="not an id"),
    "cycles": lambda line: line.update(cycles=10**9),
    "rules": lambda line: line.update(rules={"four_twos": "never"}),
}


@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_each_line_is_checked_like_a_save(case: str) -> None:
    statsfile.record_game(two_cycle_game(), finished=True)
    (line,) = _lines()
    DAMAGE[case](line)
    _write([line])
    games, message = read_games()
    assert games == [] and message is not None and "1 damaged line" in message


def test_the_page_title_counts_games_in_words() -> None:
    assert stats.games_label(0) == "0 recorded games"
    assert stats.games_label(1) == "1 recorded game"
    assert stats.games_label(3) == "3 recorded games"


@pytest.mark.parametrize(("length", "counted"), [(64, True), (65, False)])
def test_a_recorded_date_of_up_to_64_characters_is_read(length: int, counted: bool) -> None:
    assert statsfile.record_game(_played(), False) is None
    path = statsfile.KEEPER.ledger_path()
    line = json.loads(path.read_text(encoding="utf-8").rpartition("\t")[2])  # the record
    line["date"] = "2026-12-01".ljust(length, "x")
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    games, message = read_games()
    if counted:
        assert len(games) == 1 and message is None
    else:
        assert games == []
        assert message == "1 damaged line in the statistics skipped; the rest is shown"


def _recorded_line() -> dict[str, object]:
    assert statsfile.record_game(_played(), False) is None
    text = statsfile.KEEPER.ledger_path().read_text(encoding="utf-8")
    line: dict[str, object] = json.loads(text.rpartition("\t")[2])  # the record, past its summary
    return line


def test_the_date_of_a_record_is_utc_to_the_second() -> None:
    date = _recorded_line()["date"]
    assert isinstance(date, str)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", date)


def test_a_record_with_the_greatest_seed_is_read() -> None:
    line = _recorded_line()
    line["seed"] = SEED_LIMIT - 1
    statsfile.KEEPER.ledger_path().write_text(json.dumps(line) + "\n", encoding="utf-8")
    games, message = read_games()
    assert len(games) == 1 and message is None


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
