"""Midnight Oil's earlier statistics file (the baseline under the ledger): the wins it
lists come back exactly, and a win with an impossible detail sets the file aside (#15)."""

from __future__ import annotations

import errno
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.core import keeper, ledger, paths
from parlour.core.text import ASCII_ELLIPSIS, printable, shorten_middle, width
from parlour.midnightoil.files import stats as mo_stats
from parlour.midnightoil.files import statsfile
from parlour.midnightoil.files.stats import BASELINE_FILE, KEEP_WINS, DealRecord, Stats
from parlour.midnightoil.files.statsfile import load_stats
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import State
from tests.midnightoil.earlierfile import layout

WIN = {"deal_number": 7, "phase": 2, "draw_used": True, "moves": 40, "undos": 3, "seconds": 75.5}


def baseline(wins: list[dict[str, Any]]) -> tuple[Stats, str | None]:
    count = len(wins)
    data = layout(won=count, current_streak=count, best_streak=count, histogram={52: count})
    data["wins"] = wins
    paths.data_file(BASELINE_FILE).write_text(json.dumps(data), encoding="utf-8")
    return load_stats()


def test_the_wins_of_the_earlier_file_come_back_exactly() -> None:
    second = dict(WIN, deal_number=8, phase=3, draw_used=False, seconds=12)
    stats, warning = baseline([WIN, second])
    assert warning is None
    assert stats.wins == [WIN, dict(second, seconds=12.0)]
    assert type(stats.wins[1]["seconds"]) is float


@pytest.mark.parametrize("seconds", [True, "75", -1, mo_stats.MAX_ELAPSED + 1, None, "missing"])
def test_a_win_whose_time_is_not_a_time_shows_no_time(seconds: object) -> None:
    win = dict(WIN)
    if seconds == "missing":
        del win["seconds"]
    else:
        win["seconds"] = seconds
    stats, warning = baseline([win])
    assert warning is None and stats.wins == [dict(WIN, seconds=0.0)]


def test_the_longest_time_a_game_can_take_is_kept() -> None:
    stats, _ = baseline([dict(WIN, seconds=mo_stats.MAX_ELAPSED)])
    assert stats.wins[0]["seconds"] == float(mo_stats.MAX_ELAPSED)


@pytest.mark.parametrize(
    "change",
    [
        {"deal_number": -1},
        {"deal_number": None},
        {"phase": 0},
        {"phase": 4},
        {"draw_used": 1},
        {"moves": mo_stats.MAX_MOVES + 1},
        {"undos": mo_stats.MAX_UNDOS + 1},
        {"undos": -1},
    ],
)
def test_a_win_with_an_impossible_detail_sets_the_file_aside(change: dict[str, Any]) -> None:
    win = {k: v for k, v in dict(WIN, **change).items() if v is not None}
    stats, warning = baseline([win])
    assert warning is not None
    assert warning.startswith("Earlier statistics were damaged; kept as ")
    assert stats.played == 0


def test_the_highest_counts_a_win_can_have_load() -> None:
    top = dict(WIN, phase=3, moves=mo_stats.MAX_MOVES, undos=mo_stats.MAX_UNDOS)
    stats, warning = baseline([top])
    assert warning is None and stats.wins == [top]


def test_only_the_last_wins_are_kept() -> None:
    wins = [dict(WIN, moves=n) for n in range(KEEP_WINS + 1)]
    stats, _ = baseline(wins)
    assert [w["moves"] for w in stats.wins] == list(range(1, KEEP_WINS + 1))


def _ledger_lines() -> list[dict[str, Any]]:
    text = paths.data_file(mo_stats.LEDGER_FILE).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize(
    ("elapsed", "seconds"),
    [(12.345, 12.3), (12.36, 12.4), (0.04, 0.0), (-5.0, 0.0), (float("inf"), 0.0)],
)
def test_the_recorded_time_is_to_a_tenth_and_never_below_zero(
    elapsed: float, seconds: float
) -> None:
    game = Game(3)
    game.elapsed = elapsed
    assert statsfile.record_game(game, mo_stats.LOST) is None
    (line,) = _ledger_lines()
    assert line["seconds"] == seconds and line["restarted"] is False


def _write_line(**change: Any) -> None:
    record = mo_stats.record_of(Game(3), mo_stats.LOST).to_dict()
    record.update(change)
    path = paths.data_file(mo_stats.LEDGER_FILE)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")


@pytest.mark.parametrize("change", [{"undos": True}, {"seconds": True}, {"seconds": "1"}])
def test_a_ledger_line_with_a_flag_for_a_number_is_skipped(change: dict[str, Any]) -> None:
    _write_line(**change)
    stats, warning = load_stats()
    assert stats.played == 0 and warning is not None


def test_a_game_of_the_longest_time_is_counted() -> None:
    _write_line(seconds=mo_stats.MAX_ELAPSED)
    stats, warning = load_stats()
    assert stats.played == 1 and warning is None


def test_a_refused_write_is_kept_and_told_as_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    real = ledger.append_lines
    target = statsfile.KEEPER.ledger_path()

    def refuse(path: Path, data: bytes) -> None:
        if path == target:
            raise ledger.LedgerError("statistics not recorded: the disk is full")
        real(path, data)

    monkeypatch.setattr(ledger, "append_lines", refuse)
    kept = target.with_name("games.pending.jsonl")
    assert statsfile.record_game(Game(3), mo_stats.LOST) == (
        f"Statistics not recorded yet (the disk is full); kept in {kept}, written next time."
        if width(
            f"Statistics not recorded yet (the disk is full); kept in {kept}, written next time."
        )
        <= statsfile.ROW_COLUMNS
        else "Statistics not recorded yet (the disk is full); kept for next time."
    )
    assert kept.exists() and not target.exists()
    monkeypatch.undo()
    stats, warning = load_stats()  # the next reading writes it in
    assert stats.lost == 1 and warning is None and not kept.exists()


def test_a_data_folder_that_is_a_file_is_told_in_one_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    message = statsfile.record_game(Game(3), mo_stats.LOST)
    assert message == "Statistics not recorded yet (data folder: not a folder); kept for next time."
    assert width(message) == statsfile.ROW_COLUMNS


def _earlier(change: dict[str, Any]) -> tuple[Stats, str | None]:
    data = layout(lost=1, histogram={10: 1})
    data.update(change)
    paths.data_file(BASELINE_FILE).write_text(json.dumps(data), encoding="utf-8")
    return load_stats()


@pytest.mark.parametrize(
    "change",
    [
        {"version": 2},
        {"histogram": [0] * 52},
        {"wins": {}},
        {"deals": {"x5": {"best": 3, "won": False, "played": 1}}},
        {"deals": {"\u0665": {"best": 3, "won": False, "played": 1}}},
        {"deals": {"5": [3, False, 1]}},
    ],
)
def test_an_earlier_file_of_another_shape_is_set_aside(change: dict[str, Any]) -> None:
    stats, warning = _earlier(change)
    assert warning is not None
    assert warning.startswith("Earlier statistics were damaged; kept as ")
    assert stats.played == 0


def test_an_earlier_best_is_kept_and_a_computer_solve_is_no_best() -> None:
    stats, warning = _earlier(
        {
            "deals": {
                "5": {"best": 30, "won": False, "played": 1},
                "6": {"best": 52, "won": False, "played": 1},
            }
        }
    )
    assert warning is None
    assert stats.best_for(5) == DealRecord(played=1, best=30)
    assert stats.best_for(6) == DealRecord(played=1)


def test_a_recorded_win_lists_its_details_and_restarts_add_up() -> None:
    game = Game(9)
    game.state = State(9, ((),) * 18, (13, 13, 13, 13), 1, True)
    game.undos, game.elapsed = 4, 99.96
    assert statsfile.record_game(game, mo_stats.WON) is None
    for _ in range(2):
        assert statsfile.record_game(Game(3), mo_stats.LOST, restarted=True) is None
    stats, warning = load_stats()
    assert warning is None and stats.restarted == 2
    assert stats.wins == [
        {"deal_number": 9, "phase": 2, "draw_used": True, "moves": 0, "undos": 4, "seconds": 100.0}
    ]


def _shown(path: Path, columns: int = statsfile.PATH_COLUMNS) -> str:
    return shorten_middle(str(path), columns, ASCII_ELLIPSIS)


@pytest.fixture
def long_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / ("a-data-folder-with-a-long-name-" * 2)
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(folder))
    return folder


def test_a_damaged_earlier_file_is_named_where_it_was_kept(long_data_dir: Path) -> None:
    path = paths.data_file(BASELINE_FILE)
    path.write_text("{", encoding="utf-8")
    stats, warning = load_stats()
    (backup,) = long_data_dir.iterdir()
    assert backup.name.startswith(BASELINE_FILE + ".damaged-")
    assert warning == f"Earlier statistics were damaged; kept as {_shown(backup)}."
    assert "..." in warning and stats.played == 0


def test_an_earlier_file_that_cannot_be_set_aside_is_named_and_left(
    long_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = paths.data_file(BASELINE_FILE)
    path.write_text("{", encoding="utf-8")
    monkeypatch.setattr(statsfile.ledger, "set_aside", lambda path: None)
    _, warning = load_stats()
    assert warning == f"Earlier statistics in {_shown(path)} are damaged; left as they are."
    assert path.read_text(encoding="utf-8") == "{"


def test_an_unreadable_earlier_file_is_told_with_the_system_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths.data_file(BASELINE_FILE).write_text("{}", encoding="utf-8")
    read_bytes = Path.read_bytes

    def refuse(self: Path) -> bytes:
        if self.name == BASELINE_FILE:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    _, warning = load_stats()
    assert warning == "Earlier statistics unreadable (Permission denied); left as they are."


def test_a_ledger_that_cannot_be_read_is_told_and_the_game_goes_on() -> None:
    path = statsfile.KEEPER.ledger_path()
    path.mkdir(parents=True)
    _, warning = load_stats()
    assert warning == "Statistics unreadable (games.jsonl is a folder); the game goes on."


@pytest.mark.skipif(
    sys.platform == "win32", reason="symlinks need privileges on Windows; not checked there"
)
def test_a_ledger_that_is_a_link_is_neither_read_nor_written(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.jsonl"
    elsewhere.write_text("")
    path = statsfile.KEEPER.ledger_path()
    path.parent.mkdir(parents=True)
    path.symlink_to(elsewhere)
    _, warning = load_stats()
    assert warning == ("Statistics unreadable: games.jsonl is a link, and links are not followed.")
    assert statsfile.record_game(Game(3), mo_stats.LOST) == (
        "Statistics not recorded yet (games.jsonl is a link); kept for next time."
    )
    assert elsewhere.read_text() == "" and path.is_symlink()
    assert path.with_name("games.pending.jsonl").exists()


def test_a_damaged_ledger_line_is_told_as_one_sentence() -> None:
    _write_line(phase=0)  # no game is in phase 0
    stats, warning = load_stats()
    assert stats.played == 0
    assert warning == "1 damaged line in the statistics skipped; the rest is shown."


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (PermissionError(errno.EACCES, "Permission denied"), "Permission denied"),
        (OSError("odd"), "data folder: odd"),
    ],
)
def test_a_data_folder_the_system_refuses_is_told_with_its_reason_and_the_record_kept(
    monkeypatch: pytest.MonkeyPatch, error: OSError, reason: str
) -> None:
    def refuse(create: bool = True) -> Path:
        if create:
            raise error
        return Path(os.environ[paths.ENV_VAR])

    monkeypatch.setattr(statsfile.paths, "data_dir", refuse)
    assert statsfile.record_game(Game(3), mo_stats.LOST) == (
        f"Statistics not recorded yet ({reason}); kept for next time."
    )
    (kept,) = (place for place in keeper.places(statsfile.KEEPER.ledger_path()) if place.exists())
    assert kept.parent.name == keeper.PENDING_FOLDER  # the data folder itself is not tried
    monkeypatch.undo()
    assert load_stats()[0].lost == 1 and not kept.exists()


def _refused_with(
    monkeypatch: pytest.MonkeyPatch, error: paths.DataDirError, named: bool = False
) -> None:
    """``paths.data_dir`` raises ``error`` (``named``: only when asked to make the folder
    ready, as a real folder's problem is found; its name is still known)."""

    def refuse(create: bool = True) -> Path:
        if named and not create:
            return Path(os.environ[paths.ENV_VAR])
        raise error

    monkeypatch.setattr(statsfile.paths, "data_dir", refuse)


@pytest.mark.parametrize(
    ("brief", "reason"),
    [
        ("not a folder", "data folder: not a folder"),
        ("not writable", "data folder: not writable"),
        # "data folder: read-only disk" would leave no room: the few words alone.
        ("read-only disk", "read-only disk"),
        ("permission denied", "permission denied"),
        ("no home folder; set PARLOUR_DATA_DIR", "no home folder; set PARLOUR_DATA_DIR"),
    ],
)
def test_a_record_the_data_folder_cannot_take_says_why_in_the_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, brief: str, reason: str
) -> None:
    error = paths.DataDirError(tmp_path / "d", "cannot be used", brief)
    _refused_with(monkeypatch, error, named=True)
    row = statsfile.record_game(Game(3), mo_stats.LOST)
    expected = f"Statistics not recorded yet ({reason}); kept for next time."
    if width(expected) > statsfile.ROW_COLUMNS:
        expected = "Statistics not recorded yet; kept for next time."
    assert row == expected and width(row) <= statsfile.ROW_COLUMNS


def test_a_data_folder_without_even_a_name_cannot_keep_the_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _refused_with(monkeypatch, paths.DataDirError(None, "has no home folder", "no home folder"))
    assert statsfile.record_game(Game(3), mo_stats.LOST) == (
        "Statistics not recorded: no home folder; they could not be kept either."
    )


@pytest.mark.parametrize(
    ("problem", "brief", "tail", "columns"),
    [
        # The sentence fits beside 24 columns of the name.
        (
            "is a file (or lies under one), not a folder",
            "not a folder",
            " is a file, not a folder.",
            24,
        ),
        # ... and beside exactly 12.
        ("is a thing nobody expects, not once", "odd", " is a thing nobody expects, not once.", 12),
        # It would leave the name fewer than 12 columns: the problem in a few words instead.
        ("cannot be written to: permission denied", "not writable", ": not writable.", 34),
        (
            "cannot be created or used: permission denied",
            "permission denied",
            ": permission denied.",
            29,
        ),
    ],
)
def test_a_long_data_folder_name_is_cut_to_the_row_with_the_problem_in_full_or_in_brief(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    problem: str,
    brief: str,
    tail: str,
    columns: int,
) -> None:
    folder = tmp_path / ("x" * 80)
    _refused_with(monkeypatch, paths.DataDirError(folder, problem, brief))
    row = load_stats()[1]
    assert row == f"No statistics: data folder {_shown(folder, columns)}{tail}"
    assert row is not None and len(row) == statsfile.ROW_COLUMNS


def test_a_short_data_folder_name_is_shown_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = Path("/srv/games/parlour")
    _refused_with(
        monkeypatch, paths.DataDirError(folder, "is on a read-only disk", "read-only disk")
    )
    assert load_stats()[1] == f"No statistics: data folder {folder} is on a read-only disk."


def test_a_data_folder_without_a_name_is_told_in_a_sentence_when_it_fits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _refused_with(monkeypatch, paths.DataDirError(None, "has gone (see below)", "gone"))
    assert load_stats()[1] == "No statistics: the data folder has gone."


def test_a_brief_too_long_for_any_name_goes_without_the_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reason = "Structure needs cleaning, very badly indeed"
    error = paths.DataDirError(tmp_path / "d", f"cannot be used: {reason}", reason)
    _refused_with(monkeypatch, error)
    assert load_stats()[1] == f"No statistics: data folder: {reason}."


@pytest.mark.parametrize("path", [Path("/srv/d"), None])
def test_a_row_too_long_in_every_form_is_cut_from_the_middle(
    monkeypatch: pytest.MonkeyPatch, path: Path | None
) -> None:
    reason = "a reason " * 8 + "at its end"
    _refused_with(monkeypatch, paths.DataDirError(path, f"cannot be used: {reason}", reason))
    row = load_stats()[1]
    last = f"data folder: {reason}." if path is not None else f"{reason}."
    assert row == shorten_middle(f"No statistics: {last}", 76, ASCII_ELLIPSIS)
    assert row is not None and row.startswith("No statistics: ") and row.endswith("at its end.")
    assert "..." in row and len(row) == 76


@pytest.mark.parametrize("lead", ["No statistics", "Statistics not recorded"])
def test_no_home_folder_is_told_in_brief(monkeypatch: pytest.MonkeyPatch, lead: str) -> None:
    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("APPDATA", raising=False)  # Windows: the home folder is asked then

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    assert (
        paths.folder_problem(lead, statsfile.ROW_COLUMNS)
        == f"{lead}: no home folder; set PARLOUR_DATA_DIR."
    )


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    name=st.text(min_size=1, max_size=120).filter(lambda t: "/" not in t and "\x00" not in t),
    problem=st.text(min_size=1, max_size=90),
    brief=st.text(min_size=1, max_size=60),
    with_path=st.booleans(),
    columns=st.sampled_from([statsfile.ROW_COLUMNS, 80, 60, 120]),
)
def test_every_data_folder_row_fits_and_is_printable(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    problem: str,
    brief: str,
    with_path: bool,
    columns: int,
) -> None:
    # The same lines serve all three games: midnightoil's 76-column row, the others' 80.
    path = tmp_path / name if with_path else None
    _refused_with(monkeypatch, paths.DataDirError(path, problem, brief))
    row = paths.folder_problem("Statistics not recorded", columns)
    assert row is not None and row.startswith("Statistics not recorded: ")
    assert width(row) <= columns
    assert row == printable(row)


def test_the_earlier_files_histogram_and_first_phase_wins_come_back() -> None:
    quick = dict(WIN, phase=1, seconds=0.5)
    stats, warning = _earlier({"won": 1, "wins": [quick]})
    assert warning is None
    assert stats.histogram[10] == 1 and sum(stats.histogram) == 1
    assert (stats.best_home, stats.mean_home) == (10, 10.0)
    assert stats.wins == [quick]


def test_no_games_is_no_streak() -> None:
    stats, warning = load_stats()
    assert warning is None
    assert (stats.played, stats.current_streak, stats.best_streak) == (0, 0, 0)


def test_a_copy_of_statistics_shares_nothing_with_them() -> None:
    """Stats.copy is independent: counting a game into the copy (as Stats.of does with a
    baseline) leaves the histogram, the wins and the deals of the original as they were."""
    original = Stats.of([mo_stats.record_of(_won(3), mo_stats.WON)])
    before = (list(original.histogram), [dict(w) for w in original.wins], original.deals.copy())
    copy = original.copy()
    assert copy == original
    copy.add(mo_stats.record_of(_won(4), mo_stats.WON))
    copy.wins[0]["moves"] = 999
    assert (original.histogram, original.wins, original.deals) == before
    assert copy.histogram[52] == 2 and original.histogram[52] == 1
    assert 4 in dict(copy.deals.items()) and 4 not in dict(original.deals.items())


def test_following_earlier_statistics_adds_their_solved_games_and_needs_one_histogram() -> None:
    later = Stats(earlier_solved=2)
    later.follow(Stats(earlier_solved=3))
    assert later.earlier_solved == 5
    short = Stats(histogram=[0] * 10)
    with pytest.raises(ValueError):
        short.follow(Stats())


def _won(deal: int) -> Game:
    game = Game(deal)
    game.state = State(deal, ((),) * 18, (13, 13, 13, 13), 1, True)
    return game


def _ledger_under_a_file() -> None:
    """The ledger's folder is a file: the ledger cannot be opened ("Not a directory")."""
    paths.data_file("midnightoil").write_text("not a folder", encoding="utf-8")


def test_an_unreadable_ledger_is_named_by_what_the_system_said() -> None:
    """A problem that does not begin with the ledger's path is shown as it is."""
    _ledger_under_a_file()
    stats, warning = load_stats()
    assert stats.played == 0
    assert warning == f"Statistics unreadable ({os.strerror(errno.ENOTDIR)}); the game goes on."


def test_an_unreadable_ledger_still_says_what_became_of_a_damaged_earlier_file() -> None:
    _ledger_under_a_file()
    paths.data_file(BASELINE_FILE).write_text("{damaged", encoding="utf-8")
    reading = statsfile.stats_report()
    assert reading.ledger_problem == os.strerror(errno.ENOTDIR)
    assert reading.note is not None and reading.note.startswith("Earlier statistics were damaged")
