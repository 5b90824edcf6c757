"""Mille statistics as a fold over the ledger, for :func:`parlour.core.tally.summarise`.

The totals per level (:class:`~parlour.mille.files.stats.LevelStats`) are built one
record at a time, so a ledger of any length is read once and in little memory,
and the settled games' totals are kept beside it (``games.totals.json``) for
the next reading. :data:`FOLD` is the fold: records parsed and checked as
strictly as :meth:`GameRecord.from_dict` does (it is that function), a game's
result the first finished record of its id, and kept totals loaded only when
every count is a whole number that fits the others. Change :data:`TAG`
whenever the records or the totals change meaning.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.i18n import _
from parlour.mille.files.stats import MAX_HAND_POINTS, GameRecord, LevelStats
from parlour.mille.game import LEVELS
from parlour.mille.game.scoring import NUM_SAFETIES

if TYPE_CHECKING:
    from typing import Any

TAG = "mille-levels-1"
"""The record layout (``GameRecord`` version 1) and the totals' (``LevelStats``)."""
COUNTS = (
    "games",
    "won",
    "lost",
    "tied",
    "abandoned",
    "hands",
    "hands_won",
    "points",
    "trips",
    "safeties",
    "coups",
    "shut_outs",
)
"""The whole-number fields of :class:`LevelStats`, in the order they are kept."""
Totals = dict[str, LevelStats]


class StatsFold:
    """The fold :func:`parlour.core.tally.summarise` reads mille's ledger with."""

    tag = TAG

    def parse(self, raw: dict[str, Any]) -> GameRecord:
        """One ledger line, checked (``ValueError``: a damaged line)."""
        return GameRecord.from_dict(raw)

    def game_id(self, record: GameRecord) -> str | None:
        """The game the record belongs to."""
        return record.game_id

    def is_final(self, record: GameRecord) -> bool:
        """A finished game (won, lost or tied) is its result; an abandoned one is not."""
        return record.outcome != "abandoned"

    def empty(self) -> Totals:
        """No games yet, at every level."""
        return {level: LevelStats() for level in LEVELS}

    def add(self, totals: Totals, record: GameRecord) -> None:
        """Count one game and its hands at its level."""
        totals[record.level].add(record)

    def dump(self, totals: Totals) -> dict[str, list[int | None]]:
        """The totals as plain data: each level's counts in :data:`COUNTS` order, then best."""
        return {
            level: [*(getattr(stats, name) for name in COUNTS), stats.best]
            for level, stats in totals.items()
        }

    def load(self, data: Any) -> Totals:
        """Kept totals back; ``ValueError`` unless every level is there with counts that fit."""
        if not isinstance(data, dict) or sorted(data) != sorted(LEVELS):
            raise ValueError(_("the kept totals do not name the levels"))
        return {level: _level(data[level]) for level in LEVELS}


def _level(values: Any) -> LevelStats:
    """One level's kept totals, checked: whole numbers, none negative, each within what the
    others allow (a game's outcomes add up, no more hands won than played ...)."""
    if not isinstance(values, list) or len(values) != len(COUNTS) + 1:
        raise ValueError(_("a level's kept totals have the wrong shape"))
    *counts, best = values
    if any(type(count) is not int or count < 0 for count in counts):
        raise ValueError(_("a kept count is not a whole number"))
    stats = LevelStats(**dict(zip(COUNTS, counts, strict=True)))
    if best is not None and (type(best) is not int or not 0 <= best <= MAX_HAND_POINTS):
        raise ValueError(_("the kept best hand is out of range"))
    stats.best = best
    hands = stats.hands
    if (
        stats.won + stats.lost + stats.tied != stats.games
        or (best is None) != (hands == 0)
        or max(stats.hands_won, stats.trips) > hands
        or stats.shut_outs > stats.trips
        or stats.coups > stats.safeties
        or stats.safeties > NUM_SAFETIES * hands
        or stats.points > MAX_HAND_POINTS * hands
        or (best is not None and best * hands < stats.points)
    ):
        raise ValueError(_("a level's kept totals do not fit together"))
    return stats


FOLD = StatsFold()
