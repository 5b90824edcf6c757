"""Statistics never fail quietly (issue #26, point 3).

A game's record that the statistics file cannot take (a full disk, a data folder that
cannot be used) is kept (``core.pending``), the player is told in one line, and the
record goes into the file the next time a game starts or the statistics are shown. A
record that only partly fits is never left as a damaged line, and a result still kept
aside is a result: resuming an older save of that game is a replay.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from parlour.core import keeper
from parlour.dixmille import cli
from parlour.dixmille.files import savefile, statsfile
from parlour.dixmille.terminal.app import DixMilleApp, Mode
from parlour.tui.glyphs import ASCII
from tests.dixmille.helpers import kept_note
from tests.dixmille.test_one_result import key, save, to_prompt


def no_space() -> list[str]:
    """What the screens and exit lines say of the record kept for want of space."""
    (place,) = kept_files()
    return kept_note("No space left on device", place)


def zedx_solitaire(seed: int = 2) -> DixMilleApp:
    """ZEDX alone, played to its standings (its record written or kept on the way)."""
    app = DixMilleApp(ASCII, names=["ZEDX"], seed=seed, pace=0)
    for _ in range(5000):
        if app.mode is Mode.STANDINGS:
            return app
        app.handle_key("TIMEOUT")
    raise AssertionError("the game did not end")


def lines_in_file() -> list[bytes]:
    path = statsfile.KEEPER.ledger_path()
    return path.read_bytes().splitlines() if path.exists() else []


def kept_files() -> list[Path]:
    """The files holding kept records (a full disk may leave an empty one: nothing kept)."""
    places = keeper.places(statsfile.KEEPER.ledger_path())
    return [place for place in places if place.exists() and place.stat().st_size]


def start_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """``dixmille Ann ZEDX`` up to its first board (the terminal left out)."""
    monkeypatch.setattr(cli, "run", lambda app: 0)
    assert cli.main(["Ann", "ZEDX"]) == 0


def free(disk: Path, keep: int = 0) -> None:
    """Give the full disk's space back, all of it or all but ``keep`` bytes."""
    filler = disk / "filler"
    os.truncate(filler, max(filler.stat().st_size - keep, 0) if keep else 0)


def test_a_full_data_folder_says_so_and_the_record_is_written_at_the_next_start(
    full_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(full_disk))
    app = zedx_solitaire()
    rows = app.render(24, 80).to_text().split("\n")
    note = no_space()
    assert [row.rstrip() for row in rows[4 : 4 + len(note)]] == note
    assert app.exit_message is not None and app.exit_message.split("\n")[-len(note) :] == note
    assert lines_in_file() == [] and len(kept_files()) == 1
    start_a_game(monkeypatch)  # the disk still full: the record stays kept
    assert lines_in_file() == [] and len(kept_files()) == 1
    free(full_disk)
    start_a_game(monkeypatch)
    assert len(lines_in_file()) == 1 and kept_files() == []
    read = statsfile.stats_report()
    assert (read.title, read.message) == ("1 recorded game, all players", "")


def test_a_record_that_only_partly_fits_leaves_no_damaged_line(
    full_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(full_disk))
    (full_disk / "dixmille").mkdir()
    free(full_disk, keep=4096)  # room for the start of a record, not for all of it
    app = zedx_solitaire()
    rows = app.render(24, 80).to_text().split("\n")
    assert [row.rstrip() for row in rows[4 : 4 + len(no_space())]] == no_space()
    assert lines_in_file() == [] and statsfile.KEEPER.ledger_path().stat().st_size == 0
    read = statsfile.stats_report()  # the disk is still full: nothing moves, nothing is damaged
    assert (read.title, read.message) == ("0 recorded games, all players", "")
    free(full_disk)
    read = statsfile.stats_report()  # the statistics shown: the kept record goes in first
    assert (read.title, read.message) == ("1 recorded game, all players", "")
    assert kept_files() == []


def test_a_quit_game_says_where_it_is_and_that_its_record_is_kept(
    full_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(full_disk))
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=4, pace=0)
    for _ in range(6):
        key(app)
    to_prompt(app)
    for k in ("Q", "y", "n"):  # quit, and do not save it first
        app.handle_key(k)
    assert app.exit_message == "\n".join(["dixmille: game abandoned (seed 4)", *no_space()])


def test_the_statistics_screen_shows_a_record_kept_from_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("x", encoding="utf-8")  # a file where the data folder should be
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    app = zedx_solitaire()
    (place,) = kept_files()
    note = kept_note("data folder: not a folder", place)
    rows = app.render(24, 80).to_text().split("\n")
    assert [row.rstrip() for row in rows[4 : 4 + len(note)]] == note
    assert [place.parent.name for place in kept_files()] == [".parlour-pending"]
    blocker.unlink()  # the folder can be made again
    assert cli.main(["--stats"]) == 0
    assert "DIX MILLE STATISTICS - 1 recorded game, all players" in capsys.readouterr().out
    assert kept_files() == [] and len(lines_in_file()) == 1


def test_a_result_still_kept_aside_makes_an_older_save_a_replay(
    full_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(full_disk))
    app = DixMilleApp(ASCII, names=["Ann", "ZEDX"], seed=5, pace=0)
    for _ in range(10):
        key(app)
    older = tmp_path / "older.json"
    save(app, older)
    for _ in range(20_000):
        if app.mode is Mode.STANDINGS:
            break
        key(app)
    assert app.end_notes == no_space() and lines_in_file() == []
    again = DixMilleApp(ASCII, game=savefile.load(older), pace=0, save_path=str(older))
    assert again.keep.replay is not None
    assert again.ui.message.startswith("Replay, not counted: this game has ended (")
