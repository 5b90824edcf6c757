"""The statistics ledger: appended whole, read line by line, each game counted once."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest

from parlour.core import ledger


def parse(data: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(data.get("n"), int):
        raise ValueError("no n")
    return data


def game_id(record: dict[str, Any]) -> str | None:
    value = record.get("game_id")
    return value if isinstance(value, str) else None


def read(path: Path) -> ledger.Reading:
    return ledger.read(path, parse, game_id)


def test_a_missing_file_is_an_empty_ledger(tmp_path: Path) -> None:
    reading = read(tmp_path / "none.jsonl")
    assert reading.records == []
    assert reading.damaged == 0
    assert reading.message() is None


def test_records_come_back_in_order(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "games.jsonl"
    for n in range(3):
        ledger.append(path, {"game_id": f"g{n}", "n": n})
    assert [r["n"] for r in read(path).records] == [0, 1, 2]
    assert path.read_bytes().count(b"\n") == 3


def test_a_later_record_of_the_same_game_replaces_the_earlier(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    ledger.append(path, {"game_id": "a", "n": 1, "outcome": "abandoned"})
    ledger.append(path, {"game_id": "b", "n": 2})
    ledger.append(path, {"game_id": "a", "n": 3, "outcome": "finished"})
    records = read(path).records
    assert [(r["game_id"], r["n"]) for r in records] == [("b", 2), ("a", 3)]


def test_records_without_an_id_all_count(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    ledger.append(path, {"n": 1})
    ledger.append(path, {"n": 1})
    assert len(read(path).records) == 2


def test_a_damaged_line_is_skipped_alone_and_the_file_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    ledger.append(path, {"game_id": "a", "n": 1})
    with open(path, "ab") as handle:
        handle.write(b'{"game_id": "x", "n": 1\xff}\n')  # not UTF-8
        handle.write(b"[1, 2]\n")  # not an object
        handle.write(b'{"game_id": "y"}\n')  # fails the game's own check
        handle.write(b'{"n": 1, "t": 1e999999}\n')  # overflows to infinity
        handle.write(b'{"n": 1, "t": NaN}\n')
        handle.write(b'{"n": 1' + b"0" * 5000 + b"}\n")  # past the int-size limit
    ledger.append(path, {"game_id": "b", "n": 2})
    before = path.read_bytes()
    reading = read(path)
    assert [r["game_id"] for r in reading.records if "game_id" in r] == ["a", "b"]
    assert reading.damaged == 6
    assert reading.message() == "6 damaged lines in the statistics skipped; the rest is shown"
    assert path.read_bytes() == before


def test_a_half_written_last_line_is_not_damage(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    ledger.append(path, {"game_id": "a", "n": 1})
    with open(path, "ab") as handle:
        handle.write(b'{"game_id": "b", "n"')  # another copy is still writing
    reading = read(path)
    assert [r["game_id"] for r in reading.records] == ["a"]
    assert reading.damaged == 0


def test_appending_after_a_torn_line_starts_a_fresh_line(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    with open(path, "wb") as handle:
        handle.write(b'{"game_id": "dead", "n"')  # a copy killed mid-write
    ledger.append(path, {"game_id": "a", "n": 1})
    reading = read(path)
    assert [r["game_id"] for r in reading.records] == ["a"]
    assert reading.damaged == 1


def test_an_unreadable_place_is_reported_not_raised(tmp_path: Path) -> None:
    reading = read(tmp_path)
    assert reading.records == []
    assert reading.problem is not None
    assert reading.message() is not None
    assert reading.message().startswith("The statistics could not be read")  # type: ignore[union-attr]


def test_an_unwritable_ledger_raises_one_error_with_a_message(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ledger.LedgerError, match="statistics not recorded"):
        ledger.append(blocker / "games.jsonl", {"n": 1})
    with pytest.raises(ledger.LedgerError, match="could not be encoded"):
        ledger.append(tmp_path / "g.jsonl", {"n": float("nan")})
    assert not (tmp_path / "g.jsonl").exists()


def _append_many(path: str, worker: int, count: int) -> None:
    for n in range(count):
        ledger.append(Path(path), {"game_id": f"w{worker}-{n}", "n": n, "pad": "x" * 3000})


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_two_copies_appending_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_append_many, args=(str(path), w, 60)) for w in range(3)]
    for process in workers:
        process.start()
    for process in workers:
        process.join(30)
    reading = read(path)
    assert reading.damaged == 0
    assert len(reading.records) == 180
    assert len({r["game_id"] for r in reading.records}) == 180


def test_set_aside_never_overwrites_an_earlier_backup(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    backups = []
    for n in range(5):
        path.write_text(json.dumps({"copy": n}))
        moved = ledger.set_aside(path)
        assert moved is not None
        backups.append(moved)
        assert not path.exists()
    assert len(set(backups)) == 5
    assert sorted(json.loads(b.read_text())["copy"] for b in backups) == [0, 1, 2, 3, 4]


def test_game_ids_are_fresh_and_recognised() -> None:
    ids = {ledger.new_game_id() for _ in range(100)}
    assert len(ids) == 100
    assert all(ledger.is_game_id(i) for i in ids)
    for bad in ("", "xyz", "A" * 32, 5, None, "0" * 31, "g" * 32):
        assert not ledger.is_game_id(bad)
