"""How a game ends (issue #25): the standings wait for a key and list every player, the
exit line gives the standings, ZEDX's pauses say what they do, a quit says where the game is."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.rng import make_rng
from parlour.core.text import width
from parlour.dixmille.game.rules import Game, new_game
from parlour.dixmille.terminal import ending
from parlour.dixmille.terminal.app import DixMilleApp, Mode
from parlour.tui.glyphs import ASCII
from tests.dixmille.helpers import Scripted
from tests.dixmille.test_one_result import key, save, to_prompt, to_the_end


def with_scores(names: list[str], scores: list[int]) -> Game:
    game = new_game(names, make_rng(1), 1)
    for player, score in zip(game.players, scores, strict=True):
        player.score = score
    return game


def test_standings_rank_by_score_and_show_ties_as_ties() -> None:
    rows = ending.standings(["Ann", "Bob", "Cy", "Dee", "Eve"], [9000, 12000, 9000, 3000, 0])
    assert [(r.rank, r.name, r.score) for r in rows] == [
        ("1.", "Bob", 12000),
        ("2=", "Ann", 9000),
        ("2=", "Cy", 9000),
        ("4.", "Dee", 3000),
        ("5.", "Eve", 0),
    ]


@pytest.mark.parametrize(
    ("names", "scores", "turns", "result"),
    [
        (["Ann", "Bob"], [8150, 12850], 21, "Bob wins with 12,850"),
        (["Ann", "Bob", "Cy"], [10200, 10200, 50], 9, "Ann and Bob share the win with 10,200"),
        (["A", "B", "C"], [10000] * 3, 9, "A, B and C share the win with 10,000"),
        (["Ann"], [10550], 30, "Ann reached 10,550 in 30 turns"),
    ],
)
def test_the_result_in_words(names: list[str], scores: list[int], turns: int, result: str) -> None:
    assert ending.result_text(names, scores, turns) == result


def test_the_standings_screen_lists_every_player_with_place_name_and_score() -> None:
    game = with_scores(
        ["Ann", "Bob", "Cy", "ZEDX", "王小明", "Abcdefghij"], [10200, 12000, 10200, 3000, 12000, 0]
    )
    notes = ["Statistics not recorded: data folder /x: permission denied."]
    lines = ending.render_standings(game, [], ASCII, "seed 1", notes).to_text().splitlines()
    assert lines[0].startswith("DIX MILLE     Cycle 1") and lines[0].endswith("seed 1")
    assert lines[3] == "GAME OVER: Bob and 王小明 share the win with 12,000"
    assert lines[4] == notes[0]
    assert lines[7:14] == [
        "   Final standings",
        "   1=  Bob          12,000",
        "   1=  王小明       12,000",
        "   3=  Ann          10,200",
        "   3=  Cy           10,200",
        "   5.  ZEDX          3,000",
        "   6.  Abcdefghij        0",
    ]
    assert lines[21:23] == [
        "Press any key for this game's statistics",
        "any key: statistics   q quit",
    ]


def test_the_exit_lines_give_the_result_the_seed_and_the_standings_in_80_columns() -> None:
    game = with_scores(
        ["Ann", "Bob", "Cy", "ZEDX", "王小明", "Abcdefghij"], [10200, 12000, 10200, 3000, 12000, 0]
    )
    assert ending.farewell(game, 1, ["A note."]) == (
        "Bob and 王小明 share the win with 12,000. Seed 1.\n"
        "Standings:   1= Bob 12,000   1= 王小明 12,000   3= Ann 10,200   3= Cy 10,200\n"
        "             5. ZEDX 3,000   6. Abcdefghij 0\n"
        "A note."
    )
    names = ["Abcdefghij", "Bcdefghijk", "Cdefghijkl", "Ddefghijkl", "Edefghijkl", "Fdefghijkl"]
    text = ending.farewell(with_scores(names, [110000] * 6), 2**63 - 1)
    assert text.splitlines()[:2] == [
        "Abcdefghij, Bcdefghijk, Cdefghijkl, Ddefghijkl, Edefghijkl and Fdefghijkl share",
        "the win with 110,000. Seed 9223372036854775807.",
    ]
    assert all(width(line) <= 80 for line in text.splitlines())
    solo = ending.farewell(with_scores(["Ann"], [10550]), 3)
    assert solo == "Ann reached 10,550 in 1 turns. Seed 3."


def test_the_game_ends_on_the_standings_until_a_key_then_the_statistics() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=5, pace=0)
    to_the_end(app)
    assert app.mode is Mode.STANDINGS
    for _ in range(3):
        app.handle_key("TIMEOUT")  # nothing goes on by itself
    lines = app.render(24, 80).to_text().splitlines()
    assert lines[3] == "GAME OVER: Bob wins with 12,850"
    assert lines[8:10] == ["   1.  Bob          12,850", "   2.  Ann           8,150"]
    assert (
        app.exit_message
        == "Bob wins with 12,850. Seed 5.\nStandings:   1. Bob 12,850   2. Ann 8,150"
    )
    app.handle_key(" ")
    assert app.mode is Mode.OVER
    assert app.render(24, 80).row_text(0) == "DIX MILLE STATISTICS - this game (seed 5)"
    app.handle_key("LEFT")  # the first page leads back to the standings
    assert app.mode is Mode.STANDINGS
    app.handle_key("q")
    assert app.finished


@pytest.mark.parametrize("leave", ["q", "Q", "ESC", "INTERRUPT"])
def test_the_standings_can_be_left_at_once(leave: str) -> None:
    app = DixMilleApp(ASCII, names=["ZEDX"], seed=2, pace=0)
    to_the_end(app)
    app.handle_key(leave)
    assert app.finished


def scripted(names: list[str], *throws: tuple[int, ...]) -> DixMilleApp:
    app = DixMilleApp(ASCII, names=names, seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted(throws)
    return app


def test_after_zedx_busts_the_pause_says_it_goes_on_by_itself() -> None:
    app = scripted(["Ann", "ZEDX"], (1, 2, 3, 4, 6, 6), (2, 3, 4, 6, 6, 3), (1, 2, 3, 4, 6, 6))
    for k in ("t", "1", "ENTER", "p"):
        app.handle_key(k)
    app.handle_key("TIMEOUT")  # ZEDX throws: nothing scores
    assert app.mode is Mode.ACK
    screen = app.render(24, 80).to_text().splitlines()
    assert screen[21] == "Going on in a moment (any key: now)"
    assert screen[22] == "any key: skip the pauses   Q quit"
    assert app.timeout() == 0.0  # pace 0 here: the pause is the pace
    app.handle_key("TIMEOUT")  # it goes on by itself
    assert app.mode is Mode.PLAY and app.render(24, 80).row_text(21) == "Ann: t = throw"


def test_the_pause_is_as_long_as_the_pace_and_a_key_ends_it() -> None:
    app = scripted(["Ann", "ZEDX"], (1, 2, 3, 4, 6, 6), (2, 3, 4, 6, 6, 3))
    app.turns.pace = 5.0
    for k in ("t", "1", "ENTER", "p"):
        app.handle_key(k)
    app.turns.due = 0.0
    app.handle_key("TIMEOUT")
    assert app.mode is Mode.ACK and 4.0 < (app.timeout() or 0) <= 5.0
    app.handle_key("x")
    assert app.mode is Mode.PLAY


STRAIGHT = (1, 2, 3, 4, 5, 6)
NOTHING = (2, 3, 4, 6, 6, 3)
NINE_THOUSAND = ("t", *"123456", "ENTER", "t", *"123456", "ENTER", "t", *"123456", "ENTER", "p")
ONE_THOUSAND_MORE = ("t", *"123", "ENTER", "p")


def test_the_last_pauses_announce_the_final_standings() -> None:
    app = scripted(["Ann", "ZEDX"], *[STRAIGHT] * 3, NOTHING, (1, 1, 1, 2, 3, 4), NOTHING)
    for k in NINE_THOUSAND:
        app.handle_key(k)
    app.handle_key("TIMEOUT")  # ZEDX: nothing scores
    app.handle_key("TIMEOUT")
    for k in ONE_THOUSAND_MORE:  # Ann reaches 10,000
        app.handle_key(k)
    app.handle_key("TIMEOUT")  # ZEDX's last turn: nothing scores
    assert app.render(24, 80).row_text(21) == "The final standings in a moment (any key: now)"
    app.handle_key("TIMEOUT")
    assert app.mode is Mode.STANDINGS
    human = scripted(["Ann", "Bob"], *[STRAIGHT] * 3, NOTHING, (1, 1, 1, 2, 3, 4), NOTHING)
    for k in (*NINE_THOUSAND, "t", " ", *ONE_THOUSAND_MORE, "t"):
        human.handle_key(k)
    assert human.render(24, 80).row_text(21) == "Press any key for the final standings"
    human.handle_key(" ")
    assert human.mode is Mode.STANDINGS


def test_quitting_a_saved_game_says_where_it_is_and_unsaved_moves_are_named(tmp_path: Path) -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=5, pace=0)
    for _ in range(6):
        key(app)
    path = tmp_path / "g.json"
    save(app, path)
    for k in ("Q", "y"):
        app.handle_key(k)
    assert app.exit_message == f"Your game is saved in {path}; resume with: dixmille {path}"
    other = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=5, pace=0)
    path = tmp_path / "other.json"
    save(other, path)
    key(other)
    to_prompt(other)
    for k in ("Q", "y", "n"):
        other.handle_key(k)
    assert other.exit_message == (
        "dixmille: game abandoned (seed 5); the moves since your last save are lost\n"
        f"Your last save still resumes: dixmille {path}"
    )
    never = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=5, pace=0)
    key(never)
    to_prompt(never)
    for k in ("Q", "y", "n"):
        never.handle_key(k)
    assert never.exit_message == "dixmille: game abandoned (seed 5)"
