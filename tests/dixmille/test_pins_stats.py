"""Dix Mille's statistics: the words and figures of the statistics page, pinned (#15)."""

from __future__ import annotations

import json
import os
import re
from dataclasses import replace
from pathlib import Path

import pytest

from parlour.core import keeper, ledger, paths
from parlour.core.rng import SEED_LIMIT
from parlour.dixmille.files import savefile, stats, statsfile
from parlour.dixmille.files.stats import GameRecord, Totals
from parlour.dixmille.game.records import BUST, FOUR_TWOS, PASS, TurnRecord
from parlour.dixmille.game.rules import FOUR_TWOS_GAME, TARGET, Game
from parlour.dixmille.game.scoring import STRAIGHT, THREE_PAIRS
from tests.dixmille.helpers import kept_note

SAMPLE = Path(__file__).resolve().parents[2] / "saves" / "dixmille-v1-alice-zedx-midturn.json"


def test_the_page_title_counts_games_in_words() -> None:
    assert stats.games_label(0) == "0 recorded games"
    assert stats.games_label(1) == "1 recorded game"
    assert stats.games_label(3) == "3 recorded games"


def test_a_per_turn_figure_is_a_quotient_and_none_without_turns() -> None:
    assert Totals.ratio(7, 2) == 3.5
    assert Totals.ratio(7, 0) is None


def test_no_home_folder_is_told_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def homeless(create: bool = True) -> object:
        raise RuntimeError("could not determine home directory")

    monkeypatch.setattr(paths, "data_dir", homeless)
    message = "Statistics could not be read: no data folder: could not determine home directory"
    assert statsfile.load_games() == ([], message)
    read = statsfile.stats_report()
    # the page's message: the whole reason, wrapped between words at 80 columns (issue 39)
    page = "Statistics could not be read: no data folder: could not determine home\ndirectory."
    assert (read.rows, read.title, read.message) == ([], "0 recorded games, all players", page)


def _turn(**facts: object) -> TurnRecord:
    base: dict[str, object] = {
        "cycle": 1,
        "score_before": 0,
        "result": PASS,
        "turn_points": 300,
        "throws": 1,
        "dice_at_pass": 1,
        "hot_dice": 0,
        "one_die": [],
        "bonus": 0,
        "lost": 0,
        "six_dice": [],
        "decisions": [],
    }
    base.update(facts)
    return TurnRecord(**base)  # type: ignore[arg-type]


def test_the_turn_counts_add_up_over_turns() -> None:
    entry = Totals("Ann")
    entry.add_turn(
        _turn(throws=3, hot_dice=1, one_die=[1, 2], bonus=500, six_dice=[STRAIGHT, THREE_PAIRS])
    )
    entry.add_turn(
        _turn(throws=5, hot_dice=2, one_die=[2, 1, 1], bonus=1000, six_dice=[THREE_PAIRS, STRAIGHT])
    )
    figures = (
        entry.turns,
        entry.throws,
        entry.hot_dice,
        entry.straights,
        entry.three_pairs,
        entry.longest_turn,
        entry.one_die,
        entry.one_first,
        entry.one_second,
        entry.bonus,
        entry.top_bonus,
    )
    assert figures == (2, 8, 3, 2, 2, 5, 5, 3, 2, 1500, 3)


def _played() -> Game:
    return savefile.load(SAMPLE)


def test_a_refused_record_keeps_the_whole_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    real = ledger.append_lines

    def refuse(path: Path, data: bytes) -> None:
        if path == statsfile.KEEPER.ledger_path():
            raise ledger.LedgerError("statistics not recorded: the disk: it is full")
        real(path, data)

    monkeypatch.setattr(ledger, "append_lines", refuse)
    place = keeper.places(statsfile.KEEPER.ledger_path())[0]
    assert statsfile.record_game(_played(), False) == "\n".join(
        kept_note("the disk: it is full", place)
    )


def test_a_folder_the_system_refuses_is_told_with_its_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def homeless(create: bool = True) -> object:
        raise KeyError("HOME")

    monkeypatch.setattr(paths, "data_dir", homeless)
    assert statsfile.record_game(_played(), False) == (
        "Statistics not recorded: data folder: 'HOME'; they could not be kept either."
    )


def test_passes_busts_and_four_twos_add_up_in_their_bands() -> None:
    entry = Totals("Ann")
    for facts in (
        {"turn_points": 300, "dice_at_pass": 1},
        {"turn_points": 500, "dice_at_pass": 6, "score_before": 1000},
        {"turn_points": 450, "dice_at_pass": 1},
        {"result": BUST, "turn_points": 0, "lost": 250},
        {"result": BUST, "turn_points": 0, "lost": 100},
        {"result": FOUR_TWOS, "turn_points": 0, "lost": 400},
        {"result": FOUR_TWOS, "turn_points": 0, "lost": 200},
    ):
        entry.add_turn(_turn(**facts))
    assert (entry.passes, entry.banked, entry.pass_points, entry.best_turn) == (3, 1250, 1250, 500)
    assert entry.highest_score == 1500
    assert entry.pass_bands == [0, 2, 1, 0, 0, 0]
    assert entry.pass_dice == [2, 0, 0, 0, 0, 1]
    assert (entry.busts, entry.bust_lost, entry.four_twos, entry.four_twos_lost) == (2, 350, 2, 600)


def _game(scores: tuple[int, ...], winners: tuple[str, ...]) -> GameRecord:
    names = ("Ann", "Bob")[: len(scores)]
    return GameRecord(
        finished=True,
        four_twos=FOUR_TWOS_GAME,
        names=names,
        scores=scores,
        winners=winners,
        turns=((_turn(),) * 3,) * len(names),
    )


def test_wins_and_shared_wins_are_counted_apart_game_by_game() -> None:
    games = [
        _game((TARGET, TARGET), ("Ann", "Bob")),
        _game((TARGET, 300), ("Ann",)),
        _game((TARGET + 500, TARGET + 500), ("Ann", "Bob")),
        _game((TARGET, 600), ("Ann",)),
    ]
    ann, bob = stats.totals(games)
    assert (ann.finished, ann.won, ann.shared) == (4, 2, 2)
    assert (bob.finished, bob.won, bob.shared) == (4, 0, 2)


def test_a_solitaire_game_reaching_exactly_the_target_counts_its_turns() -> None:
    (ann,) = stats.totals([_game((TARGET,), ("Ann",)), _game((TARGET - 50,), ("Ann",))])
    assert (ann.solitaire, ann.solitaire_turns) == (2, [3])


def test_games_are_recorded_in_the_dixmille_folder_and_reading_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "not yet"
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(data))
    assert statsfile.load_games() == ([], None)
    assert not data.exists()
    assert statsfile.record_game(_played(), False) is None
    assert os.listdir(data) == ["dixmille"] and os.listdir(data / "dixmille") == ["games.jsonl"]


@pytest.mark.parametrize(("length", "counted"), [(64, True), (65, False)])
def test_a_recorded_date_of_up_to_64_characters_is_read(length: int, counted: bool) -> None:
    assert statsfile.record_game(_played(), False) is None
    path = statsfile.KEEPER.ledger_path()
    line = json.loads(path.read_text(encoding="utf-8").rpartition("\t")[2])  # the record
    line["date"] = "2026-12-01".ljust(length, "x")
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    games, message = statsfile.load_games()
    if counted:
        assert len(games) == 1 and message is None
    else:
        assert games == []
        assert message == "1 damaged line in the statistics skipped; the rest is shown"


def test_an_abandoned_game_counts_for_every_seat() -> None:
    abandoned = replace(_game((300, 600), ()), finished=False)
    ann, bob = stats.totals([abandoned])
    assert (ann.games, ann.turns, ann.finished) == (1, 3, 0)
    assert (bob.games, bob.turns, bob.finished, bob.highest_score) == (1, 3, 0, 600)


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
    games, message = statsfile.load_games()
    assert len(games) == 1 and message is None
