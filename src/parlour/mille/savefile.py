"""Mille Bornes save files: the shared envelope around the game state and the UI's state.

``save(path, game, ui_state)`` writes atomically; ``load(path)`` returns
``(game, ui_state)`` or raises :class:`SaveError` naming the file and the
problem. A save holds the phase, so a save made at the Extension? question
restores the question (BSD lost it). As in BSD, the human starts the first
hand dealt after a restore.
"""

from __future__ import annotations

import json
import os
from typing import Any

from parlour.core.saves import SaveError, SaveFile, load_game, write_save
from parlour.mille.rules import HUMAN, Game

GAME = "mille"
FORMAT_VERSION = 1


def save(path: str | os.PathLike[str], game: Game, ui_state: dict[str, Any] | None = None) -> None:
    """Write ``game`` and the UI's ``ui_state`` (a JSON object) to ``path``."""
    ui = {} if ui_state is None else ui_state
    if not isinstance(ui, dict):
        raise SaveError(path, "the screen state is not a JSON object")
    try:
        json.dumps(ui, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise SaveError(path, f"the screen state cannot be saved ({exc})") from exc
    write_save(path, GAME, FORMAT_VERSION, game.seed, {"game": game.to_dict(), "ui": ui})


def _parse(envelope: SaveFile) -> tuple[Game, dict[str, Any]]:
    state = envelope.state
    ui = state["ui"]
    if not isinstance(ui, dict):
        raise ValueError("the screen state is not an object")
    game = Game.from_dict(state["game"])
    if game.seed != envelope.seed:
        raise ValueError("the seed does not match the game")
    game.next_starter = HUMAN
    return game, ui


def load(path: str | os.PathLike[str]) -> tuple[Game, dict[str, Any]]:
    """Read a save; :class:`SaveError` for a missing, damaged, foreign or too-new file."""
    return load_game(path, GAME, FORMAT_VERSION, _parse)
