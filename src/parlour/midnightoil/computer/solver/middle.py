"""How much an end state is worth before each redeal, and the end states held back (fair play).

Only the foundations and the draw survive a redeal, and the four suits play
alike, so the chance of winning from an end state depends on its four
foundation heights in sorted order (a *pattern*: 2 380 of them), on the draw
and on the deals still to come. The tables of those chances, one before the
last redeal (the last deal's chance of being won) and one before the first
(two deals to come), are measured by ``bench/midnightoil_solver_last.py`` and
``bench/midnightoil_solver_middle.py`` with shuffles of their own (never a
real redeal) and shipped as ``middle.json``.

The chance is not the more the more cards are home: with three suits home
and the fourth whole, a deal of its thirteen cards blocks itself in nearly
every fan, while twenty-five cards over four suits often come out. So an
end state with cards *held back* (left on the table although they could go
home) may be worth more than any the plain search ends in; the solver lists
those below each end state it reached (:func:`held_back`), best first, and
checks by a search with the foundations capped that the phase can really end
there (:func:`reachable_best_first`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from itertools import combinations_with_replacement, product
from pathlib import Path

from parlour.midnightoil.computer.solver.search import (
    ALL_HOME,
    EndState,
    Fans,
    Found,
    PhaseResult,
    cards_home,
    pareto,
    search_phase,
)

TABLE_PATH = Path(__file__).with_name("middle.json")
"""The measured table (written by ``bench/midnightoil_solver_middle.py``)."""
TABLE_FORMAT = "parlour-midnightoil-middle"
PATTERNS: tuple[Found, ...] = tuple(
    (a, b, c, d) for a, b, c, d in combinations_with_replacement(range(ALL_HOME[0] + 1), 4)
)
"""Every pattern of four foundation heights in ascending order, in the table's order."""
INDEX = {p: i for i, p in enumerate(PATTERNS)}
HOLD_TESTS = 6
"""Held-back end states a choice checks by a capped search, best first, before it chooses."""
MAX_HELD = 20_000
"""Below one end state at most this many held-back end states are listed (else none)."""


class TableError(Exception):
    """The shipped table is missing or damaged (the solver then holds nothing back)."""


def pattern_of(found: tuple[int, ...]) -> Found:
    """The foundation heights in ascending order (the suits play alike)."""
    a, b, c, d = sorted(found)
    return (a, b, c, d)


KEYS = {2: ("draw", "no_draw"), 1: ("last_draw", "last_no_draw")}
"""The table's rows by the redeals left before the end state: with the draw, without."""


@cache
def _table() -> dict[int, tuple[tuple[float, ...], tuple[float, ...]]]:
    try:
        data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise TableError(f"{TABLE_PATH.name}: {exc}") from exc
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
        raise TableError(f"{TABLE_PATH.name} is not the solver's table")
    tables = {}
    for redeals_left, keys in KEYS.items():
        rows = []
        for key in keys:
            row = data.get(key)
            if not (isinstance(row, list) and len(row) == len(PATTERNS)):
                raise TableError(f"{TABLE_PATH.name}: {key} has the wrong length")
            if not all(isinstance(x, int | float) and 0.0 <= x <= 1.0 for x in row):
                raise TableError(f"{TABLE_PATH.name}: {key} holds a value outside 0..1")
            rows.append(tuple(float(x) for x in row))
        tables[redeals_left] = (rows[0], rows[1])
    return tables


def available() -> bool:
    """True if the table can be read (a solver without it judges as before)."""
    try:
        _table()
    except TableError:
        return False
    return True


def value(end: EndState, redeals_left: int = 2) -> float:
    """The measured chance of winning from ``end`` with ``redeals_left`` redeals to come (1 or 2).

    With one redeal left it is the chance that the last deal can be won; with
    two, the chance of winning one of the two deals to come.
    """
    found, draw_ok = end
    if found == ALL_HOME:
        return 1.0
    with_draw, without = _table()[redeals_left]
    return (with_draw if draw_ok else without)[INDEX[pattern_of(found)]]


def held_back(ends: Iterable[EndState], floor: Found) -> Iterator[EndState]:
    """Every end state below one of ``ends`` and not under ``floor`` (the cards already home).

    Below means no foundation higher and the draw as in that end state: a
    line can stop any foundation short, but whether a given set of stops can
    be reached is for the capped search to say. Each is given once; an end
    state with more than :data:`MAX_HELD` below it adds none.
    """
    seen: set[EndState] = set()
    for found, draw_ok in pareto(list(ends)):
        ranges = [range(floor[s], max(floor[s], found[s]) + 1) for s in range(4)]
        count = 1
        for r in ranges:
            count *= len(r)
        if count > MAX_HELD:
            continue
        for a, b, c, d in product(*ranges):
            end = ((a, b, c, d), draw_ok)
            if end not in seen:
                seen.add(end)
                yield end


def reachable_best_first(
    fans: Fans,
    found: Found,
    ends: Iterable[EndState],
    draw_ok: bool,
    worth: Callable[[EndState], float],
    *,
    node_limit: int,
    deadline: float | None = None,
    tests: int = HOLD_TESTS,
) -> Iterator[tuple[EndState, PhaseResult | None]]:
    """The end states the phase can end in, best first by ``worth``, each with its capped search.

    ``ends`` are the end states a search of the phase from ``fans`` and
    ``found`` reached (the draw allowed if ``draw_ok``); the candidates are
    those and every one below them with cards held back (ties: more cards
    home, the draw kept, lower heights). One of ``ends`` comes with None; a
    held-back one comes only if a search with the foundations capped at its
    heights reaches it, with that search. At most ``tests`` capped searches
    are run: after them only ``ends`` are given.
    """
    reached = set(ends)
    pool = reached | set(held_back(reached, found))
    ranked = sorted(pool, key=lambda e: (-worth(e), -cards_home(e[0]), not e[1], e[0]))
    for end in ranked:
        if end in reached:
            yield end, None
            continue
        if tests <= 0:
            continue
        tests -= 1
        with_draw = draw_ok and not end[1]
        capped = search_phase(
            fans, found, with_draw, node_limit=node_limit, deadline=deadline, caps=end[0]
        )
        if capped.won:
            yield end, capped
