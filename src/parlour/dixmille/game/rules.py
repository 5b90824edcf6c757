"""The Dix Mille game: state, moves, and applying them (spec sections 2, 3, 5, 6).

A turn starts with a compulsory throw of six dice. Four or more 2s on any
throw wipe the turn points and (rule ``four_twos = game``) the whole score;
a throw with nothing to score busts; otherwise the player must take a legal
take, then throws the remaining dice or passes. Six dice set aside make hot
dice. One die left has two attempts and a bonus of 500 x j for the j-th
success of the turn. The game ends after the cycle in which someone has
reached 10,000 (or after cycle 500, whoever leads); equal highest scores share the win.

All chance comes from ``throw_dice(rng, n)``; a game's ``roller`` can be
replaced by a test to force any throw.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from parlour import TYPE_CHECKING
from parlour.core.i18n import _
from parlour.core.record import Record, field
from parlour.core.rng import below, rng_state
from parlour.dixmille.game.moves import (
    TARGET,
    IllegalMove,
    Move,
    Outcome,
    Pass,
    Phase,
    Situation,
    TakeDice,
    Throw,
    parse_move,
    parse_positions,
    take_first,
)
from parlour.dixmille.game.names import check_name, is_computer_name
from parlour.dixmille.game.records import (
    BUST,
    FOUR_TWOS,
    GO,
    PASS,
    TAKE,
    Decision,
    TurnRecord,
)
from parlour.dixmille.game.scoring import (
    DICE_COUNT,
    MAX_TAKE,
    SINGLE_POINTS,
    Take,
    is_four_twos,
    legal_takes,
    number,
    one_die_bonus,
    points,
    rounded,
    score_take,
    six_dice_combination,
)

if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "Game",
    "IllegalMove",
    "Move",
    "Outcome",
    "Pass",
    "Phase",
    "Player",
    "Situation",
    "TARGET",
    "TakeDice",
    "Throw",
    "check_name",
    "is_computer_name",
    "new_game",
    "parse_move",
    "parse_positions",
    "number",
    "points",
    "rounded",
    "throw_dice",
]
"""Moves, phases, what a move did and what the mover sees live in
:mod:`parlour.dixmille.game.moves`; they are re-exported here."""

MAX_CYCLES = 500
"""A game also ends after this many cycles, whoever leads (a game of players who never
bank would go on for ever, and a save or a statistics line must hold the whole game; a
real game takes 15 to 40 cycles)."""
MAX_PLAYERS = 6
FOUR_TWOS_GAME = "game"
FOUR_TWOS_TURN = "turn"
FOUR_TWOS_RULES = (FOUR_TWOS_GAME, FOUR_TWOS_TURN)
ONE_DIE_ATTEMPTS = 2


def throw_dice(rng: random.Random, count: int) -> tuple[int, ...]:
    """The one place where dice are thrown: ``count`` faces from the game's RNG."""
    return tuple(below(rng, 6) + 1 for _ in range(count))


Roller = Callable[[random.Random, int], tuple[int, ...]]


class Player(Record):
    """A seat: its name, whether ZEDX plays it, its banked score and its finished turns."""

    name: str
    computer: bool = False
    score: int = 0
    turns: list[TurnRecord] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The seat as JSON-able data."""
        return {
            "name": self.name,
            "computer": self.computer,
            "score": self.score,
            "turns": [t.to_dict() for t in self.turns],
        }


class Game:
    """A game of Dix Mille in progress."""

    def __init__(
        self,
        players: list[Player],
        rng: random.Random,
        seed: int,
        four_twos: str = FOUR_TWOS_GAME,
    ) -> None:
        if not 1 <= len(players) <= MAX_PLAYERS:
            raise ValueError("a game needs 1 to 6 players")
        if four_twos not in FOUR_TWOS_RULES:
            raise ValueError(f"unknown four-2s rule {four_twos!r}")
        self.players = players
        self.rng = rng
        self.seed = seed
        self.four_twos = four_twos
        self.roller: Roller = throw_dice
        self.seat = 0
        self.cycle = 1
        self.phase = Phase.START
        self.turn_points = 0
        self.dice_left = DICE_COUNT
        self.level = 0
        self.thrown: tuple[int, ...] = ()
        self.attempt = 0
        self.aside: list[int] = []
        self.record = TurnRecord(cycle=1, score_before=players[0].score)
        self.game_id: str | None = None
        """The game's identity in saves and statistics (set when first saved or recorded)."""

    # ----- what can be seen -----
    @property
    def player(self) -> Player:
        return self.players[self.seat]

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def situation(self) -> Situation:
        return Situation(
            seat=self.seat,
            scores=tuple(p.score for p in self.players),
            phase=self.phase,
            turn_points=self.turn_points,
            dice_left=self.dice_left,
            level=self.level,
            thrown=self.thrown,
            four_twos=self.four_twos,
        )

    def needed_to_lead(self) -> int | None:
        """On a last turn, the smallest turn total that puts the player ahead (spec 6)."""
        situation = self.situation()
        if self.over or not situation.last_turn or situation.best_other is None:
            return None
        return situation.best_other - self.player.score + 50

    def winners(self) -> list[int]:
        """Seats with the highest score (several: a shared win)."""
        best = max(p.score for p in self.players)
        return [i for i, p in enumerate(self.players) if p.score == best]

    def next_bonus(self) -> int:
        """The bonus the next successful one-die throw would earn."""
        return one_die_bonus(self.level + 1)

    def legal_takes(self) -> tuple[Take, ...]:
        return legal_takes(self.thrown) if self.phase is Phase.TAKE else ()

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a deterministic order (one position set per legal take)."""
        if self.phase in (Phase.START, Phase.AGAIN):
            return [Throw()]
        if self.phase is Phase.CHOOSE:
            return [Throw(), Pass()]
        if self.phase is Phase.TAKE:
            moves: list[Move] = []
            for take in legal_takes(self.thrown):
                used: list[int] = []
                for face in take.faces:
                    used.append(
                        next(i for i, f in enumerate(self.thrown, 1) if f == face and i not in used)
                    )
                moves.append(TakeDice(tuple(sorted(used))))
            return moves
        return []

    # ----- moves -----
    def apply(self, move: Move) -> Outcome:
        """Play ``move`` for the player to move; IllegalMove (nothing changed) if refused."""
        if self.over:
            raise IllegalMove(_("The game is over"))
        if isinstance(move, Throw):
            return self._throw()
        if isinstance(move, Pass):
            return self._pass()
        return self._take(move.positions)

    def _decision(self, **kwargs: object) -> Decision:
        return Decision(
            banked=self.record.score_before,
            turn_points=self.turn_points,
            dice=self.dice_left,
            level=self.level,
            last=self.situation().last_turn,
            **kwargs,  # type: ignore[arg-type]
        )

    def _throw(self) -> Outcome:
        if self.phase is Phase.TAKE:
            raise IllegalMove(take_first())
        if self.phase is Phase.CHOOSE:
            self.record.decisions.append(self._decision(kind=GO, throw=True))
        n = self.dice_left
        dice = tuple(self.roller(self.rng, n))
        if len(dice) != n or any(not 1 <= f <= 6 for f in dice):
            raise ValueError(f"the dice roller returned {dice!r} for {n} dice")
        if n == DICE_COUNT:
            self.aside = []
        self.thrown = dice
        if n == 1:
            return self._one_die(dice)
        self.record.throws += 1
        if is_four_twos(dice):
            lost_score = self.player.score if self.four_twos == FOUR_TWOS_GAME else 0
            lost = self.turn_points + lost_score
            if lost_score:
                message = _("FOUR 2s - ALL {points} POINTS LOST").format(points=points(lost))
            else:
                message = _("FOUR 2s - {points} turn points lost").format(points=points(lost))
            self.player.score -= lost_score
            return self._end_turn(FOUR_TWOS, lost, dice, message)
        if not legal_takes(dice):
            return self._bust(dice)
        self.phase = Phase.TAKE
        faces = " ".join(str(f) for f in dice)
        message = _("{name} throws {n} dice: {faces}").format(
            name=self.player.name, n=n, faces=faces
        )
        return Outcome("throw", self.seat, dice, message=message)

    def _one_die(self, dice: tuple[int, ...]) -> Outcome:
        """Spec 5: two attempts; success scores the die plus 500 x j and makes hot dice."""
        self.attempt = 2 if self.phase is Phase.AGAIN else 1
        if self.attempt == 1:
            self.record.throws += 1
        face = dice[0]
        if face in SINGLE_POINTS:
            self.level += 1
            bonus = one_die_bonus(self.level)
            gain = SINGLE_POINTS[face] + bonus
            self.turn_points += gain
            self.record.one_die.append(self.attempt)
            self.record.bonus += bonus
            self.record.hot_dice += 1
            self.aside.append(face)
            self.dice_left = DICE_COUNT
            self.attempt = 0
            self.phase = Phase.CHOOSE
            return Outcome(
                "one_hit",
                self.seat,
                dice,
                gain,
                _("One die: {face}! {points} + bonus {bonus} - hot dice").format(
                    face=face, points=SINGLE_POINTS[face], bonus=points(bonus)
                ),
            )
        if self.attempt == 1:
            self.phase = Phase.AGAIN
            return Outcome("one_miss", self.seat, dice, message=_("Missed: one more attempt"))
        self.record.one_die.append(0)
        return self._bust(dice)

    def _bust(self, dice: tuple[int, ...]) -> Outcome:
        lost = self.turn_points
        if lost:
            message = _("BUST - {points} lost").format(points=points(lost))
        else:
            message = _("BUST - nothing to score")
        return self._end_turn(BUST, lost, dice, message)

    def _pass(self) -> Outcome:
        if self.phase is Phase.START:
            raise IllegalMove(_("The first throw of a turn is compulsory: press t"))
        if self.phase is Phase.AGAIN:
            raise IllegalMove(_("After a miss with one die you must throw it again: press t"))
        if self.phase is Phase.TAKE:
            raise IllegalMove(take_first())
        self.record.decisions.append(self._decision(kind=GO, throw=False))
        gained = self.turn_points
        self.player.score += gained
        self.record.dice_at_pass = self.dice_left
        name = self.player.name
        message = _("{name} passes: {points} banked").format(name=name, points=points(gained))
        return self._end_turn(PASS, 0, (), message)

    def check_take(self, positions: tuple[int, ...]) -> Take:
        """The take the positions name; IllegalMove with the reason if it is not legal."""
        if self.phase is not Phase.TAKE:
            raise IllegalMove(_("There are no thrown dice to take now"))
        n = len(self.thrown)
        if not positions:
            raise IllegalMove(_("Type the positions of the dice to take, then ENTER"))
        for p in positions:
            if not 1 <= p <= n:
                raise IllegalMove(_("There is no die at position {p} (1 to {n})").format(p=p, n=n))
        seen: set[int] = set()
        for p in positions:
            if p in seen:
                raise IllegalMove(_("Position {p} is typed twice").format(p=p))
            seen.add(p)
        faces = [self.thrown[p - 1] for p in positions]
        take = score_take(faces)
        if take is not None and (take.size < DICE_COUNT or n == DICE_COUNT):
            return take
        if len(faces) > MAX_TAKE:
            raise IllegalMove(
                _("At most 3 dice per throw (all six only as 1-2-3-4-5-6 or three pairs)")
            )
        for f in faces:
            if f not in SINGLE_POINTS and faces.count(f) < MAX_TAKE:
                raise IllegalMove(_("A {face} scores only in three of a kind").format(face=f))
        raise IllegalMove(_("Those dice do not score together"))

    def _take(self, positions: tuple[int, ...]) -> Outcome:
        take = self.check_take(positions)
        self.record.decisions.append(
            self._decision(kind=TAKE, thrown=tuple(sorted(self.thrown)), taken=take.faces)
        )
        combo = six_dice_combination(take.faces) if take.size == DICE_COUNT else None
        if combo is not None:
            self.record.six_dice.append(combo)
        self.turn_points += take.points
        self.dice_left -= take.size
        self.aside.extend(take.faces)
        self.thrown = tuple(f for i, f in enumerate(self.thrown, 1) if i not in positions)
        message = _("{name} takes {take}").format(name=self.player.name, take=take)
        if self.dice_left == 0:
            self.dice_left = DICE_COUNT
            self.record.hot_dice += 1
            message = _("{name} takes {take} - hot dice!").format(name=self.player.name, take=take)
        self.phase = Phase.CHOOSE
        return Outcome("take", self.seat, take.faces, take.points, message)

    def _end_turn(self, result: str, lost: int, dice: tuple[int, ...], message: str) -> Outcome:
        record = self.record
        record.result = result
        record.turn_points = self.turn_points
        record.lost = lost
        self.player.turns.append(record)
        outcome = Outcome(result, self.seat, dice, self.turn_points, message, turn_ended=True)
        self.seat += 1
        if self.seat == len(self.players):
            self.seat = 0
            if max(p.score for p in self.players) >= TARGET or self.cycle >= MAX_CYCLES:
                self.phase = Phase.OVER
                self.thrown = dice
                return outcome
            self.cycle += 1
        self.phase = Phase.START
        self.turn_points = 0
        self.dice_left = DICE_COUNT
        self.level = 0
        self.attempt = 0
        self.thrown = ()
        self.aside = []
        self.record = TurnRecord(cycle=self.cycle, score_before=self.player.score)
        return outcome

    # ----- saving -----
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-able data (dice by face, the RNG state included).

        The game's id is not part of it (two games played alike are equal); a save
        adds it (:func:`parlour.dixmille.files.savefile.save`), and
        :func:`parlour.dixmille.files.gamedata.game_from_dict` reads it all back.
        """
        return {
            "players": [p.to_dict() for p in self.players],
            "four_twos": self.four_twos,
            "seat": self.seat,
            "cycle": self.cycle,
            "phase": self.phase.value,
            "turn_points": self.turn_points,
            "dice_left": self.dice_left,
            "level": self.level,
            "thrown": list(self.thrown),
            "attempt": self.attempt,
            "aside": list(self.aside),
            "record": self.record.to_dict(),
            "rng": rng_state(self.rng),
        }


def new_game(
    names: list[str], rng: random.Random, seed: int, four_twos: str = FOUR_TWOS_GAME
) -> Game:
    """A new game for these names (already checked); ZEDX (any case) is the computer."""
    players = [Player(name=n, computer=is_computer_name(n)) for n in names]
    return Game(players, rng, seed, four_twos)
