"""The keeper of a game's statistics: each game settled once, and a record that cannot be
written kept, said, and written the next time."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core import keeper, ledger, paths, text
from tests.core.folds import CountingFold


def _entry(n: int, result: str = "won") -> dict[str, object]:
    return {"game_id": ledger.new_game_id(), "n": n, "result": result}


def _ns(path: Path) -> list[int]:
    reading = ledger.read(path, lambda value: value, lambda value: value["game_id"])
    assert reading.damaged == 0
    return [record["n"] for record in reading.records]


def _home_place(path: Path) -> Path:
    return keeper.places(path)[1]


def test_a_record_the_ledger_takes_is_simply_written(tmp_path: Path) -> None:
    path = tmp_path / "mille" / "games.jsonl"
    written = keeper.record(path, _entry(1))
    assert written.recorded and written.kept is None and written.message(80) is None
    assert _ns(path) == [1] and not keeper.waiting(path)


def test_a_full_disk_keeps_the_record_at_home_and_the_next_record_brings_it_in(
    full_disk: Path,
) -> None:
    path = full_disk / "mille" / "games.jsonl"
    os.mkdir(path.parent)
    written = keeper.record(path, _entry(1))
    home_place = _home_place(path)
    assert not written.recorded and written.kept == home_place
    assert written.reason == "No space left on device"
    assert written.message(200) == (
        f"Statistics not recorded yet (No space left on device); kept in {home_place}, "
        "written next time."
    )
    assert keeper.waiting(path) and not path.exists() or path.stat().st_size == 0
    keeper.record(path, _entry(2, "lost"))  # still full: kept behind the first
    (full_disk / "filler").unlink()  # the player makes room
    third = keeper.record(path, _entry(3))
    assert third.recorded and third.flushed == 2
    assert _ns(path) == [1, 2, 3] and not keeper.waiting(path)
    assert not home_place.exists()


def test_a_data_folder_known_to_be_unusable_is_not_tried(tmp_path: Path) -> None:
    path = tmp_path / "data" / "games.jsonl"
    written = keeper.record(path, _entry(1), problem="the data folder is a file")
    assert written.kept == _home_place(path) and not path.exists()
    assert keeper.flush(path) == 1 and _ns(path) == [1]


def test_kept_beside_the_ledger_when_only_the_ledger_is_in_the_way(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.mkdir()  # a folder where the ledger should be
    written = keeper.record(path, _entry(1))
    assert written.kept == tmp_path / "games.pending.jsonl"
    assert written.reason == "games.jsonl is a folder"


def test_nowhere_to_keep_it(read_only_disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(read_only_disk))
    path = read_only_disk / "games.jsonl"
    written = keeper.record(path, _entry(1))
    assert written.kept is None and written.reason == "Read-only file system"
    assert written.message(80) == (
        "Statistics not recorded: Read-only file system; they could not be kept either."
    )


def test_a_flush_skips_half_and_damaged_lines_and_empties_the_file(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    place = keeper.places(path)[0]
    good = ledger.encode(_entry(1)), ledger.encode(_entry(2))
    place.write_bytes(good[0] + b"\x00junk\n[1]\n" + good[1] + b'{"half')
    assert keeper.flush(path) == 2  # a damaged line loses nothing after it
    assert _ns(path) == [1, 2] and not place.exists()
    assert keeper.flush(path) == 0


def test_a_ledger_that_still_cannot_take_them_leaves_them_kept(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.mkdir()
    place = keeper.places(path)[1]
    place.parent.mkdir()
    kept = ledger.encode(_entry(1))
    place.write_bytes(kept)
    assert keeper.flush(path) == 0 and place.read_bytes() == kept


def test_kept_records_written_twice_still_count_once(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    entry = _entry(1)
    for _ in range(2):  # a crash between the append and the removal, then the next flush
        keeper.places(path)[0].write_bytes(ledger.encode(entry))
        keeper.flush(path)
    final = ledger.read(path, lambda v: v, lambda v: v["game_id"], lambda v: True)
    assert [r["n"] for r in final.records] == [1] and final.replays == 1


@settings(max_examples=80, deadline=None)
@given(
    reason=st.text(min_size=1, max_size=120),
    name=st.text(min_size=1, max_size=150).filter(lambda s: "\x00" not in s and "/" not in s),
    columns=st.sampled_from([60, 76, 80, 120]),
    kept=st.booleans(),
)
def test_the_message_always_fits_and_is_printable(
    reason: str, name: str, columns: int, kept: bool
) -> None:
    written = keeper.Written(Path("/home") / name if kept else None, reason)
    line = written.message(columns)
    assert line is not None and text.width(line) <= columns
    assert text.printable(line) == line  # nothing left that the terminal would act on


KEPT = Path("/home/ann/.local/share/parlour-pending/mille-0badf00d.jsonl")


@pytest.mark.parametrize(
    ("columns", "kept", "line"),
    [
        (
            120,
            KEPT,
            "Statistics not recorded yet (disk full); kept in /home/ann/.local/share/p...ing/"
            "mille-0badf00d.jsonl, written next time.",
        ),
        # Twelve columns for the path is the least that shows it.
        (
            81,
            KEPT,
            "Statistics not recorded yet (disk full); kept in /hom...jsonl, written next time.",
        ),
        (80, KEPT, "Statistics not recorded yet (disk full); kept for next time."),
        (50, KEPT, "Statistics not recorded yet; kept for next time."),
        (80, None, "Statistics not recorded: disk full; they could not be kept either."),
        (54, None, "Statistics not recorded; ... could not be kept either."),
    ],
)
def test_the_message_says_as_much_as_the_width_allows(
    columns: int, kept: Path | None, line: str
) -> None:
    # The path as the system writes it (backslashes on Windows).
    assert keeper.Written(kept, "disk full").message(columns) == line.replace("/", os.sep)


@pytest.mark.skipif(
    sys.platform == "win32", reason="the name hashes the absolute path, with its drive on Windows"
)
def test_the_kept_files_keep_their_names_from_one_version_to_the_next() -> None:
    """Records kept by an older version are found by a newer one: the names are fixed."""
    beside, home = keeper.places(Path("/data/mille/games.jsonl"))
    assert beside == Path("/data/mille/games.pending.jsonl")
    assert home == Path.home() / ".parlour-pending" / "mille-eb7729c8.jsonl"
    assert keeper.places(Path("/data/b/games.jsonl"))[1].name == "b-0c692179.jsonl"


def test_a_plain_written_is_a_record_that_went_in() -> None:
    written = keeper.Written()
    assert written.recorded and written.kept is None and written.reason is None
    assert written.flushed == 0 and written.message(80) is None


def test_the_lines_keep_the_reason_and_the_place_whole() -> None:
    # Issue 39: "kept for next time." said neither where nor why; the lines say both.
    short = Path("/d/p.jsonl")
    assert keeper.Written(short, "disk full").lines(80) == [
        f"Statistics not recorded yet (disk full); kept in {short}, written next time."
    ]
    assert keeper.Written(KEPT, "No space left on device").lines(80) == [
        "Statistics not recorded yet (No space left on device); kept for next time in:",
        str(KEPT),
    ]
    deep = Path("/" + "/".join(["a-rather-long-folder-name"] * 5) + "/games.pending.jsonl")
    lines = keeper.Written(deep, "disk full").lines(80)
    assert lines[0] == "Statistics not recorded yet (disk full); kept for next time in:"
    assert len(lines[1]) == 80 and lines[1].endswith("games.pending.jsonl")
    assert keeper.Written(None, "data folder: read-only disk").lines(60) == [
        "Statistics not recorded: data folder: read-only disk; they",
        "could not be kept either.",
    ]
    assert keeper.Written().lines(80) == []


# ----- the keeper of one game's statistics (Keeper: what each game declares) -----


def _parse(raw: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(raw.get("n"), int):
        raise ValueError("no n")
    return raw


FOLD = CountingFold("keeper-test-1", _parse, lambda record: record["result"] == "won")
"""A record is final when it says ``won``; the totals count games."""
KEEPER = keeper.Keeper("cards", lambda: FOLD)


def test_a_games_ledger_is_in_its_own_folder_and_naming_it_makes_nothing(
    _private_data_dir: Path,
) -> None:
    assert KEEPER.ledger_path() == _private_data_dir / "cards" / keeper.LEDGER_NAME
    assert not (_private_data_dir / "cards").exists()
    assert KEEPER.fold is FOLD


def test_no_home_folder_is_an_oserror_naming_why(monkeypatch: pytest.MonkeyPatch) -> None:
    def homeless(create: bool = True) -> Path:
        raise RuntimeError("could not determine home directory")

    monkeypatch.setattr(paths, "data_dir", homeless)
    with pytest.raises(OSError, match="^no data folder: could not determine home directory$"):
        KEEPER.ledger_path()
    assert KEEPER.flush() == 0 and KEEPER.settled_result(ledger.new_game_id()) is None
    assert KEEPER.folder_problem() == "data folder: could not determine home directory"
    written = KEEPER.record(_entry(1))
    assert not written.recorded and written.kept is None
    assert written.reason == "data folder: could not determine home directory"
    with pytest.raises(OSError):
        KEEPER.tally()


def test_a_game_is_settled_once_and_a_replay_writes_nothing() -> None:
    entry = _entry(1)
    found, written = KEEPER.settle(str(entry["game_id"]), entry)
    assert found is None and written is not None and written.recorded
    again = dict(entry, n=2)
    found, written = KEEPER.settle(str(entry["game_id"]), again)
    assert found == entry and written is None  # its result stands: nothing more is written
    assert _ns(KEEPER.ledger_path()) == [1]
    assert KEEPER.settled_result(str(entry["game_id"])) == entry
    assert KEEPER.settled_result(None) is None


def test_a_game_without_a_result_yet_is_recorded_again_until_it_has_one() -> None:
    entry = _entry(1, "abandoned")
    game_id = str(entry["game_id"])
    assert KEEPER.settle(game_id, entry)[0] is None
    assert KEEPER.settle(game_id, dict(entry, n=2, result="won"))[0] is None
    reading = KEEPER.read()
    assert [record["n"] for record in reading.records] == [2] and reading.replays == 0


def test_a_result_still_kept_aside_is_the_games_result(tmp_path: Path) -> None:
    entry = _entry(1)
    path = KEEPER.ledger_path()
    kept = keeper.record(path, entry, problem="data folder: read-only disk")
    assert kept.kept == _home_place(path)
    found, written = KEEPER.settle(str(entry["game_id"]), dict(entry, n=2))
    assert found == entry and written is None
    tally = KEEPER.tally(keep=False)  # the kept record goes in first
    assert tally.totals == [1] and tally.games == 1 and not kept.kept.exists()


def test_a_data_folder_that_cannot_be_made_is_said_in_a_few_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "file" / "data"))
    problem = KEEPER.folder_problem()
    assert problem is not None and problem.startswith("data folder: ")
    written = KEEPER.record(_entry(1))
    assert written.reason == problem and written.kept == _home_place(KEEPER.ledger_path())


@pytest.mark.parametrize(
    ("brief", "said"),
    [
        ("not writable", "data folder: not writable"),
        # "data folder: read-only disk" leaves no room in 76 columns: the few words alone
        ("read-only disk", "read-only disk"),
    ],
)
def test_in_a_narrow_row_the_folder_is_said_in_as_few_words_as_fit(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, brief: str, said: str
) -> None:
    def refuse(create: bool = True) -> Path:
        raise paths.DataDirError(tmp_path, "cannot be used", brief)

    monkeypatch.setattr(paths, "data_dir", refuse)
    assert KEEPER.folder_problem(76) == said
    assert KEEPER.folder_problem() == f"data folder: {brief}"


# ----- pins from the mutation run of 5 December (core.keeper's first) -----


@pytest.mark.skipif(sys.platform == "win32", reason="an open file cannot be removed there")
def test_a_kept_file_another_copy_emptied_while_this_one_waited_moves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.jsonl"
    place = keeper.places(path)[0]
    place.write_bytes(ledger.encode(_entry(1)))
    real_lock = ledger.locked

    @contextlib.contextmanager
    def after_the_other_copy(fd: int) -> Iterator[None]:
        os.unlink(place)  # the other copy moved them and removed the file meanwhile
        with real_lock(fd):
            yield

    monkeypatch.setattr(ledger, "locked", after_the_other_copy)
    assert keeper.flush(path) == 0 and not path.exists()


@pytest.mark.parametrize("vanished", [False, True])
def test_where_an_open_file_cannot_be_removed_the_emptied_file_goes_once_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, vanished: bool
) -> None:
    # Windows: the kept file is emptied under its lock, removed after it is closed (if
    # another copy has not removed it first); a later flush finds nothing to move.
    monkeypatch.setattr(keeper, "OPEN_FILES_REMOVABLE", False)
    monkeypatch.setattr(ledger, "locked", lambda fd: contextlib.nullcontext())
    if vanished:
        real_size = os.path.getsize

        def removed_meanwhile(name: Any) -> int:
            if name == place:
                raise FileNotFoundError(name)
            return real_size(name)

        monkeypatch.setattr(os.path, "getsize", removed_meanwhile)
    path = tmp_path / "games.jsonl"
    place = keeper.places(path)[0]
    place.write_bytes(ledger.encode(_entry(1)) + ledger.encode(_entry(2)))
    assert keeper.flush(path) == 2 and _ns(path) == [1, 2]
    assert vanished or not place.exists()


def test_a_ledger_in_a_folder_whose_name_is_not_utf8_has_a_home_place() -> None:
    odd = Path("/data/caf\udce9/mille/games.jsonl")  # a Latin-1 name, as POSIX decodes it
    home = keeper.places(odd)[1]
    assert home.parent == Path.home() / keeper.PENDING_FOLDER
    assert home.name.startswith("mille-") and home != keeper.places(Path("/data/mille/x"))[1]


def test_a_record_that_cannot_be_encoded_says_so(tmp_path: Path) -> None:
    entry = {"game_id": "x", "n": float("nan")}
    with pytest.raises(ValueError) as refused:
        ledger.encode(entry)
    written = keeper.record(tmp_path / "games.jsonl", entry)
    assert not written.recorded and written.kept is None
    assert written.reason == f"the record could not be encoded ({refused.value})"
    assert not (tmp_path / "games.jsonl").exists()


def test_a_keeper_made_later_names_its_own_ledger_and_fold(_private_data_dir: Path) -> None:
    fold = CountingFold("later-1", _parse, lambda record: True)
    made = keeper.Keeper("dice", lambda: fold)  # not at import: made while the test runs
    assert made.ledger_path() == _private_data_dir / "dice" / keeper.LEDGER_NAME
    assert made.fold is fold


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (OSError(errno.EIO, "Input/output error"), "Input/output error"),
        (OSError("no strerror here"), "no strerror here"),
        (ValueError("embedded null byte"), "embedded null byte"),
    ],
)
def test_a_data_folder_lost_between_the_check_and_the_naming_still_gives_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception, reason: str
) -> None:
    def made_then_lost(create: bool = True) -> Path:
        if create:
            return tmp_path
        raise error

    monkeypatch.setattr(paths, "data_dir", made_then_lost)
    written = KEEPER.record(_entry(1))
    assert written.reason == reason and written.kept is None


def test_a_settled_record_that_cannot_be_written_says_the_folder_in_few_words(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def refuse(create: bool = True) -> Path:
        raise paths.DataDirError(tmp_path, "cannot be used", "read-only disk")

    monkeypatch.setattr(paths, "data_dir", refuse)
    entry = _entry(1)
    found, written = KEEPER.settle(str(entry["game_id"]), entry, 76)
    assert found is None and written is not None and written.reason == "read-only disk"
    found, written = KEEPER.settle(str(entry["game_id"]), entry)
    assert written is not None and written.reason == "data folder: read-only disk"


def test_a_tally_keeps_its_totals_and_tells_its_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from parlour.core import tally

    monkeypatch.setattr(tally, "KEEP_AFTER_BYTES", 0)
    monkeypatch.setattr(tally, "PROGRESS_EVERY", 1)
    for n in range(3):
        KEEPER.record(_entry(n))
    told: list[tuple[int, int]] = []
    summed = KEEPER.tally(progress=lambda done, total: told.append((done, total)))
    assert summed.totals == [3] and told and told[-1][0] == told[-1][1]
    assert tally.kept_path(KEEPER.ledger_path()).exists()  # kept unless told not to


def test_the_lines_fit_a_line_exactly_and_shorten_with_dots() -> None:
    whole = f"Statistics not recorded yet (full); kept in {Path('/d/p.jsonl')}, written next time."
    assert keeper.Written(Path("/d/p.jsonl"), "full").lines(len(whole)) == [whole]
    deep = Path("/" + "/".join(["a-rather-long-folder-name"] * 5) + "/games.pending.jsonl")
    lines = keeper.Written(deep, "disk full").lines(80)
    assert "..." in lines[1] and "\u2026" not in lines[1]


def test_a_message_with_no_room_shortens_the_shortest_form() -> None:
    assert keeper.Written(Path("/d/p.jsonl"), "disk full").message(20) == "Statisti...ext time."
    assert keeper.Written(None, "disk full").message(20) == "Statisti...t either."
