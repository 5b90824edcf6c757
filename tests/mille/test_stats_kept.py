"""Mille statistics never fail quietly (issue #26, point 3).

A game's record that the ledger cannot take (a full disk, a read-only data
folder) is kept (:mod:`parlour.core.keeper`), the farewell says so in one line,
and it is written the next time: as the next game records, as ``mille`` starts,
before ``mille --stats``. A result still kept counts as recorded for a replay.
The disks are real tmpfs mounts (skipped with the reason where not allowed).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
from pathlib import Path

import pytest

from parlour.core import keeper
from parlour.core.ledger import new_game_id
from parlour.mille import cli
from parlour.mille.files import statsfile
from parlour.mille.files.savefile import Meta, load_saved
from parlour.mille.terminal.app import MilleApp
from tests.mille.drive import near_the_end, play_until_question
from tests.mille.opponents import FirstLegal
from tests.mille.test_app import press

FULL = "Statistics not recorded yet (No space left on device); kept for next time."
READ_ONLY = "Statistics not recorded yet (data folder: read-only disk); kept for next time."


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _use_data_folder(folder: Path) -> None:
    os.environ["PARLOUR_DATA_DIR"] = str(folder)


def finish_and_leave(seed: int, save_to: Path | None = None) -> MilleApp:
    """A game near its end played to Another game? (saved first to ``save_to``), then n, and
    n to Save game?."""
    game = near_the_end(seed)
    app = MilleApp(game, FirstLegal(game), meta=Meta(new_game_id(), "strong", [], False))
    if save_to is not None:
        press(app, ["s", *str(save_to), "ENTER"])
    play_until_question(app, ("Another game?",))
    press(app, "n")
    if not app.finished:
        press(app, "n")
    assert app.finished
    return app


def farewell_tail(app: MilleApp) -> list[str]:
    """The farewell's lines after the games won and the seed."""
    lines = (app.exit_message or "").split("\n")
    assert lines[0].startswith("Games won:")
    return lines[1:]


def kept_lines() -> int:
    return sum(
        place.read_bytes().count(b"\n")
        for place in keeper.places(statsfile.KEEPER.ledger_path())
        if place.exists()
    )


def ledger_lines() -> int:
    path = statsfile.KEEPER.ledger_path()
    return path.read_bytes().count(b"\n") if path.exists() else 0


def stats_output() -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["--stats"]) == 0
    return out.getvalue().splitlines()


def _free(full_disk: Path) -> None:
    """Room on the full disk again (the filler goes)."""
    (full_disk / "filler").unlink()


def test_a_full_data_folder_keeps_the_record_and_says_so(full_disk: Path) -> None:
    _use_data_folder(full_disk)
    app = finish_and_leave(3)
    assert farewell_tail(app) == [FULL]
    assert kept_lines() == 1 and ledger_lines() == 0
    places = keeper.places(statsfile.KEEPER.ledger_path())
    (kept,) = [place for place in places if place.exists() and place.stat().st_size]
    assert kept.parent == Path(os.environ["HOME"]) / ".parlour-pending"
    _free(full_disk)
    out = stats_output()  # written before the statistics are read
    assert out[0].startswith("strong: won ") or out[0].startswith("strong: no game finished")
    assert "1 finished game" in out[0] and ledger_lines() == 1 and kept_lines() == 0
    assert not kept.exists()


def test_the_kept_record_is_written_as_the_game_starts(
    full_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_data_folder(full_disk)
    finish_and_leave(4)
    _free(full_disk)
    import parlour.tui.runner

    monkeypatch.setattr(parlour.tui.runner, "run", lambda app: 0)
    assert cli.main(["--seed", "1"]) == 0
    assert ledger_lines() == 1 and kept_lines() == 0


def test_the_next_game_writes_the_kept_record_first(full_disk: Path) -> None:
    _use_data_folder(full_disk)
    first = finish_and_leave(5)
    _free(full_disk)
    second = finish_and_leave(6)
    assert farewell_tail(second)[0].startswith("strong: won ")
    assert "2 finished games" in farewell_tail(second)[0]
    ids = [rec.game_id for rec in statsfile.KEEPER.read().records]
    assert ids == [first.meta.game_id, second.meta.game_id]


def test_a_read_only_data_folder_keeps_the_record_at_home(read_only_disk: Path) -> None:
    _use_data_folder(read_only_disk)
    app = finish_and_leave(7)
    assert farewell_tail(app) == [READ_ONLY]
    assert kept_lines() == 1
    assert os.listdir(read_only_disk) == []
    subprocess.run(["mount", "-o", "remount,rw", str(read_only_disk)], check=True)
    assert stats_output()[0].startswith("strong: won ")
    assert ledger_lines() == 1 and kept_lines() == 0


def test_a_result_still_kept_makes_an_older_save_a_replay(full_disk: Path, tmp_path: Path) -> None:
    """The game was finished on a full disk (its result kept at home), then an older save of
    it is restored: a replay, as if the result were in the ledger; it records nothing."""
    _use_data_folder(full_disk)
    older = tmp_path / "older.json"
    app = finish_and_leave(8, save_to=older)
    assert farewell_tail(app) == [FULL] and kept_lines() == 1
    saved = load_saved(str(older))
    again = cli.restored_app(str(older), saved, FirstLegal(saved.game))
    assert again.recorder.replay_of is not None
    assert again.line.text == statsfile.replay_note(again.recorder.replay_of)
    play_until_question(again, ("Another game?",))
    assert kept_lines() == 1 and ledger_lines() == 0
