"""A game that loads can always be saved (issue #26, point 1).

One set of checks for reading and writing: a save is refused on load by exactly the
checks a state must pass to be written (:func:`parlour.dixmille.files.savefile.save` runs
them), and every state play reaches from a state they accept passes them again. The
property: whatever loads (the samples in saves/, mutated or not), plays on to the end
of a turn, is saved, and loads again as the same game; three turns in a row.
"""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.rng import below, make_rng
from parlour.core.saves import SaveError
from parlour.dixmille.files import savefile
from parlour.dixmille.files.gamedata import game_to_dict
from parlour.dixmille.game.rules import MAX_CYCLES, Game, Throw, new_game
from parlour.dixmille.terminal.app import DixMilleApp
from parlour.tui.glyphs import ASCII
from tests.savefuzz import mutations, raw_bytes

SAVES = Path(__file__).resolve().parents[2] / "saves"
SAMPLES = sorted(SAVES.glob("dixmille-*.json"))
TURNS = 3
MOVES_PER_TURN = 5_000


@functools.cache
def _document(sample: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(sample.read_text(encoding="utf-8"))
    return document


def play_turn(game: Game, chooser: random.Random) -> None:
    """Random legal moves until the player to move changes (or the game ends)."""
    seat, cycle = game.seat, game.cycle
    for _ in range(MOVES_PER_TURN):
        if game.over or (game.seat, game.cycle) != (seat, cycle):
            return
        moves = game.legal_moves()
        game.apply(moves[below(chooser, len(moves))])
    raise AssertionError("a turn did not end")


def save_and_load(game: Game, path: Path) -> Game:
    """``game`` saved to ``path`` and loaded again: the same game, its id and seed too."""
    savefile.save(path, game)
    again = savefile.load(path)
    assert game_to_dict(again) == game_to_dict(game)
    assert (again.game_id, again.seed) == (game.game_id, game.seed)
    return again


@pytest.mark.parametrize("sample", SAMPLES, ids=[p.name for p in SAMPLES])
@given(data=st.data())
@settings(max_examples=30, deadline=None, derandomize=True)
def test_whatever_loads_plays_on_saves_and_loads_again(
    sample: Path, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("roundtrip")
    path = folder / sample.name
    if data.draw(st.booleans(), label="mutated"):
        path.write_bytes(raw_bytes(data.draw(mutations(_document(sample))).document))
    else:
        path.write_bytes(sample.read_bytes())
    try:
        game = savefile.load(path)
    except SaveError:
        return
    chooser = random.Random(data.draw(st.integers(0, 2**32), label="play"))
    for turn in range(TURNS):
        if game.over:
            break
        play_turn(game, chooser)
        game = save_and_load(game, folder / f"turn-{turn}.json")


def test_a_game_of_players_who_never_bank_ends_at_the_cycle_limit_and_saves_on_the_way(
    tmp_path: Path,
) -> None:
    """Throwing until the dice bust, turn after turn, a game would go on for ever; the
    rules end it after cycle 500, and it saves and loads at every cycle on the way."""
    game = new_game(["Ann", "Bob"], make_rng(3), 3)
    for _ in range(100_000):  # about 10,000 moves reach the limit
        if game.over or game.cycle > MAX_CYCLES:
            break
        moves = game.legal_moves()
        game.apply(Throw() if Throw() in moves else moves[0])
        if game.cycle % 100 == 0 and game.seat == 0 and not game.record.throws:
            game = save_and_load(game, tmp_path / f"cycle-{game.cycle}.json")
    assert (game.cycle, [len(p.turns) for p in game.players]) == (MAX_CYCLES, [500, 500])
    assert max(p.score for p in game.players) < 10_000
    save_and_load(game, tmp_path / "over.json")


def half_applied() -> Game:
    """A state no play reaches (a move's points counted without its dice)."""
    game = savefile.load(SAMPLES[0])
    game.turn_points += 50
    return game


def test_a_state_the_loader_would_refuse_is_not_written(tmp_path: Path) -> None:
    target = tmp_path / "x.json"
    with pytest.raises(SaveError) as refused:
        savefile.save(target, half_applied())
    assert refused.value.reason == (
        "the game would not load again as it stands (the turn points, dice or one-die"
        " successes do not match the…)"
    )
    assert not target.exists()


def test_the_save_dialogue_says_why_such_a_state_is_not_saved(tmp_path: Path) -> None:
    app = DixMilleApp(ASCII, game=half_applied(), pace=0)
    app.handle_key("S")
    app.keep.saving.editor.text = str(tmp_path / "x.json")
    app.handle_key("ENTER")
    rows = app.render(24, 80).to_text().split("\n")
    assert rows[20] == (
        "Not saved: the game would not load again as it stands (the turn points, dice or…"
    )
    assert not (tmp_path / "x.json").exists()
