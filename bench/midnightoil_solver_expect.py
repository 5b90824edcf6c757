"""Benchmark: each solver's expected wins from its first redeal, on shuffles of the bench's own.

The real benchmark (``midnightoil_solver.py``) plays each deal once, with the
redeals its deal number makes: one draw of luck per deal, so two solvers
that choose different end states meet different shuffles and the paired
test needs thousands of deals to see a point. This one removes that luck
from the first redeal: for every deal the first deal is played by each
profile's plan (which never sees a redeal), and the end state it redeals
from is judged by many fresh middle deals of the bench's own (seeds
unrelated to the solver's tables), each played by the same profile's plan:
worth 1 if it wins that deal, else the last-deal chance of the end state
it redeals from there. Those last-deal chances are a measurement of their
own (``midnightoil_solver_last.py --judge``, on seeds of its own), never the
table the solver chose by. The expected share of deals
won is then the deals won in the first deal plus those worths, per profile,
and the two are compared deal by deal (mean difference and its 95% CI).

    .venv/bin/python bench/midnightoil_solver_last.py --samples 800 --judge --out /tmp/j.json
    .venv/bin/python bench/midnightoil_solver_expect.py --judge /tmp/j.json --count 200

Prints figures; never asserts anything.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from benchstats import mean_interval
from midnightoil_solver_last import read_counts
from midnightoil_solver_middle import middle_chance, plan_end
from parlour.midnightoil.computer.solver.planner import HOLD, PROFILES
from parlour.midnightoil.computer.solver.search import EndState
from parlour.midnightoil.computer.solver.value import TABLE
from parlour.midnightoil.game.rules import State

FRESH_SEED = 0x46524553
"""Fresh middle deals start from this seed plus the pattern's place (not the table's seeds)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--profiles", default=f"{HOLD},{TABLE}")
    parser.add_argument("--samples", type=int, default=300, help="fresh middle deals per end")
    parser.add_argument("--judge", type=Path, required=True, help="last-deal counts on other seeds")
    args = parser.parse_args(argv)
    profiles = [p for p in args.profiles.split(",") if p]
    if len(profiles) != 2 or any(p not in PROFILES for p in profiles):
        parser.error(f"two profiles of {', '.join(PROFILES)}")
    start = time.perf_counter()
    judge = read_counts(args.judge).both
    worth: dict[tuple[EndState, str], float] = {}

    def judged(end: EndState | None, profile: str) -> float:
        if end is None:
            return 1.0
        if (end, profile) not in worth:
            seed = FRESH_SEED + 2 * sum(h * 14**i for i, h in enumerate(end[0])) + end[1]
            worth[end, profile] = middle_chance(end[0], end[1], args.samples, seed, judge, profile)
        return worth[end, profile]

    rows: list[tuple[float, float]] = []
    differ = 0
    for deal in range(args.first, args.first + args.count):
        state = State.new(deal)
        ends = [plan_end(state, p) for p in profiles]
        differ += ends[0] != ends[1]
        rows.append((judged(ends[0], profiles[0]), judged(ends[1], profiles[1])))
    n = len(rows)
    print(
        f"Midnight Oil solver, expected wins from the first redeal: deals {args.first}.."
        f"{args.first + n - 1}, {args.samples} fresh middle deals per end state, "
        f"{time.perf_counter() - start:.0f} s"
    )
    for i, profile in enumerate(profiles):
        mean = sum(r[i] for r in rows) / n
        print(f"  [{profile}] expected {100 * mean:.1f}% of the deals won")
    mean, low, high = mean_interval([a - b for a, b in rows])
    print(
        f"  {profiles[0]} - {profiles[1]}: {100 * mean:+.2f} points "
        f"(95% CI {100 * low:+.2f} .. {100 * high:+.2f}); "
        f"the first redeal differs in {differ} deals"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
