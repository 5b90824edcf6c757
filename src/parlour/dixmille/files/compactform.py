"""A line's banked scores and costly decisions in a compact form, checked without building them.

The totals a statistics line carries (:mod:`parlour.dixmille.files.linetotals`, layout 2)
hold each player's banked scores as one list, ``[WIPES, SCORE, TIMES, SCORE, TIMES, ...]``
(``[]`` when none: in one game every turn is played under the same four-2s rule, WIPES),
and the costly decisions as rows, not as the kept file's objects:

    [LOSS, TIMES, "go", BANKED, TURN_POINTS, DICE, LEVEL, LAST, THROW, BEST]
    [LOSS, TIMES, "take", BANKED, TURN_POINTS, DICE, LEVEL, LAST, THROWN, TAKEN, BEST]

THROWN and TAKEN are the dice as text, each face a digit in the order recorded ("122335").

:func:`load_rows` checks every row as :meth:`parlour.dixmille.game.records.Decision.from_dict`
and the kept file (:mod:`parlour.dixmille.files.keptform`) check one (the same bounds,
types and counts) and works out its :func:`~parlour.dixmille.computer.analysis.mistake_key`,
but builds no :class:`~parlour.dixmille.game.records.Decision`: a reading adds a game's
costly decisions to the running totals, where only the first or a costlier time of a
mistake is kept (:func:`merge_rows`), so a decision is built (:func:`decision`) only then.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from parlour.dixmille.computer.analysis import MISTAKE, Costly, MistakeKey, PlayStyle
from parlour.dixmille.files.keptform import check_mistakes
from parlour.dixmille.game.records import GO, HIGH_FACE, LOW_FACE, MAX_LOSS, TAKE, Decision
from parlour.dixmille.game.rules import TARGET
from parlour.dixmille.game.scoring import DICE_COUNT, STEP

_new = tuple.__new__
Row = list[Any]
"""One costly decision in the positional form above."""
Checked = tuple[MistakeKey, float, int, Row]
"""A checked row: its mistake's key, its loss, how often it was made, the row."""
_GO_LENGTH = 10
_TAKE_LENGTH = 11


class Compact(NamedTuple):
    """A player's banked scores and costly decisions in one game, checked."""

    wipes: bool
    levels: list[int]
    """The list as written: WIPES, then each score and how often it was banked."""
    rows: list[Checked]


def dump_levels(levels: Counter[tuple[int, bool]]) -> list[Any]:
    """The banked scores as one list; ValueError when they mix the four-2s rules."""
    if not levels:
        return []
    rules = {wipes for _, wipes in levels}
    if len(rules) != 1:
        raise ValueError("one game's banked scores under two rules")
    flat: list[Any] = [rules.pop()]
    for (score, _), times in levels.items():
        flat += (score, times)
    return flat


def load_levels(value: object, turns: int) -> tuple[bool, list[int]]:
    """WIPES and the list of :func:`dump_levels`, checked as the kept file checks banked
    scores (each score once, in range, banked at least once, ``turns`` in all)."""
    if type(value) is not list or len(value) % 2 != 1 and value:
        raise ValueError("the kept banked scores are not a list")
    wipes = value[0] if value else False
    if type(wipes) is not bool:
        raise ValueError("a kept banked score is damaged")
    scores, counts = value[1::2], value[2::2]
    total = 0
    for score, times in zip(scores, counts, strict=True):
        if type(score) is not int or type(times) is not int:
            raise ValueError("a kept banked score is damaged")
        if not 0 <= score <= TARGET - STEP or score % STEP or times < 1:
            raise ValueError("a kept banked score is out of range")
        total += times
    if len(set(scores)) != len(scores):
        raise ValueError("a kept banked score is there twice")
    if total != turns:
        raise ValueError("the kept banked scores do not add up to the turns")
    return wipes, value


def merge_compact(style: PlayStyle, compact: Compact) -> None:
    """Add a game's banked scores and costly decisions to ``style`` as
    :func:`parlour.dixmille.files.keptform.merge_style` adds a style's."""
    levels, wipes, flat = style.levels, compact.wipes, compact.levels
    for score, times in zip(flat[1::2], flat[2::2], strict=True):
        levels[(score, wipes)] += times
    merge_rows(style, compact.rows)


def dump_row(costly: Costly) -> Row:
    """One costly decision as a row (its loss whole, as the kept file keeps it)."""
    d = costly.decision
    head = [costly.loss, costly.times, d.kind, d.banked, d.turn_points, d.dice, d.level, d.last]
    if d.kind == GO:
        return [*head, d.throw, d.best]
    return [*head, _text(d.thrown), _text(d.taken), d.best]


def _text(faces: tuple[int, ...]) -> str:
    return "".join(map(str, faces))


def load_rows(value: object, style: PlayStyle) -> list[Checked]:
    """The rows of ``value``, each checked, their mistakes counted against ``style``'s
    (:func:`parlour.dixmille.files.keptform.check_mistakes`); ValueError unless play
    could have made them."""
    if type(value) is not list:
        raise ValueError("the kept costly decisions are not a list")
    found: list[Checked] = []
    keys: set[MistakeKey] = set()
    go = take = early = 0
    for row in value:
        if type(row) is not list:
            raise ValueError("a kept costly decision is damaged")
        length = len(row)
        if length == _GO_LENGTH:
            loss, times, kind, banked, points, dice, level, last, throw, best = row
            if kind != GO or type(throw) is not bool:
                raise ValueError("a kept costly decision is damaged")
        elif length == _TAKE_LENGTH:
            loss, times, kind, banked, points, dice, level, last, faces, took, best = row
            if kind != TAKE:
                raise ValueError("a kept costly decision is damaged")
            throw = False
        else:
            raise ValueError("a kept costly decision is damaged")
        # Decision.from_dict's and the kept file's tests, inline: about 28 rows a game
        if (
            type(loss) is not float
            or type(times) is not int
            or type(banked) is not int
            or type(points) is not int
            or type(dice) is not int
            or type(level) is not int
            or type(last) is not bool
            or type(best) is not str
        ):
            raise ValueError("a kept costly decision is damaged")
        if (
            not (MISTAKE < loss < MAX_LOSS and 1 <= dice <= DICE_COUNT)
            or times < 1
            or banked < 0
            or points < 0
            or level < 0
            or banked % STEP
            or points % STEP
        ):
            raise ValueError("a kept costly decision is out of range")
        if throw is False and kind == GO:
            early += times
        if kind == GO:
            go += times
            key: MistakeKey = (GO, points, dice, level, throw, (), ())
        else:
            take += times
            thrown, taken = _faces(faces, dice, dice)[1], _faces(took, 1, DICE_COUNT)[0]
            key = (TAKE, points, dice, level, False, thrown, taken)
        if key in keys:
            raise ValueError("a kept costly decision is there twice")
        keys.add(key)
        found.append((key, loss, times, row))
    check_mistakes(style, go, take, early)
    return found


_FACES = "".join(map(str, range(LOW_FACE, HIGH_FACE + 1)))
_READ: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
"""Dice as text already read: at most 55,986 (one to six dice)."""


def _faces(value: object, low: int, high: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The dice written as ``value`` (``low`` to ``high`` of them), as written and sorted."""
    if type(value) is not str or not low <= len(value) <= high or value.strip(_FACES):
        raise ValueError("a kept costly decision's dice are not dice")
    found = _READ.get(value)
    if found is None:
        faces = tuple(map(int, value))
        found = _READ[value] = (faces, tuple(sorted(faces)))
    return found


def decision(row: Row) -> Decision:
    """The decision of a row :func:`load_rows` checked."""
    if row[2] == GO:
        loss, _, kind, banked, points, dice, level, last, throw, best = row
        return Decision(kind, banked, points, dice, level, last, throw, (), (), loss, best)
    loss, _, kind, banked, points, dice, level, last, thrown, taken, best = row
    faces, took = _faces(thrown, 1, DICE_COUNT)[0], _faces(taken, 1, DICE_COUNT)[0]
    return Decision(kind, banked, points, dice, level, last, False, faces, took, loss, best)


def merge_rows(style: PlayStyle, rows: list[Checked]) -> None:
    """Add checked rows to ``style``'s costly decisions as
    :func:`parlour.dixmille.files.keptform.merge_style` adds a style's."""
    costly = style.costly
    for key, loss, times, row in rows:
        seen = costly.get(key)
        # Costly(...) built as the tuple it is (its own __new__ is a Python call)
        if seen is None:
            costly[key] = _new(Costly, (loss, decision(row), times))
        elif loss > seen.loss:  # the costlier time, as PlayStyle._note keeps it
            costly[key] = _new(Costly, (loss, decision(row), seen.times + times))
        else:  # a tie keeps the time seen first
            costly[key] = _new(Costly, (seen.loss, seen.decision, seen.times + times))
