"""The save envelope's messages when the system refuses a write or a game's complaint
cannot be shown, pinned word for word (#15)."""

from __future__ import annotations

import errno
import json
import os
import pickle
import re
import stat
import sys
from pathlib import Path

import pytest

from parlour.core import saves
from parlour.core.saves import SaveError, load_game, write_save
from parlour.core.text import printable


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


NAME = re.compile(r"rescue-\d{8}-\d{6}-[0-9a-f]{6}\.json")


def test_a_reserved_name_is_stem_time_and_six_hex_digits_private_to_the_player(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "not" / "there" / "yet"
    target = saves.reserve_unique(folder, "rescue")
    assert target.parent == folder and NAME.fullmatch(target.name)
    assert target.read_bytes() == b""
    if sys.platform != "win32":  # Windows: its access list (test_windows_files.py)
        assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_a_taken_name_is_passed_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    draws = iter([b"\x00\x00\x01", b"\x00\x00\x01", b"\x00\x00\x02"])
    monkeypatch.setattr(saves.os, "urandom", lambda n: next(draws))
    first = saves.reserve_unique(tmp_path, "rescue")
    second = saves.reserve_unique(tmp_path, "rescue")
    assert first.name.endswith("-000001.json") and second.name.endswith("-000002.json")


def test_when_every_name_is_taken_after_a_thousand_tries_it_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tries: list[int] = []

    def same(n: int) -> bytes:
        tries.append(n)
        return b"\xab\xcd\xef"

    monkeypatch.setattr(saves.os, "urandom", same)
    saves.reserve_unique(tmp_path, "rescue")
    tries.clear()
    with pytest.raises(FileExistsError) as caught:
        saves.reserve_unique(tmp_path, "rescue")
    assert str(caught.value) == f"no free name for rescue in {tmp_path}"
    assert len(tries) == 1000


def test_the_time_of_saving_is_written_in_utc(tmp_path: Path) -> None:
    saved = write_save(tmp_path / "g.json", "mille", 1, 1, {})
    assert saved.saved_at.endswith("+00:00")
    assert json.loads((tmp_path / "g.json").read_text())["saved_at"] == saved.saved_at


def test_a_save_file_is_sorted_one_space_indented_json(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    write_save(path, "mille", 1, 7, {"zeta": [1, 2], "alpha": {"b": 1, "a": 2}})
    text = path.read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), indent=1, sort_keys=True)
    assert text.startswith('{\n "format": ') and '\n "state": {\n  "alpha": {\n   "a": 2,' in text


def test_a_state_json_cannot_hold_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    with pytest.raises(SaveError) as caught:
        write_save(path, "mille", 1, 1, {"x": float("inf")})
    message = str(caught.value)  # newer Pythons add the value to json's reason
    assert message.startswith(
        f"{path}: the game state could not be encoded"
        " (Out of range float values are not JSON compliant"
    )
    assert message.endswith(")") and not path.exists()


def test_a_missing_folder_and_an_unusable_name_are_named(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "g.json"
    with pytest.raises(SaveError) as caught:
        write_save(missing, "mille", 1, 1, {})
    assert str(caught.value) == f"{missing}: could not save: there is no such folder"
    nul = tmp_path / "a\0b.json"
    with pytest.raises(SaveError) as caught:
        write_save(nul, "mille", 1, 1, {})
    assert str(caught.value) == f"{printable(str(nul))}: is not a usable file name"


def _load_refusal(path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        saves.load_save(path, "mille", 1)
    return str(caught.value)


def test_what_cannot_be_a_save_file_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "a folder"
    folder.mkdir()
    assert _load_refusal(folder) == f"{folder}: is a folder, not a save file"
    if sys.platform == "win32":  # no FIFOs there; a device is not a regular file either
        device = Path("NUL")
    else:
        device = tmp_path / "a pipe"
        os.mkfifo(device)
    assert _load_refusal(device) == f"{device}: is not a regular file, not a save file"
    huge = tmp_path / "huge.json"
    with huge.open("wb") as out:
        out.truncate(saves.MAX_SAVE_BYTES + 1)
    assert _load_refusal(huge) == f"{huge}: is far too large to be a Parlour save file"
    blank = tmp_path / "blank.json"
    blank.write_bytes(b" \n\t\n")
    assert _load_refusal(blank) == f"{blank}: is empty, not a Parlour save file"


def test_what_a_write_returns_is_the_save_as_it_loads_back(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    written = write_save(path, "mille", 1, 42, {"hand": ["GO"]})
    assert written == saves.load_save(path, "mille", 1)


def test_a_save_error_passes_between_processes_with_its_message(tmp_path: Path) -> None:
    error = SaveError(tmp_path / "g.json", "is damaged: a turn is damaged")
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.path, again.reason) == (str(error), error.path, error.reason)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"game": ""}, "is damaged: it does not say which game it belongs to"),
        ({"format_version": 0}, "is damaged: its format version is missing or invalid"),
        ({"format_version": True}, "is damaged: its format version is missing or invalid"),
        ({"seed": -1}, "is damaged: its seed is missing or invalid"),
        ({"seed": "7"}, "is damaged: its seed is missing or invalid"),
        ({"state": []}, "is damaged: it holds no game state"),
    ],
)
def test_a_damaged_envelope_is_refused_word_for_word(
    tmp_path: Path, change: dict[str, object], reason: str
) -> None:
    path = tmp_path / "g.json"
    write_save(path, "mille", 1, 7, {"n": 1})
    envelope = json.loads(path.read_text(encoding="utf-8"))
    envelope.update(change)
    path.write_text(json.dumps(envelope), encoding="utf-8")
    assert _load_refusal(path) == f"{path}: {reason}"


@pytest.mark.parametrize(
    ("saved_at", "read"),
    [(20261201, ""), (None, ""), ("2026-12-01T10:00:00+00:00", "2026-12-01T10:00:00+00:00")],
)
def test_a_time_of_saving_that_is_not_text_reads_as_none(
    tmp_path: Path, saved_at: object, read: str
) -> None:
    # An old save's game id is derived from its seed and this time (mille, midnightoil).
    path = tmp_path / "g.json"
    write_save(path, "mille", 1, 7, {"n": 1})
    envelope = json.loads(path.read_text(encoding="utf-8"))
    envelope["saved_at"] = saved_at
    path.write_text(json.dumps(envelope), encoding="utf-8")
    assert saves.load_save(path, "mille", 1).saved_at == read
