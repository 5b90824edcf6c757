"""Benchmark: auto-solve Midnight Oil deals with the solver and the previous one, side by side.

Each deal is played from its opening position by ``AutoSolver`` one move at
a time through the real rules, so the redeals are the ones the deal number
produces (the solver itself never sees them in advance). Every deal is
played by each profile (``hold``: the solver; ``table``: the previous
solver, kept for this comparison), so the two are compared on the same
deals: wins of each, deals won by one and not the other, and an exact
two-sided sign test (McNemar) on those. Decisions are bounded by node
counts, so the wins are the same on every machine; only the times vary.

    .venv/bin/python bench/midnightoil_solver.py --jobs 1            # deals 1..1000
    .venv/bin/python bench/midnightoil_solver.py --first 1001 --count 1000 --jobs 1
    .venv/bin/python bench/midnightoil_solver.py --profiles hold --count 2000 --jobs 1 \
        --check-redeals     # issue 39: how many redeals left a card that could go home

Prints figures; never asserts anything about time.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

from benchstats import percentile, wilson
from parlour.midnightoil.computer.solver.auto import AutoSolver
from parlour.midnightoil.computer.solver.planner import DEFAULT_SEED, PROFILES
from parlour.midnightoil.game.rules import REDEAL, State

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
# The redeal check of the tests: the rules' own moves, none of the solver's code.
from tests.midnightoil.closed import home_in_reach  # noqa: E402

MOVE_CAP = 5_000
"""A game that somehow ran this many moves would be reported, not looped on."""

Result = tuple[int, str, int, float, int, bool, int, int, int]
"""Deal, profile, cards home, seconds, moves, draw used, phase at the end, redeals played,
redeals played while a card could go home or builds led to one (``--check-redeals``)."""


def play_deal(args: tuple[int, int, str, bool]) -> Result:
    """Auto-solve one deal with one profile."""
    deal, seed, profile, check = args
    start = time.perf_counter()
    state = State.new(deal)
    solver = AutoSolver(seed, profile=profile)
    moves = redeals = early = 0
    checking = 0.0
    while moves < MOVE_CAP:
        move = solver.next_move(state)
        if move is None:
            break
        if move.kind == REDEAL:
            redeals += 1
            if check:
                began = time.perf_counter()
                early += home_in_reach(state)
                checking += time.perf_counter() - began
        state = state.apply(move)
        moves += 1
    elapsed = time.perf_counter() - start - checking
    home = state.cards_home()
    return deal, profile, home, elapsed, moves, state.draw_used, state.phase, redeals, early


def sign_test(only_a: int, only_b: int) -> float:
    """The exact two-sided p-value of a sign test (McNemar) on the discordant deals."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def summary(profile: str, results: list[Result], check: bool) -> None:
    """The figures of one profile."""
    n = len(results)
    wins = sum(1 for r in results if r[2] == 52)
    low, high = wilson(wins, n)
    times = sorted(r[3] for r in results)
    won_in = Counter(r[6] for r in results if r[2] == 52)
    draw_wins = sum(1 for r in results if r[2] == 52 and r[5])
    print(f"[{profile}]")
    print(
        f"  won            {wins}/{n} = {100 * wins / n:.1f}%  "
        f"(95% CI {100 * low:.1f}% .. {100 * high:.1f}%)"
    )
    print(
        f"  won in deal    1: {won_in[1]}  2: {won_in[2]}  3: {won_in[3]}  "
        f"(draw used in {draw_wins} of the wins)"
    )
    print(f"  cards home     mean {statistics.fmean(r[2] for r in results):.2f}")
    print(
        f"  time per deal  median {statistics.median(times):.3f} s  "
        f"p95 {percentile(times, 0.95):.3f} s  max {times[-1]:.3f} s"
    )
    if check:
        redeals = sum(r[7] for r in results)
        early = sum(r[8] for r in results)
        print(
            f"  redeals        {redeals}, of them {early} while a card could go home "
            "or builds led to one"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--count", type=int, default=1000, help="number of deals (default 1000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the solver's own seed")
    parser.add_argument(
        "--profiles",
        default="hold,table",
        help="comma-separated profiles to play (default: hold,table; the first is 'new')",
    )
    parser.add_argument("--list", action="store_true", help="print one line per deal and profile")
    parser.add_argument(
        "--check-redeals",
        action="store_true",
        help="count the redeals played while a card could go home (time not counted)",
    )
    args = parser.parse_args(argv)
    profiles = [p for p in args.profiles.split(",") if p]
    unknown = [p for p in profiles if p not in PROFILES]
    if unknown or not profiles:
        parser.error(f"profiles are {', '.join(PROFILES)}; not {', '.join(unknown) or 'none'}")

    deals = range(args.first, args.first + args.count)
    tasks = [(d, args.seed, p, args.check_redeals) for d in deals for p in profiles]
    wall = time.perf_counter()
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(play_deal, tasks, chunksize=4)
    else:
        results = [play_deal(t) for t in tasks]
    wall = time.perf_counter() - wall

    by_profile = {p: [r for r in results if r[1] == p] for p in profiles}
    if args.list:
        for deal, profile, home, secs, moves, draw, phase, _, _ in results:
            print(
                f"deal {deal} [{profile}]: {home}/52 home, {moves} moves, deal {phase} of 3, "
                f"draw {'used' if draw else 'unused'}, {secs:.3f} s"
            )
    print(
        f"Midnight Oil solver: deals {args.first}..{args.first + args.count - 1} "
        f"({args.count} deals), solver seed {args.seed}, {args.jobs} worker(s), "
        f"wall {wall:.1f} s"
    )
    for profile in profiles:
        summary(profile, by_profile[profile], args.check_redeals)
    if len(profiles) >= 2:
        new, old = profiles[0], profiles[1]
        won = {p: {r[0] for r in by_profile[p] if r[2] == 52} for p in (new, old)}
        only_new = len(won[new] - won[old])
        only_old = len(won[old] - won[new])
        print(
            f"paired         won by both {len(won[new] & won[old])}, only by {new} {only_new}, "
            f"only by {old} {only_old}; sign test p = {sign_test(only_new, only_old):.3g}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
