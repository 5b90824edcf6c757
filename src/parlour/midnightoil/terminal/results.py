"""The result of the Midnight Oil game in play, recorded once, and the statistics as read.

What is recorded when (docs/midnightoil.md, "Statistics"): a win at once; a
game that can bring no more cards home once that is proven; a game left
(new deal, restart, choose deal, quit without saving) as lost. A game whose
current position is saved is not recorded when it is left or when input
ends: it counts when the resumed game ends, under the same game id. The first
result of a game is its result for good (:mod:`parlour.midnightoil.terminal.ending`):
play after it, or a save of an ended game resumed, is a replay and records
nothing.

:class:`Results` owns the game's :class:`~parlour.midnightoil.terminal.ending.Ending`,
the statistics read from the ledger and what went wrong with the last record. It is
told the game and its spot (position, line, auto-solve) with each question; it says
nothing itself, but returns what the message row should say.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.midnightoil.files.stats import SOLVED, WON, Stats, record_of
from parlour.midnightoil.files.statsfile import KEEPER, append_record, load_stats
from parlour.midnightoil.terminal.ending import Ending

if TYPE_CHECKING:
    from parlour.midnightoil.game.history import Game


class Results:
    """The game's end and its one result, and the statistics shown."""

    def __init__(self) -> None:
        self.stats: Stats
        self.stats, warning = load_stats()
        self.stats_note = warning
        """What the statistics page says about the ledger (damaged lines skipped...)."""
        self.ending = Ending()
        """The game's end and its result (recorded here, or found: then play is a replay)."""
        self.record_warning: str | None = None
        """Why the last record could not be made (kept over the next deal's welcome)."""
        self.record_problem: str | None = None
        """Why the last record is not in the ledger (kept for next time, or lost): a game
        left on quitting or a hang-up says so in its last line."""

    def look_up(self, game: Game, spot: tuple[object, ...]) -> None:
        """A game played before (resumed) may already have its result: then this is a replay.

        A won game without a result in the ledger (its record could not be written)
        is taken as ended here: there is nothing left to play or record.
        """
        found = None if game.new_id else KEEPER.settled_result(game.game_id)
        if found is not None:
            self.ending.note_result(found, None)
        elif game.state.is_won():
            self.ending.note_result(record_of(game, SOLVED if game.solver_used else WON), spot)

    def record(
        self, game: Game, outcome: str, spot: tuple[object, ...], restarted: bool = False
    ) -> str | None:
        """Record this game's result: its first, so only while it has none.

        Another copy of the game (resumed from the same save) may have ended it
        meanwhile: then that result stands, nothing is written, and the line for the
        message row says so. Also a line when the record or the ledger's reading failed.
        """
        if self.ending.result is not None:
            return None
        found = KEEPER.settled_result(game.game_id)
        if found is not None:
            self.ending.note_result(found, None)
            return self.ending.not_recorded()
        record = record_of(game, outcome, restarted)
        self.ending.note_result(record, spot)
        self.record_problem = append_record(record)
        self.stats, read_warning = load_stats()
        self.record_warning = self.record_problem or read_warning
        return self.record_warning or None

    def reread(self) -> None:
        """Read the statistics again: another copy of the game may have recorded games since."""
        self.stats, self.stats_note = load_stats()

    def start_over(self) -> str | None:
        """A new game: no end and no result; the last record's warning, once."""
        self.ending.start_over()
        warning, self.record_warning = self.record_warning, None
        return warning

    def forget_problem(self) -> None:
        """The last record's problem is said already: the next last line tells only its own."""
        self.record_problem = None

    def last_words(self, line: str) -> str:
        """``line`` for the terminal after the game, and what became of its record if it
        did not go into the ledger."""
        return line if self.record_problem is None else f"{line}\n{self.record_problem}"
