"""The keeper of a game's statistics: each game recorded once, kept when it cannot be written.

The records kit is four modules of ``core``: :mod:`parlour.core.ledger` (one line per
game, read one game per id), :mod:`parlour.core.ledgerline` (a line and its checked
summary), :mod:`parlour.core.tally` (the totals as a fold, kept beside the ledger) and
this one. A game declares its part in its ``files/statsfile.py``: a :class:`Keeper` that
names its folder and its fold (``StatsFold``, which reads its ``GameRecord``), and its
report (``stats_report``). To *settle* a game is to record its result once
(:meth:`Keeper.settle`): a game whose result the ledger, or a record kept for it, already
holds is a replay and records nothing (docs/foundation.md, "One game, one result").

**Kept records.** A game's record goes to its ledger with :func:`record`. When the ledger
cannot take it (a full disk, a read-only or missing data folder, a link in the way), the
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
something to write or read, so a game's start costs two ``stat`` calls.
"""

from __future__ import annotations

import binascii
import contextlib
import os
import sys
from pathlib import Path

from parlour import TYPE_CHECKING
from parlour.core import paths
from parlour.core.i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    from parlour.core.ledger import Reading
    from parlour.core.tally import Fold, Progress, Tally

PENDING_FOLDER = ".parlour-pending"
"""The folder in the home folder that keeps records when the data folder cannot."""
MAX_PENDING_BYTES = 64 * 1024 * 1024
OPEN_FILES_REMOVABLE = sys.platform != "win32"
"""Whether a file can be removed while it is open (not on Windows: there an emptied kept file
is removed once it is closed)."""


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
            if OPEN_FILES_REMOVABLE:
                os.unlink(place)
    finally:
        os.close(fd)
    if not OPEN_FILES_REMOVABLE:
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


LEDGER_NAME = "games.jsonl"
"""A game's ledger, in its own folder of the data folder."""
NOT_RECORDED = "Statistics not recorded yet (); kept for next time."
"""The shortest message that still gives a reason (:meth:`Written.message`)."""


class Keeper:
    """One game's statistics: its ledger in the data folder, its fold, each game settled once.

    ``game`` names the game's folder in the data folder (its ledger is
    ``DATA/<game>/games.jsonl``); ``fold`` gives the game's ``StatsFold`` (imported when
    first asked for, so that a game's start imports none of its statistics).
    """

    __slots__ = ("game", "_fold")

    def __init__(self, game: str, fold: Callable[[], Fold[Any, Any]]) -> None:
        self.game = game
        self._fold = fold

    @property
    def fold(self) -> Fold[Any, Any]:
        """The game's fold: how a record is read, whether it is a result, the totals."""
        return self._fold()

    def ledger_path(self) -> Path:
        """Where the games are recorded (nothing is created; ``OSError`` when no folder can
        be named)."""
        try:
            return paths.data_dir(create=False) / self.game / LEDGER_NAME
        except (RuntimeError, KeyError) as exc:  # no home folder to be found
            raise OSError(_("no data folder: {reason}").format(reason=exc)) from exc

    def folder_problem(self, columns: int | None = None) -> str | None:
        """Why the data folder cannot take a record, in a few words (``data folder:
        read-only disk``, so a line has room for it); None when it can (it is created).

        With ``columns``, the few words alone when the message a kept record gives
        (:meth:`Written.message`) would have no room for ``data folder:`` too.
        """
        try:
            paths.data_dir(create=True)
        except paths.DataDirError as exc:
            brief = exc.brief
        except OSError as exc:
            brief = exc.strerror or str(exc)
        except (RuntimeError, KeyError, ValueError) as exc:  # no home folder, a name refused
            brief = str(exc)
        else:
            return None
        if columns is None:
            return _("data folder: {reason}").format(reason=brief)
        from parlour.core.text import printable, width

        brief = printable(brief)
        said = _("data folder: {reason}").format(reason=brief)
        return said if width(NOT_RECORDED) + width(said) <= columns else brief

    def flush(self) -> int:
        """Write the records kept from earlier games into the ledger; how many went.

        Cheap when there are none (two ``stat`` calls); never raises.
        """
        try:
            path = self.ledger_path()
        except OSError:
            return 0
        return flush(path)

    def read(self) -> Reading:
        """Every game in the ledger, one record each (its result once it has one, else its
        last record); damaged lines counted and skipped, replays passed over. ``OSError``
        when no folder can be named."""
        from parlour.core import ledger

        fold = self.fold
        return ledger.read(self.ledger_path(), fold.parse, fold.game_id, fold.is_final)

    def settled_result(self, game_id: str | None) -> Any | None:
        """The recorded result of the game ``game_id``: its first final record, in the
        ledger or in a record kept to be written there; None when it has none (or none can
        be read: the replay is then passed over when the statistics are read)."""
        if game_id is None:
            return None
        try:
            path = self.ledger_path()
        except (OSError, ValueError):
            return None
        from parlour.core import ledger

        fold = self.fold
        for place in (path, *places(path)):
            found = ledger.settled_record(place, game_id, fold.parse, fold.is_final)
            if found is not None:
                return found
        return None

    def record(self, entry: Mapping[str, Any] | bytes, columns: int | None = None) -> Written:
        """Append ``entry`` (a record, or its line made) to the ledger, or keep it to be
        written next time (:func:`record`); what became of it. Never raises.

        A data folder that cannot be used is named in the reason (its words fitted to
        ``columns`` when given: :meth:`folder_problem`).
        """
        problem = self.folder_problem(columns)
        try:
            path = self.ledger_path()
        except (OSError, ValueError) as exc:  # not even a place to name: nothing can keep it
            reason = str(exc) if isinstance(exc, ValueError) else exc.strerror or str(exc)
            return Written(reason=problem or reason)
        return record(path, entry, problem)

    def settle(
        self, game_id: str, entry: Mapping[str, Any] | bytes, columns: int | None = None
    ) -> tuple[Any | None, Written | None]:
        """Record a game's result once: ``(result, None)`` when the game ``game_id`` has one
        already (a replay: nothing is written), else ``(None, what became of entry)``. An
        entry that is no result (an abandoned game) is written until the game has one."""
        found = self.settled_result(game_id)
        if found is not None:
            return found, None
        return None, self.record(entry, columns)

    def tally(
        self, keep: bool = True, progress: Progress | None = None, shown: bool = False
    ) -> Tally:
        """The totals of every recorded game (the kept records written first), read through
        the totals kept beside the ledger (``keep=False`` reads it whole); ``progress`` told
        how far a long reading has come, or with ``shown`` the terminal once it takes a
        second (:func:`parlour.core.tally.summarise_shown`). ``OSError`` when no folder can
        be named."""
        from parlour.core import tally

        path = self.ledger_path()
        flush(path)
        if shown:
            return tally.summarise_shown(path, self.fold)
        return tally.summarise(path, self.fold, keep, progress)
