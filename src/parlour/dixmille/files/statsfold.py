"""The statistics as a fold over the ledger (:mod:`parlour.core.tally`), totals kept beside it.

A long statistics file is read once: the per-player :class:`~parlour.dixmille.files.stats.Totals`
of the settled games, with every player's style analysis
(:class:`~parlour.dixmille.computer.analysis.PlayStyle`,
all its costly decisions, not only the ones a page shows), are kept in
``games.totals.json`` beside ``games.jsonl``, and the next reading parses only the lines
added since. What the kept file holds is checked as strictly as a statistics line
(:func:`load` refuses anything a real reading could not have made); anything it refuses
means reading the whole file again, never other figures. The totals are the same as
:func:`parlour.dixmille.files.stats.totals` over the records read one by one (a property test
checks it, over ledgers with replays, abandoned games and damaged lines).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from parlour.core import tally
from parlour.core.i18n import _
from parlour.core.tally import Progress
from parlour.core.text import name_key, printable
from parlour.dixmille.files import linetotals, stats
from parlour.dixmille.files.keptform import AllTotals as AllTotals
from parlour.dixmille.files.keptform import dump_style as dump_style
from parlour.dixmille.files.keptform import dump_totals as dump_totals
from parlour.dixmille.files.keptform import load_style as load_style
from parlour.dixmille.files.keptform import load_totals as load_totals
from parlour.dixmille.files.linetotals import LineTotals
from parlour.dixmille.files.stats import GameLine, Totals

TAG = "dixmille-totals-2"
"""Names the record and totals layout: change it whenever either changes meaning. (2: a
line may be led by its own totals; a version before it counted such a line damaged, so
totals it kept are not used.)"""

Record = GameLine | LineTotals
"""A game as a reading finds it: its record checked, or its line's own totals believed."""


class Fold:
    """Dix Mille's statistics for :func:`parlour.core.tally.summarise`."""

    tag = TAG

    def parse(self, raw: dict[str, Any]) -> Record:
        return stats.parse_record(raw)

    def quick(self, body: Any) -> Record:
        """The game a line's own summary describes (:mod:`parlour.dixmille.files.linetotals`)."""
        return linetotals.load(body)

    def game_id(self, record: Record) -> str | None:
        return record.game_id

    def is_final(self, record: Record) -> bool:
        return record.finished

    def empty(self) -> AllTotals:
        return {}

    def add(self, totals: AllTotals, record: Record) -> None:
        if isinstance(record, LineTotals):
            linetotals.add(totals, record)
        else:
            stats.count_game(totals, record)

    def dump(self, totals: AllTotals) -> Any:
        return [[key, dump_totals(entry)] for key, entry in totals.items()]

    def load(self, data: Any) -> AllTotals:
        if not isinstance(data, list):
            raise ValueError("the kept totals are not a list")
        found: AllTotals = {}
        for item in data:
            if not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str):
                raise ValueError("a player's kept totals are damaged")
            key, entry = item[0], load_totals(item[1])
            if key in found or key != name_key(entry.name):
                raise ValueError("a player's kept totals are under the wrong name")
            found[key] = entry
        return found


FOLD = Fold()


class Summary:
    """What a statistics page shows: the players' rows, its title and a line about the file."""

    __slots__ = ("rows", "title", "message", "games")

    def __init__(self, rows: list[Totals], title: str, message: str, games: int) -> None:
        self.rows = rows
        self.title = title
        self.message = message
        """Empty when the whole file was read."""
        self.games = games


def summary(
    name_filter: str | Sequence[str] | None = None,
    keep: bool = True,
    progress: Progress | None = None,
) -> Summary:
    """Every recorded game's totals (or those of the players named), as the pages show them.

    ``name_filter``: one name, or several (each player's column, in the order named,
    a name given twice shown once). The records kept to be written later go into the
    file first (:func:`parlour.core.pending.flush`); the file is then read through the
    kept totals (:func:`parlour.core.tally.summarise`; ``keep=False`` reads it whole),
    ``progress`` told how far a long reading has come.
    """
    from parlour.core import pending

    names = [name_filter] if isinstance(name_filter, str) else list(name_filter or [])
    named = [name for name in names if name]
    try:
        path = stats.stats_path()
    except OSError as exc:
        return _summary({}, 0, named, unread_message(printable(str(exc))))
    pending.flush(path)
    read = tally.summarise(path, FOLD, keep, progress)
    message = unread_message(read.problem, path) if read.problem else read.message() or ""
    return _summary(read.totals, read.games, named, message)


def unread_message(reason: str, path: Path | None = None) -> str:
    """Why the statistics could not be read, the reason first and whole: one line, then
    the file on a line of its own, shortened in the middle if no line can hold it."""
    from parlour.core.text import ASCII_ELLIPSIS, LINE_COLUMNS, shorten_middle, width

    shown = printable(str(path)) if path is not None else ""
    reason = printable(reason)
    if shown and reason.startswith(shown + " "):  # "PATH is a link; ...": the file apart
        reason = _("the file {reason}").format(reason=reason[len(shown) + 1 :])
    said = _("Statistics could not be read: {reason}.").format(reason=reason)
    lines = textwrap.wrap(said, LINE_COLUMNS)
    if shown:
        label = _("The file: {path}")
        room = LINE_COLUMNS - width(label.replace("{path}", ""))
        lines.append(label.format(path=shorten_middle(shown, room, ASCII_ELLIPSIS)))
    return "\n".join(lines)


def missing(name_filter: Sequence[str], rows: list[Totals]) -> list[str]:
    """The names asked for that no recorded player answers to (as typed)."""
    found = {name_key(row.name) for row in rows}
    return [name for name in name_filter if name_key(name) not in found]


def _summary(found: AllTotals, games: int, named: list[str], message: str) -> Summary:
    if not named:
        rows = list(found.values())
    else:
        keys = list(dict.fromkeys(name_key(name) for name in named))
        rows = [found[key] for key in keys if key in found]
    title = stats.title(games, rows, _(", ").join(named) if named else None)
    message = "\n".join(printable(line) for line in message.split("\n"))
    return Summary(rows, title, message, games)


def kept_path() -> Path | None:
    """Where the totals are kept beside the statistics file (None if no folder can be named)."""
    try:
        return tally.kept_path(stats.stats_path())
    except OSError:
        return None
