"""How much would our Mille computer gain if it could see hidden cards? A ceiling, not a player.

Each mode gives our computer one piece of information its seat may NOT see,
then plays seeded games against a baseline exactly as ``mille_ai.py`` does
(each deal twice, seats swapped) and prints the games won with a 95%
interval and the hand-score difference. It says where strength could still
come from: if knowing a thing helps little, guessing it better cannot help
more. The real player never gets any of this.

* ``none``      the computer as it is (the same games, for comparison);
* ``safeties``  it knows which safeties the opponent holds (heuristic, no search);
* ``hand``      the search deals the opponent's real hand, the deck at random;
* ``all``       the search plays out the real hand and the real deck order.

    .venv/bin/python bench/mille_oracle.py --mode safeties --games 400 --samples 0
    .venv/bin/python bench/mille_oracle.py --mode all --games 400 --margin 0
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys

from benchstats import wilson
from mille_ai import OPPONENTS, Player, play_hand
from parlour.mille.computer import ai
from parlour.mille.computer import sim as S
from parlour.mille.computer.ai import ComputerPlayer, sim_from_view, unseen_list
from parlour.mille.game.rules import Game
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import COMPUTER, HUMAN, Phase

MAX_HANDS = 200


class Seer(ComputerPlayer):
    """Our computer with one look at the hidden cards (``mode``); bench use only."""

    def __init__(self, game: Game, mode: str, seed: int, samples: int) -> None:
        super().__init__(seed, samples=max(1, samples), search=samples > 0)
        self.game = game
        self.mode = mode

    def _hidden(self, view: SeatView) -> tuple[list[int], list[int]]:
        theirs = self.game.players[1 - view.me]
        return [int(card) for card in theirs.cards_in_hand()], [int(c) for c in self.game.deck]

    def safety_odds(self, view: SeatView) -> dict[int, float]:
        if self.mode != "safeties":
            return super().safety_odds(view)
        hand, _ = self._hidden(view)
        return {safety: float(safety in hand) for safety in (S.ET, S.PP, S.DA, S.ROW)}

    def deals(self, view: SeatView, salt: int, count: int) -> list[S.Sim]:
        if self.mode == "all":
            hand, deck = self._hidden(view)
            return [sim_from_view(view, hand, deck)]
        if self.mode == "hand":
            hand, _ = self._hidden(view)
            rest = unseen_list(view)
            for card in hand:
                rest.remove(card)
            rng = self.position_rng(view, salt)
            return [
                sim_from_view(view, hand[:], S.deal_unseen(rest, 0, rng)[1]) for _ in range(count)
            ]
        return super().deals(view, salt, count)


def play_game(args: tuple[int, int, str, str, int]) -> tuple[float, list[int]]:
    """One game to 5000: (1 win / 0.5 tie / 0 loss for our seat, hand-score differences)."""
    seed, seat, mode, opponent, samples = args
    game = Game.new(seed)
    ours: Player = Seer(game, mode, seed * 2, samples)
    theirs = OPPONENTS[opponent](seed * 2 + 1)
    players = [ours, theirs] if seat == HUMAN else [theirs, ours]
    diffs: list[int] = []
    for _ in range(MAX_HANDS):
        play_hand(game, players)
        diffs.append(game.players[seat].hand_total - game.players[1 - seat].hand_total)
        if game.phase is Phase.GAME_OVER:
            winner = game.winner()
            return (0.5 if winner is None else float(winner == seat)), diffs
        game.next_hand()
    return 0.5, diffs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["none", "safeties", "hand", "all"], default="all")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=24, help="0: heuristic only")
    parser.add_argument("--opponent", default="bsd", choices=list(OPPONENTS))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--margin", type=float, default=None, help="the search's clear margin (ai.CLEAR_MARGIN)"
    )
    args = parser.parse_args(argv)
    if args.margin is not None:
        ai.CLEAR_MARGIN = args.margin  # the workers are forked after this
    tasks = [
        (
            args.seed + i // 2,
            HUMAN if i % 2 == 0 else COMPUTER,
            args.mode,
            args.opponent,
            args.samples,
        )
        for i in range(args.games)
    ]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(play_game, tasks, chunksize=4)
    wins = sum(won for won, _ in results)
    diffs = [d for _, game_diffs in results for d in game_diffs]
    lo, hi = wilson(wins, len(results))
    print(
        f"mode {args.mode}, {args.samples} deals, margin {ai.CLEAR_MARGIN:g}, "
        f"against {args.opponent}: "
        f"{len(results)} games, {len(diffs)} hands"
    )
    print(f"  games won  {wins / len(results):6.1%}  (95% CI {lo:.1%} .. {hi:.1%})")
    print(f"  hand score diff {statistics.fmean(diffs):+7.1f} per hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
