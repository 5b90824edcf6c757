"""Which of our heuristic's choices do its own long playouts disagree with? Positions to learn from.

Plays seeded games of our heuristic (no search) against a baseline. At a share
of its post-pick decisions it plays out every distinct option (use or discard
of each card) on the same ``--deals`` guesses at the hidden cards, with the
simulator and the heuristic on both sides: the computer's own search, but over
every option and with many more deals, so that gains of a hundred points stand
out from the noise (a paired difference has a spread of about 750 points).

It prints each decision where another option beats the heuristic's choice by
more than ``--z`` standard errors, with the position, and a count by kind of
change. A kind that keeps coming up is a rule of the heuristic to fix (the
playouts improve with it, since they use the same heuristic); this is how the
"125 to go is no dead end" rule of ``Heuristic.remainder_bonus`` was found.
It looks only at what the seat may see, like the player.

    .venv/bin/python bench/mille_teacher.py --games 20 --deals 200 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
from collections import Counter
from dataclasses import dataclass

from mille_ai import OPPONENTS, Player, play_hand
from parlour.mille.computer.ai import ComputerPlayer, Stakes, blank_sim, paired_gain
from parlour.mille.computer.policy import SURE_PLAY, Heuristic, Option
from parlour.mille.game.cards import Card
from parlour.mille.game.rules import Game
from parlour.mille.game.seat import SeatView, Tableau
from parlour.mille.game.table import Move, Phase


@dataclass
class Finding:
    """A decision where another option's playouts clearly beat the heuristic's choice."""

    chosen: str
    better: str
    gain: float
    z: float
    position: str


def describe(option: Option) -> str:
    return ("use " if option.use else "discard ") + Card(option.card).name


def kind(text: str) -> str:
    """A kind of option ("use distance", "discard remedy", ...) from :func:`describe`."""
    verb, name = text.split(" ", 1)
    what = Card.from_name(name).kind
    return f"{verb} {what}"


def tableau(tab: Tableau, label: str) -> str:
    """One side's board in a few words."""
    top = "-" if tab.battle is None else tab.battle.name
    limited = " limited" if tab.limited else ""
    safeties = ",".join(card.name for card, _ in tab.safeties)
    return f"{label} {tab.mileage} mi {top}{limited} [{safeties}]"


def position(view: SeatView, hand: list[int]) -> str:
    """The seat's view in one line."""

    cards = " ".join(Card(card).name for card in sorted(hand))
    return (
        f"hand {cards}; {tableau(view.mine, 'me')}; {tableau(view.theirs, 'them')}; "
        f"deck {view.deck_count}, goal {view.goal}"
    )


class Teacher:
    """Our heuristic, looking over its own shoulder at a share of its decisions."""

    def __init__(self, seed: int, deals: int, share: float, z: float) -> None:
        self.player = ComputerPlayer(seed, search=False)
        self.rng = random.Random(seed)
        self.deals = deals
        self.share = share
        self.z = z
        self.looked = 0
        self.findings: list[Finding] = []

    def choose_move(self, view: SeatView) -> Move:
        if view.picked and self.rng.random() < self.share:
            self.examine(view)
        return self.player.choose_move(view)

    def wants_extension(self, view: SeatView) -> bool:
        return self.player.wants_extension(view)

    def examine(self, view: SeatView) -> None:
        base = blank_sim(view)
        heuristic = Heuristic(base, view.me, self.player.weights, self.player.safety_odds(view))
        ranked = heuristic.options()
        options = [option for _, option in ranked]
        top_score = ranked[0][0]
        if len(options) < 2 or top_score >= SURE_PLAY:
            return
        self.looked += 1
        stakes = Stakes(view, for_game=False)
        results = self.player.playout_values(view, options, self.deals, stakes, salt=3)
        best: tuple[float, float, int] | None = None
        for index in range(1, len(options)):
            mean, error = paired_gain(results[index], results[0])
            z = mean / error if error else 0.0
            if z > self.z and (best is None or mean > best[0]):
                best = (mean, z, index)
        if best is not None:
            mean, z, index = best
            self.findings.append(
                Finding(
                    describe(options[0]),
                    describe(options[index]),
                    mean,
                    z,
                    position(view, base.sides[view.me].hand),
                )
            )


def teach(args: tuple[int, str, int, float, float]) -> tuple[int, list[Finding]]:
    seed, opponent, deals, share, z = args
    game = Game.new(seed)
    teacher = Teacher(seed, deals, share, z)
    players: list[Player] = [teacher, OPPONENTS[opponent](seed)]
    if seed % 2:
        players.reverse()
    while True:
        play_hand(game, players)
        if game.phase is Phase.GAME_OVER:
            return teacher.looked, teacher.findings
        game.next_hand()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--deals", type=int, default=200, help="playout deals per option")
    parser.add_argument("--share", type=float, default=0.35, help="share of decisions examined")
    parser.add_argument("--z", type=float, default=2.5, help="standard errors a gain must exceed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", default="bsd", choices=sorted(OPPONENTS))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--show", type=int, default=30, help="findings to print in full")
    args = parser.parse_args(argv)
    tasks = [
        (args.seed + i, args.opponent, args.deals, args.share, args.z) for i in range(args.games)
    ]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(teach, tasks, chunksize=1)
    else:
        results = [teach(task) for task in tasks]
    looked = sum(count for count, _ in results)
    findings = [finding for _, found in results for finding in found]
    print(
        f"{looked} decisions of our heuristic examined in {args.games} games against "
        f"{args.opponent}, {args.deals} deals per option; another option clearly better "
        f"(z > {args.z}) in {len(findings)}"
    )
    if looked:
        total = sum(finding.gain for finding in findings)
        print(f"  clear gains found: {total / looked:+.1f} points per examined decision")
    print("\n  heuristic chose     -> instead               times  mean gain")
    kinds = Counter((kind(f.chosen), kind(f.better)) for f in findings)
    for (chosen, better), count in kinds.most_common():
        gains = [f.gain for f in findings if (kind(f.chosen), kind(f.better)) == (chosen, better)]
        print(f"  {chosen:19s} -> {better:19s} {count:7d} {statistics.fmean(gains):+10.0f}")
    print()
    for finding in sorted(findings, key=lambda f: -f.gain)[: args.show]:
        print(
            f"  {finding.chosen} -> {finding.better}: {finding.gain:+.0f} "
            f"(z {finding.z:.1f}); {finding.position}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
