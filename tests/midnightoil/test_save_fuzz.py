"""Mutated copies of the sample saves: refused with the save error, or a game that plays on.

Every file in saves/midnightoil-*.json is mutated by tests.savefuzz (hostile
numbers, NaN and infinities, escapes, wrong types, deleted, added, duplicated
and swapped parts). Loading one must either raise :class:`SaveError` (one line
naming the file, nothing raw in it) or give a game that is consistent (every
counter in range, the history replays to the position, saving it again gives
the same game) and that seeded random play, undo and redo included, finishes.
"""

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
from parlour.midnightoil.game.rules import REDEAL
from tests.savefuzz import mutated, raw_bytes

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "saves").glob("midnightoil-*.json"))
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
