"""What a human is asked at each moment of a turn, and the keys that work then (spec 7).

The key bar lists only the keys that do something now: no ``p pass`` at the
compulsory first throw or before the second one-die attempt, the digits
while dice wait to be taken. ``l``, ``S``, ``i``, ``?`` and ``Q`` work at
every human prompt, while a take is being typed too.
"""

from __future__ import annotations

from parlour.core.record import Frozen
from parlour.dixmille.game.moves import dice_count
from parlour.dixmille.game.rules import Game, Phase

ALWAYS = "l log  S save  i stats  ? rules  Q quit"
"""The keys that work at every human prompt, without using the turn."""
ZEDX_KEYS = "any key: skip the pauses   Q quit"
ACK_KEYS = "any key: go on   Q quit"


class Ask(Frozen):
    """A prompt, the keys that work with it, and whether dice positions are typed."""

    prompt: str
    keys: str
    take: bool

    __slots__ = ("prompt", "keys", "take")

    def __init__(self, prompt: str, keys: str, take: bool = False) -> None:
        object.__setattr__(self, "prompt", prompt)
        object.__setattr__(self, "keys", keys)
        object.__setattr__(self, "take", take)


def ask(game: Game) -> Ask:
    """The prompt for the human to move in ``game``."""
    name = game.player.name
    if game.phase is Phase.TAKE:
        n = len(game.thrown)
        keys = f"1-{n} ENTER take  BACKSPACE/ESC erase   {ALWAYS}"
        return Ask(f"{name}, take dice (positions, then ENTER):", keys, take=True)
    if game.phase is Phase.START:
        return Ask(f"{name}: t = throw", f"t throw (compulsory)   {ALWAYS}")
    if game.phase is Phase.AGAIN:
        return Ask(f"{name}: t = throw again", f"t throw the die again (compulsory)   {ALWAYS}")
    dice = dice_count(game.dice_left)
    return Ask(f"{name}: t = throw ({dice}), p = pass", f"t throw  p pass   {ALWAYS}")
