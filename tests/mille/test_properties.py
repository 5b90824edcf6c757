"""Hypothesis properties of the Mille Bornes rules over random games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.rng import below, make_rng
from parlour.mille.files.gamedata import game_from_dict, game_to_dict
from parlour.mille.game.rules import Game, card_total_ok
from parlour.mille.game.table import HAND_SLOTS, IllegalMove, Move, Phase

ALL_MOVES = [Move("pick")] + [Move(k, s) for k in ("use", "discard") for s in range(HAND_SLOTS)]
MAX_MOVES_PER_HAND = 500
"""Far above the most moves a hand can take (every move picks or spends a card)."""

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def random_step(game: Game, rng: random.Random) -> None:
    """One random legal action of whoever must act (a move or the extension answer)."""
    if game.phase is Phase.EXTENSION:
        game.answer_extension(below(rng, 2) == 0)
        return
    moves = game.legal_moves()
    assert moves, "the player to move always has a legal move"
    game.apply(moves[below(rng, len(moves))])


def play_hand(game: Game, rng: random.Random, check_every_move: bool = False) -> int:
    """Play the current hand out randomly; return the number of actions."""
    steps = 0
    while game.phase in (Phase.TURN, Phase.EXTENSION):
        if check_every_move and game.phase is Phase.TURN:
            legal = game.legal_moves()
            before = game_to_dict(game)
            for move in ALL_MOVES:
                if move not in legal:
                    try:
                        game.apply(move)
                    except IllegalMove:
                        pass
                    else:
                        raise AssertionError(f"illegal {move} was accepted")
                    assert game_to_dict(game) == before
        random_step(game, rng)
        assert card_total_ok(game), "the 101 cards must stay accounted for"
        steps += 1
        assert steps < MAX_MOVES_PER_HAND
    return steps


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, play_seed=st.integers(0, 10**6))
def test_random_hands_conserve_cards_and_refuse_illegal_moves(seed: int, play_seed: int) -> None:
    game = Game.new(seed)
    play_hand(game, make_rng(play_seed), check_every_move=True)
    assert game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_random_games_reach_5000(seed: int) -> None:
    game = Game.new(seed)
    rng = make_rng(seed ^ 0x5A5A)
    for _ in range(200):
        play_hand(game, rng)
        if game.phase is Phase.GAME_OVER:
            break
        game.next_hand()
    assert game.phase is Phase.GAME_OVER
    assert max(p.overall_total for p in game.players) >= 5000


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, stop=st.integers(0, 150))
def test_to_dict_from_dict_is_identical_and_plays_on_identically(seed: int, stop: int) -> None:
    game = Game.new(seed)
    rng = make_rng(seed % 1000)
    for _ in range(stop):
        if game.phase not in (Phase.TURN, Phase.EXTENSION):
            game.next_hand()
        random_step(game, rng)
    copy = game_from_dict(game_to_dict(game))
    assert game_to_dict(copy) == game_to_dict(game)
    state = rng.getstate()
    play_hand(game, rng)
    rng.setstate(state)
    play_hand(copy, rng)
    assert game_to_dict(copy) == game_to_dict(game)
    if game.phase is Phase.HAND_OVER:
        game.next_hand()
        copy.next_hand()
        assert copy.deck == game.deck


def record_game(seed: int) -> list[str]:
    game = Game.new(seed)
    rng = make_rng(seed + 1)
    log: list[str] = []
    for _ in range(3):
        while game.phase in (Phase.TURN, Phase.EXTENSION):
            random.seed()  # disturbing the global generator changes nothing
            random.random()
            if game.phase is Phase.EXTENSION:
                game.answer_extension(True)
                log.append("extend")
                continue
            moves = game.legal_moves()
            move = moves[below(rng, len(moves))]
            events = game.apply(move)
            log.append(f"{move} {[(e.kind, e.card) for e in events]}")
        game.next_hand()
    return log


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_one_seed_gives_one_game(seed: int) -> None:
    assert record_game(seed) == record_game(seed)
