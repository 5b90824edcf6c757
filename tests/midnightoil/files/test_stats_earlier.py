"""The statistics file of earlier versions (``files/stats_earlier.py``), read as a baseline:
its wins and counts come back, a damaged one is set aside."""

from __future__ import annotations

import errno
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour.core import paths
from parlour.midnightoil.files import stats as mo_stats
from parlour.midnightoil.files import statsfile
from parlour.midnightoil.files.stats import (
    BASELINE_FILE,
    KEEP_WINS,
    LOST,
    SOLVED,
    WON,
    DealRecord,
    Stats,
)
from parlour.midnightoil.files.stats_earlier import parse_earlier
from parlour.midnightoil.files.statsfile import load_stats, record_game
from parlour.midnightoil.game.history import MAX_UNDOS
from tests.midnightoil.earlierfile import layout
from tests.midnightoil.files.test_stats import entry, lost_game, won_game
from tests.midnightoil.files.test_statsfile import _shown


def test_the_earlier_stats_file_is_a_baseline_never_written() -> None:
    old = layout(
        won=2,
        lost=1,
        current_streak=2,
        best_streak=2,
        histogram={52: 2, 17: 1},
        deals={
            "5": {"best": 52, "won": True, "played": 2},
            "6": {"best": 52, "won": False, "played": 1},
        },
    )
    path = paths.data_file(BASELINE_FILE)
    path.write_text(json.dumps(old))
    before = path.read_bytes()
    record_game(won_game(5), WON)
    record_game(lost_game(6, 44), LOST)
    stats, warning = load_stats()
    assert warning is None
    assert (stats.played, stats.won, stats.lost) == (5, 3, 2)
    assert stats.best_streak == 3 and stats.current_streak == 0
    # Without a solved game in it, the earlier file's games on a deal were the player's.
    assert stats.best_for(5) == entry(played=3, best=52, won=True)
    # 52 home without a win was the computer's: never "your best".
    assert stats.best_for(6) == entry(played=2, best=44)
    assert path.read_bytes() == before


def test_the_earlier_files_solved_games_stay_apart_untold() -> None:
    old = layout(
        won=1,
        solved=2,
        histogram={52: 1},
        deals={"5": {"best": 52, "won": True, "played": 3}},
    )
    paths.data_file(BASELINE_FILE).write_text(json.dumps(old))
    record_game(won_game(5), SOLVED)
    stats, warning = load_stats()
    assert warning is None
    assert (stats.own, stats.earlier_solved, stats.computer_won, stats.computer) == (1, 2, 1, 3)
    assert stats.played == 4 and stats.win_rate == 100.0
    # Its per-deal count mixed the player's games and the computer's: kept apart.
    assert stats.best_for(5) == entry(best=52, won=True, earlier=3, computer=1, computer_won=1)


def test_a_damaged_earlier_stats_file_is_set_aside_under_a_new_name() -> None:
    path = paths.data_file(BASELINE_FILE)
    path.write_text("{not json")
    record_game(lost_game(1, 3), LOST)
    stats, warning = load_stats()
    assert stats.played == 1
    assert warning is not None and "damaged" in warning
    backups = list(path.parent.glob(BASELINE_FILE + ".damaged-*"))
    assert len(backups) == 1 and backups[0].read_text() == "{not json"
    path.write_text("[]")
    load_stats()
    assert len(list(path.parent.glob(BASELINE_FILE + ".damaged-*"))) == 2


@pytest.mark.skipif(
    sys.platform == "win32", reason="Windows ignores mode bits: chmod makes no file unreadable"
)
@pytest.mark.skipif(sys.platform != "win32" and os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_earlier_stats_file_is_left_alone() -> None:
    path = paths.data_file(BASELINE_FILE)
    path.write_text(json.dumps(layout(won=1)))
    path.chmod(0)
    try:
        stats, warning = load_stats()
        assert warning is not None and "unreadable" in warning
        assert stats.played == 0
    finally:
        path.chmod(0o644)
    assert json.loads(path.read_text())["won"] == 1


WIN = {"deal_number": 7, "phase": 2, "draw_used": True, "moves": 40, "undos": 3, "seconds": 75.5}


def baseline(wins: list[dict[str, Any]]) -> tuple[Stats, str | None]:
    count = len(wins)
    data = layout(won=count, current_streak=count, best_streak=count, histogram={52: count})
    data["wins"] = wins
    paths.data_file(BASELINE_FILE).write_text(json.dumps(data), encoding="utf-8")
    return load_stats()


def test_the_wins_of_the_earlier_file_come_back_exactly() -> None:
    second = dict(WIN, deal_number=8, phase=3, draw_used=False, seconds=12)
    stats, warning = baseline([WIN, second])
    assert warning is None
    assert stats.wins == [WIN, dict(second, seconds=12.0)]
    assert type(stats.wins[1]["seconds"]) is float


@pytest.mark.parametrize("seconds", [True, "75", -1, mo_stats.MAX_ELAPSED + 1, None, "missing"])
def test_a_win_whose_time_is_not_a_time_shows_no_time(seconds: object) -> None:
    win = dict(WIN)
    if seconds == "missing":
        del win["seconds"]
    else:
        win["seconds"] = seconds
    stats, warning = baseline([win])
    assert warning is None and stats.wins == [dict(WIN, seconds=0.0)]


def test_the_longest_time_a_game_can_take_is_kept() -> None:
    stats, _ = baseline([dict(WIN, seconds=mo_stats.MAX_ELAPSED)])
    assert stats.wins[0]["seconds"] == float(mo_stats.MAX_ELAPSED)


@pytest.mark.parametrize(
    "change",
    [
        {"deal_number": -1},
        {"deal_number": None},
        {"phase": 0},
        {"phase": 4},
        {"draw_used": 1},
        {"moves": mo_stats.MAX_MOVES + 1},
        {"undos": mo_stats.MAX_UNDOS + 1},
        {"undos": -1},
    ],
)
def test_a_win_with_an_impossible_detail_sets_the_file_aside(change: dict[str, Any]) -> None:
    win = {k: v for k, v in dict(WIN, **change).items() if v is not None}
    stats, warning = baseline([win])
    assert warning is not None
    assert warning.startswith("Earlier statistics were damaged; kept as ")
    assert stats.played == 0


def test_the_highest_counts_a_win_can_have_load() -> None:
    top = dict(WIN, phase=3, moves=mo_stats.MAX_MOVES, undos=mo_stats.MAX_UNDOS)
    stats, warning = baseline([top])
    assert warning is None and stats.wins == [top]


def test_only_the_last_wins_are_kept() -> None:
    wins = [dict(WIN, moves=n) for n in range(KEEP_WINS + 1)]
    stats, _ = baseline(wins)
    assert [w["moves"] for w in stats.wins] == list(range(1, KEEP_WINS + 1))


def _earlier(change: dict[str, Any]) -> tuple[Stats, str | None]:
    data = layout(lost=1, histogram={10: 1})
    data.update(change)
    paths.data_file(BASELINE_FILE).write_text(json.dumps(data), encoding="utf-8")
    return load_stats()


@pytest.mark.parametrize(
    "change",
    [
        {"version": 2},
        {"histogram": [0] * 52},
        {"wins": {}},
        {"deals": {"x5": {"best": 3, "won": False, "played": 1}}},
        {"deals": {"\u0665": {"best": 3, "won": False, "played": 1}}},
        {"deals": {"5": [3, False, 1]}},
    ],
)
def test_an_earlier_file_of_another_shape_is_set_aside(change: dict[str, Any]) -> None:
    stats, warning = _earlier(change)
    assert warning is not None
    assert warning.startswith("Earlier statistics were damaged; kept as ")
    assert stats.played == 0


def test_an_earlier_best_is_kept_and_a_computer_solve_is_no_best() -> None:
    stats, warning = _earlier(
        {
            "deals": {
                "5": {"best": 30, "won": False, "played": 1},
                "6": {"best": 52, "won": False, "played": 1},
            }
        }
    )
    assert warning is None
    assert stats.best_for(5) == DealRecord(played=1, best=30)
    assert stats.best_for(6) == DealRecord(played=1)


@pytest.fixture
def long_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / ("a-data-folder-with-a-long-name-" * 2)
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(folder))
    return folder


def test_a_damaged_earlier_file_is_named_where_it_was_kept(long_data_dir: Path) -> None:
    path = paths.data_file(BASELINE_FILE)
    path.write_text("{", encoding="utf-8")
    stats, warning = load_stats()
    (backup,) = long_data_dir.iterdir()
    assert backup.name.startswith(BASELINE_FILE + ".damaged-")
    assert warning == f"Earlier statistics were damaged; kept as {_shown(backup)}."
    assert "..." in warning and stats.played == 0


def test_an_earlier_file_that_cannot_be_set_aside_is_named_and_left(
    long_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = paths.data_file(BASELINE_FILE)
    path.write_text("{", encoding="utf-8")
    monkeypatch.setattr(statsfile.ledger, "set_aside", lambda path: None)
    _, warning = load_stats()
    assert warning == f"Earlier statistics in {_shown(path)} are damaged; left as they are."
    assert path.read_text(encoding="utf-8") == "{"


def test_an_unreadable_earlier_file_is_told_with_the_system_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths.data_file(BASELINE_FILE).write_text("{}", encoding="utf-8")
    read_bytes = Path.read_bytes

    def refuse(self: Path) -> bytes:
        if self.name == BASELINE_FILE:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    _, warning = load_stats()
    assert warning == "Earlier statistics unreadable (Permission denied); left as they are."


def test_the_earlier_files_histogram_and_first_phase_wins_come_back() -> None:
    quick = dict(WIN, phase=1, seconds=0.5)
    stats, warning = _earlier({"won": 1, "wins": [quick]})
    assert warning is None
    assert stats.histogram[10] == 1 and sum(stats.histogram) == 1
    assert (stats.best_home, stats.mean_home) == (10, 10.0)
    assert stats.wins == [quick]


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
