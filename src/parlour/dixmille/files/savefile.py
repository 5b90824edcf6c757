"""Saving and resuming a Dix Mille game through the suite's common save envelope.

The state holds every player's name, score and finished turns, the cycle,
whose turn it is, the turn in progress (turn points, dice available, one-die
successes, the dice on the table), the state of the dice generator (so a
resumed game throws exactly the dice the saved one would have) and the
game's id, which its statistics record carries (a game saved, resumed and
finished is counted once). Loading is total: any file becomes a game that
:mod:`parlour.dixmille.files.gamedata` accepts, or one :class:`SaveError`.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from parlour.core import ledger
from parlour.core.i18n import _
from parlour.core.saves import SaveError, SaveFile, load_game, write_save
from parlour.core.saves import save_recovery as recovery_save
from parlour.core.text import fit
from parlour.dixmille.files.gamedata import game_from_dict, game_to_dict
from parlour.dixmille.game.rules import Game

GAME = "dixmille"
FORMAT_VERSION = 1
RECOVERY_STEM = "dixmille-recovery"
DETAIL_COLUMNS = 60
"""The checks' reason in a refused save's message is cut to this many columns."""


def ensure_game_id(game: Game) -> str:
    """The game's id, made the first time it is needed (a save or a statistics record)."""
    if game.game_id is None:
        game.game_id = ledger.new_game_id()
    return game.game_id


def derived_game_id(seed: int, saved_at: str) -> str:
    """A stable id for a save written before games had one (the same file, the same id)."""
    digest = hashlib.sha256(f"dixmille|{seed}|{saved_at}".encode()).hexdigest()
    return digest[: ledger.GAME_ID_LENGTH]


def check_consistent(game: Game) -> None:
    """ValueError (or another error) unless ``game`` is a state the loader accepts."""
    game_from_dict(game_to_dict(game), game.seed)


def save(path: str | os.PathLike[str], game: Game) -> SaveFile:
    """Write ``game`` to ``path`` atomically; SaveError if that fails.

    One set of checks for reading and writing: a state :func:`load` would refuse is
    not written (the reason is said), so a file this writes always loads again.
    """
    try:
        check_consistent(game)
    except Exception as exc:  # a state the loader refuses: writing it would lose the game
        detail = fit(str(exc) or type(exc).__name__, DETAIL_COLUMNS)
        reason = _("the game would not load again as it stands ({detail})").format(detail=detail)
        raise SaveError(path, reason) from exc
    return _write(path, game)


def _write(path: str | os.PathLike[str], game: Game) -> SaveFile:
    state = game_to_dict(game)
    state["game_id"] = ensure_game_id(game)
    return write_save(path, GAME, FORMAT_VERSION, game.seed, state)


def _from_envelope(envelope: SaveFile) -> Game:
    game = game_from_dict(envelope.state, envelope.seed)
    if game.game_id is None:
        game.game_id = derived_game_id(envelope.seed, envelope.saved_at)
    return game


def load(path: str | os.PathLike[str]) -> Game:
    """Read a saved game; SaveError (one line for the player) for any problem whatever."""
    return load_game(path, GAME, FORMAT_VERSION, _from_envelope)


def save_recovery(game: Game, near: str | os.PathLike[str] | None = None) -> Path:
    """Save ``game`` under a recovery name nothing else has taken; that file's path.

    Only a state that would load again is written (a crash in the middle of a
    move can leave a half-applied one). The file goes to the first folder that
    takes it (:func:`parlour.core.saves.save_recovery`): the data folder, the
    folder of ``near`` (the save the game came from or was last saved to), the
    current folder, the home folder. ``SaveError`` if none does.
    """
    try:
        check_consistent(game)
    except Exception as exc:  # any inconsistency: a file that would be refused helps no one
        raise SaveError(RECOVERY_STEM, _("the game is in the middle of a move")) from exc
    return recovery_save(RECOVERY_STEM, lambda target: _write(target, game), near=near)
