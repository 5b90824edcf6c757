"""Where does our heuristic leave points on the table? An offline regret check.

Plays seeded games of our heuristic (no playout search) against ``BsdPlayer``.
At half of the heuristic's post-pick decisions it tries every legal option:
the hidden cards (the opponent's hand and the deck) are dealt again at random,
the option is made, and the hand is played out by the real players on both
sides, on the same deals for every option. It prints, for each kind of
change (the heuristic's choice -> another option), how often it came up, the
mean hand-score gain of the other option, and its t value. A kind of decision
with a clearly positive gain is one the heuristic gets wrong.

This is an analysis tool, slow by design (a full rules engine per rollout):

    .venv/bin/python bench/mille_regret.py --games 40 --samples 8
"""

from __future__ import annotations

import argparse
import copy
import math
import multiprocessing
import random
import statistics
import sys
from collections import Counter, defaultdict

from mille_ai import Player, play_hand
from parlour.mille.computer.ai import ComputerPlayer
from parlour.mille.computer.bsd import BsdPlayer
from parlour.mille.game.cards import Card
from parlour.mille.game.rules import Game
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase

Option = tuple[Card, bool]
Sample = tuple[Option, dict[Option, float]]


def kind(option: Option) -> str:
    """A short name for a kind of option ("use distance", "discard remedy", ...)."""
    card, use = option
    name = card.label if card in (Card.GO, Card.END_OF_LIMIT, Card.SPEED_LIMIT) else card.kind
    return ("use " if use else "discard ") + name


def options(game: Game, view: SeatView) -> dict[Option, Move]:
    """Every distinct legal option of the player to move."""
    found: dict[Option, Move] = {}
    for move in game.legal_moves():
        if move.kind == "pick" or move.slot is None:
            continue
        card = view.hand[move.slot]
        if card is not None:
            found.setdefault((card, move.kind == "use"), move)
    return found


def redeal(game: Game, rng: random.Random) -> None:
    """Deal the computer's hand and the deck again from the same cards."""
    theirs = game.players[COMPUTER]
    slots = [i for i, card in enumerate(theirs.hand) if card is not None]
    pool = [card for card in theirs.hand if card is not None] + list(game.deck)
    rng.shuffle(pool)
    for index, slot in enumerate(slots):
        theirs.hand[slot] = pool[index]
    game.deck[:] = pool[len(slots) :]


def finish_hand(game: Game, players: list[Player]) -> int:
    """Play the hand out; our hand-score lead at its end."""
    play_hand(game, players)
    return game.players[HUMAN].hand_total - game.players[COMPUTER].hand_total


def analyse(args: tuple[int, int]) -> list[Sample]:
    seed, samples = args
    rng = random.Random(seed)
    game = Game.new(seed)
    ours, theirs = ComputerPlayer(seed, search=False), BsdPlayer(seed)
    players: list[Player] = [ours, theirs]
    found: list[Sample] = []
    while True:
        while game.phase in (Phase.TURN, Phase.EXTENSION):
            player = players[game.turn]
            view = game.view(game.turn)
            if game.phase is Phase.EXTENSION:
                game.answer_extension(player.wants_extension(view))
                continue
            move = player.choose_move(view)
            if game.turn == HUMAN and view.picked and rng.random() < 0.5:
                choices = options(game, view)
                if len(choices) > 1 and move.slot is not None:
                    chosen_card = view.hand[move.slot]
                    assert chosen_card is not None
                    values: dict[Option, float] = defaultdict(float)
                    for _ in range(samples):
                        deal_seed = rng.randrange(2**32)
                        for option, trial_move in choices.items():
                            trial = copy.deepcopy(game)
                            their_copy = copy.deepcopy(theirs)
                            redeal(trial, random.Random(deal_seed))
                            their_copy._held = Counter(
                                int(c) for c in trial.players[COMPUTER].hand if c is not None
                            )
                            trial.apply(trial_move)
                            values[option] += finish_hand(trial, [ours, their_copy]) / samples
                    found.append(((chosen_card, move.kind == "use"), dict(values)))
            game.apply(move)
        if game.phase is Phase.GAME_OVER:
            return found
        game.next_hand()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--samples", type=int, default=8, help="deals per option")
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    tasks = [(args.seed + i, args.samples) for i in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        decisions = [d for result in pool.map(analyse, tasks, chunksize=1) for d in result]
    gains: dict[tuple[str, str], list[float]] = defaultdict(list)
    for chosen, values in decisions:
        for option, value in values.items():
            if option != chosen:
                gains[(kind(chosen), kind(option))].append(value - values[chosen])
    print(f"{len(decisions)} decisions of our heuristic against BsdPlayer, {args.samples} deals")
    rows = []
    for pair, pair_gains in gains.items():
        mean = statistics.fmean(pair_gains)
        spread = statistics.pstdev(pair_gains)
        sem = spread / math.sqrt(len(pair_gains)) if len(pair_gains) > 1 else math.inf
        rows.append((mean / sem if sem else 0.0, mean, len(pair_gains), pair))
    rows.sort(reverse=True)
    print("  heuristic chose      -> instead             times  mean gain      t")
    for t, mean, count, (chosen_kind, other) in rows[:20]:
        print(f"  {chosen_kind:20s} -> {other:20s} {count:5d} {mean:+10.1f} {t:+6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
