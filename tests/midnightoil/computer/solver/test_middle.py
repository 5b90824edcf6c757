"""The ``hold`` solver: both redeals judged by the measured tables, never holding a card back."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from hypothesis import given, settings

from parlour.midnightoil.computer.solver import middle
from parlour.midnightoil.computer.solver.middle import (
    PATTERNS,
    TableError,
    held_back,
    pattern_of,
    value,
)
from parlour.midnightoil.computer.solver.planner import HOLD, hint, plan, prims_to_moves
from parlour.midnightoil.computer.solver.search import (
    ALL_HOME,
    EndState,
    Fans,
    Found,
    PhaseResult,
    search_phase,
)
from parlour.midnightoil.computer.solver.value import TABLE
from parlour.midnightoil.game.rules import DRAW, REDEAL, State
from tests.midnightoil.closed import home_in_reach
from tests.midnightoil.computer.solver.positions import (
    position,
    small_positions,
)


def choose_held(
    fans: Fans,
    found: Found,
    ends: Iterable[EndState],
    draw_ok: bool,
    worth: Callable[[EndState], float],
    *,
    node_limit: int,
    deadline: float | None = None,
) -> tuple[EndState, PhaseResult | None]:
    """The end state worth most, and the capped search that reaches it if it holds cards back.

    The plan's choice when it held cards back, kept here (no game code uses it now): the
    first of :func:`middle.reachable_best_first` with at most :data:`middle.HOLD_TESTS`
    capped searches, so a choice costs a few phase searches (the plan passes
    :func:`value` for the redeals left as ``worth``). Returns one of ``ends``
    and None, or a held-back end state as its capped search labels it (the
    draw flag says whether that search could still draw) and that search.
    """
    candidates = middle.reachable_best_first(
        fans, found, ends, draw_ok, worth, node_limit=node_limit, deadline=deadline
    )
    # One of ``ends`` always comes: they are in the ranking and need no search.
    end, capped = next(candidates)
    if capped is None:
        return end, None
    return max(e for e in capped.ends if e[0] == end[0]), capped


def replay(state: State, moves: object) -> State:
    for move in moves:  # type: ignore[attr-defined]
        assert move in state.legal_moves()
        state = state.apply(move)
    return state


@settings(max_examples=120, deadline=None)
@given(small_positions())
def test_a_capped_search_stops_at_its_caps_and_wins_exactly_there(state: State) -> None:
    fans = tuple(bytes(f) for f in state.fans)
    for draw_ok in (False, True) if not state.draw_used else (False,):
        full = search_phase(fans, state.foundations, draw_ok, stop_on_win=False, part_way=True)
        for found, _ in full.ends:
            capped = search_phase(fans, state.foundations, draw_ok, caps=found)
            # Every end state the plain search reached is reached with the foundations
            # capped at it, and no foundation ever goes past its cap.
            assert capped.won
            assert all(all(h <= c for h, c in zip(f, found, strict=True)) for f, _ in capped.ends)
            reached = replay(state, prims_to_moves(state, capped.path_to(max(capped.ends))))
            assert any(reached.foundations == f for f, _ in capped.ends)
        # Caps at every king: the search of old.
        assert search_phase(fans, state.foundations, draw_ok, caps=ALL_HOME).won == full.won


def test_a_capped_search_holds_back_a_card_the_plain_search_sends_home() -> None:
    # The plain search sends JC, QC and KC home at once; capped at the jack it stops there,
    # and capped at a height no line reaches (a king buried under its queen) it says so.
    state = position(["KC/QC/JC", "QH/KH"], (10, 13, 11, 13), redeals=1)
    fans = tuple(bytes(f) for f in state.fans)
    capped = search_phase(fans, state.foundations, False, caps=(11, 13, 11, 13))
    assert capped.won and [f for f, _ in capped.ends] == [(11, 13, 11, 13)]
    reached = replay(state, prims_to_moves(state, capped.path_to(((11, 13, 11, 13), False))))
    assert reached.foundations == (11, 13, 11, 13)
    assert reached.fans[0] == tuple(state.fans[0][:2])  # QC and KC stay on the table
    assert not search_phase(fans, state.foundations, False, caps=(13, 13, 13, 13)).won


def test_held_back_lists_every_end_state_below_and_none_twice() -> None:
    ends = [((2, 1, 0, 0), True), ((1, 2, 0, 0), False), ((1, 1, 0, 0), True)]
    listed = list(held_back(ends, (1, 0, 0, 0)))
    assert len(listed) == len(set(listed))
    expected = {((a, b, 0, 0), True) for a in (1, 2) for b in (0, 1)}
    expected |= {((1, b, 0, 0), False) for b in (0, 1, 2)}
    assert set(listed) == expected  # (1, 1, 0, 0) with the draw is below (2, 1, 0, 0) already
    assert all(found[0] >= 1 for found, _ in listed)  # a card home never comes back


def test_the_table_covers_every_pattern_with_chances() -> None:
    assert len(PATTERNS) == 2380 and len(set(PATTERNS)) == 2380
    assert middle.available()
    for found in PATTERNS:
        for draw_ok in (True, False):
            assert 0.0 <= value((found, draw_ok)) <= 1.0
    assert value((ALL_HOME, False)) == 1.0
    # The suits play alike: the same pattern in any order is worth the same.
    assert value(((13, 0, 5, 2), True)) == value(((0, 2, 5, 13), True))
    # What the measurements show, and what the solver acts on: the draw in hand is
    # worth a lot from a full deck; one suit left whole (13 cards) is worth less than
    # 25 cards over four suits; fewer cards left is better along a spread pattern.
    assert value(((0, 0, 0, 0), True)) > value(((0, 0, 0, 0), False)) + 0.2
    assert value(((13, 13, 13, 0), True)) < value(((9, 9, 9, 0), True))
    assert value(((2, 2, 2, 2), True)) < value(((6, 6, 6, 6), True))
    assert pattern_of((3, 1, 2, 0)) == (0, 1, 2, 3)
    # The last-deal rows (one redeal left): the same facts, each chance below its
    # middle-deal one at most (a middle deal is a last deal with one more chance after it).
    for found in PATTERNS[:-1]:
        for draw_ok in (True, False):
            assert 0.0 <= value((found, draw_ok), 1) <= value((found, draw_ok), 2)
    assert value((ALL_HOME, True), 1) == 1.0
    assert value(((0, 0, 0, 0), True), 1) > value(((0, 0, 0, 0), False), 1) + 0.1
    assert value(((13, 13, 13, 0), True), 1) < value(((9, 9, 9, 0), True), 1)
    assert value(((13, 0, 5, 2), False), 1) == value(((0, 2, 5, 13), False), 1)


def test_a_damaged_table_leaves_the_solver_as_it_was(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    state = State.new(3)
    bad = tmp_path / "middle.json"
    whole = json.loads(middle.TABLE_PATH.read_text(encoding="utf-8"))
    no_last = {k: v for k, v in whole.items() if k != "last_no_draw"}
    above = {**whole, "last_draw": [1.5] + whole["last_draw"][1:]}
    damaged = (no_last, above, {"format": "parlour-midnightoil-middle", "draw": [2]})
    for text in ("", "[1, 2]", *(json.dumps(d) for d in damaged)):
        bad.write_text(text, encoding="utf-8")
        monkeypatch.setattr(middle, "TABLE_PATH", bad)
        middle._table.cache_clear()
        with pytest.raises(TableError):
            middle._table()
        assert not middle.available()
        assert plan(state, profile=HOLD).moves == plan(state, profile=TABLE).moves
    monkeypatch.undo()
    middle._table.cache_clear()
    assert middle.available()


def closed_ends(state: State, draw_ok: bool) -> set[EndState]:
    """The end states a search of the phase reaches at a closed position (issue 39)."""
    fans = tuple(bytes(f) for f in state.fans)
    found = search_phase(fans, state.foundations, draw_ok, stop_on_win=False)
    closed = set()
    for end in found.ends:
        reached = replay(state, prims_to_moves(state, found.path_to(end)))
        if not home_in_reach(reached):
            closed.add((end[0], end[1] if draw_ok else not state.draw_used))
    return closed


def test_first_deal_plans_end_where_the_table_says_and_never_hold_cards_back() -> None:
    judged = 0
    for deal in range(1, 41):
        state = State.new(deal)
        result = plan(state, profile=HOLD)
        if result.wins:
            continue
        assert result.moves[-1].kind == REDEAL
        end = replay(state, result.moves[:-1])
        chosen = (end.foundations, not end.draw_used)
        assert result.home == end.cards_home()
        assert result.uses_draw == any(m.kind == DRAW for m in result.moves)
        # Before the first redeal the draw is kept; the redeal comes only where no card
        # can go home and no build leads to one, and no such end state the search
        # reaches without the draw is worth more by the table.
        assert not result.uses_draw and chosen[1]
        assert not home_in_reach(end)
        closed = closed_ends(state, False)
        assert chosen in closed
        judged += len(closed) > 1
        assert all(value(e) <= value(chosen) for e in closed)
    assert judged >= 3, "no first deal had a choice"


def last_deal_start(deal: int) -> State:
    """The position after deal ``deal``'s first real redeal, as the solver of old reaches it."""
    state = State.new(deal)
    return replay(state, plan(state, profile=TABLE).moves)


def test_last_redeal_plans_end_where_the_last_deal_table_says_and_never_hold_back() -> None:
    judged = chose = 0
    for deal in range(1, 61):
        state = last_deal_start(deal)
        if state.is_won() or state.redeals_left != 1:
            continue
        result = plan(state, profile=HOLD)
        if result.wins:
            continue
        judged += 1
        assert result.moves[-1].kind == REDEAL
        end = replay(state, result.moves[:-1])
        chosen = (end.foundations, not end.draw_used)
        assert result.home == end.cards_home()
        assert not home_in_reach(end)
        # Judged by the last deal's chances: no closed end state the search reaches
        # (the draw spent or kept) is worth more.
        closed = closed_ends(state, not state.draw_used)
        assert chosen in closed
        chose += len(closed) > 1
        assert all(value(e, 1) <= value(chosen, 1) for e in closed)
    assert judged >= 20 and chose >= 3


def test_the_default_solver_and_its_hint_are_hold() -> None:
    differ = 0
    for deal in range(1, 61):
        state = last_deal_start(deal)
        if state.is_won():
            continue
        held = plan(state, profile=HOLD)
        assert plan(state) == held
        if held != plan(state, profile=TABLE):
            differ += 1
            assert hint(state) == held.moves[0]
    assert differ >= 3, "the profiles never disagreed"


def _odd_worth(end: tuple[tuple[int, ...], bool]) -> float:
    """A worth that is not the more the more cards are home, so holding back pays."""
    found, draw_ok = end
    return ((sum(h * (i + 3) for i, h in enumerate(found)) * 37) % 17 + draw_ok) / 18


@settings(max_examples=60, deadline=None)
@given(small_positions())
def test_reachable_end_states_come_best_first_and_each_can_be_reached(state: State) -> None:
    fans = tuple(bytes(f) for f in state.fans)
    draw_ok = not state.draw_used
    full = search_phase(fans, state.foundations, draw_ok, stop_on_win=False, part_way=True)
    ends = set(full.ends)

    def listed(tests: int) -> list[tuple[EndState, PhaseResult | None]]:
        return list(
            middle.reachable_best_first(
                fans, state.foundations, ends, draw_ok, _odd_worth, node_limit=60_000, tests=tests
            )
        )

    every = listed(10_000)
    worths = [_odd_worth(end) for end, _ in every]
    assert worths == sorted(worths, reverse=True)
    assert {end for end, capped in every if capped is None} == ends
    for end, capped in every:
        if capped is None:
            continue
        assert end not in ends
        labelled = max(e for e in capped.ends if e[0] == end[0])
        reached = replay(state, prims_to_moves(state, capped.path_to(labelled)))
        assert reached.foundations == end[0]
    # With no capped search allowed only the end states reached come, in the same order;
    # with k, at most k held back, the first of them in the same order.
    assert [end for end, _ in listed(0)] == [end for end, capped in every if capped is None]
    held = [end for end, capped in every if capped is not None]
    for k in (1, 2):
        some = [end for end, capped in listed(k) if capped is not None]
        assert len(some) <= k and some == held[: len(some)]
    # The plan's choice is the first within its budget, labelled as its search saw it.
    first, first_capped = listed(middle.HOLD_TESTS)[0]
    choice, capped = choose_held(
        fans, state.foundations, ends, draw_ok, _odd_worth, node_limit=60_000
    )
    assert choice[0] == first[0] and (capped is None) == (first_capped is None)
    assert choice == first or capped is not None
