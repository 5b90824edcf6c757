"""Measure solver_middle's tables: what an end state is worth before each redeal.

Only the foundations and the draw survive a redeal, and the four suits play
alike, so an end state's chance of winning depends on the four foundation
heights in sorted order and the draw: 2 380 height patterns, with the draw
and without. Every chance is measured on shuffles of the scripts' own
generators (never a real redeal):

1. *last deal* (one redeal left before the end state): the share of sampled
   deals of the cards left that can be won outright, counted by
   ``midnightoil_solver_last.py`` in two halves on independent seeds and
   read from its file (``--last-counts``). The shipped row is both halves
   together, smoothed (below).
2. *middle deal* (two redeals left): a sampled deal is played by the
   ``hold`` plan with one redeal left, as the solver plays it, choosing by
   the first half of the last-deal counts (smoothed); it is worth 1 if the
   plan wins it, else the last-deal chance of the end state the plan redeals
   from, by the second half (raw), so a choice is never valued by the same
   noise that made it (``--middle-samples`` deals per pattern).

Each row is then smoothed: each chance is averaged (weight 3) with the
patterns that have the same number of cards left and differ by one card
moved between two suits (weight 1 each), which keeps what the number of
cards left decides (the last fan of a redeal) and damps the sampling noise
of the rest. Writes ``src/parlour/midnightoil/computer/middle.json``.

    .venv/bin/python bench/midnightoil_solver_last.py --out /tmp/last.json   # 16 min, 2 workers
    .venv/bin/python bench/midnightoil_solver_middle.py --last-counts /tmp/last.json

Prints its progress and a few rows of the tables; never asserts anything.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from midnightoil_solver_last import Table, heaviest_first, over_patterns, read_counts
from parlour.core.rng import make_rng
from parlour.midnightoil.computer.solver import middle
from parlour.midnightoil.computer.solver.middle import (
    PATTERNS,
    TABLE_FORMAT,
    TABLE_PATH,
    pattern_of,
)
from parlour.midnightoil.computer.solver.planner import HOLD, plan
from parlour.midnightoil.computer.solver.search import ALL_HOME, EndState, Found
from parlour.midnightoil.computer.solver.value import sample_deal
from parlour.midnightoil.game.rules import State

SELF_WEIGHT = 3.0
"""The weight of a pattern's own chance when it is smoothed with its neighbours."""
SEED_BASE = 0x4D4F5442 * 2
"""Seeds are this plus twice a pattern's place in the table (plus one without the draw);
version 1's middle deals used the same, its last deals this less 0x4D4F5442."""


def seed_of(index: int, draw_ok: bool) -> int:
    """The seed of one pattern's sampled middle deals."""
    return SEED_BASE + 2 * index + (0 if draw_ok else 1)


def plan_end(state: State, profile: str = HOLD) -> EndState | None:
    """The end state a profile's plan redeals from in this phase (None: the plan wins it)."""
    result = plan(state, profile=profile)
    if result.wins:
        return None
    for move in result.moves[:-1]:
        state = state.apply(move)
    return pattern_of(state.foundations), not state.draw_used


def middle_chance(
    found: Found, draw_ok: bool, samples: int, seed: int, last: Table, profile: str = HOLD
) -> float:
    """The mean worth of sampled middle deals: 1 if won, else the last chance of the plan's end.

    Each sampled deal is played by ``profile``'s plan with one redeal left (the
    ``hold`` plan chooses by the table :mod:`solver_middle` has loaded); the end state it
    redeals from is valued by ``last``, another measurement than the one it
    chose by, so a table that happens to rate some end too high does not make
    every middle deal offering it look better.
    """
    rng = make_rng(seed)
    total = 0.0
    for _ in range(samples):
        state = State(0, tuple(tuple(f) for f in sample_deal(found, rng)), found, 1, not draw_ok)
        end = plan_end(state, profile)
        total += 1.0 if end is None else last[end]
    return total / samples


def smoothed(raw: Table) -> Table:
    """Each chance averaged with its neighbours of the same number of cards left."""
    out: Table = {}
    for (h, draw_ok), value in raw.items():
        total = SELF_WEIGHT * value
        weight = SELF_WEIGHT
        for i in range(4):
            for j in range(4):
                if i != j and h[i] < ALL_HOME[i] and h[j] > 0:
                    moved = list(h)
                    moved[i] += 1
                    moved[j] -= 1
                    total += raw[(pattern_of(tuple(moved)), draw_ok)]
                    weight += 1
        out[(h, draw_ok)] = total / weight
    return out


def write_table(path: Path, last: Table, middle: Table, samples: dict[str, int]) -> None:
    """The table file :mod:`solver_middle` reads (its rows in :data:`PATTERNS` order)."""
    rows: dict[str, object] = {"format": TABLE_FORMAT, "version": 2, **samples}
    for key, table in (("last_draw", last), ("draw", middle)):
        rows[key] = [round(table[(h, True)], 4) for h in PATTERNS]
        rows[key.replace("draw", "no_draw")] = [round(table[(h, False)], 4) for h in PATTERNS]
    path.write_text(json.dumps(rows, separators=(",", ":")) + "\n", encoding="utf-8")


_judge: Table = {}


def _start_worker(table: Path, judge: Table) -> None:
    middle.TABLE_PATH = table  # the plans choose by this table, not the shipped one
    middle._table.cache_clear()
    _judge.update(judge)


def _measure_one(job: tuple[int, int]) -> tuple[int, float, float]:
    index, samples = job
    h = PATTERNS[index]
    if h == ALL_HOME:
        return index, 1.0, 1.0
    with_draw, without = (
        middle_chance(h, d, samples, seed_of(index, d), _judge) for d in (True, False)
    )
    return index, with_draw, without


def measure_middle(samples: int, choose: Table, judge: Table, jobs: int) -> Table:
    """The middle-deal chance of every pattern, with and without the draw, printing progress.

    The plans choose by ``choose`` (written to a scratch table with the
    middle row of the shipped table, which a plan with one redeal left never
    reads) and are valued by ``judge``.
    """
    table: Table = {}
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder) / "choose.json"
        write_table(scratch, choose, choose, {})
        work = [(i, samples) for i in heaviest_first()]
        results = over_patterns(_measure_one, work, jobs, "middle", _start_worker, (scratch, judge))
        for index, a, b in results:
            table[(PATTERNS[index], True)] = a
            table[(PATTERNS[index], False)] = b
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--last-counts", type=Path, required=True)
    parser.add_argument("--middle-samples", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    args = parser.parse_args(argv)
    counts = read_counts(args.last_counts)
    last = smoothed(counts.both)
    chosen = smoothed(counts.first)
    middle = smoothed(measure_middle(args.middle_samples, chosen, counts.second, args.jobs))
    samples = {"last_samples": counts.samples, "middle_samples": args.middle_samples}
    write_table(args.out, last, middle, samples)
    print(f"wrote {args.out}")
    for h in ((0, 0, 0, 0), (2, 3, 4, 5), (0, 0, 13, 13), (4, 4, 4, 4), (0, 13, 13, 13)):
        p = pattern_of(h)
        print(
            f"  heights {h}: last deal {last[(p, True)]:.3f} with the draw, "
            f"{last[(p, False)]:.3f} without; "
            f"middle {middle[(p, True)]:.3f}, {middle[(p, False)]:.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
