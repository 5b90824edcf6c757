"""The command line: ``midnightoil --stats`` prints the statistics page, or says in one line
why not."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core import paths
from parlour.core.text import width
from parlour.midnightoil import cli
from parlour.midnightoil.files.stats import (
    WON,
)
from parlour.midnightoil.files.statsfile import record_game
from tests.midnightoil.ledger import LEDGER_FILE
from tests.midnightoil.terminal.test_report import won_game


def test_stats_with_nothing_recorded_says_so_and_creates_no_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "not-yet"
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(folder))
    assert cli.main(["--stats"]) == 0
    assert capsys.readouterr().out == "Midnight Oil - statistics\n\nNo games recorded yet.\n"
    assert not folder.exists()


def test_stats_with_a_damaged_line_prints_the_rest_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record_game(won_game(2), WON)
    with paths.data_file(LEDGER_FILE).open("ab") as handle:
        handle.write(b"{not json\n")
    assert cli.main(["--stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2] == "Your games       1  won 1  lost 0"
    assert out[-1] == "1 damaged line in the statistics skipped; the rest is shown."


def test_stats_that_cannot_be_read_exit_1_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PARLOUR_DATA_DIR", "data")
    (tmp_path / "data" / "midnightoil" / "games.jsonl").mkdir(parents=True)
    assert cli.main(["--stats"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    ledger = Path("data", "midnightoil", "games.jsonl")
    assert captured.err == f"midnightoil: the statistics file {ledger} is a folder\n"
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for folder in (blocker, blocker / "under"):  # a file, a folder under a file: one message
        monkeypatch.setenv("PARLOUR_DATA_DIR", str(folder))
        assert cli.main(["--stats"]) == 1
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.replace("\n", " ") == (
            f"midnightoil: the statistics cannot be read: the data folder {folder} (set by "
            "PARLOUR_DATA_DIR) is a file (or lies under one), not a folder "
        )
        assert all(width(line) <= 80 for line in captured.err.splitlines() if " " in line)


def test_stats_takes_no_file_or_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--stats", "--deal", "3"]) == 2
    assert cli.main(["--stats", "x.json"]) == 2
    assert capsys.readouterr().err == "midnightoil: --stats takes no FILE or --deal\n" * 2


def test_an_unreadable_statistics_file_is_named_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 39: the file's name is never cut; the message wraps before it instead."""
    data = tmp_path / ("a data folder with a long name " * 3).strip()
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(data))
    ledger = data / "midnightoil" / "games.jsonl"
    ledger.mkdir(parents=True)
    assert cli.main(["--stats"]) == 1
    err = capsys.readouterr().err
    assert err == f"midnightoil: the statistics file\n{ledger}\nis a folder\n"
