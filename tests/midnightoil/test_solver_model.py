"""The solver's measured model and its profiles: fair play, replayed wins, bounded searches."""

from __future__ import annotations

import itertools
import random

import pytest

from parlour.midnightoil.computer.solver import value
from parlour.midnightoil.computer.solver.auto import AutoSolver
from parlour.midnightoil.computer.solver.model import win_chance
from parlour.midnightoil.computer.solver.planner import PROFILES, plan
from parlour.midnightoil.computer.solver.search import EndState, Found, search_phase
from parlour.midnightoil.computer.solver.value import MODEL, TABLE, choose_by_model, sample_deal
from parlour.midnightoil.game import cards
from parlour.midnightoil.game.cards import RANK_COUNT
from parlour.midnightoil.game.rules import REDEAL, Move, State


def play(deal: int, profile: str, stop_at_redeal: bool = False) -> tuple[list[Move], State]:
    """Auto-solve ``deal``: the moves played and the state reached."""
    state = State.new(deal)
    auto = AutoSolver(profile=profile)
    moves: list[Move] = []
    while len(moves) < 2_000 and (move := auto.next_move(state)) is not None:
        assert move in state.legal_moves()
        state = state.apply(move)
        moves.append(move)
        if stop_at_redeal and move.kind == REDEAL:
            break
    return moves, state


@pytest.mark.parametrize("profile", list(PROFILES))
def test_decisions_before_a_redeal_do_not_depend_on_its_shuffle(
    monkeypatch: pytest.MonkeyPatch, profile: str
) -> None:
    # Fair play: whatever shuffle the redeals would produce, the solver plays
    # the same moves up to the first redeal (then it sees the new layout).
    checked = 0
    for deal in range(1, 30):
        real, _ = play(deal, profile, stop_at_redeal=True)
        if real[-1].kind != REDEAL:
            continue  # won in the first deal: no redeal to be fair about
        real_after = State.new(deal)
        for move in real:
            real_after = real_after.apply(move)
        for salt in (12345, 777, 31337):
            with monkeypatch.context() as m:
                m.setattr(cards, "redeal_seed", lambda n, r, salt=salt: n * 7 + r + salt)
                other, after = play(deal, profile, stop_at_redeal=True)
            assert after.fans != real_after.fans  # the redeal really came out otherwise
            assert other == real
        checked += 1
        if checked >= 6:
            break
    assert checked >= 6


def test_wins_replay_through_the_rules() -> None:
    # Every deal the solver says it won is won again by replaying its moves,
    # written out and read back, through the rules engine.
    wins = 0
    for deal in range(1, 13):
        moves, state = play(deal, MODEL)
        replay = State.new(deal)
        for move in moves:
            replay = replay.apply(Move.parse(str(move)))
        assert replay == state
        assert replay.is_won() == (replay.cards_home() == 52)
        wins += replay.is_won()
        if not replay.is_won():
            assert state.redeals_left == 0 or not state.legal_moves()
    assert wins >= 5  # deals 1..12: the solver wins 8 of them


def test_model_chances_are_probabilities_that_prefer_the_draw() -> None:
    # Every foundation vector there is: the draw in hand is never worse than
    # none, and a middle deal (a redeal still to come) never worse than a last.
    for found in itertools.product(range(RANK_COUNT + 1), repeat=4):
        last = win_chance((found, False), 1)
        assert 0.0 <= last <= 1.0
        if sum(found) == 52:
            assert last == 1.0 == win_chance((found, True), 2)
            continue
        assert win_chance((found, True), 1) >= last
        assert win_chance((found, False), 2) >= last
        assert win_chance((found, True), 2) >= win_chance((found, True), 1)
        assert win_chance((found, True), 2) >= win_chance((found, False), 2)


def test_model_prefers_fewer_cards_left() -> None:
    for draw_ok in (False, True):
        for redeals_left in (1, 2):
            for first in (0, 1, 2):
                # Steps of three per suit keep the last fan the same size.
                heights = range(first, 12, 3)
                chances = [win_chance(((h, h, h, h), draw_ok), redeals_left) for h in heights]
                assert chances == sorted(chances)
                assert chances[-1] - chances[0] > 0.2


@pytest.mark.parametrize(
    ("found", "draw_ok"), [((6, 6, 7, 7), False), ((3, 4, 4, 3), True), ((9, 9, 13, 0), True)]
)
def test_model_agrees_with_sampled_last_deals(found: Found, draw_ok: bool) -> None:
    # The model's chance for a last deal against 160 sampled deals of the
    # same cards (the sampling error is about 0.04).
    rng = random.Random(11)
    won = sum(
        search_phase(sample_deal(found, rng), found, draw_ok, win_only=True).won for _ in range(160)
    )
    assert abs(won / 160 - win_chance((found, draw_ok), 1)) < 0.12


def test_choose_by_model_takes_the_best_chance_whatever_the_order() -> None:
    ends: list[EndState] = [
        ((5, 5, 5, 5), True),
        ((6, 5, 5, 5), False),
        ((6, 6, 6, 6), True),
        ((13, 0, 0, 13), True),
    ]
    for redeals_left in (1, 2):
        best = max(ends, key=lambda e: win_chance(e, redeals_left))
        for shift in range(len(ends)):
            turned = ends[shift:] + ends[:shift]
            assert choose_by_model(turned, redeals_left) == best


def test_plan_plays_to_the_end_state_the_model_chose() -> None:
    checked = 0
    for deal in range(1, 20):
        state = State.new(deal)
        result = plan(state)
        if result.wins:
            continue
        reached = state
        for move in result.moves[:-1]:
            reached = reached.apply(move)
        assert result.moves[-1] == Move.redeal()
        assert reached.cards_home() == result.home
        checked += 1
    assert checked >= 5


def test_searches_keep_to_their_node_limits() -> None:
    state = State.new(98)  # a first deal with a large search
    fans = tuple(bytes(f) for f in state.fans)
    for limit in (1, 10, 100):
        result = search_phase(fans, state.foundations, True, node_limit=limit, stop_on_win=False)
        assert not result.complete
        assert result.nodes <= limit + 1
    full = search_phase(fans, state.foundations, True, stop_on_win=False)
    assert full.complete and full.nodes > 100


def test_sampling_stops_at_its_node_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(value, "SAMPLE_NODE_BUDGET", 0)
    ends: list[EndState] = [((3, 3, 3, 3), True), ((4, 3, 3, 3), True)]
    _, rounds = value.sampled_values(ends, 0, 5, 50)
    assert rounds == 1
    monkeypatch.setattr(value, "SAMPLE_NODE_BUDGET", 10**9)
    _, rounds = value.sampled_values(ends, 0, 5, 3)
    assert rounds == 3


def test_the_previous_profile_stays_available() -> None:
    assert PROFILES[TABLE].valuation == TABLE
    assert PROFILES[MODEL].valuation == MODEL
    moves, state = play(1, TABLE)
    assert moves and (state.is_won() or state.redeals_left == 0)
