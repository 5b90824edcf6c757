"""Loading Dix Mille saves is total: a consistent, playable game or one SaveError."""

from __future__ import annotations

import copy
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parlour.core import paths, saves
from parlour.core.saves import SaveError
from parlour.dixmille.files import savefile, statsfile
from parlour.dixmille.game.rules import Game
from parlour.dixmille.terminal.app import DixMilleApp
from parlour.tui.glyphs import ASCII
from tests.dixmille.helpers import read_games

SAMPLE = Path(__file__).resolve().parents[3] / "saves" / "dixmille-v1-alice-zedx-midturn.json"
Doc = dict[str, Any]


def sample() -> Doc:
    doc: Doc = json.loads(SAMPLE.read_text(encoding="utf-8"))
    return doc


def write(tmp_path: Path, doc: Doc | str) -> Path:
    path = tmp_path / "game.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def refused(tmp_path: Path, doc: Doc | str) -> str:
    with pytest.raises(SaveError) as info:
        savefile.load(write(tmp_path, doc))
    message = str(info.value)
    assert "\n" not in message and "\x1b" not in message
    return message


def test_the_sample_loads_and_its_derived_id_is_stable(tmp_path: Path) -> None:
    first = savefile.load(SAMPLE)
    again = savefile.load(SAMPLE)
    assert first.game_id is not None and first.game_id == again.game_id
    other = sample()
    other["saved_at"] = "2026-11-29T20:46:37+00:00"
    assert savefile.load(write(tmp_path, other)).game_id != first.game_id


def test_a_save_keeps_the_game_id(tmp_path: Path) -> None:
    game = savefile.load(SAMPLE)
    target = tmp_path / "again.json"
    savefile.save(target, game)
    assert json.loads(target.read_text(encoding="utf-8"))["state"]["game_id"] == game.game_id
    assert savefile.load(target).game_id == game.game_id


def _player(i: int, **fields: object) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        doc["state"]["players"][i].update(fields)

    return change


def _state(**fields: object) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        doc["state"].update(fields)

    return change


def _first_turn(**fields: object) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        doc["state"]["players"][0]["turns"][0].update(fields)

    return change


def _first_take(taken: list[int]) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        decision = doc["state"]["players"][0]["turns"][0]["decisions"][0]
        assert decision["d"] == "take" and decision["thrown"] == [1, 1, 2, 3, 4, 4]
        decision["taken"] = taken

    return change


def _first_turn_decision(index: int, **fields: object) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        doc["state"]["players"][0]["turns"][0]["decisions"][index].update(fields)

    return change


def _first_turn_last(doc: Doc) -> None:
    for decision in doc["state"]["players"][0]["turns"][0]["decisions"]:
        decision["last"] = True


def _repeat_last_decision(doc: Doc) -> None:
    decisions = doc["state"]["players"][0]["turns"][0]["decisions"]
    decisions.append(dict(decisions[-1]))


def _rng(index: int, value: object) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        doc["state"]["rng"][1][index] = value

    return change


def _zero_rng(doc: Doc) -> None:
    doc["state"]["rng"][1][:624] = [0] * 624


REFUSALS: dict[str, tuple[Callable[[Doc], None], str]] = {
    "empty name": (_player(0, name=""), "at least one character"),
    "long name": (_player(0, name="A" * 11), "at most 10"),
    "control characters": (_player(0, name="Al\x1b]0;x\x07"), "printable"),
    "duplicate name": (_player(1, name="alice", computer=False), "names must differ"),
    "second ZEDX": (_player(0, name="ZEDX", computer=True), "only one computer"),
    "untrimmed name": (_player(0, name=" Alice"), "as the game writes it"),
    "computer flag": (_player(0, computer=True), "computer flag"),
    "huge score": (_player(0, score=10**12), "score is out of range"),
    "score against history": (_player(0, score=1150), "what the turns add up to"),
    "huge turn points": (_state(turn_points=10**12), "turn points is out of range"),
    "huge level": (_state(level=10**12), "one-die successes is out of range"),
    "huge cycle": (_state(cycle=10**12), "cycle is out of range"),
    "wrong cycle": (_state(cycle=5), "whose turn it is"),
    "level without success": (_state(level=1), "one-die"),
    "turn points against the turn": (_state(turn_points=0), "turn points, dice or one-die"),
    "dice against the turn": (_state(dice_left=3, thrown=[4, 6, 5]), "turn points, dice"),
    "turn that does not add up": (_first_turn(turn_points=450), "add up"),
    "turn with impossible throws": (_first_turn(throws=10**6), "throws"),
    "bonus without one-die throw": (_first_turn(bonus=500), "bonus"),
    "illegal take": (_first_take([2, 3]), "not a legal take"),
    "decision at other dice": (_first_turn_decision(1, n=5), "does not follow"),
    "turn marked last": (_first_turn_last, "marked last"),
    "take of dice not thrown": (_first_take([5]), "not thrown"),
    "four dice take": (_first_take([1, 1, 4, 4]), "not a legal take"),
    "dice on the table": (_state(thrown=[1, 2, 3]), "dice on the table"),
    "nothing to take": (_state(thrown=[4, 6, 3, 2]), "allow no take"),
    "decisions after the pass": (_repeat_last_decision, "after it ended"),
    "attempt": (_state(attempt=1), "one-die attempt"),
    "rng position": (_rng(624, 700), "generator"),
    "rng all zero": (_zero_rng, "generator"),
    "game id": (_state(game_id="x" * 32), "game id"),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_impossible_states_are_refused_with_a_save_error(tmp_path: Path, case: str) -> None:
    change, reason = REFUSALS[case]
    doc = sample()
    change(doc)
    assert reason in refused(tmp_path, doc)


def test_a_turn_that_starts_from_the_wrong_score_is_named(tmp_path: Path) -> None:
    doc = sample()
    turn = doc["state"]["players"][0]["turns"][1]
    assert turn["score_before"] == 400
    turn["score_before"] = 450
    for decision in turn["decisions"]:
        decision["banked"] = 450
    assert "Alice's turn 2 starts from 450, but the turns before it add up to 400" in refused(
        tmp_path, doc
    )


HOT_DICE = SAMPLE.with_name("dixmille-v1-three-players-four-twos-turn-hot-dice.json")


def test_hot_dice_need_six_dice_set_aside(tmp_path: Path) -> None:
    doc = json.loads(HOT_DICE.read_text(encoding="utf-8"))
    assert doc["state"]["phase"] == "choose" and doc["state"]["dice_left"] == 6
    savefile.load(write(tmp_path, doc))
    doc["state"]["aside"] = doc["state"]["aside"][:5]
    assert "hot dice without six dice set aside" in refused(tmp_path, doc)


def test_envelope_seed_outside_the_documented_range(tmp_path: Path) -> None:
    doc = sample()
    doc["seed"] = 2**63
    assert "seed" in refused(tmp_path, doc)


def test_an_integer_literal_too_long_for_python(tmp_path: Path) -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace('"cycle": 4', '"cycle": ' + "9" * 5000)
    assert "damaged" in refused(tmp_path, text)


def test_every_sample_field_is_needed(tmp_path: Path) -> None:
    """Removing any field of the state is refused, never a crash."""
    base = sample()
    for key in base["state"]:
        if key == "game_id":
            continue
        doc = copy.deepcopy(base)
        del doc["state"][key]
        refused(tmp_path, doc)


def test_a_loaded_game_can_be_quit_and_recorded() -> None:
    """The quitting path analyses every recorded decision: a loaded one must not crash it."""
    game = savefile.load(SAMPLE)
    app = DixMilleApp(ASCII, game=game, pace=0, save_path=str(SAMPLE))
    for key in ("3", "ENTER", "Q", "y", "n"):  # take the 5, quit without saving
        app.handle_key(key)
    assert app.finished
    games, message = read_games()
    assert message is None and [g.game_id for g in games] == [game.game_id]


def _played_app() -> DixMilleApp:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=5, pace=0)
    app.handle_key("t")
    return app


def test_recovery_saves_never_share_a_name_and_the_message_names_the_file() -> None:
    first, second = _played_app(), _played_app()
    first.end_of_input()
    second.end_of_input()
    paths = []
    for app in (first, second):
        message = app.exit_message or ""
        assert "your game was saved to" in message
        path = Path(message.split("saved to ", 1)[1].split(";", 1)[0])
        assert path.name.startswith("dixmille-recovery-") and path.exists()
        assert savefile.load(path).to_dict() == app.game.to_dict()  # type: ignore[union-attr]
        paths.append(path)
    assert paths[0] != paths[1]
    assert not statsfile.KEEPER.ledger_path().exists()  # saved, so not recorded as abandoned


def test_emergency_save_never_raises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _played_app()
    saved = app.emergency_save()
    assert saved is not None and savefile.load(saved).seed == 5
    # a crash in the middle of a move leaves a state that would be refused: not written
    assert app.game is not None
    app.game.turn_points = 12_345
    assert app.emergency_save() is None
    games, _ = read_games()  # the game is lost: its statistics are kept
    assert len(games) == 1 and games[0].game_id == app.game.game_id and not games[0].finished
    app.game.turn_points = 0
    # an unusable data folder: the current folder takes it, else nothing, never a raise
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    monkeypatch.chdir(tmp_path)
    saved = app.emergency_save()
    assert saved is not None and Path(saved).parent == tmp_path
    if sys.platform != "win32" and os.geteuid() != 0:  # chmod makes no folder unwritable there
        os.chmod(tmp_path, 0o500)
        try:
            assert app.emergency_save() is None
        finally:
            os.chmod(tmp_path, 0o700)


def test_end_of_input_without_a_folder_records_the_game_instead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _played_app()
    assert app.game is not None
    app.game.turn_points = 12_345  # not a state a recovery file may hold
    app.end_of_input()
    message = app.exit_message or ""
    assert "could not be saved" in message
    games, _ = read_games()
    assert len(games) == 1 and not games[0].finished


def test_a_game_that_would_not_load_again_is_not_saved_and_the_fault_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fault without words of its own is named by its kind."""
    game = savefile.load(SAMPLE)

    def silent(game: object) -> None:
        raise ValueError()

    monkeypatch.setattr(savefile, "check_consistent", silent)
    target = tmp_path / "never.json"
    with pytest.raises(SaveError) as info:
        savefile.save(target, game)
    assert info.value.reason == "the game would not load again as it stands (ValueError)"
    assert not target.exists()


# -----
# Dix Mille's recovery save and old saves' ids, pinned word for word (#15).
#
# A recovery save is what an interrupted game leaves behind: where it lands, and
# the one line a player reads when it cannot be written, are what these pin.


def game() -> Game:
    return savefile.load(SAMPLE)


def refusal(current: Game) -> str:
    with pytest.raises(SaveError) as caught:
        savefile.save_recovery(current)
    return str(caught.value)


posix_cwd = pytest.mark.skipif(
    sys.platform == "win32",
    reason="Windows never lets the current folder be removed: there it is always there to save in",
)


def no_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()


def test_a_half_applied_game_is_not_saved_for_recovery() -> None:
    current = game()
    current.turn_points = 12_345
    assert refusal(current) == "dixmille-recovery: the game is in the middle of a move"


def test_without_any_folder_the_message_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "recovery_folders", lambda near=None: [])
    assert refusal(game()) == "dixmille-recovery: no folder could take it (no folder to save in)"


@posix_cwd
def test_a_data_folder_that_is_a_file_is_named_with_the_system_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    monkeypatch.setenv("HOME", str(blocker))
    no_current_folder(tmp_path, monkeypatch)
    assert refusal(game()) == (
        f"dixmille-recovery: no folder could take it (the data folder {blocker} (set by"
        " PARLOUR_DATA_DIR) is a file (or lies under one), not a folder)"
    )


@pytest.mark.parametrize("error", [OSError, RuntimeError, KeyError])
def test_a_data_folder_that_cannot_be_found_gives_way_to_the_current_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: type[Exception]
) -> None:
    def broken(create: bool = True) -> Path:
        raise error("no home folder")

    monkeypatch.setattr(paths, "data_dir", broken)
    monkeypatch.chdir(tmp_path)
    saved = savefile.save_recovery(game())
    assert saved.parent == tmp_path and saved.name.startswith("dixmille-recovery-")
    assert savefile.load(saved).to_dict() == game().to_dict()


def test_a_failed_write_tries_the_next_folder_and_leaves_no_empty_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(data))
    monkeypatch.chdir(here)
    real = savefile.write_save
    failed: list[Path] = []

    def full_disk_in_data(path: Path, *args: object) -> object:
        if Path(path).parent == data:
            failed.append(Path(path))
            raise SaveError(path, "the disk is full")
        return real(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(savefile, "write_save", full_disk_in_data)
    saved = savefile.save_recovery(game())
    assert saved.parent == here and savefile.load(saved).to_dict() == game().to_dict()
    assert failed and list(data.iterdir()) == []


@posix_cwd
def test_when_every_write_fails_the_first_folder_s_reason_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    no_current_folder(tmp_path, monkeypatch)
    tried: list[Path] = []

    def vanishing(path: Path, *args: object) -> object:
        tried.append(Path(path))
        Path(path).unlink()  # the file went away too: removing it again must not raise
        raise SaveError(path, "the disk is full")

    monkeypatch.setattr(savefile, "write_save", vanishing)
    assert refusal(game()) == (
        f"dixmille-recovery: no folder could take it ({tmp_path}: the disk is full)"
    )
    assert [path.parent for path in tried] == [tmp_path, Path(os.environ["HOME"])]


def test_old_saves_of_two_deals_made_the_same_second_are_two_games(tmp_path: Path) -> None:
    ids = set()
    for seed in (5, 6):
        doc = json.loads(SAMPLE.read_text(encoding="utf-8"))
        doc["seed"] = seed
        doc["state"].pop("game_id", None)
        path = tmp_path / f"old-{seed}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        ids.add(savefile.load(path).game_id)
    assert len(ids) == 2
