"""Mille save files: round trip, the Extension? question kept, strict refusal of bad files.

Mille Bornes save files: the refusals a player reads when saving, and what a save made
without the game's statistics (or by an old version) keeps, pinned (#15).

A mille game that loads can always be saved (issue #26, point 1).

The loader and the writer make one set of checks: whatever a save loads into
plays on, is saved (``s``, and the hang-up recovery save) and loads again to
the same game. The property runs over mutated copies of every sample in
saves/ (``tests.savefuzz.mutated``, and small nudges of the whole numbers,
which the hostile values of the fuzz never make: a hand count of 2 for 1).

Mutated copies of the mille sample saves: refused with SaveError, or loaded and playable.

Every sample in saves/mille-*.json is mutated by ``tests.savefuzz`` (hostile
numbers, wrong types, escapes, deleted and added keys, list edits). A mutated
file must either be refused with :class:`SaveError` (one line naming the file),
or load into a game that passes the consistency check, restores into the app
(screen state, level, memory, the hand's decisions, whose review starts and
shows) and that seeded random legal play finishes (to
Another game?), staying consistent at every hand's end. The longer run of the
same fuzz is ``bench/save_fuzz.py``.
"""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.core.ledger import is_game_id, new_game_id
from parlour.core.saves import SaveError, write_save
from parlour.mille.cli import LazyComputer, load_saved, restored_app
from parlour.mille.computer.handlog import HandLog
from parlour.mille.computer.review.reviewer import Reviewer
from parlour.mille.files import savefile
from parlour.mille.files.gamedata import check_consistent, game_from_dict, game_to_dict
from parlour.mille.files.stats import summarize_hand
from parlour.mille.game.rules import Game
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase
from parlour.mille.terminal.app import MilleApp
from parlour.mille.terminal.flow import ANOTHER_GAME, ANOTHER_HAND, EXTENSION, REALLY, SAME_FILE
from parlour.mille.terminal.review_view import page_count, render_review
from parlour.tui import keys
from parlour.tui.glyphs import UNICODE
from tests.hypothesis_profiles import examples
from tests.mille.craft import C, craft, drove, go, hand, play, rebalance, use
from tests.mille.drive import press
from tests.savefuzz import mutated, raw_bytes


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
    sample = SAVES / "mille-v2-classic-hand2.json"
    game, ui, memory = savefile.load_all(sample)
    path = tmp_path / "again.json"
    savefile.save(path, game, ui, memory)
    again = savefile.load_saved(path)
    assert again.meta.level == "classic" and again.computer == memory


SAVES = Path(__file__).resolve().parents[3] / "saves"


V2_END = SAVES / "mille-v2-strong-another-hand.json"


V2_MID = SAVES / "mille-v2-classic-hand2.json"


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


def test_a_bad_screen_state_is_named_before_a_memory_that_is_not_an_object(
    tmp_path: Path,
) -> None:
    # The parts are checked in the order the file holds them: the screen state first.
    path = tmp_path / "g.json"
    with pytest.raises(SaveError) as caught:
        savefile.save(path, Game.new(1), {"x": {1, 2}}, "memory")  # type: ignore[arg-type]
    assert caught.value.path == str(path)
    assert caught.value.reason == (
        "the screen state cannot be saved (Object of type set is not JSON serializable)"
    )


@pytest.mark.parametrize(
    ("ui", "computer"), [([1], None), ({}, [1]), ({"x": {1}}, None), ({}, {"x": {1}})]
)
def test_a_part_that_cannot_be_saved_is_named_in_the_players_language(
    tmp_path: Path, ui: Any, computer: Any
) -> None:
    from parlour.core import i18n
    from tests.mille.test_save_reasons_langs import DOMAINS, english_left

    english = refusal(tmp_path / "g.json", ui, computer)
    i18n.use("fr", DOMAINS)
    french = refusal(tmp_path / "g.json", ui, computer)
    said = french.removeprefix(f"{tmp_path / 'g.json'}: ").partition(" (")[0]
    assert french != english and not english_left(said), french


def test_a_game_that_json_would_change_is_refused_naming_what_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # JSON holds lists, not tuples: a game written as something JSON changes would not
    # come back as it was played, and is refused rather than written.
    def with_a_tuple(game: Game) -> dict[str, Any]:
        data = game_to_dict(game)
        data["deck"] = tuple(data["deck"])
        return data

    monkeypatch.setattr(savefile, "game_to_dict", with_a_tuple)
    path = tmp_path / "g.json"
    with pytest.raises(SaveError) as caught:
        savefile.save(path, Game.new(1))
    assert caught.value.path == str(path)
    assert caught.value.reason == "the game state could not be encoded (deck)"
    assert not path.exists()


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


V1_MID = SAVES / "mille-v1-midhand.json"


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


REVIEW_DEALS = 4


REVIEW_STEPS = 6


MAX_MOVES = 20_000


"""Far more than a whole game of random play needs (about 1000 moves)."""


def play_to_the_end(game: Game, seed: int) -> None:
    """Random legal play (seeded) until the game is over; consistent at every hand's end."""
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if game.phase is Phase.GAME_OVER:
            check_consistent(game_from_dict(game_to_dict(game)))
            return
        if game.phase is Phase.HAND_OVER:
            check_consistent(game_from_dict(game_to_dict(game)))
            game.next_hand()
        elif game.phase is Phase.EXTENSION:
            game.answer_extension(rng.random() < 0.5)
        else:
            moves = game.legal_moves()
            assert moves, "the player to move has no legal move"
            game.apply(rng.choice(moves))
    raise AssertionError("random play did not finish the game")


def review_a_little(log: HandLog, seed: int) -> None:
    """The first decisions of a loaded log judged and shown (a few deals: cheap)."""
    reviewer = Reviewer(log, seed, deals=REVIEW_DEALS)
    for _ in range(REVIEW_STEPS):
        reviewer.step()
    for page in range(page_count(reviewer.findings(), UNICODE, reviewer.complete)):
        render_review(reviewer.findings(), page, UNICODE, reviewer.complete)


def test_there_are_samples_to_fuzz() -> None:
    assert len(SAMPLES) >= 3


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_the_samples_themselves_load_and_play_to_the_end(sample: Path) -> None:
    saved = load_saved(str(sample))
    check_consistent(saved.game)
    play_to_the_end(saved.game, 1)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_a_mutated_sample_is_refused_or_playable(sample: Path, tmp_path: Path) -> None:
    document = _document(sample)
    target = tmp_path / "mutated.json"

    @settings(
        max_examples=40,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(mutated(document))
    def check(doc: dict[str, Any]) -> None:
        target.write_bytes(raw_bytes(doc))
        try:
            saved = load_saved(str(target))
        except SaveError as exc:
            assert str(target) in str(exc) and "\n" not in str(exc)
            return
        check_consistent(saved.game)
        app = MilleApp(
            saved.game,
            LazyComputer(saved.game.seed, saved.computer, saved.meta.level),
            ui_state=saved.ui,
            meta=saved.meta,
            hand_log=saved.hand_log,
        )
        app.render(24, 80)
        review_a_little(saved.hand_log, saved.game.seed)
        play_to_the_end(saved.game, len(raw_bytes(doc)))

    check()


def test_the_consistency_check_refuses_what_loading_refuses() -> None:
    game = Game.new(3)
    check_consistent(game)
    game.players[0].hand_total += 25  # points that no card on the table earned
    with pytest.raises(ValueError, match="hand total"):
        check_consistent(game)
