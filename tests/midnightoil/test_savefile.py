"""Save -> load gives the identical game, undo history included; bad files are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.core.saves import SaveError
from parlour.midnightoil.files import savefile
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import Move
from tests.hypothesis_profiles import spread


def played_game() -> Game:
    game = Game(1)
    game.apply(Move.parse("l -> 4"))
    game.apply(Move.parse("b -> g"))
    game.manual_auto(range(4))
    game.apply(Move.redeal())
    game.apply(game.state.draw_moves()[0])
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


def write_raw(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def saved_text(tmp_path: Path) -> tuple[Path, str]:
    path = tmp_path / "mo.json"
    savefile.save(path, played_game())
    return path, path.read_text()


@pytest.mark.parametrize(
    "clock",
    ["NaN", "Infinity", "-Infinity", "1e400", "-1", "-0.5", "1" + "0" * 400, "315360001", "true"],
)
def test_impossible_clocks_are_refused(tmp_path: Path, clock: str) -> None:
    path, text = saved_text(tmp_path)
    assert '"elapsed": 93.5' in text
    write_raw(path, text.replace('"elapsed": 93.5', f'"elapsed": {clock}'))
    with pytest.raises(SaveError, match="clock"):
        savefile.load(path)


@pytest.mark.parametrize("clock", ["0", "315360000", "0.001"])
def test_clocks_a_game_can_reach_load(tmp_path: Path, clock: str) -> None:
    path, text = saved_text(tmp_path)
    write_raw(path, text.replace('"elapsed": 93.5', f'"elapsed": {clock}'))
    assert savefile.load(path).elapsed == float(clock)


def test_an_integer_of_thousands_of_digits_is_refused_anywhere(tmp_path: Path) -> None:
    path, text = saved_text(tmp_path)
    huge = "7" * 5000
    for field in ('"undos": 1', '"seed": 1', '"format_version": 1'):
        assert field in text
        key = field.split(":")[0]
        write_raw(path, text.replace(field, f"{key}: {huge}"))
        with pytest.raises(SaveError) as info:
            savefile.load(path)
        assert str(path) in str(info.value) and "4300" not in str(info.value)


@pytest.mark.parametrize("undos", ["1000000001", "10" + "0" * 400])
def test_undo_counts_beyond_reach_are_refused(tmp_path: Path, undos: str) -> None:
    path, text = saved_text(tmp_path)
    write_raw(path, text.replace('"undos": 1', f'"undos": {undos}'))
    with pytest.raises(SaveError, match="undos|too large"):
        savefile.load(path)


def test_more_redo_steps_than_undos_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mo.json"
    savefile.save(path, played_game())
    damage(path, {"undos": 0})
    with pytest.raises(SaveError, match="more steps to redo than undos"):
        savefile.load(path)


def test_a_won_game_with_steps_to_redo_is_refused(tmp_path: Path) -> None:
    from parlour.midnightoil.computer.solver.planner import plan

    game = Game(3)
    game.apply_step(plan(game.state).moves)
    assert game.state.is_won()
    path = tmp_path / "won.json"
    savefile.save(path, game)
    assert savefile.load(path).state.is_won()
    last = game.history[-1].moves
    damage(path, {"history": [[str(m) for m in s.moves] for s in game.history[:-1]]})
    data = json.loads(path.read_text())
    data["state"]["position"] = game.state.to_dict()
    data["state"]["redo"] = [[str(m) for m in last]]
    data["state"]["undos"] = 1
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError):
        savefile.load(path)


@pytest.mark.parametrize("seed", [2, -1, 2**64, "1"])
def test_the_envelope_seed_must_be_the_deal_number(tmp_path: Path, seed: object) -> None:
    path = tmp_path / "mo.json"
    savefile.save(path, played_game())
    data = json.loads(path.read_text())
    data["seed"] = seed
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError):
        savefile.load(path)


def test_the_largest_deal_number_loads(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    game = Game(2**64 - 1)
    game.apply(game.state.legal_moves()[0])
    savefile.save(path, game)
    assert savefile.load(path).deal_number == 2**64 - 1


def test_auto_solve_is_remembered_across_a_save(tmp_path: Path) -> None:
    game = played_game()
    game.solver_used = True
    path = tmp_path / "solved.json"
    savefile.save(path, game)
    assert savefile.load(path).solver_used
    damage(path, {"solver_used": "no"})
    with pytest.raises(SaveError, match="solver_used"):
        savefile.load(path)


def test_the_game_id_is_kept_and_checked(tmp_path: Path) -> None:
    game = played_game()
    path = tmp_path / "id.json"
    savefile.save(path, game)
    assert savefile.load(path).game_id == game.game_id
    for bad in ("", "x" * 32, 7, "A" * 32):
        damage(path, {"game_id": bad})
        with pytest.raises(SaveError, match="game id"):
            savefile.load(path)


def test_old_saves_get_a_stable_id_from_deal_and_time(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    savefile.save(path, played_game())
    data = json.loads(path.read_text())
    del data["state"]["game_id"]
    path.write_text(json.dumps(data))
    first = savefile.load(path).game_id
    assert first == savefile.load(path).game_id
    assert first == savefile.old_game_id(1, data["saved_at"])
    data["saved_at"] = "2020-01-01T00:00:00+00:00"
    path.write_text(json.dumps(data))
    assert savefile.load(path).game_id != first


def test_a_save_cut_short_anywhere_is_called_damaged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue #25: ``head -c 40`` of a real save (and every other cut that leaves the JSON
    unfinished) is a damaged save, not "not a Parlour save file"."""
    from parlour.midnightoil import cli
    from parlour.midnightoil.computer.solver.auto import AutoSolver

    game, solver = Game(18), AutoSolver()  # deal 18: a long line, 94 moves over three deals
    while (move := solver.next_move(game.state)) is not None:
        game.apply(move)
    whole = tmp_path / "whole.json"
    savefile.save(whole, game)
    data = whole.read_bytes()
    assert len(data) < 5000  # a real save is smaller: head -c 5000 gives all of it
    assert savefile.load(whole).to_dict() == game.to_dict()
    cut = tmp_path / "cut.json"
    reason = "is damaged: it is cut short (the end of the file is missing)"
    for size in spread(40, len(data.rstrip())):
        cut.write_bytes(data[:size])
        with pytest.raises(SaveError) as refused:
            savefile.load(cut)
        assert refused.value.reason == reason, size
    cut.write_bytes(data[:40])
    assert cli.main([str(cut)]) == 1
    err = capsys.readouterr().err  # wrapped at 80 columns, between words
    assert err.replace("\n", " ") == f"midnightoil: {cut}: {reason} "
