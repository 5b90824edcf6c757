"""The mille command line without a terminal: bad files and arguments stop before curses."""

from __future__ import annotations

import json
import random
import struct
import sys
from pathlib import Path

import pytest

from parlour.core.saves import SaveError
from parlour.mille import cli
from parlour.mille.files import savefile
from parlour.mille.game.rules import Game


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        status = cli.main(argv)
    except SystemExit as exc:  # argparse
        status = int(exc.code or 0)
    captured = capsys.readouterr()
    return status, unwrapped(captured.out + captured.err)


def unwrapped(out: str) -> str:
    """``out`` checked to be wrapped within 80 columns, its lines joined again by spaces."""
    assert all(len(line) <= 80 or " " not in line for line in out.splitlines()), out
    return out.rstrip("\n").replace("\n", " ") + "\n"


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run([str(tmp_path / "nope.json")], capsys)
    assert status == 1
    assert out.strip() == f"mille: {tmp_path / 'nope.json'}: no such file"


BSD_SAMPLE = Path(__file__).with_name("bsd-mille.sav")
"""A save written by the real program (Debian bsdgames 2.17 /usr/games/mille, S after a pick)."""


def test_bsd_binary_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run([str(BSD_SAMPLE)], capsys)
    assert status == 1 and "BSD mille save file" in out


@pytest.mark.parametrize("seed", range(5))
def test_random_568_bytes_are_not_a_bsd_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    path = tmp_path / "noise.sav"
    path.write_bytes(random.Random(seed).randbytes(568) if seed else bytes(568))
    status, out = _run([str(path)], capsys)
    assert status == 1 and out.strip() == f"mille: {path}: is not a Parlour save file"


def test_a_bsd_save_with_a_card_out_of_range_is_not_one(tmp_path: Path) -> None:
    data = bytearray(BSD_SAMPLE.read_bytes())
    assert cli.looks_like_bsd_save(bytes(data))
    for at, value in ((0x68, 19), (0x160 + 2, 40), (0x1E0, -2)):
        changed = bytearray(data)
        struct.pack_into("<h", changed, at, value)
        assert not cli.looks_like_bsd_save(bytes(changed)), hex(at)
    changed = bytearray(data)
    struct.pack_into("<i", changed, 0x234, 102)
    assert not cli.looks_like_bsd_save(bytes(changed))


def _save_then_put(path: Path, key: str, value: object) -> None:
    """A good save of a new game, then its ``state[key]`` replaced by ``value``."""
    savefile.save(path, Game.new(3), {})
    envelope = json.loads(path.read_text())
    envelope["state"][key] = value
    path.write_text(json.dumps(envelope))


def test_damaged_ui_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    ui = {"prompt": "move", "layout": "sideways"}
    with pytest.raises(SaveError) as caught:
        savefile.save(path, Game.new(3), ui)  # the writer makes the loader's checks
    assert caught.value.reason == "not saved: unknown window layout in the screen state"
    _save_then_put(path, "ui", ui)
    status, out = _run([str(path)], capsys)
    assert status == 1 and "is damaged: unknown window layout in the screen state" in out


def test_seed_with_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    savefile.save(path, Game.new(3), {})
    status, out = _run([str(path), "--seed", "4"], capsys)
    assert status == 2 and "--seed" in out


def test_no_terminal_means_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(["--seed", "4"], capsys)  # pytest's stdin is not a terminal
    assert status == 1 and "needs a terminal" in out


def test_lazy_computer_plays_like_the_real_one() -> None:
    from parlour.mille.computer.ai import ComputerPlayer
    from parlour.mille.game.table import COMPUTER

    game = Game.new(9)
    game.apply(game.legal_moves()[0])
    while game.turn != COMPUTER:
        game.apply(game.legal_moves()[-1])
    view = game.view(COMPUTER)
    assert cli.LazyComputer(9).choose_move(view) == ComputerPlayer(9).choose_move(view)


def test_json_but_568_bytes_is_not_mistaken_for_bsd(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"pad": "x" * 557}), encoding="utf-8")
    assert path.stat().st_size == 568
    assert not cli._bsd_binary(str(path))


def test_damaged_computer_memory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    memory = {"version": 1, "evidence": {"deck_at": {"GO": 4}, "last_deck": 4}}
    with pytest.raises(SaveError) as caught:
        savefile.save(path, Game.new(3), {}, memory)
    assert caught.value.reason == "not saved: the computer's safety evidence names GO, not a safety"
    _save_then_put(path, "computer", memory)
    status, out = _run([str(path)], capsys)
    assert status == 1
    reason = "is damaged: the computer's safety evidence names GO, not a safety"
    assert out.strip() == f"mille: {path}: {reason}"


def test_restored_memory_reaches_the_computer(tmp_path: Path) -> None:
    """The memory a save carries is the one the computer decides with (and saves again)."""
    from parlour.mille.computer.ai import ComputerPlayer

    game = Game.new(9)
    while len(game.deck) > 78:
        game.apply(game.legal_moves()[-1])
    memory = {
        "version": 1,
        "evidence": {"deck_at": {"DRIVING_ACE": 80}, "last_deck": 80, "public_after_move": 3},
    }
    path = tmp_path / "g.json"
    savefile.save(path, game, {}, memory)
    _, _, loaded = cli.load_for_play(str(path))
    lazy = cli.LazyComputer(game.seed, loaded)
    assert lazy.memory() == memory
    view = game.view(game.turn)
    lazy.choose_move(view)
    real = ComputerPlayer(game.seed)
    real.restore_memory(memory)
    real.choose_move(view)
    assert lazy.memory() == real.memory()
    assert lazy.memory()["evidence"]["deck_at"] == {"DRIVING_ACE": 80}


def test_level_with_a_saved_game_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.json"
    savefile.save(path, Game.new(3), {"prompt": "move"})
    status, out = _run([str(path), "--level", "classic"], capsys)
    assert status == 2 and "--level cannot be used with a saved game" in out


def test_an_unknown_level_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(["--level", "expert"], capsys)
    assert status == 2 and "invalid choice" in out


def test_a_hostile_file_name_in_an_error_line_is_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x\x1b]0;owned\x07.json"
    if sys.platform != "win32":  # no control character in a Windows name: "no such file" there
        path.write_text("not json", encoding="utf-8")
    status, out = _run([str(path)], capsys)
    assert status == 1 and "\x1b" not in out and "\x07" not in out and "^[" in out
