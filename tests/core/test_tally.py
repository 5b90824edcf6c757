"""Totals from a ledger, kept beside it: the same totals with or without what was kept."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from parlour.core import ledger, tally
from tests.hypothesis_profiles import examples


class Counts:
    """A toy game's statistics: results counted, points summed, in the order added."""

    tag = "toy-1"

    def parse(self, raw: dict[str, Any]) -> dict[str, Any]:
        if raw.get("result") not in ("won", "lost", "abandoned") or not isinstance(
            raw.get("points"), int
        ):
            raise ValueError("not a toy record")
        if raw.get("game_id") is not None and not ledger.is_game_id(raw["game_id"]):
            raise ValueError("bad id")
        return raw

    def game_id(self, record: dict[str, Any]) -> str | None:
        return record.get("game_id")

    def is_final(self, record: dict[str, Any]) -> bool:
        return bool(record["result"] != "abandoned")

    def empty(self) -> dict[str, Any]:
        return {"won": 0, "lost": 0, "abandoned": 0, "points": 0, "order": []}

    def add(self, totals: dict[str, Any], record: dict[str, Any]) -> None:
        totals[record["result"]] += 1
        totals["points"] += record["points"]
        totals["order"].append(record["points"])

    def dump(self, totals: dict[str, Any]) -> Any:
        return totals

    def load(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict) or set(data) != set(self.empty()):
            raise ValueError("not toy totals")
        return data


FOLD = Counts()


def _fold_of_read(path: Path) -> dict[str, Any]:
    """What the totals must be: the fold over ``ledger.read``'s records, in their order."""
    reading = ledger.read(path, FOLD.parse, FOLD.game_id, FOLD.is_final)
    totals = FOLD.empty()
    for record in reading.records:
        FOLD.add(totals, record)
    return totals


def _append(path: Path, game_id: str | None, result: str, points: int) -> None:
    ledger.append(path, {"game_id": game_id, "result": result, "points": points})


def test_the_totals_are_kept_after_a_long_read_and_used_next_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tally, "KEEP_AFTER_BYTES", 200)
    path = tmp_path / "games.jsonl"
    ids = [ledger.new_game_id() for _ in range(6)]
    for n, game_id in enumerate(ids):
        _append(path, game_id, "abandoned" if n % 3 == 0 else "won", n)
    first = tally.summarise(path, FOLD)
    kept = tmp_path / "games.totals.json"
    assert kept.exists() and first.totals == _fold_of_read(path) and first.games == 6
    _append(path, ids[0], "lost", 10)  # the abandoned game 0 resumed and finished
    _append(path, ids[1], "lost", 11)  # a replay of the settled game 1: passed over
    parsed: list[int] = []
    original = FOLD.parse

    def counting(raw: dict[str, Any]) -> dict[str, Any]:
        parsed.append(raw["points"])
        return original(raw)

    monkeypatch.setattr(FOLD, "parse", counting)
    second = tally.summarise(path, FOLD)
    # Only the new lines and the two open games' lines were parsed, not the settled ones.
    assert sorted(parsed) == [0, 3, 10, 11]
    monkeypatch.setattr(FOLD, "parse", original)
    assert second.totals == _fold_of_read(path)
    assert (second.games, second.replays, second.damaged) == (6, 1, 0)
    assert second.totals["lost"] == 1 and second.totals["abandoned"] == 1


@pytest.mark.parametrize(
    "spoil",
    [
        "garbage",
        "tag",
        "shorter",
        "edited",
        "checksum",
        "other-file",
        "bad-open-line",
        "totals",
        "bad-id",
        "wide-id",
    ],
)
def test_kept_totals_that_do_not_fit_are_not_used(
    spoil: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tally, "KEEP_AFTER_BYTES", 1)
    path = tmp_path / "games.jsonl"
    for n in range(5):
        _append(path, ledger.new_game_id(), "abandoned" if n == 2 else "won", n)
    tally.summarise(path, FOLD)
    kept = tmp_path / "games.totals.json"
    data = json.loads(kept.read_text())
    body = data["body"]
    if spoil == "garbage":
        kept.write_bytes(b"\x1b[2J not json")
    else:
        if spoil == "tag":
            body["tag"] = "toy-2"
        elif spoil == "shorter":
            path.write_bytes(path.read_bytes()[:-40])
        elif spoil == "edited":
            raw = bytearray(path.read_bytes())
            at = raw.index(b'"points":4')
            raw[at + 9] = ord("7")  # same length, same file: the bytes before the end differ
            path.write_bytes(bytes(raw))
        elif spoil == "checksum":
            body["totals"]["won"] += 1  # a changed body no longer matches its checksum
        elif spoil == "other-file":
            body["ledger"] = [body["ledger"][0], body["ledger"][1] + 1]
        elif spoil == "bad-open-line":
            body["open"] = ['{"result": "won", "points": 1}']
        elif spoil == "totals":
            body["totals"] = {"won": 1}
        elif spoil in ("bad-id", "wide-id"):
            first = body["settled"][:32]
            body["settled"] = ("g" if spoil == "bad-id" else "\u0665") + body["settled"][1:]
        if spoil == "checksum":  # the old checksum beside the changed body
            kept.write_bytes(b'{"check":%d,"body":%s}' % (data["check"], tally._encoded(body)))
        else:
            kept.write_bytes(tally.kept_bytes(body))
        if spoil in ("bad-id", "wide-id"):
            _append(path, first, "lost", 9)  # a replay: counted if the spoilt ids were taken
    monkeypatch.setattr(tally, "KEEP_AFTER_BYTES", 10**9)
    assert tally.summarise(path, FOLD).totals == _fold_of_read(path)


def test_no_ledger_a_folder_and_a_link(tmp_path: Path) -> None:
    assert tally.summarise(tmp_path / "none.jsonl", FOLD).totals == FOLD.empty()
    # An escape in the name is shown escaped (Windows allows no control character in names).
    name, shown = (
        ("games.jsonl", "games.jsonl")
        if sys.platform == "win32"
        else (
            "games\x1b.jsonl",
            "games^[.jsonl",
        )
    )
    folder = tmp_path / name
    folder.mkdir()
    result = tally.summarise(folder, FOLD)
    assert result.problem == f"{tmp_path / shown} is a folder"
    assert result.message() == f"The statistics could not be read: {result.problem}"


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks")
def test_kept_totals_are_never_written_or_read_through_a_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tally, "KEEP_AFTER_BYTES", 1)
    path = tmp_path / "games.jsonl"
    _append(path, ledger.new_game_id(), "won", 1)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_text("mine")
    (tmp_path / "games.totals.json").symlink_to(elsewhere)
    assert tally.summarise(path, FOLD).totals["won"] == 1
    assert elsewhere.read_text() == "mine"


class KeptTotals(RuleBasedStateMachine):
    """Games recorded, replayed, damaged, read with and without the kept totals."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.path = Path(self.folder.name) / "games.jsonl"
        self.ids: list[str] = []
        self.points = 0
        tally.KEEP_AFTER_BYTES = 150

    def teardown(self) -> None:
        tally.KEEP_AFTER_BYTES = 256 * 1024
        self.folder.cleanup()

    @rule(result=st.sampled_from(["won", "lost", "abandoned"]), again=st.booleans(), data=st.data())
    def record(self, result: str, again: bool, data: st.DataObject) -> None:
        if again and self.ids:
            game_id = data.draw(st.sampled_from(self.ids))
        else:
            game_id = ledger.new_game_id()
            self.ids.append(game_id)
        self.points += 1
        _append(self.path, game_id, result, self.points)

    @rule()
    def an_old_line_without_an_id(self) -> None:
        self.points += 1
        _append(self.path, None, "abandoned", self.points)

    @rule(junk=st.binary(min_size=1, max_size=20).filter(lambda b: b"\n" not in b))
    def a_damaged_line(self, junk: bytes) -> None:
        with open(self.path, "ab") as handle:
            handle.write(b"\x00" + junk + b"\n")

    @rule()
    def a_half_line(self) -> None:
        with open(self.path, "ab") as handle:
            handle.write(b'{"game_id": "')

    @rule()
    def read_and_maybe_keep(self) -> None:
        tally.summarise(self.path, FOLD)

    @invariant()
    def the_same_totals_with_or_without_what_was_kept(self) -> None:
        if not self.path.exists():
            return
        kept = tally.summarise(self.path, FOLD)
        whole = tally.summarise(self.path, FOLD, keep=False)
        reading = ledger.read(self.path, FOLD.parse, FOLD.game_id, FOLD.is_final)
        assert kept.totals == whole.totals == _fold_of_read(self.path)
        assert (kept.games, kept.damaged, kept.replays) == (
            len(reading.records),
            reading.damaged,
            reading.replays,
        )
        assert (whole.games, whole.damaged, whole.replays) == (
            kept.games,
            kept.damaged,
            kept.replays,
        )


KeptTotals.TestCase.settings = settings(
    max_examples=examples(40), stateful_step_count=20, deadline=None
)
test_kept_totals_against_reading_the_whole_ledger = KeptTotals.TestCase


def test_a_kept_file_is_replaced_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tally, "KEEP_AFTER_BYTES", 1)
    path = tmp_path / "games.jsonl"
    _append(path, ledger.new_game_id(), "won", 1)
    tally.summarise(path, FOLD)
    _append(path, ledger.new_game_id(), "lost", 2)
    tally.summarise(path, FOLD)
    leftovers = [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
    assert leftovers == [] and sorted(os.listdir(tmp_path)) == ["games.jsonl", "games.totals.json"]


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Terminal:
    """A stream that says it is a terminal and keeps what was written."""

    def __init__(self) -> None:
        self.written: list[str] = []

    def write(self, text: str) -> int:
        self.written.append(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


def test_progress_shows_only_after_a_second_and_is_erased() -> None:
    clock, stream = Clock(), Terminal()
    progress = tally.TerminalProgress("statistics", stream, clock)  # type: ignore[arg-type]
    mb = 1024 * 1024
    progress(10 * mb, 1900 * mb)
    clock.now += 0.9
    progress(20 * mb, 1900 * mb)
    assert stream.written == [] and not progress.shown  # a quick read shows nothing
    clock.now += 0.2
    progress(950 * mb, 1900 * mb)
    assert stream.written == ["\rReading the statistics: 50% (950 of 1,900 MB)\x1b[K"]
    clock.now += 0.1
    progress(960 * mb, 1900 * mb)  # at most five lines a second
    assert len(stream.written) == 1
    clock.now += 0.2
    progress(1900 * mb, 1900 * mb)
    assert stream.written[-1] == "\rReading the statistics: 100% (1,900 of 1,900 MB)\x1b[K"
    progress.close()
    assert stream.written[-1] == "\r\x1b[K" and progress.shown


def test_progress_is_silent_when_nothing_was_shown_or_not_on_a_terminal() -> None:
    stream = Terminal()
    progress = tally.TerminalProgress("statistics", stream, Clock())  # type: ignore[arg-type]
    progress.close()
    assert stream.written == []
    quiet = tally.TerminalProgress("statistics", None, Clock())
    quiet.stream = None
    quiet(1, 2)
    assert not quiet.shown


def test_a_long_reading_tells_its_progress_in_bytes(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    line = ledger.encode({"result": "won", "points": 1, "pad": "x" * 1000})
    path.write_bytes(line * 3000)  # about 3 MB
    told: list[tuple[int, int]] = []
    read = tally.summarise(path, FOLD, keep=False, progress=lambda d, t: told.append((d, t)))
    assert read.games == 3000
    size = path.stat().st_size
    assert len(told) == size // tally.PROGRESS_EVERY
    assert all(total == size for _, total in told)
    assert [done for done, _ in told] == sorted(done for done, _ in told)
    assert told[0][0] >= tally.PROGRESS_EVERY


def test_a_long_reading_keeps_its_totals_on_the_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 39: a first reading stopped half way (Ctrl-C) goes on from its last checkpoint.
    monkeypatch.setattr(tally, "CHECKPOINT_BYTES", 100_000)
    path = tmp_path / "games.jsonl"
    lines = [ledger.encode({"result": "won", "points": n, "pad": "x" * 1000}) for n in range(300)]
    path.write_bytes(b"".join(lines))
    whole = tally.summarise(path, FOLD, keep=False)

    class Stop(Exception):
        pass

    def stop_half_way(done: int, total: int) -> None:
        if done > total // 2:
            raise Stop

    monkeypatch.setattr(tally, "PROGRESS_EVERY", 10_000)
    with pytest.raises(Stop):
        tally.summarise(path, FOLD, progress=stop_half_way)
    kept = json.loads(tally.kept_path(path).read_bytes())["body"]
    assert 100_000 <= kept["offset"] <= path.stat().st_size // 2 + 100_000
    parsed: list[int] = []
    original = FOLD.parse

    def counting(raw: dict[str, Any]) -> dict[str, Any]:
        parsed.append(raw["points"])
        return original(raw)

    monkeypatch.setattr(FOLD, "parse", counting)
    again = tally.summarise(path, FOLD)
    assert again.totals == whole.totals and again.games == whole.games == 300
    assert len(parsed) < 300 and parsed[-1] == 299  # only the lines after the checkpoint
