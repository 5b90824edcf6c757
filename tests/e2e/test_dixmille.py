"""End to end: the installed ``dixmille`` in an 80x24 pseudo-terminal."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from parlour.core.rng import make_rng
from parlour.core.shellpath import for_shell
from parlour.dixmille.computer.ai import threshold_take, zedx_move
from parlour.dixmille.files import savefile
from parlour.dixmille.game.rules import Game, Pass, Phase, TakeDice, Throw, new_game, points
from tests.e2e.terminal import Terminal, run_plain

pytestmark = pytest.mark.e2e

SEED = 20261129
CYCLES = 6


def _positions(game: Game) -> tuple[int, ...]:
    take = threshold_take(game.thrown, game.turn_points)
    for move in game.legal_moves():
        assert isinstance(move, TakeDice)
        if tuple(sorted(game.thrown[p - 1] for p in move.positions)) == take.faces:
            return move.positions
    raise AssertionError("no positions for the take")


def _zedx_turn(shadow: Game) -> None:
    seat = shadow.seat
    while not shadow.over and shadow.seat == seat:
        shadow.apply(zedx_move(shadow.situation()))


def _wait_for_turn_start(term: Terminal, shadow: Game, timeout: float = 10.0) -> None:
    """Wait until Alice's turn starts with exactly the scores the shadow game has."""
    expected = [points(p.score) for p in shadow.players]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        term.pump(0.05)
        if term.line(21) == "Alice: t = throw" and term.line(3).split() == expected:
            return
    raise AssertionError(f"expected scores {expected}; screen was:\n{term.text()}")


def test_alice_against_zedx_follows_the_seed(tmp_path: Path) -> None:
    """Alice plays 'stop at 300'; a shadow game with the same seed predicts every screen."""
    shadow = new_game(["Alice", "ZEDX"], make_rng(SEED), SEED)
    argv = ["dixmille", "Alice", "ZEDX", "--seed", str(SEED), "--pace", "0"]
    with Terminal(argv, env={"PARLOUR_DATA_DIR": str(tmp_path)}) as term:
        term.wait_for("Alice: t = throw")
        assert "Alice throws first" in term.text()
        while shadow.cycle <= CYCLES and not shadow.over:
            if shadow.player.computer:
                _zedx_turn(shadow)
                continue
            if shadow.phase in (Phase.START, Phase.AGAIN):
                out = shadow.apply(Throw())
                term.send("t")
                if out.turn_ended:
                    term.wait_for(out.message)
                    term.wait_for("Press any key for the next player")
                    term.send(" ")
                elif shadow.phase is Phase.TAKE:
                    term.wait_for("Alice, take dice")
                else:
                    term.wait_for(out.message)
            elif shadow.phase is Phase.TAKE:
                positions = _positions(shadow)
                out = shadow.apply(TakeDice(positions))
                term.send("".join(str(p) for p in positions) + "\r")
                term.wait_for(out.message)
            else:
                stop = shadow.turn_points >= 300 or shadow.dice_left < 3
                if stop:
                    shadow.apply(Pass())
                    term.send("p")
                else:
                    shadow.apply(Throw())
                    term.send("t")
                    if shadow.phase is Phase.TAKE:
                        term.wait_for("Alice, take dice")
                    continue
            if shadow.player.computer:
                _zedx_turn(shadow)
                if not shadow.over:
                    _wait_for_turn_start(term, shadow)
        term.send("Q")
        term.wait_for("Quit this game? (y/n)")
        term.send("y")
        term.wait_for("Save it before quitting?")
        term.send("n")
        assert term.wait_exit() == 0
        assert "game abandoned" in term.output.decode("utf-8", "replace")
    lines = (tmp_path / "dixmille" / "games.jsonl").read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[0].rpartition("\t")[2])  # the record, after the totals it carries
    assert record["finished"] is False and record["seed"] == SEED
    assert [p["score"] for p in record["players"]] == [p.score for p in shadow.players]


def test_zedx_demo_to_the_end_then_statistics(tmp_path: Path) -> None:
    argv = ["dixmille", "ZEDX", "--seed", "4", "--fast", "--ascii"]
    with Terminal(argv, env={"PARLOUR_DATA_DIR": str(tmp_path)}) as term:
        term.wait_for("GAME OVER: ZEDX reached", timeout=30)
        term.wait_for("Press any key for this game's statistics")
        assert term.line(8).startswith("   1.  ZEDX ")  # the standings wait for a key
        term.pump(1.0)
        assert "Final standings" in term.text() and "Games played" not in term.text()
        term.send(" ")
        term.wait_for("Games played")
        term.send(" ")
        term.wait_for("Style: when you pass")
        term.send("q")
        assert term.wait_exit() == 0
        assert "Seed 4" in term.output.decode("utf-8", "replace")
    with Terminal(["dixmille", "--stats", "zedx"], env={"PARLOUR_DATA_DIR": str(tmp_path)}) as term:
        term.wait_for("1 recorded game, ZEDX")  # the name as recorded (issue 39)
        assert "  finished solitaire          1" in term.text()
        term.send("q")
        assert term.wait_exit() == 0


def test_bad_file_gets_one_line_and_status_one(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "parlour-save", "game": "dixmille"', encoding="utf-8")
    status, output = run_plain(["dixmille", str(bad)])
    assert status == 1
    lines = output.strip().splitlines()  # one message, wrapped at 80 columns between words
    assert all(len(line.strip()) <= 80 for line in lines)
    assert " ".join(line.strip() for line in lines) == (
        f"dixmille: {bad}: is damaged: it is cut short (the end of the file is missing)"
    )


def test_ctrl_c_asks_and_hangup_saves_a_recovery_file(tmp_path: Path) -> None:
    argv = ["dixmille", "Ann", "Bob", "--seed", "9"]
    with Terminal(argv, env={"PARLOUR_DATA_DIR": str(tmp_path)}) as term:
        term.wait_for("Ann: t = throw")
        term.send("\x03")
        term.wait_for("Quit this game? (y/n)")
        term.send("n")
        term.wait_for("Ann: t = throw")
        term.send("t")
        term.pump(0.3)
        term.close_input()
    (recovery,) = tmp_path.glob("dixmille-recovery-*.json")
    game = savefile.load(recovery)
    assert game.seed == 9 and [p.name for p in game.players] == ["Ann", "Bob"]


def test_a_wide_name_keeps_to_its_columns_and_reads_the_log(tmp_path: Path) -> None:
    """王小明 takes six columns on a real terminal: nothing overlaps, nothing is left behind."""
    from parlour.core.text import width

    argv = ["dixmille", "王小明", "ZEDX", "--seed", "3", "--pace", "0"]
    with Terminal(argv, env={"PARLOUR_DATA_DIR": str(tmp_path)}) as term:
        term.wait_for("王小明: t = throw")
        header = term.line(2)
        assert header.startswith(">王小明")
        assert width(header[: header.index("ZEDX (c)")]) == 14  # the second column, after its mark
        assert term.line(6) == " 王小明's turn: 0 turn points   6 dice available"
        assert "p pass" not in term.line(22)
        term.send("t")
        term.wait_for("王小明, take dice")
        term.send("6")
        term.send("?")
        term.wait_for("DIX MILLE - the rules")
        term.send("x")
        term.wait_for("王小明, take dice (positions, then ENTER): 6")
        term.send("\r")
        term.wait_for("王小明: t = throw (5 dice), p = pass")
        term.send("l")
        term.wait_for("turn log")
        assert "王小明     6 dice ⚁ ⚃ ⚂ ⚃ ⚃ ⚀, took ⚀ 100 (turn 100)" in term.text()
        term.send("x")
        term.wait_for("王小明: t = throw (5 dice), p = pass")
        term.send("Q")
        term.wait_for("Quit this game? (y/n)")
        term.send("y")
        term.wait_for("Save it before quitting?")
        term.send("n")
        assert term.wait_exit() == 0


def test_a_resumed_game_shows_its_log_and_its_file_name_fitted(tmp_path: Path) -> None:
    """Saved mid-turn under a long wide file name, resumed: the log lines are back."""
    from parlour.core.text import width

    target = tmp_path / ("存档" * 12 + ".json")
    env = {"PARLOUR_DATA_DIR": str(tmp_path)}
    argv = ["dixmille", "王小明", "ZEDX", "--seed", "3", "--pace", "0"]
    logged = "王小明     6 dice ⚁ ⚃ ⚂ ⚃ ⚃ ⚀, took ⚀ 100 (turn 100)"
    with Terminal(argv, env=env) as term:
        term.wait_for("王小明: t = throw")
        term.send("t")
        term.wait_for("王小明, take dice")
        term.send("6\r")
        term.wait_for("王小明: t = throw (5 dice), p = pass")
        term.send("S")
        term.wait_for("Save to file:")
        term.send("\x15" + str(target) + "\r")
        term.wait_for("Saved")
        shown = for_shell(str(target))  # as typed after "resume with: dixmille"
        assert term.line(20).rstrip().endswith(shown[-7:]) and width(term.line(20)) <= 80
        term.send("Q")
        term.wait_for("Quit this game? (y/n)")
        term.send("y")
        assert term.wait_exit() == 0
    with Terminal(["dixmille", str(target), "--pace", "0"], env=env) as term:
        term.wait_for("王小明: t = throw (5 dice), p = pass")
        assert term.line(20).startswith("Game resumed from ")
        assert term.line(20).rstrip().endswith("存档.json")
        assert logged in term.text()
        term.send("Q")
        term.wait_for("Quit this game? (y/n)")
        term.send("y")
        assert term.wait_exit() == 0
