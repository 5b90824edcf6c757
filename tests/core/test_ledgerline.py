"""A ledger line led by its own checked summary (``core.ledgerline``), read by any reader.

Readers that do not use summaries (``ledger.read``, ``ledger.settled_record``, a game
without a ``quick``) read such a line's record after the tab; an old line that holds a
tab as JSON whitespace (edited by hand) still reads whole."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from parlour.core import ledger, ledgerline, tally

GAME = ledger.new_game_id()


def _record(raw: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(raw.get("n"), int):
        raise ValueError("damaged")
    return raw


def _line(n: int, final: bool = True, game_id: str = GAME) -> bytes:
    detail = ledger.encode({"game_id": game_id, "n": n, "final": final})[:-1]
    return ledgerline.with_summary({"n": n * 100, "id": game_id}, detail)


def test_a_reader_without_summaries_reads_the_record_after_the_tab(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(_line(1, final=False) + _line(2) + _line(3))
    reading = ledger.read(path, _record, lambda r: r["game_id"], lambda r: r["final"])
    assert [r["n"] for r in reading.records] == [2]
    assert (reading.damaged, reading.replays) == (0, 1)
    found = ledger.settled_record(path, GAME, _record, lambda r: r["final"])
    assert found is not None and found["n"] == 2


def test_a_reader_with_quick_takes_the_summary_and_falls_back_when_refused(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.jsonl"
    other = ledger.new_game_id()
    path.write_bytes(_line(1) + _line(7, game_id=other))

    def quick(body: Any) -> dict[str, Any]:
        if body["n"] == 700:
            raise ValueError("not believed")
        return {"game_id": body["id"], "n": body["n"], "final": True}

    scan = ledger.Scan(_record, lambda r: r["game_id"], lambda r: r["final"], quick)
    fd = ledger.open_ledger(path)
    try:
        found = [scan.feed(line) for _, line in ledger.lines(fd)]
    finally:
        os.close(fd)
    assert [r["n"] for r in found if r] == [100, 7]  # the summary, then the record


def test_an_old_line_with_a_tab_between_tokens_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(b'{"game_id":\t"' + GAME.encode() + b'", "n": 5, "final": true}\n')
    reading = ledger.read(path, _record, lambda r: r["game_id"], lambda r: r["final"])
    assert [r["n"] for r in reading.records] == [5] and reading.damaged == 0


def test_a_summary_is_not_written_over_a_record_holding_a_tab_or_newline() -> None:
    with pytest.raises(ValueError):
        ledgerline.with_summary({"n": 1}, b'{"a":\t1}')
    with pytest.raises(ValueError):
        ledgerline.with_summary({"n": 1}, b'{"a":1}\n')


def test_the_kept_totals_keep_an_open_game_s_line_with_its_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Fold:
        tag = "test"

        def parse(self, raw: dict[str, Any]) -> dict[str, Any]:
            return _record(raw)

        def quick(self, body: Any) -> dict[str, Any]:
            return {"game_id": body["id"], "n": body["n"], "final": False}

        def game_id(self, record: dict[str, Any]) -> str:
            return str(record["game_id"])

        def is_final(self, record: dict[str, Any]) -> bool:
            return bool(record["final"])

        def empty(self) -> list[int]:
            return []

        def add(self, totals: list[int], record: dict[str, Any]) -> None:
            totals.append(record["n"])

        def dump(self, totals: list[int]) -> list[int]:
            return totals

        def load(self, data: Any) -> list[int]:
            return list(data)

    monkeypatch.setattr(tally, "KEEP_AFTER_BYTES", 0)
    path = tmp_path / "games.jsonl"
    path.write_bytes(_line(4, final=False))
    assert tally.summarise(path, Fold()).totals == [400]
    assert tally.kept_path(path).exists()
    assert tally.summarise(path, Fold()).totals == [
        400
    ]  # the open line fed again from the kept file
