"""The cheap tier of hints (spec §8): the legal moves ranked best first, no search.

Ranking: foundation moves; safe builds (the target's top can only ever go
home: a one-card fan, a king, or a card already on its successor); builds
that free a card that can then go home; other builds; the draw, only when it
wins or frees a foundation move; the redeal, only when no other move is left.
"""

from __future__ import annotations

from parlour.midnightoil.game.cards import KING, rank
from parlour.midnightoil.game.rules import BUILD, DRAW, FOUNDATION, REDEAL, Move, State

TIER_HOME, TIER_SAFE, TIER_FREES, TIER_BUILD, TIER_DRAW = range(5)


def is_safe_build(state: State, move: Move) -> bool:
    """A build that removes no future option (spec §3, useful facts)."""
    target = state.fans[move.target]
    top = target[-1]
    return len(target) == 1 or rank(top) == KING or target[-2] == top + 1


def _home_moves(state: State) -> int:
    return sum(1 for m in state.legal_moves(False, False) if m.kind == FOUNDATION)


def ranked_moves(state: State) -> list[Move]:
    """The useful legal moves, best first (deterministic)."""
    ranked: list[tuple[int, int, Move]] = []
    moves = state.legal_moves()
    home_now = _home_moves(state)
    plain = [m for m in moves if m.kind in (FOUNDATION, BUILD)]
    for order, move in enumerate(moves):
        if move.kind == FOUNDATION:
            ranked.append((TIER_HOME, order, move))
        elif move.kind == BUILD:
            if is_safe_build(state, move):
                tier = TIER_SAFE
            else:
                after = state.apply(move)
                freed = after.top(move.source)
                tier = TIER_FREES if freed is not None and after.goes_home(freed) else TIER_BUILD
            ranked.append((tier, order, move))
        elif move.kind == DRAW:
            after = state.apply(move)
            if after.is_won() or _home_moves(after) > home_now:
                ranked.append((TIER_DRAW, order, move))
    ranked.sort(key=lambda item: (item[0], item[1]))
    result = [move for _, _, move in ranked]
    if not plain and any(m.kind == REDEAL for m in moves):
        result.append(Move.redeal())
    return result
