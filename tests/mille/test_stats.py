"""Mille statistics: records per game, exactly once whatever the path, shown by --stats."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.ledger import new_game_id
from parlour.mille import cli
from parlour.mille.files import stats, statsfile
from parlour.mille.files.savefile import Meta, load_saved
from parlour.mille.files.stats import GameRecord, HandSummary
from parlour.mille.game.table import COMPUTER, HUMAN
from parlour.mille.terminal.app import MilleApp
from tests.mille.drive import near_the_end, play_until_question
from tests.mille.opponents import FirstLegal, human_keys
from tests.mille.test_app import press

HAND = HandSummary(number=1, you=1600, computer=300, trip=True, safeties=2, coups=1, shut_out=False)


def ledger_lines() -> list[dict[str, Any]]:
    path = statsfile.KEEPER.ledger_path()
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def recorded() -> dict[str, str]:
    reading = statsfile.KEEPER.read()
    assert reading.damaged == 0 and reading.problem is None
    return {rec.game_id: rec.outcome for rec in reading.records}


def ending_app(seed: int, level: str = "strong") -> MilleApp:
    game = near_the_end(seed)
    return MilleApp(game, FirstLegal(game), meta=Meta(new_game_id(), level, [], complete=False))


def outcome_of(app: MilleApp) -> str:
    you = app.game.players[HUMAN].overall_total
    comp = app.game.players[COMPUTER].overall_total
    return "won" if you > comp else "lost" if you < comp else "tied"


# ------------------------------------------------------------------ pure parts
def test_a_record_round_trips_and_tallies() -> None:
    rec = GameRecord(new_game_id(), "classic", "won", 5100, 4000, (HAND,), 7, complete=False)
    again = GameRecord.from_dict(json.loads(json.dumps(rec.to_dict())))
    assert again == rec
    totals = stats.tally([again])
    level = totals["classic"]
    assert (level.games, level.won, level.hands, level.hands_won) == (1, 1, 1, 1)
    assert (level.trips, level.safeties, level.coups, level.best) == (1, 2, 1, 1600)
    assert level.mean_hand == 1600 and totals["strong"].games == 0
    assert stats.report([again]) == [
        "strong: no games yet",
        "classic: won 1 of 1 finished game (100%), lost 0, tied 0; 0 abandoned",
        "  won 1 of 1 hand (100%), mean hand score 1600, best hand 1600",
        "  trips 1, safeties 2, coups fourres 1, shut-outs 0",
    ]


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"outcome": "won", "you": 4000}, "below 5000"),
        ({"outcome": "lost"}, "does not match"),
        ({"level": "expert"}, "level"),
        ({"game_id": "x"}, "id"),
        ({"you": 10**6}, "whole number"),
        ({"complete": True}, "add up"),
        ({"hands": [dict(HAND.to_dict(), coups=3)]}, "add up"),
        ({"hands": [dict(HAND.to_dict(), number=2), HAND.to_dict()]}, "consecutive"),
        ({"hands": [dict(HAND.to_dict(), trip=False, shut_out=True)]}, "shut-out"),
    ],
)
def test_impossible_records_are_refused(change: dict[str, Any], why: str) -> None:
    rec = GameRecord(new_game_id(), "strong", "won", 5100, 4000, (HAND,), 7, complete=False)
    data = dict(rec.to_dict(), **change)
    with pytest.raises(ValueError, match=why):
        GameRecord.from_dict(data)


# ------------------------------------------------------------------- app paths
def test_a_finished_game_is_recorded_once_with_its_hands() -> None:
    app = ending_app(3)
    play_until_question(app, ("Another game?",))
    lines = ledger_lines()
    assert len(lines) == 1 and lines[0]["outcome"] == outcome_of(app)
    assert [hand["number"] for hand in lines[0]["hands"]] == [
        hand.number for hand in app.meta.hands
    ]
    press(app, "y")  # another game: nothing more recorded until it ends
    assert len(ledger_lines()) == 1


def test_quitting_unsaved_records_an_abandoned_game() -> None:
    app = ending_app(4)
    press(app, "p")
    press(app, "qyn")  # Really? y, Save game? n
    assert app.finished
    assert recorded() == {app.meta.game_id: "abandoned"}
    assert (app.exit_message or "").split("\n")[1:] == [
        "strong: no game finished; 1 abandoned",
        "  no hand finished",
        "  trips 0, safeties 0, coups fourres 0, shut-outs 0",
    ]


def test_quitting_after_a_save_records_nothing(tmp_path: Path) -> None:
    app = ending_app(4)
    press(app, "p")
    press(app, ["s", *str(tmp_path / "s.json"), "ENTER"])
    press(app, "qy")
    assert app.finished and ledger_lines() == []


def test_abandoned_then_resumed_and_finished_counts_once(tmp_path: Path) -> None:
    app = ending_app(8)
    press(app, "p")
    path = tmp_path / "s.json"
    press(app, ["s", *str(path), "ENTER"])
    press(app, human_keys(app.game))
    press(app, "qyn")
    game_id = app.meta.game_id
    assert recorded() == {game_id: "abandoned"}
    saved = load_saved(path)
    again = MilleApp(saved.game, FirstLegal(saved.game), ui_state=saved.ui, meta=saved.meta)
    play_until_question(again, ("Another game?",))
    assert recorded() == {game_id: outcome_of(again)}
    assert len(ledger_lines()) == 2  # both lines kept; the last one counts


def test_a_failed_recovery_records_the_game_as_abandoned(tmp_path: Path) -> None:
    app = ending_app(9)
    press(app, "p")
    app.saving.recovery_save = lambda stem, prompt: (None, "disk full")  # type: ignore[method-assign]
    app.end_of_input()
    assert "disk full" in (app.exit_message or "")
    assert recorded() == {app.meta.game_id: "abandoned"}


def test_stats_command_prints_plain_lines_and_reports_damage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    app = ending_app(3, "classic")
    play_until_question(app, ("Another game?",))
    path = statsfile.KEEPER.ledger_path()
    with path.open("ab") as handle:
        handle.write(b"\xff not json\n")
    before = path.read_bytes()
    assert cli.main(["--stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "strong: no games yet"
    assert out[1].startswith("classic: won 0 of 1 finished game (0%), lost 1, tied 0;")
    assert out[-1] == "1 damaged line in the statistics skipped; the rest is shown"
    assert path.read_bytes() == before  # damaged lines are never erased


def test_stats_with_an_unusable_data_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One message and exit 1, never "no games yet" for each level and then a contradiction."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    os.environ["PARLOUR_DATA_DIR"] = str(blocker)
    assert cli.main(["--stats"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    said = captured.err.replace("\n", " ").rstrip()
    assert said == (
        f"mille: the statistics cannot be read: the data folder {blocker} (set by "
        "PARLOUR_DATA_DIR) is a file (or lies under one), not a folder"
    )
    assert all(len(line) <= 80 for line in captured.err.splitlines() if " " in line)


def test_stats_with_a_statistics_file_that_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.environ["PARLOUR_DATA_DIR"] = str(tmp_path)
    (tmp_path / "mille").write_text("x")  # the game's folder is a file
    assert cli.main(["--stats"]) == 1
    captured = capsys.readouterr()
    ledger = tmp_path / "mille" / "games.jsonl"
    assert captured.out == ""
    assert captured.err.replace("\n", " ").rstrip() == (
        f"mille: the statistics file {ledger} could not be read: Not a directory"
    )
    (tmp_path / "mille").unlink()
    ledger.mkdir(parents=True)  # the file is a folder
    assert cli.main(["--stats"]) == 1
    assert capsys.readouterr().err.replace("\n", " ").rstrip() == (
        f"mille: the statistics file {ledger} is a folder"
    )


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may read any folder"
)
def test_stats_with_a_data_folder_without_permission(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "closed"
    folder.mkdir()
    folder.chmod(0)
    os.environ["PARLOUR_DATA_DIR"] = str(folder)
    try:
        assert cli.main(["--stats"]) == 1
    finally:
        folder.chmod(0o700)
    assert capsys.readouterr().err.replace("\n", " ").rstrip() == (
        f"mille: the statistics cannot be read: the data folder {folder} (set by "
        "PARLOUR_DATA_DIR) cannot be read: permission denied"
    )


@pytest.mark.parametrize(
    "argv", [["--stats", "extra"], ["--stats", "--seed", "3"], ["--stats", "--level", "classic"]]
)
def test_stats_takes_no_other_arguments(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == "mille: error: --stats takes no FILE, --seed or --level"


def test_a_data_folder_that_cannot_be_used_is_said_at_the_end(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    os.environ["PARLOUR_DATA_DIR"] = str(blocker / "deeper")
    app = ending_app(3)
    play_until_question(app, ("Another game?",))
    press(app, "n")  # no other game; Save game? n
    if not app.finished:
        press(app, "n")
    assert app.finished and app.exit_status == 0
    lines = (app.exit_message or "").split("\n")
    assert lines[0].startswith("Games won:")
    # What is wrong, in a line that fits; the record is kept at home for next time.
    assert lines[1:] == [
        "Statistics not recorded yet (data folder: not a folder); kept for next time."
    ]
    assert blocker.read_text() == "x"
    blocker.unlink()
    assert statsfile.KEEPER.ledger_path().exists() is False
    statsfile.KEEPER.flush()
    assert recorded() == {app.meta.game_id: outcome_of(app)}


# ------------------------------------------------------------ honest statistics
def test_every_rate_says_its_base() -> None:
    """Issue 25: '1 games finished' and rates whose base was not said."""
    level = stats.LevelStats(
        games=5, won=3, lost=2, abandoned=1, hands=9, hands_won=4, points=7650, best=2300
    )
    level.trips, level.safeties, level.coups, level.shut_outs = 3, 7, 2, 1
    assert stats.level_lines("strong", level) == [
        "strong: won 3 of 5 finished games (60%), lost 2, tied 0; 1 abandoned",
        "  won 4 of 9 hands (44%), mean hand score 850, best hand 2300",
        "  trips 3, safeties 7, coups fourres 2, shut-outs 1",
    ]


def test_one_of_each_is_singular() -> None:
    level = stats.LevelStats(games=1, won=0, lost=1, hands=1, points=350, best=350)
    assert stats.level_lines("classic", level)[:2] == [
        "classic: won 0 of 1 finished game (0%), lost 1, tied 0; 0 abandoned",
        "  won 0 of 1 hand (0%), mean hand score 350, best hand 350",
    ]


def test_no_rate_without_a_base() -> None:
    """Only abandoned games: no '0 of 0 (-)'; none at all: one line."""
    assert stats.level_lines("strong", stats.LevelStats(abandoned=2)) == [
        "strong: no game finished; 2 abandoned",
        "  no hand finished",
        "  trips 0, safeties 0, coups fourres 0, shut-outs 0",
    ]
    assert stats.level_lines("strong", stats.LevelStats()) == ["strong: no games yet"]


COUNTS = st.integers(0, 10**5)


@given(
    games=COUNTS,
    won=COUNTS,
    abandoned=COUNTS,
    hands=st.integers(0, 6 * 10**5),
    best=st.integers(0, stats.MAX_HAND_POINTS),
    level=st.sampled_from(stats.LEVELS),
)
@settings(max_examples=60, deadline=None)
def test_the_lines_fit_80_columns_and_keep_every_count(
    games: int, won: int, abandoned: int, hands: int, best: int, level: str
) -> None:
    won = min(won, games)
    level_stats = stats.LevelStats(
        games=games,
        won=won,
        lost=games - won,
        abandoned=abandoned,
        hands=hands,
        hands_won=hands // 2,
        points=hands * best,
        best=best if hands else None,
        trips=hands,
        safeties=4 * hands,
        coups=4 * hands,
        shut_outs=hands,
    )
    lines = stats.level_lines(level, level_stats)
    assert all(len(line) <= 80 for line in lines), lines
    text = " ".join(lines)
    if games:
        assert f"won {won} of {games} finished game" in text
    assert f"{abandoned} abandoned" in text or not (games or abandoned or hands)
    if hands:
        assert f"won {hands // 2} of {hands} hand" in text
