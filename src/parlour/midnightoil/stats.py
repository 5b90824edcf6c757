"""Statistics of Midnight Oil games, kept in the data folder (spec §10).

Each game gets one outcome when it ends: ``won`` (52 home without auto-solve),
``solved`` (auto-solve used, whatever the result) or ``lost`` (any other end
after at least one move; a restart also counts as ``restarted``). Streaks
count consecutive wins; a lost or solved game ends one. Per deal number the
best cards home and whether it was ever won are kept, so a replayed deal can
show "your best: 47/52".
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from typing import Any

from parlour.core import paths
from parlour.midnightoil.cards import DECK_SIZE
from parlour.midnightoil.game import Game

STATS_FILE = "midnightoil-stats.json"
STATS_VERSION = 1
WON, LOST, SOLVED = "won", "lost", "solved"
OUTCOMES = (WON, LOST, SOLVED)
KEEP_WINS = 100
"""Details of the most recent wins kept."""


@dataclass
class Stats:
    """Totals, streaks, a cards-home histogram and per-deal records."""

    won: int = 0
    lost: int = 0
    solved: int = 0
    restarted: int = 0
    current_streak: int = 0
    best_streak: int = 0
    histogram: list[int] = field(default_factory=lambda: [0] * (DECK_SIZE + 1))
    wins: list[dict[str, Any]] = field(default_factory=list)
    deals: dict[str, dict[str, Any]] = field(default_factory=dict)

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
        """Mean cards home over all recorded games."""
        total = sum(n * count for n, count in enumerate(self.histogram))
        games = sum(self.histogram)
        return total / games if games else 0.0

    @property
    def best_home(self) -> int:
        """The most cards home in any recorded game."""
        best = [n for n, count in enumerate(self.histogram) if count]
        return max(best) if best else 0

    def best_for(self, deal_number: int) -> dict[str, Any] | None:
        """The record of one deal number (``best``, ``won``, ``played``) or None."""
        return self.deals.get(str(deal_number))

    def record(self, outcome: str, game: Game, restarted: bool = False) -> None:
        """Count one finished game."""
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}")
        home = game.state.cards_home()
        if outcome == WON:
            self.won += 1
            self.current_streak += 1
            self.best_streak = max(self.best_streak, self.current_streak)
            self.wins.append(
                {
                    "deal_number": game.deal_number,
                    "phase": game.state.phase,
                    "draw_used": game.state.draw_used,
                    "moves": game.moves,
                    "undos": game.undos,
                    "seconds": round(game.elapsed, 1),
                }
            )
            del self.wins[:-KEEP_WINS]
        else:
            if outcome == LOST:
                self.lost += 1
            else:
                self.solved += 1
            self.current_streak = 0
        if restarted:
            self.restarted += 1
        self.histogram[home] += 1
        entry = self.deals.setdefault(str(game.deal_number), {"best": 0, "won": False, "played": 0})
        entry["played"] += 1
        entry["best"] = max(entry["best"], home)
        entry["won"] = entry["won"] or outcome == WON

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "version": STATS_VERSION,
            "won": self.won,
            "lost": self.lost,
            "solved": self.solved,
            "restarted": self.restarted,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "histogram": list(self.histogram),
            "wins": list(self.wins),
            "deals": dict(self.deals),
        }

    @staticmethod
    def from_dict(data: Any) -> Stats:
        """Rebuild from :meth:`to_dict`; ``ValueError``/``TypeError``/``KeyError`` if bad."""
        if not isinstance(data, dict) or data.get("version") != STATS_VERSION:
            raise ValueError("not a statistics file of this version")
        counts = {}
        for name in ("won", "lost", "solved", "restarted", "current_streak", "best_streak"):
            value = data[name]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} is not a count")
            counts[name] = value
        histogram = data["histogram"]
        if (
            not isinstance(histogram, list)
            or len(histogram) != DECK_SIZE + 1
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in histogram)
        ):
            raise ValueError("the cards-home histogram is damaged")
        wins = data["wins"]
        if not isinstance(wins, list) or not all(isinstance(w, dict) for w in wins):
            raise ValueError("the list of wins is damaged")
        deals = data["deals"]
        if not isinstance(deals, dict):
            raise ValueError("the per-deal records are damaged")
        for key, entry in deals.items():
            if (
                not key.isdigit()
                or not isinstance(entry, dict)
                or not isinstance(entry.get("best"), int)
                or not isinstance(entry.get("won"), bool)
                or not isinstance(entry.get("played"), int)
            ):
                raise ValueError(f"the record of deal {key} is damaged")
        return Stats(histogram=list(histogram), wins=list(wins), deals=dict(deals), **counts)


def load_stats() -> tuple[Stats, str | None]:
    """The saved statistics, or fresh ones and a warning if the file is unreadable.

    A damaged file is kept beside the new one as ``.damaged`` so nothing is lost.
    """
    path = paths.data_file(STATS_FILE)
    if not path.exists():
        return Stats(), None
    try:
        return Stats.from_dict(json.loads(path.read_text(encoding="utf-8"))), None
    except OSError as exc:
        return Stats(), f"Statistics could not be read ({exc.strerror or exc})."
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        with contextlib.suppress(OSError):
            os.replace(path, path.with_name(STATS_FILE + ".damaged"))
        return Stats(), f"Statistics file was damaged; kept as {STATS_FILE}.damaged."


def save_stats(stats: Stats) -> str | None:
    """Write the statistics atomically; returns a warning for the player on failure."""
    path = paths.data_file(STATS_FILE)
    tmp = path.with_name(STATS_FILE + ".tmp")
    try:
        tmp.write_text(json.dumps(stats.to_dict(), indent=1), encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        return f"Statistics could not be saved ({exc.strerror or exc})."
    return None
