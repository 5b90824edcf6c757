"""Dix Mille's part of the records kit (:mod:`parlour.core.keeper`): its ledger, record, fold,
report.

* the ledger: ``DATA/dixmille/games.jsonl``, kept by :data:`KEEPER`;
* the record: :class:`~parlour.dixmille.files.stats.GameRecord`, one per game (its line led by
  the totals it adds: :mod:`parlour.dixmille.files.linetotals`);
* the fold: :class:`~parlour.dixmille.files.statsfold.StatsFold`, the totals per player;
* the report: :func:`stats_report`, what the statistics pages show (``dixmille --stats``);
  :func:`record_game` says what became of a record.

Light on purpose: a game's start calls ``KEEPER.flush()``, which costs two ``stat``
calls when nothing is kept (:func:`parlour.core.keeper.waiting`); the statistics are
imported only when they are read or a game is recorded.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.i18n import _
from parlour.core.keeper import Keeper
from parlour.core.text import name_key, printable

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from parlour.core.tally import Progress
    from parlour.dixmille.files.keptform import AllTotals
    from parlour.dixmille.files.statsfold import StatsFold
    from parlour.dixmille.files.totals import Totals
    from parlour.dixmille.game.rules import Game


def _fold() -> StatsFold:
    from parlour.dixmille.files.statsfold import FOLD

    return FOLD


KEEPER = Keeper("dixmille", _fold)
"""Dix Mille's statistics: ``DATA/dixmille/games.jsonl``, read with :class:`StatsFold`."""


class StatsReport:
    """What a statistics page shows: the players' rows, its title and a line about the file."""

    __slots__ = ("rows", "title", "message")

    def __init__(self, rows: list[Totals], title: str, message: str) -> None:
        self.rows = rows
        self.title = title
        self.message = message
        """Empty when the whole file was read."""


def stats_report(
    name_filter: str | Sequence[str] | None = None,
    keep: bool = True,
    progress: Progress | None = None,
) -> StatsReport:
    """Every recorded game's totals (or those of the players named), as the pages show them.

    ``name_filter``: one name, or several (each player's column, in the order named,
    a name given twice shown once). The records kept to be written later go into the
    file first; the file is then read through the kept totals
    (:meth:`parlour.core.keeper.Keeper.tally`; ``keep=False`` reads it whole),
    ``progress`` told how far a long reading has come.
    """
    names = [name_filter] if isinstance(name_filter, str) else list(name_filter or [])
    named = [name for name in names if name]
    try:
        path = KEEPER.ledger_path()
    except OSError as exc:
        return _report({}, 0, named, unread_message(printable(str(exc))))
    read = KEEPER.tally(keep, progress)
    message = unread_message(read.problem, path) if read.problem else read.message() or ""
    return _report(read.totals, read.games, named, message)


def unread_message(reason: str, path: Path | None = None) -> str:
    """Why the statistics could not be read, the reason first and whole: one line, then
    the file on a line of its own, shortened in the middle if no line can hold it."""
    import textwrap

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


def _report(found: AllTotals, games: int, named: list[str], message: str) -> StatsReport:
    from parlour.dixmille.files import stats

    if not named:
        rows = list(found.values())
    else:
        keys = list(dict.fromkeys(name_key(name) for name in named))
        rows = [found[key] for key in keys if key in found]
    title = stats.title(games, rows, _(", ").join(named) if named else None)
    message = "\n".join(printable(line) for line in message.split("\n"))
    return StatsReport(rows, title, message)


def record_game(game: Game, finished: bool) -> str | None:
    """Append the game to the statistics file; a line for the player if it is not there.

    Through :meth:`parlour.core.keeper.Keeper.record`: a record the file cannot take (a
    full disk, a data folder that cannot be used) is kept to be written the next
    time, and the lines say why and where it is kept (each at most 80 columns: the
    reason whole, the kept file's name on a line of its own when one line cannot
    hold both).
    """
    from parlour.core.text import LINE_COLUMNS
    from parlour.dixmille.files import stats

    written = KEEPER.record(stats.record_line(stats.game_record(game, finished)))
    return "\n".join(written.lines(LINE_COLUMNS)) or None


def kept_path() -> Path | None:
    """Where the totals are kept beside the statistics file (None if no folder can be named)."""
    from parlour.core import tally

    try:
        return tally.kept_path(KEEPER.ledger_path())
    except OSError:
        return None
