"""Can a card still go home before the redeal? (The rule for every redeal the computer advises.)

Issue 39: neither the hint nor auto-solve redeals while a card can go home
or a move leads to one. Precisely, a position is *closed* when no card can
go home now and no sequence of builds (fan onto fan) available in this
deal leads to a position where one can. The draw does not count: it is one
card for the whole game, and keeping it for a later deal is the solver's
choice to make (the hint says when only the draw could bring a card home).
A redeal the computer advises is always from a closed position, so the
cards it leaves on the table could not have gone home this deal without
the draw.

:func:`way_home` searches the builds of one position for the first that
lets a card go home, with the same moves the phase search uses: it applies
foundation moves and safe builds (which remove no option, spec §3) at
once and branches on the other builds.
"""

from __future__ import annotations

from parlour.midnightoil.computer.solver.search import (
    Fans,
    Found,
    Prim,
    apply_prim,
    branch_moves,
    make_safe_moves,
    search_phase,
    tops,
)

REACH_NODE_LIMIT = 60_000
"""Positions :func:`way_home` may visit before it says it could not finish."""


def replay(fans: Fans, found: Found, prims: list[Prim]) -> tuple[Fans, Found]:
    """The position after the primitive moves ``prims`` (made by a search, so legal)."""
    work = list(fans)
    fnd = list(found)
    for move in prims:
        apply_prim(work, fnd, move)
    return tuple(work), (fnd[0], fnd[1], fnd[2], fnd[3])


def way_home(
    fans: Fans, found: Found, *, node_limit: int = REACH_NODE_LIMIT
) -> tuple[list[Prim] | None, bool]:
    """The moves that bring one more card home from this position without the draw.

    Returns ``(moves, True)`` with the builds and foundation moves of the first
    line found (ending after every foundation move and safe build it makes
    possible), ``(None, True)`` when the position is closed (no card can go
    home now and no sequence of builds leads to one), or ``(None, False)``
    when ``node_limit`` positions were visited without an answer.
    """
    home = sum(found)
    work = list(fans)
    fnd = list(found)
    log: list[Prim] = []
    make_safe_moves(work, fnd, log)
    if sum(fnd) > home:
        return log, True
    start = tuple(work)
    parents: dict[Fans, tuple[Fans, tuple[Prim, ...]]] = {}
    seen = {start}
    stack = [start]
    nodes = 0
    while stack:
        key = stack.pop()
        nodes += 1
        if nodes > node_limit:
            return None, False
        top_at = tops(key)
        for move in reversed(branch_moves(key, found, False, top_at)):
            w = list(key)
            nf = list(found)
            clog: list[Prim] = [move]
            ta = top_at.copy()
            make_safe_moves(w, nf, clog, apply_prim(w, nf, move, ta), ta)
            child = tuple(w)
            if sum(nf) > home:
                chunks = [tuple(clog)]
                node = key
                while node != start:
                    node, moves = parents[node]
                    chunks.append(moves)
                return log + [m for chunk in reversed(chunks) for m in chunk], True
            if child in seen:
                continue
            seen.add(child)
            parents[child] = (key, tuple(clog))
            stack.append(child)
    return None, True


def only_the_draw(fans: Fans, found: Found, *, node_limit: int = REACH_NODE_LIMIT) -> bool:
    """True if, from a closed position, the draw could still bring a card home in this deal.

    (Alone or with builds after it.) False when it could not, or when the
    search reached ``node_limit`` positions without finding that it could.
    """
    result = search_phase(fans, found, True, node_limit=node_limit)
    return result.best_home() > sum(found)
