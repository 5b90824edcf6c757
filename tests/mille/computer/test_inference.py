"""What a player infers from what the opponent did not do (``computer/inference.py``)."""

from __future__ import annotations

from collections import Counter

from bench.mille_baselines import GreedyPlayer

from parlour.core.rng import below, make_rng
from parlour.mille.computer import sim as S
from parlour.mille.computer.ai import ComputerPlayer, unseen_list
from parlour.mille.computer.inference import Inference, finishing_card
from parlour.mille.computer.review.deals import review_deals
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase
from tests.mille.craft import C, both_moving, drove, hand, play, slot_of


def racing(their_last: str) -> tuple[Game, Inference]:
    """Both moving, the computer 100 from 700; the human discards, then the computer
    makes ``their_last`` (a discard or a drive), holding no 100."""
    game = both_moving(
        (
            hand(C.D25, C.D50, C.STOP, C.GASOLINE, C.SPARE_TIRE, C.REPAIRS),
            hand(C.D75, C.D50, C.OUT_OF_GAS, C.D200, C.D25, C.GASOLINE),
        ),
        deck=[C.D100] * 10 + [C.GO] * 10,
    )
    drove(game, COMPUTER, [C.D200, C.D200, C.D100, C.D100])  # 600: 100 to go
    inference = Inference()
    view = game.view(HUMAN)
    inference.observe(view)
    move = Move("discard", slot_of(game, C.REPAIRS))
    inference.moved(view, move)
    game.apply(move)
    play(game, "pick")
    card = C.GASOLINE if their_last == "discard" else C.D50
    game.apply(Move("discard" if their_last == "discard" else "use", slot_of(game, card)))
    return game, inference


def test_an_opponent_that_could_finish_with_one_card_and_did_not_holds_none() -> None:
    game, inference = racing("discard")
    view = game.view(HUMAN)
    inference.observe(view)
    assert inference.limits(view)[S.D100] == 0
    computer = ComputerPlayer(3)
    assert any(S.D100 in sim.sides[COMPUTER].hand for sim in computer.deals(view, 5, 40))
    dealt = review_deals(computer, inference, view, 5, 40)
    unseen = Counter(unseen_list(view))
    for sim in dealt:
        assert S.D100 not in sim.sides[COMPUTER].hand
        assert Counter(sim.sides[COMPUTER].hand + sim.deck) == unseen


def test_an_opponent_that_drove_shows_nothing_about_the_rest() -> None:
    """It drove 50 from 100 to go: it may hold the 50 that finishes now; no inference."""
    game, inference = racing("drive")
    view = game.view(HUMAN)
    inference.observe(view)
    assert S.D50 not in inference.limits(view)


def test_finishing_card_keeps_to_the_rules() -> None:
    game, _ = racing("discard")
    view = game.view(HUMAN)
    assert finishing_card(view, view.theirs) == S.D100
    computer = game.players[COMPUTER]
    computer.speed_pile = [C.SPEED_LIMIT]
    computer.speed = C.SPEED_LIMIT
    assert finishing_card(game.view(HUMAN), game.view(HUMAN).theirs) is None  # a limit: 50 at most


def test_the_inference_holds_against_the_computer_in_real_play() -> None:
    """The default computer as the opponent, greedy and random players in the human seat,
    whole hands: what the inference rules out is not in the computer's real hand beyond
    what it drew since (a finishing card or a safety never; a remedy or Go almost never:
    the computer may rarely keep one for a later turn)."""
    sights = wrong = 0
    for seed in range(1, 11):
        game = Game.new(seed)
        rng = make_rng(seed)
        greedy = GreedyPlayer(seed)
        computer = ComputerPlayer(seed)
        inference = Inference()
        while game.phase is Phase.TURN:
            view = game.view(game.turn)
            if game.turn == HUMAN:
                inference.observe(view)
                moves = game.legal_moves()
                move = greedy.choose_move(view) if seed % 2 else moves[below(rng, len(moves))]
                inference.moved(view, move)
            else:
                move = computer.choose_move(view)
            game.apply(move)
            if game.phase is Phase.TURN and game.turn == HUMAN:
                seen = game.view(HUMAN)
                inference.observe(seen)
                real = [int(c) for c in game.players[COMPUTER].hand if c is not None]
                for card, room in inference.limits(seen).items():
                    sights += 1
                    if real.count(card) > room:
                        assert not C(card).is_distance and not C(card).is_safety, C(card).name
                        wrong += 1
    assert sights > 500
    assert wrong <= sights // 100
