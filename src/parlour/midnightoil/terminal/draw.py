"""The draw in the Midnight Oil app (spec §5, §11 ``x``): fan, card, destination.

Step 1 picks the fan (a fan key, or up/down over the fans that have a card
to draw); step 2 the card (left/right over the cards that can be drawn, or
a digit 1-9 for its position from the bottom; Space confirms); step 3 where
it goes (1-4, a fan key, or Space for the smart destination). With the
mouse, a click on an underlined card does steps 1 and 2, a click on a fan
or foundation step 3. Esc cancels, and a cancelled draw is not used up.

:class:`Draw` is a part of the app with its own state (the step of the draw in
progress, ``mode``); it is given the app's game and moves (its ``host``) and the rows
to say and refuse on.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.i18n import _
from parlour.core.record import Record
from parlour.midnightoil.game.cards import FAN_COUNT, FAN_KEYS
from parlour.midnightoil.game.rules import Move
from parlour.tui import keys

if TYPE_CHECKING:  # typing is not loaded at start
    from typing import Protocol

    from parlour.midnightoil.game.history import Game

    class DrawHost(Protocol):
        """What the draw needs of the app: the game, moves made, the board's choice."""

        game: Game

        def play(self, moves: list[Move], message: str | None = None) -> bool: ...

        def card(self, card: int | None) -> str: ...

        def clear_choice(self) -> None:
            """Drop the selected fan, the cursor and the hint (the draw takes over)."""

    class DrawRows(Protocol):
        """The message row, as the draw uses it."""

        def say(self, message: str) -> None: ...

        def refuse(self, message: str) -> None: ...


class DrawMode(Record):
    """The three steps of the draw: fan, card, destination."""

    step: int = 1
    fan: int = -1
    position: int = -1


CONFIRM_KEYS = (keys.ENTER, " ")


class Draw:
    """The draw in progress: which step, which fan, which card."""

    def __init__(self, host: DrawHost, rows: DrawRows) -> None:
        self.host = host
        self.rows = rows
        self.mode: DrawMode | None = None
        """The draw being made (None: none)."""

    def drop(self) -> None:
        """No draw in progress (a move made, an end, a new game)."""
        self.mode = None

    def drawable(self) -> list[tuple[int, int]]:
        seen: list[tuple[int, int]] = []
        for move in self.host.game.state.draw_moves():
            spot = (move.source, move.position)
            if spot not in seen:
                seen.append(spot)
        return seen

    def destinations(self) -> list[Move]:
        assert self.mode is not None
        return [
            m
            for m in self.host.game.state.draw_moves()
            if m.source == self.mode.fan and m.position == self.mode.position
        ]

    def start(self) -> None:
        state = self.host.game.state
        if state.draw_used:
            self.rows.refuse(_("The draw has already been used in this game."))
            return
        if not self.drawable():
            self.rows.refuse(_("No card under a top card can be played anywhere now."))
            return
        self.host.clear_choice()
        self.mode = DrawMode()
        self.rows.say(_("Draw: press the fan to draw from (underlined cards can go). Esc cancels."))

    def _pick_fan(self, fan: int) -> None:
        assert self.mode is not None
        spots = [pos for f, pos in self.drawable() if f == fan]
        if not spots:
            self.rows.refuse(
                _("No card in fan {fan} can be drawn and played now.").format(fan=FAN_KEYS[fan])
            )
            return
        self.mode = DrawMode(2, fan, spots[-1])
        self._say_card()

    def _say_card(self) -> None:
        assert self.mode is not None
        card = self.host.game.state.fans[self.mode.fan][self.mode.position]
        # TRANSLATORS: {position} is the card's place in its fan, from the bottom (1-9).
        words = _(
            "Draw from fan {fan}: {card} (card {position}) - left/right or 1-9 choose, "
            "Space confirms"
        )
        fan, position = FAN_KEYS[self.mode.fan], self.mode.position + 1
        self.rows.say(words.format(fan=fan, card=self.host.card(card), position=position))

    def key(self, key: str) -> None:
        draw = self.mode
        assert draw is not None
        if key in (keys.ESC, "x"):
            self.mode = None
            self.rows.say(_("Draw cancelled; it is still yours to use."))
            return
        fan_key = len(key) == 1 and key in FAN_KEYS
        if draw.step in (1, 2) and fan_key:
            self._pick_fan(FAN_KEYS.index(key))
        elif draw.step in (1, 2) and key in (keys.UP, keys.DOWN):
            fans = sorted({f for f, _pos in self.drawable()})
            step = 1 if key == keys.DOWN else -1
            current = draw.fan if draw.fan >= 0 else (-1 if step > 0 else FAN_COUNT)
            ahead = [f for f in fans if (f - current) * step > 0]
            self._pick_fan(
                (ahead[0] if step > 0 else ahead[-1]) if ahead else fans[0 if step > 0 else -1]
            )
        elif draw.step == 2 and key in (keys.LEFT, keys.RIGHT):
            spots = [pos for f, pos in self.drawable() if f == draw.fan]
            index = spots.index(draw.position) + (1 if key == keys.RIGHT else -1)
            draw.position = spots[index % len(spots)]
            self._say_card()
        elif draw.step == 2 and len(key) == 1 and key in "123456789":
            position = int(key) - 1
            if (draw.fan, position) not in self.drawable():
                self.rows.refuse(
                    _("Card {position} of fan {fan} cannot be drawn now.").format(
                        position=key, fan=FAN_KEYS[draw.fan]
                    )
                )
                return
            draw.position = position
            self._say_card()
        elif draw.step == 2 and key in CONFIRM_KEYS:
            draw.step = 3
            card = self.host.game.state.fans[draw.fan][draw.position]
            self.rows.say(
                _("Draw {card}: where to? 1-4, a fan letter, or Space. Esc cancels.").format(
                    card=self.host.card(card)
                )
            )
        elif draw.step == 3 and len(key) == 1 and key in "1234":
            self.host.play([Move.draw(draw.fan, draw.position, int(key) - 1, True)])
        elif draw.step == 3 and fan_key:
            self.host.play([Move.draw(draw.fan, draw.position, FAN_KEYS.index(key), False)])
        elif draw.step == 3 and key in CONFIRM_KEYS:
            self.host.play([self.destinations()[0]])
        elif draw.step == 1:
            self.rows.refuse(_("Draw: press a fan letter first (Esc cancels the draw)."))
        else:
            self.rows.refuse(_("That key does nothing in draw mode (Esc cancels the draw)."))

    def click(self, kind: str, index: int, position: int) -> None:
        draw = self.mode
        assert draw is not None
        if draw.step in (1, 2):
            if kind == "fan" and (index, position) in self.drawable():
                self.mode = DrawMode(3, index, position)
                self.rows.say(_("Draw: now click where the card goes (Esc cancels)."))
            else:
                self.rows.refuse(_("Click an underlined card to draw it (Esc cancels the draw)."))
            return
        if kind == "foundation":
            self.host.play([Move.draw(draw.fan, draw.position, index, True)])
        else:
            self.host.play([Move.draw(draw.fan, draw.position, index, False)])
