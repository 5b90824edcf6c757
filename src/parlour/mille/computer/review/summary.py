"""What differed in the playouts of a decision's two moves, in words: the ``Played out:``
part of a finding's reasons (:mod:`parlour.mille.computer.review.reasons`).

The hand-score difference splits into parts (each side's trip bonuses, miles, coups
fourrés, safeties; :meth:`parlour.mille.computer.review.outcomes.Contrast.components`); the
largest part that the advised move won is said as the rates or means of the two moves,
"the computer's way" (its move) against "yours". For Extension?, how often going on
ended with each side at 1000.
"""

from __future__ import annotations

from parlour.core.i18n import _, number, percent
from parlour.mille.computer.review.outcomes import Contrast

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
        # TRANSLATORS: what made the difference when both moves were played out to the
        # end of the hand, many times ({what}: e.g. "you complete the trip: 57% the
        # computer's way, 41% yours").
        return _("Played out: {what}.").format(what=part_text(contrast, part))
    return None


def going_on(contrast: Contrast) -> str:
    """Extension?: how often going on ended with each side at 1000, in the playouts; where
    stopping was better, first what going on cost (the largest part of the difference)."""
    extended = contrast.advised if contrast.advised_extends else contrast.chosen
    deals = len(extended)
    mine = sum(o.finisher == 1 for o in extended) / deals
    theirs = sum(o.finisher == -1 for o in extended) / deals
    if not contrast.advised_extends:
        for part, points in contrast.components():
            if points >= MIN_PART:
                return _("Played out: {what}.").format(what=part_text(contrast, part, True))
            break
    text = _("Played out, going on: you reach 1000 {mine} of the time, they do {theirs}.")
    return text.format(mine=share(mine), theirs=share(theirs))


def share(rate: float) -> str:
    """A share as a whole percentage ("57%")."""
    return percent(rate * 100)


def rates(contrast: Contrast, test: str, stopping: bool) -> str:
    """How often ``test`` happened, the advised way and the player's: "you complete the
    trip: 57% the computer's way, 41% yours" (``stopping``: "57% stopping, 41% going on")."""
    its, yours = contrast.rate(test)
    if stopping:
        text = {
            "you_finish": _("you complete the trip: {its} stopping, {yours} going on"),
            "they_finish": _("they complete the trip: {its} stopping, {yours} going on"),
            "you_shut_out": _("you shut them out: {its} stopping, {yours} going on"),
            "they_shut_out": _("they shut you out: {its} stopping, {yours} going on"),
            "your_coup": _("you make a coup fourré: {its} stopping, {yours} going on"),
            "their_coup": _("they make a coup fourré: {its} stopping, {yours} going on"),
        }[test]
    else:
        text = {
            "you_finish": _("you complete the trip: {its} the computer's way, {yours} yours"),
            "they_finish": _("they complete the trip: {its} the computer's way, {yours} yours"),
            "you_shut_out": _("you shut them out: {its} the computer's way, {yours} yours"),
            "they_shut_out": _("they shut you out: {its} the computer's way, {yours} yours"),
            "your_coup": _("you make a coup fourré: {its} the computer's way, {yours} yours"),
            "their_coup": _("they make a coup fourré: {its} the computer's way, {yours} yours"),
        }[test]
    return text.format(its=share(its), yours=share(yours))


def part_text(contrast: Contrast, part: str, stopping: bool = False) -> str:
    """One part of the loss (one of :data:`COMPONENTS`) in words: the advised way against
    the player's (``stopping``: for Extension?, stopping against going on)."""
    side, kind = part.split("_", 1)
    mine = side == "your"
    if kind == "trip":
        finish = contrast.rate("you_finish" if mine else "they_finish")
        shut = contrast.rate("you_shut_out" if mine else "they_shut_out")
        if abs(shut[0] - shut[1]) * 500 > abs(finish[0] - finish[1]) * 400:
            return rates(contrast, "you_shut_out" if mine else "they_shut_out", stopping)
        return rates(contrast, "you_finish" if mine else "they_finish", stopping)
    if kind == "coups":
        return rates(contrast, "your_coup" if mine else "their_coup", stopping)
    if kind == "miles":
        its, yours = contrast.mean("miles", mine)
        more = number(round(its - yours) if mine else round(yours - its))
        if mine and stopping:
            text = _("you drive {miles} miles more on average stopping")
        elif mine:
            text = _("you drive {miles} miles more on average the computer's way")
        elif stopping:
            text = _("they drive {miles} miles less on average stopping")
        else:
            text = _("they drive {miles} miles less on average the computer's way")
        return text.format(miles=more)
    its, yours = contrast.mean("safety_points", mine)
    if mine and stopping:
        text = _("your safeties score {its} points on average stopping, {yours} going on")
    elif mine:
        text = _("your safeties score {its} points on average the computer's way, {yours} yours")
    elif stopping:
        text = _("their safeties score {its} points on average stopping, {yours} going on")
    else:
        text = _("their safeties score {its} points on average the computer's way, {yours} yours")
    return text.format(its=number(round(its)), yours=number(round(yours)))
