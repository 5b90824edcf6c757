"""Mille's statistics as a fold (``files/statsfold.py``).

Mille statistics at scale (issue #26, point 4): the ledger read as a fold, totals kept.

The totals the player sees are the same as before: over random ledgers (replays,
games abandoned then finished, damaged lines, a last line still being written),
:func:`parlour.core.tally.summarise` with mille's fold gives, with or without the
kept totals, what :func:`parlour.core.ledger.read` and :func:`stats.tally` gave."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core import ledger, tally
from parlour.mille.files import stats, statsfile
from parlour.mille.files.stats import (
    LEVELS,
    MAX_GAME_POINTS,
    MAX_HAND_POINTS,
    GameRecord,
    LevelStats,
)
from parlour.mille.files.statsfold import FOLD, TAG
from parlour.mille.game.scoring import GAME_POINTS
from tests.hypothesis_profiles import examples
from tests.mille.files.test_stats import hand_dicts

IDS = [f"{n:032x}" for n in range(1, 7)]
"""Few game ids, so that games are recorded again (abandoned, then finished; replays)."""


@st.composite
def record_lines(draw: st.DrawFn) -> bytes:
    """A line as the game writes it (finished or abandoned), of one of a few game ids."""
    first = draw(st.integers(1, 3))
    count = draw(st.integers(0, 2))  # two hands at most: their sum stays below 9600
    hands = [draw(hand_dicts(first + n)) for n in range(count)]
    you = draw(st.integers(sum(h["you"] for h in hands), MAX_GAME_POINTS))
    computer = draw(st.integers(sum(h["computer"] for h in hands), MAX_GAME_POINTS))
    finished = max(you, computer) >= GAME_POINTS and draw(st.booleans())
    outcome = "abandoned"
    if finished:
        outcome = "won" if you > computer else "lost" if you < computer else "tied"
    line = {
        "version": 1,
        "game_id": draw(st.sampled_from(IDS)),
        "level": draw(st.sampled_from(LEVELS)),
        "outcome": outcome,
        "you": you,
        "computer": computer,
        "hands": hands,
        "seed": draw(st.integers(0, 2**63 - 1)),
        "complete": not finished and draw(st.booleans()),
    }
    return ledger.encode(line)


DAMAGED = st.sampled_from(
    [
        b"\xff not json\n",
        b"[1, 2]\n",
        b'{"version": 1}\n',
        b'{"version": 1, "game_id": "' + IDS[0].encode() + b'", "level": "strong"}\n',
        b"\n",
        b"   \n",
        b'{"version": 1, "you": 1' + b"0" * 50 + b"}\n",
    ]
)


@st.composite
def ledgers(draw: st.DrawFn) -> list[bytes]:
    lines = draw(st.lists(st.one_of(record_lines(), record_lines(), DAMAGED), max_size=25))
    if draw(st.booleans()):
        lines.append(draw(record_lines())[:-7])  # a record still being written
    return lines


def old_way(path: Path) -> tuple[dict[str, LevelStats], int, int, int]:
    """The totals as they were computed before the fold: every record read, then added."""
    reading = ledger.read(
        path, GameRecord.from_dict, lambda r: r.game_id, statsfile.KEEPER.fold.is_final
    )
    return stats.tally(reading.records), len(reading.records), reading.damaged, reading.replays


def assert_same(path: Path, summary: tally.Tally) -> None:
    totals, games, damaged, replays = old_way(path)
    assert summary.problem is None
    assert summary.totals == totals
    assert (summary.games, summary.damaged, summary.replays) == (games, damaged, replays)
    assert stats.report_totals(summary.totals) == stats.report_totals(totals)


@settings(max_examples=examples(60), deadline=None)
@given(first=ledgers(), more=ledgers())
def test_the_fold_gives_the_totals_of_every_record_read(
    first: list[bytes], more: list[bytes], tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("fold") / "games.jsonl"
    path.write_bytes(b"".join(first))
    assert_same(path, tally.summarise(path, FOLD, keep=False))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tally, "KEEP_AFTER_BYTES", 0)  # keep the totals after any reading
        assert_same(path, tally.summarise(path, FOLD))
        assert not path.exists() or tally.kept_path(path).exists()
        assert_same(path, tally.summarise(path, FOLD))  # from the kept totals
        with path.open("ab") as handle:
            handle.write(b"\n" + b"".join(more))  # a fresh line after a half-written one
        assert_same(path, tally.summarise(path, FOLD))  # the kept ones and the new lines


def _good_totals() -> dict[str, LevelStats]:
    totals = FOLD.empty()
    hand = stats.HandSummary(1, 1600, 300, True, 2, 1, False)
    FOLD.add(totals, GameRecord(IDS[0], "classic", "won", 5100, 4000, (hand,), 7, False))
    FOLD.add(totals, GameRecord(IDS[1], "strong", "abandoned", 0, 0, (), 8))
    return totals


def test_kept_totals_load_back_exactly() -> None:
    totals = _good_totals()
    assert FOLD.load(json.loads(json.dumps(FOLD.dump(totals)))) == totals
    assert FOLD.load(FOLD.dump(FOLD.empty())) == FOLD.empty()


def _broken(level: str, index: int, value: object) -> dict[str, Any]:
    data = json.loads(json.dumps(FOLD.dump(_good_totals())))
    data[level][index] = value
    return data


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "the kept totals do not name the levels"),
        ({"strong": []}, "the kept totals do not name the levels"),
        ({**FOLD.dump(FOLD.empty()), "expert": []}, "the kept totals do not name the levels"),
        (_broken("classic", 0, True), "a kept count is not a whole number"),
        (_broken("classic", 5, -1), "a kept count is not a whole number"),
        (_broken("classic", 7, 1.5), "a kept count is not a whole number"),
        (_broken("classic", 12, MAX_HAND_POINTS + 1), "the kept best hand is out of range"),
        (_broken("classic", 12, "1600"), "the kept best hand is out of range"),
        (_broken("classic", 1, 0), "a level's kept totals do not fit together"),  # won 0 of 1
        (_broken("classic", 12, None), "a level's kept totals do not fit together"),
        (_broken("classic", 6, 2), "a level's kept totals do not fit together"),  # 2 of 1 hand
        (_broken("classic", 11, 2), "a level's kept totals do not fit together"),  # shut-outs
        (_broken("classic", 10, 3), "a level's kept totals do not fit together"),  # coups
        (_broken("classic", 9, 5), "a level's kept totals do not fit together"),  # safeties
        (_broken("classic", 7, 1700), "a level's kept totals do not fit together"),  # > best
        (_broken("strong", 12, 0), "a level's kept totals do not fit together"),  # no hand
        (_broken("strong", 12, [None, 0]), "the kept best hand is out of range"),
        (
            {**FOLD.dump(FOLD.empty()), "strong": [0] * 14},
            "a level's kept totals have the wrong shape",
        ),
    ],
)
def test_kept_totals_that_do_not_fit_are_refused(data: object, reason: str) -> None:
    with pytest.raises(ValueError) as refusal:
        FOLD.load(data)
    assert str(refusal.value) == reason


def test_a_kept_total_that_does_not_fit_means_reading_it_all_again(tmp_path: Path) -> None:
    """Kept totals whose checksum is right but whose counts do not fit are not used."""
    path = tmp_path / "games.jsonl"
    hand = stats.HandSummary(1, 1600, 300, True, 2, 1, False)
    rec = GameRecord(IDS[0], "classic", "won", 5100, 4000, (hand,), 7, False)
    path.write_bytes(ledger.encode(rec.to_dict()))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tally, "KEEP_AFTER_BYTES", 0)
        tally.summarise(path, FOLD)
        kept = json.loads(tally.kept_path(path).read_text())
        kept["body"]["totals"]["classic"][1] = 0  # won 0 of 1 finished game
        tally.kept_path(path).write_bytes(tally.kept_bytes(kept["body"]))
        assert tally.summarise(path, FOLD).totals["classic"].won == 1


def test_stats_lines_read_the_kept_totals_not_the_records_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``mille --stats`` and the farewell read the ledger through the fold: the second time
    only the lines written since are parsed."""
    path = statsfile.KEEPER.ledger_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    hand = stats.HandSummary(1, 1600, 300, True, 2, 1, False)
    rec = GameRecord(IDS[0], "classic", "won", 5100, 4000, (hand,), 7, False)
    path.write_bytes(ledger.encode(rec.to_dict()))
    monkeypatch.setattr(tally, "KEEP_AFTER_BYTES", 0)
    first = statsfile.stats_lines()
    assert first[:2] == [
        "strong: no games yet",
        "classic: won 1 of 1 finished game (100%), lost 0, tied 0; 0 abandoned",
    ]
    assert json.loads(tally.kept_path(path).read_text())["body"]["tag"] == TAG
    parsed: list[object] = []
    real = GameRecord.from_dict
    monkeypatch.setattr(GameRecord, "from_dict", lambda data: parsed.append(data) or real(data))
    assert statsfile.stats_lines() == first and parsed == []
