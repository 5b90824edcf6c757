"""Nothing lost at the edges of the disk (issue #26 points 2 and 3), on real full and
read-only folders: a recovery save lands in the next place a player would look, and a
record the ledger cannot take is said, kept, counted as the game's result and written
the next time."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.core import keeper, ledger, paths
from parlour.midnightoil import cli
from parlour.midnightoil.files import savefile
from parlour.midnightoil.files.stats import LOST, GameRecord, is_final
from parlour.midnightoil.files.statsfile import ROW_COLUMNS
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.tui.glyphs import ASCII
from tests.conftest import _mount_tmpfs, _unmount
from tests.midnightoil.farewell import RECOVERED
from tests.midnightoil.ledger import LEDGER_FILE

FULL = "Statistics not recorded yet (No space left on device); kept for next time."
READ_ONLY = "Statistics not recorded yet (read-only disk); kept for next time."


def press(app: MidnightOilApp, *keys: str) -> str:
    for key in keys:
        app.handle_key(key)
    return app.render(24, 80).to_text()


def played(deal: int = 1) -> MidnightOilApp:
    """Deal 1 with one move made (b -> g: 5S onto 6S)."""
    app = MidnightOilApp(Game(deal), ASCII)
    press(app, "b", " ")
    assert app.game.moves == 1
    return app


def ledger_records(folder: Path) -> list[GameRecord]:
    path = folder / LEDGER_FILE
    return ledger.read(path, GameRecord.from_dict, lambda r: r.game_id, is_final).records


def home_kept() -> list[Path]:
    folder = Path.home() / keeper.PENDING_FOLDER
    return sorted(folder.iterdir()) if folder.exists() else []


def use_data(monkeypatch: pytest.MonkeyPatch, folder: Path, here: Path) -> None:
    monkeypatch.setenv(paths.ENV_VAR, str(folder))
    here.mkdir(exist_ok=True)
    monkeypatch.chdir(here)


# --- Statistics never fail quietly (point 3) ---------------------------------------------


def test_a_quit_on_a_full_data_folder_says_the_record_is_kept_and_the_next_start_writes_it(
    full_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_data(monkeypatch, full_disk, tmp_path / "here")
    app = played()
    press(app, "Q", "n")
    assert app.finished
    assert app.exit_message == (
        f"Midnight Oil deal 1: 0/52 cards home. Result: lost with 0/52 home.\n{FULL}"
    )
    (kept,) = home_kept()  # beside the ledger there was no room either
    assert ledger_records(full_disk) == []
    (full_disk / "filler").unlink()  # the player makes room
    again = MidnightOilApp(Game(2), ASCII)  # the next start moves it in
    assert [r.outcome for r in ledger_records(full_disk)] == [LOST]
    assert again.stats.lost == 1 and not kept.exists()
    assert not keeper.waiting(full_disk / LEDGER_FILE)


def test_a_game_ended_on_a_full_data_folder_says_so_on_the_message_row(
    full_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_data(monkeypatch, full_disk, tmp_path / "here")
    app = played()
    screen = press(app, "N", "y")  # given up for a new deal: recorded as lost
    assert f"> {FULL}" in screen
    assert len(FULL) <= ROW_COLUMNS


def test_a_read_only_data_folder_keeps_the_record_at_home(
    read_only_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_data(monkeypatch, read_only_disk, tmp_path / "here")
    app = played()
    press(app, "Q", "n")
    assert app.exit_message == (
        f"Midnight Oil deal 1: 0/52 cards home. Result: lost with 0/52 home.\n{READ_ONLY}"
    )
    (kept,) = home_kept()
    record = GameRecord.from_dict(json.loads(kept.read_text()))
    assert (record.game_id, record.outcome) == (app.game.game_id, LOST)


def test_a_kept_result_is_the_games_result_a_resumed_save_is_a_replay(
    full_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_data(monkeypatch, full_disk, tmp_path / "here")
    app = played()
    save = tmp_path / "s.json"
    savefile.save(save, app.game)
    press(app, "l", " ", "Q", "n")  # played on after the save, then given up: lost
    again = MidnightOilApp(savefile.load(save), ASCII, save_path=str(save))
    assert again.message.endswith("s.json: a replay of an ended game; nothing is recorded.")
    assert again.ending.result is not None and again.ending.result.outcome == LOST


def kept_beside(data: Path) -> MidnightOilApp:
    """A game given up while a folder stands in the ledger's place: its record is kept."""
    (data / "midnightoil").mkdir(parents=True)
    (data / LEDGER_FILE).mkdir()
    app = played()
    press(app, "N", "y")
    assert app.message.startswith("Statistics not recorded yet (games.jsonl is a folder);")
    assert keeper.waiting(data / LEDGER_FILE)
    (data / LEDGER_FILE).rmdir()
    return app


def test_the_statistics_page_writes_the_kept_records_first() -> None:
    data = Path(os.environ[paths.ENV_VAR])
    app = kept_beside(data)
    assert "Your games       1  won 0  lost 1" in press(app, "i")
    assert not keeper.waiting(data / LEDGER_FILE)
    assert [r.outcome for r in ledger_records(data)] == [LOST]


def test_stats_writes_the_kept_records_first(capsys: pytest.CaptureFixture[str]) -> None:
    data = Path(os.environ[paths.ENV_VAR])
    kept_beside(data)
    assert cli.main(["--stats"]) == 0
    assert "Your games       1  won 0  lost 1" in capsys.readouterr().out
    assert [r.outcome for r in ledger_records(data)] == [LOST]
    assert not keeper.waiting(data / LEDGER_FILE)


# --- A recovery save always lands somewhere (point 2) ------------------------------------


def recovered(app: MidnightOilApp) -> Path:
    message = app.exit_message or ""
    assert message.startswith(RECOVERED), message
    return Path(message.removeprefix(RECOVERED))


def test_a_hang_up_on_a_full_data_folder_saves_beside_the_save_it_came_from(
    full_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_data(monkeypatch, full_disk, tmp_path / "here")
    games = tmp_path / "games"
    games.mkdir()
    app = played()
    savefile.save(games / "mine.json", app.game)
    app = MidnightOilApp(
        savefile.load(games / "mine.json"), ASCII, save_path=str(games / "mine.json")
    )
    press(app, "l", " ")  # a move since loading
    app.end_of_input()
    saved = recovered(app)
    assert saved.parent == games and saved.name.startswith("midnightoil-recovery-")
    assert savefile.load(saved).to_dict() == app.game.to_dict()
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler"]  # nothing left there


def test_a_hang_up_on_a_full_data_folder_without_a_save_uses_the_current_folder(
    full_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_data(monkeypatch, full_disk, tmp_path / "here")
    app = played()
    app.end_of_input()
    saved = recovered(app)
    assert saved.parent == tmp_path / "here"
    assert savefile.load(saved).game_id == app.game.game_id


@pytest.fixture
def read_only_with_a_recovery_save(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """A data folder that held a recovery save, then became read-only: (folder, save)."""
    folder = tmp_path / "ro-data"
    _mount_tmpfs(folder, "1m")
    try:
        app = played()
        save = folder / "midnightoil-recovery-20261202-101010-abcdef.json"
        savefile.save(save, app.game)
        done = subprocess.run(
            ["mount", "-o", "remount,ro", str(folder)], capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            pytest.skip(f"this machine does not allow a read-only remount: {done.stderr.strip()}")
        yield folder, save
    finally:
        _unmount(folder)


def test_resuming_a_recovery_save_on_a_read_only_data_folder_loses_nothing(
    read_only_with_a_recovery_save: tuple[Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder, save = read_only_with_a_recovery_save
    use_data(monkeypatch, folder, tmp_path / "here")
    app = MidnightOilApp(savefile.load(save), ASCII, save_path=str(save))
    press(app, "l", " ", "k", " ")  # two moves since loading
    assert app.game.moves == 3
    app.end_of_input()
    saved = recovered(app)
    assert saved.parent == tmp_path / "here"
    assert savefile.load(saved).to_dict() == app.game.to_dict()


def test_the_home_folder_when_nothing_else_takes_it(
    read_only_with_a_recovery_save: tuple[Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder, save = read_only_with_a_recovery_save
    monkeypatch.setenv(paths.ENV_VAR, str(folder))
    monkeypatch.chdir(folder)  # the current folder is read-only too
    app = MidnightOilApp(savefile.load(save), ASCII, save_path=str(save))
    press(app, "l", " ")
    app.end_of_input()
    assert recovered(app).parent == Path.home()


def test_nowhere_at_all_says_so_and_what_became_of_the_record(
    read_only_with_a_recovery_save: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder, save = read_only_with_a_recovery_save
    monkeypatch.setenv(paths.ENV_VAR, str(folder))
    monkeypatch.chdir(folder)
    monkeypatch.setenv("HOME", str(folder))
    app = MidnightOilApp(savefile.load(save), ASCII, save_path=str(save))
    press(app, "l", " ")
    app.end_of_input()
    assert app.exit_message == (
        "Input ended; the game could not be saved (no folder could take it (the data folder "
        f"{folder} (set by PARLOUR_DATA_DIR) is on a read-only disk)). "
        "Result: lost with 1/52 home.\n"
        "Statistics not recorded: read-only disk; they could not be kept either."
    )
