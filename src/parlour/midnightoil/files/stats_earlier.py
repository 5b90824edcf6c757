"""The statistics file of earlier versions (``midnightoil-stats.json``), read as a baseline.

Earlier versions kept totals in one JSON object that they rewrote at the end of
each game. It is read (never written) and its totals are the start the ledger's
games are added to (:func:`parlour.midnightoil.files.statsfile.load_stats`).

That file counted the games auto-solve played as ``solved`` without saying
whether the computer won them, and its per-deal ``played`` counted the
player's games and the computer's together. What it cannot tell apart stays
apart: its solved games are :attr:`Stats.earlier_solved`, and its per-deal
counts are ``earlier`` games unless it holds no solved game at all (then they
are all the player's own).
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.midnightoil.files.dealtable import DealTable
from parlour.midnightoil.files.stats import (
    KEEP_WINS,
    MAX_MOVES,
    STATS_VERSION,
    DealRecord,
    Stats,
    flag,
    whole,
)
from parlour.midnightoil.game.cards import DECK_SIZE, check_deal_number
from parlour.midnightoil.game.history import MAX_ELAPSED, MAX_UNDOS
from parlour.midnightoil.game.rules import REDEALS

if TYPE_CHECKING:
    from typing import Any


def parse_earlier(data: Any) -> Stats:
    """The statistics an earlier file holds; ``ValueError`` (or another error) if damaged."""
    if not isinstance(data, dict) or data.get("version") != STATS_VERSION:
        raise ValueError("not a statistics file of this version")
    counts = {}
    for name in ("won", "lost", "solved", "restarted", "current_streak", "best_streak"):
        counts[name] = whole(data[name], MAX_UNDOS)
    histogram = data["histogram"]
    if not isinstance(histogram, list) or len(histogram) != DECK_SIZE + 1:
        raise ValueError("the cards-home histogram is damaged")
    wins = data["wins"]
    if not isinstance(wins, list) or not all(isinstance(w, dict) for w in wins):
        raise ValueError("the list of wins is damaged")
    deals = data["deals"]
    if not isinstance(deals, dict):
        raise ValueError("the per-deal records are damaged")
    # With no solved game in the file, every game it counted on a deal was the player's.
    players_own = counts["solved"] == 0
    clean = DealTable()
    for key, entry in deals.items():
        if not key.isascii() or not key.isdigit() or not isinstance(entry, dict):
            raise ValueError("a per-deal record is damaged")
        number = check_deal_number(int(key))
        won = flag(entry.get("won"))
        best = whole(entry.get("best"), DECK_SIZE)
        if best == DECK_SIZE and not won:
            best = 0  # 52 home without a win: the computer's solve, never "your best"
        played = whole(entry.get("played"), MAX_UNDOS)
        if players_own:
            clean[number] = DealRecord(played=played, best=best, won=won)
        else:
            clean[number] = DealRecord(best=best, won=won, earlier=played)
    return Stats(
        won=counts["won"],
        lost=counts["lost"],
        earlier_solved=counts["solved"],
        restarted=counts["restarted"],
        current_streak=counts["current_streak"],
        best_streak=counts["best_streak"],
        broken=True,  # what its games opened with is not kept (nothing comes before them)
        histogram=[whole(n, MAX_UNDOS) for n in histogram],
        wins=[_clean_win(w) for w in wins][-KEEP_WINS:],
        deals=clean,
    )


def _clean_win(raw: dict[str, Any]) -> dict[str, Any]:
    """A win's details with only numbers and flags of the right range (shown on a page)."""
    seconds = raw.get("seconds", 0)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        seconds = 0
    return {
        "deal_number": check_deal_number(raw.get("deal_number", -1)),
        "phase": whole(raw.get("phase"), REDEALS + 1, low=1),
        "draw_used": flag(raw.get("draw_used")),
        "moves": whole(raw.get("moves"), MAX_MOVES),
        "undos": whole(raw.get("undos"), MAX_UNDOS),
        "seconds": float(seconds) if 0 <= seconds <= MAX_ELAPSED else 0.0,
    }
