"""Midnight Oil's part of the records kit (:mod:`parlour.core.keeper`): its ledger, record, fold,
report.

* the ledger: ``DATA/midnightoil/games.jsonl``, kept by :data:`KEEPER`;
* the record: :class:`~parlour.midnightoil.files.stats.GameRecord`, one per ended game;
* the fold: :class:`~parlour.midnightoil.files.statsfold.StatsFold`, the totals
  (:class:`~parlour.midnightoil.files.stats.Stats`);
* the report: :func:`stats_report`, the statistics with what reading them found (the
  ``i`` page and ``midnightoil --stats`` write it as lines:
  :mod:`parlour.midnightoil.terminal.report`).

Every ended game appends one line to the ledger; everything shown is worked out when it
is read, so two copies of the game playing at once both count. A game id's first
record is its result for good: records after it (an older save played again,
another copy ending the same game) are passed over (docs/foundation.md, "One
game, one result"), and ``KEEPER.settled_result`` finds a game's result at once.

A record the ledger cannot take (a full disk, a data folder that cannot be
used) is kept and written the next time (:mod:`parlour.core.keeper`): the game
says so, a kept result already counts as the game's result, and the kept
records go in as the statistics are next read. The totals of a long ledger are
kept beside it (:mod:`parlour.core.tally`), so a start reads only the games recorded
since.

The statistics file of earlier versions (``midnightoil-stats.json``) is read,
never written, as a baseline the ledger's games are added to
(:mod:`parlour.midnightoil.files.stats_earlier`); a damaged one is set aside under a
backup name no earlier backup has.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from parlour.core import ledger, paths
from parlour.core.i18n import _
from parlour.core.keeper import LEDGER_NAME, Keeper, Written
from parlour.core.record import Record
from parlour.core.text import ASCII_ELLIPSIS, printable, shorten_middle
from parlour.midnightoil.files.stats import (
    BASELINE_FILE,
    GameRecord,
    Stats,
    record_of,
)
from parlour.midnightoil.files.stats_earlier import parse_earlier
from parlour.midnightoil.files.statsfold import FOLD, StatsFold
from parlour.midnightoil.game.history import Game

PATH_COLUMNS = 40
"""Columns a file name may take in a statistics message."""
ROW_COLUMNS = 76
"""Columns of the message row at 80 columns (after its margins and the "> " mark)."""


def _fold() -> StatsFold:
    return FOLD


KEEPER = Keeper("midnightoil", _fold)
"""Midnight Oil's statistics: ``DATA/midnightoil/games.jsonl``, read with :class:`StatsFold`."""


class StatsReport(Record):
    """The statistics as read, with what the player should be told about reading them."""

    stats: Stats
    note: str | None = None
    """Something skipped or set aside on the way (the rest is shown), or None."""
    folder_problem: str | None = None
    """The data folder cannot be used: a line for the player (``stats`` is then empty)."""
    ledger_problem: str | None = None
    """Why the ledger could not be read, escaped (``stats`` is then empty)."""


def _shown(path: Path) -> str:
    return shorten_middle(printable(str(path)), PATH_COLUMNS, ASCII_ELLIPSIS)


def _read_baseline() -> tuple[Stats | None, str | None]:
    path = paths.data_file(BASELINE_FILE, create_dir=False)
    try:
        if not path.exists():
            return None, None
        raw = path.read_bytes()
    except OSError as exc:
        return None, _("Earlier statistics unreadable ({reason}); left as they are.").format(
            reason=exc.strerror or exc
        )
    try:
        return parse_earlier(json.loads(raw.decode("utf-8"))), None
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError, OverflowError):
        backup = ledger.set_aside(path)
        if backup is None:
            return None, _("Earlier statistics in {file} are damaged; left as they are.").format(
                file=_shown(path)
            )
        return None, _("Earlier statistics were damaged; kept as {file}.").format(
            file=_shown(backup)
        )


def stats_report(lead: str = "No statistics", columns: int = ROW_COLUMNS) -> StatsReport:
    """The statistics (earlier baseline plus the ledger), and what reading them found.

    Never raises. A data folder that cannot be used is a ``problem`` (a line of at
    most ``columns``, starting with ``lead``), and so is a ledger that cannot be
    read at all; a damaged line, skipped on its own, is a ``note``. A missing data folder
    is not created: it holds no games. Records kept from before (they could not be
    written then) go into the ledger first. Nothing is ever rewritten.
    """
    try:
        folder = paths.data_dir(create=False)
        exists = os.path.lexists(folder)
    except (OSError, ValueError):
        exists = True  # folder_problem names what is wrong
    if exists:
        problem = paths.folder_problem(lead, columns)
        if problem is not None:
            return StatsReport(Stats(), folder_problem=problem)
    baseline, warning = _read_baseline()
    totals = KEEPER.tally(shown=True)  # progress after 1 s
    if totals.problem is not None:
        return StatsReport(Stats(), warning, ledger_problem=printable(totals.problem))
    note = totals.message()
    if note is not None:
        note = note[0].upper() + note[1:] + "."
    stats: Stats = totals.totals
    if baseline is not None:
        stats.follow(baseline)
    return StatsReport(stats, warning or note)


def load_stats() -> tuple[Stats, str | None]:
    """The statistics and a warning for the player's message row, or None (the game's view)."""
    reading = stats_report()
    if reading.ledger_problem is not None:
        return reading.stats, _unreadable(reading.ledger_problem)
    return reading.stats, reading.folder_problem or reading.note


LINK_TAIL = ledger.LINK_REFUSED.removeprefix("is a link")
"""What follows "is a link" in the ledger's refusal of a link."""


def _unreadable(problem: str) -> str:
    """The message row when the ledger cannot be read, naming the file by its own name
    (``--stats`` gives the whole path): it fits the row's 76 columns."""
    try:
        path = printable(str(KEEPER.ledger_path()))
    except (OSError, ValueError):
        path = ""
    if path and problem.startswith(f"{path} "):
        problem = LEDGER_NAME + problem.removeprefix(path)
    if problem.endswith(LINK_TAIL):
        return _("Statistics unreadable: {problem}, and links are not followed.").format(
            problem=problem.removesuffix(LINK_TAIL)
        )
    return _("Statistics unreadable ({problem}); the game goes on.").format(problem=problem)


def _in_brief(written: Written) -> Written:
    """``written`` with a link's refusal said in the few words the row has room for."""
    if written.reason is not None:
        written.reason = written.reason.removesuffix(LINK_TAIL)
    return written


def append_record(record: GameRecord, columns: int = ROW_COLUMNS) -> str | None:
    """Append ``record`` to the ledger, or keep it to be written next time.

    None when it is in the ledger; else the line for the player
    (:meth:`parlour.core.keeper.Written.message`), at most ``columns`` wide.
    """
    return _in_brief(KEEPER.record(record.to_dict(), columns)).message(columns)


def record_game(game: Game, outcome: str, restarted: bool = False) -> str | None:
    """Append the record of ``game`` ending now with ``outcome`` (see :func:`append_record`)."""
    return append_record(record_of(game, outcome, restarted))
