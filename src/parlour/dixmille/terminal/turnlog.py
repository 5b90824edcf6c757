"""The turn log: every throw of every player in this cycle and the last one, in words.

One entry per throw: the dice thrown, then what became of them (the take and
its points, hot dice, a bust with the dice that caused it, four 2s and what
they cost under the rule in force, a one-die attempt and its second chance),
and one entry per pass. The app feeds it each move's :class:`Outcome` with a
:class:`Before` snapshot of the turn; the statistics record is kept by the
rules, not here.
"""

from __future__ import annotations

from parlour.core.i18n import _
from parlour.core.record import Frozen, Record, field
from parlour.dixmille.game.moves import dice_count
from parlour.dixmille.game.records import BUST, FOUR_TWOS, PASS
from parlour.dixmille.game.rules import FOUR_TWOS_GAME, Game, Outcome, Phase, points
from parlour.dixmille.game.scoring import SINGLE_POINTS
from parlour.dixmille.terminal.faces import dice_text
from parlour.tui.glyphs import Glyphs

CYCLES_KEPT = 2
"""This cycle and the last one."""


class Before(Frozen):
    """The turn as it was just before a move."""

    seat: int
    name: str
    cycle: int
    dice: int
    turn_points: int
    score: int
    again: bool
    """The move is the second one-die attempt."""

    @classmethod
    def of(cls, game: Game) -> Before:
        return cls(
            seat=game.seat,
            name=game.player.name,
            cycle=game.cycle,
            dice=game.dice_left,
            turn_points=game.turn_points,
            score=game.player.score,
            again=game.phase is Phase.AGAIN,
        )


class LogEntry(Record):
    """One throw (or a pass) of one player."""

    cycle: int
    seat: int
    name: str
    text: str
    open: bool = False
    """A throw still waiting for its take or its second one-die attempt."""
    first: str = ""
    """A missed first one-die attempt: its throw, which the second attempt's line follows."""


class TurnLog(Record):
    """What happened in this cycle and the last one, oldest first."""

    entries: list[LogEntry] = field(default_factory=list)

    def add(self, before: Before, out: Outcome, game: Game, glyphs: Glyphs) -> str:
        """Log one move's outcome; returns the headline for a turn's end (else "")."""
        self.entries = [e for e in self.entries if e.cycle > before.cycle - CYCLES_KEPT]
        last = self.entries[-1] if self.entries else None
        if last is not None and not (last.open and last.seat == before.seat):
            last = None
        faces = dice_text(out.dice, glyphs)
        thrown = _("{dice} {faces}").format(dice=dice_count(before.dice), faces=faces)
        one_die = _("1 die {faces}").format(faces=faces)
        headline = ""
        if out.kind == "throw":
            self._new(before, thrown, still_open=True)
        elif out.kind == "take":
            took = _took(before, out, faces)
            if last is None:  # a game resumed with dice on the table
                self._new(before, took)
            else:
                last.text = _("{throw}, {take}").format(throw=last.text, take=took)
                last.open = False
        elif out.kind == "one_miss":
            self._new(before, _("{throw} missed, 2nd attempt to come").format(throw=one_die), True)
            self.entries[-1].first = one_die
        elif out.kind == "one_hit":
            face = out.dice[0]
            gain = _("{points} + bonus {bonus} (turn {total}), hot dice!").format(
                points=SINGLE_POINTS[face],
                bonus=points(out.points - SINGLE_POINTS[face]),
                total=points(before.turn_points + out.points),
            )
            where = faces if before.again else one_die
            self._continue(before, last, where, gain)
        elif out.kind == BUST:
            if out.points:
                lost = _("BUST - {points} lost").format(points=points(out.points))
                headline = _("BUST - {name} loses {points}").format(
                    name=before.name, points=points(out.points)
                )
            else:
                lost = _("BUST - no points lost")
                headline = _("BUST - {name}'s throw scores nothing (no points lost)").format(
                    name=before.name
                )
            where = thrown if before.dice > 1 else faces if before.again else one_die
            self._continue(before, last, where, lost)
        elif out.kind == FOUR_TWOS:
            wipes = game.four_twos == FOUR_TWOS_GAME
            headline = four_twos_headline(before, wipes)
            cost = _("{throw}: {what}").format(throw=thrown, what=four_twos_cost(before, wipes))
            self._new(before, cost)
        elif out.kind == PASS:
            banked = before.score + out.points
            self._new(
                before,
                _("passes: {points} banked, score {score}").format(
                    points=points(out.points), score=points(banked)
                ),
            )
        return headline

    def _new(self, before: Before, text: str, still_open: bool = False) -> None:
        self.entries.append(LogEntry(before.cycle, before.seat, before.name, text, still_open))

    def _continue(self, before: Before, last: LogEntry | None, where: str, what: str) -> None:
        """After a missed first one-die attempt, the second one joins its line (which
        says how it went)."""
        if before.again and last is not None:
            first = last.first or last.text
            last.text = _("{first}, 2nd {throw}: {what}").format(
                first=first, throw=where, what=what
            )
            last.open = False
        else:
            self._new(before, _("{throw}: {what}").format(throw=where, what=what))

    def last_lines(self, count: int) -> list[LogEntry]:
        return self.entries[-count:] if count > 0 else []


def _took(before: Before, out: Outcome, faces: str) -> str:
    """A take in the turn log: the dice (or all of them), their points, the turn's."""
    turn = points(before.turn_points + out.points)
    if before.dice == len(out.dice):
        return _("took all {points} (turn {total}), hot dice!").format(
            points=points(out.points), total=turn
        )
    return _("took {faces} {points} (turn {total})").format(
        faces=faces, points=points(out.points), total=turn
    )


def four_twos_headline(before: Before, wipes: bool) -> str:
    """What four 2s cost, true under the rule in force (R8) whatever the score."""
    turn, score, name = points(before.turn_points), points(before.score), before.name
    if not wipes:
        if before.turn_points:
            return _("FOUR 2s - {turn} turn points lost; {name} keeps the score of {score}").format(
                turn=turn, name=name, score=score
            )
        return _("FOUR 2s - no turn points to lose; {name} keeps the score of {score}").format(
            name=name, score=score
        )
    if before.score:
        return _("FOUR 2s - ALL {points} POINTS LOST: {name} is at 0").format(
            points=points(before.score + before.turn_points), name=name
        )
    if before.turn_points:
        return _("FOUR 2s - {turn} turn points lost ({name}'s score was already 0)").format(
            turn=turn, name=name
        )
    return _("FOUR 2s - {name}'s score was 0 already: nothing to lose this time").format(name=name)


def four_twos_cost(before: Before, wipes: bool) -> str:
    """Four 2s in the turn log, where the player's name stands in its own column."""
    turn, score = points(before.turn_points), points(before.score)
    if not wipes:
        if before.turn_points:
            return _("FOUR 2s - {turn} lost, score {score} kept").format(turn=turn, score=score)
        return _("FOUR 2s - nothing lost, score {score} kept").format(score=score)
    if before.score:
        return _("FOUR 2s - all {points} lost, score 0").format(
            points=points(before.score + before.turn_points)
        )
    if before.turn_points:
        return _("FOUR 2s - {turn} lost (score already 0)").format(turn=turn)
    return _("FOUR 2s - nothing to lose (score was 0)")
