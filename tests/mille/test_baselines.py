"""The benchmark's baseline players (``bench/mille_baselines.py``) behave as their
definitions say.
"""

from __future__ import annotations

from bench.mille_baselines import GreedyPlayer, RandomPlayer

from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase
from tests.mille.craft import C, both_moving, craft, hand, play, rebalance


def moving_opponents() -> Game:
    return both_moving(
        (hand(C.D50, C.STOP, C.D100, C.GO, C.D25, C.REPAIRS), hand(C.D50, C.D75)),
        [C.D25] * 8,
    )


def test_greedy_attacks_when_it_can_else_drives_longest() -> None:
    game = moving_opponents()
    assert GreedyPlayer().choose_move(game.view(HUMAN)) == Move("use", 2)
    game.players[COMPUTER].safeties[C.RIGHT_OF_WAY] = False
    rebalance(game)
    assert GreedyPlayer().choose_move(game.view(HUMAN)) == Move("use", 3)


def test_greedy_discards_a_useless_card_when_stuck() -> None:
    game = craft(
        hands=(hand(C.D50, C.D100, C.D75, C.D25, C.REPAIRS, C.D200), hand(C.D50)),
        deck=[C.D25] * 8,
    )
    game.players[HUMAN].safeties[C.DRIVING_ACE] = False
    rebalance(game)
    play(game, "pick")
    assert GreedyPlayer().choose_move(game.view(HUMAN)) == Move("discard", 5)


def test_random_player_only_offers_legal_moves() -> None:
    game = Game.new(31)
    player = RandomPlayer(4)
    for _ in range(300):
        if game.phase is not Phase.TURN:
            break
        view = game.view(game.turn)
        assert sorted(map(str, player.legal(view))) == sorted(map(str, game.legal_moves()))
        game.apply(player.choose_move(view))
