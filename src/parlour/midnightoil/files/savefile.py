"""Saving and resuming Midnight Oil games (spec §11 ``S``) in the shared save envelope.

The state holds the deal number, the game's id in the statistics, the
position, the undo and redo steps (as move text), the undo count, the clock
and whether auto-solve was used. The envelope's seed is the deal number.
Loading is total: it replays the history from the deal, checks that it
reaches the saved position and that every number is one a real game can
reach, and any other file is refused with one :class:`SaveError`.
"""

from __future__ import annotations

import hashlib
import os

from parlour.core.ledger import GAME_ID_LENGTH
from parlour.core.saves import SaveError, SaveFile, load_game, write_save
from parlour.midnightoil.game.cards import DEAL_LIMIT, check_deal_number
from parlour.midnightoil.game.history import Game

GAME = "midnightoil"
FORMAT_VERSION = 1

__all__ = ["FORMAT_VERSION", "GAME", "SaveError", "load", "old_game_id", "save"]


def save(path: str | os.PathLike[str], game: Game) -> SaveFile:
    """Write ``game`` to ``path`` atomically; :class:`SaveError` on failure.

    Only a game that would load again is written: after a crash in the middle of a
    move the state may be half applied, and a file the loader refuses helps no one.
    """
    try:
        game.check_consistent()
    except Exception as exc:
        raise SaveError(path, f"not saved: the game is in the middle of a move ({exc})") from exc
    return write_save(path, GAME, FORMAT_VERSION, game.deal_number, game.to_dict())


def old_game_id(deal_number: int, saved_at: str) -> str:
    """The id of a game saved before saves kept one: the same for every load of that file."""
    digest = hashlib.sha256(f"{GAME}:{deal_number}:{saved_at}".encode()).hexdigest()
    return digest[:GAME_ID_LENGTH]


def _parse(envelope: SaveFile) -> Game:
    seed = check_deal_number(envelope.seed)
    game = Game.from_dict(envelope.state, fallback_id=old_game_id(seed, envelope.saved_at))
    if game.deal_number != seed:
        raise ValueError("the deal number does not match the envelope")
    return game


def load(path: str | os.PathLike[str]) -> Game:
    """The game saved in ``path``; :class:`SaveError` naming the problem otherwise."""
    return load_game(path, GAME, FORMAT_VERSION, _parse, max_seed=DEAL_LIMIT)
