"""What the game remembers about each turn, for statistics and the style analysis (spec 10).

A :class:`TurnRecord` holds the facts of one turn (cycle, score before, result,
throws, hot dice, one-die attempts, bonus, points lost) and every decision
the player made in it: each throw/pass choice and each take, with the state
it was made in, so that the analysis can later compare it with the optimal
policy.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.i18n import N_, _
from parlour.core.record import Frozen, Record, field
from parlour.dixmille.game.scoring import DICE_COUNT, FACES, SIX_DICE_POINTS, STEP

if TYPE_CHECKING:
    from typing import Any

PASS = "pass"
BUST = "bust"
FOUR_TWOS = "four2s"
PLAYING = "playing"
RESULTS = (PASS, BUST, FOUR_TWOS, PLAYING)

GO = "go"
TAKE = "take"
LOW_FACE, HIGH_FACE = FACES[0], FACES[-1]
MAX_LOSS = 1e6
"""A decision's recorded loss is below this (far above any real one)."""


def check_int(
    value: object, what: str, low: int = 0, high: int | None = None, step: int = 1
) -> int:
    """Strictly read a whole number within bounds (for loading saves and records).

    Only a plain ``int`` is one (``True`` is not): what JSON reads as a whole number.
    """
    if type(value) is not int:
        raise ValueError(_("{what} is not a whole number").format(what=_(what)))
    if value < low or (high is not None and value > high) or value % step:
        raise ValueError(_("{what} is out of range").format(what=_(what)))
    return value


def check_faces(value: object, what: str, low: int = 0, high: int = DICE_COUNT) -> tuple[int, ...]:
    if not isinstance(value, list) or not low <= len(value) <= high:
        raise ValueError(_("{what} is not a list of dice").format(what=_(what)))
    for face in value:
        if type(face) is not int:
            raise ValueError(_("{what} is not a whole number").format(what=_(what)))
        if not LOW_FACE <= face <= HIGH_FACE:
            raise ValueError(_("{what} is out of range").format(what=_(what)))
    return tuple(value)


class Decision(Frozen):
    """One choice a player made: a throw/pass (``kind`` GO) or a take (``kind`` TAKE).

    ``banked`` is the score at the start of the turn; ``last`` says the turn
    was the player's last (the deciding cycle, where winning, not the
    expected score, is the goal).
    """

    kind: str
    banked: int
    turn_points: int
    dice: int
    level: int
    last: bool
    throw: bool = False
    thrown: tuple[int, ...] = ()
    taken: tuple[int, ...] = ()
    loss: float | None = None
    """Expected points given away against the optimal policy (set by the analysis)."""
    best: str = ""
    """What the optimal policy would have done, in words (set by the analysis)."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "d": self.kind,
            "s": self.banked,
            "t": self.turn_points,
            "n": self.dice,
            "k": self.level,
            "last": self.last,
        }
        if self.kind == GO:
            out["throw"] = self.throw
        else:
            out["thrown"] = list(self.thrown)
            out["taken"] = list(self.taken)
        if self.loss is not None:
            out["loss"] = round(self.loss, 3)
            out["best"] = self.best
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        kind = data["d"]
        if kind != GO and kind != TAKE:
            raise ValueError(_("unknown decision kind {kind}").format(kind=repr(kind)))
        dice = check_int(data["n"], N_("dice available"), 1, DICE_COUNT)
        last = data["last"]
        if last is not True and last is not False:
            raise ValueError(_("decision 'last' is not true/false"))
        loss = data.get("loss")
        if loss is not None:
            if type(loss) is not float and type(loss) is not int:
                raise ValueError(_("decision loss is out of range"))
            if not 0 <= loss < MAX_LOSS:
                raise ValueError(_("decision loss is out of range"))
            loss = float(loss)
        best = data.get("best", "")
        if type(best) is not str:
            raise ValueError(_("decision 'best' is not text"))
        banked = check_int(data["s"], N_("banked score"), step=STEP)
        turn_points = check_int(data["t"], N_("turn points"), step=STEP)
        level = check_int(data["k"], N_("one-die successes"))
        if kind == GO:
            throw = data["throw"]
            if throw is not True and throw is not False:
                raise ValueError(_("decision 'throw' is not true/false"))
            return cls(kind, banked, turn_points, dice, level, last, throw, (), (), loss, best)
        thrown = check_faces(data["thrown"], N_("thrown dice"), dice, dice)
        taken = check_faces(data["taken"], N_("taken dice"), 1)
        return cls(kind, banked, turn_points, dice, level, last, False, thrown, taken, loss, best)


class TurnRecord(Record):
    """The facts of one turn (spec 10), filled in as the turn is played."""

    cycle: int
    score_before: int
    result: str = PLAYING
    turn_points: int = 0
    throws: int = 0
    dice_at_pass: int = 0
    hot_dice: int = 0
    one_die: list[int] = field(default_factory=list)
    """One entry per one-die throw (both attempts count as one): 0 missed, 1 or 2 the attempt."""
    bonus: int = 0
    lost: int = 0
    six_dice: list[str] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)

    @property
    def banked(self) -> int:
        """Points this turn added to the score (0 for a bust; the loss is in ``lost``)."""
        return self.turn_points if self.result == PASS else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "cycle": self.cycle,
            "score_before": self.score_before,
            "result": self.result,
            "turn_points": self.turn_points,
            "throws": self.throws,
            "dice_at_pass": self.dice_at_pass,
            "hot_dice": self.hot_dice,
            "one_die": list(self.one_die),
            "bonus": self.bonus,
            "lost": self.lost,
            "six_dice": list(self.six_dice),
            "decisions": [d.to_dict() for d in self.decisions],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TurnRecord:
        result = data["result"]
        if result not in RESULTS:
            raise ValueError(_("unknown turn result {result}").format(result=repr(result)))
        one_die = data["one_die"]
        six = data["six_dice"]
        decisions = data["decisions"]
        if not isinstance(one_die, list) or not isinstance(six, list):
            raise ValueError(_("turn record lists are damaged"))
        if not isinstance(decisions, list):
            raise ValueError(_("turn decisions are damaged"))
        for name in six:
            if name not in SIX_DICE_POINTS:
                raise ValueError(_("unknown six-dice combination"))
        cycle = check_int(data["cycle"], N_("cycle"), 1)
        score_before = check_int(data["score_before"], N_("score before"), step=STEP)
        turn_points = check_int(data["turn_points"], N_("turn points"), step=STEP)
        throws = check_int(data["throws"], N_("throws"))
        dice_at_pass = check_int(data["dice_at_pass"], N_("dice at pass"), 0, DICE_COUNT)
        hot_dice = check_int(data["hot_dice"], N_("hot dice"))
        for attempt in one_die:
            if type(attempt) is not int:
                raise ValueError(_("one-die attempt is not a whole number"))
            if not 0 <= attempt <= 2:
                raise ValueError(_("one-die attempt is out of range"))
        return cls(
            cycle,
            score_before,
            result,
            turn_points,
            throws,
            dice_at_pass,
            hot_dice,
            list(one_die),
            check_int(data["bonus"], N_("bonus"), step=STEP),
            check_int(data["lost"], N_("points lost"), step=STEP),
            list(six),
            [Decision.from_dict(d) for d in decisions],
        )
