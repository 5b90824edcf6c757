"""Mutated copies of every Dix Mille sample save: refused with SaveError, or a playable game.

"Playable" is what a player would do with a loaded file: play it to the end
(seeded random moves for every seat), or quit it at once, which analyses every
recorded decision and writes a statistics line that must read back.
"""

from __future__ import annotations

import functools
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.rng import below
from parlour.core.saves import SaveError
from parlour.dixmille.computer import analysis
from parlour.dixmille.files import savefile, stats
from parlour.dixmille.files.gamedata import game_from_dict, game_to_dict
from parlour.dixmille.game.rules import FOUR_TWOS_GAME, Game
from tests.savefuzz import mutations, raw_bytes

SAVES = Path(__file__).resolve().parents[2] / "saves"
SAMPLES = sorted(SAVES.glob("dixmille-*.json"))
MOVE_LIMIT = 20_000


def consistent_and_playable(game: Game, seed: int) -> None:
    """The loaded state passes the checks again, can be quit, and plays to the end."""
    again = game_from_dict(json.loads(json.dumps(game_to_dict(game))), game.seed)
    assert game_to_dict(again) == game_to_dict(game)
    # quitting now: every human decision analysed, the record written and read back
    wipes = game.four_twos == FOUR_TWOS_GAME
    for player in again.players:
        if not player.computer:
            for turn in player.turns:
                analysis.annotate(turn, wipes)
    if not again.over:
        stats.parse_record(json.loads(json.dumps(stats.game_record(again, finished=False))))
    chooser = random.Random(seed)
    for _ in range(MOVE_LIMIT):
        if game.over:
            break
        moves = game.legal_moves()
        game.apply(moves[below(chooser, len(moves))])
    assert game.over, "the loaded game did not end"
    assert max(p.score for p in game.players) >= 10_000
    stats.parse_record(json.loads(json.dumps(stats.game_record(game, finished=True))))


@pytest.mark.parametrize("sample", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_sample_is_playable(sample: Path) -> None:
    consistent_and_playable(savefile.load(sample), 1)


@functools.cache
def _document(sample: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(sample.read_text(encoding="utf-8"))
    return document


@pytest.mark.parametrize("sample", SAMPLES, ids=[p.name for p in SAMPLES])
@given(data=st.data())
@settings(max_examples=40, deadline=None, derandomize=True)
def test_mutated_samples_are_refused_or_playable(sample: Path, data: st.DataObject) -> None:
    mutated = data.draw(mutations(_document(sample)), label="mutations")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / sample.name
        path.write_bytes(raw_bytes(mutated.document))
        try:
            game = savefile.load(path)
        except SaveError as exc:
            message = str(exc)
            assert "\n" not in message and "\x1b" not in message and "\x9b" not in message
            return
    consistent_and_playable(game, 2)
