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

from dataclasses import dataclass, field, replace

from parlour.dixmille.ai import tables_for
from parlour.dixmille.records import GO, TAKE, Decision, TurnRecord
from parlour.dixmille.rules import points
from parlour.dixmille.scoring import legal_takes, score_take

MISTAKE = 0.005
"""Losses below this are rounding noise, not mistakes."""
COSTLIEST = 3


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
        dice = "the last die" if n == 1 else f"{n} dice"
        advice = f"throw {dice}" if throw > t else f"pass with {points(t)}"
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


def describe(decision: Decision) -> str:
    """A decision in a few words, e.g. ``passed 350, 5 dice`` or ``took 1 1 5 of 115234``."""
    if decision.kind == GO:
        verb = "threw" if decision.throw else "passed"
        dice = "1 die" if decision.dice == 1 else f"{decision.dice} dice"
        return f"{verb} at {points(decision.turn_points)}, {dice}"
    thrown = "".join(str(f) for f in decision.thrown)
    return f"took {''.join(str(f) for f in decision.taken)} of {thrown}"


@dataclass
class Style:
    """One player's decisions summed over turns."""

    turns: int = 0
    go_decisions: int = 0
    take_decisions: int = 0
    given_away: float = 0.0
    too_early: int = 0
    too_far: int = 0
    take_mistakes: int = 0
    worst: list[tuple[float, str]] = field(default_factory=list)

    def add_turn(self, record: TurnRecord) -> None:
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
                self.worst.append((d.loss, f"{describe(d)} (best: {d.best})"))
                self.worst.sort(key=lambda item: -item[0])
                del self.worst[COSTLIEST:]
        if counted or not any(d.last for d in record.decisions):
            self.turns += 1

    @property
    def per_turn(self) -> float:
        return self.given_away / self.turns if self.turns else 0.0

    @property
    def differs(self) -> float:
        """Share of throw/pass choices where ZEDX (8.1) would have chosen otherwise."""
        if not self.go_decisions:
            return 0.0
        return (self.too_early + self.too_far) / self.go_decisions
