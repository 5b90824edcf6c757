"""What the Midnight Oil app asks of the computer: hints, verdicts, auto-solve, proven ends.

The layer of :class:`parlour.midnightoil.terminal.app.MidnightOilApp` above draw mode.
Assistance comes only when asked (issue 18): ``t`` a hint, ``w`` the verdict
"can this deal still be won?", ``!`` auto-solve. What the game does by itself,
a moment after a move in the last deal, is ask the solver whether any move can
still bring a card home; when it proves none can (the draw, if left,
included), the game is over (:mod:`parlour.midnightoil.terminal.ending`).
"""

from __future__ import annotations

from parlour.midnightoil.game.cards import FAN_KEYS
from parlour.midnightoil.game.rules import DRAW, REDEAL, Move
from parlour.midnightoil.terminal.draw import DrawKeys
from parlour.midnightoil.terminal.ending import SOLVE_STOPPED, proven_end, why_solve_stopped
from parlour.midnightoil.terminal.session import move_summary

SOLVE_PACE = 0.35
"""Seconds between the computer's moves during auto-solve."""
END_CHECK_DELAY = 0.15
"""Idle seconds in the last deal before the solver checks whether the game is over."""


class AssistKeys(DrawKeys):
    """Hints, the verdict, auto-solve, and the end check when the player pauses."""

    def timeout(self) -> float | None:
        if self.solving:
            return SOLVE_PACE
        if (
            self.page is None
            and not self.showing_stats
            and self.prompt is None
            and self._end_check_due()
        ):
            return END_CHECK_DELAY
        return None

    def _end_check_due(self) -> bool:
        """In the last deal, the solver has not yet been asked whether this position is an end."""
        state = self.game.state
        return (
            state.redeals_left == 0
            and not self.ending.at_end(state)
            and self.ending.end_checked != state.key()
        )

    def _check_end(self) -> None:
        """Ask the solver whether any move can still bring a card home; if not, end the game.

        Only in the last deal: with a redeal left the next shuffle may always
        bring a card home. The verdict counts the draw while it is unused.
        """
        state = self.game.state
        self.ending.end_checked = state.key()
        kind = proven_end(state)
        if kind is not None:
            self._game_over(kind)

    def _hint(self, again: bool) -> None:
        self.selected = None
        self.cursor = None
        state = self.game.state
        if state.is_won() or state.is_stuck():
            self._refuse("No moves left." if not state.is_won() else "The game is won.")
            return
        if again and self.hint_cycle:
            index = self.hint_cycle.index(self.hint) + 1 if self.hint in self.hint_cycle else 0
            self.hint = self.hint_cycle[index % len(self.hint_cycle)]
        else:
            first = self.advisor.hint(state)
            cheap = self.advisor.cheap(state)
            if first is None and cheap:
                first = cheap[0]
            if first is None:
                self._refuse("No useful move: only the draw is left.")
                return
            self.hint_cycle = [first] + [m for m in cheap if m != first]
            self.hint = first
        self.after_hint = True
        self.message = f"Space plays the hint {self.glyphs.middot} t again: the next one"

    def _ask_solve(self) -> None:
        if self.game.state.is_won():
            self._refuse("The game is won.")
            return
        if self.game.solver_used or self.ending.result is not None:
            self._start_solving()  # nothing to ask: it counts as solved already, or not at all
            return
        self._ask("solve", "Let the computer play on? This game then counts as solved (y/n)")

    def _ask_verdict(self) -> None:
        state = self.game.state
        if state.is_won():
            self._refuse("The game is won.")
            return
        self.selected = None
        self.cursor = None
        self.hint = None
        self.verdict = (state.key(), self.advisor.verdict(state))
        self.message = "Can this deal still be won? The solver's answer is below."

    def _on_timeout(self) -> None:
        state = self.game.state
        if self.solving:
            move = self.advisor.next_move(state)
            if move is None:
                self.solving = False
                kind = why_solve_stopped(state)
                self._game_over(kind, SOLVE_STOPPED[kind])
                return
            if not self._play([move]):
                self.solving = False
                return
            if not self.game.state.is_won():
                self.message = "Auto-solve: " + move_summary(state, [move], self._card)
            return
        if self._end_check_due():
            self._check_end()

    def _describe(self, move: Move) -> str:
        state = self.game.state
        if move.kind == REDEAL:
            return "redeal (nothing better is left in this deal)"
        card = self._card(state.moved_card(move))
        if move.home:
            dest = f"foundation {move.target + 1} {self.glyphs.suits[move.target]}"
        else:
            dest = f"{self._card(state.top(move.target))} (fan {FAN_KEYS[move.target]})"
        if move.kind == DRAW:
            return f"draw {card} from fan {FAN_KEYS[move.source]} to {dest}"
        return f"{card} ({FAN_KEYS[move.source]}) to {dest}"
