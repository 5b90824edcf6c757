"""What the Midnight Oil app asks of the computer: hints, verdicts, auto-solve, proven ends.

A part of :class:`parlour.midnightoil.terminal.app.MidnightOilApp` with its own state
(the hint showing and the cycle of hints, whether auto-solve plays, the last verdict),
given the few collaborators it uses: the app's game and moves (its ``host``), the
rows to say and ask on, the game's :class:`~parlour.midnightoil.terminal.ending.Ending`
(read, and told which position the solver checked), the advisor and the glyphs.
Assistance comes only when asked (issue 18): ``t`` a hint, ``w`` the verdict
"can this deal still be won?", ``!`` auto-solve. What the game does by itself,
a moment after a move in the last deal, is ask the solver whether any move can
still bring a card home; when it proves none can (the draw, if left,
included), the game is over (:mod:`parlour.midnightoil.terminal.ending`).
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.i18n import _
from parlour.midnightoil.game.cards import FAN_KEYS
from parlour.midnightoil.game.rules import DRAW, REDEAL, Move
from parlour.midnightoil.terminal.ending import SOLVE_STOPPED, proven_end, why_solve_stopped
from parlour.midnightoil.terminal.messages import move_summary

if TYPE_CHECKING:  # typing is not loaded at start
    from typing import Protocol

    from parlour.midnightoil.computer.advisor import Advisor
    from parlour.midnightoil.game.history import Game
    from parlour.midnightoil.terminal.ending import Ending
    from parlour.tui.glyphs import Glyphs

    class AssistHost(Protocol):
        """What the assistance needs of the app: the game, moves made, the board's choice."""

        game: Game

        def play(self, moves: list[Move], message: str | None = None) -> bool: ...

        def card(self, card: int | None) -> str: ...

        def game_over(self, kind: str, message: str | None = None) -> None: ...

        def reset_ui(self) -> None: ...

        def drop_selection(self) -> None:
            """Drop the selected fan and the cursor."""

    class AssistRows(Protocol):
        """The message row, as the assistance uses it."""

        def say(self, message: str) -> None: ...

        def refuse(self, message: str) -> None: ...

        def ask(self, kind: str, question: str) -> None: ...


SOLVE_PACE = 0.35
"""Seconds between the computer's moves during auto-solve."""
END_CHECK_DELAY = 0.15
"""Idle seconds in the last deal before the solver checks whether the game is over."""


class Assist:
    """Hints, the verdict, auto-solve, and the end check when the player pauses."""

    def __init__(
        self, host: AssistHost, rows: AssistRows, ending: Ending, advisor: Advisor, glyphs: Glyphs
    ) -> None:
        self.host = host
        self.rows = rows
        self.ending = ending
        self.advisor = advisor
        self.glyphs = glyphs
        self.hint: Move | None = None
        """The hint showing (None: none)."""
        self.hint_cycle: list[Move] = []
        """The hints ``t`` steps through, best first."""
        self.after_hint = False
        """The key before this one asked for a hint (Space then plays it)."""
        self.solving = False
        """Auto-solve is playing."""
        self.verdict: tuple[tuple[object, ...], str] | None = None
        """The answer to "can it still be won?" and the position it was asked at."""
        self.draw_note: tuple[tuple[object, ...], bool] | None = None
        """Whether only the draw could still bring a card home, and the position asked at."""

    def reset(self) -> None:
        """After a move, an undo or a new game: no hint and no verdict stand."""
        self.verdict = None
        self.hint = None
        self.hint_cycle = []

    def drop_hint(self) -> None:
        """No hint showing (the draw or a cancel takes over)."""
        self.hint = None

    def drop_answers(self) -> None:
        """At an end: no hint and no verdict stand."""
        self.hint = None
        self.verdict = None

    def take_after_hint(self) -> bool:
        """Whether the key before asked for a hint; from now on it did not."""
        after, self.after_hint = self.after_hint, False
        return after

    def start_solving(self) -> None:
        """Auto-solve from here: the game counts as solved (asked first by :meth:`ask_solve`)."""
        self.host.game.hand_to_solver()
        self.host.reset_ui()
        self.solving = True
        self.rows.say(_("Auto-solve: the computer plays. Any key stops it."))

    def stop(self) -> None:
        """Auto-solve no longer plays (the game is won, or another one starts)."""
        self.solving = False

    def stop_solving(self) -> None:
        """A key or a click while auto-solve plays: it stops."""
        self.solving = False
        self.rows.say(_("Auto-solve stopped."))

    def end_check_due(self) -> bool:
        """In the last deal, the solver has not yet been asked whether this position is an end."""
        state = self.host.game.state
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
        state = self.host.game.state
        self.ending.mark_checked(state)
        kind = proven_end(state)
        if kind is not None:
            self.host.game_over(kind)

    def give_hint(self, again: bool) -> None:
        self.host.drop_selection()
        state = self.host.game.state
        if state.is_won() or state.is_stuck():
            self.rows.refuse(_("No moves left.") if not state.is_won() else _("The game is won."))
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
                self.rows.refuse(_("No useful move: only the draw is left."))
                return
            self.hint_cycle = [first] + [m for m in cheap if m != first]
            self.hint = first
        self.after_hint = True
        self.rows.say(
            _("Space plays the hint {dot} t again: the next one").format(dot=self.glyphs.middot)
        )

    def ask_solve(self) -> None:
        if self.host.game.state.is_won():
            self.rows.refuse(_("The game is won."))
            return
        if self.host.game.solver_used or self.ending.result is not None:
            self.start_solving()  # nothing to ask: it counts as solved already, or not at all
            return
        self.rows.ask("solve", _("Let the computer play on? This game then counts as solved (y/n)"))

    def ask_verdict(self) -> None:
        state = self.host.game.state
        if state.is_won():
            self.rows.refuse(_("The game is won."))
            return
        self.host.drop_selection()
        self.hint = None
        self.verdict = (state.key(), self.advisor.verdict(state))
        self.rows.say(_("Can this deal still be won? The solver's answer is below."))

    def on_timeout(self) -> None:
        state = self.host.game.state
        if self.solving:
            move = self.advisor.next_move(state)
            if move is None:
                self.solving = False
                kind = why_solve_stopped(state)
                self.host.game_over(kind, _(SOLVE_STOPPED[kind]))
                return
            if not self.host.play([move]):
                self.solving = False
                return
            if not self.host.game.state.is_won():
                summary = move_summary(state, [move], self.host.card)
                self.rows.say(_("Auto-solve: {move}").format(move=summary))
            return
        if self.end_check_due():
            self._check_end()

    def describe(self, move: Move) -> str:
        state = self.host.game.state
        if move.kind == REDEAL:
            if self.draw_note is None or self.draw_note[0] != state.key():
                self.draw_note = (state.key(), self.advisor.only_the_draw(state))
            if self.draw_note[1]:
                return _("redeal (only the draw could still bring a card home; keep it)")
            return _("redeal (no card can go home in this deal)")
        card = self.host.card(state.moved_card(move))
        source = FAN_KEYS[move.source]
        if move.home:
            suit = self.glyphs.suits[move.target]
            if move.kind == DRAW:
                words = _("draw {card} from fan {source} to foundation {number} {suit}")
            else:
                words = _("{card} ({source}) to foundation {number} {suit}")
            return words.format(card=card, source=source, number=move.target + 1, suit=suit)
        top = self.host.card(state.top(move.target))
        if move.kind == DRAW:
            words = _("draw {card} from fan {source} to {top} (fan {fan})")
        else:
            words = _("{card} ({source}) to {top} (fan {fan})")
        return words.format(card=card, source=source, top=top, fan=FAN_KEYS[move.target])
