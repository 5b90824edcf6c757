"""Auto-solve: legal moves to the end, fair play through a whole game, a changed position
followed, every profile."""

from __future__ import annotations

import pytest

from parlour.midnightoil.computer.solver.auto import AutoSolver
from parlour.midnightoil.computer.solver.planner import PROFILES
from parlour.midnightoil.computer.solver.value import MODEL, TABLE
from parlour.midnightoil.game import cards, rules
from parlour.midnightoil.game.cards import FAN_COUNT
from parlour.midnightoil.game.rules import REDEAL, Move, State
from tests.midnightoil.computer.solver.positions import (
    ALL_HOME,
)


@pytest.mark.parametrize("profile", list(PROFILES))
def test_a_whole_game_never_peeks_at_a_redeal(
    monkeypatch: pytest.MonkeyPatch, profile: str
) -> None:
    real = rules.redeal_layout
    peeking = {"allowed": False}

    def guarded(*args: object) -> object:
        assert peeking["allowed"], "the solver looked at the real redeal"
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(rules, "redeal_layout", guarded)
    state = State.new(1)
    solver = AutoSolver(profile=profile)
    redeals = 0
    while (move := solver.next_move(state)) is not None:
        peeking["allowed"] = True  # the game, not the solver, applies the redeal
        state = state.apply(move)
        peeking["allowed"] = False
        redeals += move.kind == REDEAL
    assert redeals == 2


def test_auto_solve_terminates_with_legal_moves() -> None:
    for deal in (1, 2):
        state = State.new(deal)
        solver = AutoSolver(seed=3)
        played: list[Move] = []
        while len(played) < 500:
            move = solver.next_move(state)
            if move is None:
                break
            assert move in state.legal_moves()
            state = state.apply(move)
            played.append(move)
        assert len(played) < 500
        assert solver.next_move(state) is None
        assert state.is_won() or state.redeals_left == 0
        # Replaying the moves from the start through the rules gives the same end.
        replay = State.new(deal)
        for move in played:
            replay = replay.apply(Move.parse(str(move)))
        assert replay == state


def test_auto_solver_follows_a_changed_position() -> None:
    state = State.new(5)
    solver = AutoSolver()
    move = solver.next_move(state)
    assert move is not None
    other = State.new(6)
    again = solver.next_move(other)
    assert again is not None and again in other.legal_moves()
    assert solver.next_move(State(5, ((),) * FAN_COUNT, ALL_HOME, 0, False)) is None


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


def test_the_previous_profile_stays_available() -> None:
    assert PROFILES[TABLE].valuation == TABLE
    assert PROFILES[MODEL].valuation == MODEL
    moves, state = play(1, TABLE)
    assert moves and (state.is_won() or state.redeals_left == 0)
