"""Game identities for the statistics: one per game, kept in its save and its ledger lines.

Apart from :mod:`parlour.core.ledger` so that a game can take its id at its first
board without importing the ledger (json and the file machinery).
"""

from __future__ import annotations

import os

GAME_ID_CHARS = frozenset("0123456789abcdef")
GAME_ID_LENGTH = 32


def new_game_id() -> str:
    """A fresh identity for one game (not game randomness: it never touches play)."""
    return os.urandom(GAME_ID_LENGTH // 2).hex()  # secrets.token_hex, without its imports


def is_game_id(value: object) -> bool:
    """Whether ``value`` is an id :func:`new_game_id` could have made."""
    return (
        isinstance(value, str) and len(value) == GAME_ID_LENGTH and GAME_ID_CHARS.issuperset(value)
    )
