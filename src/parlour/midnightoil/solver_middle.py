"""How much an end state is worth before the first redeal, and the end states held back (fair play).

Before the first redeal two deals are still to come. Only the foundations and
the draw survive a redeal, and the four suits play alike, so the chance of
winning from an end state depends on its four foundation heights in sorted
order (a *pattern*: 2 380 of them) and on the draw. The table of those
chances is measured by ``bench/midnightoil_solver_middle.py`` with shuffles
of its own (never a real redeal) and shipped as ``solver_middle.json``.

The chance is not the more the more cards are home: with three suits home
and the fourth whole, a deal of its thirteen cards blocks itself in nearly
every fan, while twenty-five cards over four suits often come out. So an
end state with cards *held back* (left on the table although they could go
home) may be worth more than any the plain search ends in; the solver lists
those below each end state it reached (:func:`held_back`), best first, and
checks by a search with the foundations capped that the phase can really end
there.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from functools import cache
from itertools import combinations_with_replacement, product
from pathlib import Path

from parlour.midnightoil.solver_search import ALL_HOME, EndState, Found, pareto

TABLE_PATH = Path(__file__).with_name("solver_middle.json")
"""The measured table (written by ``bench/midnightoil_solver_middle.py``)."""
TABLE_FORMAT = "parlour-midnightoil-middle"
PATTERNS: tuple[Found, ...] = tuple(
    (a, b, c, d) for a, b, c, d in combinations_with_replacement(range(ALL_HOME[0] + 1), 4)
)
"""Every pattern of four foundation heights in ascending order, in the table's order."""
INDEX = {p: i for i, p in enumerate(PATTERNS)}
MAX_HELD = 20_000
"""Below one end state at most this many held-back end states are listed (else none)."""


class TableError(Exception):
    """The shipped table is missing or damaged (the solver then holds nothing back)."""


def pattern_of(found: tuple[int, ...]) -> Found:
    """The foundation heights in ascending order (the suits play alike)."""
    a, b, c, d = sorted(found)
    return (a, b, c, d)


@cache
def _table() -> tuple[tuple[float, ...], tuple[float, ...]]:
    try:
        data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise TableError(f"{TABLE_PATH.name}: {exc}") from exc
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
        raise TableError(f"{TABLE_PATH.name} is not the solver's table")
    rows = []
    for key in ("draw", "no_draw"):
        row = data.get(key)
        if not (isinstance(row, list) and len(row) == len(PATTERNS)):
            raise TableError(f"{TABLE_PATH.name}: {key} has the wrong length")
        if not all(isinstance(x, int | float) and 0.0 <= x <= 1.0 for x in row):
            raise TableError(f"{TABLE_PATH.name}: {key} holds a value outside 0..1")
        rows.append(tuple(float(x) for x in row))
    return rows[0], rows[1]


def available() -> bool:
    """True if the table can be read (a solver without it judges as before)."""
    try:
        _table()
    except TableError:
        return False
    return True


def value(end: EndState) -> float:
    """The measured chance of winning from ``end`` with two deals to come."""
    found, draw_ok = end
    if found == ALL_HOME:
        return 1.0
    with_draw, without = _table()
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
