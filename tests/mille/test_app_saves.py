"""The sample saves in saves/ restore to the prompt they were made at."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.mille.cli import load_for_play
from parlour.mille.game.rules import Game
from parlour.mille.terminal.app import MilleApp
from tests.mille.opponents import FirstLegal

SAVES = Path(__file__).resolve().parents[2] / "saves"
PROMPTS = {
    "move": ">>:Move:",
    "extension": "Extension?",
    "another_hand": "Another hand?",
    "another_game": "Another game?",
    "really": "Really?",
}


@pytest.mark.parametrize("path", sorted(SAVES.glob("mille-v*.json")), ids=lambda p: p.name)
def test_sample_save_restores_to_its_prompt(path: Path) -> None:
    game, ui, _ = load_for_play(str(path))
    assert isinstance(game, Game)
    app = MilleApp(game, FirstLegal(game), ui_state=ui, save_path=str(path))
    frame = app.render(24, 80)
    assert frame.row_text(10)[20:].startswith(PROMPTS[str(ui["prompt"])])


def test_there_are_samples_for_each_kind_of_prompt() -> None:
    names = {p.name for p in SAVES.glob("mille-v*.json")}
    assert {"mille-v1-midhand.json", "mille-v1-extension-question.json"} <= names
