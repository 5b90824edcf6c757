"""Measure the last-deal table: the chance that a last deal of the cards left can be won.

Only the foundations and the draw survive a redeal, and the four suits play
alike, so the chance that the deal after the last redeal can be won depends
on the four foundation heights in sorted order (a *pattern*: 2 380 of them)
and on the draw. For each pattern, with the draw and without, this script
deals the cards left with shuffles of its own generator (never a real
redeal) and searches each deal to the end: won or not. The counts are kept
in two halves on independent seeds, so one half can choose and the other
judge the choice without sharing its noise.

    .venv/bin/python bench/midnightoil_solver_last.py --samples 2000 --out /tmp/last.json

Prints its progress; never asserts anything.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from multiprocessing import Pool
from pathlib import Path
from typing import Any, NamedTuple

from parlour.core.rng import make_rng
from parlour.midnightoil.computer.solver.middle import PATTERNS
from parlour.midnightoil.computer.solver.search import ALL_HOME, Found, search_phase
from parlour.midnightoil.computer.solver.value import sample_deal

SEARCH_LIMIT = 60_000
"""Positions per sampled search (far above what a sampled deal needs)."""
SEED_BASE = 0x4C415354_00000000
"""Seeds are this plus 4 x a pattern's place, plus 2 without the draw, plus the half."""
JUDGE_SEED_BASE = 0x4A554447
"""The seed base of a measurement that judges choices made by the shipped table (``--judge``)."""


FORMAT = "parlour-midnightoil-last-counts"
"""The ``format`` of the file this script writes."""

Table = dict[tuple[Found, bool], float]


class Counts(NamedTuple):
    """A file of this script, read: the share of deals won, per pattern and draw."""

    both: Table
    first: Table
    """Half 0 alone."""
    second: Table
    """Half 1 alone."""
    samples: int
    """Deals per pattern and draw, both halves."""


def read_counts(path: Path) -> Counts:
    """The last-deal chances in a file this script wrote."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
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
    return Counts(both, first, second, 2 * half)


def over_patterns(
    task: Callable[[Any], Any],
    jobs: Iterable[Any],
    workers: int,
    label: str,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
) -> Iterator[Any]:
    """``task`` over one job per pattern in ``workers`` processes, printing progress.

    Yields the results as they come; ``jobs`` should list the patterns with the
    most cards left (the slowest) first, as :func:`heaviest_first` orders them.
    """
    start = time.perf_counter()
    with Pool(workers, initializer, initargs) as pool:
        for done, result in enumerate(pool.imap_unordered(task, jobs), 1):
            yield result
            if done % 200 == 0:
                took = time.perf_counter() - start
                print(f"  {label}: {done}/{len(PATTERNS)} patterns, {took:.0f} s", flush=True)


def heaviest_first() -> list[int]:
    """The patterns' places, the most cards left first (they take longest)."""
    return sorted(range(len(PATTERNS)), key=lambda i: sum(PATTERNS[i]))


def count_pattern(job: tuple[int, int, int]) -> tuple[int, list[list[int]]]:
    """Deals won for one pattern: ``[[draw half 0, half 1], [no draw half 0, half 1]]``."""
    index, half_samples, seed_base = job
    found = PATTERNS[index]
    if found == ALL_HOME:
        return index, [[half_samples, half_samples], [half_samples, half_samples]]
    counts = []
    for d, draw_ok in enumerate((True, False)):
        halves = []
        for half in (0, 1):
            rng = make_rng(seed_base + 4 * index + 2 * d + half)
            won = 0
            for _ in range(half_samples):
                fans = sample_deal(found, rng)
                won += search_phase(
                    fans, found, draw_ok, node_limit=SEARCH_LIMIT, win_only=True
                ).won
            halves.append(won)
        counts.append(halves)
    return index, counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=2000, help="deals per pattern (two halves)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--judge",
        action="store_true",
        help="seeds of their own, for a measurement independent of the shipped table",
    )
    args = parser.parse_args(argv)
    seed = JUDGE_SEED_BASE if args.judge else SEED_BASE
    half = args.samples // 2
    counts: list[list[list[int]]] = [[] for _ in PATTERNS]
    start = time.perf_counter()
    jobs = [(i, half, seed) for i in heaviest_first()]
    for index, c in over_patterns(count_pattern, jobs, args.jobs, "last"):
        counts[index] = c
    rows = {
        "format": FORMAT,
        "half_samples": half,
        "seed": seed,
        "patterns": [list(p) for p in PATTERNS],
        "counts": counts,
    }
    args.out.write_text(json.dumps(rows, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
