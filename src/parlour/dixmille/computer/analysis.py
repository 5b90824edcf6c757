"""Style analysis: each throw/pass and take decision measured against the optimal policy.

For a throw/pass choice at turn points T with n dice and k one-die successes
(banked score S at the start of the turn) the optimal policy gets
``V = max(T, W)``; the player's choice gets ``W`` (throw) or ``T`` (pass). The
difference is the expected points given away. Passing when throwing was
better is "stopped too early"; throwing when passing was better is "pushed
too far". A take gives away ``max V(after take) - V(after the player's
take)``. Decisions on a player's last turn (the deciding cycle) are left
out: there the aim is to win, not to score.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from parlour.core.i18n import _
from parlour.core.record import replace
from parlour.core.text import printable
from parlour.dixmille.computer.ai import tables_for
from parlour.dixmille.game.moves import dice_count
from parlour.dixmille.game.records import GO, TAKE, Decision, TurnRecord
from parlour.dixmille.game.rules import number, points
from parlour.dixmille.game.scoring import legal_takes, score_take

MISTAKE = 0.005
"""Losses below this are rounding noise, not mistakes."""
COSTLIEST = 6
"""Costly decisions the style page lists (each distinct one once)."""
OPTIMUM_STEP = 500
"""Banked scores at which the optimum's start value is computed exactly (see start_value)."""


def analyse(decision: Decision, four_twos_wipes: bool = True) -> Decision:
    """The decision with ``loss`` and ``best`` filled in (unchanged on a last turn)."""
    if decision.last:
        return decision
    tables = tables_for(decision.banked, four_twos_wipes)
    t, n, k = decision.turn_points, decision.dice, decision.level
    if decision.kind == GO:
        throw = tables.throw_value(t, n, k)
        best = max(float(t), throw)
        chosen = throw if decision.throw else float(t)
        # the advice is kept in the records as it is worded here, in English (a code)
        dice = "the last die" if n == 1 else f"{n} dice"
        advice = f"throw {dice}" if throw > t else f"pass with {t:,}"
        return replace(decision, loss=max(best - chosen, 0.0), best=advice)
    take = score_take(decision.taken)
    takes = legal_takes(decision.thrown)
    if take is None or not takes:
        raise ValueError("a recorded take is not a legal take")
    best_take = tables.best_take(decision.thrown, t, k)
    best_value = tables.take_value(best_take, t, n, k)
    chosen = tables.take_value(take, t, n, k)
    advice = "take " + " ".join(str(f) for f in best_take.faces)
    return replace(decision, loss=max(best_value - chosen, 0.0), best=advice)


def annotate(record: TurnRecord, four_twos_wipes: bool = True) -> None:
    """Fill in the analysis of every decision of a turn that lacks it."""
    record.decisions = [
        d if d.loss is not None or d.last else analyse(d, four_twos_wipes) for d in record.decisions
    ]


def _worth(loss: float) -> str:
    return number(loss) if loss >= 1 else _("less than 1")


def best_faces(decision: Decision) -> tuple[int, ...] | None:
    """The faces of the take the analysis advised (None if its words are not a take)."""
    words = decision.best.split()
    if len(words) < 2 or words[0] != "take" or not all(w in "123456" for w in words[1:]):
        return None
    return tuple(int(w) for w in words[1:])


def explain(
    decision: Decision, faces: Callable[[tuple[int, ...]], str], brief: bool = False
) -> str:
    """A costly decision, what ZEDX would have done, and why, in one line.

    ``passed at 400 with 1 die: throwing is worth 35 more on average``;
    ``faces`` writes dice as dice (the screen decides how). ``brief`` leaves out
    what a narrow line can spare: ``on average``, the dice a better take leaves, and
    advice that is not a take of these dice.
    """
    words = {
        "loss": _worth(decision.loss or 0.0),
        "dice": dice_count(decision.dice),
        "points": points(decision.turn_points),
    }
    if decision.kind == GO:
        if decision.throw:
            if brief:
                said = _("threw {dice} at {points}: passing is worth {loss} more")
            else:
                said = _("threw {dice} at {points}: passing is worth {loss} more on average")
        elif brief:
            said = _("passed at {points} with {dice}: throwing is worth {loss} more")
        else:
            said = _("passed at {points} with {dice}: throwing is worth {loss} more on average")
        return said.format(**words)
    words.update(taken=faces(decision.taken), thrown=faces(decision.thrown))
    advised = best_faces(decision)
    if advised is None:  # advice in other words (a record from elsewhere): said as it is
        if brief:
            return _("took {taken} of {thrown}: another take averages {loss} more").format(**words)
        return _("took {taken} of {thrown}: {advice} averages {loss} more").format(
            advice=printable(decision.best), **words
        )
    left = decision.dice - len(advised)
    words.update(better=faces(advised), left=dice_count(left))
    if brief:
        said = _("took {taken} of {thrown}: {better} averages {loss} more")
    elif left:
        said = _("took {taken} of {thrown}: {better} ({left} left) averages {loss} more")
    else:
        said = _("took {taken} of {thrown}: {better} (hot dice) averages {loss} more")
    return said.format(**words)


MistakeKey = tuple[str, int, int, int, bool, tuple[int, ...], tuple[int, ...]]


def mistake_key(d: Decision) -> MistakeKey:
    """What makes two decisions "the same mistake" for a player (the banked score aside)."""
    return (d.kind, d.turn_points, d.dice, d.level, d.throw, tuple(sorted(d.thrown)), d.taken)


class Costly(NamedTuple):
    """One costly decision (the costliest time it was made) and how often it was made."""

    loss: float
    decision: Decision
    times: int = 1


@dataclass
class PlayStyle:
    """One player's decisions summed over turns, with the optimum's result from the same scores."""

    turns: int = 0
    go_decisions: int = 0
    take_decisions: int = 0
    given_away: float = 0.0
    too_early: int = 0
    too_far: int = 0
    take_mistakes: int = 0
    banked: int = 0
    """Points banked over the turns counted (luck included)."""
    levels: Counter[tuple[int, bool]] = field(default_factory=Counter)
    """(banked score at the start, four 2s wipe it) of each turn counted."""
    costly: dict[MistakeKey, Costly] = field(default_factory=dict)

    def add_turn(self, record: TurnRecord, four_twos_wipes: bool = True) -> None:
        counted = False
        for d in record.decisions:
            if d.loss is None:
                continue
            counted = True
            self.given_away += d.loss
            if d.kind == GO:
                self.go_decisions += 1
                if d.loss > MISTAKE:
                    if d.throw:
                        self.too_far += 1
                    else:
                        self.too_early += 1
            elif d.kind == TAKE:
                self.take_decisions += 1
                if d.loss > MISTAKE:
                    self.take_mistakes += 1
            if d.loss > MISTAKE:
                self._note(d, d.loss)
        if counted or not any(d.last for d in record.decisions):
            self.turns += 1
            self.banked += record.banked
            self.levels[(record.score_before, four_twos_wipes)] += 1

    def _note(self, decision: Decision, loss: float) -> None:
        key = mistake_key(decision)
        seen = self.costly.get(key)
        if seen is None:
            self.costly[key] = Costly(loss, decision)
            return
        if loss > seen.loss:
            self.costly[key] = Costly(loss, decision, seen.times + 1)
        else:
            self.costly[key] = seen._replace(times=seen.times + 1)

    def costliest(self, count: int = COSTLIEST) -> list[Costly]:
        """The costliest decisions, each once, most costly first."""
        ranked = sorted(self.costly.values(), key=lambda c: (-c.loss, mistake_key(c.decision)))
        return ranked[:count]

    @property
    def worst(self) -> list[Costly]:
        """The decisions the style page lists: :meth:`costliest` of them."""
        return self.costliest()

    @property
    def per_turn(self) -> float:
        """Points given away per turn (a positive number: what the decisions cost)."""
        return self.given_away / self.turns if self.turns else 0.0

    @property
    def points_per_turn(self) -> float:
        return self.banked / self.turns if self.turns else 0.0

    def optimum_per_turn(self) -> float:
        """What the optimal policy scores on average from the same banked scores."""
        if not self.turns:
            return 0.0
        total = sum(
            start_value(score, wipes) * times for (score, wipes), times in self.levels.items()
        )
        return total / self.turns

    @property
    def differs(self) -> float:
        """Share of throw/pass choices where ZEDX (8.1) would have chosen otherwise."""
        if not self.go_decisions:
            return 0.0
        return (self.too_early + self.too_far) / self.go_decisions


OPTIMUM_START = (
    575.1067956785007,
    568.1830454381018,
    561.2608421244108,
    554.4686302180675,
    547.7427890230397,
    541.0282145239871,
    534.3407768060327,
    527.6578169007968,
    520.9784618394787,
    514.3019052612816,
    507.6381661724374,
    500.97457616734977,
    494.31734464081217,
    487.70439490299333,
    481.1430051538225,
    474.590116911706,
    468.17783025614364,
    461.9068162935672,
    455.64108191954153,
    449.3765095504914,
    443.1124497375481,
)
"""The optimum's expected points over a turn from a banked score of 0, 500, ..., 10,000
(four 2s wipe the score), exactly as ``ai.tables_for(score).start_value()`` computes
them: constants of the rules, written here so that a statistics page builds no table
(21 tables take 2-4 s). ``tests/dixmille/test_analysis.py`` checks each against the
tables."""
OPTIMUM_START_TURN_RULE = 575.1067956785007
"""The same under ``four_twos = turn``, where the banked score plays no part."""


def start_value(banked: int, four_twos_wipes: bool = True) -> float:
    """The optimum's expected points over a turn that starts at score ``banked``.

    Exact at multiples of :data:`OPTIMUM_STEP`, a straight line in between:
    the start value is so nearly linear in the banked score that the line
    stays within 0.06 points of the exact value at every banked score below
    10,000 (``bench/dixmille_optimum_line.py``), and a style page over a long
    history needs only the 21 exact values of :data:`OPTIMUM_START`.
    """
    if not four_twos_wipes:
        return OPTIMUM_START_TURN_RULE
    low = banked - banked % OPTIMUM_STEP
    at_low = _exact_start(low)
    if low == banked:
        return at_low
    at_high = _exact_start(low + OPTIMUM_STEP)
    return at_low + (at_high - at_low) * (banked - low) / OPTIMUM_STEP


def _exact_start(banked: int) -> float:
    """The optimum's start value at a multiple of :data:`OPTIMUM_STEP`."""
    index = banked // OPTIMUM_STEP
    if 0 <= index < len(OPTIMUM_START):
        return OPTIMUM_START[index]
    return tables_for(banked).start_value()  # no recorded turn starts there


def optimum_from_zero() -> float:
    """The scale: the optimum's expected points per turn from a banked score of 0."""
    return OPTIMUM_START[0]
