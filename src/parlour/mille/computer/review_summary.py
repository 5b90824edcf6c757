"""What differed in the playouts of a decision's two moves, in words: the ``Played out:``
part of a finding's reasons (:mod:`parlour.mille.computer.review_reasons`).

The hand-score difference splits into parts (each side's trip bonuses, miles, coups
fourrés, safeties; :meth:`parlour.mille.computer.review_outcomes.Contrast.components`); the
largest part that the advised move won is said as the rates or means of the two moves,
"the computer's way" (its move) against "yours". For Extension?, how often going on
ended with each side at 1000.
"""

from __future__ import annotations

from parlour.mille.computer.review_outcomes import Contrast

THEIRS_WAY = "the computer's way"
"""The advised move's side of a comparison (the player's is "yours")."""
MIN_PART = 10.0
"""A part of the loss smaller than this many points is not worth a word."""


def played_out(contrast: Contrast, extension: bool = False) -> str | None:
    """What made most of the difference in the playouts, in words (None when nothing did).

    For Extension?, what going on led to: how often each side reached 1000.
    """
    if extension:
        return going_on(contrast)
    for part, points in contrast.components():
        if points < MIN_PART:
            return None
        return f"Played out: {part_text(contrast, part)}."
    return None


def going_on(contrast: Contrast) -> str:
    """Extension?: how often going on ended with each side at 1000, in the playouts; where
    stopping was better, first what going on cost (the largest part of the difference)."""
    extended = contrast.advised if contrast.advised_extends else contrast.chosen
    deals = len(extended)
    mine = sum(o.finisher == 1 for o in extended) / deals
    theirs = sum(o.finisher == -1 for o in extended) / deals
    reach = f"you reach 1000 {percent(mine)} of the time, they do {percent(theirs)}"
    if not contrast.advised_extends:
        for part, points in contrast.components():
            if points >= MIN_PART:
                cost = part_text(contrast, part).replace(THEIRS_WAY, "stopping")
                return f"Played out: {cost.replace(' yours', ' going on')}."
            break
    return f"Played out, going on: {reach}."


def percent(rate: float) -> str:
    """A share as a whole percentage ("57%")."""
    return f"{round(rate * 100)}%"


def rates(contrast: Contrast, test: str, subject: str) -> str:
    """ "<subject>: 57% the computer's way, 41% yours"."""
    its, yours = contrast.rate(test)
    return f"{subject}: {percent(its)} {THEIRS_WAY}, {percent(yours)} yours"


def part_text(contrast: Contrast, part: str) -> str:
    """One part of the loss (one of :data:`COMPONENTS`) in words."""
    side, kind = part.split("_", 1)
    mine = side == "your"
    if kind == "trip":
        finish = contrast.rate("you_finish" if mine else "they_finish")
        shut = contrast.rate("you_shut_out" if mine else "they_shut_out")
        if abs(shut[0] - shut[1]) * 500 > abs(finish[0] - finish[1]) * 400:
            subject = "you shut them out" if mine else "they shut you out"
            return rates(contrast, "you_shut_out" if mine else "they_shut_out", subject)
        subject = "you complete the trip" if mine else "they complete the trip"
        return rates(contrast, "you_finish" if mine else "they_finish", subject)
    if kind == "coups":
        subject = "you make a coup fourré" if mine else "they make a coup fourré"
        return rates(contrast, "your_coup" if mine else "their_coup", subject)
    if kind == "miles":
        its, yours = contrast.mean("miles", mine)
        if mine:
            return f"you drive {round(its - yours)} miles more on average {THEIRS_WAY}"
        return f"they drive {round(yours - its)} miles less on average {THEIRS_WAY}"
    its, yours = contrast.mean("safety_points", mine)
    whose = "your" if mine else "their"
    return (
        f"{whose} safeties score {round(its)} points on average {THEIRS_WAY}, {round(yours)} yours"
    )
