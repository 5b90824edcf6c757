"""Measure solver_middle's table: what an end state is worth before the first redeal.

Only the foundations and the draw survive a redeal, and the four suits play
alike, so an end state's chance of winning depends on the four foundation
heights in sorted order and the draw: 2 380 height patterns, with the draw
and without. For each, this script deals the cards left again with
shuffles of its own generator (never a real redeal; the seed of a pattern
is its place in the table) and searches the deal that follows:

1. *last deal*: the chance that a deal of these cards can be won outright
   (``--last-samples`` deals per pattern);
2. *middle deal* (one more redeal after it): a sampled deal is worth 1 if it
   can be won, else the last-deal chance of the end state the solver chooses
   there, as it does with one redeal left (``--middle-samples`` deals per
   pattern). Valuing the best end by the table instead would favour deals
   that offer many end states, each a chance for the table's noise to look
   good.

The middle-deal chances are then smoothed: each is averaged (weight 3)
with the patterns that have the same number of cards left and differ by one
card moved between two suits (weight 1 each), which keeps what the number
of cards left decides (the last fan of a redeal) and damps the sampling
noise of the rest. Writes ``src/parlour/midnightoil/solver_middle.json``.

    .venv/bin/python bench/midnightoil_solver_middle.py           # as shipped, about 12 min

Prints its progress and a few rows of the table; never asserts anything.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from parlour.core.rng import make_rng
from parlour.midnightoil.solver_middle import PATTERNS, TABLE_PATH, pattern_of
from parlour.midnightoil.solver_search import ALL_HOME, EndState, Found, search_phase
from parlour.midnightoil.solver_value import TABLE, choose_end, sample_deal

SEARCH_LIMIT = 60_000
"""Positions per sampled search (far above what a sampled deal needs)."""
SELF_WEIGHT = 3.0
"""The weight of a pattern's own chance when it is smoothed with its neighbours."""
SEED_BASE = 0x4D4F5442
"""Seeds are this plus twice a pattern's place in the table (plus one without the draw)."""

Table = dict[tuple[Found, bool], float]


def seed_of(index: int, draw_ok: bool, stage: int) -> int:
    """The seed of one pattern's sampled deals at one stage (1: last deal, 2: middle)."""
    return SEED_BASE * stage + 2 * index + (0 if draw_ok else 1)


def last_chance(found: Found, draw_ok: bool, samples: int, seed: int) -> float:
    """The share of sampled deals of the cards left that can be won outright."""
    rng = make_rng(seed)
    won = 0
    for _ in range(samples):
        fans = sample_deal(found, rng)
        won += search_phase(fans, found, draw_ok, node_limit=SEARCH_LIMIT, win_only=True).won
    return won / samples


def middle_chance(found: Found, draw_ok: bool, samples: int, seed: int, last: Table) -> float:
    """The mean worth of sampled middle deals: 1 if won, else the last chance of the solver's end.

    The end state of a sampled middle deal is the one the solver would choose
    there (``solver_value.choose_end``, as a plan with one redeal left does), and
    it is valued by the measured last-deal table: a choice made by one estimate
    and valued by another, so a table that happens to rate some end too high
    does not make every middle deal offering it look better.
    """
    rng = make_rng(seed)
    total = 0.0
    for _ in range(samples):
        fans = sample_deal(found, rng)
        plain = search_phase(fans, found, False, node_limit=SEARCH_LIMIT, part_way=True)
        if plain.won:
            total += 1.0
            continue
        ends: list[EndState] = [(f, draw_ok) for f, _ in plain.ends]
        if draw_ok:
            drawn = search_phase(fans, found, True, node_limit=SEARCH_LIMIT, part_way=True)
            if drawn.won:
                total += 1.0
                continue
            ends = list(drawn.ends)
        end = choose_end(ends, 1, rng.getrandbits(64), TABLE)
        total += last[(pattern_of(end[0]), end[1])]
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


def measure(stage: int, samples: int, last: Table | None, seed_stage: int = 0) -> Table:
    """One stage's chance for every pattern, with and without the draw, printing progress.

    Stage 1 measures last deals; stage 2 middle deals, judging their end states by
    ``last`` (the last-deal table). ``seed_stage`` (if given) replaces the stage in
    the seeds, for a measurement independent of the shipped table's.
    """
    table: Table = {}
    start = time.perf_counter()
    for index, h in enumerate(PATTERNS):
        for draw_ok in (True, False):
            if h == ALL_HOME:
                table[(h, draw_ok)] = 1.0
            elif last is None:
                table[(h, draw_ok)] = last_chance(
                    h, draw_ok, samples, seed_of(index, draw_ok, seed_stage or 1)
                )
            else:
                seed = seed_of(index, draw_ok, seed_stage or 2)
                table[(h, draw_ok)] = middle_chance(h, draw_ok, samples, seed, last)
        if index % 400 == 399:
            name = "last" if last is None else "middle"
            took = time.perf_counter() - start
            print(f"  {name}: {index + 1}/{len(PATTERNS)} patterns, {took:.0f} s", flush=True)
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--last-samples", type=int, default=400)
    parser.add_argument("--middle-samples", type=int, default=200)
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    args = parser.parse_args(argv)
    # Middle deals need the last-deal chance of every pattern, so that comes first.
    last = measure(1, args.last_samples, None)
    middle = smoothed(measure(2, args.middle_samples, last))
    rows = {
        "format": "parlour-midnightoil-middle",
        "version": 1,
        "last_samples": args.last_samples,
        "middle_samples": args.middle_samples,
        "draw": [round(middle[(h, True)], 4) for h in PATTERNS],
        "no_draw": [round(middle[(h, False)], 4) for h in PATTERNS],
    }
    args.out.write_text(json.dumps(rows, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    for h in ((0, 0, 0, 0), (2, 3, 4, 5), (0, 0, 13, 13), (4, 4, 4, 4), (0, 13, 13, 13)):
        p = pattern_of(h)
        with_draw, without = middle[(p, True)], middle[(p, False)]
        print(f"  heights {h}: with the draw {with_draw:.3f}, without {without:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
