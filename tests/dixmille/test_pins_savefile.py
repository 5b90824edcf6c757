"""Dix Mille's recovery save and old saves' ids, pinned word for word (#15).

A recovery save is what an interrupted game leaves behind: where it lands, and
the one line a player reads when it cannot be written, are what these pin.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from parlour.core import paths, saves
from parlour.core.saves import SaveError
from parlour.dixmille.files import savefile
from parlour.dixmille.game.rules import Game

SAMPLE = Path(__file__).resolve().parents[2] / "saves" / "dixmille-v1-alice-zedx-midturn.json"


def game() -> Game:
    return savefile.load(SAMPLE)


def refusal(current: Game) -> str:
    with pytest.raises(SaveError) as caught:
        savefile.save_recovery(current)
    return str(caught.value)


posix_cwd = pytest.mark.skipif(
    sys.platform == "win32",
    reason="Windows never lets the current folder be removed: there it is always there to save in",
)


def no_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()


def test_a_half_applied_game_is_not_saved_for_recovery() -> None:
    current = game()
    current.turn_points = 12_345
    assert refusal(current) == "dixmille-recovery: the game is in the middle of a move"


def test_without_any_folder_the_message_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "recovery_folders", lambda near=None: [])
    assert refusal(game()) == "dixmille-recovery: no folder could take it (no folder to save in)"


@posix_cwd
def test_a_data_folder_that_is_a_file_is_named_with_the_system_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    monkeypatch.setenv("HOME", str(blocker))
    no_current_folder(tmp_path, monkeypatch)
    assert refusal(game()) == (
        f"dixmille-recovery: no folder could take it (the data folder {blocker} (set by"
        " PARLOUR_DATA_DIR) is a file (or lies under one), not a folder)"
    )


@pytest.mark.parametrize("error", [OSError, RuntimeError, KeyError])
def test_a_data_folder_that_cannot_be_found_gives_way_to_the_current_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: type[Exception]
) -> None:
    def broken(create: bool = True) -> Path:
        raise error("no home folder")

    monkeypatch.setattr(paths, "data_dir", broken)
    monkeypatch.chdir(tmp_path)
    saved = savefile.save_recovery(game())
    assert saved.parent == tmp_path and saved.name.startswith("dixmille-recovery-")
    assert savefile.load(saved).to_dict() == game().to_dict()


def test_a_failed_write_tries_the_next_folder_and_leaves_no_empty_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(data))
    monkeypatch.chdir(here)
    real = savefile.write_save
    failed: list[Path] = []

    def full_disk_in_data(path: Path, *args: object) -> object:
        if Path(path).parent == data:
            failed.append(Path(path))
            raise SaveError(path, "the disk is full")
        return real(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(savefile, "write_save", full_disk_in_data)
    saved = savefile.save_recovery(game())
    assert saved.parent == here and savefile.load(saved).to_dict() == game().to_dict()
    assert failed and list(data.iterdir()) == []


@posix_cwd
def test_when_every_write_fails_the_first_folder_s_reason_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    no_current_folder(tmp_path, monkeypatch)
    tried: list[Path] = []

    def vanishing(path: Path, *args: object) -> object:
        tried.append(Path(path))
        Path(path).unlink()  # the file went away too: removing it again must not raise
        raise SaveError(path, "the disk is full")

    monkeypatch.setattr(savefile, "write_save", vanishing)
    assert refusal(game()) == (
        f"dixmille-recovery: no folder could take it ({tmp_path}: the disk is full)"
    )
    assert [path.parent for path in tried] == [tmp_path, Path(os.environ["HOME"])]


def test_old_saves_of_two_deals_made_the_same_second_are_two_games(tmp_path: Path) -> None:
    ids = set()
    for seed in (5, 6):
        doc = json.loads(SAMPLE.read_text(encoding="utf-8"))
        doc["seed"] = seed
        doc["state"].pop("game_id", None)
        path = tmp_path / f"old-{seed}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        ids.add(savefile.load(path).game_id)
    assert len(ids) == 2
