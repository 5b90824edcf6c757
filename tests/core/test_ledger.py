"""The statistics ledger (``core/ledger.py``): appended whole, read line by line, each game
counted exactly once."""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from parlour.core import ledger
from tests.core.folds import CountingFold
from tests.hypothesis_profiles import examples

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file kinds")


def _parse(value: dict[str, Any]) -> dict[str, Any]:
    if not ledger.is_game_id(value.get("game_id")) or not isinstance(value.get("n"), int):
        raise ValueError("not a record")
    return value


def _final(record: dict[str, Any]) -> bool:
    return record.get("result") in ("won", "lost")


def _read(path: Path) -> ledger.Reading:
    return ledger.read(path, _parse, lambda record: record["game_id"], _final)


def test_the_last_record_of_a_game_wins_settled_games_first(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    a, b, c = ledger.new_game_id(), ledger.new_game_id(), ledger.new_game_id()
    ledger.append(path, {"game_id": a, "n": 1, "result": "abandoned"})
    ledger.append(path, {"game_id": b, "n": 2})
    ledger.append(path, {"game_id": c, "n": 3, "result": "abandoned"})
    ledger.append(path, {"game_id": a, "n": 4, "result": "won"})
    ledger.append(path, {"game_id": b, "n": 5, "result": "abandoned"})
    reading = _read(path)
    # The settled games in the order of their lines, then the open ones by their latest.
    assert [(r["game_id"], r["n"]) for r in reading.records] == [(a, 4), (c, 3), (b, 5)]
    assert reading.damaged == 0 and reading.message() is None
    plain = ledger.read(path, _parse, lambda record: record["game_id"])
    assert [r["n"] for r in plain.records] == [3, 4, 5]


def test_the_first_final_record_of_a_game_stands_for_good(tmp_path: Path) -> None:
    # Saved, played on and lost; the older save resumed, won, abandoned: the loss stands.
    path = tmp_path / "games.jsonl"
    a, b = ledger.new_game_id(), ledger.new_game_id()
    ledger.append(path, {"game_id": a, "n": 1, "result": "abandoned"})
    ledger.append(path, {"game_id": a, "n": 2, "result": "lost"})
    ledger.append(path, {"game_id": b, "n": 3, "result": "abandoned"})
    ledger.append(path, {"game_id": a, "n": 4, "result": "won"})
    ledger.append(path, {"game_id": a, "n": 5, "result": "abandoned"})
    reading = _read(path)
    assert [(r["game_id"], r["n"]) for r in reading.records] == [(a, 2), (b, 3)]
    assert reading.replays == 2 and reading.damaged == 0
    # Without a rule for final records, the last record of each id is kept, as before.
    plain = ledger.read(path, _parse, lambda record: record["game_id"])
    assert [r["n"] for r in plain.records] == [3, 5] and plain.replays == 0


@pytest.mark.parametrize("chunk", [1, 7, 64, ledger.CHUNK_BYTES])
def test_the_settled_record_of_one_game_is_found_without_reading_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    monkeypatch.setattr(ledger, "CHUNK_BYTES", chunk)
    path = tmp_path / "games.jsonl"
    a, b, c = ledger.new_game_id(), ledger.new_game_id(), ledger.new_game_id()
    calls: list[int] = []

    def parse(value: dict[str, Any]) -> dict[str, Any]:
        calls.append(value["n"])
        return _parse(value)

    ledger.append(path, {"game_id": b, "n": 1, "result": "won"})
    ledger.append(path, {"game_id": a, "n": 2, "result": "abandoned"})
    assert ledger.settled_record(path, a, parse, _final) is None
    with open(path, "ab") as handle:
        handle.write(f'{{"game_id":"{a}","n":"junk"}}\n'.encode())  # damaged: skipped
    ledger.append(path, {"game_id": a, "n": 3, "result": "lost"})
    ledger.append(path, {"game_id": a, "n": 4, "result": "won"})
    calls.clear()
    record = ledger.settled_record(path, a, parse, _final)
    assert record is not None and record["n"] == 3
    assert 1 not in calls  # the other game's line was never decoded
    with open(path, "ab") as handle:  # a record still being written is no record yet
        handle.write(f'{{"game_id":"{c}","n":5,"result":"won"}}'.encode())
    assert ledger.settled_record(path, c, _parse, _final) is None
    assert ledger.settled_record(path, b, _parse, _final) == {
        "game_id": b,
        "n": 1,
        "result": "won",
    }
    assert ledger.settled_record(tmp_path / "none.jsonl", a, _parse, _final) is None
    assert ledger.settled_record(path, "not an id", _parse, _final) is None


def test_a_runaway_line_does_not_hide_the_records_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ledger, "MAX_LINE_BYTES", 100)
    monkeypatch.setattr(ledger, "CHUNK_BYTES", 16)
    path = tmp_path / "games.jsonl"
    a = ledger.new_game_id()
    path.write_bytes(b'{"game_id":"' + a.encode() + b'"' + b" " * 300 + b',"n":1,"result":"won"}\n')
    ledger.append(path, {"game_id": a, "n": 2, "result": "lost"})
    record = ledger.settled_record(path, a, _parse, _final)
    assert record is not None and record["n"] == 2
    # A runaway line whose tail happens to be a whole record is still one damaged line.
    b = ledger.new_game_id()
    with open(path, "ab") as handle:
        handle.write(b"x" * 300 + ledger.encode({"game_id": b, "n": 3, "result": "won"}))
    reading = _read(path)
    assert [r["n"] for r in reading.records] == [2] and reading.damaged == 2
    assert ledger.settled_record(path, b, _parse, _final) is None


def test_damaged_lines_are_skipped_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    first = ledger.encode({"game_id": ledger.new_game_id(), "n": 1})
    last = ledger.encode({"game_id": ledger.new_game_id(), "n": 2})
    junk = [b"\xff\xfe not utf-8", b"{not json", b"[1, 2]", b'{"n": "x"}', b'{"n": NaN}']
    path.write_bytes(first + b"\n".join(junk) + b"\n" + last)
    before = path.read_bytes()
    reading = _read(path)
    assert [r["n"] for r in reading.records] == [1, 2]
    assert reading.damaged == len(junk)
    assert reading.message() == "5 damaged lines in the statistics skipped; the rest is shown"
    assert path.read_bytes() == before  # reading never changes the file


def test_a_half_written_last_line_is_not_damage_and_the_next_record_starts_afresh(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.jsonl"
    ledger.append(path, {"game_id": ledger.new_game_id(), "n": 1})
    with open(path, "ab") as handle:
        handle.write(b'{"game_id": "half')  # another copy, killed or still writing
    reading = _read(path)
    assert [r["n"] for r in reading.records] == [1] and reading.damaged == 0
    ledger.append(path, {"game_id": ledger.new_game_id(), "n": 2})
    reading = _read(path)
    assert [r["n"] for r in reading.records] == [1, 2] and reading.damaged == 1


def test_a_missing_file_is_no_games(tmp_path: Path) -> None:
    reading = _read(tmp_path / "none.jsonl")
    assert reading.records == [] and reading.problem is None


def test_a_folder_in_the_way_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    windows = sys.platform == "win32"  # where a name cannot hold a control character
    folder = tmp_path / ("games.jsonl" if windows else "games\x1b[2J.jsonl")
    folder.mkdir()
    reading = _read(folder)
    shown = tmp_path / ("games.jsonl" if windows else "games^[[2J.jsonl")
    assert reading.problem == f"{shown} is a folder"
    assert "\x1b" not in (reading.message() or "")


def test_a_file_in_place_of_the_folder_is_told_alike_everywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """POSIX says "not a folder" when a file stands where a folder of the path should;
    Windows says "not found". Both are told as a problem, not as no statistics yet."""
    (tmp_path / "data").write_text("x")
    under = tmp_path / "data" / "mille" / "games.jsonl"
    assert _read(under).problem == os.strerror(errno.ENOTDIR)

    def not_found(path: Path, flags: int, mode: int = 0o666) -> int:
        raise FileNotFoundError(2, "The system cannot find the path specified")

    monkeypatch.setattr(ledger, "_open", not_found)  # as on Windows
    assert _read(under).problem == os.strerror(errno.ENOTDIR)
    from parlour.core import tally

    summed = tally.summarise(under, CountingFold("count-1", _parse, _final))
    assert summed.problem == os.strerror(errno.ENOTDIR) and summed.games == 0
    assert _read(tmp_path / "none" / "games.jsonl").problem is None  # only missing: no games yet
    assert _read(tmp_path / "games.jsonl").records == []


@posix_only
def test_a_fifo_in_the_way_never_hangs(tmp_path: Path) -> None:
    fifo = tmp_path / "games.jsonl"
    os.mkfifo(fifo)
    reading = _read(fifo)
    assert reading.problem == f"{fifo} is not a regular file"
    with pytest.raises(ledger.LedgerError, match="statistics not recorded"):
        ledger.append(fifo, {"game_id": ledger.new_game_id(), "n": 1})


def test_a_record_that_cannot_be_encoded_is_a_ledger_error(tmp_path: Path) -> None:
    with pytest.raises(ledger.LedgerError, match="could not be encoded"):
        ledger.append(tmp_path / "g.jsonl", {"n": float("nan")})
    assert not (tmp_path / "g.jsonl").exists()


def test_backups_never_overwrite_backups(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    names = set()
    for round_ in range(5):
        path.write_bytes(b"damaged %d\n" % round_)
        backup = ledger.set_aside(path)
        assert backup is not None and not path.exists()
        names.add(backup.name)
    assert len(names) == 5  # five in the same second, five names
    assert sorted(p.read_bytes() for p in tmp_path.iterdir()) == [
        b"damaged %d\n" % i for i in range(5)
    ]


def _append_many(path: str, worker: int, count: int) -> None:
    for i in range(count):
        ledger.append(Path(path), {"game_id": ledger.new_game_id(), "n": worker * 1000 + i})


def test_two_copies_appending_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_append_many, args=(str(path), w, 100)) for w in (1, 2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    reading = _read(path)
    assert reading.damaged == 0
    assert sorted(r["n"] for r in reading.records) == sorted(
        w * 1000 + i for w in (1, 2) for i in range(100)
    )


class LedgerModel(RuleBasedStateMachine):
    """Games recorded, re-recorded after resuming, damage and half lines, against a dict."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.path = Path(self.folder.name) / "games.jsonl"
        self.model: dict[str, int] = {}
        """Game id -> the n of its first final record, else of its latest one: what the
        statistics must show."""
        self.settled: set[str] = set()
        self.replays = 0
        self.ids: list[str] = []
        self.counter = 0
        self.damage = 0
        """Damaged complete lines in the file."""
        self.half = False
        """Whether the file ends in a line without its newline."""

    def teardown(self) -> None:
        self.folder.cleanup()

    def _record(self, game_id: str, result: str = "won") -> None:
        self.counter += 1
        ledger.append(self.path, {"game_id": game_id, "n": self.counter, "result": result})
        if game_id in self.settled:
            self.replays += 1
        else:
            self.model[game_id] = self.counter
            if result != "abandoned":
                self.settled.add(game_id)
        if self.half:  # the append started a fresh line: the half line is now complete junk
            self.half = False
            self.damage += 1

    @rule(result=st.sampled_from(["won", "lost", "abandoned"]))
    def end_a_new_game(self, result: str) -> None:
        game_id = ledger.new_game_id()
        self.ids.append(game_id)
        self._record(game_id, result)

    @rule(data=st.data(), result=st.sampled_from(["won", "lost", "abandoned"]))
    def record_a_game_again(self, data: st.DataObject, result: str) -> None:
        # Resumed from a save (perhaps an older one) and ended again: counted once, and
        # never in place of a result already recorded.
        if self.ids:
            self._record(data.draw(st.sampled_from(self.ids)), result)

    @rule(junk=st.binary(min_size=1, max_size=30).filter(lambda b: b"\n" not in b))
    def a_damaged_line(self, junk: bytes) -> None:
        with open(self.path, "ab") as handle:
            handle.write(b"\x00" + junk + b"\n")  # a NUL byte: never valid JSON
        self.damage += 1  # (glued onto a half line, if any: still one damaged line)
        self.half = False

    @rule()
    def a_copy_killed_mid_append(self) -> None:
        with open(self.path, "ab") as handle:
            handle.write(b'{"game_id":"')
        self.half = True

    @invariant()
    def each_game_counted_once_with_its_last_record(self) -> None:
        reading = _read(self.path)
        assert {r["game_id"]: r["n"] for r in reading.records} == self.model
        assert len(reading.records) == len(self.model)
        assert reading.damaged == self.damage
        assert reading.replays == self.replays
        for game_id in self.ids[-3:]:
            found = ledger.settled_record(self.path, game_id, _parse, _final)
            wanted = self.model[game_id] if game_id in self.settled else None
            assert (found["n"] if found else None) == wanted


LedgerModel.TestCase.settings = settings(
    max_examples=examples(40), stateful_step_count=15, deadline=None
)


test_the_ledger_against_a_model = LedgerModel.TestCase


@pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32", reason="symlinks")
def test_links_in_the_data_folder_are_never_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.jsonl"
    a = ledger.new_game_id()
    target.write_bytes(ledger.encode({"game_id": a, "n": 1, "result": "won"}))
    before = target.read_bytes()
    link = tmp_path / "games.jsonl"
    link.symlink_to(target)
    reading = _read(link)
    assert reading.records == []
    assert reading.problem == f"{link} is a link; links in the data folder are not followed"
    with pytest.raises(ledger.LedgerError) as info:
        ledger.append(link, {"game_id": a, "n": 2})
    assert str(info.value) == (
        "statistics not recorded: games.jsonl is a link; links in the data folder are not followed"
    )
    assert ledger.settled_record(link, a, _parse, _final) is None
    assert target.read_bytes() == before and link.is_symlink()
    dangling = tmp_path / "other.jsonl"
    dangling.symlink_to(tmp_path / "nowhere")
    with pytest.raises(ledger.LedgerError, match="is a link"):
        ledger.append(dangling, {"game_id": a, "n": 3})
    assert not (tmp_path / "nowhere").exists()


def test_a_record_that_only_partly_fits_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.jsonl"
    ledger.append(path, {"game_id": ledger.new_game_id(), "n": 1})
    before = path.read_bytes()
    real_write = os.write

    def full_disk(fd: int, data: bytes) -> int:  # the first 10 bytes fit, then the disk is full
        if len(data) > 10:
            return real_write(fd, data[:10])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full_disk)
    with pytest.raises(ledger.LedgerError) as info:
        ledger.append(path, {"game_id": ledger.new_game_id(), "n": 2})
    assert str(info.value) == "statistics not recorded: No space left on device"
    monkeypatch.setattr(os, "write", real_write)
    assert path.read_bytes() == before  # no fragment, so no damaged line later
    ledger.append(path, {"game_id": ledger.new_game_id(), "n": 3})
    reading = _read(path)
    assert [r["n"] for r in reading.records] == [1, 3] and reading.damaged == 0


@settings(max_examples=60, deadline=None)
@given(
    records=st.lists(
        st.tuples(st.integers(0, 4), st.sampled_from(["won", "lost", "abandoned", None])),
        max_size=12,
    ),
    junk=st.lists(st.binary(max_size=40), max_size=3),
    tail=st.binary(max_size=20).filter(lambda b: b"\n" not in b),
    chunk=st.integers(1, 64),
)
def test_reading_a_chunk_at_a_time_changes_nothing(
    records: list[tuple[int, str | None]], junk: list[bytes], tail: bytes, chunk: int
) -> None:
    ids = [ledger.new_game_id() for _ in range(5)]
    lines = [
        ledger.encode({"game_id": ids[i], "n": n, **({"result": r} if r else {})})
        for n, (i, r) in enumerate(records)
    ]
    lines += [j.replace(b"\n", b" ") + b"\n" for j in junk]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.jsonl"
        path.write_bytes(b"".join(lines) + tail)
        whole = _read(path)
        original = ledger.CHUNK_BYTES
        ledger.CHUNK_BYTES = chunk
        try:
            pieces = _read(path)
        finally:
            ledger.CHUNK_BYTES = original
    assert pieces == whole
    assert len(whole.records) == len({ids[i] for i, _ in records})


def test_lines_come_whole_with_their_end_offsets_and_a_runaway_line_as_damage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ledger, "MAX_LINE_BYTES", 100)
    monkeypatch.setattr(ledger, "CHUNK_BYTES", 16)
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"one\n" + b"y" * 300 + b"\n\nlast\nhalf")
    fd = os.open(path, os.O_RDONLY)
    try:
        assert list(ledger.lines(fd)) == [(4, b"one"), (305, b"\x00"), (306, b""), (311, b"last")]
        assert list(ledger.lines(fd, 306)) == [(311, b"last")]
    finally:
        os.close(fd)


@settings(max_examples=80, deadline=None)
@given(
    pieces=st.lists(
        st.sampled_from([b"ab", b"xyz", b"\n", b"needle", b"nee", b"dle"]), max_size=30
    ),
    chunk=st.integers(1, 12),
)
def test_lines_holding_some_bytes_are_the_lines_that_hold_them(
    pieces: list[bytes], chunk: int
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.jsonl"
        path.write_bytes(b"".join(pieces))
        fd = os.open(path, os.O_RDONLY)
        original = ledger.CHUNK_BYTES
        ledger.CHUNK_BYTES = chunk
        try:
            every = list(ledger.lines(fd))
            holding = list(ledger.lines(fd, holding=b"needle"))
        finally:
            ledger.CHUNK_BYTES = original
            os.close(fd)
    assert holding == [(end, line) for end, line in every if b"needle" in line]


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


def _append_forked(path: str, worker: int, count: int) -> None:
    for n in range(count):
        ledger.append(Path(path), {"game_id": f"w{worker}-{n}", "n": n, "pad": "x" * 3000})


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_two_forked_copies_appending_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_append_forked, args=(str(path), w, 60)) for w in range(3)]
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
