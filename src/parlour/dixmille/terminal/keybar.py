"""What a human is asked at each moment of a turn, and the keys that work then (spec 7).

The key bar lists only the keys that do something now: no ``p pass`` at the
compulsory first throw or before the second one-die attempt, the digits
while dice wait to be taken. ``l``, ``S``, ``i``, ``?`` and ``Q`` work at
every human prompt, while a take is being typed too.
"""

from __future__ import annotations

from parlour.core.i18n import N_, _
from parlour.core.record import Frozen
from parlour.dixmille.game.moves import dice_count
from parlour.dixmille.game.rules import Game, Phase

# TRANSLATORS: key bars: the letters are the keys (the same in every language); a bar
# holds 80 columns with the keys of the moment before it.
ALWAYS = N_("l log  S save  i stats  ? rules  Q quit")
"""The keys that work at every human prompt, without using the turn."""
ZEDX_KEYS = N_("any key: skip the pauses   Q quit")
ACK_KEYS = N_("any key: go on   Q quit")


class Ask(Frozen):
    """A prompt, the keys that work with it, and whether dice positions are typed."""

    prompt: str
    keys: str
    take: bool = False


def ask(game: Game) -> Ask:
    """The prompt for the human to move in ``game``."""
    name = game.player.name
    always = _(ALWAYS)
    if game.phase is Phase.TAKE:
        n = len(game.thrown)
        keys = _("1-{n} ENTER take  BACKSPACE/ESC erase   {always}").format(n=n, always=always)
        prompt = _("{name}, take dice (positions, then ENTER):").format(name=name)
        return Ask(prompt, keys, take=True)
    if game.phase is Phase.START:
        keys = _("t throw (compulsory)   {always}").format(always=always)
        return Ask(_("{name}: t = throw").format(name=name), keys)
    if game.phase is Phase.AGAIN:
        keys = _("t throw the die again (compulsory)   {always}").format(always=always)
        return Ask(_("{name}: t = throw again").format(name=name), keys)
    dice = dice_count(game.dice_left)
    prompt = _("{name}: t = throw ({dice}), p = pass").format(name=name, dice=dice)
    return Ask(prompt, _("t throw  p pass   {always}").format(always=always))
