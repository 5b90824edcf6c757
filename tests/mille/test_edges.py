"""The smaller edges of issue #26 as mille meets them: a save nested too deeply, and a
statistics file that is a link planted in the data folder."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

import pytest

from parlour.mille import cli
from parlour.mille.files import statsfile
from parlour.mille.files.statsfile import fitted
from tests.mille.files.test_statsfile import finish_and_leave, kept_lines

LINK_NOTE = "links in the data folder are not followed"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def run(argv: list[str]) -> tuple[int, list[str]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = cli.main(argv)
    return status, out.getvalue().splitlines()


def test_a_save_nested_too_deep_is_damaged_not_foreign(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(
        '{"format": "parlour-save", "game": "mille", "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
    )
    status, lines = run([str(path)])  # one message, wrapped at 80 columns between words
    # (only a path wider than a line, kept whole on a line of its own, passes 80 columns)
    assert status == 1 and all(len(line) <= 80 or line.rstrip(":") == str(path) for line in lines)
    assert " ".join(lines) == f"mille: {path}: is damaged: it is nested too deeply"


def _planted_link(tmp_path: Path) -> Path:
    """``games.jsonl`` in the data folder is a link to a file of the player's elsewhere."""
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    ledger = statsfile.KEEPER.ledger_path()
    ledger.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(victim, ledger)
    return victim


@pytest.mark.skipif(
    sys.platform == "win32", reason="symlinks need privileges on Windows; not checked there"
)
def test_a_linked_ledger_is_not_read_and_the_note_fits(tmp_path: Path) -> None:
    victim = _planted_link(tmp_path)
    status, lines = run(["--stats"])
    # one message, exit 1: never "no games yet" and then a contradiction (issue 39)
    note = f"mille: the statistics file {statsfile.KEEPER.ledger_path()} is a link; {LINK_NOTE}"
    assert status == 1 and " ".join(lines) == note
    assert all(len(line) <= 80 for line in lines) and len(lines) > 1
    assert victim.read_text() == "mine\n"


@pytest.mark.skipif(
    sys.platform == "win32", reason="symlinks need privileges on Windows; not checked there"
)
def test_a_linked_ledger_is_not_written_through_and_the_record_is_kept(tmp_path: Path) -> None:
    victim = _planted_link(tmp_path)
    app = finish_and_leave(3)
    lines = (app.exit_message or "").split("\n")
    assert lines[1:] == ["Statistics not recorded yet; kept for next time."]
    assert victim.read_text() == "mine\n" and kept_lines() == 1
    statsfile.KEEPER.ledger_path().unlink()  # the link gone: the kept record goes to the ledger
    assert run(["--stats"])[1][0].startswith("strong: won ")


def test_a_long_line_is_broken_at_spaces_and_a_long_word_cut() -> None:
    assert fitted("a b") == ["a b"]
    words = ["word"] * 30
    lines = fitted(" ".join(words))
    assert [len(line) for line in lines] == [79, 71]
    assert " ".join(line.strip() for line in lines) == " ".join(words)
    path = "/" + "d" * 100
    assert fitted(f"read {path} x") == ["read", "  /" + "d" * 36 + "..." + "d" * 38, "  x"]
