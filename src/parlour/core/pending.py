"""Statistics records that could not be written: kept, and written the next time.

A game's record goes to its ledger with :func:`record`. When the ledger cannot
take it (a full disk, a read-only or missing data folder, a link in the way), the
record is not lost: it is appended to the first *pending* file that takes it,
beside the ledger (``games.pending.jsonl``) or, when the data folder itself is
the trouble, in the home folder (``~/.parlour-pending/<game>-<checksum of the
ledger's path>.jsonl``), and the player is told where. The next :func:`record`,
and :func:`flush` (each game calls it as it starts and before it shows its
statistics), moves the kept records into the ledger, oldest first, and removes
the pending file.

Writing a kept record twice (two copies flushing at once, a crash between the
append and the removal) changes nothing: the ledger counts one record per game
(:mod:`parlour.core.ledger`). This module imports the ledger only when there is
something to write, so a game's start costs two ``stat`` calls.
"""

from __future__ import annotations

import binascii
import contextlib
import os
import sys
from pathlib import Path

from parlour import TYPE_CHECKING
from parlour.core.i18n import _

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

PENDING_FOLDER = ".parlour-pending"
"""The folder in the home folder that keeps records when the data folder cannot."""
MAX_PENDING_BYTES = 64 * 1024 * 1024


class Written:
    """What became of a record: written to the ledger, kept to be written later, or lost."""

    __slots__ = ("kept", "reason", "flushed")

    def __init__(self, kept: Path | None = None, reason: str | None = None) -> None:
        self.kept = kept
        """The pending file holding the record, when it could not go to the ledger."""
        self.reason = reason
        """Why the ledger did not take it (None when it did)."""
        self.flushed = 0
        """Records kept from before that went to the ledger on the way."""

    @property
    def recorded(self) -> bool:
        """Whether the record is in the ledger now."""
        return self.reason is None

    def message(self, columns: int) -> str | None:
        """One line for the player, at most ``columns`` wide; None when it was recorded."""
        from parlour.core.text import ASCII_ELLIPSIS, printable, shorten_middle, width

        if self.reason is None:
            return None
        reason = printable(self.reason)
        if self.kept is None:
            forms = [
                _("Statistics not recorded: {reason}; they could not be kept either.").format(
                    reason=reason
                ),
                _("Statistics not recorded; they could not be kept either."),
            ]
        else:
            pattern = _(
                "Statistics not recorded yet ({reason}); kept in {file}, written next time."
            )
            room = columns - width(pattern.format(reason=reason, file=""))
            shown = printable(str(self.kept))
            forms = []
            if room >= 12:
                short = shorten_middle(shown, room, ASCII_ELLIPSIS)
                forms.append(pattern.format(reason=reason, file=short))
            forms.append(
                _("Statistics not recorded yet ({reason}); kept for next time.").format(
                    reason=reason
                )
            )
            forms.append(_("Statistics not recorded yet; kept for next time."))
        for form in forms:
            if width(form) <= columns:
                return form
        return shorten_middle(forms[-1], columns, ASCII_ELLIPSIS)

    def lines(self, columns: int) -> list[str]:
        """Why and where, whole, each line at most ``columns`` wide; [] when it was recorded.

        One line when it fits (:meth:`message`'s first form, the kept file's name
        whole); else the reason, wrapped between words, then the kept file's name
        on a line of its own (shortened in the middle only when no line holds it).
        """
        from parlour.core.text import ASCII_ELLIPSIS, printable, shorten_middle, width, wrap_lines

        if self.reason is None:
            return []
        reason = printable(self.reason)
        if self.kept is None:
            whole = _("Statistics not recorded: {reason}; they could not be kept either.")
            return wrap_lines(whole.format(reason=reason), columns)
        shown = printable(str(self.kept))
        whole = _("Statistics not recorded yet ({reason}); kept in {file}, written next time.")
        whole = whole.format(reason=reason, file=shown)
        if width(whole) <= columns:
            return [whole]
        lead = _("Statistics not recorded yet ({reason}); kept for next time in:")
        wrapped = wrap_lines(lead.format(reason=reason), columns)
        return [*wrapped, shorten_middle(shown, columns, ASCII_ELLIPSIS)]


def places(ledger_path: Path) -> list[Path]:
    """The pending files of ``ledger_path``, in the order they are tried."""
    beside = ledger_path.with_name(f"{ledger_path.stem}.pending.jsonl")
    found = [beside]
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):
        return found
    which = binascii.crc32(os.path.abspath(ledger_path).encode("utf-8", "surrogateescape"))
    found.append(home / PENDING_FOLDER / f"{ledger_path.parent.name}-{which:08x}.jsonl")
    return found


def waiting(ledger_path: Path) -> bool:
    """Whether records are kept for ``ledger_path`` (two ``stat`` calls, nothing imported)."""
    return any(os.path.lexists(place) for place in places(ledger_path))


def flush(ledger_path: Path) -> int:
    """Move the kept records of ``ledger_path`` into it; how many went. Never raises.

    A pending file is read and emptied under its lock; one that cannot be moved
    (the ledger still cannot take it) stays as it is for the next time.
    """
    if not waiting(ledger_path):
        return 0
    moved = 0
    for place in places(ledger_path):
        with contextlib.suppress(Exception):
            moved += _flush_one(place, ledger_path)
    return moved


def _flush_one(place: Path, ledger_path: Path) -> int:
    from parlour.core import ledger, strictjson

    try:
        fd = ledger.open_for_update(place)
    except FileNotFoundError:
        return 0
    try:
        with ledger.locked(fd):
            if os.fstat(fd).st_nlink == 0:  # emptied and removed by another copy meanwhile
                return 0
            os.lseek(fd, 0, os.SEEK_SET)
            raw = os.read(fd, MAX_PENDING_BYTES)
            good = []
            for line in raw.split(b"\n")[:-1]:  # the text after the last newline is half
                try:
                    # a line led by its own summary (core.ledgerline): its record after the tab
                    if isinstance(strictjson.loads(line.rpartition(b"\t")[2]), dict):
                        good.append(line + b"\n")
                except ValueError:
                    continue
            if good:
                ledger.append_lines(ledger_path, b"".join(good))
            os.ftruncate(fd, 0)
            if sys.platform != "win32":  # an open file cannot be removed there
                os.unlink(place)
    finally:
        os.close(fd)
    if sys.platform == "win32":  # pragma: no cover - exercised only on Windows
        with contextlib.suppress(OSError):
            if os.path.getsize(place) == 0:
                os.unlink(place)
    return len(good)


def record(
    ledger_path: Path, entry: Mapping[str, Any] | bytes, problem: str | None = None
) -> Written:
    """Append ``entry`` to the ledger, the kept records first; keep it if that fails.

    ``entry`` is a record, or its line already made (ending in a newline: a line led by
    its own summary, :func:`parlour.core.ledgerline.with_summary`).

    ``problem`` says why the data folder cannot be used when the caller already
    knows (nothing in it is then tried: the record is kept in the home folder).
    Never raises.
    """
    from parlour.core import ledger

    try:
        data = entry if isinstance(entry, bytes) else ledger.encode(entry)
    except (TypeError, ValueError) as exc:
        return Written(reason=_("the record could not be encoded ({error})").format(error=exc))
    written = Written(reason=problem)
    if problem is None:
        written.flushed = flush(ledger_path)
        try:
            ledger.append_lines(ledger_path, data)
            return written
        except ledger.LedgerError as exc:
            written.reason = exc.reason
    # A data folder known to be unusable is not tried for the pending file either.
    for place in places(ledger_path)[0 if problem is None else 1 :]:
        try:
            ledger.append_lines(place, data)
        except ledger.LedgerError:
            continue
        written.kept = place
        return written
    return written
