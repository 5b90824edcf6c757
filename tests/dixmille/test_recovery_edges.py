"""A recovery save always lands somewhere (issue #26, point 2).

When the terminal goes (end of input, a hang-up) or the game crashes, the game is
saved in the data folder, else beside the save it came from or was last saved to,
else in the current folder, else in the home folder (``core.saves.save_recovery``),
and the line printed names that file. The disks here are real: a 64 KiB tmpfs filled
to the last byte, and one mounted read-only (skipped where mounting is not allowed).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from parlour.dixmille.files import savefile
from parlour.dixmille.files.gamedata import game_to_dict
from parlour.dixmille.terminal.app import DixMilleApp
from parlour.tui.glyphs import ASCII
from tests.dixmille.test_one_result import key, save, to_prompt

SAMPLE = Path(__file__).resolve().parents[2] / "saves" / "dixmille-v1-alice-zedx-midturn.json"


def played(app: DixMilleApp, keys: int = 6) -> DixMilleApp:
    for _ in range(keys):
        key(app)
    assert app.keep.dirty
    return app


def resumed(path: Path) -> DixMilleApp:
    return DixMilleApp(ASCII, game=savefile.load(path), pace=0, save_path=str(path))


def hang_up(app: DixMilleApp) -> Path:
    """End of input: the recovery file the exit line names (checked word for word)."""
    app.end_of_input()
    message = app.exit_message or ""
    target = message.removeprefix("dixmille: input ended; your game was saved to ").split(";")[0]
    assert message == (
        f"dixmille: input ended; your game was saved to {target}; resume with: dixmille {target}"
    )
    path = Path(target)
    assert path.name.startswith("dixmille-recovery-") and path.suffix == ".json"
    assert app.game is not None
    assert game_to_dict(savefile.load(path)) == game_to_dict(app.game)
    return path


@pytest.fixture
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder for the player's saves; the current folder is another one."""
    folder = tmp_path / "games"
    folder.mkdir()
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    return folder


def test_a_full_data_folder_puts_the_recovery_save_beside_the_game_s_save(
    full_disk: Path, games: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = games / "mine.json"
    mine.write_bytes(SAMPLE.read_bytes())
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(full_disk))
    app = played(resumed(mine))
    assert hang_up(app).parent == games
    assert sorted(os.listdir(full_disk)) == ["filler"]  # nothing left half-written there


def test_after_a_save_the_recovery_goes_beside_the_last_save(
    full_disk: Path, games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(full_disk))
    app = played(DixMilleApp(ASCII, names=["Ann", "ZEDX"], seed=4, pace=0))
    save(app, games / "later.json")
    played(app)
    assert hang_up(app).parent == games


def test_a_crash_with_a_full_data_folder_saves_beside_the_game_s_save(
    full_disk: Path, games: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = games / "mine.json"
    mine.write_bytes(SAMPLE.read_bytes())
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(full_disk))
    app = played(resumed(mine))
    saved = Path(app.emergency_save() or "")
    assert saved.parent == games and saved.name.startswith("dixmille-recovery-")
    assert app.game is not None
    assert game_to_dict(savefile.load(saved)) == game_to_dict(app.game)


def test_a_read_only_data_folder_and_no_save_puts_it_in_the_current_folder(
    read_only_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(read_only_disk / "parlour"))
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    app = played(DixMilleApp(ASCII, names=["Ann", "Bob"], seed=4, pace=0))
    assert hang_up(app).parent == here


def test_then_the_home_folder(
    read_only_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(read_only_disk / "parlour"))
    monkeypatch.chdir(read_only_disk)
    home = Path(os.environ["HOME"])
    app = played(DixMilleApp(ASCII, names=["Ann", "Bob"], seed=4, pace=0))
    assert hang_up(app).parent == home


def test_resuming_a_recovery_save_with_a_read_only_data_folder_loses_nothing(
    read_only_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The moves made since loading a recovery save go into the next one, beside it."""
    first = played(DixMilleApp(ASCII, names=["Ann", "ZEDX"], seed=8, pace=0))
    recovery = hang_up(first)
    assert recovery.parent == Path(os.environ["PARLOUR_DATA_DIR"])
    games = tmp_path / "games"
    games.mkdir()
    moved = games / recovery.name
    recovery.rename(moved)
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(read_only_disk / "parlour"))
    monkeypatch.chdir(read_only_disk)
    again = played(resumed(moved), keys=8)
    assert again.game is not None and again.game.to_dict() != savefile.load(moved).to_dict()
    second = hang_up(again)
    assert second.parent == games and second != moved
    assert resumed(second).keep.replay is None  # nothing recorded: the same game, going on


def test_nowhere_to_save_says_why_and_keeps_nothing_half_written(
    read_only_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(read_only_disk))
    monkeypatch.setenv("HOME", str(read_only_disk))
    monkeypatch.chdir(read_only_disk)
    app = played(DixMilleApp(ASCII, names=["Ann", "Bob"], seed=4, pace=0))
    app.end_of_input()
    assert app.exit_message == (
        f"dixmille: input ended; the game could not be saved (no folder could take it (the"
        f" data folder {read_only_disk} (set by PARLOUR_DATA_DIR) is on a read-only disk))\n"
        # the reason whole, wrapped between words (issue 39)
        "Statistics not recorded: data folder: read-only disk; they could not be kept\n"
        "either."
    )
    assert app.emergency_save() is None


def test_the_prompt_a_hang_up_interrupts_is_no_matter(tmp_path: Path) -> None:
    """At a throw/pass prompt, as in a take, the whole state is saved."""
    app = played(DixMilleApp(ASCII, names=["Ann", "Bob"], seed=6, pace=0))
    to_prompt(app)
    hang_up(app)
