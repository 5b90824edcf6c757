"""The mille command line without a terminal: bad files and arguments stop before curses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.mille import cli, savefile
from parlour.mille.rules import Game


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        status = cli.main(argv)
    except SystemExit as exc:  # argparse
        status = int(exc.code or 0)
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run([str(tmp_path / "nope.json")], capsys)
    assert status == 1
    assert out.strip() == f"mille: {tmp_path / 'nope.json'}: no such file"


def test_bsd_binary_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bsd.sav"
    path.write_bytes(bytes(568))
    status, out = _run([str(path)], capsys)
    assert status == 1 and "BSD mille save file" in out and out.count("\n") == 1


def test_damaged_ui_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    savefile.save(path, Game.new(3), {"prompt": "move", "layout": "sideways"})
    status, out = _run([str(path)], capsys)
    assert status == 1 and "is damaged: unknown window layout 'sideways'" in out


def test_seed_with_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    savefile.save(path, Game.new(3), {})
    status, out = _run([str(path), "--seed", "4"], capsys)
    assert status == 2 and "--seed" in out


def test_no_terminal_means_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(["--seed", "4"], capsys)  # pytest's stdin is not a terminal
    assert status == 1 and "needs a terminal" in out


def test_lazy_computer_plays_like_the_real_one() -> None:
    from parlour.mille.ai import ComputerPlayer
    from parlour.mille.rules import COMPUTER

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
