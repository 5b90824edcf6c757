"""Is the hand review's advice good? A greedy player, with and without it, on the same deals.

For each seeded deal, the greedy baseline (``mille_baselines.GreedyPlayer``) plays the
first hand of a game against the strong computer twice, on the same cards and
with the same computer seed:

* as it is;
* with the review's advice: at each of its decisions the review's machinery
  (``review.Reviewer.judge``, from the greedy seat's view only) says whether
  the greedy move would be flagged, and when it is, the advised move (the
  strong computer's) is played instead.

It prints the points gained per hand (the greedy side's hand-score difference
with the advice minus without, paired deal by deal) with a 95% confidence
interval, the flagged decisions per hand, and the cost the review estimated
for them. Greedy sits in either seat, alternating by deal. It prints figures
only and never fails on time.

    .venv/bin/python bench/mille_review.py --hands 400 --jobs 1
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass

from benchstats import mean_interval as interval
from benchstats import percentile
from mille_ai import Player, play_hand
from mille_baselines import GreedyPlayer
from parlour.mille.computer.ai import ComputerPlayer
from parlour.mille.computer.handlog import Decision, HandLog
from parlour.mille.computer.review.reviewer import DEALS, Reviewer
from parlour.mille.game.rules import Game
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import COMPUTER, HUMAN, Move


class AdvisedGreedy:
    """The greedy player, whose flagged moves are replaced by the review's advice."""

    def __init__(self, seed: int, review_seed: int, deals: int) -> None:
        self.greedy = GreedyPlayer(seed)
        self.reviewer = Reviewer(HandLog(), review_seed, deals)
        self.decisions = 0
        self.flagged = 0
        self.estimated = 0.0
        """The review's estimated cost of the flagged moves, summed."""
        self.times: list[float] = []
        """Processor seconds the review took per decision."""

    def choose_move(self, view: SeatView) -> Move:
        move = self.greedy.choose_move(view)
        start = time.process_time()
        finding = self.reviewer.judge(Decision(view, move))
        self.times.append(time.process_time() - start)
        self.decisions += 1
        if finding is not None:
            self.flagged += 1
            self.estimated += finding.loss
            move = finding.advised
        self.reviewer.follow(view, move)
        return move

    def wants_extension(self, view: SeatView) -> bool:
        return self.greedy.wants_extension(view)


@dataclass
class HandResult:
    plain: int
    """Greedy's hand-score difference without the advice..."""
    advised: int
    """... and with it."""
    decisions: int
    flagged: int
    estimated: float
    times: list[float]


def hand_diff(seed: int, greedy_seat: int, greedy: Player) -> int:
    """Play the first hand of game ``seed``; greedy's hand score minus the computer's."""
    game = Game.new(seed)
    computer = ComputerPlayer(seed * 2 + 1)
    players = [greedy, computer] if greedy_seat == HUMAN else [computer, greedy]
    play_hand(game, players)
    return game.players[greedy_seat].hand_total - game.players[1 - greedy_seat].hand_total


def one_deal(args: tuple[int, int]) -> HandResult:
    seed, deals = args
    seat = HUMAN if seed % 2 else COMPUTER
    plain = hand_diff(seed, seat, GreedyPlayer(seed))
    advised_player = AdvisedGreedy(seed, seed, deals)
    advised = hand_diff(seed, seat, advised_player)
    return HandResult(
        plain,
        advised,
        advised_player.decisions,
        advised_player.flagged,
        advised_player.estimated,
        advised_player.times,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400, help="deals (each played twice)")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--deals", type=int, default=DEALS, help="review playout deals")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    tasks = [(args.seed + i, args.deals) for i in range(args.hands)]
    start = time.perf_counter()
    results: list[HandResult] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for result in pool.imap(one_deal, tasks, chunksize=2):
            results.append(result)
            if len(results) % 50 == 0:  # a running tally, for long runs
                gains = [float(r.advised - r.plain) for r in results]
                mean, low, high = interval(gains)
                print(
                    f"  {len(results)} deals: {mean:+.1f} ({low:+.1f} .. {high:+.1f})",
                    file=sys.stderr,
                    flush=True,
                )
    elapsed = time.perf_counter() - start
    gains = [float(r.advised - r.plain) for r in results]
    flags = [float(r.flagged) for r in results]
    estimated = [r.estimated for r in results]
    decisions = sum(r.decisions for r in results)
    print(
        f"Hand review benchmark: greedy against the strong computer, {len(results)} deals "
        f"(seeds {args.seed}..{args.seed + len(results) - 1}), each played with and without "
        f"the review's advice; {args.deals} review deals per judged decision; "
        f"{args.jobs} job(s), {elapsed:.0f} s"
    )
    plain = interval([float(r.plain) for r in results])
    with_advice = interval([float(r.advised) for r in results])
    gain = interval(gains)
    flagged = interval(flags)
    print(f"  greedy's hand-score difference, as it plays  {plain[0]:+7.1f} per hand")
    print(f"  the same with the review's advice            {with_advice[0]:+7.1f} per hand")
    print(
        f"  points gained per hand {gain[0]:+.1f} (95% CI {gain[1]:+.1f} .. {gain[2]:+.1f}), "
        f"paired over the deals"
    )
    print(
        f"  flagged decisions per hand {flagged[0]:.2f} (95% CI {flagged[1]:.2f} .. "
        f"{flagged[2]:.2f}) of {decisions / len(results):.1f} decisions; "
        f"{sum(1 for f in flags if f == 0)} hands with none"
    )
    total_flags = sum(flags)
    if total_flags:
        cost = statistics.fmean(estimated)
        each = sum(estimated) / total_flags
        print(
            f"  the review's estimated cost of the flagged moves: {cost:.1f} per hand, "
            f"{each:.1f} per flagged decision; gain per flagged decision "
            f"{sum(gains) / total_flags:+.1f}"
        )
    times = [t for r in results for t in r.times]
    per_hand = [sum(r.times) for r in results]
    print(
        f"  review time (processor) per decision p50 {percentile(times, 0.5) * 1000:.1f} ms, "
        f"p95 {percentile(times, 0.95) * 1000:.1f} ms, max {max(times) * 1000:.0f} ms; "
        f"per hand p50 {percentile(per_hand, 0.5):.2f} s, max {max(per_hand):.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
