"""Statistics that cannot be written are kept, said, and written the next time."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core import ledger, pending, text


def _entry(n: int, result: str = "won") -> dict[str, object]:
    return {"game_id": ledger.new_game_id(), "n": n, "result": result}


def _ns(path: Path) -> list[int]:
    reading = ledger.read(path, lambda value: value, lambda value: value["game_id"])
    assert reading.damaged == 0
    return [record["n"] for record in reading.records]


def _home_place(path: Path) -> Path:
    return pending.places(path)[1]


def test_a_record_the_ledger_takes_is_simply_written(tmp_path: Path) -> None:
    path = tmp_path / "mille" / "games.jsonl"
    written = pending.record(path, _entry(1))
    assert written.recorded and written.kept is None and written.message(80) is None
    assert _ns(path) == [1] and not pending.waiting(path)


def test_a_full_disk_keeps_the_record_at_home_and_the_next_record_brings_it_in(
    full_disk: Path,
) -> None:
    path = full_disk / "mille" / "games.jsonl"
    os.mkdir(path.parent)
    written = pending.record(path, _entry(1))
    home_place = _home_place(path)
    assert not written.recorded and written.kept == home_place
    assert written.reason == "No space left on device"
    assert written.message(200) == (
        f"Statistics not recorded yet (No space left on device); kept in {home_place}, "
        "written next time."
    )
    assert pending.waiting(path) and not path.exists() or path.stat().st_size == 0
    pending.record(path, _entry(2, "lost"))  # still full: kept behind the first
    (full_disk / "filler").unlink()  # the player makes room
    third = pending.record(path, _entry(3))
    assert third.recorded and third.flushed == 2
    assert _ns(path) == [1, 2, 3] and not pending.waiting(path)
    assert not home_place.exists()


def test_a_data_folder_known_to_be_unusable_is_not_tried(tmp_path: Path) -> None:
    path = tmp_path / "data" / "games.jsonl"
    written = pending.record(path, _entry(1), problem="the data folder is a file")
    assert written.kept == _home_place(path) and not path.exists()
    assert pending.flush(path) == 1 and _ns(path) == [1]


def test_kept_beside_the_ledger_when_only_the_ledger_is_in_the_way(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.mkdir()  # a folder where the ledger should be
    written = pending.record(path, _entry(1))
    assert written.kept == tmp_path / "games.pending.jsonl"
    assert written.reason == "games.jsonl is a folder"


def test_nowhere_to_keep_it(read_only_disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(read_only_disk))
    path = read_only_disk / "games.jsonl"
    written = pending.record(path, _entry(1))
    assert written.kept is None and written.reason == "Read-only file system"
    assert written.message(80) == (
        "Statistics not recorded: Read-only file system; they could not be kept either."
    )


def test_a_flush_skips_half_and_damaged_lines_and_empties_the_file(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    place = pending.places(path)[0]
    good = ledger.encode(_entry(1)), ledger.encode(_entry(2))
    place.write_bytes(good[0] + b"\x00junk\n[1]\n" + good[1] + b'{"half')
    assert pending.flush(path) == 2  # a damaged line loses nothing after it
    assert _ns(path) == [1, 2] and not place.exists()
    assert pending.flush(path) == 0


def test_a_ledger_that_still_cannot_take_them_leaves_them_kept(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.mkdir()
    place = pending.places(path)[1]
    place.parent.mkdir()
    kept = ledger.encode(_entry(1))
    place.write_bytes(kept)
    assert pending.flush(path) == 0 and place.read_bytes() == kept


def test_kept_records_written_twice_still_count_once(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    entry = _entry(1)
    for _ in range(2):  # a crash between the append and the removal, then the next flush
        pending.places(path)[0].write_bytes(ledger.encode(entry))
        pending.flush(path)
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
    written = pending.Written(Path("/home") / name if kept else None, reason)
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
    assert pending.Written(kept, "disk full").message(columns) == line.replace("/", os.sep)


@pytest.mark.skipif(
    sys.platform == "win32", reason="the name hashes the absolute path, with its drive on Windows"
)
def test_the_kept_files_keep_their_names_from_one_version_to_the_next() -> None:
    """Records kept by an older version are found by a newer one: the names are fixed."""
    beside, home = pending.places(Path("/data/mille/games.jsonl"))
    assert beside == Path("/data/mille/games.pending.jsonl")
    assert home == Path.home() / ".parlour-pending" / "mille-eb7729c8.jsonl"
    assert pending.places(Path("/data/b/games.jsonl"))[1].name == "b-0c692179.jsonl"


def test_a_plain_written_is_a_record_that_went_in() -> None:
    written = pending.Written()
    assert written.recorded and written.kept is None and written.reason is None
    assert written.flushed == 0 and written.message(80) is None


def test_the_lines_keep_the_reason_and_the_place_whole() -> None:
    # Issue 39: "kept for next time." said neither where nor why; the lines say both.
    short = Path("/d/p.jsonl")
    assert pending.Written(short, "disk full").lines(80) == [
        f"Statistics not recorded yet (disk full); kept in {short}, written next time."
    ]
    assert pending.Written(KEPT, "No space left on device").lines(80) == [
        "Statistics not recorded yet (No space left on device); kept for next time in:",
        str(KEPT),
    ]
    deep = Path("/" + "/".join(["a-rather-long-folder-name"] * 5) + "/games.pending.jsonl")
    lines = pending.Written(deep, "disk full").lines(80)
    assert lines[0] == "Statistics not recorded yet (disk full); kept for next time in:"
    assert len(lines[1]) == 80 and lines[1].endswith("games.pending.jsonl")
    assert pending.Written(None, "data folder: read-only disk").lines(60) == [
        "Statistics not recorded: data folder: read-only disk; they",
        "could not be kept either.",
    ]
    assert pending.Written().lines(80) == []
