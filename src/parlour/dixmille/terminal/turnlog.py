"""The turn log: every throw of every player in this cycle and the last one, in words.

One entry per throw: the dice thrown, then what became of them (the take and
its points, hot dice, a bust with the dice that caused it, four 2s and what
they cost under the rule in force, a one-die attempt and its second chance),
and one entry per pass. The app feeds it each move's :class:`Outcome` with a
:class:`Before` snapshot of the turn; the statistics record is kept by the
rules, not here.
"""

from __future__ import annotations

from parlour.core.record import Frozen, Record
from parlour.dixmille.game.moves import dice_count
from parlour.dixmille.game.records import BUST, FOUR_TWOS, PASS
from parlour.dixmille.game.rules import FOUR_TWOS_GAME, Game, Outcome, Phase, points
from parlour.dixmille.game.scoring import SINGLE_POINTS
from parlour.dixmille.terminal.faces import dice_text
from parlour.tui.glyphs import Glyphs

CYCLES_KEPT = 2
"""This cycle and the last one."""
SECOND = ", 2nd attempt to come"
MISSED = " missed"


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

    __slots__ = ("seat", "name", "cycle", "dice", "turn_points", "score", "again")

    def __init__(
        self,
        seat: int,
        name: str,
        cycle: int,
        dice: int,
        turn_points: int,
        score: int,
        again: bool,
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "cycle", cycle)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "turn_points", turn_points)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "again", again)

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


class Entry(Record):
    """One throw (or a pass) of one player."""

    cycle: int
    seat: int
    name: str
    text: str
    open: bool
    """A throw still waiting for its take or its second one-die attempt."""

    __slots__ = ("cycle", "seat", "name", "text", "open")

    def __init__(
        self,
        cycle: int,
        seat: int,
        name: str,
        text: str,
        open: bool = False,
    ) -> None:
        self.cycle = cycle
        self.seat = seat
        self.name = name
        self.text = text
        self.open = open


class TurnLog(Record):
    """What happened in this cycle and the last one, oldest first."""

    entries: list[Entry]

    __slots__ = ("entries",)

    def __init__(self, entries: list[Entry] | None = None) -> None:
        self.entries = [] if entries is None else entries

    def add(self, before: Before, out: Outcome, game: Game, glyphs: Glyphs) -> str:
        """Log one move's outcome; returns the headline for a turn's end (else "")."""
        self.entries = [e for e in self.entries if e.cycle > before.cycle - CYCLES_KEPT]
        last = self.entries[-1] if self.entries else None
        if last is not None and not (last.open and last.seat == before.seat):
            last = None
        faces = dice_text(out.dice, glyphs)
        thrown = f"{dice_count(before.dice)} {faces}"
        headline = ""
        if out.kind == "throw":
            self._new(before, thrown, still_open=True)
        elif out.kind == "take":
            turn = before.turn_points + out.points
            every = before.dice == len(out.dice)
            took = f"took {'all' if every else faces} {points(out.points)} (turn {points(turn)})"
            if every:
                took += ", hot dice!"
            if last is None:  # a game resumed with dice on the table
                self._new(before, took)
            else:
                last.text += f", {took}"
                last.open = False
        elif out.kind == "one_miss":
            self._new(before, f"1 die {faces}{MISSED}{SECOND}", still_open=True)
        elif out.kind == "one_hit":
            face = out.dice[0]
            gain = f"{SINGLE_POINTS[face]} + bonus {points(out.points - SINGLE_POINTS[face])}"
            total = f"(turn {points(before.turn_points + out.points)}), hot dice!"
            where = faces if before.again else f"1 die {faces}"
            self._continue(before, last, where, f"{gain} {total}")
        elif out.kind == BUST:
            lost = f"{points(out.points)} lost" if out.points else "no points lost"
            where = thrown if before.dice > 1 else faces if before.again else f"1 die {faces}"
            self._continue(before, last, where, f"BUST - {lost}")
            if out.points:
                headline = f"BUST - {before.name} loses {points(out.points)}"
            else:
                headline = f"BUST - {before.name}'s throw scores nothing (no points lost)"
        elif out.kind == FOUR_TWOS:
            wipes = game.four_twos == FOUR_TWOS_GAME
            headline = four_twos_headline(before, wipes)
            self._new(before, f"{thrown}: {four_twos_cost(before, wipes)}")
        elif out.kind == PASS:
            banked = before.score + out.points
            self._new(before, f"passes: {points(out.points)} banked, score {points(banked)}")
        return headline

    def _new(self, before: Before, text: str, still_open: bool = False) -> None:
        self.entries.append(Entry(before.cycle, before.seat, before.name, text, still_open))

    def _continue(self, before: Before, last: Entry | None, where: str, what: str) -> None:
        """After a missed first one-die attempt, the second one joins its line."""
        if before.again and last is not None:
            first = last.text.removesuffix(SECOND).removesuffix(MISSED)  # the 2nd says it missed
            last.text = f"{first}, 2nd {where}: {what}"
            last.open = False
        else:
            self._new(before, f"{where}: {what}")

    def last_lines(self, count: int) -> list[Entry]:
        return self.entries[-count:] if count > 0 else []


def four_twos_headline(before: Before, wipes: bool) -> str:
    """What four 2s cost, true under the rule in force (R8) whatever the score."""
    turn = before.turn_points
    if not wipes:
        kept = f"{before.name} keeps the score of {points(before.score)}"
        if turn:
            return f"FOUR 2s - {points(turn)} turn points lost; {kept}"
        return f"FOUR 2s - no turn points to lose; {kept}"
    if before.score:
        return f"FOUR 2s - ALL {points(before.score + turn)} POINTS LOST: {before.name} is at 0"
    if turn:
        return f"FOUR 2s - {points(turn)} turn points lost ({before.name}'s score was already 0)"
    return f"FOUR 2s - {before.name}'s score was 0 already: nothing to lose this time"


def four_twos_cost(before: Before, wipes: bool) -> str:
    """Four 2s in the turn log, where the player's name stands in its own column."""
    turn, score = points(before.turn_points), points(before.score)
    if not wipes:
        lost = f"{turn} lost" if before.turn_points else "nothing lost"
        return f"FOUR 2s - {lost}, score {score} kept"
    if before.score:
        return f"FOUR 2s - all {points(before.score + before.turn_points)} lost, score 0"
    if before.turn_points:
        return f"FOUR 2s - {turn} lost (score already 0)"
    return "FOUR 2s - nothing to lose (score was 0)"
