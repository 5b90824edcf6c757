"""The totals a statistics line carries (``files/linetotals.py``).

Issue 39, point 6: each new statistics line carries the totals its game adds.

A line the game writes now is ``SUMMARY<TAB>RECORD`` (``stats.record_line``). A
reading believes a summary whose checksum and checks hold and adds its totals
without decoding the record; anything else (an old line, a summary or record
changed in any byte) is read through the record as before, or set aside as damaged.
The totals must be exactly those of the records read one by one, whichever way each
line went: the same figures, the same points given away to the last bit, the same
costly decisions (the costliest time of each, ties to the first), in the same order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from parlour.core import ledger, ledgerline, tally
from parlour.dixmille.files import linetotals, stats, statsfile, statsfold
from tests.dixmille.files.test_statsfold import DAMAGED, IDS, pool
from tests.hypothesis_profiles import examples


def record(index: int, game_id: str | None) -> dict[str, Any]:
    found = dict(pool()[index])
    if game_id is None:
        found.pop("game_id")
    else:
        found["game_id"] = game_id
    return found


def old_line(index: int, game_id: str | None) -> bytes:
    """A line as the game wrote it before: the record alone."""
    return ledger.encode(record(index, game_id))


def new_line(index: int, game_id: str | None) -> bytes:
    """A line as the game writes it now: led by its totals (when it has an id)."""
    return stats.record_line(record(index, game_id))


def v1_line(index: int, game_id: str) -> bytes:
    """A line as the build of 2026-12-05 wrote it: its summary's costly decisions in the
    kept file's form (layout 1), still read from the summary."""
    raw = record(index, game_id)
    detail = ledger.encode(raw).rstrip(b"\n")
    body = linetotals.summary(stats.parse_record(raw), version=1)
    return ledgerline.with_summary(body, detail)


ENTRY = st.one_of(
    st.tuples(st.integers(0, 6), st.sampled_from([*IDS, None])).map(lambda e: new_line(*e)),
    st.tuples(st.integers(0, 6), st.sampled_from(IDS)).map(lambda e: v1_line(*e)),
    st.tuples(st.integers(0, 6), st.sampled_from([*IDS, None])).map(lambda e: old_line(*e)),
    st.sampled_from(DAMAGED).map(lambda raw: raw + b"\n"),
)


def one_by_one(path: Path) -> tuple[list[Any], int, int, int]:
    """Every record read whole (``ledger.read`` never believes a summary), counted in order."""
    reading = ledger.read(
        path, stats.parse_record, lambda g: g.game_id, statsfile.KEEPER.fold.is_final
    )
    found: statsfold.AllTotals = {}
    for game in reading.records:
        stats.count_game(found, game)
    return statsfold.FOLD.dump(found), len(reading.records), reading.damaged, reading.replays


def folded(path: Path) -> tuple[list[Any], int, int, int]:
    read = tally.summarise(path, statsfold.FOLD, keep=False)
    return statsfold.FOLD.dump(read.totals), read.games, read.damaged, read.replays


class Believed:
    """Counts the games added from their line's summary."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.games = 0
        real = linetotals.add

        def counting(totals: statsfold.AllTotals, game: linetotals.LineTotals) -> None:
            self.games += 1
            real(totals, game)

        monkeypatch.setattr(linetotals, "add", counting)


@given(entries=st.lists(ENTRY, max_size=10))
@example(entries=[new_line(0, IDS[0]), new_line(1, IDS[1])])  # "Ann", then "ann": one column
@settings(max_examples=examples(60), deadline=None, derandomize=True)
def test_totals_from_the_lines_summaries_are_those_of_the_records(
    entries: list[bytes], tmp_path_factory: pytest.TempPathFactory
) -> None:
    # mixed old and new lines, damaged ones, an id twice, abandoned (5, 6) then final
    path = tmp_path_factory.mktemp("ledger") / "games.jsonl"
    path.write_bytes(b"".join(entries))
    # the dumped form holds every figure in order: the float sum to the bit, the costly
    # decisions with their times and the decision kept for each
    assert folded(path) == one_by_one(path)


def test_a_new_line_is_read_from_its_summary_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"".join(new_line(i, IDS[i % 5]) for i in (5, 6, 0, 1, 2, 3, 4)))
    expected = one_by_one(path)
    believed = Believed(monkeypatch)

    def refused(data: dict[str, Any]) -> None:
        raise AssertionError("a record was decoded")

    monkeypatch.setattr(stats, "parse_record", refused)
    assert folded(path) == expected
    assert believed.games == 5  # five games (the abandoned 5, 6 replaced by 0, 1), no record read


def test_a_line_of_the_first_layout_is_still_read_from_its_summary(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"".join(v1_line(i, IDS[i % 5]) for i in (5, 6, 0, 1, 2, 3, 4)))
    expected = one_by_one(path)
    believed = Believed(monkeypatch)
    monkeypatch.setattr(stats, "parse_record", None)  # a record decoded would raise
    assert folded(path) == expected
    assert believed.games == 5


def test_a_recorded_game_is_written_with_its_totals() -> None:
    from tests.dixmille.helpers import recorded_games, two_cycle_game

    assert statsfile.record_game(two_cycle_game(), finished=True) is None
    raw = statsfile.KEEPER.ledger_path().read_bytes()
    summary, tab, detail = raw.rstrip(b"\n").partition(b"\t")
    body = ledgerline.summary_body(summary, detail)
    assert tab and body["v"] == 2 and body["final"] is True
    game = linetotals.load(body)
    assert [key for key, *_ in game.players] == ["ann", "bob"]
    assert recorded_games()[0].game_id == body["game_id"] == game.game_id


def _variants() -> list[bytes]:
    return [new_line(1, IDS[0]), new_line(6, IDS[1]), new_line(2, IDS[2])]


@given(
    which=st.integers(0, 2),
    where=st.floats(0, 1, exclude_max=True),
    byte=st.integers(0, 255),
    before=st.booleans(),
)
@settings(max_examples=examples(150), deadline=None, derandomize=True)
def test_a_line_changed_in_any_byte_is_never_believed(
    which: int, where: float, byte: int, before: bool, tmp_path_factory: pytest.TempPathFactory
) -> None:
    line = _variants()[which]
    summary_end = line.index(b"\t")
    # half the time a byte of the summary (the small part), else anywhere in the line
    at = int(where * summary_end) if before else int(where * (len(line) - 1))
    if line[at] == byte:
        byte ^= 0x01
    changed = line[:at] + bytes([byte]) + line[at + 1 :]
    path = tmp_path_factory.mktemp("ledger") / "games.jsonl"
    path.write_bytes(new_line(0, IDS[3]) + changed + old_line(3, IDS[4]))
    with pytest.MonkeyPatch.context() as patch:
        believed = Believed(patch)
        assert folded(path) == one_by_one(path)  # read from its record, or set aside
    assert believed.games == 1  # only the untouched first line


def test_the_checksum_covers_the_record_too(tmp_path: Path) -> None:
    line = new_line(0, IDS[0])
    summary, _, detail = line.rstrip(b"\n").partition(b"\t")
    assert ledgerline.summary_body(summary, detail)["game_id"] == IDS[0]
    other = detail.replace(b'"Ann"', b'"Amy"')
    assert other != detail
    with pytest.raises(ValueError, match="checksum"):
        ledgerline.summary_body(summary, other)


def _style(body: dict[str, Any]) -> dict[str, Any]:
    style: dict[str, Any] = body["totals"][0][1]["style"]
    return style


def _row(body: dict[str, Any]) -> list[Any]:
    row: list[Any] = _style(body)["costly"][0]
    return row


def _take(body: dict[str, Any]) -> list[Any]:
    return next(row for row in _style(body)["costly"] if row[2] == "take")


def _split_costly(body: dict[str, Any]) -> None:
    """A mistake made twice written as two rows of once: every count still adds up."""
    row = next(row for row in _style(body)["costly"] if row[1] > 1)
    row[1] -= 1
    _style(body)["costly"].append([*row[:1], 1, *row[2:]])


def _split_level(body: dict[str, Any]) -> None:
    """A score banked twice written as two scores banked once: the turns still add up."""
    levels = _style(body)["levels"]
    at = next(i for i in range(2, len(levels), 2) if levels[i] > 1)
    levels[at] -= 1
    levels += [levels[at - 1], 1]


SUMMARY_CHANGES = [
    ("a second game", lambda b: b["totals"][0][1].update(games=2, finished=2)),
    ("finished but final false", lambda b: b.update(final=False)),
    ("a loss of 0 more", lambda b: b["totals"][0][2].append(0.0)),  # the same sum
    ("a loss changed", lambda b: b["totals"][0][2].__setitem__(0, b["totals"][0][2][0] + 1.0)),
    ("no game id", lambda b: b.update(game_id=None)),
    ("another layout", lambda b: b.update(v=3)),
    ("the first layout", lambda b: b.update(v=1)),  # its costly decisions are not rows
    ("a field more", lambda b: b["totals"][0][1].update(extra=1)),
    ("a style field more", lambda b: _style(b).update(extra=0)),
    ("a mistake noted twice", lambda b: _row(b).__setitem__(1, _row(b)[1] + 1)),
    ("a costly loss too small", lambda b: _row(b).__setitem__(0, 0.001)),
    ("a costly loss too large", lambda b: _row(b).__setitem__(0, 2e6)),
    ("a costly loss as a whole number", lambda b: _row(b).__setitem__(0, 2)),
    ("a costly decision twice", lambda b: _split_costly(b)),
    ("a costly decision with 7 dice", lambda b: _row(b).__setitem__(5, 7)),
    ("a costly score not of 50", lambda b: _row(b).__setitem__(4, _row(b)[4] + 1)),
    ("a costly decision of no kind", lambda b: _row(b).__setitem__(2, "wait")),
    ("a costly decision cut short", lambda b: _row(b).pop()),
    ("a costly take of a die 7", lambda b: _take(b).__setitem__(9, "7" + _take(b)[9][1:])),
    ("a costly throw of a die more", lambda b: _take(b).__setitem__(8, _take(b)[8] + "1")),
    ("a costly take of dice as a list", lambda b: _take(b).__setitem__(9, [1])),
    ("a banked score twice", lambda b: _split_level(b)),
    ("banked scores as kept", lambda b: _style(b).update(levels=[[0, True, 1]])),
    ("a player twice", lambda b: b["totals"].append(b["totals"][0])),
    ("a negative count", lambda b: b["totals"][0][1].update(busts=-1)),
]


@pytest.mark.parametrize(
    "change", [c for _, c in SUMMARY_CHANGES], ids=[n for n, _ in SUMMARY_CHANGES]
)
def test_a_summary_no_single_game_could_make_is_refused_even_with_its_checksum(
    change: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    line = new_line(1, IDS[0])
    summary, _, detail = line.rstrip(b"\n").partition(b"\t")
    body = ledgerline.summary_body(summary, detail)
    assert body["totals"][0][2]  # Bob's decisions were analysed
    linetotals.load(body)  # as written: taken
    change(body)
    with pytest.raises((ValueError, KeyError, TypeError)):
        linetotals.load(body)
    # a forged line with a good checksum is read from its record instead
    path = tmp_path / "games.jsonl"
    path.write_bytes(ledgerline.with_summary(body, detail))
    believed = Believed(monkeypatch)
    assert folded(path) == one_by_one(path)
    assert believed.games == 0 and folded(path)[1] == 1


NUMBERS = [
    (b'"busts":', b'"busts":1' + b"0" * 50 + b',"x":'),  # too long, in a field more
    (b'"given_away":', b'"given_away":1e400,"x":'),  # infinite, the field then given again
    (b'"given_away":', b'"given_away":NaN,"x":'),
]


@pytest.mark.parametrize("old, new", NUMBERS)
def test_a_summary_holding_a_number_no_game_uses_is_refused(
    old: bytes, new: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import binascii

    line = new_line(1, IDS[0])
    summary, _, detail = line.rstrip(b"\n").partition(b"\t")
    encoded = summary[summary.index(b'"body":') + 7 : -1]
    forged = encoded.replace(old, new, 1)
    assert forged != encoded
    check = binascii.crc32(detail, binascii.crc32(forged))
    with pytest.raises(ValueError):
        ledgerline.summary_body(b'{"check":%d,"body":%s}' % (check, forged), detail)
    path = tmp_path / "games.jsonl"
    path.write_bytes(b'{"check":%d,"body":%s}\t%s\n' % (check, forged, detail))
    believed = Believed(monkeypatch)
    assert folded(path) == one_by_one(path)
    assert believed.games == 0 and folded(path)[1] == 1


def test_a_line_kept_for_later_is_moved_in_with_its_totals(tmp_path: Path) -> None:
    from parlour.core import keeper

    path = tmp_path / "dixmille" / "games.jsonl"
    line = new_line(0, IDS[0])
    place = keeper.places(path)[0]
    place.parent.mkdir(parents=True, exist_ok=True)
    place.write_bytes(line)
    assert keeper.flush(path) == 1
    assert path.read_bytes() == line
