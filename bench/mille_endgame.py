"""Does the Mille computer play for the game? Final hands from set scores, with and without.

Every game starts from Overall Totals drawn from the deal's seed (ours 2500..4850,
theirs within 1500 of it, both under 5000), so most games end within a hand
or two, where playing for the game rather than for the hand's points counts.
The same starts are played by our computer as it is (``ai.Stakes``: playouts
scored by the chance of winning the game) and with playouts scored by the
hand-score difference alone, against a baseline, each start from both seats.
It prints the games won by each with a 95% interval.

    .venv/bin/python bench/mille_endgame.py --games 400 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys

from benchstats import wilson
from mille_ai import OPPONENTS, Player, play_hand
from parlour.core.rng import make_rng
from parlour.mille.computer.ai import ComputerPlayer
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Phase

MAX_HANDS = 50


def start_totals(seed: int) -> tuple[int, int]:
    """Our and their Overall Totals before the first hand of the start ``seed``."""
    rng = make_rng(seed)
    ours = 2500 + 50 * int(rng.random() * 48)
    theirs = max(0, min(4950, ours - 1500 + 50 * int(rng.random() * 61)))
    return ours, theirs


def play_from(args: tuple[int, int, str, bool]) -> float:
    """One game from a start: 1 won, 0 lost, 0.5 tied."""
    seed, seat, opponent, for_game = args
    game = Game.new(seed)
    ours, theirs = start_totals(seed)
    game.players[seat].overall_total = ours
    game.players[1 - seat].overall_total = theirs
    computer = ComputerPlayer(seed * 2, play_for_game=for_game)
    other: Player = OPPONENTS[opponent](seed * 2 + 1)
    players: list[Player] = [computer, other] if seat == HUMAN else [other, computer]
    for _ in range(MAX_HANDS):
        play_hand(game, players)
        if game.phase is Phase.GAME_OVER:
            winner = game.winner()
            return 0.5 if winner is None else float(winner == seat)
        game.next_hand()
    return 0.5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per variant")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=1000, help="first start seed")
    parser.add_argument("--opponent", default="bsd", choices=list(OPPONENTS))
    args = parser.parse_args(argv)
    print(
        f"Mille final hands: {args.games} games per variant from set scores, "
        f"seats alternating, against {args.opponent}, seeds from {args.seed}"
    )
    for for_game, label in ((True, "playing for the game"), (False, "playing for hand points")):
        tasks = [
            (args.seed + i // 2, HUMAN if i % 2 == 0 else COMPUTER, args.opponent, for_game)
            for i in range(args.games)
        ]
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(play_from, tasks, chunksize=4)
        wins = sum(results)
        lo, hi = wilson(wins, len(results))
        print(f"  {label:24s} {wins / len(results):6.1%}  (95% CI {lo:.1%} .. {hi:.1%})")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
