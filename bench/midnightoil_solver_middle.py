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
of the rest. Writes ``src/parlour/midnightoil/solver_middle.json``.

    .venv/bin/python bench/midnightoil_solver_last.py --out /tmp/last.json   # 16 min, 2 workers
    .venv/bin/python bench/midnightoil_solver_middle.py --last-counts /tmp/last.json

Prints its progress and a few rows of the tables; never asserts anything.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path

from parlour.core.rng import make_rng
from parlour.midnightoil import solver_middle
from parlour.midnightoil.rules import State
from parlour.midnightoil.solver import HOLD, plan
from parlour.midnightoil.solver_middle import PATTERNS, TABLE_FORMAT, TABLE_PATH, pattern_of
from parlour.midnightoil.solver_search import ALL_HOME, EndState, Found
from parlour.midnightoil.solver_value import sample_deal

SELF_WEIGHT = 3.0
"""The weight of a pattern's own chance when it is smoothed with its neighbours."""
SEED_BASE = 0x4D4F5442
"""Seeds are twice this plus twice a pattern's place in the table (plus one without the draw)."""
MIDDLE_STAGE = 2
"""The stage in the middle deals' seeds (the seeds of version 1's last deals used 1)."""

Table = dict[tuple[Found, bool], float]


def seed_of(index: int, draw_ok: bool, stage: int) -> int:
    """The seed of one pattern's sampled deals at one stage."""
    return SEED_BASE * stage + 2 * index + (0 if draw_ok else 1)


def read_counts(path: Path) -> tuple[Table, Table, Table]:
    """The last-deal chances from ``midnightoil_solver_last.py``: (both halves, half 0, half 1)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != "parlour-midnightoil-last-counts":
        raise SystemExit(f"{path}: not a file of midnightoil_solver_last.py")
    half = data["half_samples"]
    both: Table = {}
    first: Table = {}
    second: Table = {}
    for h, counts in zip(PATTERNS, data["counts"], strict=True):
        for (a, b), draw_ok in zip(counts, (True, False), strict=True):
            both[(h, draw_ok)] = (a + b) / (2 * half)
            first[(h, draw_ok)] = a / half
            second[(h, draw_ok)] = b / half
    return both, first, second


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
    solver_middle.TABLE_PATH = table  # the plans choose by this table, not the shipped one
    solver_middle._table.cache_clear()
    _judge.update(judge)


def _measure_one(job: tuple[int, int]) -> tuple[int, float, float]:
    index, samples = job
    h = PATTERNS[index]
    if h == ALL_HOME:
        return index, 1.0, 1.0
    with_draw, without = (
        middle_chance(h, d, samples, seed_of(index, d, MIDDLE_STAGE), _judge) for d in (True, False)
    )
    return index, with_draw, without


def measure_middle(samples: int, choose: Table, judge: Table, jobs: int) -> Table:
    """The middle-deal chance of every pattern, with and without the draw, printing progress.

    The plans choose by ``choose`` (written to a scratch table with the
    middle row of the shipped table, which a plan with one redeal left never
    reads) and are valued by ``judge``.
    """
    table: Table = {}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder) / "choose.json"
        write_table(scratch, choose, choose, {})
        order = sorted(range(len(PATTERNS)), key=lambda i: sum(PATTERNS[i]))
        with Pool(jobs, _start_worker, (scratch, judge)) as pool:
            work = [(i, samples) for i in order]
            for done, (index, a, b) in enumerate(pool.imap_unordered(_measure_one, work), 1):
                table[(PATTERNS[index], True)] = a
                table[(PATTERNS[index], False)] = b
                if done % 200 == 0:
                    took = time.perf_counter() - start
                    print(f"  middle: {done}/{len(PATTERNS)} patterns, {took:.0f} s", flush=True)
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--last-counts", type=Path, required=True)
    parser.add_argument("--middle-samples", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    args = parser.parse_args(argv)
    both, first, second = read_counts(args.last_counts)
    last = smoothed(both)
    middle = smoothed(measure_middle(args.middle_samples, smoothed(first), second, args.jobs))
    half = json.loads(args.last_counts.read_text(encoding="utf-8"))["half_samples"]
    write_table(
        args.out, last, middle, {"last_samples": 2 * half, "middle_samples": args.middle_samples}
    )
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
