"""Midnight Oil's earlier statistics file (the baseline under the ledger): the wins it
lists come back exactly, and a win with an impossible detail sets the file aside (#15)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.core import paths
from parlour.midnightoil import stats as mo_stats
from parlour.midnightoil.stats import BASELINE_FILE, KEEP_WINS, Stats, load_stats

WIN = {"deal_number": 7, "phase": 2, "draw_used": True, "moves": 40, "undos": 3, "seconds": 75.5}


def baseline(wins: list[dict[str, Any]]) -> tuple[Stats, str | None]:
    old = Stats(won=len(wins), current_streak=len(wins), best_streak=len(wins))
    old.histogram[52] = len(wins)
    data = old.to_dict()
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
