"""An independent check of the redeal rule of issue 39, by the rules' own moves.

Neither the hint nor auto-solve redeals while a card can go home or a move
leads to one: a redeal is advised only from a *closed* position, where no
card can go home now and no sequence of builds (fan onto fan, the draw
aside) leads to a position where one can. This searches the builds with
:class:`State` alone, none of the solver's code.
"""

from __future__ import annotations

from parlour.midnightoil.game.rules import FOUNDATION, State


def home_in_reach(state: State) -> bool:
    """A card can go home now, or a sequence of builds leads to one (the draw aside)."""
    seen = {state.fans}
    todo = [state]
    while todo:
        current = todo.pop()
        moves = current.legal_moves(include_redeal=False, include_draw=False)
        if any(m.kind == FOUNDATION for m in moves):
            return True
        for move in moves:
            after = current.apply(move)
            if after.fans not in seen:
                seen.add(after.fans)
                todo.append(after)
    return False
