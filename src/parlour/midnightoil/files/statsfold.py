"""Midnight Oil's statistics as a fold over its ledger, for :func:`parlour.core.tally.summarise`.

The fold adds each game's record to a :class:`Stats`, in the ledger's order (one
game per id, its first result: :mod:`parlour.core.ledger`). With 100,000 recorded
games the ledger is about 20 MB, too long to parse at every start, so the totals
are kept beside it (``games.totals.json``) and the next reading starts where they
stop. The kept totals are the ledger's alone: the earlier statistics file is
added when they are read (:meth:`Stats.follow`), so a change to it never makes
them wrong.

The kept file is read as hostile: :meth:`StatsFold.load` refuses anything the
fold could not have made (every count a whole number in range, the histogram
adding up to the player's games, the streaks within the wins, each deal's counts
adding up to the totals, the last wins among the deals won), and a refused file
only means reading the whole ledger again. A player of random deals has one deal
per game, so the per-deal table is kept as columns and checked a column at a
time.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.midnightoil.files.dealtable import DealTable
from parlour.midnightoil.files.stats import (
    KEEP_WINS,
    MAX_MOVES,
    GameRecord,
    Stats,
    flag,
    is_final,
    whole,
)
from parlour.midnightoil.game.cards import DEAL_LIMIT, DECK_SIZE
from parlour.midnightoil.game.history import MAX_ELAPSED, MAX_UNDOS
from parlour.midnightoil.game.rules import REDEALS

if TYPE_CHECKING:
    from typing import Any

TAG = "midnightoil-stats-1"
"""The layout of the records and of the kept totals; change it when either changes meaning."""
MAX_GAMES = 10**12
"""More games than any ledger holds: a count past it is damage."""
COUNTS = (
    "won",
    "lost",
    "computer_won",
    "computer_lost",
    "restarted",
    "current_streak",
    "best_streak",
    "opening_run",
)
"""The totals kept as one list of whole numbers, in this order."""
WIN_FIELDS = ("deal_number", "phase", "draw_used", "moves", "undos", "seconds")


class StatsFold:
    """The statistics of a Midnight Oil ledger: :class:`Stats` built one record at a time."""

    tag = TAG

    @staticmethod
    def parse(raw: dict[str, Any]) -> GameRecord:
        return GameRecord.from_dict(raw)

    @staticmethod
    def game_id(record: GameRecord) -> str:
        return record.game_id

    @staticmethod
    def is_final(record: GameRecord) -> bool:
        return is_final(record)

    @staticmethod
    def empty() -> Stats:
        return Stats()

    @staticmethod
    def add(totals: Stats, record: GameRecord) -> None:
        totals.add(record)

    @staticmethod
    def dump(totals: Stats) -> dict[str, Any]:
        """The totals as JSON: counts, the histogram, the last wins, the deals as columns."""
        deals = totals.deals
        if totals.earlier_solved or any(deals.earlier):
            raise ValueError("only the ledger's games are kept")
        return {
            "counts": [getattr(totals, name) for name in COUNTS],
            "broken": totals.broken,
            "histogram": list(totals.histogram),
            "wins": [[win[name] for name in WIN_FIELDS] for win in totals.wins],
            "deals": [deals.numbers(), *deals.columns()[:-1]],  # "earlier" is all 0 here
        }

    @staticmethod
    def load(data: Any) -> Stats:
        """The totals :meth:`dump` wrote; ``ValueError`` for anything it could not have."""
        if not isinstance(data, dict) or sorted(data) != sorted(_KEYS):
            raise ValueError("not the kept totals")
        counts = _column(data["counts"], 0, MAX_GAMES)
        if len(counts) != len(COUNTS):
            raise ValueError("the counts are damaged")
        won, lost, computer_won, computer_lost, restarted, current, best, opening = counts
        broken = data["broken"]
        if not isinstance(broken, bool):
            raise ValueError("the streak's state is damaged")
        histogram = _column(data["histogram"], 0, MAX_GAMES)
        if len(histogram) != DECK_SIZE + 1 or sum(histogram) != won + lost:
            raise ValueError("the histogram does not add up to the games")
        if (
            restarted > lost
            or histogram[DECK_SIZE] < won
            or not current <= best <= won
            or not opening <= best
            or broken != bool(lost or computer_won or computer_lost)
            or (not broken and not current == opening == won)
        ):
            raise ValueError("the totals do not agree with each other")
        wins = _wins(data["wins"])
        if len(wins) != min(won, KEEP_WINS):
            raise ValueError("the last wins do not match the wins")
        stats = Stats(
            won=won,
            lost=lost,
            computer_won=computer_won,
            computer_lost=computer_lost,
            restarted=restarted,
            current_streak=current,
            best_streak=best,
            opening_run=opening,
            broken=broken,
            histogram=histogram,
            wins=wins,
        )
        stats.deals = _deals(data["deals"], stats)
        for win in wins:
            row = stats.deals.rows.get(win["deal_number"])
            if row is None or not stats.deals.won[row]:
                raise ValueError("a last win is on a deal not won")
        return stats


_KEYS = ("counts", "broken", "histogram", "wins", "deals")
FOLD = StatsFold()


def _column(raw: Any, low: int, high: int) -> list[int]:
    """``raw`` if it is a list of whole numbers (not flags) from ``low`` to ``high``."""
    if not isinstance(raw, list) or not set(map(type, raw)) <= {int}:
        raise ValueError("a column of whole numbers is damaged")
    if raw and not (low <= min(raw) and max(raw) <= high):
        raise ValueError("a number is out of range")
    return raw


def _flags(raw: Any) -> list[bool]:
    if not isinstance(raw, list) or not set(map(type, raw)) <= {bool}:
        raise ValueError("a column of flags is damaged")
    return raw


def _wins(raw: Any) -> list[dict[str, Any]]:
    """The last wins' details, each checked as a ledger record's are."""
    if not isinstance(raw, list) or len(raw) > KEEP_WINS:
        raise ValueError("the last wins are damaged")
    wins = []
    for item in raw:
        if not isinstance(item, list) or len(item) != len(WIN_FIELDS):
            raise ValueError("a last win is damaged")
        deal, phase, draw_used, moves, undos, seconds = item
        whole(deal, DEAL_LIMIT - 1)
        whole(phase, REDEALS + 1, low=1)
        flag(draw_used)
        whole(moves, MAX_MOVES)
        whole(undos, MAX_UNDOS)
        if type(seconds) is not float or not 0 <= seconds <= MAX_ELAPSED:  # NaN fails too
            raise ValueError("a last win's time is damaged")
        wins.append(dict(zip(WIN_FIELDS, item, strict=True)))
    return wins


def _deals(raw: Any, totals: Stats) -> DealTable:
    """The per-deal table from its columns, each deal's counts agreeing with the totals."""
    if not isinstance(raw, list) or len(raw) != 6:
        raise ValueError("the deals are damaged")
    numbers = _column(raw[0], 0, DEAL_LIMIT - 1)
    played = _column(raw[1], 0, MAX_GAMES)
    best = _column(raw[2], 0, DECK_SIZE)
    won = _flags(raw[3])
    computer = _column(raw[4], 0, MAX_GAMES)
    solved = _column(raw[5], 0, MAX_GAMES)
    size = len(numbers)
    if any(len(column) != size for column in raw):
        raise ValueError("the deals' columns do not line up")
    if (
        sum(played) != totals.own
        or sum(computer) != totals.computer_won + totals.computer_lost
        or sum(solved) != totals.computer_won
        or sum(won) > totals.won
        or max(best, default=0) != totals.best_home
    ):
        raise ValueError("the deals do not add up to the games")
    if not all(map(_deal_ok, played, best, won, computer, solved)):
        raise ValueError("a deal's record is damaged")
    deals = DealTable.of_columns(numbers, played, best, won, computer, solved)
    if len(deals) != size:
        raise ValueError("a deal is listed twice")
    return deals


def _deal_ok(played: int, best: int, won: bool, computer: int, solved: int) -> bool:
    """A deal's row is one games can make: listed once a game is recorded on it, a best
    and a win only from a game of yours, a win with all cards home."""
    return (
        (played > 0 or computer > 0)
        and (played > 0 or (best == 0 and not won))
        and (best == DECK_SIZE or not won)
        and solved <= computer
    )
