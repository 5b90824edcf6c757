"""The statistics as a fold over the ledger (:mod:`parlour.core.tally`), totals kept beside it.

A long statistics file is read once: the per-player :class:`~parlour.dixmille.files.stats.Totals`
of the settled games, with every player's style analysis
(:class:`~parlour.dixmille.computer.analysis.Style`,
all its costly decisions, not only the ones a page shows), are kept in
``games.totals.json`` beside ``games.jsonl``, and the next reading parses only the lines
added since. What the kept file holds is checked as strictly as a statistics line
(:func:`load` refuses anything a real reading could not have made); anything it refuses
means reading the whole file again, never other figures. The totals are the same as
:func:`parlour.dixmille.files.stats.totals` over the records read one by one (a property test
checks it, over ledgers with replays, abandoned games and damaged lines).
"""

from __future__ import annotations

import math
import textwrap
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from parlour.core import tally
from parlour.core.tally import Progress
from parlour.core.text import name_key, printable
from parlour.dixmille.computer.analysis import MISTAKE, Costly, Style, mistake_key
from parlour.dixmille.files import stats
from parlour.dixmille.files.stats import PASS_BANDS, GameLine, Totals
from parlour.dixmille.game.names import check_name
from parlour.dixmille.game.records import GO, TAKE, Decision, check_int
from parlour.dixmille.game.rules import TARGET, IllegalMove
from parlour.dixmille.game.scoring import DICE_COUNT, STEP

TAG = "dixmille-totals-1"
"""Names the record and totals layout: change it whenever either changes meaning."""

AllTotals = dict[str, Totals]
"""Every player's totals, by :func:`parlour.core.text.name_key`, in first-seen order."""

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


class Fold:
    """Dix Mille's statistics for :func:`parlour.core.tally.summarise`."""

    tag = TAG

    def parse(self, raw: dict[str, Any]) -> GameLine:
        return stats.parse_record(raw)

    def game_id(self, record: GameLine) -> str | None:
        return record.game_id

    def is_final(self, record: GameLine) -> bool:
        return stats.is_final(record)

    def empty(self) -> AllTotals:
        return {}

    def add(self, totals: AllTotals, record: GameLine) -> None:
        stats.count_game(totals, record)

    def dump(self, totals: AllTotals) -> Any:
        return [[key, dump_totals(entry)] for key, entry in totals.items()]

    def load(self, data: Any) -> AllTotals:
        if not isinstance(data, list):
            raise ValueError("the kept totals are not a list")
        found: AllTotals = {}
        for item in data:
            if not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str):
                raise ValueError("a player's kept totals are damaged")
            key, entry = item[0], load_totals(item[1])
            if key in found or key != name_key(entry.name):
                raise ValueError("a player's kept totals are under the wrong name")
            found[key] = entry
        return found


FOLD = Fold()


def dump_totals(entry: Totals) -> dict[str, Any]:
    """One player's totals as JSON-able data (every field, the style analysis whole)."""
    out: dict[str, Any] = {name: getattr(entry, name) for name in _COUNTS}
    out["name"] = entry.name
    out["solitaire_turns"] = list(entry.solitaire_turns)
    out["pass_bands"] = list(entry.pass_bands)
    out["pass_dice"] = list(entry.pass_dice)
    out["style"] = dump_style(entry.style)
    return out


def load_totals(data: object) -> Totals:
    """A player's totals from :func:`dump_totals` output; ValueError unless play could make them."""
    if not isinstance(data, dict):
        raise ValueError("a player's kept totals are not an object")
    name = data["name"]
    if not isinstance(name, str):
        raise ValueError("a kept name is not text")
    try:
        if check_name(name, []) != name:
            raise ValueError("a kept name is not written as the game writes it")
    except IllegalMove as exc:
        raise ValueError(f"a kept name is refused: {exc}") from None
    entry = Totals(name)
    for field in _COUNTS:
        setattr(entry, field, check_int(data[field], field))
    entry.solitaire_turns = _int_list(data["solitaire_turns"], "solitaire turns", low=1)
    entry.pass_bands = _int_list(data["pass_bands"], "pass bands", len(PASS_BANDS))
    entry.pass_dice = _int_list(data["pass_dice"], "dice at a pass", DICE_COUNT)
    entry.style = load_style(data["style"])
    _check_totals(entry)
    return entry


def _int_list(value: object, what: str, length: int | None = None, low: int = 0) -> list[int]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"the kept {what} are not a list of the right length")
    return [check_int(item, what, low) for item in value]


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


def dump_style(style: Style) -> dict[str, Any]:
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


def load_style(data: object) -> Style:
    """A style analysis from :func:`dump_style` output; ValueError unless play could make it."""
    if not isinstance(data, dict):
        raise ValueError("a kept style analysis is not an object")
    style = Style()
    for field in _STYLE_COUNTS:
        setattr(style, field, check_int(data[field], field))
    style.given_away = _loss(data["given_away"], "points given away", low=0.0)
    levels = data["levels"]
    if not isinstance(levels, list):
        raise ValueError("the kept banked scores are not a list")
    style.levels = Counter()
    for item in levels:
        if not isinstance(item, list) or len(item) != 3 or not isinstance(item[1], bool):
            raise ValueError("a kept banked score is damaged")
        score = check_int(item[0], "banked score", 0, TARGET - STEP, STEP)
        if (score, item[1]) in style.levels:
            raise ValueError("a kept banked score is there twice")
        style.levels[(score, item[1])] = check_int(item[2], "turns at a banked score", 1)
    if style.levels.total() != style.turns:
        raise ValueError("the kept banked scores do not add up to the turns")
    costly = data["costly"]
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
    return Costly(decision.loss, decision, check_int(item[1], "times", 1))


def _check_style(style: Style) -> None:
    """ValueError unless the decisions' counts agree as analysing turns makes them."""
    if style.too_early + style.too_far > style.go_decisions:
        raise ValueError("the kept throw/pass choices do not add up")
    if style.take_mistakes > style.take_decisions:
        raise ValueError("the kept takes do not add up")
    mistakes = {GO: style.too_early + style.too_far, TAKE: style.take_mistakes}
    for kind, count in mistakes.items():
        noted = sum(c.times for c in style.costly.values() if c.decision.kind == kind)
        if noted != count:
            raise ValueError("the kept costly decisions do not add up to the mistakes")
    early = sum(
        c.times for c in style.costly.values() if c.decision.kind == GO and not c.decision.throw
    )
    if early != style.too_early:
        raise ValueError("the kept costly decisions do not add up to the mistakes")


class Summary:
    """What a statistics page shows: the players' rows, its title and a line about the file."""

    __slots__ = ("rows", "title", "message", "games")

    def __init__(self, rows: list[Totals], title: str, message: str, games: int) -> None:
        self.rows = rows
        self.title = title
        self.message = message
        """Empty when the whole file was read."""
        self.games = games


def summary(
    name_filter: str | Sequence[str] | None = None,
    keep: bool = True,
    progress: Progress | None = None,
) -> Summary:
    """Every recorded game's totals (or those of the players named), as the pages show them.

    ``name_filter``: one name, or several (each player's column, in the order named,
    a name given twice shown once). The records kept to be written later go into the
    file first (:func:`parlour.core.pending.flush`); the file is then read through the
    kept totals (:func:`parlour.core.tally.summarise`; ``keep=False`` reads it whole),
    ``progress`` told how far a long reading has come.
    """
    from parlour.core import pending

    names = [name_filter] if isinstance(name_filter, str) else list(name_filter or [])
    named = [name for name in names if name]
    try:
        path = stats.stats_path()
    except OSError as exc:
        return _summary({}, 0, named, unread_message(printable(str(exc))))
    pending.flush(path)
    read = tally.summarise(path, FOLD, keep, progress)
    message = unread_message(read.problem, path) if read.problem else read.message() or ""
    return _summary(read.totals, read.games, named, message)


def unread_message(reason: str, path: Path | None = None) -> str:
    """Why the statistics could not be read, the reason first and whole: one line, then
    the file on a line of its own, shortened in the middle if no line can hold it."""
    from parlour.core.text import ASCII_ELLIPSIS, LINE_COLUMNS, shorten_middle

    shown = printable(str(path)) if path is not None else ""
    reason = printable(reason)
    if shown and reason.startswith(shown + " "):  # "PATH is a link; ...": the file apart
        reason = "the file " + reason[len(shown) + 1 :]
    lines = textwrap.wrap(f"Statistics could not be read: {reason}.", LINE_COLUMNS)
    if shown:
        lines.append(f"The file: {shorten_middle(shown, LINE_COLUMNS - 10, ASCII_ELLIPSIS)}")
    return "\n".join(lines)


def missing(name_filter: Sequence[str], rows: list[Totals]) -> list[str]:
    """The names asked for that no recorded player answers to (as typed)."""
    found = {name_key(row.name) for row in rows}
    return [name for name in name_filter if name_key(name) not in found]


def _summary(found: AllTotals, games: int, named: list[str], message: str) -> Summary:
    if not named:
        rows = list(found.values())
    else:
        keys = list(dict.fromkeys(name_key(name) for name in named))
        rows = [found[key] for key in keys if key in found]
    title = stats.title(games, rows, ", ".join(named) if named else None)
    message = "\n".join(printable(line) for line in message.split("\n"))
    return Summary(rows, title, message, games)


def kept_path() -> Path | None:
    """Where the totals are kept beside the statistics file (None if no folder can be named)."""
    try:
        return tally.kept_path(stats.stats_path())
    except OSError:
        return None
