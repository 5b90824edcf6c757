"""A step of Midnight Oil play and what follows it: a win, an end, undo, redo, a redeal.

:class:`Steps` makes each step of moves (one undo step, all or nothing), says what
it did, and after it records a win or declares an end, once
(:mod:`parlour.midnightoil.terminal.ending`). It owns no state of its own: it is given
the app's game and the few things the app does for it (its host), the rows to say
on, the game's :class:`~parlour.midnightoil.terminal.ending.Ending` and the way a card
is named.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from parlour import TYPE_CHECKING
from parlour.core.i18n import _, ngettext, number
from parlour.midnightoil.files.stats import LOST, SOLVED, WON
from parlour.midnightoil.game.cards import SUITS
from parlour.midnightoil.game.rules import IllegalMove, Move
from parlour.midnightoil.terminal.ending import (
    REPLAY_OVER,
    REPLAY_WON,
    STUCK,
    UNDONE_PAST_THE_END,
    Ending,
)
from parlour.midnightoil.terminal.messages import move_summary

if TYPE_CHECKING:  # typing is not loaded at start
    from typing import Protocol

    from parlour.midnightoil.game.history import Game
    from parlour.tui.glyphs import Glyphs

    class StepsHost(Protocol):
        """What a step needs of the app: the game, where it stands, and its parts calmed."""

        game: Game

        def spot(self) -> tuple[object, ...]: ...

        def record(self, outcome: str, restarted: bool = False) -> None: ...

        def reset_ui(self) -> None:
            """After a step: no selection, no draw, no hint or verdict."""

        def after_win(self) -> None:
            """The game is won: auto-solve stops, no draw is in progress."""

        def after_end(self) -> None:
            """An end: nothing left to select, no draw, no hint or verdict."""

    class StepsRows(Protocol):
        """The message row, as a step uses it."""

        def say(self, message: str) -> None: ...

        def refuse(self, message: str) -> None: ...

        def ask(self, kind: str, question: str) -> None: ...


CARD_NAME = re.compile(r"\b([A2-9TJQK])([CDHS])\b")
"""A card named in the rules' notation inside a message."""


class Steps:
    """Steps of moves, undo, redo and the redeal, each followed by what it leads to."""

    def __init__(
        self,
        host: StepsHost,
        rows: StepsRows,
        ending: Ending,
        card: Callable[[int | None], str],
        glyphs: Glyphs,
    ) -> None:
        self.host = host
        self.rows = rows
        self.ending = ending
        self.card = card
        self.glyphs = glyphs

    def _with_glyphs(self, text: str) -> str:
        """The rules' card names (``2C``) in ``text`` drawn as on the board (``2♣``)."""
        return CARD_NAME.sub(
            lambda m: m.group(1) + self.glyphs.suits[SUITS.index(m.group(2))], text
        )

    def play(self, moves: list[Move], message: str | None = None) -> bool:
        """Make ``moves`` as one undo step; on an illegal move say why and keep the state."""
        before = self.host.game.state
        try:
            self.host.game.apply_step(moves)
        except IllegalMove as exc:
            self.rows.refuse(self._with_glyphs(str(exc)))
            return False
        self.host.reset_ui()
        if message is None:
            message = move_summary(before, moves, self.card)
        self.rows.say(message)
        self.after_move()
        return True

    def after_move(self) -> None:
        state = self.host.game.state
        if state.is_won():
            self.host.after_win()
            if self.ending.result is not None:
                self.rows.say(_(REPLAY_WON))
                return
            if self.host.game.solver_used:
                self.rows.say(_("Solved by the computer: all 52 cards are home."))
            else:
                moves = self.host.game.moves
                self.rows.say(
                    ngettext(
                        "You won! All 52 cards home, deal {phase} of 3, {n} move.",
                        "You won! All 52 cards home, deal {phase} of 3, {n} moves.",
                        moves,
                    ).format(phase=state.phase, n=number(moves))
                )
            self.host.record(SOLVED if self.host.game.solver_used else WON)
        elif state.is_stuck():
            self.game_over(STUCK)

    def game_over(self, kind: str, message: str | None = None) -> None:
        """The position is an end of ``kind``: nothing is left to select; record the result once.

        ``message``: what to say (auto-solve's reason for stopping); a replay's end
        otherwise says that nothing is recorded, and a failed record says why.
        """
        self.ending.end(self.host.game.state, kind)
        self.host.after_end()
        if message is not None:
            self.rows.say(message)
        if self.ending.result is not None:
            if message is None:
                self.rows.say(_(REPLAY_OVER))
            return
        self.host.record(SOLVED if self.host.game.solver_used else LOST)

    def undo(self) -> None:
        at_the_result = (
            self.ending.result is not None and self.host.spot() == self.ending.recorded_at
        )
        try:
            self.host.game.undo()
        except IllegalMove as exc:
            self.rows.refuse(str(exc))
            return
        self.host.reset_ui()
        undos = self.host.game.undos
        self.rows.say(
            ngettext("Undone ({n} undo).", "Undone ({n} undos).", undos).format(n=number(undos))
        )
        if at_the_result:
            self.rows.say(_(UNDONE_PAST_THE_END))

    def redo(self) -> None:
        try:
            self.host.game.redo()
        except IllegalMove as exc:
            self.rows.refuse(str(exc))
            return
        self.host.reset_ui()
        self.rows.say(_("Redone."))
        self.after_move()

    def ask_redeal(self) -> None:
        state = self.host.game.state
        if state.is_won():
            self.rows.refuse(_("The game is won."))
            return
        if state.redeals_left == 0:
            self.rows.refuse(_("No redeals left."))
            return
        if state.legal_moves(include_redeal=False, include_draw=False):
            self.rows.ask("redeal", _("Moves are still possible - redeal anyway? (y/n)"))
            return
        self.redeal()

    def redeal(self) -> None:
        if self.play([Move.redeal()], ""):
            state = self.host.game.state
            if state.redeals_left == 0:
                words = _("Redealt: deal {phase} of 3 (the last deal).")
            else:
                words = _("Redealt: deal {phase} of 3 (1 redeal left).")
            self.rows.say(words.format(phase=state.phase))
