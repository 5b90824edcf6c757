"""A game that loads can always be saved (issue #26 point 1).

The checks a save must pass when it is loaded are the checks a game must pass to be
written (``Game.check_consistent``). So whatever the loader takes (the samples in saves/,
the same with every counter at its bound, and mutated copies of both) plays on in the
app to the end of its deal (a redeal, or the game's end), with the clock running, undos
and redos, and is then saved with ``S`` and at a hang-up, and each file loads again to
the same game.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from parlour.core.saves import SaveError
from parlour.midnightoil.files import savefile
from parlour.midnightoil.game.history import MAX_ELAPSED, MAX_UNDOS, Game
from parlour.midnightoil.game.rules import REDEAL
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.tui.glyphs import ASCII
from tests.hypothesis_profiles import examples
from tests.midnightoil.farewell import RECOVERED
from tests.savefuzz import mutated, raw_bytes

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "saves").glob("midnightoil-*.json"))
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


def fuzz(source: Path, at_bounds: bool) -> Any:
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
    fuzz(source, at_bounds)(tmp_path=tmp_path)
