"""The mille app's save dialogue as a part of its own (issue #29), no app, and its
recovery saves.

A mille recovery save always lands somewhere (issue #26, point 2).

At a hang-up (end of input) or after a crash the game goes, under a name no
other file has, to the first folder that takes it: the data folder, the folder
of the save the game came from or was last saved to, the current folder, the
home folder. The farewell names the file. The disks are real: a 64 KiB tmpfs
filled to the last byte, and one mounted read-only (the fixtures skip with the
reason where mounting is not allowed).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from parlour.core.saves import SaveError
from parlour.mille.cli import load_saved, restored_app
from parlour.mille.files import savefile
from parlour.mille.game.rules import Game
from parlour.mille.terminal.app import MilleApp
from parlour.mille.terminal.messages import MessageLine
from parlour.mille.terminal.saving import NOT_SAVED, Saving
from parlour.tui import keys
from tests.mille.drive import make_app, press
from tests.mille.opponents import FirstLegal, human_keys


class Writer:
    """A save writer that records what it was asked, and fails when told to."""

    def __init__(self, fails: str | None = None) -> None:
        self.calls: list[tuple[str, str]] = []
        self.fails = fails

    def __call__(self, path: str, prompt: str) -> None:
        if self.fails is not None:
            raise SaveError(path, self.fails)
        self.calls.append((path, prompt))
        Path(path).write_text("{}", encoding="utf-8")


def typed(part: Saving, text: str) -> None:
    for key in text:
        part.key(key)
    part.key(keys.ENTER)


def test_a_first_save_asks_a_name_writes_it_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    writer, line, ended = Writer(), MessageLine(), []
    part = Saving(writer, line)
    part.dirty = True
    part.start("another_hand", lambda: ended.append("saved"), lambda: ended.append("not"))
    assert part.dialog is not None and part.dialog.stage == "name"
    typed(part, "g.json")
    assert writer.calls == [("g.json", "another_hand")] and ended == ["saved"]
    assert part.dialog is None and part.save_path == "g.json" and not part.dirty
    assert line.text.startswith("g.json [") and not line.bell


def test_once_saved_same_file_is_offered_and_n_asks_a_new_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    writer = Writer()
    part = Saving(writer, MessageLine(), save_path="first.json")
    part.start("move", lambda: None, lambda: None)
    assert part.dialog is not None and part.dialog.stage == "same"
    part.key("q")  # neither y nor n
    assert part.line.text == "type y or n" and part.line.bell and part.dialog.stage == "same"
    part.key("y")
    assert writer.calls == [("first.json", "move")]
    part.start("move", lambda: None, lambda: None)
    part.key("N")
    assert part.dialog is not None and part.dialog.stage == "name"


def test_an_existing_file_is_overwritten_only_on_y(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken.json").write_text("keep", encoding="utf-8")
    writer, ended = Writer(), []
    part = Saving(writer, MessageLine())
    part.start("move", lambda: ended.append("saved"), lambda: ended.append("not"))
    typed(part, "taken.json")
    assert part.dialog is not None and part.dialog.stage == "overwrite"
    part.key("n")
    assert ended == ["not"] and part.line.text == NOT_SAVED and writer.calls == []
    assert (tmp_path / "taken.json").read_text(encoding="utf-8") == "keep"
    part.start("move", lambda: ended.append("saved"), lambda: ended.append("not"))
    typed(part, "taken.json")
    part.key("y")
    assert ended == ["not", "saved"] and writer.calls == [("taken.json", "move")]


@pytest.mark.parametrize("how", ["esc", "empty", "interrupt-at-same"])
def test_a_save_given_up_says_not_saved_and_runs_the_failure_ending(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    line, ended = MessageLine("old.json [12:00:00]"), []
    part = Saving(Writer(), line, save_path="old.json" if how == "interrupt-at-same" else None)
    part.dirty = True
    part.start("move", lambda: ended.append("saved"), lambda: ended.append("not"))
    if how == "esc":
        part.key("x")
        part.key(keys.ESC)
    elif how == "empty":
        typed(part, "   ")
    else:
        part.key(keys.INTERRUPT)
    assert ended == ["not"] and line.text == NOT_SAVED and part.dialog is None and part.dirty


def test_a_failed_write_names_the_cause_rings_and_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    line, ended = MessageLine(), []
    part = Saving(Writer(fails="disk full"), line, save_path="old.json")
    part.dirty = True
    part.start("move", lambda: ended.append("saved"), lambda: ended.append("not"))
    part.key("y")
    assert ended == ["not"] and line.bell and line.text == "not saved: disk full"
    assert part.save_path == "old.json" and part.dirty


def test_a_recovery_save_goes_to_a_fresh_file_or_says_why_not(tmp_path: Path) -> None:
    writer = Writer()
    saved, why = Saving(writer, MessageLine()).recovery_save("mille-recovery", "extension")
    assert saved is not None and why == "" and Path(saved).name.startswith("mille-recovery-")
    assert writer.calls == [(saved, "extension")]
    part = Saving(Writer(fails="no room"), MessageLine(), save_path=str(tmp_path / "g.json"))
    saved, why = part.recovery_save("mille-crash", "move")
    assert saved is None and "no room" in why


def _use_data_folder(folder: Path) -> None:
    os.environ["PARLOUR_DATA_DIR"] = str(folder)


def _hang_up(app: MilleApp) -> Path:
    """End of input; the one recovery file the farewell names (it loads to the game)."""
    app.end_of_input()
    message = app.exit_message or ""
    assert message.startswith("mille: input ended; your game was saved to "), message
    first = message.split("\n")[0]
    path = Path(first.removeprefix("mille: input ended; your game was saved to "))
    assert message.split("\n")[1] == f"continue it with: mille {path}"
    assert path.name.startswith("mille-recovery-") and path.suffix == ".json"
    assert savefile.load_saved(path).game == app.game
    return path


def _restored(path: Path) -> MilleApp:
    """The app as ``mille PATH`` makes it, against the quick test opponent."""
    saved = load_saved(str(path))
    return restored_app(str(path), saved, FirstLegal(saved.game))  # type: ignore[arg-type]


def test_a_full_data_folder_sends_the_game_beside_its_save(
    full_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_data_folder(full_disk)
    saves = tmp_path / "saves"
    saves.mkdir()
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    origin = saves / "mine.json"
    savefile.save(origin, Game.new(4), {})
    app = _restored(origin)
    press(app, "p")
    recovery = _hang_up(app)
    assert recovery.parent == saves
    assert not list(full_disk.glob("mille-recovery-*"))  # the reserved name was removed


def test_a_full_data_folder_sends_a_new_game_to_the_current_folder(
    full_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_data_folder(full_disk)
    monkeypatch.chdir(tmp_path)
    app = make_app()
    press(app, "p")
    assert _hang_up(app).parent == tmp_path


def test_the_last_saved_file_is_the_place_after_the_data_folder(
    full_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new game saved with s, played on and hung up: beside the file just written."""
    _use_data_folder(full_disk)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kept").mkdir()
    app = make_app()
    press(app, ["p", "s", *"kept/g.json", keys.ENTER])
    assert app.saving.save_path == "kept/g.json"
    press(app, human_keys(app.game))
    assert _hang_up(app).parent == tmp_path / "kept"


def test_a_full_current_folder_too_sends_the_game_home(
    full_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_data_folder(full_disk)
    monkeypatch.chdir(full_disk)
    app = make_app()
    press(app, "p")
    assert _hang_up(app).parent == Path(os.environ["HOME"])


def test_a_crash_save_takes_the_same_way(
    full_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_data_folder(full_disk)
    monkeypatch.chdir(tmp_path)
    app = make_app()
    press(app, "p")
    saved = app.emergency_save()
    assert saved is not None and Path(saved).parent == tmp_path
    assert Path(saved).name.startswith("mille-crash-")
    assert savefile.load_saved(saved).game == app.game


def test_no_folder_at_all_is_said_in_one_line_and_the_game_is_recorded(
    read_only_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Data folder, current folder and home all read-only: nothing is written anywhere, the
    farewell says why, and the statistics record says it could not be kept either."""
    _use_data_folder(read_only_disk)
    monkeypatch.setenv("HOME", str(read_only_disk))
    monkeypatch.chdir(read_only_disk)
    app = make_app()
    press(app, "p")
    app.end_of_input()
    lines = (app.exit_message or "").split("\n")
    assert lines[0] == (
        "mille: input ended; the game could not be saved: no folder could take it "
        f"(the data folder {read_only_disk} (set by PARLOUR_DATA_DIR) is on a read-only disk)"
    )
    assert lines[1:] == ["Statistics not recorded; they could not be kept either."]
    assert app.emergency_save() is None
    assert os.listdir(read_only_disk) == []


def _remount(folder: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(folder)], check=True)


def test_resuming_a_recovery_save_from_a_read_only_data_folder_loses_nothing(
    read_only_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's case: the recovery save lies in the data folder, which is read-only now;
    the moves made since loading it go to the current folder at the next hang-up."""
    _use_data_folder(read_only_disk)
    _remount(read_only_disk, "rw")
    first = make_app()
    press(first, "p")
    earlier = _hang_up(first)
    assert earlier.parent == read_only_disk
    _remount(read_only_disk, "ro")
    monkeypatch.chdir(tmp_path)
    app = _restored(earlier)
    press(app, human_keys(app.game))  # the moves since loading
    press(app, human_keys(app.game))
    assert app.saving.dirty
    later = _hang_up(app)
    assert later.parent == tmp_path
    assert savefile.load_saved(later).game == app.game != savefile.load_saved(earlier).game
