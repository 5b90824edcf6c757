"""Mille statistics: what one hand and one game leave behind, and the totals per level.

Pure: no files, no terminal. The app appends one :class:`GameRecord` per game to
the ledger (``parlour.core.ledger``, ``DATA/mille/games.jsonl``) when the game
ends (``won``, ``lost``, ``tied``) or is left without a save (``abandoned``).
The ledger keeps one record of each ``game_id``: its first finished record
(the game's result, for good) or, until it has one, its last, so a game saved,
resumed and finished counts once. :func:`tally` adds the records up per level
and :func:`report` writes them as plain lines, each rate with its base.

A "game" is one race to 5000 points (``Another game?`` starts the next one);
a hand is won when the human's hand total beats the computer's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.i18n import _, ngettext, number, percent, pgettext
from parlour.core.ledger import is_game_id
from parlour.core.rng import SEED_LIMIT
from parlour.core.text import LINE_COLUMNS, width
from parlour.mille.files import reasons
from parlour.mille.game import LEVELS
from parlour.mille.game.rules import Game
from parlour.mille.game.scoring import (
    ALL_SAFETIES_POINTS,
    COUP_POINTS,
    DELAYED_ACTION_POINTS,
    EXTENSION_POINTS,
    GAME_POINTS,
    NUM_SAFETIES,
    SAFE_TRIP_POINTS,
    SAFETY_POINTS,
    SHUT_OUT_POINTS,
    TRIP_POINTS,
)
from parlour.mille.game.table import COMPUTER, EXTENDED_GOAL, HUMAN, Phase

OUTCOMES = ("won", "lost", "tied", "abandoned")
RECORD_VERSION = 1
MAX_HAND_POINTS = (
    EXTENDED_GOAL
    + NUM_SAFETIES * (SAFETY_POINTS + COUP_POINTS)
    + ALL_SAFETIES_POINTS
    + TRIP_POINTS
    + SAFE_TRIP_POINTS
    + DELAYED_ACTION_POINTS
    + EXTENSION_POINTS
    + SHUT_OUT_POINTS
)
"""The most one hand can score (4600): every item of the score window at once."""
MAX_GAME_POINTS = GAME_POINTS - 1 + MAX_HAND_POINTS
"""A game ends at the end of the hand that reaches 5000, so no total passes this."""
MAX_HANDS = 10**6
MIN_TRIP_POINTS = 700 + TRIP_POINTS
INDENT = "  "
"""A level's lines after its first, and a line carried over, start with this."""


def checked_int(value: Any, what: str, low: int, high: int) -> int:
    """``value`` if it is a whole number (not a bool) from ``low`` to ``high``, else ValueError."""
    if type(value) is not int or not low <= value <= high:
        raise reasons.not_whole(what, low, high)
    return value


def checked_bool(value: Any, what: str) -> bool:
    """``value`` if it is true or false, else ValueError."""
    if type(value) is not bool:
        raise reasons.not_bool(what)
    return value


@dataclass(frozen=True)
class HandSummary:
    """One finished hand as the statistics see it (the human's side, both totals)."""

    number: int
    """The hand's number in the session (``Game.hands_played`` when it ended)."""
    you: int
    computer: int
    trip: bool
    """The human completed the trip."""
    safeties: int
    coups: int
    shut_out: bool

    @property
    def won(self) -> bool:
        """The human's hand total beat the computer's."""
        return self.you > self.computer

    def to_dict(self) -> dict[str, Any]:
        """Plain data for a save or a ledger line."""
        return {
            "number": self.number,
            "you": self.you,
            "computer": self.computer,
            "trip": self.trip,
            "safeties": self.safeties,
            "coups": self.coups,
            "shut_out": self.shut_out,
        }

    @classmethod
    def from_dict(cls, data: Any) -> HandSummary:
        """Strictly rebuild :meth:`to_dict` output; ``ValueError`` names what is impossible."""
        if not isinstance(data, dict):
            raise ValueError(_("a hand summary is not an object"))
        fields: Any = data  # (a dict: its values are checked below)
        get = fields.get
        number, you, computer = get("number"), get("you"), get("computer")
        trip, safeties, coups, shut_out = (
            get("trip"),
            get("safeties"),
            get("coups"),
            get("shut_out"),
        )
        # Every field in one test (a ledger holds hundreds of thousands of hands); only a
        # hand that fails it goes through the checks one by one, which name the field.
        if not (
            type(number) is int
            and type(you) is int
            and type(computer) is int
            and type(safeties) is int
            and type(coups) is int
            and type(trip) is bool
            and type(shut_out) is bool
            and 1 <= number <= MAX_HANDS
            and 0 <= you <= MAX_HAND_POINTS
            and 0 <= computer <= MAX_HAND_POINTS
            and 0 <= safeties <= NUM_SAFETIES
            and 0 <= coups <= NUM_SAFETIES
        ):
            checked_int(number, pgettext("save field", "a hand number"), 1, MAX_HANDS)
            score = pgettext("save field", "a hand score")
            checked_int(you, score, 0, MAX_HAND_POINTS)
            checked_int(computer, score, 0, MAX_HAND_POINTS)
            checked_bool(trip, pgettext("save field", "a trip flag"))
            checked_int(safeties, pgettext("save field", "a safety count"), 0, NUM_SAFETIES)
            checked_int(coups, pgettext("save field", "a coup count"), 0, NUM_SAFETIES)
            checked_bool(shut_out, pgettext("save field", "a shut-out flag"))
        if coups > safeties or you < safeties * SAFETY_POINTS + coups * COUP_POINTS:
            raise ValueError(_("a hand summary does not add up"))
        if shut_out and not trip:
            raise ValueError(_("a shut-out without a trip"))
        if trip and you < MIN_TRIP_POINTS:
            raise ValueError(_("a trip worth too few points"))
        return cls(number, you, computer, trip, safeties, coups, shut_out)


def summarize_hand(game: Game) -> HandSummary:
    """The summary of the hand that just ended (``game`` in HAND_OVER or GAME_OVER)."""
    if game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        raise ValueError(_("the hand is not over"))
    you, comp = game.players[HUMAN], game.players[COMPUTER]
    return HandSummary(
        number=game.hands_played,
        you=you.hand_total,
        computer=comp.hand_total,
        trip=game.finisher == HUMAN,
        safeties=len(you.safeties),
        coups=sum(you.safeties.values()),
        shut_out=you.bonuses.shut_out > 0,
    )


def check_hands(hands: list[HandSummary], last: int) -> None:
    """``ValueError`` unless ``hands`` are consecutive hand numbers ending at ``last``."""
    numbers = [hand.number for hand in hands]
    if numbers and numbers != list(range(last - len(numbers) + 1, last + 1)):
        raise ValueError(_("the game's hand summaries are not consecutive"))


@dataclass(frozen=True)
class GameRecord:
    """One game in the ledger: who won (or that it was left), its hands, the level."""

    game_id: str
    level: str
    outcome: str
    you: int
    computer: int
    hands: tuple[HandSummary, ...]
    seed: int
    complete: bool = True
    """Whether ``hands`` covers the whole game (a save from before summaries may lack some)."""

    def to_dict(self) -> dict[str, Any]:
        """One ledger line."""
        return {
            "version": RECORD_VERSION,
            "game_id": self.game_id,
            "level": self.level,
            "outcome": self.outcome,
            "you": self.you,
            "computer": self.computer,
            "hands": [hand.to_dict() for hand in self.hands],
            "seed": self.seed,
            "complete": self.complete,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        """Strictly rebuild a ledger line; ``ValueError`` if it is not one a game could write."""
        if data.get("version") != RECORD_VERSION:
            raise ValueError(_("unknown record version"))
        game_id = data.get("game_id")
        if not is_game_id(game_id):
            raise ValueError(_("bad game id"))
        level = data.get("level")
        if level not in LEVELS:
            raise ValueError(_("unknown level"))
        outcome = data.get("outcome")
        if outcome not in OUTCOMES:
            raise ValueError(_("unknown outcome"))
        raw_hands = data.get("hands")
        if not isinstance(raw_hands, list) or len(raw_hands) > MAX_HANDS:
            raise ValueError(_("the hands are not a list"))
        hands = [HandSummary.from_dict(hand) for hand in raw_hands]
        if hands:
            check_hands(hands, hands[-1].number)
        get: Any = data.get  # (its values are checked below)
        you, computer, seed, complete = get("you"), get("computer"), get("seed"), get("complete")
        if not (  # one test; the reason (translated) only for a line that fails it
            type(you) is int
            and type(computer) is int
            and type(seed) is int
            and type(complete) is bool
            and 0 <= you <= MAX_GAME_POINTS
            and 0 <= computer <= MAX_GAME_POINTS
            and 0 <= seed < SEED_LIMIT
        ):
            checked_int(you, pgettext("save field", "a total"), 0, MAX_GAME_POINTS)
            checked_int(computer, pgettext("save field", "a total"), 0, MAX_GAME_POINTS)
            checked_int(seed, pgettext("save field", "a seed"), 0, SEED_LIMIT - 1)
            checked_bool(complete, pgettext("save field", "the complete flag"))
        record = cls(
            str(game_id), str(level), str(outcome), you, computer, tuple(hands), seed, complete
        )
        record.check()
        return record

    def check(self) -> None:
        """``ValueError`` if the outcome does not follow from the totals and hands."""
        if self.outcome != "abandoned":
            if max(self.you, self.computer) < GAME_POINTS:
                raise ValueError(_("a finished game below 5000 points"))
            expected = "won" if self.you > self.computer else "lost"
            if self.you == self.computer:
                expected = "tied"
            if self.outcome != expected:
                raise ValueError(_("the outcome does not match the totals"))
        you = sum(hand.you for hand in self.hands)
        comp = sum(hand.computer for hand in self.hands)
        if you > self.you or comp > self.computer:
            raise ValueError(_("the hands add up to more than the totals"))
        if (
            self.complete
            and self.outcome != "abandoned"
            and (you, comp)
            != (
                self.you,
                self.computer,
            )
        ):
            raise ValueError(_("the hands do not add up to the totals"))


def game_record(
    game: Game,
    game_id: str,
    level: str,
    hands: Iterable[HandSummary],
    *,
    complete: bool,
) -> GameRecord:
    """The record of the game in progress: finished at GAME_OVER, else abandoned."""
    you = game.players[HUMAN].overall_total
    comp = game.players[COMPUTER].overall_total
    if game.phase is Phase.GAME_OVER:
        outcome = "won" if you > comp else "lost" if you < comp else "tied"
    else:
        outcome = "abandoned"
    return GameRecord(game_id, level, outcome, you, comp, tuple(hands), game.seed, complete)


@dataclass
class LevelStats:
    """The totals of one level."""

    games: int = 0
    """Finished games."""
    won: int = 0
    lost: int = 0
    tied: int = 0
    abandoned: int = 0
    hands: int = 0
    hands_won: int = 0
    points: int = 0
    trips: int = 0
    safeties: int = 0
    coups: int = 0
    shut_outs: int = 0
    best: int | None = None

    @property
    def mean_hand(self) -> float | None:
        """The human's mean hand score (None before the first hand)."""
        return self.points / self.hands if self.hands else None

    def add(self, record: GameRecord) -> None:
        """Count one game and its hands."""
        if record.outcome == "abandoned":
            self.abandoned += 1
        else:
            self.games += 1
            self.won += record.outcome == "won"
            self.lost += record.outcome == "lost"
            self.tied += record.outcome == "tied"
        for hand in record.hands:
            self.hands += 1
            self.hands_won += hand.won
            self.points += hand.you
            self.trips += hand.trip
            self.safeties += hand.safeties
            self.coups += hand.coups
            self.shut_outs += hand.shut_out
            self.best = hand.you if self.best is None else max(self.best, hand.you)


def tally(records: Iterable[GameRecord]) -> dict[str, LevelStats]:
    """Totals per level (every level present, empty ones included)."""
    totals = {level: LevelStats() for level in LEVELS}
    for record in records:
        totals[record.level].add(record)
    return totals


def _percent(part: int, whole: int) -> str:
    return percent(100 * part / whole)


def _join(lead: str, pieces: list[tuple[str, str]]) -> list[str]:
    """``lead`` and each (separator, piece) after it, on lines of at most 80 columns: a
    piece that would pass the edge starts a new line, indented."""
    lines = [lead]
    for index, (separator, piece) in enumerate(pieces):
        joined = lines[-1] + separator + piece
        # The separator left at the end of a line when the next piece starts a new one
        # (French " ;" is two columns).
        after = pieces[index + 1][0].rstrip() if index + 1 < len(pieces) else ""
        if width(joined + after) <= LINE_COLUMNS or lines[-1].strip() == "":
            lines[-1] = joined
        else:
            lines[-1] += separator.rstrip()
            lines.append(INDENT + piece)
    return lines


def level_lines(level: str, stats: LevelStats) -> list[str]:
    """The lines of one level, for ``mille --stats`` and the end of a session.

    Every rate says its base: ``won 3 of 5 finished games (60%)`` (abandoned games
    apart), ``won 4 of 9 hands (44%)`` (every hand recorded, abandoned games' too),
    and the mean hand score is over those same hands. The level is named as typed after
    ``--level``; words and numbers are the player's language's.
    """
    if not stats.games and not stats.abandoned and not stats.hands:
        return [_("{level}: no games yet").format(level=level)]
    # TRANSLATORS: the separators between the pieces of a statistics line.
    comma, semicolon = pgettext("list", ", "), pgettext("list", "; ")
    if stats.games:
        finished = ngettext("{n} finished game", "{n} finished games", stats.games)
        games = [
            (
                "",
                _("won {won} of {finished} ({percent})").format(
                    won=number(stats.won),
                    finished=finished.format(n=number(stats.games)),
                    percent=_percent(stats.won, stats.games),
                ),
            ),
            (comma, _("lost {n}").format(n=number(stats.lost))),
            (comma, _("tied {n}").format(n=number(stats.tied))),
        ]
    else:
        games = [("", _("no game finished"))]
    abandoned = _("{n} abandoned").format(n=number(stats.abandoned))
    lines = _join(_("{level}: ").format(level=level), [*games, (semicolon, abandoned)])
    if stats.hands:
        hands = ngettext("{n} hand", "{n} hands", stats.hands).format(n=number(stats.hands))
        mean = number(stats.points / stats.hands)
        hand_pieces = [
            (
                "",
                _("won {won} of {hands} ({percent})").format(
                    won=number(stats.hands_won),
                    hands=hands,
                    percent=_percent(stats.hands_won, stats.hands),
                ),
            ),
            (comma, _("mean hand score {score}").format(score=mean)),
            (comma, _("best hand {score}").format(score=number(stats.best or 0))),
        ]
    else:
        hand_pieces = [("", _("no hand finished"))]
    lines += _join(INDENT, hand_pieces)
    lines += _join(
        INDENT,
        [
            ("", _("trips {n}").format(n=number(stats.trips))),
            (comma, _("safeties {n}").format(n=number(stats.safeties))),
            (comma, _("coups fourres {n}").format(n=number(stats.coups))),
            (comma, _("shut-outs {n}").format(n=number(stats.shut_outs))),
        ],
    )
    return lines


def report(records: Iterable[GameRecord], levels: Iterable[str] = LEVELS) -> list[str]:
    """Plain lines for the given levels."""
    return report_totals(tally(records), levels)


def report_totals(totals: Mapping[str, LevelStats], levels: Iterable[str] = LEVELS) -> list[str]:
    """Plain lines for the given levels of ``totals`` (from :func:`tally` or the fold)."""
    lines: list[str] = []
    for level in levels:
        lines += level_lines(level, totals[level])
    return lines
