"""Pins of the words a Midnight Oil statistics line or earlier file is refused with, and of
``record_of``'s defaults (issue #29: an error text or a default of a public function is
behaviour, whether or not a screen shows it today)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.midnightoil.files.stats import LOST, WON, GameRecord, flag, record_of, whole
from parlour.midnightoil.files.stats_earlier import parse_earlier
from parlour.midnightoil.game.history import MAX_UNDOS, Game
from tests.midnightoil.earlierfile import layout


def a_line(**change: Any) -> dict[str, Any]:
    """The ledger line of a real game just begun, with ``change`` made to it."""
    data: dict[str, Any] = json.loads(json.dumps(record_of(Game(7), LOST).to_dict()))
    data.update(change)
    return data


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(ValueError) as info:
        GameRecord.from_dict(data)
    assert type(info.value) is ValueError
    return str(info.value)


def test_a_line_as_written_is_read_back() -> None:
    game = Game(7)
    record = record_of(game, LOST)
    back = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert back.to_dict() == record.to_dict()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"v": 2}, "not a record of this version"),
        ({"game_id": "x"}, "bad game id"),
        ({"outcome": "draw"}, "bad outcome"),
        ({"outcome": WON}, "a win with cards left"),
        ({"seconds": "1"}, "bad time"),
        ({"seconds": True}, "bad time"),
        ({"seconds": -0.5}, "bad time"),
        ({"home": 53}, "not a whole number from 0 to 52"),
        ({"home": 1.0}, "not a whole number from 0 to 52"),
        ({"phase": 0}, "not a whole number from 1 to 3"),
        ({"moves": -1}, "not a whole number from 0 to 1000000"),
        ({"restarted": 1}, "not true or false"),
        ({"draw_used": None}, "not true or false"),
    ],
)
def test_a_damaged_line_is_refused_in_words(change: dict[str, Any], words: str) -> None:
    assert refusal(a_line(**change)) == words


def test_the_checks_of_numbers_and_flags_say_what_they_wanted() -> None:
    assert whole(5, 9) == 5 and whole(1, 3, 1) == 1
    for raw, high, low in ((10, 9, 0), (True, 9, 0), (0, 3, 1)):
        with pytest.raises(ValueError) as info:
            whole(raw, high, low)
        assert str(info.value) == f"not a whole number from {low} to {high}"
    assert flag(True) is True and flag(False) is False
    with pytest.raises(ValueError) as info:
        flag("yes")
    assert str(info.value) == "not true or false"


def test_record_of_names_an_unknown_outcome_and_is_not_a_restart_unless_told() -> None:
    with pytest.raises(ValueError) as info:
        record_of(Game(7), "draw")
    assert str(info.value) == "unknown outcome 'draw'"
    assert record_of(Game(7), LOST).restarted is False
    assert record_of(Game(7), LOST, restarted=True).restarted is True


def earlier_refusal(data: Any) -> str:
    with pytest.raises(ValueError) as info:
        parse_earlier(data)
    assert type(info.value) is ValueError
    return str(info.value)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"version": 2}, "not a statistics file of this version"),
        ({"histogram": [0] * 52}, "the cards-home histogram is damaged"),
        ({"histogram": "none"}, "the cards-home histogram is damaged"),
        ({"wins": [{}, 3]}, "the list of wins is damaged"),
        ({"wins": {}}, "the list of wins is damaged"),
        ({"deals": []}, "the per-deal records are damaged"),
        ({"deals": {"x5": {}}}, "a per-deal record is damaged"),
        ({"deals": {"٥": {}}}, "a per-deal record is damaged"),
        ({"deals": {"5": []}}, "a per-deal record is damaged"),
        ({"won": -1}, f"not a whole number from 0 to {MAX_UNDOS}"),
        ({"deals": {"5": {"won": 1, "best": 3, "played": 1}}}, "not true or false"),
    ],
)
def test_a_damaged_earlier_file_is_refused_in_words(change: dict[str, Any], words: str) -> None:
    data = layout(won=1, current_streak=1, best_streak=1, histogram={52: 1})
    parse_earlier(dict(data))  # the file as written is read
    data.update(change)
    assert earlier_refusal(data) == words
    assert earlier_refusal([data]) == "not a statistics file of this version"


def test_an_earlier_win_without_its_deal_number_is_refused_naming_the_missing_number() -> None:
    win = {"phase": 1, "draw_used": False, "moves": 60, "undos": 0, "seconds": 12.5}
    data = layout(won=1, current_streak=1, best_streak=1, histogram={52: 1}, wins=[win])
    assert earlier_refusal(data) == "bad deal number: -1"
    data["wins"] = [dict(win, deal_number=4)]
    assert parse_earlier(data).wins == [dict(win, deal_number=4)]


def test_an_earlier_file_keeps_its_restarts_its_won_deals_and_its_broken_opening() -> None:
    """Without solved games every deal's games were the player's own, won ones included;
    what its games opened with is not kept, so its totals count as broken."""
    data = layout(
        won=1,
        lost=3,
        restarted=2,
        current_streak=1,
        best_streak=1,
        histogram={52: 1, 10: 3},
        deals={"5": {"won": True, "best": 52, "played": 4}},
    )
    stats = parse_earlier(data)
    assert stats.restarted == 2 and stats.broken is True
    deal = stats.best_for(5)
    assert deal is not None and (deal.won, deal.best, deal.played) == (True, 52, 4)
