"""Statistics of Midnight Oil games: the ledger's records and the totals worked out from them.

Spec §10: each game gets one outcome, ``won`` (52 home without auto-solve),
``solved`` (auto-solve used, whatever the result: the computer's game) or
``lost`` (any other end after at least one move; a restart is also flagged
``restarted``). Every outcome is a result: the first record of a game id
stands and later ones are replays (docs/foundation.md, "One game, one result").

Each ended game is one line of ``midnightoil/games.jsonl`` in the data folder
(:mod:`parlour.midnightoil.files.statsfile` writes and reads it): its ``game_id``
(kept in its saves), the deal number, the outcome and the details of the end.
:class:`Stats` is worked out from those records each time they are read: the
player's own games and the computer's apart, rates over the player's own games,
and "your best" only from them. A computer game breaks the player's streak.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from parlour import TYPE_CHECKING
from parlour.core.gameid import is_game_id
from parlour.core.record import Frozen, Record, as_dict, field, replace
from parlour.midnightoil.files.dealtable import DealRecord as DealRecord
from parlour.midnightoil.files.dealtable import DealTable
from parlour.midnightoil.game.cards import DECK_SIZE, check_deal_number
from parlour.midnightoil.game.history import MAX_ELAPSED, MAX_UNDOS, Game
from parlour.midnightoil.game.rules import REDEALS

if TYPE_CHECKING:
    from typing import Any

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
_NUMBER = (int, float)


class GameRecord(Frozen):
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

    def to_dict(self) -> dict[str, Any]:
        """The ledger line's object."""
        return {"v": RECORD_VERSION, **as_dict(self)}

    @staticmethod
    def from_dict(raw: dict[str, Any]) -> GameRecord:
        """A record from a ledger line; ``ValueError`` for anything a game cannot write."""
        if raw.get("v") != RECORD_VERSION:
            raise ValueError("not a record of this version")
        game_id = raw["game_id"]
        if not is_game_id(game_id):
            raise ValueError("bad game id")
        outcome = raw["outcome"]
        if outcome not in OUTCOMES:
            raise ValueError("bad outcome")
        home = whole(raw["home"], DECK_SIZE)
        if outcome == WON and home != DECK_SIZE:
            raise ValueError("a win with cards left")
        seconds = raw["seconds"]
        if isinstance(seconds, bool) or not isinstance(seconds, _NUMBER):
            raise ValueError("bad time")
        if not 0 <= seconds <= MAX_ELAPSED:
            raise ValueError("bad time")
        return GameRecord(
            game_id,
            check_deal_number(raw["deal_number"]),
            outcome,
            home,
            flag(raw["restarted"]),
            whole(raw["phase"], REDEALS + 1, 1),
            flag(raw["draw_used"]),
            whole(raw["moves"], MAX_MOVES),
            whole(raw["undos"], MAX_UNDOS),
            float(seconds),
        )


def whole(raw: Any, high: int, low: int = 0) -> int:
    """``raw`` if it is a whole number (not a flag) from ``low`` to ``high``, else ValueError."""
    if type(raw) is not int or not low <= raw <= high:  # a bool's type is bool
        raise ValueError(f"not a whole number from {low} to {high}")
    return raw


def flag(raw: Any) -> bool:
    """``raw`` if it is true or false, else ValueError."""
    if not isinstance(raw, bool):
        raise ValueError("not true or false")
    return raw


def record_of(game: Game, outcome: str, restarted: bool = False) -> GameRecord:
    """The record of ``game`` ending now with ``outcome``."""
    if outcome not in OUTCOMES:
        raise ValueError(f"unknown outcome {outcome!r}")
    state = game.state
    seconds = game.elapsed if math.isfinite(game.elapsed) else 0.0
    return GameRecord(
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


class Stats(Record):
    """What the ledger says: the player's own games and the computer's, kept apart.

    A game in which auto-solve was used is the computer's (outcome ``solved``):
    a win of the computer's when all 52 came home, else a loss of the computer's.
    Rates, means, the histogram and "your best" are over the player's own games
    only; a computer game breaks the player's winning streak.
    """

    won: int = 0
    """The player's wins."""
    lost: int = 0
    """The player's losses (given up, restarted or proven ends)."""
    computer_won: int = 0
    """Games auto-solve played to all 52 home."""
    computer_lost: int = 0
    """Games auto-solve played that ended with cards left."""
    earlier_solved: int = 0
    """The earlier statistics file's games with auto-solve (it kept no won or lost)."""
    restarted: int = 0
    """The player's losses that were restarts."""
    current_streak: int = 0
    best_streak: int = 0
    histogram: list[int] = field(default_factory=lambda: [0] * (DECK_SIZE + 1))
    """Cards home in each of the player's games (the computer's left out)."""
    wins: list[dict[str, Any]] = field(default_factory=list)
    deals: DealTable = field(default_factory=DealTable)
    """What each deal number's games were (:class:`DealRecord` by deal number)."""
    opening_run: int = 0
    """The wins these games open with, before anything breaks the streak (see
    :meth:`follow`: the earlier file's streak goes on into them)."""
    broken: bool = False
    """Whether any of these games broke the streak (a loss, or a computer's game)."""

    @property
    def own(self) -> int:
        """The player's own games: won + lost."""
        return self.won + self.lost

    @property
    def computer(self) -> int:
        """Games with auto-solve: the computer's wins and losses and the earlier file's."""
        return self.computer_won + self.computer_lost + self.earlier_solved

    @property
    def played(self) -> int:
        """Every game recorded: the player's own and the computer's."""
        return self.own + self.computer

    @property
    def win_rate(self) -> float:
        """The player's wins as a percentage of the player's own games (0 when none)."""
        return 100.0 * self.won / self.own if self.own else 0.0

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

    def best_for(self, deal_number: int) -> DealRecord | None:
        """The record of one deal number (a copy), or None when no game was recorded on it."""
        return self.deals.get(deal_number)

    def _break_streak(self) -> None:
        self.current_streak = 0
        self.broken = True

    def add(self, record: GameRecord) -> None:
        """Count one ended game (the ledger's records are added in their order)."""
        deals = self.deals
        row = deals.row(record.deal_number)
        if record.outcome == SOLVED:
            deals.computer[row] += 1
            self._break_streak()
            if record.home == DECK_SIZE:
                deals.computer_won[row] += 1
                self.computer_won += 1
            else:
                self.computer_lost += 1
            return
        deals.played[row] += 1
        self.histogram[record.home] += 1
        deals.best[row] = max(deals.best[row], record.home)
        if record.outcome == LOST:
            self.lost += 1
            if record.restarted:
                self.restarted += 1
            self._break_streak()
            return
        self.won += 1
        deals.won[row] = True
        self.current_streak += 1
        if not self.broken:
            self.opening_run += 1
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

    def follow(self, earlier: Stats) -> None:
        """Count ``earlier``'s games as played before these (the earlier file's, then the
        ledger's): the same as adding these games' records, in order, to ``earlier``.

        Changes these statistics in place and costs as much as ``earlier`` is long, so
        a long ledger's totals take a short baseline without being copied.
        """
        self.best_streak = max(
            earlier.best_streak, self.best_streak, earlier.current_streak + self.opening_run
        )
        if not self.broken:
            self.current_streak += earlier.current_streak
        self.opening_run = (
            earlier.opening_run if earlier.broken else earlier.opening_run + self.opening_run
        )
        self.broken = self.broken or earlier.broken
        self.won += earlier.won
        self.lost += earlier.lost
        self.computer_won += earlier.computer_won
        self.computer_lost += earlier.computer_lost
        self.earlier_solved += earlier.earlier_solved
        self.restarted += earlier.restarted
        self.histogram = [a + b for a, b in zip(earlier.histogram, self.histogram, strict=True)]
        self.wins = [dict(win) for win in earlier.wins] + self.wins
        del self.wins[:-KEEP_WINS]
        for number, before in earlier.deals.items():
            self.deals.absorb(number, before)

    @staticmethod
    def of(records: Iterable[GameRecord], baseline: Stats | None = None) -> Stats:
        """The statistics of ``records`` added, in order, to ``baseline``."""
        stats = Stats() if baseline is None else baseline.copy()
        for record in records:
            stats.add(record)
        return stats

    def copy(self) -> Stats:
        """An independent copy."""
        return replace(
            self,
            histogram=list(self.histogram),
            wins=[dict(win) for win in self.wins],
            deals=self.deals.copy(),
        )


def is_final(record: GameRecord) -> bool:
    """Every outcome of Midnight Oil is a result (docs/foundation.md, "One game, one result")."""
    return record.outcome in OUTCOMES
