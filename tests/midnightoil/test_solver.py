"""The solver: legal plans, exact verdicts (against brute force), fair play, termination."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.midnightoil.computer.solver import middle, planner
from parlour.midnightoil.computer.solver.auto import AutoSolver
from parlour.midnightoil.computer.solver.planner import PROFILES, hint, plan, prims_to_moves
from parlour.midnightoil.computer.solver.search import EndState, search_phase
from parlour.midnightoil.computer.solver.verdict import can_win
from parlour.midnightoil.game import cards, rules
from parlour.midnightoil.game.cards import DECK_SIZE, FAN_COUNT, RANK_COUNT, parse_card
from parlour.midnightoil.game.rules import REDEAL, Move, State

ALL_HOME = (RANK_COUNT,) * 4


def position(
    fans: list[str], found: tuple[int, int, int, int], redeals: int = 0, used: bool = False
) -> State:
    """A state from fans written like ``"5H/9C/6H"`` (bottom first) and foundation heights."""
    rows = [tuple(parse_card(c) for c in f.split("/")) if f else () for f in fans]
    rows += [()] * (FAN_COUNT - len(rows))
    state = State(1, tuple(rows), found, redeals, used)
    home = [s * RANK_COUNT + r for s in range(4) for r in range(found[s])]
    assert sorted(home + state.cards_left()) == list(range(DECK_SIZE))
    return state


def brute_force(state: State, with_draw: bool) -> int:
    """The most cards home reachable in this phase, by trying every legal move (no redeal)."""
    best = state.cards_home()
    seen = {state.key()}
    todo = [state]
    while todo:
        s = todo.pop()
        best = max(best, s.cards_home())
        for move in s.legal_moves(include_redeal=False, include_draw=with_draw):
            nxt = s.apply(move)
            if nxt.key() not in seen:
                seen.add(nxt.key())
                todo.append(nxt)
    return best


@st.composite
def small_positions(draw: st.DrawFn) -> State:
    """A position with 4..9 cards left, in fans of 1..4 cards, any draw and redeal status."""
    found = [draw(st.integers(10, 13)) for _ in range(4)]
    while DECK_SIZE - sum(found) < 4:
        found[draw(st.integers(0, 3))] -= 1
    while DECK_SIZE - sum(found) > 9:
        found[found.index(min(found))] += 1
    left = [s * RANK_COUNT + r for s in range(4) for r in range(found[s], RANK_COUNT)]
    order = draw(st.permutations(left))
    fans: list[tuple[int, ...]] = []
    i = 0
    while i < len(order):
        size = draw(st.integers(1, 4))
        fans.append(tuple(order[i : i + size]))
        i += size
    fans += [()] * (FAN_COUNT - len(fans))
    used = draw(st.booleans())
    redeals = draw(st.integers(0, 2))
    return State(7, tuple(fans), (found[0], found[1], found[2], found[3]), redeals, used)


@settings(max_examples=150, deadline=None)
@given(small_positions())
def test_verdict_matches_brute_force(state: State) -> None:
    verdict = can_win(state)
    draw_ok = not state.draw_used
    best_plain = brute_force(state, False)
    best = brute_force(state, True) if draw_ok else best_plain
    assert verdict.complete
    assert verdict.best_home == best
    assert verdict.best_home_without_draw == best_plain
    assert verdict.winnable == (best == DECK_SIZE)
    assert verdict.winnable_without_draw == (best_plain == DECK_SIZE)


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


def test_verdict_lines_read_well() -> None:
    won_plain = position(["KC/QC"], (11, 13, 13, 13), redeals=1)
    verdict = can_win(won_plain)
    assert verdict.winnable_without_draw
    assert verdict.line() == "Yes: every card can go home before the next redeal without the draw."
    stuck = position(["QC/KC"], (11, 13, 13, 13), used=True)
    verdict = can_win(stuck)
    assert not verdict.winnable and verdict.best_home == 50
    assert verdict.line() == "No: not in this last deal; at most 50/52 home."
    for line in (can_win(State.new(d)).line() for d in (1, 2)):
        assert 0 < len(line) < 80


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


@settings(max_examples=150, deadline=None)
@given(small_positions())
def test_win_only_search_agrees_with_the_full_search(state: State) -> None:
    fans = tuple(bytes(f) for f in state.fans)
    for draw_ok in (False, True):
        full = search_phase(fans, state.foundations, draw_ok, stop_on_win=False)
        quick = search_phase(fans, state.foundations, draw_ok, win_only=True)
        assert quick.won == full.won


def test_win_only_search_agrees_on_real_deals() -> None:
    for deal in range(1, 16):
        state = State.new(deal)
        fans = tuple(bytes(f) for f in state.fans)
        for draw_ok in (False, True):
            full = search_phase(fans, state.foundations, draw_ok)
            quick = search_phase(fans, state.foundations, draw_ok, win_only=True)
            assert full.complete and quick.complete
            assert quick.won == full.won


def test_part_way_end_states_can_be_reached_exactly() -> None:
    # JC, QC, KC go home by themselves; KH is stuck on QH. Stopping part way
    # along the clubs gives three more end states, each reachable by a prefix.
    state = position(["KC/QC/JC", "QH/KH"], (10, 13, 11, 13), redeals=1)
    fans = tuple(bytes(f) for f in state.fans)
    result = search_phase(fans, state.foundations, False, part_way=True)
    clubs = sorted(found[0] for found, _ in result.ends)
    assert clubs == [10, 11, 12, 13]
    for end in result.ends:
        moves = prims_to_moves(state, result.path_to(end))
        reached = state
        for move in moves:
            reached = reached.apply(move)
        assert reached.foundations == end[0]
    plain = search_phase(fans, state.foundations, False)
    assert [found for found, _ in plain.ends] == [(13, 13, 11, 13)]


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
