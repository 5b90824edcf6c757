"""The plan and the hint: legal plans that reach what they promise, fair play, the profiles."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings

from parlour.midnightoil.computer.solver import middle, planner
from parlour.midnightoil.computer.solver.planner import PROFILES, hint, plan
from parlour.midnightoil.computer.solver.search import EndState
from parlour.midnightoil.computer.solver.verdict import can_win
from parlour.midnightoil.game import cards, rules
from parlour.midnightoil.game.cards import DECK_SIZE
from parlour.midnightoil.game.rules import REDEAL, Move, State
from tests.midnightoil.computer.solver.positions import (
    brute_force,
    position,
    small_positions,
)


@settings(max_examples=40, deadline=None)
@given(small_positions())
def test_plan_reaches_what_it_promises(state: State) -> None:
    result = plan(state)
    current = state
    for move in result.moves:
        assert move in current.legal_moves()
        if move.kind == REDEAL:
            break
        current = current.apply(move)
    assert current.cards_home() == result.home
    assert result.wins == current.is_won()
    if state.redeals_left == 0:
        # The last deal: the plan gets the most cards home there are.
        assert result.home == brute_force(state, not state.draw_used)
    if brute_force(state, False) == DECK_SIZE:
        assert result.wins and not result.uses_draw


def test_a_draw_only_win_is_found_and_reported() -> None:
    # 6H sits on 5H on 7H: nothing moves until the draw sends 5H home, then all follows.
    state = position(["7H/5H/6H", "KH/QH/JH/TH/9H/8H"], (13, 13, 4, 13), redeals=1)
    verdict = can_win(state)
    assert verdict.best_home_without_draw == 43
    assert verdict.winnable and not verdict.winnable_without_draw
    assert verdict.line().startswith("Only with the draw")
    result = plan(state)
    assert result.wins and result.uses_draw
    assert result.moves[0] == Move.draw(0, 1, 2, True)
    assert str(result.moves[0]) == "draw a2 -> 3"


@pytest.mark.parametrize("profile", list(PROFILES))
def test_a_plan_says_it_spends_the_draw_only_when_its_moves_do(profile: str) -> None:
    kept = 0
    for deal in range(1, 16):
        result = plan(State.new(deal), profile=profile)
        spends = any(m.kind == rules.DRAW for m in result.moves)
        assert result.uses_draw == spends
        kept += not spends
    assert kept  # some first deals keep the draw


def test_hints_are_legal_and_deterministic() -> None:
    for deal in (1, 2, 3, 4):
        state = State.new(deal)
        first = hint(state)
        random.seed(deal)  # disturbing the global generator changes nothing
        random.random()
        assert first is not None and first in state.legal_moves()
        assert hint(state) == first
        assert plan(state).moves[0] == first


def test_solver_never_uses_the_real_redeal(monkeypatch: pytest.MonkeyPatch) -> None:
    def peek(*args: object) -> object:
        raise AssertionError("the solver looked at the real redeal")

    monkeypatch.setattr(rules, "redeal_layout", peek)
    monkeypatch.setattr(cards, "redeal_layout", peek)
    for deal in (1, 2, 3):
        result = plan(State.new(deal))
        assert result.wins or result.moves[-1] == Move.redeal()


@pytest.mark.parametrize("profile", list(PROFILES))
def test_same_table_different_deal_number_same_plan(
    monkeypatch: pytest.MonkeyPatch, profile: str
) -> None:
    judged = []
    original = planner.choose_end

    def counting(ends: list[EndState], redeals_left: int, *args: object) -> EndState:
        if redeals_left > 0 and len(set(ends)) > 1:
            judged.append(redeals_left)
        return original(ends, redeals_left, *args)  # type: ignore[arg-type]

    ranked = middle.reachable_best_first

    def counting_ranked(*args: Any, **kwargs: Any) -> Any:
        if len(set(args[2])) > 1:
            judged.append(args[1])
        return ranked(*args, **kwargs)

    monkeypatch.setattr(planner, "choose_end", counting)
    monkeypatch.setattr(middle, "reachable_best_first", counting_ranked)
    checked = 0
    for deal in range(1, 40):
        state = State.new(deal)
        for _ in range(2):
            before = len(judged)
            result = plan(state, profile=profile)
            if result.wins:
                break
            twin = State(
                deal + 10**12, state.fans, state.foundations, state.redeals_left, state.draw_used
            )
            assert plan(twin, profile=profile) == result
            if len(judged) > before:
                checked += 1
            for move in result.moves:
                state = state.apply(move)
        if checked >= 3:
            break
    assert checked >= 3, "no decision between end states was made"


def test_a_hint_past_the_search_limit_gives_way_to_the_cheap_tier(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from parlour.midnightoil.computer.advisor import Advisor
    from parlour.midnightoil.computer.hints import ranked_moves
    from parlour.midnightoil.game.history import Game
    from parlour.midnightoil.terminal.app import MidnightOilApp
    from parlour.tui.glyphs import ASCII

    state = State.new(98)  # a first deal with a large search
    assert plan(state, node_limit=5).complete is False
    assert hint(state, budget_seconds=0.0) is None
    assert hint(state) is not None
    # With the search cut off, t shows the cheap tier's best move instead (spec §8).
    monkeypatch.setattr(
        Advisor, "hint", lambda self, s: hint(s, seed=self.seed, budget_seconds=0.0)
    )
    app = MidnightOilApp(Game(98), ASCII)
    app.handle_key("t")
    assert app.assist.hint == ranked_moves(state)[0]
    assert app.assist.hint_cycle == ranked_moves(state)


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
