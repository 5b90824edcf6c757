"""A recovery save always lands somewhere: the data folder, the save's folder, here, home."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from parlour.core import saves, text
from parlour.core.saves import SaveError, save_recovery


def _write(path: Path) -> None:
    saves.write_save(path, "demo", 1, 7, {"moves": list(range(2000))})


def _only_entries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_the_data_folder_first(tmp_path: Path) -> None:
    saved = save_recovery("demo-recovery", _write, near=tmp_path / "s.json")
    assert saved.parent == Path(os.environ["PARLOUR_DATA_DIR"])
    assert saved.name.startswith("demo-recovery-") and saves.load_save(saved, "demo", 1)


def test_a_full_data_folder_gives_way_to_the_saves_folder(
    full_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(full_disk))
    near = tmp_path / "games" / "mine.json"
    near.parent.mkdir()
    saved = save_recovery("demo-recovery", _write, near=near)
    assert saved.parent == near.parent
    assert saves.load_save(saved, "demo", 1).seed == 7
    assert _only_entries(full_disk) == ["filler"]  # the empty name reserved there is gone


def test_a_read_only_data_folder_and_no_save_gives_way_to_the_current_folder(
    read_only_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(read_only_disk / "parlour"))
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    saved = save_recovery("demo-recovery", _write)
    assert saved.parent == here


def test_then_the_home_folder(
    read_only_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(read_only_disk / "parlour"))
    monkeypatch.chdir(read_only_disk)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    saved = save_recovery("demo-recovery", _write, near=read_only_disk / "old.json")
    assert saved.parent == home


def test_nowhere_at_all_says_why_the_data_folder_could_not(
    read_only_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(read_only_disk))
    monkeypatch.chdir(read_only_disk)
    monkeypatch.setenv("HOME", str(read_only_disk))
    with pytest.raises(SaveError) as info:
        save_recovery("demo-recovery", _write, near=read_only_disk / "x.json")
    assert info.value.reason == (
        f"no folder could take it (the data folder {read_only_disk} (set by PARLOUR_DATA_DIR)"
        " is on a read-only disk)"
    )


def test_each_folder_is_tried_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = Path(os.environ["PARLOUR_DATA_DIR"])
    monkeypatch.chdir(data)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))  # Windows' home
    folders = saves.recovery_folders(near=data / "x.json")
    assert folders == [data, tmp_path]


def test_the_folder_of_a_save_since_removed_is_still_tried_in_its_turn(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    folders = saves.recovery_folders(near=gone / "s.json")
    assert folders[:2] == [saves.recovery_folders()[0], gone]


def test_a_folder_that_cannot_take_the_save_is_named_with_the_systems_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(saves, "recovery_folders", lambda near=None: [tmp_path])

    def full(folder: Path, stem: str) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves, "reserve_unique", full)
    with pytest.raises(SaveError) as info:
        save_recovery("demo-recovery", _write)
    assert info.value.reason == f"no folder could take it ({tmp_path}: No space left on device)"


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (OSError(errno.EROFS, "Read-only file system"), "Read-only file system"),
        (OSError("odd"), "odd"),
    ],
)
def test_a_write_that_fails_is_named_with_the_systems_words_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, words: str
) -> None:
    monkeypatch.setattr(saves, "recovery_folders", lambda near=None: [tmp_path])

    def failing(path: Path) -> None:
        raise error

    with pytest.raises(SaveError) as info:
        save_recovery("demo-recovery", failing)
    assert info.value.reason == f"no folder could take it ({tmp_path}: {words})"
    assert _only_entries(tmp_path) == []


SPACED = "a folder of saves whose long name holds spaces in many places"


def test_a_folder_named_with_spaces_is_never_broken_in_the_line_printed_on_leaving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / SPACED
    folder.mkdir()
    monkeypatch.setattr(saves, "recovery_folders", lambda near=None: [folder])

    def full(path: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(SaveError) as info:
        save_recovery("demo-recovery", full)
    said = f"mille: input ended; the game could not be saved: {info.value.reason}"
    lines = text.wrap_lines(said)
    assert any(str(folder) in line for line in lines), lines
    assert " ".join(lines) == (
        "mille: input ended; the game could not be saved: no folder could take it"
        f" ({folder}: No space left on device)"
    )


def test_a_data_folder_that_cannot_be_named_stays_whole_on_leaving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / SPACED
    blocker.write_text("x")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    problem = saves.recovery_folders()[0]
    assert isinstance(problem, str)
    lines = text.wrap_lines(f"midnightoil: could not be saved ({problem}).")
    assert any(str(blocker) in line for line in lines), lines
    assert " ".join(lines) == (
        f"midnightoil: could not be saved (the data folder {blocker} (set by PARLOUR_DATA_DIR)"
        " is a file (or lies under one), not a folder)."
    )
