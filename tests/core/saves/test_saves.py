"""The save envelope: atomic writes, strict loading, one clear SaveError."""

from __future__ import annotations

import errno
import json
import os
import pickle
import re
import stat
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour import __version__
from parlour.core import saves
from parlour.core.saves import SaveError, load_game, load_save, write_save
from parlour.core.text import printable


def _write(path: Path, seed: int = 7, state: dict[str, Any] | None = None) -> None:
    write_save(path, "mille", 1, seed, state if state is not None else {"score": [1, 2]})


def test_round_trip(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    written = write_save(target, "mille", 1, 42, {"hand": ["GO", "D25"], "n": 3})
    loaded = load_save(target, "mille", 1)
    assert loaded.state == {"hand": ["GO", "D25"], "n": 3}
    assert loaded.seed == 42
    assert loaded.game == "mille"
    assert loaded.format_version == 1
    assert loaded.program_version == __version__
    assert loaded.saved_at == written.saved_at
    envelope = json.loads(target.read_text(encoding="utf-8"))
    assert envelope["format"] == saves.FORMAT_TAG


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=50, deadline=None)
@given(st.dictionaries(st.text(max_size=10), json_values, max_size=6), st.integers(0, 2**62))
def test_any_json_state_round_trips(state: dict[str, Any], seed: int) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "s.json"
        write_save(target, "dixmille", 2, seed, state)
        loaded = load_save(target, "dixmille", 2)
        assert loaded.state == state and loaded.seed == seed


def _error(path: Path, game: str = "mille", max_version: int = 1) -> str:
    with pytest.raises(SaveError) as info:
        load_save(path, game, max_version)
    message = str(info.value)
    assert message.startswith(str(path))
    assert "Traceback" not in message
    return message


def test_missing_file(tmp_path: Path) -> None:
    assert "no such file" in _error(tmp_path / "nothing.json")


def test_directory(tmp_path: Path) -> None:
    assert "folder" in _error(tmp_path)


@pytest.mark.skipif(
    sys.platform == "win32", reason="no FIFOs on Windows; test_windows_files.py: devices"
)
def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert "not a regular file" in _error(fifo)


def test_empty_file(tmp_path: Path) -> None:
    target = tmp_path / "empty"
    target.write_bytes(b"")
    assert "empty" in _error(target)


def test_binary_file(tmp_path: Path) -> None:
    target = tmp_path / "random.bin"
    target.write_bytes(bytes(range(256)) * 3)
    assert "not a Parlour save" in _error(target)


def test_bsd_style_raw_dump_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "bsd.save"
    target.write_bytes(b"\x00\x00\x00\xbc\x02\x00\x00" + b"\x01" * 561)
    assert "not a Parlour save" in _error(target)


def test_json_that_is_not_a_save(tmp_path: Path) -> None:
    target = tmp_path / "other.json"
    target.write_text('{"name": "something else"}', encoding="utf-8")
    assert "not a Parlour save" in _error(target)
    target.write_text("[1, 2, 3]", encoding="utf-8")
    assert "not a Parlour save" in _error(target)


def test_another_games_save(tmp_path: Path) -> None:
    target = tmp_path / "dix.json"
    write_save(target, "dixmille", 1, 1, {})
    assert "is a dixmille save, not a mille save" in _error(target)


def test_newer_format(tmp_path: Path) -> None:
    target = tmp_path / "future.json"
    write_save(target, "mille", 9, 1, {})
    message = _error(target)
    assert "newer version" in message and "9" in message


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("format_version", "one", "format version"),
        ("format_version", 0, "format version"),
        ("seed", -5, "seed"),
        ("seed", "x", "seed"),
        ("state", [1], "no game state"),
        ("game", 3, "which game"),
    ],
)
def test_damaged_envelope(tmp_path: Path, field: str, value: object, words: str) -> None:
    target = tmp_path / "bad.json"
    _write(target)
    envelope = json.loads(target.read_text(encoding="utf-8"))
    envelope[field] = value
    target.write_text(json.dumps(envelope), encoding="utf-8")
    message = _error(target)
    assert words in message


def test_truncated_file(tmp_path: Path) -> None:
    target = tmp_path / "cut.json"
    _write(target)
    data = target.read_bytes()
    target.write_bytes(data[: len(data) // 2])
    assert _error(target).endswith(": is damaged: it is cut short (the end of the file is missing)")


def test_load_game_turns_parse_failures_into_save_error(tmp_path: Path) -> None:
    target = tmp_path / "g.json"
    _write(target, state={"hand": ["NOT_A_CARD"]})

    def parse(envelope: saves.SaveFile) -> int:
        raise ValueError("unknown card NOT_A_CARD")

    with pytest.raises(SaveError) as info:
        load_game(target, "mille", 1, parse)
    assert "is damaged: unknown card NOT_A_CARD" in str(info.value)

    def parse_missing(envelope: saves.SaveFile) -> int:
        return int(envelope.state["missing"])

    with pytest.raises(SaveError) as info:
        load_game(target, "mille", 1, parse_missing)
    assert "missing field 'missing'" in str(info.value)
    assert load_game(target, "mille", 1, lambda e: len(e.state["hand"])) == 1


def test_interrupted_save_leaves_the_previous_file_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "keep.json"
    _write(target, seed=1, state={"turn": 1})
    before = target.read_bytes()

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(SaveError) as info:
        _write(target, seed=2, state={"turn": 2})
    assert "No space left on device" in str(info.value)
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.json"]


def test_save_into_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as info:
        _write(tmp_path / "no" / "such" / "dir" / "x.json")
    assert "could not save: there is no such folder" in str(info.value)


def test_save_onto_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as info:
        _write(tmp_path)
    assert "folder" in str(info.value)


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="Windows ignores mode bits; test_windows_files.py checks the access list instead",
)
def test_saved_file_is_readable_json_with_mode_0644(tmp_path: Path) -> None:
    target = tmp_path / "m.json"
    old = os.umask(0o022)
    try:
        _write(target)
    finally:
        os.umask(old)
    assert (target.stat().st_mode & 0o777) == 0o644


def test_a_name_too_long_for_the_system_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as info:
        _write(tmp_path / ("x" * 300))
    assert "could not save" in str(info.value)


def test_player_path_and_file_exists_never_raise(tmp_path: Path) -> None:
    if sys.platform != "win32":  # there ~user is the folder beside yours, whether or not it is
        assert saves.player_path("  ~no-such-user-here/x.json ") == Path(
            "~no-such-user-here/x.json"
        )
    assert saves.player_path("~/g.json") == Path.home() / "g.json"
    assert saves.player_path("~\ud800") == Path("~\ud800")  # no encoding holds that user
    assert not saves.file_exists(tmp_path / ("y" * 300))
    assert not saves.file_exists(tmp_path / "missing")
    _write(tmp_path / "there.json")
    assert saves.file_exists(tmp_path / "there.json")


def test_a_save_error_carries_its_path_and_reason_as_its_args(tmp_path: Path) -> None:
    error = SaveError(tmp_path / "g.json", "disk full")
    assert error.args == (str(tmp_path / "g.json"), "disk full")
    assert (error.path, error.reason) == (str(tmp_path / "g.json"), "disk full")


@pytest.mark.parametrize("value", [None, 5, ["0.1.0"]])
def test_a_save_without_a_readable_program_version_says_unknown(
    tmp_path: Path, value: object
) -> None:
    """The envelope's program version is part of what load_save returns (issue #29): a save
    whose version is missing or not text still loads, its version read as "unknown"."""
    target = tmp_path / "old.json"
    _write(target)
    envelope = json.loads(target.read_text(encoding="utf-8"))
    if value is None:
        del envelope["program_version"]
    else:
        envelope["program_version"] = value
    target.write_text(json.dumps(envelope), encoding="utf-8")
    loaded = load_save(target, "mille", 1)
    assert loaded.program_version == "unknown" and loaded.state == {"score": [1, 2]}


@pytest.mark.skipif(
    sys.platform == "win32", reason="a file named CON cannot be made there: see test_windows_files"
)
def test_a_name_windows_forbids_is_no_file_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On Windows CON.json 'exists' (the console); it is never offered as an overwrite."""
    (tmp_path / "CON.json").write_text("{}", encoding="utf-8")
    (tmp_path / "mine.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(sys, "platform", "win32")
    assert not saves.file_exists(tmp_path / "CON.json")
    assert saves.file_exists(tmp_path / "mine.json")


@pytest.mark.parametrize(
    ("platform", "code", "no_such_file"),
    [("win32", errno.EINVAL, True), ("linux", errno.EINVAL, False), ("win32", errno.EACCES, False)],
)
def test_only_windows_refusing_a_name_reads_as_no_such_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str, code: int, no_such_file: bool
) -> None:
    def refused(target: object, limit: int) -> bytes:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(saves.files, "read_regular", refused)
    monkeypatch.setattr(sys, "platform", platform)
    with pytest.raises(SaveError) as info:
        load_save(tmp_path / "a.json", "mille", 1)
    assert (info.value.reason == "no such file") is no_such_file


# -----
# The save envelope's messages when the system refuses a write or a game's complaint
# cannot be shown, pinned word for word (#15).


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


def test_the_time_said_and_the_time_written_are_one_reading_of_the_clock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import UTC, datetime

    ticks = iter(datetime(2026, 12, 5, 11, 0, second, tzinfo=UTC) for second in range(60))

    class Clock:
        @staticmethod
        def now(tz: object = None) -> datetime:
            assert tz is UTC
            return next(ticks)

    monkeypatch.setattr(saves, "datetime", Clock)
    saved = write_save(tmp_path / "g.json", "mille", 1, 1, {})
    assert saved.saved_at == "2026-12-05T11:00:00+00:00"
    assert json.loads((tmp_path / "g.json").read_text())["saved_at"] == saved.saved_at
    given = saves.encode_save(tmp_path / "h.json", "mille", 1, 1, {}, "2001-01-01T00:00:00+00:00")
    assert json.loads(given)["saved_at"] == "2001-01-01T00:00:00+00:00"


def test_an_encoded_save_without_a_time_is_stamped_now_in_utc(tmp_path: Path) -> None:
    stamped = json.loads(saves.encode_save(tmp_path / "g.json", "mille", 1, 1, {}))["saved_at"]
    assert stamped.endswith("+00:00") and len(stamped) == len("2026-12-05T11:00:00+00:00")


def test_a_save_holding_a_number_no_game_uses_is_damaged_and_says_which(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.json"
    write_save(path, "mille", 1, 7, {"score": 1})
    path.write_text(path.read_text(encoding="utf-8").replace('"score": 1', '"score": NaN'))
    with pytest.raises(SaveError) as caught:
        load_save(path, "mille", 1)
    assert caught.value.reason == "is damaged: it holds the number NaN, which no game uses"


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
