"""Mille Bornes save files: the shared envelope around the game state, the UI's state
and the computer player's memory.

``save(path, game, ui_state, computer)`` writes atomically; ``load(path)`` returns
``(game, ui_state)`` and ``load_all(path)`` ``(game, ui_state, computer)``, or they
raise :class:`SaveError` naming the file and the problem. ``computer`` is what
the computer player remembers beyond the position (its evidence about the
human's safeties, ``ComputerPlayer.memory()``); saves without it load with an
empty memory. A save holds the phase, so a save made at the Extension? question
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


def _plain(path: str | os.PathLike[str], value: Any, what: str) -> dict[str, Any]:
    """``value`` (None: empty) checked to be a JSON object."""
    data = {} if value is None else value
    if not isinstance(data, dict):
        raise SaveError(path, f"{what} is not a JSON object")
    try:
        json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise SaveError(path, f"{what} cannot be saved ({exc})") from exc
    return data


def save(
    path: str | os.PathLike[str],
    game: Game,
    ui_state: dict[str, Any] | None = None,
    computer: dict[str, Any] | None = None,
) -> None:
    """Write ``game``, the UI's ``ui_state`` and the ``computer``'s memory to ``path``."""
    ui = _plain(path, ui_state, "the screen state")
    memory = _plain(path, computer, "the computer's memory")
    state = {"game": game.to_dict(), "ui": ui, "computer": memory}
    write_save(path, GAME, FORMAT_VERSION, game.seed, state)


def _parse(envelope: SaveFile) -> tuple[Game, dict[str, Any], dict[str, Any]]:
    state = envelope.state
    ui = state["ui"]
    if not isinstance(ui, dict):
        raise ValueError("the screen state is not an object")
    computer = state.get("computer", {})
    if not isinstance(computer, dict):
        raise ValueError("the computer's memory is not an object")
    game = Game.from_dict(state["game"])
    if game.seed != envelope.seed:
        raise ValueError("the seed does not match the game")
    game.next_starter = HUMAN
    return game, ui, computer


def load_all(path: str | os.PathLike[str]) -> tuple[Game, dict[str, Any], dict[str, Any]]:
    """Read a save: the game, the screen state and the computer's memory (maybe empty).

    :class:`SaveError` for a missing, damaged, foreign or too-new file.
    """
    return load_game(path, GAME, FORMAT_VERSION, _parse)


def load(path: str | os.PathLike[str]) -> tuple[Game, dict[str, Any]]:
    """Read a save's game and screen state; :class:`SaveError` as for :func:`load_all`."""
    game, ui, _ = load_all(path)
    return game, ui
