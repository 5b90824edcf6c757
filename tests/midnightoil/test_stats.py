"""Statistics (spec §10): a ledger of ended games, totals worked out on reading."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour.core import ledger, paths
from parlour.midnightoil.files.stats import (
    BASELINE_FILE,
    LEDGER_FILE,
    LOST,
    SOLVED,
    WON,
    DealRecord,
    record_of,
)
from parlour.midnightoil.files.statsfile import load_stats, record_game
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import State
from tests.midnightoil.earlierfile import layout


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


def test_a_games_first_result_stands() -> None:
    game = lost_game(3, 20)
    record_game(game, LOST)
    game.state = won_game(3).state
    record_game(game, WON)  # an older save of the game, played again: a replay
    stats, _ = load_stats()
    assert (stats.played, stats.won, stats.lost) == (1, 0, 1)
    assert stats.best_for(3) == entry(played=1, best=20)


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


def test_two_copies_appending_both_count() -> None:
    # Two sessions read the (empty) statistics, then each records its game.
    first, _ = load_stats()
    second, _ = load_stats()
    assert first.played == second.played == 0
    record_game(lost_game(1, 5), LOST)
    record_game(lost_game(2, 6), LOST)
    assert load_stats()[0].played == 2


def test_a_damaged_line_is_skipped_alone_and_the_file_kept() -> None:
    record_game(lost_game(1, 5), LOST)
    with open(ledger_file(), "ab") as handle:
        handle.write(b"\xff{not json\n")
        handle.write(json.dumps({"v": 1, "outcome": "won"}).encode() + b"\n")
    record_game(won_game(2), WON)
    before = ledger_file().read_bytes()
    stats, warning = load_stats()
    assert stats.played == 2 and stats.won == 1
    assert warning is not None and "2 damaged lines" in warning
    assert ledger_file().read_bytes() == before


def test_a_half_written_last_line_is_not_damage() -> None:
    record_game(lost_game(1, 5), LOST)
    with open(ledger_file(), "ab") as handle:
        handle.write(b'{"v": 1, "game_id": "ab')
    stats, warning = load_stats()
    assert stats.played == 1 and warning is None


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


def test_a_data_folder_that_is_a_file_gives_a_warning_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    stats, warning = load_stats()
    assert stats.played == 0 and warning is not None
    message = record_game(lost_game(1, 3), LOST)
    assert message is not None and "not recorded" in message
    assert blocker.read_text() == "not a folder"
