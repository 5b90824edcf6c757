"""Save -> load gives the identical game, undo history included; bad files are refused."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from parlour.core.saves import SaveError
from parlour.core.text import printable
from parlour.midnightoil.files import savefile
from parlour.midnightoil.game.cards import DEAL_LIMIT
from parlour.midnightoil.game.history import MAX_ELAPSED, MAX_UNDOS, Game
from parlour.midnightoil.game.rules import REDEAL, Move
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.tui.glyphs import ASCII
from tests.hypothesis_profiles import examples, spread
from tests.midnightoil.farewell import RECOVERED
from tests.savefuzz import mutated, raw_bytes


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
    folder = Path(__file__).resolve().parents[3] / "saves"
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


# ------------------------------------------------------------------------------------------
# Midnight Oil's save file: what a player reads when a save is refused, word for word (#15).


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


# ------------------------------------------------------------------------------------------
# A game that loads can always be saved (issue #26 point 1).
#
# The checks a save must pass when it is loaded are the checks a game must pass to be
# written (``Game.check_consistent``). So whatever the loader takes (the samples in saves/,
# the same with every counter at its bound, and mutated copies of both) plays on in the
# app to the end of its deal (a redeal, or the game's end), with the clock running, undos
# and redos, and is then saved with ``S`` and at a hang-up, and each file loads again to
# the same game.


SAMPLES = sorted((Path(__file__).resolve().parents[3] / "saves").glob("midnightoil-*.json"))
STEP_LIMIT = 400
"""Actions before a deal must have ended (a deal is at most a few dozen moves)."""


def document(path: Path, at_bounds: bool) -> dict[str, Any]:
    """A sample save, or the same with its undo count and its clock at their bounds."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if at_bounds:
        data["state"]["undos"] = MAX_UNDOS
        data["state"]["elapsed"] = MAX_ELAPSED
    return data


CASES = [(path, bounds) for path in SAMPLES for bounds in (False, True)]
IDS = [f"{path.stem}{'-at-bounds' if bounds else ''}" for path, bounds in CASES]


def play_to_the_end_of_the_deal(app: MidnightOilApp, seed: int) -> None:
    """Moves, undos and redos as a player makes them, two minutes apart, until the deal
    ends (a redeal) or the game does."""
    rng = random.Random(seed)
    game = app.game
    phase = game.state.phase
    for _ in range(STEP_LIMIT):
        app.last_tick -= 300.0  # a long pause: the clock counts at most two minutes a key
        if game.state.phase != phase or app.ending.at_end(game.state) or game.state.is_won():
            return
        roll = rng.random()
        if roll < 0.1 and game.can_undo():
            app.handle_key("u")
            continue
        if roll < 0.15 and game.can_redo():
            app.handle_key("U")
            continue
        moves = game.state.legal_moves()
        if not moves:
            return
        plain = [move for move in moves if move.kind != REDEAL]
        app.play([rng.choice(plain or moves)])
    raise AssertionError("the deal did not end")


def saves_and_loads_again(app: MidnightOilApp, path: Path) -> None:
    """``S`` writes the game to its file, and the file loads to the same game."""
    app.handle_key("S")
    app.handle_key("ENTER")  # the offered name is the file it came from
    assert app.message.startswith("Saved. Resume later with: midnightoil "), app.message
    assert savefile.load(path).to_dict() == app.game.to_dict()


def check(data: dict[str, Any], tmp_path: Path, seed: int) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(raw_bytes(data))
    try:
        game = savefile.load(path)
    except SaveError:
        return
    app = MidnightOilApp(game, ASCII, save_path=str(path))
    play_to_the_end_of_the_deal(app, seed)
    saves_and_loads_again(app, path)
    if app.game.can_undo():  # play no save holds, then the terminal goes away
        app.handle_key("u")
        app.end_of_input()
        message = app.exit_message or ""
        assert message.startswith(RECOVERED), message
        recovered = savefile.load(message.removeprefix(RECOVERED))
        assert recovered.to_dict() == app.game.to_dict()


@pytest.mark.parametrize(("source", "at_bounds"), CASES, ids=IDS)
def test_the_samples_play_on_and_save_again(source: Path, at_bounds: bool, tmp_path: Path) -> None:
    check(document(source, at_bounds), tmp_path, seed=1)


def test_at_the_bounds_the_counters_stop_there(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document(SAMPLES[-1], at_bounds=True)))
    app = MidnightOilApp(savefile.load(path), ASCII, save_path=str(path))
    app.last_tick -= 100.0
    app.handle_key("u")
    assert (app.game.undos, app.game.elapsed) == (MAX_UNDOS, float(MAX_ELAPSED))
    saves_and_loads_again(app, path)


def test_a_game_the_loader_would_refuse_is_not_written(tmp_path: Path) -> None:
    game = savefile.load(SAMPLES[-1])
    for spoil, reason in [
        ("game_id", "the game id is not one Parlour makes"),
        ("touched", "touched must be true or false"),
        ("undos", "undos must be a whole number from 0 to 1000000000"),
    ]:
        broken = savefile.load(SAMPLES[-1])
        setattr(broken, spoil, {"game_id": "x", "touched": 1, "undos": MAX_UNDOS + 1}[spoil])
        with pytest.raises(SaveError) as info:
            savefile.save(tmp_path / "s.json", broken)
        assert reason in info.value.reason
        with pytest.raises((ValueError, TypeError), match=reason):
            broken.check_consistent()
    assert isinstance(game, Game) and not (tmp_path / "s.json").exists()


def fuzz_played_again(source: Path, at_bounds: bool) -> Any:
    @settings(
        max_examples=examples(80),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(data=mutated(document(source, at_bounds)))
    def run(data: dict[str, Any], tmp_path: Path) -> None:
        check(data, tmp_path, seed=len(str(data)))

    return run


@pytest.mark.parametrize(("source", "at_bounds"), CASES, ids=IDS)
def test_whatever_loads_plays_on_saves_and_loads_again(
    source: Path, at_bounds: bool, tmp_path: Path
) -> None:
    fuzz_played_again(source, at_bounds)(tmp_path=tmp_path)


# ------------------------------------------------------------------------------------------
# Mutated copies of the sample saves: refused with the save error, or a game that plays on.
#
# Every file in saves/midnightoil-*.json is mutated by tests.savefuzz (hostile
# numbers, NaN and infinities, escapes, wrong types, deleted, added, duplicated
# and swapped parts). Loading one must either raise :class:`SaveError` (one line
# naming the file, nothing raw in it) or give a game that is consistent (every
# counter in range, the history replays to the position, saving it again gives
# the same game) and that seeded random play, undo and redo included, finishes.


PLAY_LIMIT = 2_000
"""Random actions allowed before a game must be over (a real line is a few hundred moves)."""


def sample(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def assert_consistent(game: Game, tmp_path: Path) -> None:
    """What a real game always satisfies: the game's own check, and a save survives."""
    game.check_consistent()
    assert 0 <= game.deal_number < DEAL_LIMIT
    assert math.isfinite(game.elapsed) and 0 <= game.elapsed <= MAX_ELAPSED
    assert len(game.future) <= game.undos <= MAX_UNDOS
    again = tmp_path / "again.json"
    savefile.save(again, game)
    assert savefile.load(again).to_dict() == game.to_dict()


def play_out(game: Game, seed: int) -> None:
    """Seeded random play, with undo and redo, until no move is left; it must end."""
    rng = random.Random(seed)
    for _ in range(PLAY_LIMIT):
        if game.state.is_won():
            return
        roll = rng.random()
        if roll < 0.05 and game.can_undo():
            game.undo()
            continue
        if roll < 0.08 and game.can_redo():
            game.redo()
            continue
        moves = game.state.legal_moves()
        plain = [m for m in moves if m.kind != REDEAL]
        if not moves:
            return
        game.apply(rng.choice(plain or moves))
    raise AssertionError("random play did not end")


def check_one(document: dict[str, Any], tmp_path: Path, seed: int) -> None:
    path = tmp_path / "fuzzed.json"
    path.write_bytes(raw_bytes(document))
    try:
        game = savefile.load(path)
    except SaveError as exc:
        message = str(exc)
        assert message.startswith(printable(str(path)))
        assert printable(message) == message and "\n" not in message
        return
    assert_consistent(game, tmp_path)
    play_out(game, seed)


@pytest.mark.parametrize("source", SAMPLES, ids=[p.name for p in SAMPLES])
def test_the_samples_themselves_load_and_play_out(source: Path, tmp_path: Path) -> None:
    game = savefile.load(source)
    assert_consistent(game, tmp_path)
    play_out(game, 0)


def fuzz(source: Path) -> Any:
    @settings(
        max_examples=60,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(document=mutated(sample(source)))
    def run(document: dict[str, Any], tmp_path: Path) -> None:
        check_one(document, tmp_path, seed=len(str(document)))

    return run


@pytest.mark.parametrize("source", SAMPLES, ids=[p.name for p in SAMPLES])
def test_mutated_samples_are_refused_or_play_out(source: Path, tmp_path: Path) -> None:
    fuzz(source)(tmp_path=tmp_path)
