"""Statistics (spec §10): outcomes, streaks, histogram, per-deal bests, a damaged file."""

from __future__ import annotations

from pathlib import Path

from parlour.core import paths
from parlour.midnightoil.game import Game
from parlour.midnightoil.rules import State
from parlour.midnightoil.stats import LOST, SOLVED, STATS_FILE, WON, Stats, load_stats, save_stats


def won_game(deal: int) -> Game:
    game = Game(deal)
    game.state = State(deal, ((),) * 18, (13, 13, 13, 13), 1, True)
    return game


def test_outcomes_streaks_and_rates() -> None:
    stats = Stats()
    stats.record(WON, won_game(4))
    stats.record(WON, won_game(5))
    stats.record(LOST, Game(6), restarted=True)
    stats.record(WON, won_game(7))
    stats.record(SOLVED, won_game(8))
    assert (stats.played, stats.won, stats.lost, stats.solved) == (5, 3, 1, 1)
    assert stats.restarted == 1
    assert stats.current_streak == 0 and stats.best_streak == 2
    assert round(stats.win_rate) == 60
    assert stats.best_home == 52
    assert stats.mean_home == (52 * 4 + 0) / 5
    assert stats.best_for(4) == {"best": 52, "won": True, "played": 1}
    assert stats.best_for(8) == {"best": 52, "won": False, "played": 1}
    assert stats.wins[0]["phase"] == 2 and stats.wins[0]["draw_used"] is True


def test_stats_survive_a_round_trip_through_the_data_folder() -> None:
    stats, warning = load_stats()
    assert warning is None and stats.played == 0
    stats.record(WON, won_game(1))
    assert save_stats(stats) is None
    again, warning = load_stats()
    assert warning is None
    assert again.to_dict() == stats.to_dict()


def test_damaged_stats_file_is_kept_aside() -> None:
    path: Path = paths.data_file(STATS_FILE)
    path.write_text("{not json")
    stats, warning = load_stats()
    assert stats.played == 0
    assert warning is not None and "damaged" in warning
    assert path.with_name(STATS_FILE + ".damaged").exists()
