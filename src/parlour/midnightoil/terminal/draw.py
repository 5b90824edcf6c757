"""The draw in the Midnight Oil app (spec §5, §11 ``x``): fan, card, destination.

Step 1 picks the fan (a fan key, or up/down over the fans that have a card
to draw); step 2 the card (left/right over the cards that can be drawn, or
a digit 1-9 for its position from the bottom; Space confirms); step 3 where
it goes (1-4, a fan key, or Space for the smart destination). With the
mouse, a click on an underlined card does steps 1 and 2, a click on a fan
or foundation step 3. Esc cancels, and a cancelled draw is not used up.
"""

from __future__ import annotations

from parlour.midnightoil.game.cards import FAN_COUNT, FAN_KEYS
from parlour.midnightoil.game.rules import Move
from parlour.midnightoil.terminal.leaving import LeavingSession
from parlour.midnightoil.terminal.session import DrawMode
from parlour.tui import keys

CONFIRM_KEYS = (keys.ENTER, " ")


class DrawKeys(LeavingSession):
    """Draw mode on top of the session."""

    def _drawable(self) -> list[tuple[int, int]]:
        seen: list[tuple[int, int]] = []
        for move in self.game.state.draw_moves():
            spot = (move.source, move.position)
            if spot not in seen:
                seen.append(spot)
        return seen

    def _draw_destinations(self) -> list[Move]:
        assert self.draw is not None
        return [
            m
            for m in self.game.state.draw_moves()
            if m.source == self.draw.fan and m.position == self.draw.position
        ]

    def _start_draw(self) -> None:
        state = self.game.state
        if state.draw_used:
            self._refuse("The draw has already been used in this game.")
            return
        if not self._drawable():
            self._refuse("No card under a top card can be played anywhere now.")
            return
        self.selected = None
        self.cursor = None
        self.hint = None
        self.draw = DrawMode()
        self.message = "Draw: press the fan to draw from (underlined cards can go). Esc cancels."

    def _draw_pick_fan(self, fan: int) -> None:
        assert self.draw is not None
        spots = [pos for f, pos in self._drawable() if f == fan]
        if not spots:
            self._refuse(f"No card in fan {FAN_KEYS[fan]} can be drawn and played now.")
            return
        self.draw = DrawMode(2, fan, spots[-1])
        self._draw_message()

    def _draw_message(self) -> None:
        assert self.draw is not None
        card = self.game.state.fans[self.draw.fan][self.draw.position]
        self.message = (
            f"Draw from fan {FAN_KEYS[self.draw.fan]}: {self._card(card)} "
            f"(card {self.draw.position + 1}) - left/right or 1-9 choose, Space confirms"
        )

    def _draw_key(self, key: str) -> None:
        draw = self.draw
        assert draw is not None
        if key in (keys.ESC, "x"):
            self.draw = None
            self.message = "Draw cancelled; it is still yours to use."
            return
        fan_key = len(key) == 1 and key in FAN_KEYS
        if draw.step in (1, 2) and fan_key:
            self._draw_pick_fan(FAN_KEYS.index(key))
        elif draw.step in (1, 2) and key in (keys.UP, keys.DOWN):
            fans = sorted({f for f, _ in self._drawable()})
            step = 1 if key == keys.DOWN else -1
            current = draw.fan if draw.fan >= 0 else (-1 if step > 0 else FAN_COUNT)
            ahead = [f for f in fans if (f - current) * step > 0]
            self._draw_pick_fan(
                (ahead[0] if step > 0 else ahead[-1]) if ahead else fans[0 if step > 0 else -1]
            )
        elif draw.step == 2 and key in (keys.LEFT, keys.RIGHT):
            spots = [pos for f, pos in self._drawable() if f == draw.fan]
            index = spots.index(draw.position) + (1 if key == keys.RIGHT else -1)
            draw.position = spots[index % len(spots)]
            self._draw_message()
        elif draw.step == 2 and len(key) == 1 and key in "123456789":
            position = int(key) - 1
            if (draw.fan, position) not in self._drawable():
                self._refuse(f"Card {key} of fan {FAN_KEYS[draw.fan]} cannot be drawn now.")
                return
            draw.position = position
            self._draw_message()
        elif draw.step == 2 and key in CONFIRM_KEYS:
            draw.step = 3
            card = self.game.state.fans[draw.fan][draw.position]
            self.message = (
                f"Draw {self._card(card)}: where to? 1-4, a fan letter, or Space. Esc cancels."
            )
        elif draw.step == 3 and len(key) == 1 and key in "1234":
            self._play([Move.draw(draw.fan, draw.position, int(key) - 1, True)])
        elif draw.step == 3 and fan_key:
            self._play([Move.draw(draw.fan, draw.position, FAN_KEYS.index(key), False)])
        elif draw.step == 3 and key in CONFIRM_KEYS:
            self._play([self._draw_destinations()[0]])
        elif draw.step == 1:
            self._refuse("Draw: press a fan letter first (Esc cancels the draw).")
        else:
            self._refuse("That key does nothing in draw mode (Esc cancels the draw).")

    def _draw_click(self, kind: str, index: int, position: int) -> None:
        draw = self.draw
        assert draw is not None
        if draw.step in (1, 2):
            if kind == "fan" and (index, position) in self._drawable():
                self.draw = DrawMode(3, index, position)
                self.message = "Draw: now click where the card goes (Esc cancels)."
            else:
                self._refuse("Click an underlined card to draw it (Esc cancels the draw).")
            return
        if kind == "foundation":
            self._play([Move.draw(draw.fan, draw.position, index, True)])
        else:
            self._play([Move.draw(draw.fan, draw.position, index, False)])
