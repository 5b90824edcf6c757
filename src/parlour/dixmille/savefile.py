"""Saving and resuming a Dix Mille game through the suite's common save envelope.

The state holds every player's name, score and finished turns, the cycle,
whose turn it is, the turn in progress (turn points, dice available, one-die
successes, the dice on the table) and the state of the dice generator, so a
resumed game throws exactly the dice the saved one would have.
"""

from __future__ import annotations

import os

from parlour.core.saves import SaveFile, load_game, write_save
from parlour.dixmille.rules import Game

GAME = "dixmille"
FORMAT_VERSION = 1


def save(path: str | os.PathLike[str], game: Game) -> SaveFile:
    """Write ``game`` to ``path`` atomically; SaveError if that fails."""
    return write_save(path, GAME, FORMAT_VERSION, game.seed, game.to_dict())


def load(path: str | os.PathLike[str]) -> Game:
    """Read a saved game; SaveError (one line for the player) for any problem."""
    return load_game(path, GAME, FORMAT_VERSION, lambda env: Game.from_dict(env.state, env.seed))
