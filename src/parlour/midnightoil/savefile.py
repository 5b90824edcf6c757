"""Saving and resuming Midnight Oil games (spec §11 ``S``) in the shared save envelope.

The state holds the deal number, the position, the undo and redo steps (as
move text), the undo count, the clock and whether auto-solve was used. The
envelope's seed is the deal number. Loading replays the history from the deal
and checks that it reaches the saved position, so a damaged file is refused
with a :class:`SaveError` rather than played.
"""

from __future__ import annotations

import os

from parlour.core.saves import SaveError, SaveFile, load_game, write_save
from parlour.midnightoil.cards import DEAL_LIMIT
from parlour.midnightoil.game import Game

GAME = "midnightoil"
FORMAT_VERSION = 1

__all__ = ["FORMAT_VERSION", "GAME", "SaveError", "load", "save"]


def save(path: str | os.PathLike[str], game: Game) -> SaveFile:
    """Write ``game`` to ``path`` atomically; :class:`SaveError` on failure."""
    return write_save(path, GAME, FORMAT_VERSION, game.deal_number, game.to_dict())


def _parse(envelope: SaveFile) -> Game:
    game = Game.from_dict(envelope.state)
    if game.deal_number != envelope.seed:
        raise ValueError("the deal number does not match the envelope")
    return game


def load(path: str | os.PathLike[str]) -> Game:
    """The game saved in ``path``; :class:`SaveError` naming the problem otherwise."""
    return load_game(path, GAME, FORMAT_VERSION, _parse, max_seed=DEAL_LIMIT)
