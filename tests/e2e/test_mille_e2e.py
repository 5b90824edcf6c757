"""The installed ``mille`` in an 80x24 pseudo-terminal: a whole hand, save, restore, bad files."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from parlour.mille.computer.ai import ComputerPlayer
from parlour.mille.files import savefile
from parlour.mille.files.gamedata import game_to_dict
from parlour.mille.game.rules import Game
from parlour.mille.game.table import Phase
from parlour.mille.terminal.app import MilleApp
from tests.e2e.terminal import ARROWS, Terminal, run_plain
from tests.mille.opponents import human_keys

pytestmark = pytest.mark.e2e

SEED = 7


def mirror(seed: int) -> MilleApp:
    """The same game in this process: it must show exactly what the terminal shows."""
    game = Game.new(seed)
    return MilleApp(game, ComputerPlayer(game.seed))


def feed(app: MilleApp, keys: str) -> None:
    for key in keys:
        app.handle_key({" ": " ", "\r": "ENTER"}.get(key, key))
        while app.timeout() == 0:
            app.handle_key("TIMEOUT")


def expected(app: MilleApp) -> str:
    return app.render(24, 80).to_text()


def wait_same(term: Terminal, app: MilleApp, skip_rows: tuple[int, ...] = ()) -> None:
    """Wait until the terminal shows the mirror's screen (rows in ``skip_rows`` aside)."""
    want = expected(app).split("\n")
    deadline = time.monotonic() + 20  # generous: CI machines may be busy
    while time.monotonic() < deadline:
        term.pump(0.03)
        got = term.text().split("\n")
        if all(got[r] == want[r] for r in range(24) if r not in skip_rows):
            return
    diff = [(r, got[r], want[r]) for r in range(24) if got[r] != want[r]]
    raise AssertionError(f"screens differ: {diff}")


def quit_unsaved(term: Terminal) -> int:
    """Q, y to Really?, n to Save game?: the exit status."""
    term.send("q")
    term.wait_for("Really?")
    term.send("y")
    term.wait_for("Save game?")
    term.send("n")
    return term.wait_exit()


def env(tmp_path: Path) -> dict[str, str]:
    return {"PARLOUR_DATA_DIR": str(tmp_path / "data")}


def test_play_a_whole_hand_save_quit_and_restore(tmp_path: Path) -> None:
    app = mirror(SEED)
    with Terminal(["mille", "--seed", str(SEED)], env=env(tmp_path), cwd=tmp_path) as term:
        term.wait_for(">>:Move:")
        wait_same(term, app)
        for _ in range(400):
            if app.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                break
            keys = human_keys(app.game)
            term.send(keys, settle=0.0)
            feed(app, keys)
            wait_same(term, app)
        assert app.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        screen = term.text()
        assert "Another hand?" in screen or "Another game?" in screen
        assert "Trip Completed" in screen
        term.send("s")
        term.wait_for("file:")
        term.send("hand1.json\r")
        term.wait_for("hand1.json [")
        term.send("n")  # no other hand; just saved, so no Save game? question
        status = term.wait_exit()
    assert status == 0
    assert (tmp_path / "hand1.json").exists()
    game, ui = savefile.load(tmp_path / "hand1.json")
    assert game == app.game
    assert ui["prompt"] in ("another_hand", "another_game")
    with Terminal(["mille", "hand1.json"], env=env(tmp_path), cwd=tmp_path) as term:
        term.wait_for("hand1.json [")
        restored = app
        wait_same(term, restored, skip_rows=(15,))
        assert term.line(10)[20:].startswith("Another hand?") or term.line(10)[20:].startswith(
            "Another game?"
        )
        term.send("y")
        term.wait_for(">>:Move:")
        assert "p: pick" in term.line(11)
        assert quit_unsaved(term) == 0


def test_save_mid_hand_restores_the_same_screen(tmp_path: Path) -> None:
    app = mirror(SEED + 1)
    with Terminal(["mille", "--seed", str(SEED + 1)], env=env(tmp_path), cwd=tmp_path) as term:
        term.wait_for(">>:Move:")
        for _ in range(6):
            keys = human_keys(app.game)
            term.send(keys, settle=0.0)
            feed(app, keys)
            wait_same(term, app)
        term.send("s")
        term.wait_for("file:")
        term.send("mid.jsx\x7fon\r")  # backspace edits the name
        term.wait_for("mid.json [")
        term.send("qy")  # just saved: no Save game? question
        status = term.wait_exit()
    assert status == 0
    with Terminal(["mille", "mid.json"], env=env(tmp_path), cwd=tmp_path) as term:
        term.wait_for("mid.json [")
        wait_same(term, app, skip_rows=(15,))
        term.send("s")
        term.wait_for("Same file?")
        term.send("y")
        term.wait_for(">>:Move:")
        term.send("qy")
        assert term.wait_exit() == 0


def test_arrows_ctrl_l_and_resize(tmp_path: Path) -> None:
    with Terminal(["mille", "--seed", "3"], env=env(tmp_path), cwd=tmp_path) as term:
        term.wait_for(">>:Move:")
        before = term.text()
        term.send(ARROWS["UP"] + ARROWS["LEFT"] + "\x1bOP", settle=0.2)
        assert term.text() == before
        term.send("\x0c", settle=0.2)
        assert term.text() == before
        term.resize(30, 100)
        term.wait_for(">>:Move:")
        assert term.line(10)[20:28] == ">>:Move:"
        term.resize(20, 60)
        term.wait_for("enlarge")
        term.resize(24, 80)
        term.wait_for(">>:Move:")
        assert term.text() == before
        term.send("qy")
        assert term.wait_exit() == 0


def test_end_of_input_saves_a_recovery_file(tmp_path: Path) -> None:
    with Terminal(["mille", "--seed", "5"], env=env(tmp_path), cwd=tmp_path) as term:
        term.wait_for(">>:Move:")
        term.send("p")
        term.close_input()
    saved = list((tmp_path / "data").glob("mille-recovery-*.json"))
    assert len(saved) == 1
    game, _ = savefile.load(saved[0])
    assert game.deck_count == 88


def _envelope(**changes: object) -> dict[str, object]:
    game = Game.new(1)
    data: dict[str, object] = {
        "format": "parlour-save",
        "game": "mille",
        "format_version": savefile.FORMAT_VERSION,
        "program_version": "0.1.0",
        "saved_at": "2026-01-01T00:00:00+00:00",
        "seed": 1,
        "state": {"game": game_to_dict(game), "ui": {}},
    }
    data.update(changes)
    return data


BSD_SAVE = Path(__file__).resolve().parents[1] / "mille" / "bsd-mille.sav"
BAD_FILES = {
    "missing": (None, "no such file"),
    "empty": (b"", "empty"),
    "folder": ("DIR", "folder"),
    "text": (b"hello, world\n", "not a Parlour save file"),
    "bsd-binary": (BSD_SAVE.read_bytes(), "BSD mille save"),
    "bsd-sized-noise": (bytes(range(256)) * 2 + bytes(56), "not a Parlour save file"),
    "foreign": (_envelope(game="midnightoil"), "midnightoil save, not a mille save"),
    "too-new": (_envelope(format_version=99), "newer version"),
    "damaged": (_envelope(state={"game": {"version": 1}, "ui": {}}), "damaged"),
    "bad-ui": (
        _envelope(state={"game": game_to_dict(Game.new(1)), "ui": {"prompt": "dance"}}),
        "damaged",
    ),
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_bad_file_gives_one_line_and_status_1(tmp_path: Path, kind: str) -> None:
    content, reason = BAD_FILES[kind]
    path = tmp_path / f"{kind}.sav"
    if content == "DIR":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, dict):
        path.write_text(json.dumps(content), encoding="utf-8")
    status, output = run_plain(["mille", str(path)], env=env(tmp_path))
    lines = [line for line in output.replace("\r", "").split("\n") if line.strip()]
    assert status == 1
    message = " ".join(lines)  # one message, wrapped at 80 columns between words
    assert all(len(line) <= 80 or " " not in line for line in lines), output  # a long path
    assert message.startswith(f"mille: {path}: ") and reason in message
    assert "\x1b[" not in output  # curses never started
    assert "Traceback" not in output


def test_help_page_classic_level_and_stats(tmp_path: Path) -> None:
    args = ["mille", "--seed", "4", "--level", "classic"]
    with Terminal(args, env=env(tmp_path), cwd=tmp_path) as term:
        term.wait_for(">>:Move:")
        assert term.line(0)[40:52] == "| vs classic"
        board = term.text()
        term.send("?")
        term.wait_for("Mille Bornes help (1/4)")
        assert "classic (BSD mille's own computer strategy)" in term.text()
        term.send("x")
        term.wait_for(">>:Move:")
        assert term.text() == board.replace("    press ? for help", "")  # said once
        term.send("p")
        assert quit_unsaved(term) == 0
    status, output = run_plain(["mille", "--stats"], env=env(tmp_path))
    assert status == 0
    assert "classic: no game finished; 1 abandoned" in output


def test_a_save_of_a_game_already_recorded_restores_as_a_replay(tmp_path: Path) -> None:
    """Issue 25: ``mille FILE`` of a game whose result is recorded says so, records nothing."""
    from parlour.core import ledger
    from parlour.core.ledger import new_game_id
    from parlour.mille.files.savefile import Meta
    from parlour.mille.files.stats import GameRecord

    game_id = new_game_id()
    savefile.save(tmp_path / "g1.json", Game.new(3), {"prompt": "move"}, None, Meta(game_id))
    lost = GameRecord(game_id, "strong", "lost", 5250, 6300, (), 3, complete=False)
    path = tmp_path / "data" / "mille" / "games.jsonl"
    path.parent.mkdir(parents=True)
    path.write_bytes(ledger.encode(lost.to_dict()))
    with Terminal(["mille", "g1.json"], env=env(tmp_path), cwd=tmp_path) as term:
        term.wait_for(">>:Move:")
        assert term.line(15)[40:] == "|    Replay, not counted: lost 5250-6300"
        term.send("p")
        assert quit_unsaved(term) == 0
        assert (
            "The restored game had ended already (you lost 5250-6300): not counted again."
            in term.text()
        )
    assert path.read_bytes() == ledger.encode(lost.to_dict())


def test_help_and_version() -> None:
    status, output = run_plain(["mille", "--help"])
    assert status == 0 and "usage: mille" in output and "--seed" in output
    assert "--level" in output and "classic" in output and "--stats" in output
    status, output = run_plain(["mille", "--version"])
    assert status == 0 and "mille (Parlour)" in output


def test_bad_arguments(tmp_path: Path) -> None:
    status, output = run_plain(["mille", "a", "b"])
    assert status == 2 and "usage" in output
    status, output = run_plain(["mille", "--seed", "x"])
    assert status == 2
    assert os.environ.get("PARLOUR_DATA_DIR")
