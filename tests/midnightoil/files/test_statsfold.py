"""Midnight Oil's statistics as a fold (``files/statsfold.py``).

Statistics at scale (issue #26 point 4): the fold over the ledger, with its totals kept
beside it, shows exactly what reading every record used to show."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.core import ledger, paths, tally
from parlour.core.keeper import Keeper
from parlour.midnightoil.files.stats import (
    BASELINE_FILE,
    LOST,
    OUTCOMES,
    SOLVED,
    WON,
    DealRecord,
    GameRecord,
    Stats,
    is_final,
)
from parlour.midnightoil.files.stats_earlier import parse_earlier
from parlour.midnightoil.files.statsfile import stats_report
from parlour.midnightoil.files.statsfold import FOLD
from parlour.midnightoil.game.cards import DEAL_LIMIT
from tests.hypothesis_profiles import examples
from tests.midnightoil.earlierfile import layout
from tests.midnightoil.ledger import LEDGER_FILE
from tests.savefuzz import mutated

IDS = [f"{n:032x}" for n in range(1, 9)]
"""A few game ids, so that a ledger holds replays (a later record of an ended game)."""


DEALS = [0, 1, 2, 7, DEAL_LIMIT - 1]


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    outcome = draw(st.sampled_from(OUTCOMES))
    home = 52 if outcome == WON else draw(st.sampled_from([0, 5, 31, 51, 52]))
    return {
        "v": 1,
        "game_id": draw(st.sampled_from(IDS)),
        "deal_number": draw(st.sampled_from(DEALS)),
        "outcome": outcome,
        "home": home,
        "restarted": outcome == LOST and draw(st.booleans()),
        "phase": draw(st.integers(1, 3)),
        "draw_used": draw(st.booleans()),
        "moves": draw(st.integers(0, 300)),
        "undos": draw(st.integers(0, 9)),
        "seconds": draw(st.sampled_from([0.0, 12.5, 3600.0])),
    }


DAMAGED = [
    b"\x00 not a record",
    b'{"v": 1, "outcome": "won"}',
    b"[1, 2]",
    b'{"v":1,"game_id":"' + IDS[0].encode() + b'","outcome":"abandoned"}',  # not an outcome here
    b'{"v":1,"home":NaN}',
]


LINES = st.lists(
    st.one_of(records().map(ledger.encode), st.sampled_from(DAMAGED).map(lambda b: b + b"\n")),
    max_size=14,
)


def _ledger() -> Path:
    return paths.data_file(LEDGER_FILE)


def _the_old_way() -> Stats:
    """What the statistics were before the fold: every record read, added to the baseline."""
    reading = ledger.read(_ledger(), GameRecord.from_dict, lambda r: r.game_id, is_final)
    baseline_path = paths.data_file(BASELINE_FILE)
    baseline = None
    if baseline_path.exists():
        baseline = parse_earlier(json.loads(baseline_path.read_text()))
    return Stats.of(reading.records, baseline)


EARLIER = st.one_of(
    st.none(),
    st.builds(
        lambda won, streak, deal: layout(
            won=won,
            lost=1,
            current_streak=min(streak, won),
            best_streak=won,
            histogram={52: won, 3: 1},
            wins=[{"deal_number": deal, "phase": 1, "draw_used": False, "moves": 9, "undos": 0}],
            deals={str(deal): {"played": won + 1, "best": 52, "won": True}},
        ),
        st.integers(1, 4),
        st.integers(0, 4),
        st.sampled_from(DEALS),
    ),
)


@settings(
    max_examples=examples(80),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(first=LINES, then=LINES, half=st.booleans(), earlier=EARLIER)
def test_the_fold_shows_what_reading_every_record_showed(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
    first: list[bytes],
    then: list[bytes],
    half: bool,
    earlier: dict[str, Any] | None,
) -> None:
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path_factory.mktemp("data")))
    monkeypatch.setattr(tally, "KEEP_AFTER_BYTES", 1)  # keep the totals after every read
    if earlier is not None:
        paths.data_file(BASELINE_FILE).write_text(json.dumps(earlier))
    path = _ledger()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(first) + (b'{"v":1,"game' if half else b""))
    reading = stats_report()
    assert reading.stats == _the_old_way()
    assert tally.kept_path(path).exists() == bool(first)  # kept after any whole line
    with path.open("ab") as ledger_file:  # more games, after the kept totals
        ledger_file.write((b"\n" if half else b"") + b"".join(then))
    again = stats_report()
    assert again.stats == _the_old_way()
    old = ledger.read(path, GameRecord.from_dict, lambda r: r.game_id, is_final)
    expected = f"{old.damaged} damaged line" if old.damaged else None
    assert (again.note or None) == (
        None
        if expected is None
        else f"{expected}{'s' if old.damaged > 1 else ''} in the statistics skipped; "
        "the rest is shown."
    )


def _stats_of(lines: list[bytes]) -> Stats:
    games = []
    for line in lines:
        try:
            games.append(GameRecord.from_dict(json.loads(line)))
        except Exception:  # a damaged line, as the ledger skips it
            continue
    return Stats.of(games)


@settings(max_examples=100, deadline=None)
@given(first=LINES, then=LINES)
def test_earlier_games_followed_by_later_ones_are_all_the_games_in_order(
    first: list[bytes], then: list[bytes]
) -> None:
    later = _stats_of(then)
    later.follow(_stats_of(first))
    assert later == _stats_of(first + then)


@settings(max_examples=100, deadline=None)
@given(lines=LINES)
def test_kept_totals_load_back_as_they_were(lines: list[bytes]) -> None:
    stats = _stats_of(lines)
    data = json.loads(json.dumps(FOLD.dump(stats)))
    assert FOLD.load(data) == stats


def _kept(**change: Any) -> dict[str, Any]:
    stats = Stats()
    for outcome, home, deal in [(WON, 52, 3), (LOST, 20, 4), (SOLVED, 52, 3), (WON, 52, 5)]:
        stats.add(GameRecord(IDS[0], deal, outcome, home, False, 2, True, 40, 1, 61.5))
    data = FOLD.dump(stats)
    data.update(change)
    return data


def test_a_whole_kept_file_loads() -> None:
    stats = FOLD.load(_kept())
    assert (stats.won, stats.lost, stats.computer_won, stats.current_streak) == (2, 1, 1, 1)
    assert stats.best_for(3) == DealRecord(played=1, best=52, won=True, computer=1, computer_won=1)


@pytest.mark.parametrize(
    "change",
    [
        {"counts": [2, 1, 1, 0, 0, 1, 1, 1, 9]},  # a count too many
        {"counts": [2, 1, 1, 0, 2, 1, 1, 1]},  # more restarts than losses
        {"counts": [2, 1, 1, 0, 0, 3, 3, 1]},  # a streak longer than the wins
        {"counts": [2, 1, 1, 0, 0, True, 1, 1]},  # a flag for a number
        {"counts": [2, 1, 1, 0, 0, 1, 1, 2]},  # opening with more wins than in a row
        {"broken": False},  # nothing broke the streak, yet a loss is counted
        {"histogram": [0] * 52 + [4]},  # the histogram does not add up to the games
        {"wins": []},  # two wins, none listed
        {"wins": [[3, 2, True, 40, 1, 61.5], [4, 2, True, 40, 1, 61.5]]},  # deal 4 not won
        {"wins": [[3, 2, True, 40, 1, 61.5], [5, 0, True, 40, 1, 61.5]]},  # no phase 0
        {"wins": [[3, 2, True, 40, 1, 61.5], [5, 2, True, 40, 1, 61]]},  # a time not a float
        {"deals": [[3, 4, 5], [1, 1, 1], [52, 20, 52], [True, False, True], [1, 0, 0]]},
        {"deals": [[3, 3, 5], [1, 1, 1], [52, 20, 52], [True, False, True], [1, 0, 0], [1, 0, 0]]},
        {"deals": [[3, 4, 5], [1, 1, 1], [52, 20, 52], [True, True, True], [1, 0, 0], [1, 0, 0]]},
        {"deals": [[3, 4, 5], [1, 1, 1], [52, 20, 52], [True, False, True], [1, 0, 0], [0, 0, 0]]},
        {"deals": [[3, 4, 5], [1, 0, 2], [52, 20, 52], [True, False, True], [1, 0, 0], [1, 0, 0]]},
        {"extra": 1},
    ],
)
def test_kept_totals_no_fold_could_have_made_are_refused(change: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        FOLD.load(_kept(**change))


@settings(max_examples=150, deadline=None)
@given(data=mutated(_kept()))
def test_a_mutated_kept_file_is_refused_or_is_one_the_fold_makes(data: dict[str, Any]) -> None:
    try:
        stats = FOLD.load(data)
    except (ValueError, TypeError, KeyError):
        return
    # Taken as it is, never mended: it is what the fold would write for those totals.
    assert FOLD.dump(stats) == data
    assert sum(stats.histogram) == stats.won + stats.lost
    assert sum(stats.deals.played) == stats.own


def test_a_kept_file_from_another_layout_is_not_used(tmp_path: Path) -> None:
    assert FOLD.tag == "midnightoil-stats-1"  # a change of meaning must change the tag


def test_only_a_resumed_game_looks_for_its_result_as_it_starts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A long ledger costs a new game nothing: its id was made now, no record holds it."""
    from parlour.midnightoil.files import savefile
    from parlour.midnightoil.game.history import Game
    from parlour.midnightoil.terminal.app import MidnightOilApp
    from parlour.tui.glyphs import ASCII

    looked: list[str] = []
    monkeypatch.setattr(Keeper, "settled_result", lambda self, game_id: looked.append(game_id))
    game = Game(5)
    MidnightOilApp(game, ASCII)
    assert looked == []
    savefile.save(tmp_path / "s.json", game)
    MidnightOilApp(savefile.load(tmp_path / "s.json"), ASCII, save_path=str(tmp_path / "s.json"))
    assert looked == [game.game_id]
