"""Midnight Oil's statistics records and totals (``files/stats.py``): a ledger record as
written and read back, ``Stats`` worked out from records.

Pins of the words a Midnight Oil statistics line or earlier file is refused with, and of
``record_of``'s defaults (issue #29: an error text or a default of a public function is
behaviour, whether or not a screen shows it today)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parlour.core import ledger, paths
from parlour.midnightoil.files import stats as mo_stats
from parlour.midnightoil.files import statsfile
from parlour.midnightoil.files.stats import (
    LOST,
    SOLVED,
    WON,
    DealRecord,
    GameRecord,
    Stats,
    flag,
    record_of,
    whole,
)
from parlour.midnightoil.files.statsfile import load_stats, record_game
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import State
from tests.midnightoil.ledger import LEDGER_FILE


def entry(**fields: Any) -> DealRecord:
    """A deal's record with ``fields`` (the rest empty)."""
    return DealRecord(**fields)


def won_game(deal: int) -> Game:
    game = Game(deal)
    game.state = State(deal, ((),) * 18, (13, 13, 13, 13), 1, True)
    return game


def lost_game(deal: int, home: int) -> Game:
    game = Game(deal)
    found = [13, 13, 13, 13]
    left = 52 - home
    cards: list[int] = []
    for suit in (3, 2, 1, 0):
        take = min(left, 13)
        found[suit] -= take
        cards += [suit * 13 + r for r in range(13 - take, 13)]
        left -= take
    game.state = State(deal, (tuple(cards),) + ((),) * 17, tuple(found), 0, True)  # type: ignore[arg-type]
    return game


def ledger_file() -> Path:
    return paths.data_file(LEDGER_FILE, create_dir=False)


def test_outcomes_streaks_and_rates() -> None:
    for game, outcome in (
        (won_game(4), WON),
        (won_game(5), WON),
        (lost_game(6, 30), LOST),
        (won_game(7), WON),
        (won_game(8), SOLVED),
        (lost_game(8, 20), SOLVED),
    ):
        assert record_game(game, outcome, restarted=game.deal_number == 6) is None
    stats, warning = load_stats()
    assert warning is None
    assert (stats.played, stats.own, stats.won, stats.lost) == (6, 4, 3, 1)
    assert (stats.computer, stats.computer_won, stats.computer_lost) == (2, 1, 1)
    assert stats.restarted == 1
    assert stats.current_streak == 0 and stats.best_streak == 2
    assert stats.win_rate == 75.0  # 3 of the player's own 4, not 3 of all 6
    assert stats.best_home == 52
    # The computer's games are neither in the histogram nor a best.
    assert sum(stats.histogram) == 4 and stats.histogram[30] == 1 and stats.histogram[20] == 0
    assert stats.mean_home == (52 * 3 + 30) / 4
    assert stats.best_for(4) == entry(played=1, best=52, won=True)
    assert stats.best_for(8) == entry(computer=2, computer_won=1)
    assert stats.wins[0]["phase"] == 2 and stats.wins[0]["draw_used"] is True


def test_a_computer_win_is_never_a_loss_when_replayed() -> None:
    game = won_game(3)
    record_game(game, SOLVED)
    game.state = lost_game(3, 1).state
    record_game(game, LOST)
    stats, _ = load_stats()
    assert (stats.played, stats.computer_won, stats.lost) == (1, 1, 0)


def test_per_deal_best_is_the_maximum_not_the_last() -> None:
    record_game(lost_game(9, 40), LOST)
    record_game(lost_game(9, 12), LOST)
    stats, _ = load_stats()
    assert stats.best_for(9) == entry(played=2, best=40)


@pytest.mark.parametrize(
    "change",
    [
        {"home": 53},
        {"home": 40, "outcome": "won"},
        {"seconds": float("inf")},
        {"seconds": -1},
        {"moves": 10**12},
        {"phase": 4},
        {"deal_number": 2**64},
        {"game_id": "x"},
        {"outcome": "draw"},
        {"restarted": 1},
    ],
)
def test_records_a_game_cannot_write_are_damaged(change: dict[str, object]) -> None:
    good = record_of(lost_game(1, 30), LOST).to_dict()
    path = ledger_file()
    ledger.append(path, good)
    bad = {**good, "game_id": ledger.new_game_id(), **change}
    path.open("a").write(json.dumps(bad) + "\n")
    stats, warning = load_stats()
    assert stats.played == 1 and warning is not None and "damaged" in warning


def _ledger_lines() -> list[dict[str, Any]]:
    text = paths.data_file(LEDGER_FILE).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize(
    ("elapsed", "seconds"),
    [(12.345, 12.3), (12.36, 12.4), (0.04, 0.0), (-5.0, 0.0), (float("inf"), 0.0)],
)
def test_the_recorded_time_is_to_a_tenth_and_never_below_zero(
    elapsed: float, seconds: float
) -> None:
    game = Game(3)
    game.elapsed = elapsed
    assert statsfile.record_game(game, mo_stats.LOST) is None
    (line,) = _ledger_lines()
    assert line["seconds"] == seconds and line["restarted"] is False


def _write_line(**change: Any) -> None:
    record = mo_stats.record_of(Game(3), mo_stats.LOST).to_dict()
    record.update(change)
    path = paths.data_file(LEDGER_FILE)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")


@pytest.mark.parametrize("change", [{"undos": True}, {"seconds": True}, {"seconds": "1"}])
def test_a_ledger_line_with_a_flag_for_a_number_is_skipped(change: dict[str, Any]) -> None:
    _write_line(**change)
    stats, warning = load_stats()
    assert stats.played == 0 and warning is not None


def test_a_game_of_the_longest_time_is_counted() -> None:
    _write_line(seconds=mo_stats.MAX_ELAPSED)
    stats, warning = load_stats()
    assert stats.played == 1 and warning is None


def test_a_recorded_win_lists_its_details_and_restarts_add_up() -> None:
    game = Game(9)
    game.state = State(9, ((),) * 18, (13, 13, 13, 13), 1, True)
    game.undos, game.elapsed = 4, 99.96
    assert statsfile.record_game(game, mo_stats.WON) is None
    for _ in range(2):
        assert statsfile.record_game(Game(3), mo_stats.LOST, restarted=True) is None
    stats, warning = load_stats()
    assert warning is None and stats.restarted == 2
    assert stats.wins == [
        {"deal_number": 9, "phase": 2, "draw_used": True, "moves": 0, "undos": 4, "seconds": 100.0}
    ]


def test_no_games_is_no_streak() -> None:
    stats, warning = load_stats()
    assert warning is None
    assert (stats.played, stats.current_streak, stats.best_streak) == (0, 0, 0)


def test_a_copy_of_statistics_shares_nothing_with_them() -> None:
    """Stats.copy is independent: counting a game into the copy (as Stats.of does with a
    baseline) leaves the histogram, the wins and the deals of the original as they were."""
    original = Stats.of([mo_stats.record_of(_won(3), mo_stats.WON)])
    before = (list(original.histogram), [dict(w) for w in original.wins], original.deals.copy())
    copy = original.copy()
    assert copy == original
    copy.add(mo_stats.record_of(_won(4), mo_stats.WON))
    copy.wins[0]["moves"] = 999
    assert (original.histogram, original.wins, original.deals) == before
    assert copy.histogram[52] == 2 and original.histogram[52] == 1
    assert 4 in dict(copy.deals.items()) and 4 not in dict(original.deals.items())


def test_following_earlier_statistics_adds_their_solved_games_and_needs_one_histogram() -> None:
    later = Stats(earlier_solved=2)
    later.follow(Stats(earlier_solved=3))
    assert later.earlier_solved == 5
    short = Stats(histogram=[0] * 10)
    with pytest.raises(ValueError):
        short.follow(Stats())


def _won(deal: int) -> Game:
    game = Game(deal)
    game.state = State(deal, ((),) * 18, (13, 13, 13, 13), 1, True)
    return game


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
