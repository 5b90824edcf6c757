"""Positions for the solver's tests: written by hand, drawn by Hypothesis, searched
exhaustively (brute force)."""

from __future__ import annotations

from hypothesis import strategies as st

from parlour.midnightoil.game.cards import DECK_SIZE, FAN_COUNT, RANK_COUNT, parse_card
from parlour.midnightoil.game.rules import State

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
