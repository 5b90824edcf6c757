"""Mille Bornes save files: the refusals a player reads when saving, and what a save made
without the game's statistics (or by an old version) keeps, pinned (#15)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parlour.core.saves import SaveError, write_save
from parlour.mille.files import savefile
from parlour.mille.files.gamedata import game_to_dict
from parlour.mille.files.stats import summarize_hand
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, Phase


def to_hand_over(game: Game) -> None:
    while game.phase in (Phase.TURN, Phase.EXTENSION):
        if game.phase is Phase.EXTENSION:
            game.answer_extension(False)
        else:
            game.apply(game.legal_moves()[-1])


def refusal(path: Path, ui: Any, computer: Any = None) -> str:
    with pytest.raises(SaveError) as caught:
        savefile.save(path, Game.new(1), ui, computer)
    assert not path.exists()
    return str(caught.value)


def test_a_screen_state_that_is_not_an_object_is_named(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    assert refusal(path, [1]) == f"{path}: the screen state is not a JSON object"


def test_a_memory_that_is_not_an_object_is_named(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    assert refusal(path, {}, [1]) == f"{path}: the computer's memory is not a JSON object"


def test_a_screen_state_json_cannot_hold_is_named_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    nan = refusal(path, {"x": float("nan")})  # newer Pythons add ": nan" to json's reason
    assert nan.startswith(
        f"{path}: the screen state cannot be saved"
        " (Out of range float values are not JSON compliant"
    )
    assert nan.endswith(")")
    assert refusal(path, {}, {"x": object()}) == (
        f"{path}: the computer's memory cannot be saved"
        " (Object of type object is not JSON serializable)"
    )


def test_a_save_without_statistics_at_the_end_of_a_hand_keeps_that_hand(tmp_path: Path) -> None:
    game = Game.new(8)
    to_hand_over(game)
    path = tmp_path / "over.json"
    savefile.save(path, game, {})
    meta = savefile.load_saved(path).meta
    assert [h.to_dict() for h in meta.hands] == [summarize_hand(game).to_dict()]
    assert not meta.complete


def test_a_save_without_statistics_mid_hand_has_no_hands(tmp_path: Path) -> None:
    path = tmp_path / "mid.json"
    savefile.save(path, Game.new(8), {})
    meta = savefile.load_saved(path).meta
    assert meta.hands == [] and not meta.complete


def _old_save(tmp_path: Path, game: Game) -> savefile.Saved:
    path = tmp_path / "old.json"
    write_save(path, "mille", 1, game.seed, {"game": game_to_dict(game), "ui": {}})
    return savefile.load_saved(path)


def test_an_old_save_of_the_first_hand_has_all_its_hands(tmp_path: Path) -> None:
    game = Game.new(8)
    saved = _old_save(tmp_path, game)
    assert saved.game.hands_played == 1 and saved.game.next_starter == COMPUTER
    assert saved.meta.hands == [] and saved.meta.complete


def test_an_old_save_at_the_end_of_the_first_hand_does_not_know_it(tmp_path: Path) -> None:
    game = Game.new(8)
    to_hand_over(game)
    saved = _old_save(tmp_path, game)
    assert saved.game.hands_played == 1 and saved.game.next_starter == COMPUTER
    assert not saved.meta.complete


def test_an_old_save_of_a_later_hand_does_not_know_the_earlier_ones(tmp_path: Path) -> None:
    game = Game.new(8)
    to_hand_over(game)
    game.next_hand()
    saved = _old_save(tmp_path, game)
    assert saved.game.hands_played == 2 and not saved.meta.complete


ROOT = Path(__file__).resolve().parents[2] / "saves"
V2_END = ROOT / "mille-v2-strong-another-hand.json"
V2_MID = ROOT / "mille-v2-classic-hand2.json"
V1_MID = ROOT / "mille-v1-midhand.json"


def _edit(*keys: object, value: object) -> Callable[[dict[str, Any]], None]:
    def change(envelope: dict[str, Any]) -> None:
        target: Any = envelope
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return change


def _same_starter(envelope: dict[str, Any]) -> None:
    game = envelope["state"]["game"]
    game["next_starter"] = game["starter"]


@pytest.mark.parametrize(
    ("sample", "edit", "reason"),
    [
        (V2_END, _edit("state", "game_id", value="G" * 32), "the game id is invalid"),
        (V2_END, _edit("state", "level", value="expert"), "the computer's level is unknown"),
        (V2_END, _edit("state", "hands", value={}), "the hand summaries are not a list"),
        (
            V2_END,
            _edit("state", "hands_complete", value=1),
            "the hand summaries' completeness is not true or false",
        ),
        (
            V2_END,
            _edit("state", "hands", 1, "you", value=1300),
            "the last hand's summary does not match the hand",
        ),
        (
            V2_END,
            _edit("state", "hands", 0, "you", value=700),
            "the hand summaries do not add up to the totals",
        ),
        (V2_END, _edit("state", "ui", value=[1]), "the screen state is not an object"),
        (V2_END, _edit("state", "computer", value=[1]), "the computer's memory is not an object"),
        (V2_END, _edit("seed", value=5), "the seed does not match the game"),
        (
            V2_END,
            _edit("state", "ui", "prompt", value="move"),
            "the screen state's question does not fit the game",
        ),
        (V2_MID, _same_starter, "the next starting player does not alternate"),
        (V1_MID, _edit("state", "game", value=[]), "the game state is not an object"),
    ],
)
def test_a_damaged_save_names_the_damage_word_for_word(
    tmp_path: Path, sample: Path, edit: Callable[[dict[str, Any]], None], reason: str
) -> None:
    envelope = json.loads(sample.read_text(encoding="utf-8"))
    edit(envelope)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(envelope), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        savefile.load_saved(path)
    assert str(caught.value) == f"{path}: is damaged: {reason}"


def test_a_save_with_statistics_loads_its_hands() -> None:
    meta = savefile.load_saved(V2_END).meta
    assert [(h.number, h.you, h.computer) for h in meta.hands] == [(1, 750, 1200), (2, 1375, 1100)]
    assert meta.complete and meta.level == "strong"
