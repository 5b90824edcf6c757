"""Benchmark: how far any fair solver could get beyond ``hold``, judged by the measured tables.

A fair solver never sees a redeal's shuffle, and only the foundations and
the draw survive a redeal, so all it can choose is the end state of each
deal it cannot win; the searches within a deal are complete (no plan of
deals 1..2000 stops at its node limit). This bench measures what choosing
those end states perfectly by the shipped tables (:mod:`solver_middle`)
would add to ``hold``'s expected wins:

1. *first deal*: for every deal ``hold`` cannot win in its first deal, the
   table's worth of the end state it redeals from, against the best end
   state the deal can really end in (the draw spent or kept, cards held
   back, each held-back one checked by a capped search: up to ``--tests``
   per deal, ``hold`` itself checks 6);
2. *middle deal*: on ``--middle`` sampled second deals after each of those
   end states (shuffles of the bench's own, never a real redeal), the same
   by the last-deal table: 1 if ``hold`` wins that deal, else the worth of
   its end state, against the best end state that deal can end in.

The tables' figures are those ``hold`` chose by, so both columns are a
little optimistic (``midnightoil_solver_expect.py`` judges by other seeds);
the gaps are what better choices could add with the tables as they are.

    .venv/bin/python bench/midnightoil_solver_ceiling.py --count 2000   # about 5 min, 2 workers

Prints figures; never asserts anything.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool

from benchstats import mean_interval
from midnightoil_solver_middle import plan_end
from parlour.core.rng import make_rng
from parlour.midnightoil.computer.solver import middle
from parlour.midnightoil.computer.solver.planner import PLAN_NODE_LIMIT, fans_bytes, search_state
from parlour.midnightoil.computer.solver.search import EndState
from parlour.midnightoil.computer.solver.value import sample_deal
from parlour.midnightoil.game.rules import State

MIDDLE_SEED = 0x4345494C
"""A deal's sampled middle deals use this seed plus the deal number (not the tables' seeds)."""

Worths = tuple[float, float, bool]
"""Hold's worth of a deal, the best any end state of it has, and whether that is a bound only."""
Row = tuple[bool, Worths, list[Worths]]
"""Won in the first deal; the first deal's worths; the sampled middle deals' worths."""


def best_worth(state: State, tests: int) -> tuple[float, bool]:
    """The most any end state this deal can reach is worth by the table for its redeals left.

    If the capped searches ran out before one settled it, the most any
    candidate is worth (an upper bound) and True.
    """
    draw_ok = not state.draw_used
    plain = search_state(state, False, PLAN_NODE_LIMIT, False, part_way=True)
    ends = {(found, draw_ok) for found, _ in plain.ends}
    if draw_ok:
        ends |= set(search_state(state, True, PLAN_NODE_LIMIT, False, part_way=True).ends)

    def worth(end: EndState) -> float:
        return middle.value(end, state.redeals_left)

    candidates = middle.reachable_best_first(
        fans_bytes(state),
        state.foundations,
        ends,
        draw_ok,
        worth,
        node_limit=PLAN_NODE_LIMIT,
        tests=tests,
    )
    best = worth(next(candidates)[0])
    above = [worth(e) for e in middle.held_back(ends, state.foundations) if worth(e) > best]
    if len(above) > tests:  # some ranked above it were never searched
        return max(above), True
    return best, False


def worths(state: State, end: EndState | None, tests: int) -> tuple[float, float, bool]:
    """The worth of ``hold``'s ``end`` of this deal by the tables, the best end state's, and
    whether that is only an upper bound."""
    if end is None:
        return 1.0, 1.0, False
    chosen = middle.value(end, state.redeals_left)
    best, bound = best_worth(state, tests)
    return chosen, max(chosen, best), bound


def measure(job: tuple[int, int, int]) -> Row:
    """One deal: its first deal, then sampled middle deals after hold's end state."""
    deal, middle, tests = job
    state = State.new(deal)
    end = plan_end(state)
    if end is None:
        return True, (1.0, 1.0, False), []
    first = worths(state, end, tests)
    found, draw_ok = end
    rng = make_rng(MIDDLE_SEED + deal)
    rows = []
    for _ in range(middle):
        fans = tuple(tuple(f) for f in sample_deal(found, rng))
        second = State(0, fans, found, 1, not draw_ok)
        rows.append(worths(second, plan_end(second), tests))
    return False, first, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--middle", type=int, default=10, help="sampled middle deals per deal")
    parser.add_argument("--tests", type=int, default=400, help="capped searches per choice")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.count < 2 or args.middle < 1 or args.jobs < 1 or args.tests < 0:
        parser.error(
            "--count of at least 2, --middle and --jobs of at least 1, --tests of 0 or more"
        )
    if not middle.available():
        parser.error(f"{middle.TABLE_PATH.name} cannot be read")
    start = time.perf_counter()
    deals = range(args.first, args.first + args.count)
    with Pool(args.jobs) as pool:
        rows = pool.map(measure, [(d, args.middle, args.tests) for d in deals], chunksize=4)
    n = len(rows)
    won = sum(r[0] for r in rows)
    firsts = [r[1] for r in rows]
    middles = [w for r in rows for w in r[2]]
    hold = sum(w[0] for w in firsts) / n
    bounds = sum(w[2] for w in firsts + middles)
    print(
        f"Midnight Oil solver ceiling: deals {args.first}..{deals[-1]}, "
        f"{args.middle} middle deals each, up to {args.tests} capped searches per choice "
        f"({bounds} choices ran out of them and count at their bound), "
        f"{time.perf_counter() - start:.0f} s with {args.jobs} workers"
    )
    print(f"  won in the first deal: {won} of {n} ({100 * won / n:.2f}%, exact: complete searches)")
    mean, low, high = mean_interval([best - chosen for chosen, best, _ in firsts])
    print(
        f"  first deal: hold's end states worth {100 * hold:.2f}% of the deals by the table; "
        f"the best reachable {100 * (hold + mean):.2f}% "
        f"(+{100 * mean:.2f} points, 95% CI {100 * low:+.2f} .. {100 * high:+.2f})"
    )
    if middles:
        m_hold = sum(w[0] for w in middles) / len(middles)
        m_mean, m_low, m_high = mean_interval([best - chosen for chosen, best, _ in middles])
        print(
            f"  middle deals ({len(middles)}): hold worth {100 * m_hold:.2f}% by the last-deal "
            f"table; the best reachable +{100 * m_mean:.3f} points "
            f"(95% CI {100 * m_low:+.3f} .. {100 * m_high:+.3f})"
        )
        # A middle deal's worth is the first deal's end state's worth, so a gain there
        # lifts every deal not won in its first deal by as much.
        ceiling = hold + high + m_high * (n - won) / n
        print(
            f"  a fair solver choosing perfectly by the tables: at most about "
            f"{100 * ceiling:.2f}% of the deals (both gains at their 95% upper bounds)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
