"""Exhaustive search of one deal phase of Midnight Oil (the solver's engine).

The search works on a compact position of its own: 18 fans as ``bytes``
(bottom card first, top card last; a card is ``suit * 13 + rank`` as in the
rules), the four foundation heights (cards home per suit, so the next card
a foundation takes is that rank) and whether the draw is still available.

Within one deal phase (no redeal) it visits every position reachable from
the start, with a table of positions already seen. After each branching move
it applies the moves that can never spoil anything (spec §3): fan ->
foundation moves, and builds onto a fan whose top can only ever go home (a
one-card fan, a king, or a top already sitting on its own successor). What
is left to branch on are the other builds and, while the draw is unused,
every draw. Every position a phase can end in is summed up by its end state:
the foundation heights and whether the draw is left, because a redeal
gathers and reshuffles the fans, so nothing else about them survives.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

FAN_COUNT = 18
RANK_COUNT = 13
SUIT_COUNT = 4
KING = RANK_COUNT - 1
QUEEN = KING - 1
ALL_HOME: tuple[int, int, int, int] = (RANK_COUNT, RANK_COUNT, RANK_COUNT, RANK_COUNT)

HOME = 0
"""Primitive move ``(HOME, fan, suit)``: the fan's top card to its foundation."""
BUILD = 1
"""Primitive move ``(BUILD, fan, target)``: the fan's top card onto the target fan."""
DRAW_HOME = 2
"""Primitive move ``(DRAW_HOME, fan, index, suit)``: the draw of a submerged card home."""
DRAW_BUILD = 3
"""Primitive move ``(DRAW_BUILD, fan, index, target)``: the draw of a submerged card onto a fan."""

Prim = tuple[int, ...]
Fans = tuple[bytes, ...]
Found = tuple[int, int, int, int]
Key = tuple[Fans, bool]
EndState = tuple[Found, bool]
"""Foundation heights and whether the draw is still available at the end of a phase."""

DEFAULT_NODE_LIMIT = 200_000
"""Positions a search expands unless told otherwise (the solver passes its own limits)."""

SUIT_OF = [c // RANK_COUNT for c in range(SUIT_COUNT * RANK_COUNT)]
RANK_OF = [c % RANK_COUNT for c in range(SUIT_COUNT * RANK_COUNT)]
BYTE = [bytes((c,)) for c in range(SUIT_COUNT * RANK_COUNT)]


def make_safe_moves(
    fans: list[bytes],
    found: list[int],
    log: list[Prim],
    seeds: list[int] | None = None,
    known_tops: dict[int, int] | None = None,
    caps: Found = ALL_HOME,
) -> None:
    """Apply every foundation move and safe build, repeatedly, until none is left.

    A foundation move never hurts (nothing can be built on a card whose
    predecessor is home). A build of ``t`` onto ``t+1`` never hurts when
    ``t+1`` could only ever go home anyway: it is alone in its fan, a king,
    or already on ``t+2``. Builds from a one-card fan free nothing and are
    left out. A work list holds the cards whose chances just changed: all
    top cards, or only ``seeds`` when the position had its safe moves made before one move.
    ``known_tops`` (which fan each top card is on) is used and kept up to date
    when given. No foundation goes past its height in ``caps`` (a line that
    holds cards back on purpose).
    """
    top_at = tops(fans) if known_tops is None else known_tops
    todo = list(top_at) if seeds is None else seeds
    while todo:
        t = todo.pop()
        i = top_at.get(t, -1)
        if i < 0:
            continue
        s = SUIT_OF[t]
        r = RANK_OF[t]
        f = fans[i]
        if found[s] == r and r < caps[s]:
            found[s] = r + 1
            del top_at[t]
            f = f[:-1]
            fans[i] = f
            log.append((HOME, i, s))
            if f:
                u = f[-1]
                top_at[u] = i
                todo.append(u)
                if RANK_OF[u]:
                    todo.append(u - 1)
            if r < KING:
                todo.append(t + 1)
            continue
        if r < KING and len(f) > 1:
            j = top_at.get(t + 1, -1)
            if j >= 0:
                g = fans[j]
                if len(g) == 1 or r == QUEEN or g[-2] == t + 2:
                    del top_at[t + 1]
                    fans[j] = g + BYTE[t]
                    top_at[t] = j
                    f = f[:-1]
                    fans[i] = f
                    u = f[-1]
                    top_at[u] = i
                    log.append((BUILD, i, j))
                    todo.append(u)
                    if RANK_OF[u]:
                        todo.append(u - 1)
                    if r:
                        todo.append(t - 1)


def deadlocked(fan: bytes) -> bool:
    """True if a card of this fan can never leave it without the draw.

    A card above a lower card of its own suit must leave by a build onto its
    successor before either can go home; if it is a king, or its successor
    lies under it in the same fan, it never can.
    """
    low = [RANK_COUNT] * SUIT_COUNT
    below = 0
    for c in fan:
        s = SUIT_OF[c]
        r = RANK_OF[c]
        if low[s] < r and (r == KING or (below >> (c + 1)) & 1):
            return True
        if r < low[s]:
            low[s] = r
        below |= 1 << c
    return False


def deadlock_mask(fans: Fans | list[bytes]) -> int:
    """The fans (as bits) holding a card that can never leave without the draw."""
    mask = 0
    for i, f in enumerate(fans):
        if len(f) > 1 and deadlocked(f):
            mask |= 1 << i
    return mask


def build_deadlocks(target: bytes, card: int) -> bool:
    """True if building ``card`` onto ``target`` buries a lower card of its suit for good.

    The built card could then leave only for home, which waits for the
    lower card under it.
    """
    s = SUIT_OF[card]
    r = RANK_OF[card]
    return any(SUIT_OF[x] == s and RANK_OF[x] < r for x in target)


def tops(fans: Fans | list[bytes]) -> dict[int, int]:
    """Which fan each top card is on."""
    return {f[-1]: i for i, f in enumerate(fans) if f}


def branch_moves(
    fans: Fans,
    found: Found,
    draw_ok: bool,
    top_at: dict[int, int] | None = None,
    caps: Found = ALL_HOME,
) -> list[Prim]:
    """The moves worth branching on once the safe moves are made, most promising first.

    A draw home is one only while its foundation is under its height in ``caps``.
    """
    if top_at is None:
        top_at = tops(fans)
    moves: list[Prim] = []
    for i, f in enumerate(fans):
        if len(f) > 1:
            t = f[-1]
            if t % RANK_COUNT < KING:
                j = top_at.get(t + 1)
                if j is not None:
                    moves.append((BUILD, i, j))
    if draw_ok:
        for i, f in enumerate(fans):
            for k in range(len(f) - 1):
                c = f[k]
                s, r = divmod(c, RANK_COUNT)
                if found[s] == r and r < caps[s]:
                    moves.append((DRAW_HOME, i, k, s))
                elif r < KING:
                    j = top_at.get(c + 1)
                    if j is not None:
                        moves.append((DRAW_BUILD, i, k, j))
    return moves


def apply_prim(
    fans: list[bytes], found: list[int], move: Prim, top_at: dict[int, int] | None = None
) -> list[int]:
    """Apply one primitive move in place (no legality check: the search made it).

    Keeps ``top_at`` (if given) up to date. Returns the cards whose chances
    the move may have changed (for :func:`make_safe_moves`).
    """
    kind = move[0]
    i = move[1]
    f = fans[i]
    if kind in (HOME, BUILD):
        c = f[-1]
        f = f[:-1]
        if top_at is not None:
            del top_at[c]
    else:
        k = move[2]
        c = f[k]
        f = f[:k] + f[k + 1 :]
    fans[i] = f
    if kind in (HOME, DRAW_HOME):
        found[c // RANK_COUNT] += 1
        seeds = [c + 1]
    else:
        j = move[2] if kind == BUILD else move[3]
        g = fans[j]
        if top_at is not None:
            del top_at[g[-1]]
            top_at[c] = j
        fans[j] = g + BYTE[c]
        seeds = [c]
    if RANK_OF[c]:
        seeds.append(c - 1)
    if f:
        u = f[-1]
        if top_at is not None and kind < DRAW_HOME:
            top_at[u] = i
        seeds.append(u)
        if RANK_OF[u]:
            seeds.append(u - 1)
    return seeds


def cards_home(found: Found) -> int:
    """Cards on the foundations."""
    return sum(found)


def dominates(a: EndState, b: EndState) -> bool:
    """True if end state ``a`` is at least as good as ``b`` in every way."""
    (fa, da), (fb, db) = a, b
    return (da or not db) and all(x >= y for x, y in zip(fa, fb, strict=True))


def pareto(ends: list[EndState]) -> list[EndState]:
    """The end states no other end state dominates (in a deterministic order)."""
    ordered = sorted(set(ends), key=lambda e: (-sum(e[0]), not e[1], e[0]))
    kept: list[EndState] = []
    for e in ordered:
        if not any(dominates(k, e) for k in kept):
            kept.append(e)
    return kept


@dataclass
class PhaseResult:
    """What one phase search found: every reachable end state and how to reach it."""

    start: Key
    start_log: tuple[Prim, ...]
    parents: dict[Key, tuple[Key, tuple[Prim, ...]]]
    ends: dict[EndState, tuple[Key, int]]
    """Each end state reached: the position where it was first seen, and how many
    moves of that position's own line to play (``-1``: all; fewer when the end
    state lies part way along the foundation moves that led there)."""
    complete: bool
    nodes: int
    won: bool = False
    elapsed: float = 0.0

    def best_home(self, *, with_draw: bool = True) -> int:
        """The most cards home reachable (using the draw if ``with_draw``)."""
        best = 0
        start_draw = self.start[1]
        for found, draw_ok in self.ends:
            if with_draw or draw_ok == start_draw:
                best = max(best, sum(found))
        return best

    def path_to(self, end: EndState) -> list[Prim]:
        """The primitive moves from the start position to the end state ``end``."""
        key, keep = self.ends[end]
        chunks: list[tuple[Prim, ...]] = []
        while key != self.start:
            parent, moves = self.parents[key]
            chunks.append(moves)
            key = parent
        chunks.append(self.start_log)
        if keep >= 0:
            chunks[0] = chunks[0][:keep]
        return [m for chunk in reversed(chunks) for m in chunk]


def _record_part_way(
    ends: dict[EndState, tuple[Key, int]],
    key: Key,
    log: tuple[Prim, ...] | list[Prim],
    found: Found,
    draw_before: bool,
    draw_after: bool,
) -> None:
    """Record the end states before each foundation move of ``log`` (from ``found``)."""
    heights = list(found)
    draw_ok = draw_before
    for index, move in enumerate(log):
        if index > 0:
            draw_ok = draw_after
        if move[0] == HOME:
            end: EndState = ((heights[0], heights[1], heights[2], heights[3]), draw_ok)
            if end not in ends:
                ends[end] = (key, index)
        if move[0] == HOME:
            heights[move[2]] += 1
        elif move[0] == DRAW_HOME:
            heights[move[3]] += 1


def search_phase(
    fans: Fans,
    found: Found,
    draw_ok: bool,
    *,
    node_limit: int = DEFAULT_NODE_LIMIT,
    deadline: float | None = None,
    stop_on_win: bool = True,
    win_only: bool = False,
    part_way: bool = False,
    caps: Found = ALL_HOME,
) -> PhaseResult:
    """Visit the positions reachable in this phase and collect their end states.

    Stops at the first win (when ``stop_on_win``), or when ``node_limit``
    positions are expanded or the ``deadline`` (a ``time.perf_counter()``
    value) passes; then the result says it is not complete. With
    ``win_only`` it only asks whether the phase can be won, and skips every
    position where that has become impossible: a card that can never leave
    its fan (:func:`deadlocked`) in more fans than the draw left could mend
    (one fan while the draw is unused, none after); its ``ends`` are then
    only those of the positions it kept. With ``part_way`` it also records
    the end states part way along each run of automatic foundation moves
    (stopping short of a card can leave a better number of cards to redeal).
    With ``caps`` no foundation goes past its height there, and reaching
    those heights counts as the win: the search then tells whether a phase
    can end with exactly those heights, holding back cards that could go
    home.
    """
    t0 = time.perf_counter()
    work = list(fans)
    fnd = list(found)
    log: list[Prim] = []
    make_safe_moves(work, fnd, log, caps=caps)
    start: Key = (tuple(work), draw_ok)
    start_found: Found = (fnd[0], fnd[1], fnd[2], fnd[3])
    parents: dict[Key, tuple[Key, tuple[Prim, ...]]] = {}
    ends: dict[EndState, tuple[Key, int]] = {}
    if part_way:
        _record_part_way(ends, start, tuple(log), found, draw_ok, draw_ok)
    ends.setdefault((start_found, draw_ok), (start, -1))
    result = PhaseResult(start, tuple(log), parents, ends, True, 0)
    if start_found == caps:
        result.won = True
        result.elapsed = time.perf_counter() - t0
        return result
    start_dead = deadlock_mask(work) if win_only else 0
    if start_dead and (not draw_ok or start_dead & (start_dead - 1)):
        result.elapsed = time.perf_counter() - t0
        return result
    seen = {start}
    stack: list[tuple[Key, Found, int]] = [(start, start_found, start_dead)]
    nodes = 0
    while stack:
        key, fd, dead = stack.pop()
        nodes += 1
        if nodes > node_limit or (
            deadline is not None and nodes & 63 == 0 and time.perf_counter() > deadline
        ):
            result.complete = False
            break
        kfans, kdraw = key
        top_at = tops(kfans)
        children = branch_moves(kfans, fd, kdraw, top_at, caps)
        for move in reversed(children):
            cdead = dead
            if win_only and move[0] == BUILD:
                j = move[2]
                if build_deadlocks(kfans[j], kfans[move[1]][-1]):
                    cdead |= 1 << j
                    if not kdraw or cdead & (cdead - 1):
                        continue
            w = list(kfans)
            nf = list(fd)
            clog: list[Prim] = [move]
            ta = top_at.copy()
            make_safe_moves(w, nf, clog, apply_prim(w, nf, move, ta), ta, caps)
            cdraw = kdraw and move[0] < DRAW_HOME
            ckey: Key = (tuple(w), cdraw)
            if ckey in seen:
                continue
            seen.add(ckey)
            if win_only and move[0] >= DRAW_HOME:
                cdead = deadlock_mask(w)
                if cdead:
                    continue
            parents[ckey] = (key, tuple(clog))
            cfound: Found = (nf[0], nf[1], nf[2], nf[3])
            if part_way:
                _record_part_way(ends, ckey, clog, fd, kdraw, cdraw)
            end = (cfound, cdraw)
            if end not in ends:
                ends[end] = (ckey, -1)
            if cfound == caps:
                result.won = True
                if stop_on_win:
                    result.nodes = nodes
                    result.elapsed = time.perf_counter() - t0
                    return result
            stack.append((ckey, cfound, cdead))
    result.nodes = nodes
    result.elapsed = time.perf_counter() - t0
    return result
