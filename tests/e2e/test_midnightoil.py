"""End to end: the installed ``midnightoil`` in an 80x24 pseudo-terminal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.terminal import ARROWS, Terminal, run_plain

pytestmark = pytest.mark.e2e


def test_deal_1_play_undo_save_and_quit(tmp_path: Path) -> None:
    with Terminal(["midnightoil", "--deal", "1"], cwd=tmp_path) as term:
        term.wait_for(" s │ 7♠ ")
        screen = term.wait_for(" b │ 8♥ 8♦ 5♠ ")
        assert "Midnight Oil  deal 1 " in screen and "deal 1 of 3" in screen
        term.send("b")
        term.wait_for("b selected: 5♠")
        term.send(" ")
        term.wait_for(" g │ 2♣ A♦ 6♠ 5♠ ")
        term.wait_for("moves 1")
        term.send("4")  # manual-auto for spades: the ace from fan l
        term.wait_for("│ 4 ♠  A♠")
        term.wait_for("home 1/52")
        term.send("u")
        term.wait_for("home 0/52")
        term.send("U")
        term.wait_for("home 1/52")
        term.send("D")
        term.wait_for("redeal anyway? (y/n)")
        term.send("y")
        term.wait_for("deal 2 of 3")
        term.send(ARROWS["DOWN"] + ARROWS["DOWN"] + " ")  # cursor mode: fan a, b; select
        term.wait_for("b selected")
        term.send("\x1b")
        term.send("?")
        term.wait_for("the rules (page 1 of 3)")
        term.send("\x1b")
        term.wait_for("redeals left  1")
        term.send("S")
        term.wait_for("Save to file: midnightoil-1.json")
        term.send("\r")
        term.wait_for("Saved. Resume later with: midnightoil midnightoil-1.json")
        term.send("Q")  # the save holds this position: nothing to ask
        assert term.wait_exit() == 0
    saved = json.loads((tmp_path / "midnightoil-1.json").read_text())
    assert saved["game"] == "midnightoil" and saved["seed"] == 1
    with Terminal(["midnightoil", str(tmp_path / "midnightoil-1.json")], cwd=tmp_path) as term:
        term.wait_for("deal 2 of 3")
        term.wait_for("moves 3")
        term.send("u")
        term.wait_for("deal 1 of 3")  # the undo history came back with the save
        term.send("Q")
        term.wait_for("Save this game")
        term.send("n")
        assert term.wait_exit() == 0


def test_bad_file_one_line_and_status_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    status, output = run_plain(["midnightoil", str(bad)])
    assert status == 1
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    assert " ".join(lines) == f"midnightoil: {bad}: is not a Parlour save file"  # wrapped
    status, output = run_plain(["midnightoil", str(tmp_path)])
    assert status == 1 and "is a folder" in " ".join(output.split())


def test_random_deal_shows_its_number_and_ascii() -> None:
    with Terminal(["midnightoil", "--ascii"]) as term:
        term.wait_for("deal 1 of 3")
        screen = term.wait_for(" s | ")
        number = screen.splitlines()[0].split("deal ")[1].split()[0]
        assert number.isdigit()
        assert "| 1 C  --" in screen
        term.send("Q")
        assert term.wait_exit() == 0


def test_bad_deal_argument() -> None:
    status, output = run_plain(["midnightoil", "--deal", "-3"])
    assert status == 2 and "deal number" in output


def test_a_hostile_file_name_and_game_field_are_printed_escaped(tmp_path: Path) -> None:
    bad = tmp_path / "x\x1b]0;title\x07.json"
    bad.write_text(json.dumps({"format": "parlour-save", "game": "\x1b[2Jmille", "seed": 1}))
    status, output = run_plain(["midnightoil", str(bad)])
    assert status == 1
    assert "\x1b" not in output and "\x07" not in output
    assert "x^[]0;title^G.json" in output and "^[[2Jmille save" in output


def test_a_data_folder_that_is_a_file_still_starts_a_game(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("x")
    env = {"PARLOUR_DATA_DIR": str(blocker)}
    with Terminal(["midnightoil", "--deal", "1"], cwd=tmp_path, env=env) as term:
        term.wait_for("No statistics: data folder")
        term.send("l ")
        term.wait_for("home 1/52")
        term.send("Q")
        term.wait_for("Save this game before quitting?")
        term.send("n")
        assert term.wait_exit() == 0
    assert blocker.read_text() == "x"


def test_a_solved_game_resumed_from_an_older_save_stays_solved(tmp_path: Path) -> None:
    """Issue #25's example: the older save resumed, one move, quit unsaved, records nothing."""
    with Terminal(["midnightoil", "--deal", "3"], cwd=tmp_path) as term:
        term.wait_for(" s │ ")
        term.send("S")
        term.wait_for("Save to file: midnightoil-3.json")
        term.send("\r")
        term.wait_for("Saved. Resume later with: midnightoil midnightoil-3.json")
        term.send("!")
        term.wait_for("This game then counts as solved (y/n)")
        term.send("y")
        term.wait_for("Solved by the computer: all 52 cards are home.", timeout=60)
        term.send("t")
        term.wait_for("The game is won: N new deal, R restart, # choose a deal, Q quit.")
        term.send("Q")
        assert term.wait_exit() == 0
    with Terminal(["midnightoil", "midnightoil-3.json"], cwd=tmp_path) as term:
        term.wait_for("Resumed midnightoil-3.json: a replay of an ended game; nothing is recorded.")
        term.send("*")
        term.wait_for("home 2/52")
        term.wait_for("Replay, not recorded: this game was solved by the computer.")
        term.send("Q")
        term.wait_for("Save this game before quitting?")
        term.send("n")
        assert term.wait_exit() == 0
        said = " ".join(term.output.decode().split())  # however the exit line is wrapped
        assert (
            "2/52 cards home. A replay, not recorded: this game was solved by the computer." in said
        )
    status, output = run_plain(["midnightoil", "--stats"])
    assert status == 0
    lines = [line.rstrip() for line in output.splitlines() if line.strip()]
    assert lines == [
        "Midnight Oil - statistics",
        "Your games       0  (none yet without auto-solve)",
        "Auto-solve       1  the computer won 1, lost 0",
    ]


def test_a_save_cut_short_is_called_damaged(tmp_path: Path) -> None:
    with Terminal(["midnightoil", "--deal", "1"], cwd=tmp_path) as term:
        term.wait_for(" s │ ")
        term.send("l ")
        term.wait_for("home 1/52")
        term.send("S")
        term.wait_for("Save to file: midnightoil-1.json")
        term.send("\r")
        term.wait_for("Saved.")
        term.send("Q")
        assert term.wait_exit() == 0
    cut = tmp_path / "cut.json"
    cut.write_bytes((tmp_path / "midnightoil-1.json").read_bytes()[:40])
    status, output = run_plain(["midnightoil", str(cut)])
    assert status == 1
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    assert " ".join(lines) == (  # one message, wrapped at 80 columns between words
        f"midnightoil: {cut}: is damaged: it is cut short (the end of the file is missing)"
    )


def test_issue_39_deal_42_hint_a_refused_deal_number_and_the_farewell(tmp_path: Path) -> None:
    with Terminal(["midnightoil", "--deal", "42"], cwd=tmp_path) as term:
        term.wait_for(" s │ ")
        for keys in ("1", "s", "r", "t", " ", "t", " ", "t", " "):
            term.send(keys)
        term.wait_for("home 3/52")
        term.send("t")
        term.wait_for("Hint: 3♠ (m) to foundation 4 ♠")  # once: "redeal (nothing better...)"
        term.send(" ")
        term.wait_for("home 4/52")
        term.send("#")
        term.wait_for("It counts as lost. (y/n)")
        term.send("y")
        term.wait_for("Deal number, from 0 to 18446744073709551615:")
        term.send("4x\r")
        term.wait_for("A deal number is a whole number from 0 to 18446744073709551615.")
        term.send("42")  # into the field, not manual-auto on foundations 4 and 2
        term.wait_for("18446744073709551615: 4x42")
        term.send("\x1b")
        term.wait_for("Cancelled.")
        term.send("Q")
        term.wait_for("Save this game before quitting?")
        term.send("n")
        assert term.wait_exit() == 0
        said = " ".join(term.output.decode().split())  # however the exit line is wrapped
        assert "Midnight Oil deal 42: 4/52 cards home. Counted as lost with 4/52 home." in said
