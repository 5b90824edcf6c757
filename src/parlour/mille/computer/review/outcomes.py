"""The review's playouts: a decision's two moves played out on the same deals, and what
happened in each: who completed the trip, shut-outs, coups fourrés, miles, safeties, and
the chance of winning the game after the hand.

A :class:`Contrast` holds both moves' :class:`Outcome` lists, deal by deal. Its mean
paired difference of the hand-score differences is the cost the review states; the same
deals also say what made that difference (:meth:`Contrast.components`), which is what
the reasons in words (:mod:`parlour.mille.computer.review.reasons`) are drawn from.

Everything here plays by the computer's heuristic on both sides, from deals of the
unseen cards (:func:`parlour.mille.computer.review.deals.review_deals`), as the computer's own
search does; the review never sees the real deck or the real opponent hand.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from parlour.mille.computer import sim as S
from parlour.mille.computer.ai import EQUITY_SCALE, ComputerPlayer, Stakes
from parlour.mille.computer.handlog import Decision, ExtensionAnswer
from parlour.mille.computer.policy import Heuristic, Weights, finish_move, playout
from parlour.mille.game.scoring import (
    ALL_SAFETIES_POINTS,
    COUP_POINTS,
    DELAYED_ACTION_POINTS,
    EXTENSION_POINTS,
    GAME_POINTS,
    SAFE_TRIP_POINTS,
    SAFETY_POINTS,
    SHUT_OUT_POINTS,
    TRIP_POINTS,
)
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import Move

COMPONENTS = (
    "your_trip",
    "their_trip",
    "your_miles",
    "their_miles",
    "your_coups",
    "their_coups",
    "your_safeties",
    "their_safeties",
)
"""What a hand's score difference is made of, from the reviewed seat: each is (its part of
the seat's points) or (minus its part of the opponent's), so they add up to the difference."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one playout ended, from the reviewed seat (``mine``/``theirs`` pairs)."""

    diff: int
    """Hand points, mine less theirs (the review's measure)."""
    chance: float
    """The chance of winning the game after this hand (0..1; 0 or 1 once a total reaches 5000)."""
    game_over: bool
    finisher: int
    """1: the seat completed the trip; -1: the opponent did; 0: nobody."""
    shut_out: bool
    """The finisher's opponent had no miles."""
    miles: tuple[int, int]
    safety_points: tuple[int, int]
    """Each safety and the all-four bonus."""
    coups: tuple[int, int]
    """Coups fourrés of the whole hand (those before the decision included)."""
    bonus: tuple[int, int]
    """Trip bonuses (trip, safe trip, delayed action, extension, shut-out)."""
    early: int = 0
    """Hand points, mine less theirs, right after the decision's own move (the points it
    scored at once, before the rest of the hand was played out)."""
    start: int = 0
    """Hand points, mine less theirs, just before the decision's move."""

    def points(self, part: str) -> float:
        """Points of one of :data:`COMPONENTS` (an opponent's part counts negative)."""
        side = 0 if part.startswith("your") else 1
        kind = part.split("_", 1)[1]
        if kind == "trip":
            value = self.bonus[side]
        elif kind == "miles":
            value = self.miles[side]
        elif kind == "coups":
            value = self.coups[side] * COUP_POINTS
        else:
            value = self.safety_points[side]
        return float(value if side == 0 else -value)


def trip_bonus(sim: S.Sim, who: int) -> int:
    """The bonuses :meth:`~parlour.mille.computer.sim.Sim.end` paid to ``who`` (0 unless it
    finished)."""
    if sim.finisher != who:
        return 0
    side = sim.sides[who]
    bonus = TRIP_POINTS
    if side.n200 == 0:
        bonus += SAFE_TRIP_POINTS
    if not sim.deck:
        bonus += DELAYED_ACTION_POINTS
    if sim.goal == S.EXTENDED:
        bonus += EXTENSION_POINTS
    if sim.sides[1 - who].mileage == 0:
        bonus += SHUT_OUT_POINTS
    return bonus


def safety_points(side: S.Side) -> int:
    """Points for the safeties on a side's table (100 each, 300 more for all four)."""
    count = bin(side.safeties).count("1")
    return count * SAFETY_POINTS + (ALL_SAFETIES_POINTS if side.safeties == S.ALL_FOUR else 0)


def outcome(sim: S.Sim, me: int, stakes: Stakes, early: int = 0, start: int = 0) -> Outcome:
    """What a finished playout shows from seat ``me`` (``stakes`` for the game's chances;
    ``early``: the hand-score difference right after the decision's move)."""
    whos = (me, 1 - me)
    bonus = tuple(trip_bonus(sim, who) for who in whos)
    safeties = tuple(safety_points(sim.sides[who]) for who in whos)
    miles = tuple(sim.sides[who].mileage for who in whos)
    coups = tuple(
        (sim.sides[who].points - miles[i] - safeties[i] - bonus[i]) // COUP_POINTS
        for i, who in enumerate(whos)
    )
    totals = (stakes.before[0] + sim.sides[me].points, stakes.before[1] + sim.sides[1 - me].points)
    finisher = 0 if sim.finisher == S.NONE else (1 if sim.finisher == me else -1)
    return Outcome(
        diff=sim.diff(me),
        chance=stakes.value(sim) / EQUITY_SCALE + 0.5,
        game_over=max(totals) >= GAME_POINTS,
        finisher=finisher,
        shut_out=finisher != 0 and miles[1 if finisher == 1 else 0] == 0,
        miles=(miles[0], miles[1]),
        safety_points=(safeties[0], safeties[1]),
        coups=(coups[0], coups[1]),
        bonus=(bonus[0], bonus[1]),
        early=early,
        start=start,
    )


def paired(better: list[float], worse: list[float]) -> tuple[float, float]:
    """Mean of the deal-by-deal differences and its standard error."""
    gains = [a - b for a, b in zip(better, worse, strict=True)]
    return statistics.fmean(gains), statistics.pstdev(gains) / math.sqrt(len(gains))


@dataclass(frozen=True)
class Contrast:
    """The advised move's playouts against the player's, deal by deal."""

    advised: list[Outcome]
    chosen: list[Outcome]
    advised_extends: bool = False
    """For Extension?: whether the advised answer is to go on (the other is to stop)."""

    @property
    def deals(self) -> int:
        """How many deals both moves were played out on."""
        return len(self.chosen)

    def loss(self) -> tuple[float, float]:
        """Hand points the player's move lost against the advice, and its standard error:
        deal by deal, the difference of the hand-score differences, as the hand scores
        them (a safety laid now by the advice and later by the player scores the same both
        ways: nothing). Points scored after the move, in the heuristic's playouts, count
        as fully as those scored at once: the calibration bench fits their share at 0.96
        (95% 0.66..1.25; docs/mille.md), so no weight is put on them."""
        return paired([float(o.diff) for o in self.advised], [float(o.diff) for o in self.chosen])

    def chance_loss(self) -> tuple[float, float]:
        """The chance of winning the game the player's move lost, and its standard error."""
        return paired([o.chance for o in self.advised], [o.chance for o in self.chosen])

    def game_ends(self) -> float:
        """The share of playouts (of either move) in which the hand ends the game."""
        ended = sum(o.game_over for o in self.advised) + sum(o.game_over for o in self.chosen)
        return ended / (2 * self.deals)

    def rate(self, test: str) -> tuple[float, float]:
        """How often something happened, the advised way and the player's way (0..1).

        ``test``: ``you_finish``, ``they_finish``, ``you_shut_out``, ``they_shut_out``
        (the finisher left the other at 0 miles), ``your_coup``, ``their_coup`` (a coup
        fourré after the decision).
        """
        first = self.chosen[0] if self.chosen else None
        coups_before = (0, 0) if first is None else self.coups_before()

        def happened(o: Outcome) -> bool:
            if test == "you_finish":
                return o.finisher == 1
            if test == "they_finish":
                return o.finisher == -1
            if test == "you_shut_out":
                return o.finisher == 1 and o.shut_out
            if test == "they_shut_out":
                return o.finisher == -1 and o.shut_out
            if test == "your_coup":
                return o.coups[0] > coups_before[0]
            if test == "their_coup":
                return o.coups[1] > coups_before[1]
            raise ValueError(f"unknown test {test!r}")

        return (
            sum(map(happened, self.advised)) / self.deals,
            sum(map(happened, self.chosen)) / self.deals,
        )

    def coups_before(self) -> tuple[int, int]:
        """Coups fourrés each side had before the decision (the fewest in any playout)."""
        every = self.advised + self.chosen
        return min(o.coups[0] for o in every), min(o.coups[1] for o in every)

    def components(self) -> list[tuple[str, float]]:
        """The loss split into :data:`COMPONENTS`, largest first (they add up to the loss)."""
        parts = [
            (
                part,
                statistics.fmean(o.points(part) for o in self.advised)
                - statistics.fmean(o.points(part) for o in self.chosen),
            )
            for part in COMPONENTS
        ]
        return sorted(parts, key=lambda item: -item[1])

    def mean(self, measure: str, mine: bool) -> tuple[float, float]:
        """Mean ``miles`` or ``safety_points`` of one side, the advised way and the player's."""
        side = 0 if mine else 1
        return (
            statistics.fmean(getattr(o, measure)[side] for o in self.advised),
            statistics.fmean(getattr(o, measure)[side] for o in self.chosen),
        )


@dataclass(frozen=True)
class Judgement:
    """A decision judged on playouts: the advice, both moves' outcomes, the cost."""

    decision: Decision
    advised: Move | ExtensionAnswer
    contrast: Contrast
    loss: float
    """Hand points the player's move lost against the advice (negative: gained)."""
    stderr: float
    rechecked: bool = False
    """Measured again on fresh deals, after a first measurement flagged it."""


def open_turn(sim: S.Sim, view: SeatView, move: Move, weights: Weights) -> None:
    """Make a turn's first move (a pick, or a countering safety before it) on a simulator.

    After a pick the rest of the turn is the heuristic's, as in every playout.
    """
    me = view.me
    if move.kind == "use":
        card = view.hand[move.slot]
        assert card is not None
        sim.use(me, int(card))  # a safety: the same player moves again
        return
    sim.pick(me)
    if not sim.deck and not sim.anyone_can_play():
        sim.end(S.NONE)
        return
    card_number, use = Heuristic(sim, me, weights).best()
    finish_move(sim, me, card_number, use)


def answer(sim: S.Sim, me: int, extend: bool) -> None:
    """ExtensionAnswer Extension? on a simulator: stop (the hand ends) or go on to 1000."""
    if not extend:
        sim.end(me)
        return
    sim.goal = S.EXTENDED
    sim.turn = 1 - me
    if not sim.deck and not sim.anyone_can_play():
        sim.end(S.NONE)


def play_out(
    computer: ComputerPlayer,
    view: SeatView,
    moves: Sequence[Move | ExtensionAnswer],
    deals: list[S.Sim],
) -> list[list[Outcome]]:
    """Per move (or per answer to Extension?), its playouts' outcomes on the same ``deals``
    (the unseen cards dealt, as simulator positions), the computer's heuristic on both sides."""
    me = view.me
    weights = computer.weights
    stakes = Stakes(view, for_game=True)
    results: list[list[Outcome]] = [[] for _ in moves]
    for sim in deals:
        for index, move in enumerate(moves):
            trial = sim.copy()
            if isinstance(move, ExtensionAnswer):
                answer(trial, me, move.extend)
            elif not view.picked:
                open_turn(trial, view, move, weights)
            else:
                card = view.hand[move.slot]
                assert card is not None
                finish_move(trial, me, int(card), move.kind == "use")
            start = sim.diff(me)
            early = trial.diff(me)
            playout(trial, weights)
            results[index].append(outcome(trial, me, stakes, early, start))
    return results
