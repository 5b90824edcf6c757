"""The turn in play (issue #29, a part of the app with its own state).

:class:`Turns` holds what a turn needs beyond the game: the turn log, ZEDX's
steps and their pace (a key hurries the rest of ZEDX's turn; ``pace=0`` in
tests), the headline of a bust or four 2s, and whether the end of a turn on
screen is ZEDX's (it goes on by itself) or a human's (it waits for a key). It
sets the prompt, dice and messages on the app's
:class:`~parlour.dixmille.terminal.view.UiState` and tells the app, through
``host``, when a turn's end is on screen, when the next turn begins and when
the game is over.
"""

from __future__ import annotations

import time

from parlour import TYPE_CHECKING
from parlour.core.i18n import N_, _
from parlour.dixmille.game.records import BUST, FOUR_TWOS
from parlour.dixmille.game.rules import (
    FOUR_TWOS_GAME,
    Game,
    IllegalMove,
    Move,
    Outcome,
    Pass,
    Phase,
    TakeDice,
    Throw,
    parse_positions,
)
from parlour.dixmille.terminal.keybar import ACK_KEYS, ZEDX_KEYS, ask
from parlour.dixmille.terminal.takeinput import edit_take, highlighted
from parlour.dixmille.terminal.turnlog import Before, TurnLog
from parlour.dixmille.terminal.zedxturn import ZedxTurn
from parlour.tui import keys

if TYPE_CHECKING:  # typing is not loaded at start
    from typing import Protocol

    from parlour.dixmille.terminal.view import UiState
    from parlour.tui.glyphs import Glyphs

    class Host(Protocol):
        """What the turns ask of the app they are part of."""

        def turn_end_shown(self) -> None:
            """A turn's end is on screen: the next key (or ZEDX's pause) goes on."""

        def turn_begins(self) -> None:
            """The next player's turn is being played."""

        def game_over(self) -> None:
            """The game has ended: record it and show the standings."""

        def keep_moves(self) -> None:
            """A move was made: it is unsaved until the next save."""


ZEDX_ENDED = N_("Going on in a moment (any key: now)")
ZEDX_ENDED_LAST = N_("The final standings in a moment (any key: now)")
HUMAN_ENDED = N_("Press any key for the next player")
HUMAN_ENDED_LAST = N_("Press any key for the final standings")


class Turns:
    """Whose turn, the prompt it shows, ZEDX's steps at a readable pace, a turn's end."""

    def __init__(self, ui: UiState, glyphs: Glyphs, pace: float, host: Host) -> None:
        self.ui = ui
        self.glyphs = glyphs
        self.pace = max(pace, 0.0)
        self.host = host
        self.skip = False
        """A key has hurried ZEDX: no more pauses this turn."""
        self.due = 0.0
        """When ZEDX's next step (or the end of its turn) is due (``time.monotonic``)."""
        self.zedx = ZedxTurn()
        self.log = TurnLog()
        self.ui.log = self.log.entries
        self.headline = ""
        self.ack_is_zedx = False
        """The end of a turn on screen is ZEDX's (it goes on by itself after a pause)."""

    def use_log(self, log: TurnLog) -> None:
        """Show ``log`` (a resumed game's, rebuilt)."""
        self.log = log
        self.ui.log = log.entries

    def begin(self, game: Game) -> None:
        """Set the prompt for whoever moves now (or arm ZEDX's first step)."""
        if game.over:
            self.host.game_over()
            return
        self.ui.highlight = frozenset()
        if game.player.computer:
            self.ui.prompt = _("{name} is playing... (any key hurries)").format(
                name=game.player.name
            )
            self.ui.entry = None
            self.ui.keys = _(ZEDX_KEYS)
            self.arm()
            return
        self.human_prompt(game)

    def human_prompt(self, game: Game) -> None:
        asked = ask(game)
        self.ui.prompt, self.ui.keys = asked.prompt, asked.keys
        self.ui.selected = False
        if asked.take:
            self.ui.entry = self.ui.entry or ""
            self.ui.dice = game.thrown
        else:
            self.ui.entry = None
        if game.phase is Phase.START:
            self.ui.dice = ()

    def arm(self) -> None:
        self.due = time.monotonic() + (0.0 if self.skip else self.pace)

    def wait(self) -> float:
        """Seconds until ZEDX's next step is due."""
        return max(self.due - time.monotonic(), 0.0)

    def hurry(self) -> None:
        """A key during ZEDX's turn: the rest of it without pauses."""
        self.skip = True
        self.due = 0.0

    def apply(self, game: Game, move: Move) -> Outcome:
        """Play a move, log it (the headline of a bust or four 2s is kept for the screen)."""
        from parlour.dixmille.computer import analysis

        seat = game.seat
        before = Before.of(game)
        outcome = game.apply(move)
        self.host.keep_moves()
        self.headline = self.log.add(before, outcome, game, self.glyphs)
        self.ui.log = self.log.entries
        if outcome.turn_ended and not game.players[seat].computer:
            analysis.annotate(game.players[seat].turns[-1], game.four_twos == FOUR_TWOS_GAME)
        return outcome

    def zedx_step(self, game: Game) -> None:
        """One step of ZEDX's turn, shown until the next pause ends."""
        step = self.zedx.step(game, lambda move: self.apply(game, move))
        self.ui.highlight = step.highlight
        if step.dice is not None:
            self.ui.dice = step.dice
        if step.ended is not None:
            self.after_turn(game, step.ended, step.message)
            return
        self.ui.message = step.message
        self.ui.alert = step.alert
        self.arm()

    def after_turn(self, game: Game, out: Outcome, message: str) -> None:
        """A turn has ended: show how (ZEDX pauses, a human's bust waits for a key)."""
        was_computer = game.players[out.seat].computer
        if out.kind in (BUST, FOUR_TWOS) and self.headline:
            message = self.headline
        self.ui.message = message
        self.ui.alert = out.kind in (BUST, FOUR_TWOS)
        self.ui.dice = out.dice
        self.ui.highlight = frozenset()
        self.zedx.reset()
        ended = _("{name}'s turn is over.").format(name=game.players[out.seat].name)
        if was_computer:
            self.ui.ended = ended
            self.host.turn_end_shown()
            self.ack_is_zedx = True
            # it goes on by itself after a pause (none once a key has hurried ZEDX)
            self.ui.prompt = "" if self.skip else _(ZEDX_ENDED_LAST if game.over else ZEDX_ENDED)
            self.ui.entry = None
            self.arm()
            return
        if out.kind in (BUST, FOUR_TWOS):
            self.ui.ended = ended
            self.host.turn_end_shown()
            self.ack_is_zedx = False
            self.ui.prompt = _(HUMAN_ENDED_LAST if game.over else HUMAN_ENDED)
            self.ui.entry = None
            self.ui.keys = _(ACK_KEYS)
            return
        self.next_turn(game)

    def next_turn(self, game: Game) -> None:
        self.host.turn_begins()
        self.skip = False
        self.ack_is_zedx = False
        self.ui.dice = ()
        self.ui.ended = ""
        self.begin(game)

    def refuse(self, reason: str) -> None:
        self.ui.message = reason
        self.ui.alert = True
        self.ui.bell = True

    def human_key(self, game: Game, key: str) -> None:
        """A human's key at the throw/pass prompt or while typing a take."""
        if game.phase is Phase.TAKE:
            self._take_key(game, key)
            return
        lower = key.lower() if len(key) == 1 else key
        try:
            if lower == "t":
                out = self.apply(game, Throw())
                self.ui.highlight = frozenset()
                if out.turn_ended:
                    self.after_turn(game, out, out.message)
                    return
                self.ui.dice = out.dice
                self.ui.message = out.message
                self.ui.alert = out.kind == "one_miss"
                self.human_prompt(game)
            elif lower == "p":
                out = self.apply(game, Pass())
                self.after_turn(game, out, out.message)
            else:
                self.refuse(_("Keys here: {keys}").format(keys=self.ui.keys))
        except IllegalMove as exc:
            self.refuse(str(exc))

    def _take_key(self, game: Game, key: str) -> None:
        entry = self.ui.entry or ""
        if key == keys.ENTER:
            try:
                move = TakeDice(parse_positions(entry))
                out = self.apply(game, move)
            except IllegalMove as exc:
                self.refuse(str(exc))
                self.ui.selected = bool(entry)  # the next digit replaces the refused take
                return
            self.ui.message = out.message
            self.ui.alert = False
            self.ui.dice = ()
            self.ui.highlight = frozenset()
            self.ui.entry = None
            self.human_prompt(game)
            return
        change = edit_take(entry, key, len(game.thrown), self.ui.selected)
        if change.refusal:
            self.refuse(change.refusal)
            return
        self.ui.selected = False
        self.ui.entry = change.entry
        self.ui.highlight = highlighted(change.entry, len(game.thrown))
