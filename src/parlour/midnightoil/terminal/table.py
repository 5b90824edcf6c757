"""The cards on the table as the Midnight Oil player handles them: selection and cursor.

:class:`Table` owns the selected fan and the cursor (arrows, spec §11) and turns
fan keys, Space on a selection, foundation keys and cursor keys into moves, made
by its host (the app, which records what follows a move). It says and refuses
through the rows it is given.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour import TYPE_CHECKING
from parlour.core.i18n import _
from parlour.midnightoil.game.cards import FAN_COUNT, FAN_KEYS
from parlour.midnightoil.game.rules import Move, auto_home_moves
from parlour.midnightoil.terminal.messages import cards_went_home, selection_message
from parlour.tui import keys

if TYPE_CHECKING:  # typing is not loaded at start
    from typing import Protocol

    from parlour.midnightoil.game.history import Game
    from parlour.tui.glyphs import Glyphs

    class TableHost(Protocol):
        """What the table needs of the app: the game and moves made."""

        game: Game

        def play(self, moves: list[Move], message: str | None = None) -> bool: ...

        def card(self, card: int | None) -> str: ...

    class TableRows(Protocol):
        """The message row, as the table uses it."""

        def say(self, message: str) -> None: ...

        def refuse(self, message: str) -> None: ...


class Table:
    """The selected fan and the cursor, and the moves fan keys and the cursor make."""

    def __init__(self, host: TableHost, rows: TableRows, glyphs: Glyphs) -> None:
        self.host = host
        self.rows = rows
        self.glyphs = glyphs
        self.selected: int | None = None
        self.cursor: tuple[int, int] | None = None

    def drop(self) -> None:
        """No fan selected, no cursor."""
        self.selected = None
        self.cursor = None

    def leave_cursor(self) -> None:
        """The cursor goes (a fan key or a click chooses instead)."""
        self.cursor = None

    def unselect(self) -> None:
        """No fan selected (a double click moves the card it hits)."""
        self.selected = None

    def fan_key(self, fan: int) -> None:
        """A fan chosen: select its card, move the selected card onto it, or its smart move."""
        state = self.host.game.state
        if self.selected is None:
            card = state.top(fan)
            if card is None:
                self.rows.refuse(_("Fan {fan} is empty.").format(fan=FAN_KEYS[fan]))
                return
            self.selected = fan
            self.rows.say(
                selection_message(
                    self.host.game.state, fan, card, self.host.card, self.glyphs.middot
                )
            )
        elif self.selected == fan:
            self.smart_move(fan)
        else:
            self.host.play([Move.build(self.selected, fan)])

    def to_foundation(self, foundation: int) -> None:
        """A foundation chosen: the selected card to it, or manual-auto to it."""
        if self.selected is not None:
            self.host.play([Move.to_foundation(self.selected, foundation)])
        else:
            self.manual_auto([foundation])

    def smart_move(self, fan: int) -> None:
        """The top card of ``fan`` home if it can go, else onto the fan that takes it."""
        state = self.host.game.state
        card = state.top(fan)
        if card is None:
            self.rows.refuse(_("Fan {fan} is empty.").format(fan=FAN_KEYS[fan]))
            return
        if state.goes_home(card):
            self.host.play([Move.to_foundation(fan, card // 13)])
            return
        target = state.build_target(card)
        if target >= 0:
            self.host.play([Move.build(fan, target)])
            return
        self.rows.refuse(
            _("{card} has nowhere to go: no foundation or fan takes it.").format(
                card=self.host.card(card)
            )
        )

    def manual_auto(self, foundations: Sequence[int]) -> None:
        """Every card that can go to these foundations, repeatedly, as one step."""
        moves = auto_home_moves(self.host.game.state, foundations)
        if not moves:
            if len(foundations) > 1:
                self.rows.refuse(_("No card can go to any foundation now."))
            else:
                which = foundations[0] + 1
                self.rows.refuse(
                    _("No card can go to foundation {number} now.").format(number=which)
                )
            return
        self.host.play(moves, cards_went_home(len(moves)))

    def start_cursor(self) -> None:
        fan = self.selected
        if fan is None:
            fan = next((i for i, f in enumerate(self.host.game.state.fans) if f), 0)
        self.cursor = (fan, max(len(self.host.game.state.fans[fan]) - 1, 0))
        self.rows.say(_("Cursor: arrows move, Space selects or moves, Esc leaves."))

    def cursor_key(self, key: str) -> None:
        assert self.cursor is not None
        fan, pos = self.cursor
        fans = self.host.game.state.fans
        if key in (keys.UP, keys.DOWN):
            fan = (fan + (1 if key == keys.DOWN else -1)) % FAN_COUNT
            pos = max(len(fans[fan]) - 1, 0)
        elif key in (keys.LEFT, keys.RIGHT):
            pos = min(max(pos + (1 if key == keys.RIGHT else -1), 0), max(len(fans[fan]) - 1, 0))
        else:
            if self.selected is None:
                self.fan_key(fan)
            elif self.selected == fan:
                self.smart_move(fan)
            else:
                self.host.play([Move.build(self.selected, fan)])
            return
        self.cursor = (fan, pos)
