"""Mille's part of the records kit (:mod:`parlour.core.keeper`): its ledger, record, fold, report.

* the ledger: ``DATA/mille/games.jsonl``, kept by :data:`KEEPER`;
* the record: :class:`~parlour.mille.files.stats.GameRecord`, one per game;
* the fold: :class:`~parlour.mille.files.statsfold.StatsFold`, the totals per level;
* the report: :func:`stats_report` (``mille --stats``, and the farewell's lines).

:class:`Recorder` holds the current game's :class:`~parlour.mille.files.savefile.Meta`
(its id, the level, the summaries of its finished hands, kept in saves) and
settles the game (:meth:`parlour.core.keeper.Keeper.settle`): when the game ends
(GAME_OVER), and when it is left without a save (quit unsaved, or a crash whose
recovery save failed). A record the ledger cannot take (a full or read-only data
folder) is kept and written the next time; the farewell says so in one line
(:meth:`parlour.core.keeper.Written.message`). The kept records are also
written as the game starts and before the statistics are shown
(:meth:`~parlour.core.keeper.Keeper.flush`), and a result still kept counts as
recorded for a replay.

One game, one result (docs/foundation.md): until a game has a result the last
line of its id counts, so a game recorded as abandoned and later resumed from a
save and finished counts once; its first finished record is its result for
good. A game restored from a save after its result was recorded is a *replay*
(:meth:`~parlour.core.keeper.Keeper.settled_result` tells, as the save loads): it
records nothing, and the message line and the farewell say so.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.i18n import N_, _, number
from parlour.core.keeper import Keeper
from parlour.core.record import Record
from parlour.mille.files.meta import Meta
from parlour.mille.game import LEVELS
from parlour.mille.game.table import Phase

if TYPE_CHECKING:  # the ledger and the statistics are imported when a record is written
    from parlour.mille.files.stats import GameRecord
    from parlour.mille.files.statsfold import StatsFold
    from parlour.mille.game.rules import Game


def _fold() -> StatsFold:
    from parlour.mille.files.statsfold import FOLD

    return FOLD


KEEPER = Keeper("mille", _fold)
"""Mille's statistics: ``DATA/mille/games.jsonl``, read with :class:`StatsFold`."""


OUTCOME_WORDS = {
    "won": N_("won"),
    "lost": N_("lost"),
    "tied": N_("tied"),
    "abandoned": N_("abandoned"),
}
"""The outcomes a record keeps (English codes), as the player reads them."""


def _result_words(result: GameRecord) -> str:
    """``lost 5250-6300``: the outcome and the totals, yours first."""
    outcome = _(OUTCOME_WORDS.get(result.outcome, result.outcome))
    # TRANSLATORS: {outcome} is won, lost or tied; the totals are yours first.
    return _("{outcome} {you}-{computer}").format(
        outcome=outcome, you=number(result.you), computer=number(result.computer)
    )


def replay_note(result: GameRecord) -> str:
    """The message line as a replay starts (at most 35 columns: totals below 10000)."""
    # TRANSLATORS: the message line (35 columns at most, with a result such as lost 5250-6300).
    return _("Replay, not counted: {result}").format(result=_result_words(result))


def replay_farewell(result: GameRecord) -> str:
    """The farewell's line about a replay (at most 76 columns)."""
    # TRANSLATORS: 76 columns at most, {result} such as "lost 5250-6300".
    return _("The restored game had ended already (you {result}): not counted again.").format(
        result=_result_words(result)
    )


def stats_lines(levels: tuple[str, ...] | None = None) -> list[str]:
    """The statistics as plain lines, of every level unless ``levels`` is given (with a
    line about anything skipped, or why the statistics could not be read: a line the
    farewell wraps, its path kept whole)."""
    report = stats_report(levels)
    return [report.problem] if report.problem is not None else report.shown()


class StatsReport(Record):
    """The statistics as read, with what the player should be told about reading them."""

    lines: list[str]
    """The totals per level as plain lines (none when ``problem`` says why)."""
    note: str | None = None
    """Damaged lines skipped on the way (the rest is shown), or None."""
    problem: str | None = None
    """Why the statistics could not be read at all (``mille --stats`` then says only that)."""

    def shown(self) -> list[str]:
        """The lines, then the note about what was skipped, fitted to 80 columns."""
        return [*self.lines, *fitted(self.note)] if self.note else self.lines


def stats_report(levels: tuple[str, ...] | None = None) -> StatsReport:
    """The statistics as plain lines and a line about damaged lines skipped; or, when the
    statistics could not be read at all, no lines and why.

    The kept records are written first; the ledger is read as a fold
    (:meth:`parlour.core.keeper.Keeper.tally`), so the settled games' totals kept beside it
    spare reading it all again.
    """
    from parlour.mille.files import stats

    try:
        path = KEEPER.ledger_path()
        summary = KEEPER.tally(shown=True)  # progress after 1 s
    except OSError as exc:
        from parlour.core.ledger import Reading

        reason = exc.strerror or exc
        unread = Reading(
            problem=_("the data folder cannot be used ({reason})").format(reason=reason)
        )
        return StatsReport([], problem=unread.message())
    if summary.problem is not None:
        from parlour.core.text import keep_whole, printable

        shown, problem = printable(str(path)), summary.problem
        if problem.startswith(shown):  # "PATH is a folder": the path kept whole
            rest = problem[len(shown) :]
            return StatsReport(
                [],
                problem=_("The statistics file {file}{problem}").format(
                    file=keep_whole(shown), problem=rest
                ),
            )
        return StatsReport(
            [],
            problem=_("The statistics file {file} could not be read: {problem}").format(
                file=keep_whole(shown), problem=problem
            ),
        )
    lines = stats.report_totals(summary.totals, LEVELS if levels is None else levels)
    return StatsReport(lines, summary.message("statistics"))


def fitted(line: str) -> list[str]:
    """``line`` broken at spaces into lines of at most 80 columns, the later ones indented
    as a level's are; a word too long for a line (a long path) is cut in the middle."""
    from parlour.core.text import ASCII_ELLIPSIS, LINE_COLUMNS, shorten_middle, width
    from parlour.mille.files.stats import INDENT

    lines: list[str] = []
    for word in line.split(" "):
        if lines and width(joined := f"{lines[-1]} {word}") <= LINE_COLUMNS:
            lines[-1] = joined
            continue
        lead = INDENT if lines else ""
        room = LINE_COLUMNS - width(lead)
        lines.append(
            lead + (word if width(word) <= room else shorten_middle(word, room, ASCII_ELLIPSIS))
        )
    return lines


class Recorder:
    """Summaries and ledger lines for the games of one session."""

    def __init__(self, meta: Meta, replay_of: GameRecord | None = None) -> None:
        self.meta = meta
        self.recorded = False
        """Whether a record was written in this session (the farewell shows the totals)."""
        self.problem: str | None = None
        """The last failure to record, for the player."""
        self.replay_of = replay_of
        """The recorded result of the game in play when it is a replay (it records nothing)."""
        self.replayed = replay_of
        """The result of the last game of this session found to be a replay (for the farewell)."""

    @property
    def level(self) -> str:
        """The computer's level."""
        return self.meta.level

    def summarize(self, game: Game) -> None:
        """Summarize a hand that has just ended (once) and settle a game that has just ended."""
        if game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            return
        hands = self.meta.hands
        if hands and hands[-1].number == game.hands_played:
            return
        from parlour.mille.files import stats

        hands.append(stats.summarize_hand(game))
        if game.phase is Phase.GAME_OVER:
            self.record(game)

    def new_game(self) -> None:
        """``Another game?`` was answered yes: a new id and no hands yet."""
        from parlour.core.gameid import new_game_id

        self.meta = Meta(new_game_id(), self.meta.level, [], True)
        self.replay_of = None

    def abandoned(self, game: Game) -> None:
        """The game is being left without a save: record it (a finished game already is)."""
        if game.phase is not Phase.GAME_OVER:
            self.record(game)

    def record(self, game: Game) -> None:
        """Settle the game as it stands now (a data folder that cannot be used is named in
        the problem, with why).

        Nothing is written for a replay: a game whose result the ledger already holds,
        known as the save loaded or found now (another copy of the game may have
        finished it since).
        """
        if self.replay_of is not None:
            return
        from parlour.core.text import LINE_COLUMNS
        from parlour.mille.files import stats

        meta = self.meta
        record = stats.game_record(
            game, meta.game_id, meta.level, meta.hands, complete=meta.complete
        )
        result, written = KEEPER.settle(meta.game_id, record.to_dict())
        if result is not None:
            self.replay_of = self.replayed = result
            return
        assert written is not None
        if written.recorded:
            self.recorded = True
        self.problem = written.message(LINE_COLUMNS)

    def farewell_lines(self) -> list[str]:
        """What the end of the session shows: a replay said as such, this level's totals (when
        this session recorded a game), or why none were kept."""
        lines = []
        if self.replayed is not None:
            lines.append(replay_farewell(self.replayed))
        if self.problem:
            lines.append(self.problem)
        if self.recorded:
            lines += stats_lines((self.meta.level,))
        return lines
