"""The mille app's statistics keeping: hand summaries as hands end, one ledger line per game.

:class:`Recorder` holds the current game's :class:`~parlour.mille.savefile.Meta`
(its id, the level, the summaries of its finished hands, kept in saves) and
appends the game's record to ``DATA/mille/games.jsonl`` with
:func:`parlour.core.ledger.append`: when the game ends (GAME_OVER), and when it
is left without a save (quit unsaved, or a crash whose recovery save failed).
The ledger keeps the last line of each game id, so a game that was recorded as
abandoned and later resumed from a save and finished counts once.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.mille.meta import Meta
from parlour.mille.rules import Phase

if TYPE_CHECKING:  # the ledger and the statistics are imported when a record is written
    from pathlib import Path

    from parlour.core import ledger
    from parlour.mille.rules import Game

LEDGER_NAME = "games.jsonl"


def ledger_path() -> Path:
    """Where mille's statistics live (``OSError`` if the data folder cannot be used)."""
    from parlour.core import paths

    return paths.data_dir(create=False) / "mille" / LEDGER_NAME


def read_records() -> ledger.Reading:
    """Every game in the ledger, the last record of each id; damaged lines counted, skipped."""
    from parlour.core import ledger
    from parlour.mille import stats

    try:
        path = ledger_path()
    except OSError as exc:
        reading = ledger.Reading()
        reading.problem = f"the data folder cannot be used ({exc.strerror or exc})"
        return reading
    return ledger.read(path, stats.GameRecord.from_dict, lambda record: record.game_id)


def stats_lines(levels: tuple[str, ...] | None = None) -> list[str]:
    """The statistics as plain lines, of every level unless ``levels`` is given (with a
    line about anything skipped)."""
    from parlour.mille import stats

    reading = read_records()
    lines = stats.report(reading.records, stats.LEVELS if levels is None else levels)
    note = reading.message("statistics")
    return [*lines, note] if note else lines


class Recorder:
    """Summaries and ledger lines for the games of one session."""

    def __init__(self, meta: Meta) -> None:
        self.meta = meta
        self.recorded = False
        """Whether a record was written in this session (the farewell shows the totals)."""
        self.problem: str | None = None
        """The last failure to record, for the player."""

    @property
    def level(self) -> str:
        """The computer's level."""
        return self.meta.level

    def settle(self, game: Game) -> None:
        """Summarize a hand that has just ended (once) and record a game that has just ended."""
        if game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            return
        hands = self.meta.hands
        if hands and hands[-1].number == game.hands_played:
            return
        from parlour.mille import stats

        hands.append(stats.summarize_hand(game))
        if game.phase is Phase.GAME_OVER:
            self.record(game)

    def new_game(self) -> None:
        """``Another game?`` was answered yes: a new id and no hands yet."""
        from parlour.core.gameid import new_game_id

        self.meta = Meta(new_game_id(), self.meta.level, [], True)

    def abandoned(self, game: Game) -> None:
        """The game is being left without a save: record it (a finished game already is)."""
        if game.phase is not Phase.GAME_OVER:
            self.record(game)

    def record(self, game: Game) -> None:
        """Append the game's record as it stands now (a data folder that cannot be used is
        named in the problem, with why)."""
        from parlour.core import ledger, paths
        from parlour.core.text import LINE_COLUMNS
        from parlour.mille import stats

        problem = paths.folder_problem("statistics not recorded", LINE_COLUMNS)
        if problem is not None:
            self.problem = problem
            return

        meta = self.meta
        record = stats.game_record(
            game, meta.game_id, meta.level, meta.hands, complete=meta.complete
        )
        try:
            ledger.append(ledger_path(), record.to_dict())
        except ledger.LedgerError as exc:
            self.problem = str(exc)
            return
        except OSError as exc:
            self.problem = f"statistics not recorded: the data folder cannot be used ({exc})"
            return
        self.recorded = True

    def farewell_lines(self) -> list[str]:
        """What the end of the session shows: this level's totals, or why none were kept."""
        lines = []
        if self.problem:
            lines.append(self.problem)
        if self.recorded:
            lines += stats_lines((self.meta.level,))
        return lines
