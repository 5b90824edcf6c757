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

from typing import Any

from parlour.core.text import name_key
from parlour.dixmille.files import linetotals, stats
from parlour.dixmille.files.keptform import AllTotals as AllTotals
from parlour.dixmille.files.keptform import dump_style as dump_style
from parlour.dixmille.files.keptform import dump_totals as dump_totals
from parlour.dixmille.files.keptform import load_style as load_style
from parlour.dixmille.files.keptform import load_totals as load_totals
from parlour.dixmille.files.linetotals import LineTotals
from parlour.dixmille.files.stats import GameRecord

TAG = "dixmille-totals-2"
"""Names the record and totals layout: change it whenever either changes meaning. (2: a
line may be led by its own totals; a version before it counted such a line damaged, so
totals it kept are not used.)"""

Found = GameRecord | LineTotals
"""A game as a reading finds it: its record checked, or its line's own totals believed."""


class StatsFold:
    """Dix Mille's statistics for :func:`parlour.core.tally.summarise`."""

    tag = TAG

    def parse(self, raw: dict[str, Any]) -> Found:
        return stats.parse_record(raw)

    def quick(self, body: Any) -> Found:
        """The game a line's own summary describes (:mod:`parlour.dixmille.files.linetotals`)."""
        return linetotals.load(body)

    def game_id(self, record: Found) -> str | None:
        return record.game_id

    def is_final(self, record: Found) -> bool:
        return record.finished

    def empty(self) -> AllTotals:
        return {}

    def add(self, totals: AllTotals, record: Found) -> None:
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


FOLD = StatsFold()
