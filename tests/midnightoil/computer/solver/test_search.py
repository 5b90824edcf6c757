"""The phase search: the win-only search agrees with the full one, part-way end states,
node limits."""

from __future__ import annotations

from hypothesis import given, settings

from parlour.midnightoil.computer.solver.planner import prims_to_moves
from parlour.midnightoil.computer.solver.search import search_phase
from parlour.midnightoil.game.rules import State
from tests.midnightoil.computer.solver.positions import (
    position,
    small_positions,
)


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


def test_searches_keep_to_their_node_limits() -> None:
    state = State.new(98)  # a first deal with a large search
    fans = tuple(bytes(f) for f in state.fans)
    for limit in (1, 10, 100):
        result = search_phase(fans, state.foundations, True, node_limit=limit, stop_on_win=False)
        assert not result.complete
        assert result.nodes <= limit + 1
    full = search_phase(fans, state.foundations, True, stop_on_win=False)
    assert full.complete and full.nodes > 100
