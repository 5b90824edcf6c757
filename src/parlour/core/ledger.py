"""Statistics as a ledger: one complete JSON line per game, appended, merged on reading.

The rules every game's statistics follow (docs/foundation.md, "What we promise"):

* **Append, never rewrite.** :func:`append` adds one line with a single write to a
  file opened for appending, under an exclusive lock where the platform has one, and
  fsyncs it. Two copies of a game appending at once both land; nothing reads at
  start and overwrites at the end.
* **Exactly once.** Every record carries the game's ``game_id`` (made once when a
  game starts and kept in its saves). A later record of the same game (the game
  resumed from a save and finished, after it was first recorded as abandoned)
  replaces the earlier one instead of counting twice.
* **A result is settled once** (docs/foundation.md, "One game, one result"). The
  first *final* record of an id (a finished game, a win, a loss: what the game's
  ``is_final`` says) is that game's result for good. Records of the same id that
  come after it (an older save of the game played again) never replace it and
  are not counted; :func:`read` reports how many it passed over. Records before
  it that were not final (abandoned) are replaced by it.
* **Damage stays local.** :func:`read` decodes line by line: a line that is not
  UTF-8, not JSON, not an object or fails the game's own check is counted as
  damaged and skipped; the good lines stay visible. A last line without its
  newline is a record still being written by another copy: it is skipped without
  being called damaged. Reading never modifies the file.
* **Nothing overwritten to repair.** :func:`set_aside` moves a file that cannot be
  used at all to a backup name that no earlier backup has taken.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from parlour import TYPE_CHECKING
from parlour.core import files, strictjson, text
from parlour.core.gameid import GAME_ID_CHARS as GAME_ID_CHARS
from parlour.core.gameid import GAME_ID_LENGTH as GAME_ID_LENGTH
from parlour.core.gameid import is_game_id as is_game_id
from parlour.core.gameid import new_game_id as new_game_id
from parlour.core.record import Record

if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")

MAX_LINE_BYTES = 4 * 1024 * 1024
"""A line longer than this is damaged (a real game's record is far shorter)."""
MAX_LEDGER_BYTES = 512 * 1024 * 1024


class LedgerError(Exception):
    """The ledger could not be written; ``str()`` is a message for the player."""


@contextlib.contextmanager
def _locked(fd: int) -> Iterator[None]:
    """An exclusive lock on an open file where the platform has one (else none)."""
    if sys.platform == "win32":  # pragma: no cover - exercised only on Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
        except OSError:
            yield
            return
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    try:
        import fcntl
    except ImportError:  # pragma: no cover - a platform with neither
        yield
        return
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def encode(record: Mapping[str, Any]) -> bytes:
    """One ledger line for ``record`` (compact JSON, no NaN or infinity, a newline)."""
    return (json.dumps(dict(record), separators=(",", ":"), allow_nan=False) + "\n").encode()


def append(path: Path, record: Mapping[str, Any]) -> None:
    """Append ``record`` as one line; ``LedgerError`` (with a player's message) on failure."""
    try:
        data = encode(record)
    except (TypeError, ValueError) as exc:
        raise LedgerError(
            f"statistics not recorded: the record could not be encoded ({exc})"
        ) from exc
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0)
        # Non-blocking: a FIFO in the file's place must not hang the game (regular files
        # ignore the flag).
        fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0), 0o666)
    except OSError as exc:
        raise LedgerError(f"statistics not recorded: {exc.strerror or exc}") from exc
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise LedgerError("statistics not recorded: the statistics file is not a regular file")
    try:
        with _locked(fd):
            # A line left without its newline by a copy killed mid-write would glue
            # this record onto it: start on a fresh line if the file does not end in one.
            size = os.fstat(fd).st_size
            if size:
                with open(path, "rb") as reader:
                    reader.seek(size - 1)
                    if reader.read(1) != b"\n":
                        data = b"\n" + data
            written = os.write(fd, data)
            while written < len(data):
                written += os.write(fd, data[written:])
            os.fsync(fd)
    except OSError as exc:
        raise LedgerError(f"statistics not recorded: {exc.strerror or exc}") from exc
    finally:
        os.close(fd)


class Reading(Record):
    """What :func:`read` found: the good records (one per game), and what it skipped."""

    records: list[Any]
    damaged: int
    problem: str | None
    """Why the file could not be read at all (None when it could)."""
    replays: int
    """Records passed over because their game's result was already settled."""

    __slots__ = ("records", "damaged", "problem", "replays")

    def __init__(
        self,
        records: list[Any] | None = None,
        damaged: int = 0,
        problem: str | None = None,
        replays: int = 0,
    ) -> None:
        self.records = [] if records is None else records
        self.damaged = damaged
        self.problem = problem
        self.replays = replays

    def message(self, what: str = "statistics") -> str | None:
        """A line for the player about what was skipped, or None when nothing was."""
        if self.problem:
            return f"The {what} could not be read: {self.problem}"
        if self.damaged:
            lines = "line" if self.damaged == 1 else "lines"
            return f"{self.damaged} damaged {lines} in the {what} skipped; the rest is shown"
        return None


def _never_final(record: object) -> bool:
    return False


def _under_a_file(path: Path) -> bool:
    """Whether the nearest existing folder above ``path`` is not a folder (a file in the way)."""
    for parent in path.parents:
        try:
            if os.path.lexists(parent):
                return not parent.is_dir()
        except (OSError, ValueError):
            return False
    return False


def read(
    path: Path,
    parse: Callable[[dict[str, Any]], T],
    game_id_of: Callable[[T], str | None] = lambda record: None,
    is_final: Callable[[T], bool] = _never_final,
) -> Reading:
    """Every good record of ``path``, parsed by ``parse``, one per game id.

    ``parse`` turns one decoded JSON object into a record or raises (any exception
    marks that line damaged). Records whose ``game_id_of`` is None are all kept.
    Of one game id, the first record for which ``is_final`` is true is kept for
    good (the records after it are counted in ``replays`` and dropped); before
    that, the last record is kept. Order is the order of the file, each game at
    the place of the line kept.
    """
    reading = Reading()
    try:
        raw = files.read_regular(path, MAX_LEDGER_BYTES)
    except FileNotFoundError:
        if _under_a_file(path):  # Windows says "not found" where POSIX says "not a folder"
            reading.problem = os.strerror(errno.ENOTDIR)
        return reading
    except files.NotRegular as exc:
        reading.problem = f"{text.printable(str(path))} {exc}"
        return reading
    except files.TooLarge:
        reading.problem = "the file is far too large"
        return reading
    except OSError as exc:
        reading.problem = exc.strerror or str(exc)
        return reading
    except ValueError:
        reading.problem = "the file name is not usable"
        return reading
    lines = raw.split(b"\n")
    # The text after the last newline is a record still being written (or nothing).
    complete = lines[:-1]
    by_id: dict[str, int] = {}
    settled: set[str] = set()
    kept: list[T | None] = []
    for line in complete:
        if not line.strip():
            continue
        record = _parse_line(line, parse)
        if record is None:
            reading.damaged += 1
            continue
        game_id = game_id_of(record)
        if game_id is not None:
            if game_id in settled:
                reading.replays += 1
                continue
            if game_id in by_id:
                kept[by_id[game_id]] = None
            by_id[game_id] = len(kept)
            if is_final(record):
                settled.add(game_id)
        kept.append(record)
    reading.records = [record for record in kept if record is not None]
    return reading


CHUNK_BYTES = 1 << 20
"""How much of the ledger :func:`settled_record` holds in memory at a time."""


def settled_record(
    path: Path,
    game_id: str,
    parse: Callable[[dict[str, Any]], T],
    is_final: Callable[[T], bool],
) -> T | None:
    """The first good final record of ``game_id`` in ``path`` (its settled result), or None.

    Only lines that hold the id are decoded, a chunk at a time, so a long ledger
    costs a byte search, not a parse. A file that cannot be read, damaged lines and
    a half-written last line count as no record.
    """
    if not is_game_id(game_id):
        return None
    needle = game_id.encode("ascii")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError):
        return None
    with os.fdopen(fd, "rb") as handle:
        try:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
        except OSError:
            return None
        carry = b""
        while True:
            try:
                chunk = handle.read(CHUNK_BYTES)
            except OSError:
                return None
            if not chunk:
                return None  # what is left in ``carry`` has no newline: still being written
            block = carry + chunk
            end = block.rfind(b"\n") + 1
            carry, block = block[end:], block[:end]
            start = block.find(needle)
            while start >= 0:
                first = block.rfind(b"\n", 0, start) + 1
                last = block.index(b"\n", start)
                record = _parse_line(block[first:last], parse)
                if record is not None and is_final(record):
                    return record
                start = block.find(needle, last)
            if len(carry) > MAX_LINE_BYTES:
                carry = b"\x00"  # a line this long is damaged, whatever follows: drop it


def _parse_line(line: bytes, parse: Callable[[dict[str, Any]], T]) -> T | None:
    """One ledger line as a record, or None when it is damaged."""
    try:
        if len(line) > MAX_LINE_BYTES:
            raise ValueError("line too long")
        value = strictjson.loads(line)
        if not isinstance(value, dict):
            raise ValueError("not an object")
        return parse(value)
    except Exception:  # any failure of one line is that line's damage, never the file's
        return None


def set_aside(path: Path) -> Path | None:
    """Rename ``path`` to a backup name no earlier backup has; the new path (None on failure)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for _ in range(100):
        target = path.with_name(f"{path.name}.damaged-{stamp}-{os.urandom(3).hex()}")
        try:
            # Link then unlink: never replaces an existing backup (rename would).
            os.link(path, target)
        except FileExistsError:
            continue
        except OSError:
            # No hard links here (some Windows file systems): rename to the unused name.
            if os.path.lexists(target):
                continue
            try:
                os.rename(path, target)
            except OSError:
                return None
            return target
        with contextlib.suppress(OSError):
            os.unlink(path)
        return target
    return None
