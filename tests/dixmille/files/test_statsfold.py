"""Dix Mille's statistics as a fold (``files/statsfold.py``).

Statistics at scale (issue #26, point 4): the totals as a fold, kept beside the file.

The totals a player sees come from ``statsfile.stats_report`` (``core.tally`` with Dix
Mille's fold): they must be exactly the totals the records read one by one give
(``stats.totals`` over ``ledger.read``), with or without the totals kept beside the
file, over ledgers with replays, abandoned games, games without an id and damaged
lines; what is kept holds all of it (every player's style analysis with every costly
decision); and a kept file that is not what a reading could make is not used."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core import ledger, tally
from parlour.core.record import replace
from parlour.core.rng import make_rng
from parlour.dixmille.computer.ai import threshold_move
from parlour.dixmille.files import stats, statsfile, statsfold
from parlour.dixmille.files.stats import Totals
from parlour.dixmille.game.records import GO
from parlour.dixmille.game.rules import FOUR_TWOS_TURN, Game, new_game
from tests.dixmille.helpers import read_games
from tests.hypothesis_profiles import examples

IDS = [ledger.new_game_id() for _ in range(5)]


DAMAGED = [
    b"not json at all",
    b'{"players": []}',
    b"[1, 2, 3]",
    b'{"game_id": "' + IDS[0].encode() + b'", "finished": true}',
    "\xff\xfe".encode("latin-1"),
]


def analysed(game: Game, seed: int) -> None:
    """Give the human seats' decisions losses and advice, as the analysis would: some
    costly (the same situation costly more than once), most not."""
    chooser = random.Random(seed)
    for player in game.players:
        if player.computer:
            continue
        for turn in player.turns:
            turn.decisions = [
                replace(d, loss=chooser.choice([0.0, 0.0, 0.001, 12.5, 80.25]), best="throw 2 dice")
                if not d.last
                else d
                for d in turn.decisions
            ]


def played(names: list[str], seed: int, four_twos: str = "game", moves: int | None = None) -> Game:
    game = new_game(names, make_rng(seed), seed, four_twos)
    for _ in range(moves if moves is not None else 100_000):
        if game.over:
            break
        game.apply(threshold_move(game.situation()))
    analysed(game, seed)
    return game


@functools.cache
def pool() -> list[dict[str, Any]]:
    """Real records, as the game writes them: finished and abandoned, with and without
    opponents, under both four-2s rules."""
    games = [
        (played(["Ann", "ZEDX"], 1), True),
        (played(["Bob", "ann", "Zoë"], 2), True),
        (played(["Zoë"], 3), True),
        (played(["ZEDX"], 4), True),
        (played(["Ann", "Bob"], 5, FOUR_TWOS_TURN), True),
        (played(["Ann", "ZEDX"], 6, moves=60), False),
        (played(["Bob", "Ann"], 7, moves=25), False),
    ]
    return [json.loads(json.dumps(stats.game_record(g, finished))) for g, finished in games]


def line(index: int, game_id: str | None) -> bytes:
    record = dict(pool()[index])
    if game_id is None:
        record.pop("game_id")
    else:
        record["game_id"] = game_id
    return ledger.encode(record)


ENTRY = st.one_of(
    st.tuples(st.integers(0, 6), st.sampled_from([*IDS, None])).map(lambda e: line(*e)),
    st.sampled_from(DAMAGED).map(lambda raw: raw + b"\n"),
)


def old_way(path: Path) -> tuple[list[Totals], int, int, int]:
    """The totals as they were computed before the fold: every record read, then summed."""
    reading = ledger.read(
        path, stats.parse_record, lambda g: g.game_id, statsfile.KEEPER.fold.is_final
    )
    return stats.totals(reading.records), len(reading.records), reading.damaged, reading.replays


def fold_way(path: Path, keep: bool) -> tuple[list[Totals], int, int, int]:
    read = tally.summarise(path, statsfold.FOLD, keep)
    return list(read.totals.values()), read.games, read.damaged, read.replays


@given(
    before=st.lists(ENTRY, max_size=8),
    after=st.lists(ENTRY, max_size=6),
    half=st.booleans(),
)
@settings(max_examples=examples(40), deadline=None, derandomize=True)
def test_the_fold_gives_the_totals_of_the_records_read_one_by_one(
    before: list[bytes],
    after: list[bytes],
    half: bool,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    path = tmp_path_factory.mktemp("ledger") / "games.jsonl"
    path.write_bytes(b"".join(before))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tally, "KEEP_AFTER_BYTES", 0)  # keep the totals after any read
        assert fold_way(path, keep=True) == old_way(path)  # read whole, totals kept
        with path.open("ab") as handle:
            handle.write(b"".join(after) + (line(0, IDS[1])[:-40] if half else b""))
        expected = old_way(path)
        assert fold_way(path, keep=False) == expected
        assert fold_way(path, keep=True) == expected  # read on from the kept totals
        assert fold_way(path, keep=True) == expected  # and again, nothing new


def test_the_page_shows_the_same_rows_title_and_message_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tally, "KEEP_AFTER_BYTES", 0)
    path = statsfile.KEEPER.ledger_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"".join([line(0, IDS[0]), line(5, IDS[1]), DAMAGED[0] + b"\n"]))
    path.open("ab").write(line(1, IDS[1]) + line(2, None) + line(0, IDS[0]))
    games, message = read_games()
    for name in (None, "ANN", "zoë", "Nobody"):
        for _ in range(2):  # the whole file, then from the kept totals
            read = statsfile.stats_report(name)
            rows = stats.totals(games, name)
            assert (read.rows, read.title, read.message) == (
                rows,
                stats.title(len(games), rows, name),
                message,
            )
    assert statsfile.stats_report().title == "3 recorded games, all players"
    assert message == "1 damaged line in the statistics skipped; the rest is shown"


def test_kept_totals_hold_every_figure_and_every_costly_decision() -> None:
    found: statsfold.AllTotals = {}
    for index in range(7):
        stats.count_game(found, stats.parse_record(pool()[index]))
    costly = [t for t in found.values() if len(t.style.costly) > 1]
    assert costly and any(c.times > 1 for t in costly for c in t.style.costly.values())
    assert any(t.solitaire_turns for t in found.values())
    again = statsfold.FOLD.load(json.loads(json.dumps(statsfold.FOLD.dump(found))))
    assert list(again.items()) == list(found.items())  # every field, in the same order
    for key, entry in found.items():
        assert entry.style.costliest(100) == again[key].style.costliest(100)


def test_a_second_reading_parses_only_what_was_added(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tally, "KEEP_AFTER_BYTES", 0)
    parsed: list[object] = []
    real = stats.parse_record

    def counting(data: dict[str, Any]) -> object:
        parsed.append(data)
        return real(data)

    monkeypatch.setattr(stats, "parse_record", counting)
    path = statsfile.KEEPER.ledger_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(line(0, IDS[0]) + line(1, IDS[1]))
    first = statsfile.stats_report()
    assert len(parsed) == 2
    path.open("ab").write(line(2, IDS[2]))
    assert statsfile.stats_report().title == "3 recorded games, all players" != first.title
    assert len(parsed) == 3
    assert statsfile.kept_path() == path.with_name("games.totals.json")


def _dumped() -> list[Any]:
    found: statsfold.AllTotals = {}
    for index in (0, 1, 5):
        stats.count_game(found, stats.parse_record(pool()[index]))
    data: list[Any] = json.loads(json.dumps(statsfold.FOLD.dump(found)))
    return data


def _ann(data: list[Any]) -> dict[str, Any]:
    entry: dict[str, Any] = data[0][1]
    assert entry["name"] == "Ann"
    return entry


def _first_costly(data: list[Any]) -> list[Any]:
    costly: list[Any] = _ann(data)["style"]["costly"][0]
    return costly


REFUSED = {
    "a count off by one": lambda d: _ann(d).update(games=_ann(d)["games"] + 1),
    "a negative count": lambda d: _ann(d).update(busts=-1),
    "a count as text": lambda d: _ann(d).update(throws=str(_ann(d)["throws"])),
    "true for a count": lambda d: _ann(d).update(won=True),
    "a missing figure": lambda d: _ann(d).pop("bonus"),
    "a pass band short": lambda d: _ann(d)["pass_bands"].pop(),
    "passes that do not add up": lambda d: _ann(d)["pass_dice"].__setitem__(0, 10**6),
    "a name under another's key": lambda d: d[0].__setitem__(0, "bob"),
    "a name the game would not write": lambda d: _ann(d).update(name=" Ann"),
    "a player twice": lambda d: d.append(d[0]),
    "a style count off": lambda d: _ann(d)["style"].update(turns=_ann(d)["style"]["turns"] + 1),
    "points given away as infinity": lambda d: _ann(d)["style"].update(given_away=float("inf")),
    "a banked score not a multiple of 50": lambda d: _ann(d)["style"]["levels"][0].__setitem__(
        0, 125
    ),
    "a costly decision twice": lambda d: _ann(d)["style"]["costly"].append(_first_costly(d)),
    "a costly decision that cost nothing": lambda d: _first_costly(d).__setitem__(0, 0.001),
    "a costly decision made no times": lambda d: _first_costly(d).__setitem__(1, 0),
    "a costly decision with its loss inside": lambda d: _first_costly(d)[2].update(loss=1.0),
    "a costly decision of another kind": lambda d: _first_costly(d)[2].update(d="think"),
    "not a list": lambda d: d.__setitem__(slice(None), [{"name": "Ann"}]),
}


@pytest.mark.parametrize("change", REFUSED.values(), ids=REFUSED.keys())
def test_kept_totals_no_reading_could_make_are_refused(change: Any) -> None:
    data = _dumped()
    statsfold.FOLD.load(json.loads(json.dumps(data)))  # as dumped: taken
    change(data)
    with pytest.raises((ValueError, KeyError, TypeError)):
        statsfold.FOLD.load(data)


def test_a_refused_kept_file_means_reading_the_whole_file_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A kept file with a right checksum but totals no reading makes: read it all again."""
    monkeypatch.setattr(tally, "KEEP_AFTER_BYTES", 0)
    path = statsfile.KEEPER.ledger_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(line(0, IDS[0]) + line(1, IDS[1]))
    truth = statsfile.stats_report()
    kept = tally.kept_path(path)
    document = json.loads(kept.read_text(encoding="utf-8"))
    body = document["body"]
    for _, totals in body["totals"]:
        totals["games"] += 1  # the figures no longer add up
    kept.write_bytes(tally.kept_bytes(body))
    again = statsfile.stats_report()
    assert (again.rows, again.title) == (truth.rows, truth.title)


def test_the_optimum_s_start_values_are_the_tables_own() -> None:
    """The constants a statistics page uses instead of building 21 tables."""
    from parlour.dixmille.computer import analysis
    from parlour.dixmille.computer.ai import tables_for

    for index, value in enumerate(analysis.OPTIMUM_START):
        assert tables_for(index * analysis.OPTIMUM_STEP).start_value() == value
    assert tables_for(0, False).start_value() == analysis.OPTIMUM_START_TURN_RULE


def test_go_decisions_in_the_pool_are_judged_both_ways() -> None:
    """The pool holds both kinds of mistakes, so the property covers the costly merging."""
    kinds = {
        (d["d"], d.get("loss", 0) > 0.005)
        for record in pool()
        for player in record["players"]
        for turn in player["turns"]
        for d in turn["decisions"]
    }
    assert (GO, True) in kinds and ("take", True) in kinds
