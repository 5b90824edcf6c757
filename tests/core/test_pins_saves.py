"""The save envelope's messages when the system refuses a write or a game's complaint
cannot be shown, pinned word for word (#15)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from parlour.core import saves
from parlour.core.saves import SaveError, load_game, write_save


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), "No space left on device"),
        (OSError("the disk went away"), "the disk went away"),
        (IsADirectoryError(errno.EISDIR, "Is a directory"), "is a folder, not a save file"),
        (PermissionError(errno.EACCES, "Permission denied"), "permission denied"),
    ],
)
def test_a_refused_write_gives_the_system_reason_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, reason: str
) -> None:
    def refuse(*args: object) -> None:
        raise error

    monkeypatch.setattr(saves.atomic, "replace_file", refuse)
    path = tmp_path / "g.json"
    with pytest.raises(SaveError) as caught:
        write_save(path, "mille", 1, 1, {})
    assert str(caught.value) == f"{path}: could not save: {reason}"


class Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("cannot be shown")


def test_a_complaint_that_cannot_be_shown_names_its_kind(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    write_save(path, "mille", 1, 1, {})

    def parse(envelope: saves.SaveFile) -> None:
        raise Unprintable

    with pytest.raises(SaveError) as caught:
        load_game(path, "mille", 1, parse)
    assert str(caught.value) == f"{path}: is damaged: Unprintable"
