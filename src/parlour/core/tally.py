"""Statistics totals worked out from a ledger, and kept beside it so a long ledger is read once.

A game's statistics are a fold over its ledger: an empty total, one record added at
a time. :func:`summarise` reads the ledger with :class:`parlour.core.ledger.Scan`
(one game per id: its first final record, else its latest) and adds the settled
games as they come, then the games without a result. With 100,000 recorded games a
ledger is hundreds of megabytes, too much to parse at every start, so the totals of
the settled games are kept in a file beside the ledger (``games.totals.json`` beside
``games.jsonl``), with what the rule needs to go on (the settled ids, the open
games' lines) and where they stop: the next reading starts there and parses only
the lines appended since.

The kept file is only a shortcut. It is used when it belongs to this ledger (the
same file, at least as long, the same bytes just before where it stops), to this
fold (its ``tag``: change it whenever the records or the totals change meaning)
and is whole (a checksum over its body); anything else, and it is not there, means
reading the whole ledger again. It is written only after a long read, atomically,
never through a link; failing to write it changes nothing but the next start's
speed. The totals with or without it are the same (a property test checks it).
"""

from __future__ import annotations

import binascii
import errno
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from parlour import TYPE_CHECKING
from parlour.core import ledger, strictjson, text
from parlour.core.gameid import GAME_ID_CHARS, GAME_ID_LENGTH
from parlour.core.i18n import _, number, percent

if TYPE_CHECKING:
    from typing import Any, Protocol, TextIO, TypeVar

    T = TypeVar("T")
    A = TypeVar("A")

    class Fold(Protocol[T, A]):
        """A game's statistics as a fold over its ledger records."""

        tag: str
        """Names the record and totals layout; the kept totals of another tag are not used."""

        def parse(self, raw: dict[str, Any]) -> T: ...
        def game_id(self, record: T) -> str | None: ...
        def is_final(self, record: T) -> bool: ...
        def empty(self) -> A: ...
        def add(self, totals: A, record: T) -> None: ...
        def dump(self, totals: A) -> Any: ...
        def load(self, data: Any) -> A: ...

        # Optional: ``quick(body) -> T``, a record from the summary a line carries
        # (``parlour.core.ledgerline``), raising to have the line read whole instead.


KEPT_VERSION = 1
KEEP_AFTER_BYTES = 256 * 1024
"""The totals are written beside the ledger after a read of at least this many new bytes."""
CHECKPOINT_BYTES = 256 * 1024 * 1024
"""A long reading keeps its totals after each this many bytes too, so one stopped half way
(Ctrl-C, a closed terminal) goes on from there the next time instead of starting again."""
CHECK_BYTES = 4096
"""The ledger bytes just before where the kept totals stop, checked to be unchanged."""
MAX_KEPT_BYTES = 256 * 1024 * 1024
_HEX_DIGITS = "".join(sorted(GAME_ID_CHARS)).encode("ascii")


class Tally:
    """The totals of every game in a ledger (a fold's ``A``), and what was passed over."""

    __slots__ = ("totals", "games", "damaged", "replays", "problem")

    def __init__(self, totals: Any, games: int = 0, damaged: int = 0, replays: int = 0) -> None:
        self.totals = totals
        self.games = games
        """Games counted (one per game id)."""
        self.damaged = damaged
        self.replays = replays
        self.problem: str | None = None
        """Why the ledger could not be read at all (None when it could)."""

    def message(self, what: str = "statistics") -> str | None:
        """A line for the player about what was skipped, or None (as ``Reading.message``)."""
        reading = ledger.Reading(damaged=self.damaged, problem=self.problem)
        return reading.message(what)


def summarise_shown(path: Path, fold: Fold[T, A], what: str = "statistics") -> Tally:
    """:func:`summarise`, saying on the terminal how far it has come once it takes a
    second (:class:`TerminalProgress`; the line is erased at the end)."""
    progress = TerminalProgress(what)
    try:
        return summarise(path, fold, progress=progress)
    finally:
        progress.close()


def kept_path(path: Path) -> Path:
    """Where the totals of the ledger ``path`` are kept (``games.totals.json``)."""
    return path.with_name(f"{path.stem}.totals.json")


Progress = Callable[[int, int], None]
"""Told ``(bytes read, bytes to read)`` now and then while a ledger is read."""
PROGRESS_EVERY = 1 << 20
"""A reading tells its progress after each this many bytes."""


class TerminalProgress:
    """Says on the terminal how far a long reading has come, once it has taken a second.

    ``Reading the statistics: 45% (860 of 1,900 MB)`` on one line of standard error
    when that is a terminal (nothing otherwise), rewritten at most five times a
    second, and erased by :meth:`close`. :attr:`shown` says whether anything was
    written (a full-screen program then repaints its screen).
    """

    DELAY = 1.0
    EVERY = 0.2

    def __init__(
        self,
        what: str = "statistics",
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.what = what
        self.stream = stream if stream is not None else _terminal_stream()
        self.clock = clock
        self.started = clock()
        self.next = self.started + self.DELAY
        self.shown = False

    def line(self, done: int, total: int) -> str:
        """The progress line for ``done`` of ``total`` bytes."""
        share = min(100 * done // total, 100) if total > 0 else 100
        mb = 1024 * 1024
        return _("Reading the {what}: {share} ({done} of {total} MB)").format(
            what=_(self.what),
            share=percent(share),
            done=number(done // mb, group=True),
            total=number(total // mb, group=True),
        )

    def __call__(self, done: int, total: int) -> None:
        if self.stream is None:
            return
        now = self.clock()
        if now < self.next:
            return
        self.next = now + self.EVERY
        self._write(f"\r{self.line(done, total)}\x1b[K")
        self.shown = True

    def close(self) -> None:
        """Erase the line, if one was written."""
        if self.shown:
            self._write("\r\x1b[K")

    def _write(self, text: str) -> None:
        assert self.stream is not None
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a terminal gone: the reading goes on silently
            self.stream = None


def _terminal_stream() -> TextIO | None:
    """Standard error when it is a terminal, else None."""
    try:
        return sys.stderr if sys.stderr is not None and sys.stderr.isatty() else None
    except (OSError, ValueError):
        return None


def summarise(
    path: Path, fold: Fold[T, A], keep: bool = True, progress: Progress | None = None
) -> Tally:
    """The totals of every game in the ledger ``path``; never raises for the file's sake.

    ``keep=False`` neither reads nor writes the kept totals (the whole ledger is read).
    ``progress`` is told ``(bytes read, bytes to read)`` after each
    :data:`PROGRESS_EVERY` bytes of the lines read.
    """
    tally = Tally(fold.empty())
    try:
        fd = ledger.open_ledger(path)
    except FileNotFoundError:
        if ledger.under_a_file(path):  # Windows says "not found" where POSIX says "not a folder"
            tally.problem = os.strerror(errno.ENOTDIR)
        return tally
    except ledger.NotAFile as exc:
        tally.problem = _("{file} {problem}").format(file=text.printable(str(path)), problem=exc)
        return tally
    except (OSError, ValueError) as exc:
        tally.problem = (
            exc.strerror or str(exc)
            if isinstance(exc, OSError)
            else _("the file name is not usable")
        )
        return tally
    try:
        scan = _scan(fold)
        info = os.fstat(fd)
        start = _resume(fd, info, kept_path(path), fold, scan, tally) if keep else 0
        offset = kept = start
        told = start + PROGRESS_EVERY
        to_read = info.st_size - start
        try:
            for end, line in ledger.lines(fd, start):
                if keep and offset - kept >= CHECKPOINT_BYTES:
                    # a long first reading stopped half way goes on from here next time
                    reading_at = os.lseek(fd, 0, os.SEEK_CUR)  # _keep reads the ledger too
                    _keep(kept_path(path), fd, info, offset, fold, scan, tally)
                    os.lseek(fd, reading_at, os.SEEK_SET)
                    kept = offset
                offset = end
                if progress is not None and end >= told:
                    told = end + PROGRESS_EVERY
                    progress(end - start, to_read)
                record = scan.feed(line)
                if record is not None:
                    fold.add(tally.totals, record)
                    tally.games += 1
        except OSError as exc:
            tally.problem = exc.strerror or str(exc)
            return tally
        if keep and offset - kept >= KEEP_AFTER_BYTES:
            _keep(kept_path(path), fd, info, offset, fold, scan, tally)
    finally:
        os.close(fd)
    for record in scan.open_records():
        fold.add(tally.totals, record)
        tally.games += 1
    tally.damaged = scan.damaged
    tally.replays = scan.replays
    return tally


def _scan(fold: Fold[T, A]) -> ledger.Scan:
    """A scan for ``fold``'s records; lines that carry their own summary are believed
    through the fold's ``quick`` when it has one (:mod:`parlour.core.ledgerline`)."""
    return ledger.Scan(fold.parse, fold.game_id, fold.is_final, getattr(fold, "quick", None))


def _check(fd: int, offset: int) -> int:
    """A checksum of the ledger's bytes just before ``offset``."""
    begin = max(offset - CHECK_BYTES, 0)
    os.lseek(fd, begin, os.SEEK_SET)
    return binascii.crc32(os.read(fd, offset - begin))


def _encoded(body: dict[str, Any]) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


_CHECK_HEAD = b'{"check":'
_BODY_HEAD = b',"body":'


def kept_bytes(body: dict[str, Any]) -> bytes:
    """The kept file for ``body``: ``{"check":CRC,"body":BODY}``, the checksum over BODY's
    own bytes, so a reading checks the bytes it is given without encoding them again."""
    encoded = _encoded(body)
    return b"%s%d%s%s}" % (_CHECK_HEAD, binascii.crc32(encoded), _BODY_HEAD, encoded)


def _checked_body(raw: bytes) -> Any:
    """The body of a kept file whose checksum matches its bytes; ``ValueError`` otherwise."""
    head, found, rest = raw.partition(_BODY_HEAD)
    check = head.removeprefix(_CHECK_HEAD)
    if not (found and head.startswith(_CHECK_HEAD) and check.isdigit() and rest.endswith(b"}")):
        raise ValueError("not a kept totals file")
    encoded = rest[:-1]
    if binascii.crc32(encoded) != int(check):
        raise ValueError("the kept totals do not match their checksum")
    return strictjson.loads(encoded)


def _resume(
    fd: int,
    info: os.stat_result,
    kept: Path,
    fold: Fold[T, A],
    scan: ledger.Scan,
    tally: Tally,
) -> int:
    """Load the kept totals into ``tally`` and ``scan`` if they fit; where to read on from."""
    try:
        kept_fd = ledger.open_ledger(kept)
    except (OSError, ValueError):
        return 0
    try:
        with os.fdopen(kept_fd, "rb") as handle:
            raw = handle.read(MAX_KEPT_BYTES + 1)
        body = _checked_body(raw)
        if not isinstance(body, dict):
            return 0
        offset = body["offset"]
        if (
            body["v"] != KEPT_VERSION
            or body["tag"] != fold.tag
            or body["ledger"] != [info.st_dev, info.st_ino]
            or not isinstance(offset, int)
            or not 0 <= offset <= info.st_size
            or body["tail"] != _check(fd, offset)
        ):
            return 0
        settled = body["settled"]
        if not isinstance(settled, str) or len(settled) % GAME_ID_LENGTH:
            return 0
        # Every id is GAME_ID_LENGTH hex digits: checked over the whole string at once.
        if not settled.isascii() or settled.encode("ascii").translate(None, _HEX_DIGITS):
            return 0
        ids = [settled[i : i + GAME_ID_LENGTH] for i in range(0, len(settled), GAME_ID_LENGTH)]
        fresh = _scan(fold)
        for line in body["open"]:
            if not isinstance(line, str) or fresh.feed(line.encode()) is not None:
                return 0
        if fresh.damaged or len(fresh.open) != len(body["open"]):
            return 0
        totals = fold.load(body["totals"])
        games, damaged, replays = body["games"], body["damaged"], body["replays"]
        if not all(isinstance(n, int) and n >= 0 for n in (games, damaged, replays)):
            return 0
    except Exception:  # a kept file of any shape is only a missed shortcut
        return 0
    scan.settled_ids = set(ids)
    scan.open = fresh.open
    scan.damaged, scan.replays = damaged, replays
    tally.totals, tally.games = totals, games
    return offset


def _keep(
    kept: Path,
    fd: int,
    info: os.stat_result,
    offset: int,
    fold: Fold[T, A],
    scan: ledger.Scan,
    tally: Tally,
) -> None:
    """Write the settled totals and the rule's state beside the ledger (best effort)."""
    from parlour.core import atomic

    try:
        body = {
            "v": KEPT_VERSION,
            "tag": fold.tag,
            "ledger": [info.st_dev, info.st_ino],
            "offset": offset,
            "tail": _check(fd, offset),
            "games": tally.games,
            "damaged": scan.damaged,
            "replays": scan.replays,
            "settled": "".join(sorted(scan.settled_ids)),
            "open": [line.decode("utf-8") for _, line in scan.open.values()],
            "totals": fold.dump(tally.totals),
        }
        data = kept_bytes(body)
        if os.path.islink(kept):  # never written through a link planted in the data folder
            return
        atomic.replace_file(kept, data)
    except Exception:  # a shortcut not kept is only a slower next start
        return
