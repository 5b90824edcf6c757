"""Golden 80x24 frames of real game positions; their static labels equal BSD's screens.

Set MILLE_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from parlour.mille.game.cards import Card
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN
from parlour.mille.terminal.app import MilleApp
from tests.mille import crafting
from tests.mille.opponents import FirstLegal
from tests.mille.reference import GOLDEN_DIR, mask_dynamic, reference_dir
from tests.mille.test_app import press

SEED = 11


def _app(game: Game, prefer: tuple[Card, ...] = ()) -> MilleApp:
    return MilleApp(game, FirstLegal(game, prefer))


def start_of_game() -> MilleApp:
    return _app(Game.new(SEED))


def after_pick() -> MilleApp:
    app = start_of_game()
    press(app, "p")
    return app


def error_line() -> MilleApp:
    app = start_of_game()
    press(app, "u6 ")
    return app


def hazard_on_you() -> MilleApp:
    game = Game.new(SEED)
    crafting.drive(game, HUMAN, [Card.D50])
    crafting.drive(game, COMPUTER, [])
    crafting.put_in_hand(game, COMPUTER, 1, Card.STOP)
    app = _app(game, prefer=(Card.STOP,))
    hand = game.players[HUMAN].hand
    press(app, "p")
    slot = next(i for i in range(1, 7) if hand[i] is not None and not hand[i].is_safety)
    press(app, f"d{slot} ")
    return app


def extension_question() -> MilleApp:
    game = Game.new(SEED)
    crafting.drive(game, HUMAN, [Card.D100] * 6)
    crafting.put_in_hand(game, HUMAN, 1, Card.D100)
    app = _app(game)
    press(app, "pu1 ")
    return app


def end_of_hand_bonuses() -> MilleApp:
    app = extension_question()
    press(app, "n")
    return app


def end_of_hand_commands() -> MilleApp:
    app = end_of_hand_bonuses()
    press(app, "w")
    return app


def save_game_prompt() -> MilleApp:
    app = end_of_hand_bonuses()
    press(app, "n")
    return app


def file_name_prompt() -> MilleApp:
    app = save_game_prompt()
    press(app, ["y", *"spec_save1"])
    return app


def window_toggled_midhand() -> MilleApp:
    app = after_pick()
    press(app, "w")
    return app


SCENARIOS: dict[str, tuple[Callable[[], MilleApp], str]] = {
    "start-of-game": (start_of_game, "01"),
    "after-pick": (after_pick, "03"),
    "error-line": (error_line, "02"),
    "hazard-on-you": (hazard_on_you, "37"),
    "extension-question": (extension_question, "41"),
    "end-of-hand-bonuses": (end_of_hand_bonuses, "43"),
    "end-of-hand-commands": (end_of_hand_commands, "01"),
    "save-game-prompt": (save_game_prompt, "08"),
    "file-name-prompt": (file_name_prompt, "09"),
    "window-toggled-midhand": (window_toggled_midhand, "13"),
}


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden_frame(name: str) -> None:
    build, _ = SCENARIOS[name]
    text = build().render(24, 80).to_text()
    golden = GOLDEN_DIR / f"{name}.txt"
    if os.environ.get("MILLE_UPDATE_GOLDEN"):
        golden.write_text(text + "\n", encoding="utf-8")
    assert text + "\n" == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_static_labels_equal_bsd_reference(name: str) -> None:
    build, ref = SCENARIOS[name]
    folder = reference_dir()
    assert folder is not None
    reference = next(folder.glob(f"{ref}-*.txt")).read_text(encoding="utf-8")
    text = build().render(24, 80).to_text()
    assert mask_dynamic(text) == mask_dynamic(reference)


def test_hazard_scenario_really_shows_a_stop_on_you() -> None:
    rows = hazard_on_you().render(24, 80).to_text().split("\n")
    assert rows[14][2:20].strip() == "Stop"
    assert rows[11][20:40].strip() == "PLAY" and rows[12][20:36].strip() == "Stop"
