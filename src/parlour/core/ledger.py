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
* **Read a chunk at a time.** :func:`lines` streams the complete lines, so a
  ledger of any length is read in little memory; :class:`Scan` applies the rule
  above to them (:mod:`parlour.core.tally` uses it to keep totals beside the file).
* **Links are not followed.** A statistics file that is a symbolic link is
  neither read nor written (a link planted in the data folder must not make the
  game write elsewhere); a record that only partly fits (a full disk) is cut back
  off, never left as a fragment.
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
import os
import stat
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from parlour import TYPE_CHECKING
from parlour.core import text
from parlour.core.files import set_aside as set_aside
from parlour.core.files import under_a_file as under_a_file
from parlour.core.gameid import GAME_ID_CHARS as GAME_ID_CHARS
from parlour.core.gameid import GAME_ID_LENGTH as GAME_ID_LENGTH
from parlour.core.gameid import is_game_id as is_game_id
from parlour.core.gameid import new_game_id as new_game_id
from parlour.core.i18n import N_, _, ngettext, number
from parlour.core.ledgerline import MAX_LINE_BYTES as MAX_LINE_BYTES
from parlour.core.ledgerline import encode as encode
from parlour.core.ledgerline import parse_line
from parlour.core.record import Record, field

STATISTICS = N_("statistics")  # what a ledger holds, as its messages name it

if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")


class LedgerError(Exception):
    """The ledger could not be written; ``str()`` is a message for the player, ``reason`` why."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = (
            message.removeprefix("statistics not recorded: ") if reason is None else reason
        )


def not_recorded(reason: str) -> LedgerError:
    """The error saying the statistics were not recorded, and why, in the player's words."""
    return LedgerError(_("statistics not recorded: {reason}").format(reason=reason), reason)


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


LINK_REFUSED = N_("is a link; links in the data folder are not followed")
"""Why a statistics file that is a symbolic link is neither read nor written."""


def _open(path: Path, flags: int, mode: int = 0o666) -> int:
    """Open ``path`` without following a link and without blocking on a FIFO; the fd.

    ``OSError`` when it cannot be opened, ``NotAFile`` when what is there is a link
    or not a regular file (a folder, a FIFO, a device).
    """
    flags |= getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    if not nofollow and os.path.islink(path):  # Windows: no O_NOFOLLOW, look first
        raise NotAFile(_(LINK_REFUSED))
    if os.path.isdir(path) and not os.path.islink(path):  # Windows cannot open a folder
        raise NotAFile(_("is a folder"))
    try:
        fd = os.open(path, flags | nofollow, mode)
    except OSError as exc:
        # ELOOP from O_NOFOLLOW: the last part of the name is a link.
        if nofollow and os.path.islink(path):
            raise NotAFile(_(LINK_REFUSED)) from exc
        raise
    try:
        info = os.fstat(fd)
    except OSError:
        os.close(fd)
        raise
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise NotAFile(
            _("is a folder") if stat.S_ISDIR(info.st_mode) else _("is not a regular file")
        )
    return fd


def open_ledger(path: Path) -> int:
    """A statistics file opened for reading (never through a link, never blocking): the fd.

    ``OSError`` (``FileNotFoundError`` when there is none), ``NotAFile`` for a link, a
    folder or anything but a regular file, ``ValueError`` for a name the system refuses.
    """
    return _open(path, os.O_RDONLY)


def open_for_update(path: Path) -> int:
    """An existing statistics file opened to read and write (never through a link): the fd."""
    return _open(path, os.O_RDWR)


locked = _locked
"""The exclusive lock :func:`append_lines` takes, for a caller that rewrites a file."""


def _byte_at(fd: int, offset: int) -> bytes:
    """The byte at ``offset`` (``os.pread`` is not on Windows; writes append anyway)."""
    os.lseek(fd, offset, os.SEEK_SET)
    return os.read(fd, 1)


class NotAFile(OSError):
    """A statistics file that is a link, a folder or anything but a regular file."""


def append(path: Path, record: Mapping[str, Any]) -> None:
    """Append ``record`` as one line; ``LedgerError`` (with a player's message) on failure."""
    try:
        data = encode(record)
    except (TypeError, ValueError) as exc:
        reason = _("the record could not be encoded ({error})").format(error=exc)
        raise not_recorded(reason) from exc
    append_lines(path, data)


def append_lines(path: Path, data: bytes) -> None:
    """Append complete lines (``data`` ends in a newline) in one locked write, all or none.

    A write that only partly fits (a full disk) is undone: the file is cut back to
    where it was, so no fragment is left to read as a damaged line. ``LedgerError``
    with the player's message on any failure.
    """
    for _attempt in range(3):
        if _append_once(path, data):
            return
    raise not_recorded(_("the file kept being removed"))


def _append_once(path: Path, data: bytes) -> bool:
    """One try of :func:`append_lines`; False when the file was removed before the lock."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = _open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
    except NotAFile as exc:
        reason = _("{file} {problem}").format(file=path.name, problem=exc)
        raise not_recorded(reason) from exc
    except OSError as exc:
        raise not_recorded(str(exc.strerror or exc)) from exc
    try:
        with _locked(fd):
            info = os.fstat(fd)
            if info.st_nlink == 0:  # emptied and removed by another copy: open it afresh
                return False
            size = info.st_size
            try:
                # A line left without its newline by a copy killed mid-write would glue
                # this record onto it: start on a fresh line if the file does not end in one.
                if size and _byte_at(fd, size - 1) != b"\n":
                    data = b"\n" + data
                written = os.write(fd, data)
                while written < len(data):
                    written += os.write(fd, data[written:])
                os.fsync(fd)
            except OSError:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, size)
                raise
        return True
    except OSError as exc:
        raise not_recorded(str(exc.strerror or exc)) from exc
    finally:
        os.close(fd)


class Reading(Record):
    """What :func:`read` found: the good records (one per game), and what it skipped."""

    records: list[Any] = field(default_factory=list)
    damaged: int = 0
    problem: str | None = None
    """Why the file could not be read at all (None when it could)."""
    replays: int = 0
    """Records passed over because their game's result was already settled."""

    def message(self, what: str = STATISTICS) -> str | None:
        """A line for the player about what was skipped, or None when nothing was (``what``
        an English word marked for the catalogs, translated here)."""
        if self.problem:
            line = _("The {what} could not be read: {problem}")
            return line.format(what=_(what), problem=self.problem)
        if self.damaged:
            return ngettext(
                "{n} damaged line in the {what} skipped; the rest is shown",
                "{n} damaged lines in the {what} skipped; the rest is shown",
                self.damaged,
            ).format(n=number(self.damaged), what=_(what))
        return None


CHUNK_BYTES = 1 << 20
"""How much of a ledger is held in memory at a time while it is read."""


def lines(fd: int, start: int = 0, holding: bytes = b"") -> Iterator[tuple[int, bytes]]:
    """The complete lines of the open file from byte ``start``: (offset after it, line).

    Read a chunk at a time, so memory stays small however long the ledger. A line
    longer than :data:`MAX_LINE_BYTES` comes as ``b"\\x00"`` (damaged) without being
    held whole; the text after the last newline (a record still being written) is
    not given. With ``holding``, only the lines that hold those bytes are given, and a
    chunk without them is passed over by one byte search, unsplit.
    """
    os.lseek(fd, start, os.SEEK_SET)
    offset = start
    carry = b""
    runaway = False
    while True:
        chunk = os.read(fd, CHUNK_BYTES)
        if not chunk:
            return
        block = carry + chunk
        begin = 0
        if holding and holding not in block:
            begin = block.rfind(b"\n") + 1
            if begin:
                offset += begin
                runaway = False
        while True:
            end = block.find(b"\n", begin)
            if end < 0:
                break
            offset += end + 1 - begin
            if not holding or holding in block[begin:end]:
                yield offset, (b"\x00" if runaway else block[begin:end])
            runaway = False
            begin = end + 1
        carry = block[begin:]
        if len(carry) > MAX_LINE_BYTES:
            offset += len(carry)
            carry = b""
            runaway = True


def _never_final(record: object) -> bool:
    return False


class Scan:
    """One game per id: the first final record stands, else the latest (the ledger's rule).

    Fed line by line (a line's own summary believed through ``quick`` when given:
    :func:`parlour.core.ledgerline.parse_line`); ``settled`` holds the final records
    (and those without an id) in the order of their lines, ``open`` the latest record
    of each game with no result yet, in the order of those lines.
    """

    def __init__(
        self,
        parse: Callable[[dict[str, Any]], T],
        game_id_of: Callable[[T], str | None],
        is_final: Callable[[T], bool],
        quick: Callable[[Any], T] | None = None,
    ) -> None:
        self.parse = parse
        self.quick = quick
        self.game_id_of = game_id_of
        self.is_final = is_final
        self.settled_ids: set[str] = set()
        self.open: dict[str, tuple[Any, bytes]] = {}
        """Game id -> (record, its line) of games without a result yet."""
        self.damaged = 0
        self.replays = 0

    def feed(self, line: bytes) -> Any | None:
        """Take one line; the record if it is newly settled (to be counted now), else None."""
        if not line.strip():
            return None
        record = parse_line(line, self.parse, self.quick)
        if record is None:
            self.damaged += 1
            return None
        game_id = self.game_id_of(record)
        if game_id is None:
            return record
        if game_id in self.settled_ids:
            self.replays += 1
            return None
        self.open.pop(game_id, None)
        if self.is_final(record):
            self.settled_ids.add(game_id)
            return record
        self.open[game_id] = (record, line)
        return None

    def open_records(self) -> list[Any]:
        """The games without a result, in the order of their latest lines."""
        return [record for record, _ in self.open.values()]


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
    that, the last record is kept. Order: the settled games (final records, and
    those without an id) in the order of their lines, then the games without a
    result in the order of their latest lines. The file is read a chunk at a time.
    """
    reading = Reading()
    scan = Scan(parse, game_id_of, is_final)
    try:
        fd = open_ledger(path)
    except FileNotFoundError:
        if under_a_file(path):  # Windows says "not found" where POSIX says "not a folder"
            reading.problem = os.strerror(errno.ENOTDIR)
        return reading
    except NotAFile as exc:
        reading.problem = _("{file} {problem}").format(file=text.printable(str(path)), problem=exc)
        return reading
    except OSError as exc:
        reading.problem = exc.strerror or str(exc)
        return reading
    except ValueError:
        reading.problem = _("the file name is not usable")
        return reading
    try:
        for _end, line in lines(fd):
            record = scan.feed(line)
            if record is not None:
                reading.records.append(record)
    except OSError as exc:
        reading.problem = exc.strerror or str(exc)
    finally:
        os.close(fd)
    reading.records += scan.open_records()
    reading.damaged = scan.damaged
    reading.replays = scan.replays
    return reading


def settled_record(
    path: Path,
    game_id: str,
    parse: Callable[[dict[str, Any]], T],
    is_final: Callable[[T], bool],
) -> T | None:
    """The first good final record of ``game_id`` in ``path`` (its settled result), or None.

    Only lines that hold the id are decoded, so a long ledger costs a byte search,
    not a parse. A file that cannot be read, damaged lines and a half-written last
    line count as no record.
    """
    if not is_game_id(game_id):
        return None
    needle = game_id.encode("ascii")
    try:
        fd = open_ledger(path)
    except (OSError, ValueError):
        return None
    try:
        for _end, line in lines(fd, holding=needle):
            record = parse_line(line, parse)
            if record is not None and is_final(record):
                return record
    except OSError:
        return None
    finally:
        os.close(fd)
    return None
