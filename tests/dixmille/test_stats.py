"""Statistics: totals of played games, each game once, damaged lines skipped, odd folders."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from parlour.core import keeper
from parlour.core.rng import make_rng
from parlour.dixmille.cli import main
from parlour.dixmille.computer.ai import tables_for, threshold_move
from parlour.dixmille.computer.analysis import annotate
from parlour.dixmille.files import stats, statsfile
from parlour.dixmille.game.rules import FOUR_TWOS_TURN, Game, new_game, parse_move
from parlour.dixmille.terminal import statsview
from tests.dixmille.helpers import kept_note, scripted_game

STRAIGHT = (1, 2, 3, 4, 5, 6)


def play(game: Game, *moves: str) -> None:
    for move in moves:
        game.apply(parse_move(move))


def two_cycle_game() -> Game:
    """Ann banks 200 then loses it to four 2s; Bob loses nothing to four 2s, then wins 10,500."""
    game = scripted_game(
        ["Ann", "Bob"],
        (1, 2, 3, 4, 6, 6),
        (5, 5, 2, 3, 4),
        (2, 2, 2, 2, 1, 5),
        (2, 2, 2, 2, 3, 4),
        STRAIGHT,
        (2, 2, 3, 3, 4, 4),
        STRAIGHT,
        STRAIGHT,
    )
    play(game, "t", "take 1", "t", "take 1 2", "p")  # Ann: 100, then 5 5: 200 with 3 dice
    play(game, "t")  # Bob: four 2s with nothing banked
    play(game, "t")  # Ann: four 2s, 200 lost
    play(game, "t", "take 1 2 3 4 5 6", "t", "take 1 2 3 4 5 6")  # 3000 + 1500
    play(game, "t", "take 1 2 3 4 5 6", "t", "take 1 2 3 4 5 6", "p")  # 10,500 banked
    assert game.over
    return game


def solitaire_game(name: str = "Ann") -> Game:
    game = scripted_game([name], *[STRAIGHT] * 4)
    for _ in range(4):
        play(game, "t", "take 1 2 3 4 5 6")
    play(game, "p")
    assert game.over
    return game


def test_totals_of_a_played_game() -> None:
    assert statsfile.record_game(two_cycle_game(), finished=True) is None
    games, message = statsfile.load_games()
    assert message is None and len(games) == 1
    ann, bob = stats.totals(games)
    assert (ann.games, ann.finished, ann.won, ann.shared, ann.turns) == (1, 1, 0, 0, 2)
    assert (ann.passes, ann.banked, ann.throws, ann.best_turn) == (1, 200, 3, 200)
    assert ann.pass_bands == [1, 0, 0, 0, 0, 0] and ann.pass_dice == [0, 0, 1, 0, 0, 0]
    assert (ann.four_twos, ann.four_twos_lost, ann.highest_score) == (1, 200, 200)
    assert (bob.won, bob.four_twos, bob.four_twos_lost, bob.hot_dice) == (1, 1, 0, 4)
    assert (bob.straights, bob.three_pairs, bob.best_turn) == (3, 1, 10_500)
    assert bob.pass_bands == [0, 0, 0, 0, 0, 1] and bob.pass_dice == [0, 0, 0, 0, 0, 1]
    assert [t.name for t in stats.totals(games, "BOB")] == ["Bob"]


def test_each_game_counts_once_its_last_record() -> None:
    game = two_cycle_game()
    assert statsfile.record_game(game, finished=False) is None  # as if quit early (same id)
    assert statsfile.record_game(game, finished=True) is None
    assert statsfile.record_game(solitaire_game(), finished=True) is None
    games, _ = statsfile.load_games()
    assert len(games) == 2 and games[0].finished
    assert stats.totals(games, "ann")[0].games == 2


def _lines() -> list[dict[str, Any]]:
    """The records in the file (each line's record: after its summary, when it has one)."""
    text = statsfile.KEEPER.ledger_path().read_text(encoding="utf-8")
    return [json.loads(line.rpartition("\t")[2]) for line in text.splitlines()]


def _write(lines: list[dict[str, Any]], tail: bytes = b"") -> bytes:
    raw = b"".join(json.dumps(line).encode() + b"\n" for line in lines) + tail
    statsfile.KEEPER.ledger_path().write_bytes(raw)
    return raw


def test_old_lines_without_an_id_are_distinct_games() -> None:
    statsfile.record_game(two_cycle_game(), finished=True)
    (line,) = _lines()
    del line["game_id"]
    _write([line, line])
    games, message = statsfile.load_games()
    assert message is None and len(games) == 2 and games[0].game_id is None


def test_damaged_lines_are_skipped_and_the_file_is_left_alone() -> None:
    statsfile.record_game(two_cycle_game(), finished=True)
    (line,) = _lines()
    folder = statsfile.KEEPER.ledger_path().parent
    raw = b"nonsense\n" + b'{"caf\xe9": 1}\n' + json.dumps(line).encode() + b"\n" + b'{"half'
    statsfile.KEEPER.ledger_path().write_bytes(raw)
    games, message = statsfile.load_games()
    assert len(games) == 1 and games[0].names == ("Ann", "Bob")
    assert message is not None and "2 damaged lines" in message
    assert statsfile.KEEPER.ledger_path().read_bytes() == raw
    assert sorted(p.name for p in folder.iterdir()) == ["games.jsonl"]
    # a later record lands on a line of its own, and nothing before it is lost
    statsfile.record_game(solitaire_game(), finished=True)
    games, message = statsfile.load_games()
    assert len(games) == 2 and message is not None and "3 damaged lines" in message


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
    games, message = statsfile.load_games()
    assert games == [] and message is not None and "1 damaged line" in message


def test_solitaire_games_stay_out_of_win_percent() -> None:
    statsfile.record_game(solitaire_game("Bob"), finished=True)
    statsfile.record_game(two_cycle_game(), finished=True)
    statsfile.record_game(solitaire_game("Bob"), finished=True)
    (bob,) = stats.totals(statsfile.load_games()[0], "bob")
    assert (bob.games, bob.finished, bob.won, bob.solitaire) == (3, 1, 1, 2)
    assert bob.solitaire_turns == [1, 1]


@pytest.fixture
def unusable_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    return blocker


def kept_for_later() -> list[str]:
    """The note of a record kept in the home folder: why (whole), then where (issue 39)."""
    return kept_note("data folder: not a folder", keeper.places(statsfile.KEEPER.ledger_path())[1])


def test_an_unusable_data_folder_gives_a_message_not_a_traceback(
    capsys: pytest.CaptureFixture[str], unusable_data_folder: Path
) -> None:
    # The message says what is wrong, and that the record is kept (in the home folder).
    assert statsfile.record_game(two_cycle_game(), finished=True) == "\n".join(kept_for_later())
    kept = list((Path(os.environ["HOME"]) / ".parlour-pending").iterdir())
    assert [str(path) for path in kept] == [str(keeper.places(statsfile.KEEPER.ledger_path())[1])]
    assert [path.name.startswith("dixmille-") for path in kept] == [True]
    games, message = statsfile.load_games()
    assert games == [] and message is not None and "could not be read" in message
    # --stats: one message and exit 1, never pages that say "no games" (issue 39)
    assert main(["--stats"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.replace("\n", " ") == (
        f"dixmille: the statistics cannot be read: the data folder {unusable_data_folder} "
        "(set by PARLOUR_DATA_DIR) is a file (or lies under one), not a folder "
    )


@pytest.mark.usefixtures("unusable_data_folder")
def test_a_game_ends_normally_without_statistics() -> None:
    from parlour.dixmille.terminal.app import DixMilleApp, Mode
    from parlour.tui.glyphs import ASCII

    app = DixMilleApp(ASCII, names=["ZEDX"], seed=2, pace=0)
    for _ in range(5000):
        if app.timeout() is None:
            break
        app.handle_key("TIMEOUT")
    assert app.mode is Mode.STANDINGS
    # The standings: the result on row 3, and on row 4 why the game was not recorded.
    rows = app.render(24, 80).to_text().split("\n")
    assert rows[3].startswith("GAME OVER: ZEDX reached ")
    assert rows[4:6] == kept_for_later()
    app.handle_key("i")
    assert app.mode is Mode.OVER
    # The statistics page: the result on row 2, and on row 3 the same reason.
    rows = app.render(24, 80).to_text().split("\n")
    assert rows[2].startswith("GAME OVER: ZEDX reached ")
    assert [row.rstrip() for row in rows[3:5]] == kept_for_later()
    assert (app.exit_message or "").split("\n")[-2:] == kept_for_later()
    app.handle_key("q")
    assert app.finished


def test_the_optimum_on_the_style_page_follows_the_games_four_twos_rule() -> None:
    """Under ``--four-twos turn`` the optimum's points per turn do not depend on the score."""
    game = new_game(["Ann", "Bob"], make_rng(7), 7, FOUR_TWOS_TURN)
    while not game.over:
        game.apply(threshold_move(game.situation()))
    for turn in game.players[0].turns:
        annotate(turn, four_twos_wipes=False)
    assert any(t.score_before > 0 for t in game.players[0].turns)
    ann = stats.totals([stats.game_line(game)], "Ann")[0]
    expected = tables_for(0, False).start_value()
    assert ann.style.optimum_per_turn() == pytest.approx(expected)
    assert set(ann.style.levels) and all(not wipes for _, wipes in ann.style.levels)


def test_the_statistics_screen_shows_solitaire_games_apart_from_win_percent() -> None:
    statsfile.record_game(solitaire_game("Bob"), finished=True)
    statsfile.record_game(two_cycle_game(), finished=True)
    statsfile.record_game(solitaire_game("Bob"), finished=True)
    rows = stats.totals(statsfile.load_games()[0])
    lines = statsview.render_stats(rows, 0, "all players", "", "").to_text().splitlines()

    def row(label: str) -> list[str]:
        line = next(line for line in lines if line.startswith(label + " "))
        return line[len(label) :].split()

    assert [t.name for t in rows] == ["Bob", "Ann"]
    assert row("Games played") == ["3", "1"]
    assert row("  abandoned") == ["0", "0"]
    assert row("  finished vs others") == ["1", "1"]
    assert row("    won") == ["1", "0"]
    assert row("    win %") == ["100%", "0%"]  # Bob's 1 win in 1 game against Ann
    assert row("  finished solitaire") == ["2", "0"]
