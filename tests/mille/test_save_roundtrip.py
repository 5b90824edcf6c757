"""A mille game that loads can always be saved (issue #26, point 1).

The loader and the writer make one set of checks: whatever a save loads into
plays on, is saved (``s``, and the hang-up recovery save) and loads again to
the same game. The property runs over mutated copies of every sample in
saves/ (``tests.savefuzz.mutated``, and small nudges of the whole numbers,
which the hostile values of the fuzz never make: a hand count of 2 for 1).
"""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.core.saves import SaveError, write_save
from parlour.mille.cli import LazyComputer, load_saved, restored_app
from parlour.mille.files import savefile
from parlour.mille.files.gamedata import game_to_dict
from parlour.mille.files.stats import summarize_hand
from parlour.mille.game.rules import Game
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase
from parlour.mille.terminal.app import MilleApp
from parlour.mille.terminal.flow import ANOTHER_GAME, ANOTHER_HAND, EXTENSION, REALLY, SAME_FILE
from parlour.tui import keys
from tests.hypothesis_profiles import examples
from tests.mille.test_app import press
from tests.savefuzz import mutated, raw_bytes

SAVES = Path(__file__).resolve().parents[2] / "saves"
SAMPLES = sorted(SAVES.glob("mille-*.json"))
V1_ANOTHER_HAND = SAVES / "mille-v1-another-hand.json"
ENDS = (ANOTHER_HAND, ANOTHER_GAME)
MAX_KEYS = 5000
"""Far more keys than one hand of random play needs."""


class QuickComputer(LazyComputer):
    """The level's real player for its first decision (so its memory goes through the real
    restore and ``memory()``), then random legal moves: a hand takes milliseconds."""

    def __init__(self, game: Game, memory: dict[str, Any], level: str, seed: int) -> None:
        super().__init__(game.seed, memory, level)
        self.game = game
        self.rng = random.Random(seed)
        self.decided = False

    def choose_move(self, view: SeatView) -> Move:
        if not self.decided:
            self.decided = True
            return super().choose_move(view)
        return self.rng.choice(self.game.legal_moves())

    def wants_extension(self, view: SeatView) -> bool:
        return self.rng.random() < 0.5


def move_keys(move: Move) -> str:
    """The keys a player types for ``move``."""
    if move.kind == "pick":
        return "p"
    slot = "p" if move.slot == 0 else str(move.slot)
    return ("u" if move.kind == "use" else "d") + slot + " "


def play_on(app: MilleApp, rng: random.Random, moves: int | None = None) -> None:
    """Random legal play through the keys until the hand ends (or ``moves`` human moves)."""
    for _ in range(MAX_KEYS):
        ask = app.flow.ask
        if ask is not None and ask.text in ENDS or moves == 0:
            return
        if ask is not None:
            assert ask.text == EXTENSION, ask.text
            press(app, rng.choice("yn"))
            continue
        assert app.game.phase is Phase.TURN and app.game.turn == HUMAN
        press(app, move_keys(rng.choice(app.game.legal_moves())))
        moves = None if moves is None else moves - 1
    raise AssertionError("the hand did not end")


def assert_loads_as(app: MilleApp, path: Path, prompt: str) -> None:
    """The save at ``path`` loads into exactly the app's game, identity, screen and memory."""
    saved = load_saved(str(path))
    assert saved.game == app.game
    assert saved.meta == app.meta
    assert saved.ui == app.ui_state(prompt)
    assert saved.computer == (app.computer_memory() or {})


def save_with_s(app: MilleApp, path: Path) -> None:
    """``s``, then ``y`` to Same file? (the file the game came from): saved there."""
    press(app, "s")
    assert app.screen().prompt == SAME_FILE
    press(app, "y")
    assert app.saving.dialog is None and not app.saving.dirty, app.line.text


def hang_up(app: MilleApp, data: Path) -> Path:
    """End of input: the recovery save the farewell names, in the data folder."""
    press(app, [keys.EOF])
    assert app.finished and app.exit_message is not None
    (recovery,) = data.glob("mille-recovery-*.json")
    assert f"your game was saved to {recovery}\n" in app.exit_message
    return recovery


def check_plays_on_and_saves(path: Path, data: Path, seed: int) -> None:
    """Load ``path`` (refused: nothing to check); save it as loaded, play on to the end of
    the hand and save with ``s``, deal the next hand, play a little and hang up: every save
    loads again to the same game."""
    try:
        saved = load_saved(str(path))
    except SaveError as exc:
        assert str(path) in str(exc) and "\n" not in str(exc)
        return
    rng = random.Random(seed)
    opponent = QuickComputer(saved.game, saved.computer, saved.meta.level, seed)
    app = restored_app(str(path), saved, opponent)
    if app.flow.ask is not None and app.flow.ask.text == REALLY:
        press(app, "n")
    save_with_s(app, path)
    assert_loads_as(app, path, app.flow.ask.name if app.flow.ask else "move")
    if app.flow.ask is None or app.flow.ask.text not in ENDS:
        play_on(app, rng)
    save_with_s(app, path)
    assert app.flow.ask is not None
    assert_loads_as(app, path, app.flow.ask.name)
    press(app, "y")
    play_on(app, rng, rng.randrange(8))
    recovery = hang_up(app, data)
    assert_loads_as(app, recovery, app.flow.base_name())


def _int_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of the whole numbers in a document (not the generator's state words)."""
    if type(value) is int:
        return [prefix]
    if isinstance(value, dict):
        items = [(key, value[key]) for key in sorted(value) if key != "rng"]
    elif isinstance(value, list):
        items = list(enumerate(value))
    else:
        return []
    return [path for key, item in items for path in _int_paths(item, (*prefix, key))]


@st.composite
def nudged(draw: st.DrawFn, document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with one or two whole numbers moved by a little (1 -> 2, 0 -> 1 ...)."""
    doc = copy.deepcopy(document)
    paths = _int_paths(doc)
    depths = sorted({len(path) for path in paths})
    for _ in range(draw(st.integers(1, 2))):
        depth = draw(st.sampled_from(depths))  # depth first: the game's few counts as often
        path = draw(st.sampled_from([path for path in paths if len(path) == depth]))
        place = doc
        for step in path[:-1]:
            place = place[step]
        place[path[-1]] += draw(st.sampled_from((-2, -1, 1, 2)))
    return doc


def _document(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


@pytest.fixture
def data() -> Path:
    return Path(os.environ["PARLOUR_DATA_DIR"])


def _empty(folder: Path) -> None:
    for entry in folder.iterdir():
        if entry.is_dir():
            shutil.rmtree(entry)
        else:
            entry.unlink()


def test_the_issue_example_loads_plays_and_saves(tmp_path: Path, data: Path) -> None:
    """saves/mille-v1-another-hand.json with ``"hands_played": 1`` changed to 2 (issue #26):
    ``s`` and the hang-up save were refused on load ("the next starting player does not
    alternate"); both now load to the same game, and the next hand goes to the human, who
    starts the odd hands."""
    path = tmp_path / "h2.json"
    document = _document(V1_ANOTHER_HAND)
    document["state"]["game"]["hands_played"] = 2
    path.write_text(json.dumps(document))
    saved = load_saved(str(path))
    assert (saved.game.starter, saved.game.next_starter) == (HUMAN, HUMAN)
    check_plays_on_and_saves(path, data, 7)


def test_a_first_hand_carrying_points_is_refused_as_it_loads(tmp_path: Path, data: Path) -> None:
    """Found by the property: a format 1 save of hand 1 whose computer carries 1 point from
    no earlier hand loaded, and was refused on every save after it ("the hand summaries do
    not add up to the totals"). It is now refused as it loads, naming what is wrong."""
    document = _document(SAVES / "mille-v1-extension-question.json")
    document["state"]["game"]["players"][COMPUTER]["overall_total"] += 1
    path = tmp_path / "carried.json"
    path.write_text(json.dumps(document))
    with pytest.raises(SaveError) as refusal:
        load_saved(str(path))
    reason = "is damaged: the totals carry more points than the earlier hands could score"
    assert str(refusal.value) == f"{path}: {reason}"
    check_plays_on_and_saves(path, data, 1)


def test_a_format_1_save_at_a_hand_end_saves_with_that_hand_summarised(tmp_path: Path) -> None:
    """Format 1 kept no hand summaries: the hand that just ended is summarised as the save
    loads, so saving it as it is (no app in between) writes what the loader takes."""
    saved = savefile.load_saved(V1_ANOTHER_HAND)
    assert saved.meta.hands == [summarize_hand(saved.game)] and not saved.meta.complete
    path = tmp_path / "again.json"
    savefile.save(path, saved.game, saved.ui, saved.computer, saved.meta)
    again = savefile.load_saved(path)
    assert (again.game, again.meta, again.ui) == (saved.game, saved.meta, saved.ui)


def test_a_format_1_save_keeps_the_alternation_by_the_hand_number(tmp_path: Path) -> None:
    """An old save of hand 2 that the human started (an old restore let the human start
    it): the human starts hand 3 too, as the hand number has it, and a save written after
    loading loads again."""
    game = Game.new(8)
    game.hands_played = 2  # the human started hand 2, out of the alternation
    path = tmp_path / "old.json"
    write_save(path, "mille", 1, game.seed, {"game": game_to_dict(game), "ui": {}})
    saved = savefile.load_saved(path)
    assert (saved.game.starter, saved.game.next_starter) == (HUMAN, HUMAN)
    savefile.save(path, saved.game, saved.ui, saved.computer, saved.meta)
    assert savefile.load_saved(path).game == saved.game


def test_a_save_the_loader_would_refuse_is_not_written(tmp_path: Path) -> None:
    """The writer makes the loader's checks: an ended hand without its summary (what a
    format 1 save gave before it was summarised as it loaded) is refused before anything
    is written; it would make a file that never loads."""
    game = Game.new(3)
    while game.phase in (Phase.TURN, Phase.EXTENSION):
        if game.phase is Phase.EXTENSION:
            game.answer_extension(False)
        else:
            game.apply(game.legal_moves()[-1])
    meta = savefile.Meta("0" * 32, hands=[], complete=False)
    path = tmp_path / "g.json"
    with pytest.raises(SaveError, match="not saved: the last hand's summary does not match"):
        savefile.save(path, game, {}, None, meta)
    assert not path.exists()
    savefile.save(path, game, {}, None, savefile.fresh_meta(game))
    assert savefile.load_saved(path).game == game


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_whatever_loads_plays_on_saves_and_loads_again(
    sample: Path, tmp_path: Path, data: Path
) -> None:
    document = _document(sample)
    target = tmp_path / "mutated.json"

    @settings(
        max_examples=examples(30),
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(st.one_of(mutated(document), nudged(document)), st.integers(0, 2**16))
    def check(doc: dict[str, Any], seed: int) -> None:
        _empty(data)
        target.write_bytes(raw_bytes(doc))
        check_plays_on_and_saves(target, data, seed)

    check()


def test_the_computer_seat_is_quick_but_real_at_first() -> None:
    """The test's opponent makes its level's first decision itself (its memory is real)."""
    game = Game.new(5)
    game.apply(Move("pick"))
    game.apply(next(m for m in game.legal_moves() if m.kind == "discard"))
    assert game.turn == COMPUTER
    opponent = QuickComputer(game, {}, "classic", 1)
    opponent.choose_move(game.view(COMPUTER))
    assert opponent.memory()["player"] == "classic"
