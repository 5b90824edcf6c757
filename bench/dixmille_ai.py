"""Dix Mille: how strong ZEDX is (prints figures; never asserts).

1. Exact expected points banked per turn from a banked score of 0, 2000,
   5000 and 9500: the optimum of the value sweep, ZEDX (its own decisions
   walked exactly over every throw) and the threshold player ("stop at 300
   or with fewer than 3 dice", greedy takes).
2. Seeded games: ZEDX against the threshold player (seats alternate) and
   ZEDX against itself (win rate by seat), with 95% confidence intervals,
   on two processes.
3. Time to build a table and to make a decision.

Usage: .venv/bin/python bench/dixmille_ai.py [--games N] [--workers W]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from collections.abc import Callable

from benchstats import wilson
from parlour.core.rng import make_rng
from parlour.dixmille.computer.ai import (
    THRESHOLD_DICE,
    THRESHOLD_STOP,
    Tables,
    install_tables,
    policy_value,
    tables_for,
    threshold_move,
    threshold_take,
    zedx_move,
)
from parlour.dixmille.game.rules import TARGET, Game, Move, Player, Situation
from parlour.dixmille.game.scoring import STEP

BANKED = (0, 2000, 5000, 9500)
Chooser = Callable[[Situation], Move]


def threshold_go(t: int, n: int, k: int) -> bool:
    return not (t >= THRESHOLD_STOP or n < THRESHOLD_DICE)


def expected_points() -> None:
    print("Expected points banked per turn (exact)")
    print(f"{'banked':>8} {'optimum':>10} {'ZEDX':>10} {'threshold':>10}")
    for banked in BANKED:
        tables = tables_for(banked)
        zedx = policy_value(
            banked,
            tables.should_throw,
            lambda faces, t, n, k, tb=tables: tb.best_take(faces, t, k),  # type: ignore[misc]
        )
        simple = policy_value(banked, threshold_go, lambda faces, t, n, k: threshold_take(faces, t))
        print(f"{banked:>8} {tables.start_value():>10.2f} {zedx:>10.2f} {simple:>10.2f}")
    print()


def play(seed: int, choosers: tuple[Chooser, Chooser]) -> list[int]:
    """One seeded two-player game; the final scores by seat."""
    players = [Player("P1", computer=True), Player("P2", computer=True)]
    game = Game(players, make_rng(seed), seed)
    while not game.over:
        game.apply(choosers[game.seat](game.situation()))
    return [p.score for p in game.players]


def _batch(job: tuple[str, list[int]]) -> tuple[int, int, int]:
    """(seat 1 wins, seat 2 wins, ties); for 'vs' the first count is ZEDX's."""
    kind, seeds = job
    a = b = ties = 0
    for seed in seeds:
        if kind == "self":
            scores = play(seed, (zedx_move, zedx_move))
            first, second = scores
        else:
            zedx_first = seed % 2 == 0
            pair = (zedx_move, threshold_move) if zedx_first else (threshold_move, zedx_move)
            scores = play(seed, pair)
            first, second = scores if zedx_first else scores[::-1]  # first = ZEDX
        if first > second:
            a += 1
        elif second > first:
            b += 1
        else:
            ties += 1
    return a, b, ties


def interval(wins: int, ties: int, games: int) -> str:
    """Win share (ties count half) with its Wilson 95% interval."""
    share = (wins + ties / 2) / games
    low, high = wilson(wins + ties / 2, games)
    return f"{100 * share:5.1f}% (95% CI {100 * low:.1f}% .. {100 * high:.1f}%)"


def _build(banked: int) -> Tables:
    return Tables(banked)


def build_all(workers: int) -> None:
    """Build the tables of every banked level once, on all workers, before the games fork."""
    started = time.perf_counter()
    context = multiprocessing.get_context("fork")
    with context.Pool(workers) as pool:
        for tables in pool.map(_build, range(0, TARGET, STEP)):
            install_tables(tables)
    took = time.perf_counter() - started
    levels = TARGET // STEP
    print(f"Tables for all {levels} banked levels built in {took:.1f} s ({workers} processes)")


def games(count: int, workers: int) -> None:
    context = multiprocessing.get_context("fork")
    for kind, label in (("vs", "ZEDX vs threshold"), ("self", "ZEDX vs ZEDX")):
        seeds = list(range(1, count + 1))
        chunks = [seeds[i :: workers * 4] for i in range(workers * 4)]
        started = time.perf_counter()
        with context.Pool(workers) as pool:
            results = pool.map(_batch, [(kind, chunk) for chunk in chunks])
        a = sum(r[0] for r in results)
        b = sum(r[1] for r in results)
        ties = sum(r[2] for r in results)
        took = time.perf_counter() - started
        if kind == "vs":
            print(f"{label}: {count} games (seeds 1..{count}, seats alternate), {took:.0f} s")
            print(f"  ZEDX wins {a}, threshold wins {b}, ties {ties}")
            print(f"  ZEDX win share {interval(a, ties, count)}")
        else:
            print(f"{label}: {count} games (seeds 1..{count}), {took:.0f} s")
            print(f"  seat 1 wins {a}, seat 2 wins {b}, ties {ties}")
            print(f"  seat 1 win share {interval(a, ties, count)}")
    print()


def timings() -> None:
    started = time.perf_counter()
    Tables(1250)
    build = time.perf_counter() - started
    game = Game([Player("P1", True), Player("P2", True)], make_rng(99), 99)
    samples: list[float] = []
    for _ in range(3000):
        if game.over:
            game = Game([Player("P1", True), Player("P2", True)], make_rng(len(samples)), 0)
        situation = game.situation()
        tables_for(situation.banked, True)  # built beforehand (the app builds at turn start)
        t0 = time.perf_counter()
        move = zedx_move(situation)
        samples.append(time.perf_counter() - t0)
        game.apply(move)
    print(f"Table for one banked score: {1000 * build:.0f} ms to build")
    print(
        f"ZEDX decision: mean {1e6 * statistics.mean(samples):.0f} us, "
        f"max {1e3 * max(samples):.2f} ms over {len(samples)} decisions"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    expected_points()
    build_all(args.workers)
    games(args.games, args.workers)
    timings()


if __name__ == "__main__":
    main()
