"""Issue 39: no hint or auto-solve redeal while a card can go home or a move leads to one.

"A move leads to one" means: some sequence of builds (fan onto fan) available
in this deal reaches a position where a card can go home. The draw does not
count (the solver may keep it for a later deal; the hint then says that only
the draw could still bring a card home). The check is :mod:`tests.midnightoil.closed`,
which searches with the rules alone.
"""

from __future__ import annotations

import random

from hypothesis import given, settings

from parlour.midnightoil.computer.solver.auto import AutoSolver
from parlour.midnightoil.computer.solver.planner import closing_moves, hint, plan
from parlour.midnightoil.computer.solver.reach import way_home
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import REDEAL, Move, State, auto_home_moves
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.tui.glyphs import ASCII
from tests.midnightoil.closed import home_in_reach
from tests.midnightoil.computer.solver.positions import (
    position,
    small_positions,
)


def deal_42_after_three_hints() -> State:
    """The issue's position: deal 42, ``1``, ``s``, ``r``, then the hint played three times."""
    state = State.new(42)
    for move in auto_home_moves(state, [0]):
        state = state.apply(move)
    state = state.apply(Move.build(17, 16))  # s onto r
    for _ in range(3):
        move = hint(state, budget_seconds=None)
        assert move is not None and move.kind != REDEAL
        state = state.apply(move)
    return state


def test_deal_42_the_hint_sends_3s_home_instead_of_redealing() -> None:
    state = deal_42_after_three_hints()
    assert home_in_reach(state)
    assert hint(state) == Move.to_foundation(11, 3)  # 3S on fan m to foundation 4
    assert plan(state).moves[-1].kind == REDEAL  # this deal cannot be won: a redeal comes later
    assert all(m.kind != REDEAL for m in plan(state).moves[:-1])


def test_deal_42_by_the_keys_of_the_issue() -> None:
    app = MidnightOilApp(Game(42), ASCII)
    for key in ("1", "s", "r", "t", " ", "t", " ", "t", " ", "t"):
        app.handle_key(key)
    status = app.render(24, 80).row_text(23)
    assert "Hint: 3S (m) to foundation 4 S" in status
    assert "redeal" not in status


def follow_hints(state: State, rng: random.Random | None, random_moves: int) -> int:
    """Play the hint (after ``random_moves`` random moves); each redeal hint is checked."""
    redeals = 0
    for _ in range(random_moves):
        moves = state.legal_moves(include_redeal=False)
        if not moves or rng is None:
            break
        state = state.apply(rng.choice(moves))
    for _ in range(400):
        move = hint(state, budget_seconds=None)
        if move is None:
            break
        if move.kind == REDEAL:
            redeals += 1
            assert not home_in_reach(state), f"deal {state.deal_number}: redeal hint too early"
        state = state.apply(move)
    return redeals


def test_no_redeal_hint_while_a_card_can_go_home_deals_1_to_40() -> None:
    redeals = sum(follow_hints(State.new(deal), None, 0) for deal in range(1, 41))
    assert redeals >= 30  # the hint does redeal, when the rule allows it


def test_no_redeal_hint_after_six_random_moves_deals_1_to_40() -> None:
    redeals = 0
    for deal in range(1, 41):
        redeals += follow_hints(State.new(deal), random.Random(deal), 6)
    assert redeals >= 30


def test_auto_solve_never_redeals_while_a_card_can_go_home_deals_1_to_40() -> None:
    redeals = 0
    for deal in range(1, 41):
        state = State.new(deal)
        auto = AutoSolver()
        for _ in range(2000):
            move = auto.next_move(state)
            if move is None:
                break
            if move.kind == REDEAL:
                redeals += 1
                assert not home_in_reach(state), f"deal {deal}: auto-solve redealt too early"
            state = state.apply(move)
    assert redeals >= 30


@settings(max_examples=80, deadline=None)
@given(small_positions())
def test_a_plan_redeals_only_from_a_closed_position(state: State) -> None:
    result = plan(state)
    current = state
    for move in result.moves:
        if move.kind == REDEAL:
            assert move is result.moves[-1]
            assert not home_in_reach(current)
            break
        current = current.apply(move)
    assert result.home == current.cards_home()


@settings(max_examples=120, deadline=None)
@given(small_positions())
def test_way_home_finds_a_line_exactly_when_one_exists(state: State) -> None:
    fans = tuple(bytes(f) for f in state.fans)
    way, complete = way_home(fans, state.foundations)
    assert complete
    assert (way is not None) == home_in_reach(state)
    line = closing_moves(state)
    after = state
    for move in line:
        assert move in after.legal_moves(include_draw=False)
        after = after.apply(move)
    assert not home_in_reach(after)
    assert (after.cards_home() > state.cards_home()) == bool(line)


def test_a_card_only_a_build_frees_counts_as_one_that_can_go_home() -> None:
    # No card can go home now; 4C onto 5C frees 2C, which can.
    fans = ["3C/2C/4C", "KC/5C", "7C/6C/QC/JC/TC/9C/8C"]
    state = position(fans, (1, 13, 13, 13), redeals=1, used=True)
    assert not any(m.home for m in state.legal_moves())
    assert home_in_reach(state)
    result = plan(state)
    assert hint(state) == Move.build(0, 1)
    assert result.moves[-1] == Move.redeal() and result.home == 44  # 2C-5C home, then redeal
    # 3C over 2C and under nothing it can go on: only the draw (used) could free 2C.
    stuck = position(["2C/4C/3C", "KC/5C", "7C/6C/QC/JC/TC/9C/8C"], (1, 13, 13, 13), 1, True)
    assert not home_in_reach(stuck)
    assert plan(stuck).moves == (Move.redeal(),)
    assert hint(stuck) == Move.redeal()


def hint_words(state: State) -> str:
    app = MidnightOilApp(Game(1), ASCII)
    app.game.state = state
    app.handle_key("t")
    return app.render(24, 80).row_text(23).strip()


def test_a_redeal_hint_says_why_and_whether_only_the_draw_could_help() -> None:
    fans = ["2C/4C/3C", "KC/5C", "7C/6C/QC/JC/TC/9C/8C"]
    stuck = position(fans, (1, 13, 13, 13), redeals=2, used=True)
    assert hint_words(stuck) == "Hint: redeal (no card can go home in this deal)"
    # With the draw in hand, 2C could be drawn home: the hint keeps the draw and says so.
    kept = position(fans, (1, 13, 13, 13), redeals=2)
    assert hint(kept) == Move.redeal()
    assert hint_words(kept) == "Hint: redeal (only the draw could still bring a card home; keep it)"


def test_past_a_search_limit_the_line_still_ends_where_no_card_can_go_home() -> None:
    redeals = 0
    for deal in range(1, 31):
        state = State.new(deal)
        result = plan(state, node_limit=40)  # far too few positions: an incomplete search
        if result.moves and result.moves[-1].kind == REDEAL:
            redeals += 1
            end = state
            for move in result.moves[:-1]:
                end = end.apply(move)
            assert not home_in_reach(end), f"deal {deal}"
            assert result.home == end.cards_home()
    assert redeals >= 20
