"""Mille save files: round trip, the Extension? question kept, strict refusal of bad files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parlour.core.ledger import is_game_id, new_game_id
from parlour.core.saves import SaveError, write_save
from parlour.mille.files import savefile
from parlour.mille.files.gamedata import game_to_dict
from parlour.mille.files.stats import summarize_hand
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Phase
from tests.mille.craft import C, craft, drove, go, hand, play, rebalance, use


def test_round_trip_keeps_game_and_ui_state(tmp_path: Path) -> None:
    game = Game.new(1234)
    play(game, "pick")
    path = tmp_path / "g.json"
    savefile.save(path, game, {"prompt": "move", "order": True})
    loaded, ui = savefile.load(path)
    assert ui == {"prompt": "move", "order": True}
    assert game_to_dict(loaded) == game_to_dict(game)


def test_save_at_extension_question_restores_the_question(tmp_path: Path) -> None:
    """BSD bug 4 fixed (screen 34): the restored game asks Extension? again."""
    game = craft(hands=(hand(C.D100, *[C.D25] * 5), hand(*[C.D50] * 6)), deck=[C.D75] * 3)
    go(game, HUMAN)
    drove(game, HUMAN, [C.D200, C.D200, C.D100, C.D100])
    rebalance(game)
    play(game, "pick")
    use(game, C.D100)
    assert game.phase is Phase.EXTENSION
    path = tmp_path / "ext.json"
    savefile.save(path, game, {})
    loaded, _ = savefile.load(path)
    assert loaded.phase is Phase.EXTENSION and loaded.turn == HUMAN
    assert C.D100 not in loaded.players[HUMAN].hand  # the card was really played
    loaded.answer_extension(True)
    assert loaded.goal == 1000 and loaded.turn == COMPUTER


def _play_to_hand_over(game: Game) -> None:
    while game.phase in (Phase.TURN, Phase.EXTENSION):
        if game.phase is Phase.EXTENSION:
            game.answer_extension(False)
        else:
            game.apply(game.legal_moves()[-1])


@pytest.mark.parametrize("hands_before", [0, 1, 2])
@pytest.mark.parametrize("at_hand_over", [False, True])
def test_the_next_hand_after_a_restore_keeps_the_alternation(
    tmp_path: Path, at_hand_over: bool, hands_before: int
) -> None:
    """BSD keeps the normal alternation after a mid-hand restore (issue 16); so do we, always.

    The human starts hands 1, 3, 5 ...; the computer hands 2, 4 ...
    """
    game = Game.new(8)
    for _ in range(hands_before):
        _play_to_hand_over(game)
        game.next_hand()
    number = game.hands_played
    assert game.starter == (HUMAN if number % 2 else COMPUTER)
    if at_hand_over:
        _play_to_hand_over(game)
    else:
        game.apply(game.legal_moves()[0])
    path = tmp_path / "g.json"
    hands = [summarize_hand(game)] if at_hand_over else []
    meta = savefile.Meta(new_game_id(), hands=hands, complete=False)
    prompt = "another_hand" if at_hand_over else "move"
    savefile.save(path, game, {"prompt": prompt}, None, meta)
    assert "game_id" in json.loads(path.read_text())["state"]
    loaded, _ = savefile.load(path)
    _play_to_hand_over(loaded)
    loaded.phase = Phase.HAND_OVER  # the game may have ended: only the next dealer matters
    loaded.next_hand()
    assert loaded.hands_played == number + 1
    assert loaded.starter == (HUMAN if (number + 1) % 2 else COMPUTER)
    assert loaded.turn == loaded.starter


def test_a_next_starter_that_breaks_the_alternation_is_refused(tmp_path: Path) -> None:
    game = Game.new(8)
    path = tmp_path / "g.json"
    savefile.save(path, game, {})
    envelope = json.loads(path.read_text())
    envelope["state"]["game"]["next_starter"] = envelope["state"]["game"]["starter"]
    path.write_text(json.dumps(envelope))
    with pytest.raises(SaveError, match="alternate"):
        savefile.load(path)


def test_old_saves_derive_the_next_starter_from_the_hand_number(tmp_path: Path) -> None:
    game = Game.new(8)
    _play_to_hand_over(game)
    game.next_hand()
    game.next_starter = COMPUTER  # what an old restore had left: not the alternation
    path = tmp_path / "old.json"
    write_save(path, "mille", 1, game.seed, {"game": game_to_dict(game), "ui": {}})
    saved = savefile.load_saved(path)
    assert saved.game.hands_played == 2 and saved.game.next_starter == HUMAN
    assert saved.meta.level == "strong" and is_game_id(saved.meta.game_id)
    again = savefile.load_saved(path)
    assert again.meta.game_id == saved.meta.game_id  # the same old file, the same id
    envelope = json.loads(path.read_text())
    envelope["saved_at"] = "2020-01-01T00:00:00+00:00"
    path.write_text(json.dumps(envelope))
    assert savefile.load_saved(path).meta.game_id != saved.meta.game_id


def write_state(path: Path, mutate: Any) -> None:
    game = Game.new(77)
    savefile.save(path, game, {})
    envelope = json.loads(path.read_text())
    mutate(envelope)
    path.write_text(json.dumps(envelope))


@pytest.mark.parametrize(
    ("mutate", "reason"),
    [
        (lambda e: e["state"]["game"]["deck"].pop(), "101-card"),
        (lambda e: e["state"]["game"]["deck"].__setitem__(0, "JOKER"), "unknown card"),
        (lambda e: e["state"]["game"].__setitem__("goal", 800), "700 or 1000"),
        (lambda e: e["state"]["game"]["players"][0].__setitem__("mileage", 100), "mileage"),
        (lambda e: e["state"]["game"]["players"][0].__setitem__("can_go", True), "can-go"),
        (lambda e: e["state"]["game"].__setitem__("phase", "PLAYING"), "phase"),
        (lambda e: e["state"]["game"]["players"].pop(), "two players"),
        (lambda e: e["state"].__setitem__("ui", [1]), "screen state"),
        (lambda e: e["state"]["game"].pop("turn"), "missing field"),
        (lambda e: e["state"]["game"].__setitem__("rng", [1, 2]), "random state"),
        (lambda e: e.__setitem__("seed", 5), "seed"),
    ],
)
def test_damaged_saves_are_refused_with_a_reason(tmp_path: Path, mutate: Any, reason: str) -> None:
    path = tmp_path / "bad.json"
    write_state(path, mutate)
    with pytest.raises(SaveError) as info:
        savefile.load(path)
    assert str(path) in str(info.value) and "damaged" in str(info.value)
    assert reason in str(info.value)


def test_foreign_too_new_and_missing_files(tmp_path: Path) -> None:
    foreign = tmp_path / "dix.json"
    write_state(foreign, lambda e: e.__setitem__("game", "dixmille"))
    with pytest.raises(SaveError, match="not a mille save"):
        savefile.load(foreign)
    newer = tmp_path / "new.json"
    write_state(newer, lambda e: e.__setitem__("format_version", savefile.FORMAT_VERSION + 1))
    with pytest.raises(SaveError, match="newer version"):
        savefile.load(newer)
    with pytest.raises(SaveError, match="no such file"):
        savefile.load(tmp_path / "absent.json")
    with pytest.raises(SaveError, match="folder"):
        savefile.load(tmp_path)


def test_ui_state_must_be_json(tmp_path: Path) -> None:
    with pytest.raises(SaveError):
        savefile.save(tmp_path / "x.json", Game.new(1), {"bad": object()})


def test_the_computer_memory_round_trips_and_old_saves_have_none(tmp_path: Path) -> None:
    game = Game.new(5)
    path = tmp_path / "g.json"
    memory = {"version": 1, "evidence": {"deck_at": {}, "last_deck": -1, "public_after_move": None}}
    savefile.save(path, game, {}, memory)
    assert savefile.load_all(path)[2] == memory
    data = json.loads(path.read_text())
    del data["state"]["computer"]  # a save written before the memory was kept
    path.write_text(json.dumps(data))
    assert savefile.load_all(path)[2] == {}
    data["state"]["computer"] = [1]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="the computer's memory is not an object"):
        savefile.load_all(path)


def test_saving_a_loaded_classic_game_without_meta_keeps_its_level(tmp_path: Path) -> None:
    sample = Path(__file__).resolve().parents[2] / "saves" / "mille-v2-classic-hand2.json"
    game, ui, memory = savefile.load_all(sample)
    path = tmp_path / "again.json"
    savefile.save(path, game, ui, memory)
    again = savefile.load_saved(path)
    assert again.meta.level == "classic" and again.computer == memory


V2_END = Path(__file__).resolve().parents[2] / "saves" / "mille-v2-strong-another-hand.json"
V2_MID = Path(__file__).resolve().parents[2] / "saves" / "mille-v2-classic-hand2.json"


def _set(*path: object, value: object) -> Any:
    def change(envelope: dict[str, Any]) -> None:
        target: Any = envelope
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


GAME = ("state", "game")
HUMAN_P = (*GAME, "players", 0)
COMP_P = (*GAME, "players", 1)


@pytest.mark.parametrize(
    ("sample", "mutate", "reason"),
    [
        (V2_END, _set(*COMP_P, "bonuses", value=[400, 300, 0, 0, 0]), "hand total"),
        (V2_END, _set(*HUMAN_P, "hand_total", value=1475), "hand total"),
        (V2_END, _set(*GAME, "finisher", value=0), "finisher"),
        (V2_END, _set(*GAME, "phase", value="GAME_OVER"), "game's end"),
        (V2_END, _set(*GAME, "phase", value="TURN"), "finished trip"),
        (V2_END, _set(*COMP_P, "games_won", value=1), "games won"),
        (V2_END, _set(*COMP_P, "overall_total", value=5100), "game.s end"),
        (V2_END, _set(*COMP_P, "overall_total", value=6200), "ended the game"),
        (V2_END, _set("state", "hands", 1, "you", value=1300), "summary"),
        (V2_END, _set("state", "hands", 0, "number", value=3), "consecutive"),
        (V2_END, _set("state", "hands", value=[]), "summary"),
        (V2_END, _set("state", "ui", "prompt", value="move"), "question"),
        (V2_END, _set("state", "ui", "last_move", value=[["PLAY"], "Go"]), "last move"),
        (V2_END, _set("state", "ui", "last_move", value=["PLAY", ["Go"]]), "last move"),
        (V2_END, _set("state", "level", value="expert"), "level"),
        (V2_END, _set("state", "game_id", value="G" * 32), "game id"),
        (V2_END, _set("state", "hands_complete", value=1), "true or false"),
        (V2_MID, _set(*HUMAN_P, "hand", 0, value="GO"), "cards"),
        (V2_MID, _set(*GAME, "seed", value=2**63), "seed"),
        (V2_MID, _set("seed", value=2**63), "seed"),
        (V2_MID, _set("state", "computer", "player", value="strong"), "classic"),
        (V2_MID, _set("state", "level", value="strong"), "memory"),
        (V2_MID, _set(*GAME, "goal", value=1000), "extended"),
    ],
)
def test_impossible_positions_are_refused(
    tmp_path: Path, sample: Path, mutate: Any, reason: str
) -> None:
    envelope = json.loads(sample.read_text())
    mutate(envelope)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(envelope))
    with pytest.raises(SaveError, match=reason):
        savefile.load_saved(path)
