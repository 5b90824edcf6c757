"""Midnight Oil's save file: what a player reads when a save is refused, word for word (#15)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.core.saves import SaveError
from parlour.midnightoil.files import savefile
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import Move


def test_a_save_under_another_deal_number_names_the_mismatch(tmp_path: Path) -> None:
    path = tmp_path / "mo.json"
    game = Game(1)
    game.apply(Move.parse("b -> g"))
    savefile.save(path, game)
    data = json.loads(path.read_text())
    data["seed"] = 2
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as caught:
        savefile.load(path)
    assert str(caught.value) == f"{path}: is damaged: the deal number does not match the envelope"


def test_a_game_in_the_middle_of_a_move_is_not_saved(tmp_path: Path) -> None:
    path = tmp_path / "mo.json"
    game = Game(1)
    game.apply(Move.parse("b -> g"))
    game.undos = -1  # what a half-applied undo could leave
    with pytest.raises(SaveError) as caught:
        savefile.save(path, game)
    assert str(caught.value) == (
        f"{path}: not saved: the game is in the middle of a move"
        " (undos must be a whole number from 0 to 1000000000)"
    )
    assert not path.exists()
