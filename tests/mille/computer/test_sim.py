"""The playout simulator and the rules engine play the same game (issue #29, point 5).

``sim.Sim`` is a second engine kept for speed (docs/mille.md, "Two engines, one
set of rules"). Here both play whole hands in lockstep, the same deal and the
same moves, chosen at random among the legal ones, and after every move their
positions must be the same in everything the simulator keeps. The simulator's
listed differences are what it leaves out: slot order, piles, events and
messages; and the turn flow, which its caller (``policy.finish_move`` and
``policy.playout``) runs, as it is run here.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.mille.computer import sim as S
from parlour.mille.computer.ai import sim_from_view
from parlour.mille.computer.policy import finish_move
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Phase


def sim_of(game: Game) -> S.Sim:
    """The game's position for the simulator, the hidden cards dealt as they are."""
    view = game.view(game.turn)
    other = game.players[1 - game.turn]
    return sim_from_view(view, [int(c) for c in other.cards_in_hand()], [int(c) for c in game.deck])


def same_position(game: Game, sim: S.Sim) -> None:
    assert [int(c) for c in game.deck] == sim.deck
    assert game.goal == sim.goal
    for who in (HUMAN, COMPUTER):
        real, fake = game.players[who], sim.sides[who]
        assert sorted(int(c) for c in real.cards_in_hand()) == sorted(fake.hand)
        assert real.mileage == fake.mileage
        assert (S.NONE if real.battle is None else int(real.battle)) == fake.battle
        assert real.limited == fake.limited
        assert real.can_go == fake.can_go
        assert sum(S.SAFETY_BIT[int(c)] for c in real.safeties) == fake.safeties
        assert real.num_200s == fake.n200
        assert real.hand_total == fake.points
    over = game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    if not over:  # once the hand is over no coup can follow: the rules engine may have
        # closed the window of a player it skipped on the way to the end, the simulator not
        for real, fake in zip(game.players, sim.sides, strict=True):
            assert (real.fresh_battle, real.fresh_speed) == (fake.fresh_battle, fake.fresh_speed)
    assert over == sim.over
    if over:
        assert (S.NONE if game.finisher is None else game.finisher) == sim.finisher
    else:
        assert game.turn == sim.turn


def skip_empty_hands(sim: S.Sim) -> None:
    """The simulator's caller skips a player without cards once the deck is gone."""
    while not sim.over and not sim.deck and not sim.sides[sim.turn].hand:
        side = sim.sides[sim.turn]
        side.fresh_battle = side.fresh_speed = False
        sim.turn = 1 - sim.turn


def lockstep(game: Game, choices: random.Random) -> int:
    """Play the hand out in both engines; the number of moves made."""
    sim = sim_of(game)
    same_position(game, sim)
    moves = 0
    while game.phase is Phase.TURN:
        skip_empty_hands(sim)
        who = game.turn
        assert sim.turn == who
        move = choices.choice(game.legal_moves())
        card = None if move.kind == "pick" else game.current.hand[move.slot]
        picked = game.current.picked or not game.deck
        game.apply(move)
        if move.kind == "pick":
            sim.pick(who)
            if not sim.deck and not sim.anyone_can_play():
                sim.end(S.NONE)
        elif not picked:  # a countering safety before the pick
            assert card is not None and sim.is_counter(who, int(card))
            assert sim.use(who, int(card))
        else:
            assert card is not None
            use = move.kind == "use"
            assert not use or sim.can_use(who, int(card))
            finish_move(sim, who, int(card), use)
            if game.phase is Phase.EXTENSION:  # the simulator's caller has answered
                game.answer_extension(sim.goal == S.EXTENDED)
        moves += 1
        if game.phase is Phase.TURN:
            skip_empty_hands(sim)
        same_position(game, sim)
    return moves


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), choice_seed=st.integers(0, 2**31 - 1))
def test_both_engines_play_a_random_hand_alike(seed: int, choice_seed: int) -> None:
    game = Game.new(seed)
    assert lockstep(game, random.Random(choice_seed)) > 0
    assert game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def test_the_lockstep_sees_a_difference() -> None:
    """A simulator with one rule wrong (a second card picked only into four cards or
    fewer, not five) is caught."""
    original = S.Sim.pick

    def wrong(self: S.Sim, who: int) -> None:
        me = self.sides[who]
        short = len(me.hand) <= 4
        me.hand.append(self.deck.pop())
        if short and self.deck:
            me.hand.append(self.deck.pop())
        me.fresh_battle = me.fresh_speed = False

    S.Sim.pick = wrong  # type: ignore[method-assign]
    try:
        caught = 0
        for seed in range(20):
            try:
                lockstep(Game.new(seed), random.Random(seed))
            except AssertionError:
                caught += 1
    finally:
        S.Sim.pick = original  # type: ignore[method-assign]
    assert caught > 0
