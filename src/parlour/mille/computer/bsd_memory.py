"""What BSD's strategy carries from decision to decision, and its form in a save file.

:class:`~parlour.mille.computer.bsd.BsdPlayer` keeps a "needed" table that grows for the
whole game (spec §10.1), the hand it held after its last move, the
Go-equivalents counter and its d10 generator. :func:`memory_to_dict` writes them
as plain data; :func:`memory_from_dict` reads them back, refusing anything
damaged with a ``ValueError`` that says what.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from parlour.core.i18n import N_, _
from parlour.core.rng import restore_rng, rng_state
from parlour.mille.computer import sim as S
from parlour.mille.game.cards import COPIES, DECK_SIZE, Card

NEEDED = {
    S.OOG: 2,
    S.FLAT: 2,
    S.ACC: 2,
    S.STOP: 4,
    S.LIMIT: 3,
    S.GAS: 2,
    S.SPARE: 2,
    S.REP: 2,
    S.GO: 10,
    S.EOL: 3,
}
"""BSD's initial "cards needed per hand" table; each game's player copies and grows it (§10.1)."""
MEMORY_VERSION = 1
MAX_NEEDED = 10**6
"""The "needed" table grows by two per decision under a hazard; a real session stays far below."""
MAX_GO_EQUIVALENTS = 10**4


@dataclass
class Memory:
    """The player's memory, field by field as
    :class:`~parlour.mille.computer.bsd.BsdPlayer` holds it."""

    rng: random.Random
    needed: dict[int, int]
    held: Counter[int]
    hand_marker: tuple[int, int]
    go_equivalents: int
    last_distance: int


def memory_to_dict(memory: Memory) -> dict[str, Any]:
    """The memory as plain data (cards by name)."""
    return {
        "version": MEMORY_VERSION,
        "player": "classic",
        "rng": rng_state(memory.rng),
        "needed": {Card(card).name: count for card, count in sorted(memory.needed.items())},
        "held": {Card(card).name: n for card, n in sorted(memory.held.items()) if n > 0},
        "hand_marker": list(memory.hand_marker),
        "go_equivalents": memory.go_equivalents,
        "last_distance": None
        if memory.last_distance == S.NONE
        else Card(memory.last_distance).name,
    }


def memory_from_dict(memory: Any) -> Memory:
    """Read :func:`memory_to_dict` output back; ``ValueError`` if it is damaged."""
    if not isinstance(memory, dict) or memory.get("player") != "classic":
        raise ValueError(_("the classic computer's memory is missing or not its own"))
    version = memory.get("version")
    if type(version) is not int or not 1 <= version <= MEMORY_VERSION:
        raise ValueError(_("the computer's memory has an unknown version"))
    rng = restore_rng(memory.get("rng"))
    needed_data = _table(memory.get("needed"), NOT_CARD_NAMES["needed"])
    if set(needed_data) != {Card(card).name for card in NEEDED}:
        raise ValueError(_("the computer's needed table has the wrong cards"))
    needed = {}
    for card in NEEDED:
        count = needed_data[Card(card).name]
        if type(count) is not int or not NEEDED[card] <= count <= MAX_NEEDED:
            raise ValueError(_("the computer's needed table has an impossible count"))
        needed[card] = count
    held: Counter[int] = Counter()
    for name, count in _table(memory.get("held"), NOT_CARD_NAMES["held"]).items():
        card = int(Card.from_name(name))
        if type(count) is not int or not 1 <= count <= min(COPIES[Card(card)], 7):
            raise ValueError(_("the computer's remembered hand has an impossible count"))
        held[card] = count
    if sum(held.values()) > 7:
        raise ValueError(_("the computer's remembered hand holds more than seven cards"))
    marker = memory.get("hand_marker")
    if (
        not isinstance(marker, list)
        or len(marker) != 2
        or any(type(x) is not int or not -1 <= x <= DECK_SIZE for x in marker)
    ):
        raise ValueError(_("the computer's hand marker is unreadable"))
    gos = memory.get("go_equivalents")
    if type(gos) is not int or not 0 <= gos <= MAX_GO_EQUIVALENTS:
        raise ValueError(_("the computer's Go count is impossible"))
    last = memory.get("last_distance")
    last_card = S.NONE
    if last is not None:
        if not isinstance(last, str) or not Card.from_name(last).is_distance:
            raise ValueError(_("the computer's last distance is not a distance card"))
        last_card = int(Card.from_name(last))
    return Memory(rng, needed, held, (marker[0], marker[1]), gos, last_card)


NOT_CARD_NAMES = {
    "needed": N_("the computer's needed table is not an object of card names"),
    "held": N_("the computer's hand is not an object of card names"),
}
"""What a damaged table of the classic computer's memory is, as whole sentences."""

NOT_IN_RANGE = {
    "deck_at": N_("the computer's memory has a deck size that is not {low} to {high}"),
    "last_deck": N_("the computer's memory has the last deck size that is not {low} to {high}"),
    "public_after_move": N_("the computer's memory has a card count that is not {low} to {high}"),
}
"""What a damaged number of the strong computer's memory is, as whole sentences."""


def _table(value: Any, message: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
        raise ValueError(_(message))
    return value


def memory_count(value: Any, field: str, low: int) -> int:
    """``value`` if it is a whole number from ``low`` to the deck's size, else ``ValueError``
    saying which number of the computer's memory (``field``, a key of :data:`NOT_IN_RANGE`)."""
    if type(value) is not int or not low <= value <= DECK_SIZE:
        raise ValueError(_(NOT_IN_RANGE[field]).format(low=low, high=DECK_SIZE))
    return value
