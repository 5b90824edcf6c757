"""Can this deal still be won? The solver's exact answer for the current phase (``w``).

Also the end-of-game check (a proven end: in the last deal, no move brings a
card home). The searches are :func:`.planner.search_state`'s, bounded by a node
limit and a clock guard.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.core.i18n import _, number
from parlour.midnightoil.computer.solver.planner import deadline_after, search_state
from parlour.midnightoil.game.cards import DECK_SIZE
from parlour.midnightoil.game.rules import State

VERDICT_NODE_LIMIT = 60_000
"""Positions the "can it still be won?" verdict may search (per question asked)."""
VERDICT_SECONDS = 2.0
"""The clock guard of the "can it still be won?" verdict."""


@dataclass(frozen=True)
class Verdict:
    """Can all cards go home before the next redeal? Else the most cards home reachable.

    ``winnable``: yes, using the draw if it is still available;
    ``winnable_without_draw``: yes without spending it. ``best_home`` and
    ``best_home_without_draw``: the most cards home reachable in this phase.
    ``complete``: the search finished, so the answer is exact (otherwise the
    numbers are what was found, a lower bound).
    """

    winnable: bool
    winnable_without_draw: bool
    best_home: int
    best_home_without_draw: int
    draw_available: bool
    redeals_left: int
    complete: bool

    def line(self) -> str:
        """The verdict in one line for the status row (under 80 columns)."""
        if self.winnable_without_draw:
            if self.redeals_left:
                if self.draw_available:
                    return _("Yes: every card can go home before the next redeal without the draw.")
                return _("Yes: every card can go home before the next redeal.")
            if self.draw_available:
                return _("Yes: every card can go home in this last deal without the draw.")
            return _("Yes: every card can go home in this last deal.")
        if self.winnable:
            if self.redeals_left:
                return _(
                    "Only with the draw: every card can go home before the next redeal "
                    "if you use it."
                )
            return _("Only with the draw: every card can go home in this last deal if you use it.")
        best, plain = number(self.best_home), number(self.best_home_without_draw)
        if self.draw_available and self.best_home_without_draw != self.best_home:
            return self._no_but_draw().format(best=best, plain=plain)
        if self.redeals_left:
            if self.complete:
                line = _("No: not before the next redeal; at most {best}/52 home.")
            else:
                line = _("No: not before the next redeal; at least {best}/52 home (search limit).")
        elif self.complete:
            line = _("No: not in this last deal; at most {best}/52 home.")
        else:
            line = _("No: not in this last deal; at least {best}/52 home (search limit).")
        return line.format(best=best)

    def _no_but_draw(self) -> str:
        """The "no" line when the draw would bring more cards home ({best} and {plain})."""
        # TRANSLATORS: {best} cards home at most (or at least), {plain} of them without the
        # draw; the line must fit 78 columns.
        if self.redeals_left:
            if self.complete:
                return _(
                    "No: not before the next redeal; at most {best}/52 home "
                    "({plain} without the draw)."
                )
            return _(
                "No: not before the next redeal; at least {best}/52 home "
                "({plain} without the draw) (search limit)."
            )
        if self.complete:
            return _(
                "No: not in this last deal; at most {best}/52 home ({plain} without the draw)."
            )
        return _(
            "No: not in this last deal; at least {best}/52 home "
            "({plain} without the draw) (search limit)."
        )


def can_win(
    state: State,
    *,
    node_limit: int = VERDICT_NODE_LIMIT,
    budget_seconds: float | None = VERDICT_SECONDS,
) -> Verdict:
    """An exact answer for the current phase (if its searches finish within their limits)."""
    draw_ok = not state.draw_used and not state.is_won()
    deadline = deadline_after(budget_seconds)
    plain = search_state(state, False, node_limit, True, deadline=deadline)
    best_plain = plain.best_home()
    if not draw_ok:
        won = best_plain == DECK_SIZE
        return Verdict(won, won, best_plain, best_plain, False, state.redeals_left, plain.complete)
    if best_plain == DECK_SIZE:
        return Verdict(True, True, DECK_SIZE, DECK_SIZE, True, state.redeals_left, plain.complete)
    drawn = search_state(state, True, node_limit, True, win_only=True, deadline=deadline)
    if drawn.won:
        return Verdict(True, False, DECK_SIZE, best_plain, True, state.redeals_left, plain.complete)
    full = search_state(state, True, node_limit, False, deadline=deadline)
    best = max(full.best_home(), best_plain)
    complete = plain.complete and drawn.complete and full.complete
    return Verdict(best == DECK_SIZE, False, best, best_plain, True, state.redeals_left, complete)
