"""One turn of a Dix Mille game checked by replaying it: what a save or a statistics line
says of a turn is one the rules can reach (:mod:`parlour.dixmille.files.gamedata` checks
the whole game, these the turns it is made of).

:func:`check_turn` replays a turn record decision by decision and says where it stands
(:class:`TurnState`); :func:`check_take` says whether a recorded take is a legal take
from the faces thrown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from parlour.core.i18n import _
from parlour.dixmille.game.moves import Phase
from parlour.dixmille.game.records import (
    BUST,
    FOUR_TWOS,
    GO,
    PASS,
    PLAYING,
    TAKE,
    Decision,
    TurnRecord,
)
from parlour.dixmille.game.rules import (
    FOUR_TWOS_GAME,
    MAX_CYCLES,
    TARGET,
)
from parlour.dixmille.game.scoring import (
    DICE_COUNT,
    SINGLE_POINTS,
    Take,
    is_four_twos,
    legal_takes,
    one_die_bonus,
    six_dice_combination,
)

MAX_TURN_POINTS = 100_000
"""No real turn gets here: it takes some 20 one-die successes in one turn, or 33 straights."""


@dataclass(frozen=True)
class TurnState:
    """Where a replayed turn stands: its phase, the turn points it may have, dice, successes."""

    phase: Phase | None
    """None once the turn has ended."""
    points: frozenset[int]
    dice: int
    level: int


def check_turn(turn: TurnRecord, four_twos: str, phase: Phase | None = None) -> TurnState:
    """Refuse a turn record play could not have made; where the turn stands.

    A finished turn (``phase`` None) must have ended by a pass, a bust or four
    2s; the turn in progress must stand in ``phase``. The record is replayed
    throw by throw (:func:`replay`), then its totals are compared with its own.
    """
    finished = phase is None
    if turn.cycle > MAX_CYCLES:
        raise ValueError(_("a turn's cycle is out of range"))
    if turn.score_before >= TARGET:
        raise ValueError(_("a turn starts from a score the game would have ended at"))
    if turn.turn_points > MAX_TURN_POINTS:
        raise ValueError(_("a turn's points are out of range"))
    if finished == (turn.result == PLAYING):
        raise ValueError(_("a turn's result does not match its state"))
    decisions = turn.decisions
    for d in decisions:
        if d.banked != turn.score_before:
            raise ValueError(_("a decision's banked score does not match its turn"))
    if decisions:
        last = decisions[0].last
        for d in decisions:
            if d.last != last:
                raise ValueError(_("a turn is both the last and not"))
    state = replay(turn)
    if state.phase is not phase:
        raise ValueError(_("a turn's decisions do not lead to its state"))
    if finished and turn.turn_points not in state.points:
        raise ValueError(_("a turn's points do not add up"))
    if not finished and (turn.turn_points or turn.lost or turn.dice_at_pass):
        raise ValueError(_("the turn in progress already has a result"))
    expected_lost = {
        PASS: 0,
        BUST: turn.turn_points,
        FOUR_TWOS: turn.turn_points + (turn.score_before if four_twos == FOUR_TWOS_GAME else 0),
        PLAYING: 0,
    }[turn.result]
    if turn.lost != expected_lost:
        raise ValueError(_("a turn's points lost do not add up"))
    if turn.dice_at_pass != (state.dice if turn.result == PASS else 0):
        raise ValueError(_("a pass does not match its dice"))
    return state


def replay(turn: TurnRecord) -> TurnState:
    """Play the turn again from its decisions and one-die throws; ValueError if they cannot be.

    Every throw but the first follows a throw decision; a throw of several dice
    is followed by its take (a legal take of those faces) unless it ended the
    turn; a throw of one die is the next one-die entry. Throws, hot dice,
    six-dice combinations and the bonus must then be the record's.
    """
    decisions = iter(turn.decisions)
    attempts = iter(turn.one_die)
    points, dice, level = frozenset({0}), DICE_COUNT, 0
    throws = hot = bonus = 0
    six: list[str] = []
    state: TurnState | None = None
    if turn.throws == 0:
        state = TurnState(Phase.START, points, dice, level)
    while state is None:
        throws += 1  # a throw of `dice` dice
        if throws > turn.throws:
            raise ValueError(_("a turn has more throws than it records"))
        decision = next(decisions, None)
        if dice == 1:
            attempt = next(attempts, None)
            if attempt is None:
                state = _stop(decision, Phase.AGAIN, points, dice, level)
                continue
            if attempt == 0:
                state = _stop(decision, None, points, dice, level, BUST, turn.result)
                continue
            level += 1
            gain = one_die_bonus(level)
            bonus, hot, dice = bonus + gain, hot + 1, DICE_COUNT
            points = frozenset(p + gain + face for p in points for face in SINGLE_POINTS.values())
        elif decision is not None and decision.kind == TAKE:
            _at(decision, points, dice, level)
            take = check_take(decision.thrown, decision.taken)
            if take.size == DICE_COUNT:
                six.append(six_dice_combination(take.faces) or "")
            points = frozenset({decision.turn_points + take.points})
            dice -= take.size
            if dice == 0:
                dice, hot = DICE_COUNT, hot + 1
            decision = next(decisions, None)
        else:
            ending = FOUR_TWOS if turn.result == FOUR_TWOS and dice >= 4 else BUST
            state = _stop(decision, Phase.TAKE, points, dice, level, ending, turn.result)
            continue
        # throw or pass, with `dice` dice available
        if decision is None:
            state = TurnState(Phase.CHOOSE, points, dice, level)
            continue
        if decision.kind != GO:
            raise ValueError(_("a take without its throw"))
        _at(decision, points, dice, level)
        points = frozenset({decision.turn_points})
        if not decision.throw:
            state = _stop(next(decisions, None), None, points, dice, level, PASS, turn.result)
    if next(decisions, None) is not None or next(attempts, None) is not None:
        raise ValueError(_("a turn records more than was played"))
    if (throws, hot, bonus, six) != (turn.throws, turn.hot_dice, turn.bonus, turn.six_dice):
        raise ValueError(_("a turn's throws, hot dice or bonus do not add up"))
    return state


def _at(decision: Decision, points: frozenset[int], dice: int, level: int) -> None:
    """ValueError unless ``decision`` was made where the replay stands."""
    if decision.turn_points not in points or decision.dice != dice or decision.level != level:
        raise ValueError(_("a decision does not follow from the one before"))


def _stop(
    decision: Decision | None,
    phase: Phase | None,
    points: frozenset[int],
    dice: int,
    level: int,
    ending: str = PLAYING,
    result: str = PLAYING,
) -> TurnState:
    """The replay stops: in progress (``phase``) when the record has no result, else ended."""
    if decision is not None:
        raise ValueError(_("a turn records decisions after it ended"))
    if result == PLAYING:
        return TurnState(phase, points, dice, level)
    if result != ending:
        raise ValueError(_("a turn's result does not match how it ended"))
    return TurnState(None, points, dice, level)


def check_take(thrown: Sequence[int], taken: Sequence[int]) -> Take:
    """The take, or ValueError unless ``taken`` is one legal take from the faces ``thrown``."""
    take = _take_of(tuple(sorted(thrown)), tuple(sorted(taken)))
    if isinstance(take, str):
        raise ValueError(take)
    return take


@lru_cache(maxsize=4096)
def _take_of(thrown: tuple[int, ...], taken: tuple[int, ...]) -> Take | str:
    """:func:`check_take` of sorted faces (a few hundred throws exist): the take, or why not."""
    if len(thrown) < 2 or is_four_twos(thrown):
        return "a take from a throw that allows none"
    if Counter(taken) - Counter(thrown):
        return "a take of dice that were not thrown"
    for take in legal_takes(thrown):
        if take.faces == taken:
            return take
    return "a recorded take is not a legal take"
