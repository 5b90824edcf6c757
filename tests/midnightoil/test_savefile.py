"""Save -> load gives the identical game, undo history included; bad files are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.core.saves import SaveError
from parlour.midnightoil import savefile
from parlour.midnightoil.game import Game
from parlour.midnightoil.rules import Move


def played_game() -> Game:
    game = Game(1)
    game.play(Move.parse("l -> 4"))
    game.play(Move.parse("b -> g"))
    game.manual_auto(range(4))
    game.play(Move.redeal())
    game.play(game.state.draw_moves()[0])
    game.undo()
    game.elapsed = 93.5
    return game


def test_save_then_load_is_identical(tmp_path: Path) -> None:
    game = played_game()
    path = tmp_path / "mo.json"
    savefile.save(path, game)
    again = savefile.load(path)
    assert again.state == game.state
    assert again.to_dict() == game.to_dict()
    assert again.undos == 1 and again.elapsed == 93.5
    # The undo history works after loading, and redo replays the undone draw.
    again.redo()
    assert again.state.draw_used
    again.undo()
    again.undo()
    again.undo()
    assert again.state.redeals_left == 2


def test_envelope_seed_is_the_deal_number(tmp_path: Path) -> None:
    path = tmp_path / "mo.json"
    savefile.save(path, Game(2**64 - 1))
    data = json.loads(path.read_text())
    assert data["game"] == "midnightoil" and data["seed"] == 2**64 - 1
    assert savefile.load(path).deal_number == 2**64 - 1


def damage(path: Path, change: dict[str, object]) -> None:
    data = json.loads(path.read_text())
    data["state"].update(change)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"history": [["l -> 4"], ["a -> b"]]}, "history step 2 is not legal"),
        ({"history": [["nonsense"]]}, "not a move"),
        ({"position": {"deal_number": 1}}, "missing field"),
        ({"undos": -1}, "undos"),
        ({"deal_number": "one"}, "bad deal number"),
        ({"redo": [["q -> 1"]]}, "redo step 1 is not legal"),
    ],
)
def test_damaged_saves_are_refused(tmp_path: Path, change: dict[str, object], reason: str) -> None:
    path = tmp_path / "mo.json"
    savefile.save(path, played_game())
    damage(path, change)
    with pytest.raises(SaveError, match=reason) as info:
        savefile.load(path)
    assert str(path) in str(info.value)


def test_tampered_position_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mo.json"
    savefile.save(path, played_game())
    data = json.loads(path.read_text())
    fans = data["state"]["position"]["fans"]
    first = next(f for f in fans if len(f) >= 2)
    first[0], first[1] = first[1], first[0]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not match"):
        savefile.load(path)


def test_foreign_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such file"):
        savefile.load(tmp_path / "nothing.json")
    other = tmp_path / "mille.json"
    other.write_text(
        json.dumps(
            {"format": "parlour-save", "game": "mille", "format_version": 1, "seed": 1, "state": {}}
        )
    )
    with pytest.raises(SaveError, match="mille save"):
        savefile.load(other)
    newer = tmp_path / "new.json"
    savefile.save(newer, Game(3))
    data = json.loads(newer.read_text())
    data["format_version"] = savefile.FORMAT_VERSION + 1
    newer.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="newer version"):
        savefile.load(newer)


def test_sample_saves_in_the_repository_load() -> None:
    folder = Path(__file__).resolve().parents[2] / "saves"
    samples = sorted(folder.glob("midnightoil-*.json"))
    assert samples, "saves/ should hold a midnightoil sample"
    for sample in samples:
        game = savefile.load(sample)
        assert game.history
