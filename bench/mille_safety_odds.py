"""How well does our Mille computer guess which safeties the opponent holds?

At each of our computer's decisions after its pick (heuristic only, in seat 0 of
seeded games to 5000 against an opponent), every safety it has not seen is one
guess: the chance it gives that the opponent holds it (``safety_odds``, else the
draw share of ``policy.opponent_safety_share``) against whether the opponent's
hand really holds it. The guesses are grouped by the deck size and by the chance
given; a calibrated guess has the two columns equal. The intervals take the guesses
as independent, which they are not (one safety is guessed at many decisions of a
hand), so they are too narrow: read them as a guide. It prints figures only.

    .venv/bin/python bench/mille_safety_odds.py --games 100 --opponent bsd
    .venv/bin/python bench/mille_safety_odds.py --games 100 --opponent self
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict

from benchstats import wilson
from mille_ai import OPPONENTS, Player
from parlour.mille.computer.ai import ComputerPlayer
from parlour.mille.computer.policy import opponent_safety_share
from parlour.mille.game.cards import SAFETIES
from parlour.mille.game.rules import Game
from parlour.mille.game.table import Phase

MAX_HANDS = 200
OURS = 0


class Tally:
    """Guesses in groups: how many, the mean chance given, how many were right."""

    def __init__(self) -> None:
        self.groups: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0])

    def add(self, group: int, chance: float, held: bool) -> None:
        entry = self.groups[group]
        entry[0] += 1
        entry[1] += chance
        entry[2] += held

    def lines(self, label: str) -> list[str]:
        out = [f"{label:>12} {'guesses':>8} {'chance given':>13} {'held (95% CI)':>24}"]
        for group in sorted(self.groups):
            count, given, held = self.groups[group]
            low, high = wilson(held, int(count))
            out.append(
                f"{group:>12} {int(count):>8} {given / count:>13.3f}"
                f"   {held / count:.3f} ({low:.3f} .. {high:.3f})"
            )
        return out


def play_game(seed: int, opponent: str, by_deck: Tally, by_chance: Tally) -> None:
    """One game; each of our decisions after a pick adds its guesses to the tallies."""
    game = Game.new(seed)
    ours = ComputerPlayer(seed * 2, samples=1, search=False)
    theirs: Player
    if opponent == "self":
        theirs = ComputerPlayer(seed * 2 + 1, samples=1, search=False)
    else:
        theirs = OPPONENTS[opponent](seed * 2 + 1)
    players: list[Player] = [ours, theirs]
    for _ in range(MAX_HANDS):
        while game.phase in (Phase.TURN, Phase.EXTENSION):
            who = game.turn
            view = game.view(who)
            if game.phase is Phase.EXTENSION:
                game.answer_extension(players[who].wants_extension(view))
                continue
            if who == OURS and view.picked and view.theirs.hand_size:
                ours.evidence.observe(view)
                odds = ours.safety_odds(view)
                share = opponent_safety_share(view.deck_count)
                unseen = view.unseen()
                held = set(game.players[1 - OURS].cards_in_hand())
                for safety in SAFETIES:
                    if unseen[safety]:
                        chance = odds.get(int(safety), share)
                        by_deck.add(min(view.deck_count // 10, 9) * 10, chance, safety in held)
                        by_chance.add(min(int(chance * 10), 9) * 10, chance, safety in held)
            game.apply(players[who].choose_move(view))
        if game.phase is Phase.GAME_OVER:
            return
        game.next_hand()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--opponent", choices=[*OPPONENTS, "self"], default="bsd")
    args = parser.parse_args(argv)
    by_deck, by_chance = Tally(), Tally()
    for seed in range(args.seed, args.seed + args.games):
        play_game(seed, args.opponent, by_deck, by_chance)
    print(f"our heuristic's guesses at the opponent's safeties: {args.games} games")
    print(f"against {args.opponent}, seeds {args.seed}..{args.seed + args.games - 1}")
    print("\n".join(by_deck.lines("deck from")))
    print()
    print("\n".join(by_chance.lines("chance % from")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
