"""Statistics of Midnight Oil games: an append-only ledger, totals worked out on reading.

Spec §10: each game gets one outcome, ``won`` (52 home without auto-solve),
``solved`` (auto-solve used, whatever the result) or ``lost`` (any other end
after at least one move; a restart is also flagged ``restarted``).

Every ended game appends one line to ``midnightoil/games.jsonl`` in the data
folder (:mod:`parlour.core.ledger`): its ``game_id`` (kept in its saves), the
deal number, the outcome and the details of the end. Totals, streaks, the
histogram and the per-deal bests are computed from the ledger each time it is
read, so two copies of the game running at once both count, and a game that
is recorded again (resumed from a save after it was recorded as lost) counts
once, with its last record. Games solved by the computer count as played and
break a streak, but never as a win, in the histogram or as "your best".

The statistics file of earlier versions (``midnightoil-stats.json``) is read,
never written, as a baseline the ledger's games are added to.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from pathlib import Path

from parlour import TYPE_CHECKING
from parlour.core import ledger, paths
from parlour.core import record as value
from parlour.core.text import ASCII_ELLIPSIS, printable, shorten_middle
from parlour.midnightoil.cards import DECK_SIZE, check_deal_number
from parlour.midnightoil.game import MAX_ELAPSED, MAX_UNDOS, Game
from parlour.midnightoil.rules import REDEALS

if TYPE_CHECKING:
    from typing import Any

LEDGER_FILE = "midnightoil/games.jsonl"
BASELINE_FILE = "midnightoil-stats.json"
"""The statistics file of earlier versions: read once per start, never written."""
STATS_FILE = BASELINE_FILE
STATS_VERSION = 1
RECORD_VERSION = 1
WON, LOST, SOLVED = "won", "lost", "solved"
OUTCOMES = (WON, LOST, SOLVED)
KEEP_WINS = 100
"""Details of the most recent wins kept."""
MAX_MOVES = 10**6
"""More moves than any line of play holds (a card builds at most once a deal)."""
PATH_COLUMNS = 40
"""Columns a file name may take in a statistics message."""
ROW_COLUMNS = 76
"""Columns of the message row at 80 columns (after its margins and the "> " mark)."""


class Record(value.Frozen):
    """One ended game as the ledger keeps it."""

    game_id: str
    deal_number: int
    outcome: str
    home: int
    restarted: bool
    phase: int
    draw_used: bool
    moves: int
    undos: int
    seconds: float

    __slots__ = (
        "game_id",
        "deal_number",
        "outcome",
        "home",
        "restarted",
        "phase",
        "draw_used",
        "moves",
        "undos",
        "seconds",
    )

    def __init__(
        self,
        game_id: str,
        deal_number: int,
        outcome: str,
        home: int,
        restarted: bool,
        phase: int,
        draw_used: bool,
        moves: int,
        undos: int,
        seconds: float,
    ) -> None:
        object.__setattr__(self, "game_id", game_id)
        object.__setattr__(self, "deal_number", deal_number)
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "home", home)
        object.__setattr__(self, "restarted", restarted)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "draw_used", draw_used)
        object.__setattr__(self, "moves", moves)
        object.__setattr__(self, "undos", undos)
        object.__setattr__(self, "seconds", seconds)

    def to_dict(self) -> dict[str, Any]:
        """The ledger line's object."""
        return {"v": RECORD_VERSION, **value.as_dict(self)}

    @staticmethod
    def from_dict(raw: dict[str, Any]) -> Record:
        """A record from a ledger line; ``ValueError`` for anything a game cannot write."""
        if raw.get("v") != RECORD_VERSION:
            raise ValueError("not a record of this version")
        game_id = raw["game_id"]
        if not ledger.is_game_id(game_id):
            raise ValueError("bad game id")
        outcome = raw["outcome"]
        if outcome not in OUTCOMES:
            raise ValueError("bad outcome")
        home = _whole(raw["home"], DECK_SIZE)
        if outcome == WON and home != DECK_SIZE:
            raise ValueError("a win with cards left")
        seconds = raw["seconds"]
        if isinstance(seconds, bool) or not isinstance(seconds, int | float):
            raise ValueError("bad time")
        if not 0 <= seconds <= MAX_ELAPSED:
            raise ValueError("bad time")
        return Record(
            game_id=game_id,
            deal_number=check_deal_number(raw["deal_number"]),
            outcome=outcome,
            home=home,
            restarted=_flag(raw["restarted"]),
            phase=_whole(raw["phase"], REDEALS + 1, low=1),
            draw_used=_flag(raw["draw_used"]),
            moves=_whole(raw["moves"], MAX_MOVES),
            undos=_whole(raw["undos"], MAX_UNDOS),
            seconds=float(seconds),
        )


def _whole(raw: Any, high: int, low: int = 0) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise ValueError(f"not a whole number from {low} to {high}")
    return raw


def _flag(raw: Any) -> bool:
    if not isinstance(raw, bool):
        raise ValueError("not true or false")
    return raw


def record_of(game: Game, outcome: str, restarted: bool = False) -> Record:
    """The record of ``game`` ending now with ``outcome``."""
    if outcome not in OUTCOMES:
        raise ValueError(f"unknown outcome {outcome!r}")
    state = game.state
    seconds = game.elapsed if math.isfinite(game.elapsed) else 0.0
    return Record(
        game_id=game.game_id,
        deal_number=game.deal_number,
        outcome=outcome,
        home=state.cards_home(),
        restarted=restarted,
        phase=state.phase,
        draw_used=state.draw_used,
        moves=game.moves,
        undos=game.undos,
        seconds=round(min(max(seconds, 0.0), MAX_ELAPSED), 1),
    )


class Stats(value.Record):
    """Totals, streaks, a cards-home histogram and per-deal records."""

    won: int
    lost: int
    solved: int
    restarted: int
    current_streak: int
    best_streak: int
    histogram: list[int]
    """Cards home in each game the player played (solved games left out)."""
    wins: list[dict[str, Any]]
    deals: dict[str, dict[str, Any]]
    """Per deal number: ``played``, ``won`` and the player's ``best`` cards home."""

    __slots__ = (
        "won",
        "lost",
        "solved",
        "restarted",
        "current_streak",
        "best_streak",
        "histogram",
        "wins",
        "deals",
    )

    def __init__(
        self,
        won: int = 0,
        lost: int = 0,
        solved: int = 0,
        restarted: int = 0,
        current_streak: int = 0,
        best_streak: int = 0,
        histogram: list[int] | None = None,
        wins: list[dict[str, Any]] | None = None,
        deals: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        self.won = won
        self.lost = lost
        self.solved = solved
        self.restarted = restarted
        self.current_streak = current_streak
        self.best_streak = best_streak
        self.histogram = [0] * (DECK_SIZE + 1) if histogram is None else histogram
        self.wins = [] if wins is None else wins
        self.deals = {} if deals is None else deals

    @property
    def played(self) -> int:
        """Games played: won + lost + solved by computer."""
        return self.won + self.lost + self.solved

    @property
    def win_rate(self) -> float:
        """Won games as a percentage of games played (0 when none)."""
        return 100.0 * self.won / self.played if self.played else 0.0

    @property
    def mean_home(self) -> float:
        """Mean cards home over the player's games."""
        total = sum(n * count for n, count in enumerate(self.histogram))
        games = sum(self.histogram)
        return total / games if games else 0.0

    @property
    def best_home(self) -> int:
        """The most cards home in any of the player's games."""
        best = [n for n, count in enumerate(self.histogram) if count]
        return max(best) if best else 0

    def best_for(self, deal_number: int) -> dict[str, Any] | None:
        """The record of one deal number (``best``, ``won``, ``played``) or None."""
        return self.deals.get(str(deal_number))

    def add(self, record: Record) -> None:
        """Count one ended game (the ledger's records are added in their order)."""
        entry = self.deals.setdefault(
            str(record.deal_number), {"best": 0, "won": False, "played": 0}
        )
        entry["played"] += 1
        if record.restarted:
            self.restarted += 1
        if record.outcome == SOLVED:
            self.solved += 1
            self.current_streak = 0
            return
        self.histogram[record.home] += 1
        entry["best"] = max(entry["best"], record.home)
        if record.outcome == LOST:
            self.lost += 1
            self.current_streak = 0
            return
        self.won += 1
        entry["won"] = True
        self.current_streak += 1
        self.best_streak = max(self.best_streak, self.current_streak)
        self.wins.append(
            {
                "deal_number": record.deal_number,
                "phase": record.phase,
                "draw_used": record.draw_used,
                "moves": record.moves,
                "undos": record.undos,
                "seconds": record.seconds,
            }
        )
        del self.wins[:-KEEP_WINS]

    @staticmethod
    def of(records: Iterable[Record], baseline: Stats | None = None) -> Stats:
        """The statistics of ``records`` added, in order, to ``baseline``."""
        stats = Stats() if baseline is None else baseline.copy()
        for record in records:
            stats.add(record)
        return stats

    def copy(self) -> Stats:
        """An independent copy."""
        return Stats.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (the layout of the earlier statistics file)."""
        return {
            "version": STATS_VERSION,
            "won": self.won,
            "lost": self.lost,
            "solved": self.solved,
            "restarted": self.restarted,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "histogram": list(self.histogram),
            "wins": [dict(w) for w in self.wins],
            "deals": {k: dict(v) for k, v in self.deals.items()},
        }

    @staticmethod
    def from_dict(data: Any) -> Stats:
        """Read the earlier statistics file's layout; ``ValueError`` if it is damaged."""
        if not isinstance(data, dict) or data.get("version") != STATS_VERSION:
            raise ValueError("not a statistics file of this version")
        counts = {}
        for name in ("won", "lost", "solved", "restarted", "current_streak", "best_streak"):
            counts[name] = _whole(data[name], MAX_UNDOS)
        histogram = data["histogram"]
        if not isinstance(histogram, list) or len(histogram) != DECK_SIZE + 1:
            raise ValueError("the cards-home histogram is damaged")
        wins = data["wins"]
        if not isinstance(wins, list) or not all(isinstance(w, dict) for w in wins):
            raise ValueError("the list of wins is damaged")
        deals = data["deals"]
        if not isinstance(deals, dict):
            raise ValueError("the per-deal records are damaged")
        clean: dict[str, dict[str, Any]] = {}
        for key, entry in deals.items():
            if not key.isascii() or not key.isdigit() or not isinstance(entry, dict):
                raise ValueError("a per-deal record is damaged")
            check_deal_number(int(key))
            won = _flag(entry.get("won"))
            best = _whole(entry.get("best"), DECK_SIZE)
            if best == DECK_SIZE and not won:
                best = 0  # 52 home without a win: the computer's solve, never "your best"
            clean[str(int(key))] = {
                "best": best,
                "won": won,
                "played": _whole(entry.get("played"), MAX_UNDOS),
            }
        return Stats(
            histogram=[_whole(n, MAX_UNDOS) for n in histogram],
            wins=[_clean_win(w) for w in wins][-KEEP_WINS:],
            deals=clean,
            **counts,
        )


def _clean_win(raw: dict[str, Any]) -> dict[str, Any]:
    """A win's details with only numbers and flags of the right range (shown on a page)."""
    seconds = raw.get("seconds", 0)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        seconds = 0
    return {
        "deal_number": check_deal_number(raw.get("deal_number", -1)),
        "phase": _whole(raw.get("phase"), REDEALS + 1, low=1),
        "draw_used": _flag(raw.get("draw_used")),
        "moves": _whole(raw.get("moves"), MAX_MOVES),
        "undos": _whole(raw.get("undos"), MAX_UNDOS),
        "seconds": float(seconds) if 0 <= seconds <= MAX_ELAPSED else 0.0,
    }


def ledger_path() -> Path:
    """The ledger in the data folder (the folder is not created here)."""
    return paths.data_file(LEDGER_FILE, create_dir=False)


def _shown(path: Path) -> str:
    return shorten_middle(printable(str(path)), PATH_COLUMNS, ASCII_ELLIPSIS)


def _read_baseline() -> tuple[Stats | None, str | None]:
    path = paths.data_file(BASELINE_FILE, create_dir=False)
    try:
        if not path.exists():
            return None, None
        raw = path.read_bytes()
    except OSError as exc:
        return None, f"Earlier statistics unreadable ({exc.strerror or exc}); left as they are."
    try:
        return Stats.from_dict(json.loads(raw.decode("utf-8"))), None
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError, OverflowError):
        backup = ledger.set_aside(path)
        if backup is None:
            return None, f"Earlier statistics in {_shown(path)} are damaged; left as they are."
        return None, f"Earlier statistics were damaged; kept as {_shown(backup)}."


def load_stats() -> tuple[Stats, str | None]:
    """The statistics (earlier baseline plus the ledger) and a warning for the player or None.

    Never raises: a data folder that cannot be used gives empty statistics and
    a warning. A damaged ledger line is skipped on its own; the file is never
    rewritten.
    """
    problem = paths.folder_problem("No statistics", ROW_COLUMNS)
    if problem is not None:
        return Stats(), problem
    baseline, warning = _read_baseline()
    reading = ledger.read(ledger_path(), Record.from_dict, lambda record: record.game_id)
    stats = Stats.of(reading.records, baseline)
    note = reading.message()
    if reading.problem is not None:
        note = f"Statistics unreadable ({printable(reading.problem)}); the game goes on."
    elif note is not None:
        note = note[0].upper() + note[1:] + "."
    return stats, warning or note


def record_game(game: Game, outcome: str, restarted: bool = False) -> str | None:
    """Append the record of ``game`` ending with ``outcome``; a warning on failure, else None."""
    problem = paths.folder_problem("Statistics not recorded", ROW_COLUMNS)
    if problem is not None:
        return problem
    try:
        ledger.append(ledger_path(), record_of(game, outcome, restarted).to_dict())
    except ledger.LedgerError as exc:
        text = str(exc)
        return printable(text[0].upper() + text[1:] + ".")
    return None
