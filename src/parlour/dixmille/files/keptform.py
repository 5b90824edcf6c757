"""Dix Mille's totals as data: the form they are kept in, checked as strictly as a record.

:func:`dump_totals` / :func:`load_totals` write and read one player's
:class:`~parlour.dixmille.files.totals.Totals` (with the whole
:class:`~parlour.dixmille.computer.analysis.PlayStyle` analysis: every banked score, every
costly decision) for the totals kept beside the statistics file and for the totals each
line carries (:mod:`parlour.dixmille.files.linetotals`); a load refuses anything a real
reading could not have made. :func:`merge` adds one set of totals to another exactly as
counting the same games one by one would.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from typing import Any

from parlour.core.i18n import N_
from parlour.core.text import name_key
from parlour.dixmille.computer.analysis import MISTAKE, Costly, PlayStyle, mistake_key
from parlour.dixmille.files.totals import PASS_BANDS, Totals
from parlour.dixmille.game.names import check_name
from parlour.dixmille.game.records import GO, Decision, check_int
from parlour.dixmille.game.rules import TARGET, IllegalMove
from parlour.dixmille.game.scoring import DICE_COUNT, STEP

_COUNTS = (
    "games",
    "abandoned",
    "finished",
    "solitaire",
    "won",
    "shared",
    "turns",
    "throws",
    "banked",
    "passes",
    "pass_points",
    "busts",
    "bust_lost",
    "four_twos",
    "four_twos_lost",
    "one_die",
    "one_first",
    "one_second",
    "bonus",
    "top_bonus",
    "hot_dice",
    "straights",
    "three_pairs",
    "best_turn",
    "longest_turn",
    "highest_score",
)
"""The whole-number fields of :class:`Totals`, dumped and loaded as they are."""
_STYLE_COUNTS = (
    "turns",
    "go_decisions",
    "take_decisions",
    "too_early",
    "too_far",
    "take_mistakes",
    "banked",
)


def dump_totals(entry: Totals) -> dict[str, Any]:
    """One player's totals as JSON-able data (every field, the style analysis whole)."""
    out: dict[str, Any] = {name: getattr(entry, name) for name in _COUNTS}
    out["name"] = entry.name
    out["solitaire_turns"] = list(entry.solitaire_turns)
    out["pass_bands"] = list(entry.pass_bands)
    out["pass_dice"] = list(entry.pass_dice)
    out["style"] = dump_style(entry.style)
    return out


def load_totals(data: object, style: PlayStyle | None = None) -> Totals:
    """A player's totals from :func:`dump_totals` output; ValueError unless play could make them.

    ``style``: the analysis already loaded from ``data["style"]`` (in another form)."""
    if not isinstance(data, dict):
        raise ValueError("a player's kept totals are not an object")
    name = data["name"]
    if not isinstance(name, str):
        raise ValueError("a kept name is not text")
    refused = _name_refused(name)
    if refused:
        raise ValueError(refused)
    entry = Totals(name)
    fields = entry.__dict__
    for field in _COUNTS:  # check_int's test, inline: a reading loads one for every game
        value = data[field]
        if type(value) is not int or value < 0:
            raise ValueError(f"{field} is not a whole number")
        fields[field] = value
    entry.solitaire_turns = _int_list(data["solitaire_turns"], "solitaire turns", low=1)
    entry.pass_bands = _int_list(data["pass_bands"], "pass bands", len(PASS_BANDS))
    entry.pass_dice = _int_list(data["pass_dice"], "dice at a pass", DICE_COUNT)
    entry.style = load_style(data["style"]) if style is None else style
    _check_totals(entry)
    return entry


@functools.lru_cache(maxsize=1024)
def _name_refused(name: str) -> str | None:
    """Why ``name`` is not a name as the game writes it, or None. Remembered: a reading
    meets the same few names in every game (their check takes microseconds each time)."""
    try:
        if check_name(name, []) != name:
            return "a kept name is not written as the game writes it"
    except IllegalMove as exc:
        return f"a kept name is refused: {exc}"
    return None


@functools.lru_cache(maxsize=1024)
def key_of(name: str) -> str:
    """:func:`parlour.core.text.name_key`, remembered for the few names a reading meets."""
    return name_key(name)


def _int_list(value: object, what: str, length: int | None = None, low: int = 0) -> list[int]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"the kept {what} are not a list of the right length")
    for item in value:  # check_int's test, inline: a reading loads these for every game
        if type(item) is not int or item < low:
            raise ValueError(f"the kept {what} are not whole numbers in range")
    return list(value)


def _check_totals(t: Totals) -> None:
    """ValueError unless the figures agree with one another as counting games makes them."""
    if t.games != t.abandoned + t.finished + t.solitaire or not t.games:
        raise ValueError("the kept games do not add up")
    if t.won + t.shared > t.finished or len(t.solitaire_turns) > t.solitaire:
        raise ValueError("the kept results do not add up")
    if sum(t.pass_bands) != t.passes or sum(t.pass_dice) != t.passes:
        raise ValueError("the kept passes do not add up")
    if t.passes + t.busts + t.four_twos != t.turns or t.throws < t.turns:
        raise ValueError("the kept turns do not add up")
    if t.banked != t.pass_points or t.best_turn > t.pass_points or t.longest_turn > t.throws:
        raise ValueError("the kept points do not add up")
    if t.one_first + t.one_second > t.one_die or t.top_bonus > t.one_die:
        raise ValueError("the kept one-die throws do not add up")
    if any(n % STEP for n in (t.banked, t.bust_lost, t.four_twos_lost, t.bonus, t.best_turn)):
        raise ValueError("the kept points are not multiples of 50")
    if t.style.turns > t.turns or t.style.banked > t.banked:
        raise ValueError("the kept style analysis does not match the turns")


def dump_style(style: PlayStyle) -> dict[str, Any]:
    """The style analysis as JSON-able data: every banked score and every costly decision."""
    out: dict[str, Any] = {name: getattr(style, name) for name in _STYLE_COUNTS}
    out["given_away"] = style.given_away
    out["levels"] = [[score, wipes, times] for (score, wipes), times in style.levels.items()]
    out["costly"] = [_dump_costly(costly) for costly in style.costly.values()]
    return out


def _dump_costly(costly: Costly) -> list[Any]:
    decision = costly.decision.to_dict()
    decision.pop("loss")  # kept whole beside it (to_dict rounds it)
    return [costly.loss, costly.times, decision]


def load_style(data: object) -> PlayStyle:
    """A style analysis from :func:`dump_style` output; ValueError unless play could make it."""
    style = load_style_counts(data)
    costly = data["costly"] if isinstance(data, dict) else None
    if not isinstance(costly, list):
        raise ValueError("the kept costly decisions are not a list")
    for item in costly:
        entry = _load_costly(item)
        key = mistake_key(entry.decision)
        if key in style.costly:
            raise ValueError("a kept costly decision is there twice")
        style.costly[key] = entry
    _check_style(style)
    return style


def load_style_counts(data: object, levels: bool = True) -> PlayStyle:
    """The style analysis of :func:`dump_style` output but its costly decisions (left
    empty for the caller: they are checked against the counts by :func:`check_mistakes`),
    and but its banked scores unless ``levels``."""
    if not isinstance(data, dict):
        raise ValueError("a kept style analysis is not an object")
    style = PlayStyle()
    for field in _STYLE_COUNTS:
        setattr(style, field, check_int(data[field], field))
    style.given_away = _loss(data["given_away"], "points given away", low=0.0)
    if not levels:
        return style
    return _load_levels(style, data["levels"])


def _load_levels(style: PlayStyle, levels: object) -> PlayStyle:
    if not isinstance(levels, list):
        raise ValueError("the kept banked scores are not a list")
    style.levels = Counter()
    for item in levels:  # check_int's tests, inline: a reading loads one for every game
        if type(item) is not list or len(item) != 3:
            raise ValueError("a kept banked score is damaged")
        score, wipes, times = item
        if type(wipes) is not bool or type(score) is not int or type(times) is not int:
            raise ValueError("a kept banked score is damaged")
        if not 0 <= score <= TARGET - STEP or score % STEP or times < 1:
            raise ValueError("a kept banked score is out of range")
        if (score, wipes) in style.levels:
            raise ValueError("a kept banked score is there twice")
        style.levels[(score, wipes)] = times
    if style.levels.total() != style.turns:
        raise ValueError("the kept banked scores do not add up to the turns")
    return style


STYLE_FIELDS = len(_STYLE_COUNTS) + 3
"""How many fields :func:`dump_style` writes."""
TOTALS_FIELDS = len(_COUNTS) + 5
"""How many fields :func:`dump_totals` writes."""


def _loss(value: object, what: str, low: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"the kept {what} is not a number")
    number = float(value)
    if not math.isfinite(number) or number < low:
        raise ValueError(f"the kept {what} is out of range")
    return number


def _load_costly(item: object) -> Costly:
    if not isinstance(item, list) or len(item) != 3 or not isinstance(item[2], dict):
        raise ValueError("a kept costly decision is damaged")
    if "loss" in item[2]:
        raise ValueError("a kept costly decision is damaged")
    decision = Decision.from_dict(item[2] | {"loss": item[0]})  # the loss checked there too
    if decision.loss is None or not decision.loss > MISTAKE:
        raise ValueError("a kept costly decision is not costly")
    return Costly(decision.loss, decision, check_int(item[1], N_("times"), 1))


def _check_style(style: PlayStyle) -> None:
    """ValueError unless the decisions' counts agree as analysing turns makes them."""
    go = take = early = 0
    for c in style.costly.values():
        if c.decision.kind == GO:
            go += c.times
            if not c.decision.throw:
                early += c.times
        else:
            take += c.times
    check_mistakes(style, go, take, early)


def check_mistakes(style: PlayStyle, go: int, take: int, early: int) -> None:
    """ValueError unless the counts agree as analysing turns makes them, the costly
    decisions noted ``go`` times throw/pass (``early`` of them a pass), ``take`` times a take."""
    if style.too_early + style.too_far > style.go_decisions:
        raise ValueError("the kept throw/pass choices do not add up")
    if style.take_mistakes > style.take_decisions:
        raise ValueError("the kept takes do not add up")
    if go != style.too_early + style.too_far or take != style.take_mistakes:
        raise ValueError("the kept costly decisions do not add up to the mistakes")
    if early != style.too_early:
        raise ValueError("the kept costly decisions do not add up to the mistakes")


AllTotals = dict[str, Totals]
"""Every player's totals, by :func:`parlour.core.text.name_key`, in first-seen order."""

_HIGHS = ("top_bonus", "best_turn", "longest_turn", "highest_score")
"""The fields of :class:`Totals` that keep the highest value seen, not a sum."""
_SUMS = tuple(name for name in _COUNTS if name not in _HIGHS)


def merge(found: AllTotals, key: str, more: Totals, losses: list[float]) -> None:
    """Add ``more`` (a player's totals over some games) to ``found[key]`` exactly as
    :func:`parlour.dixmille.files.totals.count_game` counting those games would have.

    ``losses`` are the losses of the player's analysed decisions in those games, in
    order: the points given away are a sum of floats, which is only exact when
    added in the same order as the games' decisions were.
    """
    entry = found.get(key)
    if entry is None:
        entry = found[key] = Totals(more.name)
    entry.name = more.name  # the name as last recorded, as counting makes it
    into, adding = entry.__dict__, more.__dict__
    for name in _SUMS:
        into[name] += adding[name]
    for name in _HIGHS:
        if adding[name] > into[name]:
            into[name] = adding[name]
    entry.solitaire_turns += more.solitaire_turns
    entry.pass_bands = [a + b for a, b in zip(entry.pass_bands, more.pass_bands, strict=True)]
    entry.pass_dice = [a + b for a, b in zip(entry.pass_dice, more.pass_dice, strict=True)]
    merge_style(entry.style, more.style, losses)


def merge_style(style: PlayStyle, more: PlayStyle, losses: list[float]) -> None:
    """Add the analysis ``more`` to ``style`` as analysing its turns after them would."""
    given = style.given_away  # added one by one as before, in a local (about 60 a game)
    for loss in losses:
        given += loss
    style.given_away = given
    into, adding = style.__dict__, more.__dict__
    for name in _STYLE_COUNTS:
        into[name] += adding[name]
    for level, times in more.levels.items():
        style.levels[level] += times
    for key, costly in more.costly.items():
        seen = style.costly.get(key)
        if seen is None:
            style.costly[key] = costly
        elif costly.loss > seen.loss:  # the costlier time, as PlayStyle._note keeps it
            style.costly[key] = Costly(costly.loss, costly.decision, seen.times + costly.times)
        else:  # a tie keeps the time seen first
            style.costly[key] = Costly(seen.loss, seen.decision, seen.times + costly.times)
