"""One save envelope for every game: JSON, written atomically, loaded strictly.

A save file is a UTF-8 JSON object::

    {"format": "parlour-save", "game": "mille", "format_version": 1,
     "program_version": "0.1.0", "saved_at": "2026-11-29T20:40:00+00:00",
     "seed": 123, "state": {...}}

Writing goes to a temporary file in the target's folder, is flushed and
fsynced, then renamed over the target, so a crash or a full disk never leaves
half a file and never harms the previous save. Loading checks everything and
raises a single :class:`SaveError` whose message names the file and says in
plain words what is wrong. Nothing is ever unpickled.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import stat
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from parlour import __version__

FORMAT_TAG = "parlour-save"
MAX_SAVE_BYTES = 32 * 1024 * 1024
T = TypeVar("T")


class SaveError(Exception):
    """A save could not be written or read; ``str()`` is a message for the player."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = str(path)
        self.reason = reason
        super().__init__(f"{self.path}: {reason}")


@dataclass(frozen=True)
class SaveFile:
    """A loaded save envelope."""

    path: str
    game: str
    format_version: int
    program_version: str
    saved_at: str
    seed: int
    state: dict[str, Any]


def _reason_for_os_error(exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return "is a folder, not a save file"
    if isinstance(exc, PermissionError):
        return "permission denied"
    return exc.strerror or str(exc)


def write_save(
    path: str | os.PathLike[str],
    game: str,
    format_version: int,
    seed: int,
    state: Mapping[str, Any],
) -> SaveFile:
    """Write ``state`` in the envelope to ``path`` atomically; ``SaveError`` on failure."""
    target = Path(path)
    saved_at = datetime.now(UTC).isoformat(timespec="seconds")
    envelope = {
        "format": FORMAT_TAG,
        "game": game,
        "format_version": format_version,
        "program_version": __version__,
        "saved_at": saved_at,
        "seed": seed,
        "state": dict(state),
    }
    try:
        data = json.dumps(envelope, indent=1, sort_keys=True, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError) as exc:  # a bug in a game's to_dict, not the player's fault
        raise SaveError(target, f"the game state could not be encoded ({exc})") from exc
    if os.path.isdir(target):  # os.path never raises (a too-long name is simply not a folder)
        raise SaveError(target, "is a folder; choose a file name")
    folder = target.parent if str(target.parent) else Path(".")
    tmp_name: str | None = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp_name, 0o644)
        os.replace(tmp_name, target)
        tmp_name = None
        _fsync_folder(folder)
    except OSError as exc:
        raise SaveError(target, f"could not save: {_reason_for_os_error(exc)}") from exc
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
    return SaveFile(str(target), game, format_version, __version__, saved_at, seed, dict(state))


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable where the platform allows opening a folder."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def reserve_unique(folder: Path, stem: str, suffix: str = ".json") -> Path:
    """Create an empty file in ``folder`` under a name no other file has, and return it.

    The name is ``STEM-YYYYmmdd-HHMMSS-XXXXXX.json`` (six random hex digits), taken
    with an exclusive create, so two games saving in the same second, or a later
    recovery, never take each other's name. ``OSError`` if the folder cannot be used.
    """
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for _ in range(1000):
        target = folder / f"{stem}-{stamp}-{secrets.token_hex(3)}{suffix}"
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        os.close(fd)
        return target
    raise FileExistsError(f"no free name for {stem} in {folder}")


def player_path(text: str) -> Path:
    """The path a player typed, with ``~`` expanded; never raises (an unknown ~user stays)."""
    return Path(os.path.expanduser(text.strip()))


def file_exists(path: str | os.PathLike[str]) -> bool:
    """Whether something is at ``path`` (an overwrite question); never raises on odd names."""
    return os.path.lexists(path)


def load_save(path: str | os.PathLike[str], game: str, max_version: int) -> SaveFile:
    """Read and validate the envelope of a ``game`` save; ``SaveError`` on any problem."""
    target = Path(path)
    try:
        if target.is_dir():
            raise SaveError(target, "is a folder, not a save file")
        info = target.stat()
        if not stat.S_ISREG(info.st_mode):
            # A FIFO or device would block or never end: refuse it before reading.
            raise SaveError(target, "is not a regular file, not a save file")
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(target, "is far too large to be a Parlour save file")
        raw = target.read_bytes()
    except OSError as exc:
        raise SaveError(target, _reason_for_os_error(exc)) from exc
    if not raw.strip():
        raise SaveError(target, "is empty, not a Parlour save file")
    try:
        envelope = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise SaveError(target, "is not a Parlour save file") from exc
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT_TAG:
        raise SaveError(target, "is not a Parlour save file")
    found_game = envelope.get("game")
    if not isinstance(found_game, str):
        raise SaveError(target, "is damaged: it does not say which game it belongs to")
    if found_game != game:
        raise SaveError(target, f"is a {found_game} save, not a {game} save")
    version = envelope.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(target, "is damaged: its format version is missing or invalid")
    if version > max_version:
        raise SaveError(
            target,
            f"was saved by a newer version of Parlour (save format {version}; "
            f"this version reads up to {max_version}); please upgrade",
        )
    seed = envelope.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise SaveError(target, "is damaged: its seed is missing or invalid")
    state = envelope.get("state")
    if not isinstance(state, dict):
        raise SaveError(target, "is damaged: it holds no game state")
    program_version = envelope.get("program_version")
    saved_at = envelope.get("saved_at")
    return SaveFile(
        path=str(target),
        game=found_game,
        format_version=version,
        program_version=program_version if isinstance(program_version, str) else "unknown",
        saved_at=saved_at if isinstance(saved_at, str) else "",
        seed=seed,
        state=state,
    )


def load_game(
    path: str | os.PathLike[str],
    game: str,
    max_version: int,
    parse: Callable[[SaveFile], T],
) -> T:
    """Load a save and turn its state into a game object with ``parse``.

    Any ``KeyError``, ``ValueError``, ``TypeError``, ``IndexError`` or
    ``AttributeError`` raised by ``parse`` (a game's ``from_dict``) means the
    content is damaged and becomes a :class:`SaveError`.
    """
    envelope = load_save(path, game, max_version)
    try:
        return parse(envelope)
    except SaveError:
        raise
    except (KeyError, ValueError, TypeError, IndexError, AttributeError, RecursionError) as exc:
        detail = str(exc) or type(exc).__name__
        if isinstance(exc, KeyError):
            detail = f"missing field {exc}"
        raise SaveError(path, f"is damaged: {detail}") from exc
