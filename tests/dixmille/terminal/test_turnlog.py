"""The turn log: every throw of this cycle and the last, readable when it is your move (#17)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from parlour.core.rng import make_rng
from parlour.dixmille.computer.ai import threshold_move, zedx_move
from parlour.dixmille.files import savefile
from parlour.dixmille.files.gamedata import game_from_dict
from parlour.dixmille.game.moves import Phase, TakeDice, Throw
from parlour.dixmille.game.records import PASS
from parlour.dixmille.game.rules import new_game
from parlour.dixmille.terminal.app import DixMilleApp, Mode
from parlour.dixmille.terminal.replay import rebuild_log
from parlour.dixmille.terminal.turnlog import Before, TurnLog, four_twos_cost, four_twos_headline
from parlour.dixmille.terminal.view import WIDTH, log_line
from parlour.tui.glyphs import ASCII, UNICODE
from tests.dixmille.helpers import Scripted, run_zedx


def feed(app: DixMilleApp, *keys: str) -> str:
    for key in keys:
        app.handle_key(key)
    return app.render(24, 80).to_text()


def log_texts(app: DixMilleApp) -> list[str]:
    return [f"{e.name}: {e.text}" for e in app.turns.log.entries]


def test_a_throw_its_take_and_a_bust_with_whose_and_which_dice() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 2, 3, 4, 6, 6), (2, 3, 4, 6, 6)])
    text = feed(app, "t", "1", "ENTER", "t")
    assert log_texts(app) == [
        "Ann: 6 dice [1][2][3][4][6][6], took [1] 100 (turn 100)",
        "Ann: 5 dice [2][3][4][6][6]: BUST - 100 lost",
    ]
    assert "BUST - Ann loses 100" in text
    assert "Ann        5 dice [2][3][4][6][6]: BUST - 100 lost" in text  # on the table too


def test_a_bust_at_the_first_throw_says_who_and_that_nothing_was_lost() -> None:
    app = DixMilleApp(UNICODE, names=["Ann", "Bob"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(2, 3, 4, 6, 6, 3)])
    text = feed(app, "t")
    assert "BUST - Ann's throw scores nothing (no points lost)" in text
    assert log_texts(app) == ["Ann: 6 dice ⚁ ⚂ ⚃ ⚅ ⚅ ⚂: BUST - no points lost"]


def test_one_die_attempts_share_a_line() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted(
        [(5, 5, 5, 2, 3, 4), (1, 1, 1), (1, 1, 5, 2, 3, 4), (1, 5, 2), (3,), (5,)]
    )
    feed(app, "t", *"123", "ENTER", "t", *"123", "ENTER")
    feed(app, "t", *"123", "ENTER", "t", *"12", "ENTER")
    text = feed(app, "t")
    assert "1 die available" in text and "Missed" in text
    assert "t throw the die again" in text and "p pass" not in text
    feed(app, "t", "p")
    assert log_texts(app) == [
        "Ann: 6 dice [5][5][5][2][3][4], took [5][5][5] 500 (turn 500)",
        "Ann: 3 dice [1][1][1], took all 1,000 (turn 1,500), hot dice!",
        "Ann: 6 dice [1][1][5][2][3][4], took [1][1][5] 250 (turn 1,750)",
        "Ann: 3 dice [1][5][2], took [1][5] 150 (turn 1,900)",
        "Ann: 1 die [3], 2nd [5]: 50 + bonus 500 (turn 2,450), hot dice!",
        "Ann: passes: 2,450 banked, score 2,450",
    ]


def test_a_missed_second_attempt_is_a_bust_on_the_same_line() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 1, 5, 2, 3, 4), (1, 5, 2), (3,), (4,)])
    text = feed(app, "t", *"123", "ENTER", "t", *"12", "ENTER", "t", "t")
    assert log_texts(app)[-1] == "Ann: 1 die [3], 2nd [4]: BUST - 400 lost"
    assert "BUST - Ann loses 400" in text


@pytest.mark.parametrize(
    ("score", "turn", "wipes", "headline", "logged"),
    [
        (
            6300,
            50,
            True,
            "FOUR 2s - ALL 6,350 POINTS LOST: Ann is at 0",
            "FOUR 2s - all 6,350 lost, score 0",
        ),
        (
            0,
            450,
            True,
            "FOUR 2s - 450 turn points lost (Ann's score was already 0)",
            "FOUR 2s - 450 lost (score already 0)",
        ),
        (
            0,
            0,
            True,
            "FOUR 2s - Ann's score was 0 already: nothing to lose this time",
            "FOUR 2s - nothing to lose (score was 0)",
        ),
        (
            6300,
            50,
            False,
            "FOUR 2s - 50 turn points lost; Ann keeps the score of 6,300",
            "FOUR 2s - 50 lost, score 6,300 kept",
        ),
        (
            6300,
            0,
            False,
            "FOUR 2s - no turn points to lose; Ann keeps the score of 6,300",
            "FOUR 2s - nothing lost, score 6,300 kept",
        ),
    ],
)
def test_four_twos_say_what_they_cost_under_the_rule(
    score: int, turn: int, wipes: bool, headline: str, logged: str
) -> None:
    before = Before(0, "Ann", 3, 6, turn, score, again=False)
    assert four_twos_headline(before, wipes) == headline
    assert four_twos_cost(before, wipes) == logged


def test_four_twos_at_a_score_of_zero_on_screen() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(2, 2, 2, 2, 1, 5)])
    text = feed(app, "t")
    assert "FOUR 2s - Ann's score was 0 already: nothing to lose this time" in text
    assert "0 turn points lost" not in text


def test_zedx_turn_is_in_the_log_when_it_is_your_move() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "ZEDX"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 2, 3, 4, 6, 6), (1, 1, 5, 2, 3, 4), (5, 5, 5, 3, 4)])
    feed(app, "t", "1", "ENTER", "p")
    run_zedx(app)
    text = feed(app)
    assert "Ann: t = throw" in text
    assert log_texts(app)[-3:] == [
        "ZEDX: 6 dice [1][1][5][2][3][4], took [1] 100 (turn 100)",
        "ZEDX: 5 dice [5][5][5][3][4], took [5][5][5] 500 (turn 600)",
        "ZEDX: passes: 600 banked, score 600",
    ]
    page = feed(app, "l")
    assert app.mode is Mode.LOG and "Cycle 1" in page
    assert page.index("Ann        passes: 100 banked") < page.index("ZEDX       passes: 600")
    assert "Ann: t = throw" in feed(app, "x")


def test_the_log_keeps_this_cycle_and_the_last() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(2, 3, 4, 6, 6, 3)] * 6)
    for _ in range(5):
        feed(app, "t", " ")  # bust, next player
    assert app.game.cycle == 3
    assert {e.cycle for e in app.turns.log.entries} == {2, 3}
    page = feed(app, "l")
    assert "Cycle 2" in page and "Cycle 3" in page and "Cycle 1" not in page


def test_the_log_page_scrolls() -> None:
    app = DixMilleApp(ASCII, names=["Ann"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 1, 1, 2, 3, 4), (1, 1, 1)] * 10)
    for _ in range(10):  # ten times three 1s, then hot dice: twenty lines in one turn
        feed(app, "t", *"123", "ENTER", "t", *"123", "ENTER")
    newest = feed(app, "l")
    assert "Turn 1" not in newest and "(2 above)" in newest  # the heading and the first line
    assert newest.count("hot dice!") == 10
    older = feed(app, "PGUP")
    assert "Turn 1" in older and "below)" in older
    assert feed(app, "END") == newest
    assert feed(app, "UP") != newest and feed(app, "DOWN") == newest
    assert "Ann: t = throw (6 dice), p = pass" in feed(app, "q")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 3), turn_rule=st.booleans())
@example(seed=1091, players=2, turn_rule=False)  # four 2s at 14,350: the longest log line seen
@example(seed=634, players=3, turn_rule=False)  # a 2nd one-die attempt with a 1,000 bonus
@example(seed=204, players=2, turn_rule=False)  # four 2s losing 1,500 turn points from 0
def test_one_line_per_throw_as_the_record_counts_and_every_line_fits(
    seed: int, players: int, turn_rule: bool
) -> None:
    """Over whole games: a finished turn has a line per throw (the record's count) and, if
    it passed, one more; every line of a 10-column name fits the screen uncut."""
    names = ["王小明王小", "ZEDX", "Abcdefghij"][:players]
    game = new_game(names, make_rng(seed), seed, "turn" if turn_rule else "game")
    log = TurnLog()
    while not game.over:
        before = Before.of(game)
        situation = game.situation()
        move = zedx_move(situation) if game.player.computer else threshold_move(situation)
        out = game.apply(move)
        log.add(before, out, game, ASCII)
        if out.turn_ended:
            record = game.players[out.seat].turns[-1]
            lines = [e for e in log.entries if (e.cycle, e.seat) == (record.cycle, out.seat)]
            assert len(lines) == record.throws + (record.result == PASS)
            assert not any(e.open for e in lines)
            for entry in lines:
                assert not log_line(entry, WIDTH - 2).endswith("…"), entry.text


# ----- a resumed game's log (rebuilt from the recorded turns) -----


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(1, 3),
    turn_rule=st.booleans(),
    stop=st.integers(0, 400),
)
@example(seed=42, players=3, turn_rule=False, stop=28)  # saved before a cycle's first throw
def test_a_saved_and_loaded_game_rebuilds_the_same_log(
    seed: int, players: int, turn_rule: bool, stop: int
) -> None:
    """Saved after any move (mid-turn, mid-cycle, at the end), loaded: the same log lines."""
    names = ["王小明王小", "ZEDX", "Abcdefghij"][:players]
    game = new_game(names, make_rng(seed), seed, "turn" if turn_rule else "game")
    log = TurnLog()
    for _ in range(stop):
        if game.over:
            break
        before = Before.of(game)
        situation = game.situation()
        move = zedx_move(situation) if game.player.computer else threshold_move(situation)
        log.add(before, game.apply(move), game, UNICODE)
    loaded = game_from_dict(json.loads(json.dumps(game.to_dict())), game.seed)
    rebuilt = rebuild_log(loaded, UNICODE)
    assert rebuilt is not None and rebuilt.entries == log.entries


def test_a_game_not_played_from_its_seed_gets_no_rebuilt_log() -> None:
    game = new_game(["Ann", "Bob"], make_rng(4), 4)
    game.roller = Scripted([(1, 2, 3, 4, 6, 6)])
    game.apply(Throw())
    assert rebuild_log(game, ASCII) is None


def test_the_resumed_app_shows_the_log_lines_it_showed_before_the_save(tmp_path: Path) -> None:
    app = DixMilleApp(ASCII, names=["Ann", "ZEDX"], seed=21, pace=0)
    assert app.game is not None
    while app.game.cycle < 3 or app.game.phase is not Phase.TAKE:  # mid-cycle, dice on the table
        if app.timeout() is not None or app.mode is Mode.ACK:
            feed(app, "TIMEOUT" if app.timeout() is not None else " ")
            continue
        move = threshold_move(app.game.situation())
        if isinstance(move, TakeDice):
            feed(app, *"".join(map(str, move.positions)), "ENTER")
        else:
            feed(app, "t" if isinstance(move, Throw) else "p")
    before = feed(app, "S", "CTRL_U", *str(tmp_path / "mid.json"), "ENTER").splitlines()
    resumed = DixMilleApp(ASCII, game=savefile.load(tmp_path / "mid.json"), pace=0)
    after = resumed.render(24, 80).to_text().splitlines()
    assert resumed.turns.log.entries == app.turns.log.entries
    assert {e.cycle for e in resumed.turns.log.entries} == {2, 3}
    assert after[16:19] == before[16:19] and any(line.strip() for line in after[16:19])
    assert feed(resumed, "l") == feed(app, "l")  # the log page too
