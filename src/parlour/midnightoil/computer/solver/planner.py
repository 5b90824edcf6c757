"""The solver's plan for one deal phase, and the hint it gives (its first move).

:func:`plan` searches every position reachable before the next redeal
(:mod:`.search`) and chooses the line: the phase won if it can be, else the
most cards home in the last deal, else the end state with the best chance
of winning after the redeal (:mod:`.value`, :mod:`.middle`), reached at a
closed position (issue 39, :mod:`.reach`). The package's docstring tells the
whole of it.
"""

from __future__ import annotations

import time
import zlib
from dataclasses import dataclass

from parlour.core.rng import MASK64
from parlour.midnightoil.computer.solver import middle
from parlour.midnightoil.computer.solver.reach import REACH_NODE_LIMIT, replay, way_home
from parlour.midnightoil.computer.solver.search import (
    BUILD,
    DRAW_HOME,
    HOME,
    EndState,
    PhaseResult,
    Prim,
    pareto,
    search_phase,
)
from parlour.midnightoil.computer.solver.value import MODEL, TABLE, choose_end
from parlour.midnightoil.game.cards import DECK_SIZE, RANK_COUNT
from parlour.midnightoil.game.rules import DRAW, Move, State

PLAN_NODE_LIMIT = 60_000
"""Positions a plan may search in one phase (a typical first deal needs about 2 000)."""
DONE = (RANK_COUNT,) * 4
"""Foundation heights with every card home."""
HINT_SECONDS = 0.9
"""The clock guard of a hint (spec §8: under a second)."""
DEFAULT_SEED = 0
"""The seed of the solver's own shuffles unless another is given."""
HOLD = "hold"
"""The profile that judges both redeals by the measured tables (no longer holding cards back)."""


@dataclass(frozen=True)
class Profile:
    """How the solver judges between the end states of a phase it cannot win.

    ``valuation``: :data:`MODEL` (the measured model of :mod:`.model`)
    or :data:`TABLE` (the previous solver's table with sampled near ties).
    ``draw_judged``: the redeals left at which ending the phase with the
    draw spent is a candidate (0: the last deal).
    """

    valuation: str
    draw_judged: tuple[int, ...]
    tables: tuple[int, ...] = ()
    """The redeals left at which the end state is judged by :mod:`.middle`'s tables."""


PROFILES = {
    MODEL: Profile(MODEL, (0, 1, 2)),
    TABLE: Profile(TABLE, (0, 1)),
    HOLD: Profile(TABLE, (0, 1), (1, 2)),
}
"""The solver's ways of judging between end states, compared by the benchmark."""
DEFAULT_PROFILE = HOLD


def fans_bytes(state: State) -> tuple[bytes, ...]:
    """The fans of ``state`` as the search holds them (one ``bytes`` a fan)."""
    return tuple(bytes(f) for f in state.fans)


def position_seed(state: State, seed: int) -> int:
    """The seed for sampling from this position: the table and ``seed``, never the deal number."""
    blob = b"|".join(fans_bytes(state))
    blob += bytes(state.foundations) + bytes((state.redeals_left, int(state.draw_used)))
    return ((seed & MASK64) * 0x100000001B3 + zlib.crc32(blob)) & MASK64


def prims_to_moves(state: State, prims: list[Prim]) -> list[Move]:
    """The rules' moves for a line of primitive search moves, each checked on replay."""
    moves: list[Move] = []
    current = state
    for p in prims:
        kind, fan = p[0], p[1]
        if kind == HOME:
            card = current.fans[fan][-1]
            move = Move.to_foundation(fan, card // RANK_COUNT)
        elif kind == BUILD:
            move = Move.build(fan, p[2])
        elif kind == DRAW_HOME:
            card = current.fans[fan][p[2]]
            move = Move.draw(fan, p[2], card // RANK_COUNT, True)
        else:
            move = Move.draw(fan, p[2], p[3], False)
        current = current.apply(move)
        moves.append(move)
    return moves


@dataclass(frozen=True)
class Plan:
    """The solver's line for the current phase.

    ``moves`` ends with the redeal when the phase cannot be won and redeals
    are left. ``wins``: the line gets all 52 cards home. ``home``: cards home
    at the end of the line (before any redeal). ``complete``: the search
    saw every position of the phase (else the line is the best found).
    """

    moves: tuple[Move, ...]
    wins: bool
    home: int
    complete: bool
    uses_draw: bool


def deadline_after(budget_seconds: float | None) -> float | None:
    """The ``time.perf_counter()`` value ``budget_seconds`` from now (None: no clock guard)."""
    return None if budget_seconds is None else time.perf_counter() + budget_seconds


def search_state(
    state: State,
    draw_ok: bool,
    node_limit: int,
    stop_on_win: bool,
    win_only: bool = False,
    deadline: float | None = None,
    part_way: bool = False,
) -> PhaseResult:
    """:func:`.search.search_phase` from the position of ``state``."""
    return search_phase(
        fans_bytes(state),
        state.foundations,
        draw_ok,
        node_limit=node_limit,
        stop_on_win=stop_on_win,
        win_only=win_only,
        deadline=deadline,
        part_way=part_way,
    )


def _won_plan(state: State, result: PhaseResult, complete: bool) -> Plan:
    end = next(e for e in result.ends if e[0] == DONE)
    moves = prims_to_moves(state, result.path_to(end))
    uses_draw = any(m.kind == DRAW for m in moves)
    return Plan(tuple(moves), True, DECK_SIZE, complete, uses_draw)


def plan(
    state: State,
    *,
    seed: int = DEFAULT_SEED,
    node_limit: int = PLAN_NODE_LIMIT,
    budget_seconds: float | None = None,
    profile: str = DEFAULT_PROFILE,
) -> Plan:
    """The solver's plan for this phase of ``state``.

    Deterministic for a given position and ``seed``: the searches are bounded
    by ``node_limit`` positions. ``budget_seconds`` adds a guard on the clock
    for interactive use (a hint must come quickly); it only cuts searches
    that would run far beyond the usual size.

    1. If the phase can be won without the draw, win it (the draw is kept).
    2. Else, if the draw is in hand and wins the phase, win it with the draw.
    3. Else, in the last deal, get the most cards home (using the draw if it
       helps). With a redeal left, choose the end state with the best
       estimated chance of winning, play the line to it, then redeal. The
       candidates are only end states at a *closed* position: no card can go
       home and no sequence of builds leads to one (the draw aside; issue 39,
       :mod:`.reach`), so the solver never stops short of a card it
       could send home, nor holds one back. Before the last redeal the
       candidates include spending the draw; before the first, the draw is
       kept (in a later deal it is worth far more than anything it gains in
       a phase it cannot win). The ``hold`` profile (named when it also held
       cards back) judges both redeals by :mod:`.middle`'s measured
       tables instead.
    """
    if state.is_won():
        return Plan((), True, DECK_SIZE, True, False)
    how = PROFILES[profile]
    if how.tables and not middle.available():
        how = PROFILES[TABLE]  # without its table the solver judges as it always did
    draw_ok = not state.draw_used
    deadline = deadline_after(budget_seconds)
    plain = search_state(state, False, node_limit, True, deadline=deadline)
    if plain.won:
        return _won_plan(state, plain, plain.complete)
    if draw_ok:
        drawn = search_state(state, True, node_limit, True, win_only=True, deadline=deadline)
        if drawn.won:
            return _won_plan(state, drawn, drawn.complete)
    result = plain
    if draw_ok and state.redeals_left in how.draw_judged:
        result = search_state(state, True, node_limit, False, deadline=deadline)
        labelled = {e: e for e in result.ends}
    else:
        # With a redeal left the draw is kept: the plain ends carry it along.
        labelled = {(found, draw_ok): (found, flag) for found, flag in plain.ends}
    closed = _Closed(state, result) if state.redeals_left > 0 else None
    if state.redeals_left in how.tables:
        ranked = middle.reachable_best_first(
            fans_bytes(state),
            state.foundations,
            labelled,
            draw_ok,
            lambda e: middle.value(e, state.redeals_left),
            node_limit=node_limit,
            tests=0,  # no end state holding back a card that could go home (issue 39)
        )
        listed = [labelled[choice] for choice, _ in ranked]
        end = next((e for e in listed if closed is None or closed(e)), listed[0])
    else:
        allowed = {k: e for k, e in labelled.items() if closed is None or closed(e)}
        sample_seed = position_seed(state, seed)
        pool = allowed or labelled
        end = pool[choose_end(list(pool), state.redeals_left, sample_seed, how.valuation)]
    # ``end`` is labelled as its own search saw the draw, so the moves tell whether it is spent.
    moves = prims_to_moves(state, result.path_to(end))
    home = sum(end[0])
    if state.redeals_left > 0:
        # The rule of every redeal the solver advises (issue 39, :mod:`.reach`): none
        # while a card can go home or builds lead to one. The end chosen is closed whenever
        # its search was complete; past a search limit the line goes on until it is.
        after = state
        for move in moves:
            after = after.apply(move)
        more = closing_moves(after)
        moves += more
        home += sum(1 for m in more if m.home)
        moves.append(Move.redeal())
    uses_draw = any(m.kind == DRAW for m in moves)
    return Plan(tuple(moves), False, home, plain.complete and result.complete, uses_draw)


class _Closed:
    """Whether an end state of a phase search is reached at a closed position (issue 39).

    An end state no other of a complete search dominates is closed (a build
    leading home from it would reach one that does); any other is checked
    by :func:`.reach.way_home` from the position where it was reached.
    """

    def __init__(self, state: State, result: PhaseResult) -> None:
        self.fans = fans_bytes(state)
        self.found = state.foundations
        self.result = result
        self.top = set(pareto(list(result.ends))) if result.complete else set()

    def __call__(self, end: EndState) -> bool:
        if end in self.top:
            return True
        fans, found = replay(self.fans, self.found, self.result.path_to(end))
        way, complete = way_home(fans, found)
        return way is None and complete


def closing_moves(state: State, node_limit: int = REACH_NODE_LIMIT) -> list[Move]:
    """The moves that take ``state`` to a closed position: each a line bringing a card home.

    Empty when ``state`` is closed already. Without the draw; a search that
    reaches ``node_limit`` positions without an answer ends the line there.
    """
    moves: list[Move] = []
    while True:
        way, _ = way_home(fans_bytes(state), state.foundations, node_limit=node_limit)
        if not way:
            return moves
        line = prims_to_moves(state, way)
        for move in line:
            state = state.apply(move)
        moves += line


def hint(
    state: State, *, seed: int = DEFAULT_SEED, budget_seconds: float | None = HINT_SECONDS
) -> Move | None:
    """The solver's next move; None when it sees none worth making or its search hit a limit.

    Spec §8: past its limit the hint falls back to the cheap tier's move,
    which the game shows when this returns None.
    """
    result = plan(state, seed=seed, budget_seconds=budget_seconds)
    return result.moves[0] if result.moves and result.complete else None
