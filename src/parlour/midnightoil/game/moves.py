"""Midnight Oil moves: a card home or onto a fan, the draw, a redeal, and how each is written.

``str(move)`` is ``"c -> 1"``, ``"c -> o"``, ``"draw k2 -> 3"`` (the 2nd card from the
bottom of fan k), ``"draw k2 -> o"`` or ``"redeal"``; :meth:`Move.parse` reads it back.
:mod:`parlour.midnightoil.game.rules` re-exports all of it.
"""

from __future__ import annotations

from parlour.core.i18n import _
from parlour.core.record import Frozen
from parlour.midnightoil.game.cards import fan_index, fan_key

FOUNDATION = "fan->foundation"
BUILD = "fan->fan"
DRAW = "draw"
REDEAL = "redeal"
KINDS = (FOUNDATION, BUILD, DRAW, REDEAL)


class IllegalMove(Exception):
    """A move the rules forbid; ``str()`` is the message for the player."""


class Move(Frozen):
    """One action: a card to a foundation or a fan, the draw, or a redeal.

    ``source`` is a fan (0..17). ``target`` is a foundation (0..3) when
    ``home`` is true, else a fan. ``position`` is, for the draw only, the
    index from the bottom (0 = bottom card) of the submerged card drawn.
    """

    kind: str
    source: int = -1
    target: int = -1
    home: bool = False
    position: int = -1

    @staticmethod
    def to_foundation(source: int, foundation: int) -> Move:
        """The top card of fan ``source`` to foundation ``foundation``."""
        return Move(FOUNDATION, source, foundation, True)

    @staticmethod
    def build(source: int, target: int) -> Move:
        """The top card of fan ``source`` onto fan ``target``."""
        return Move(BUILD, source, target, False)

    @staticmethod
    def draw(source: int, position: int, target: int, home: bool) -> Move:
        """The draw: the card at ``position`` of fan ``source`` to a foundation or fan."""
        return Move(DRAW, source, target, home, position)

    @staticmethod
    def redeal() -> Move:
        """Gather, shuffle and deal again."""
        return Move(REDEAL)

    def __str__(self) -> str:
        if self.kind == REDEAL:
            return "redeal"
        dest = str(self.target + 1) if self.home else fan_key(self.target)
        if self.kind == DRAW:
            return f"draw {fan_key(self.source)}{self.position + 1} -> {dest}"
        return f"{fan_key(self.source)} -> {dest}"

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``str(move)`` back; ``ValueError`` if ``text`` is not a move."""
        words = text.split()
        if words == ["redeal"]:
            return Move.redeal()
        draw = bool(words) and words[0] == "draw"
        if draw:
            words = words[1:]
        if len(words) != 3 or words[1] != "->" or not words[0] or len(words[2]) != 1:
            raise ValueError(_("not a move: {text}").format(text=repr(text)))
        src_text, dest = words[0], words[2]
        source = fan_index(src_text[0])
        home = dest in "1234"
        target = int(dest) - 1 if home else fan_index(dest)
        if draw:
            pos_text = src_text[1:]
            if not pos_text.isascii() or not pos_text.isdigit() or int(pos_text) < 1:
                raise ValueError(_("not a move: {text}").format(text=repr(text)))
            return Move.draw(source, int(pos_text) - 1, target, home)
        if len(src_text) != 1:
            raise ValueError(_("not a move: {text}").format(text=repr(text)))
        if home:
            return Move.to_foundation(source, target)
        return Move.build(source, target)
