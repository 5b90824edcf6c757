"""Benchmark: auto-solve Midnight Oil deals and print the win rate and the time per deal.

Each deal is played from its opening position by ``AutoSolver`` one move at
a time through the real rules, so the redeals are the ones the deal number
produces (the solver itself never sees them in advance). Deals are spread
over worker processes (one per core by default).

    .venv/bin/python bench/midnightoil_solver.py            # deals 1..1000
    .venv/bin/python bench/midnightoil_solver.py --first 1 --count 200 --jobs 2

Prints figures; never asserts anything about time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from multiprocessing import Pool

from benchstats import percentile, wilson
from parlour.midnightoil.rules import REDEAL, State
from parlour.midnightoil.solver import DEFAULT_SEED, AutoSolver

MOVE_CAP = 5_000
"""A game that somehow ran this many moves would be reported, not looped on."""
Z95 = 1.959964


def play_deal(args: tuple[int, int]) -> tuple[int, int, float, int, bool, int]:
    """Auto-solve one deal: (deal, cards home, seconds, moves, draw used, phase at the end)."""
    deal, seed = args
    start = time.perf_counter()
    state = State.new(deal)
    solver = AutoSolver(seed)
    moves = 0
    while moves < MOVE_CAP:
        move = solver.next_move(state)
        if move is None:
            break
        state = state.apply(move)
        moves += 1
        if move.kind == REDEAL:
            continue
    elapsed = time.perf_counter() - start
    return deal, state.cards_home(), elapsed, moves, state.draw_used, state.phase


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--count", type=int, default=1000, help="number of deals (default 1000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the solver's own seed")
    parser.add_argument("--list", action="store_true", help="print one line per deal")
    args = parser.parse_args(argv)

    deals = [(d, args.seed) for d in range(args.first, args.first + args.count)]
    wall = time.perf_counter()
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(play_deal, deals, chunksize=4)
    else:
        results = [play_deal(d) for d in deals]
    wall = time.perf_counter() - wall

    n = len(results)
    wins = sum(1 for r in results if r[1] == 52)
    low, high = wilson(wins, n)
    times = sorted(r[2] for r in results)
    won_in = Counter(r[5] for r in results if r[1] == 52)
    draw_wins = sum(1 for r in results if r[1] == 52 and r[4])
    if args.list:
        for deal, home, secs, moves, draw, phase in results:
            print(
                f"deal {deal}: {home}/52 home, {moves} moves, deal {phase} of 3, "
                f"draw {'used' if draw else 'unused'}, {secs:.3f} s"
            )
    print(
        f"Midnight Oil solver: deals {args.first}..{args.first + n - 1} ({n} deals), "
        f"solver seed {args.seed}, {args.jobs} worker(s)"
    )
    print(
        f"won            {wins}/{n} = {100 * wins / n:.1f}%  "
        f"(95% CI {100 * low:.1f}% .. {100 * high:.1f}%)"
    )
    print(
        f"won in deal    1: {won_in[1]}  2: {won_in[2]}  3: {won_in[3]}  "
        f"(draw used in {draw_wins} of the wins)"
    )
    print(f"cards home     mean {statistics.fmean(r[1] for r in results):.2f}")
    print(
        f"time per deal  median {statistics.median(times):.3f} s  "
        f"p95 {percentile(times, 0.95):.3f} s  max {times[-1]:.3f} s  "
        f"(wall {wall:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
