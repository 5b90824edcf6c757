"""Every line of the turn log, word for word, with forced dice (spec §3, §5, §6).

The app prints each move's outcome message; a changed word, a wrong seat or a lost die
shows here as a different line.
"""

from __future__ import annotations

import pytest

from parlour.dixmille.game.rules import (
    Game,
    IllegalMove,
    Outcome,
    Pass,
    Phase,
    TakeDice,
    Throw,
    check_name,
)
from tests.dixmille.helpers import scripted_game

T, P = Throw(), Pass()


def take(*positions: int) -> TakeDice:
    return TakeDice(tuple(positions))


def line(o: Outcome) -> tuple[str, int, tuple[int, ...], int, str, bool]:
    return (o.kind, o.seat, o.dice, o.points, o.message, o.turn_ended)


def refusal(game: Game, move: object) -> str:
    with pytest.raises(IllegalMove) as caught:
        game.apply(move)  # type: ignore[arg-type]
    return str(caught.value)


def test_a_turn_with_hot_dice_and_a_pass() -> None:
    game = scripted_game(["Ann", "Bob"], (1, 5, 2, 3, 4, 6), (5, 5, 5, 2))
    assert line(game.apply(T)) == (
        "throw",
        0,
        (1, 5, 2, 3, 4, 6),
        0,
        "Ann throws 6 dice: 1 5 2 3 4 6",
        False,
    )
    assert line(game.apply(take(1, 2))) == ("take", 0, (1, 5), 150, "Ann takes 1 5 (150)", False)
    assert (game.dice_left, game.thrown, game.turn_points) == (4, (2, 3, 4, 6), 150)
    assert line(game.apply(T)) == ("throw", 0, (5, 5, 5, 2), 0, "Ann throws 4 dice: 5 5 5 2", False)
    assert refusal(game, T) == "Take at least one scoring die first: type positions, then ENTER"
    assert refusal(game, P) == "Take at least one scoring die first: type positions, then ENTER"
    assert line(game.apply(take(1, 2, 3))) == (
        "take",
        0,
        (5, 5, 5),
        500,
        "Ann takes 5 5 5 (500)",
        False,
    )
    assert (game.dice_left, game.thrown, game.aside) == (1, (2,), [1, 5, 5, 5, 5])
    assert line(game.apply(P)) == ("pass", 0, (), 650, "Ann passes: 650 banked", True)
    assert game.players[0].score == 650 and game.seat == 1 and game.phase is Phase.START
    assert refusal(game, P) == "The first throw of a turn is compulsory: press t"


def test_hot_dice_says_so_and_gives_six_dice_back() -> None:
    game = scripted_game(["Ann"], (2, 2, 4, 4, 6, 6))
    game.apply(T)
    assert line(game.apply(take(1, 2, 3, 4, 5, 6))) == (
        "take", 0, (2, 2, 4, 4, 6, 6), 1500, "Ann takes 2 2 4 4 6 6 (1,500) - hot dice!", False,
    )  # fmt: skip
    assert game.dice_left == 6 and game.record.hot_dice == 1
    assert game.record.six_dice == ["three pairs"]


def one_die_left() -> Game:
    """Ann has 1100 with one die left: 1 1 1 from six dice, then 5 5 from three."""
    game = scripted_game(["Ann", "Bob"], (1, 1, 1, 2, 3, 4), (5, 5, 6), (3,), (5,), (4,), (6,))
    game.apply(T)
    game.apply(take(1, 2, 3))  # 1000, three dice left
    game.apply(T)  # 5 5 6
    game.apply(take(1, 2))  # 1100, one die left
    assert (game.dice_left, game.turn_points, game.phase) == (1, 1100, Phase.CHOOSE)
    return game


def test_the_one_die_log() -> None:
    game = one_die_left()
    assert line(game.apply(T)) == ("one_miss", 0, (3,), 0, "Missed: one more attempt", False)
    assert game.phase is Phase.AGAIN and game.attempt == 1
    assert refusal(game, P) == "After a miss with one die you must throw it again: press t"
    assert line(game.apply(T)) == (
        "one_hit", 0, (5,), 550, "One die: 5! 50 + bonus 500 - hot dice", False,
    )  # fmt: skip
    assert (game.dice_left, game.level, game.attempt, game.turn_points) == (6, 1, 0, 1650)
    assert game.aside[-1] == 5 and game.record.one_die == [2] and game.record.hot_dice == 1
    assert game.record.bonus == 500


def test_two_misses_bust_the_turn_and_lose_its_points() -> None:
    game = one_die_left()
    game.roller.throws = [(4,), (6,)]  # type: ignore[attr-defined]
    game.apply(T)
    assert line(game.apply(T)) == ("bust", 0, (6,), 1100, "BUST - 1,100 lost", True)
    assert game.players[0].score == 0 and game.players[0].turns[-1].one_die == [0]
    assert game.seat == 1 and game.attempt == 0


def test_a_first_throw_with_nothing_loses_nothing() -> None:
    game = scripted_game(["Ann", "Bob"], (2, 3, 4, 6, 6, 3))
    assert line(game.apply(T)) == (
        "bust",
        0,
        (2, 3, 4, 6, 6, 3),
        0,
        "BUST - nothing to score",
        True,
    )


@pytest.mark.parametrize(
    ("rule", "message", "score"),
    [
        ("game", "FOUR 2s - ALL 1,150 POINTS LOST", 0),
        ("turn", "FOUR 2s - 150 turn points lost", 1000),
    ],
)
def test_four_twos_log(rule: str, message: str, score: int) -> None:
    game = scripted_game(["Ann"], (1, 5, 3, 4, 6, 6), (2, 2, 2, 2), four_twos=rule)
    game.players[0].score = 1000
    game.record.score_before = 1000
    game.apply(T)
    game.apply(take(1, 2))
    assert line(game.apply(T)) == ("four2s", 0, (2, 2, 2, 2), 150, message, True)
    assert game.players[0].score == score


def test_take_refusals_word_for_word() -> None:
    game = scripted_game(["Ann"], (1, 5, 2, 2, 4, 6))
    assert refusal(game, take(1)) == "There are no thrown dice to take now"
    game.apply(T)
    assert refusal(game, take()) == "Type the positions of the dice to take, then ENTER"
    assert refusal(game, take(7)) == "There is no die at position 7 (1 to 6)"
    assert refusal(game, take(1, 1)) == "Position 1 is typed twice"
    assert refusal(game, take(1, 2, 3, 4)) == (
        "At most 3 dice per throw (all six only as 1-2-3-4-5-6 or three pairs)"
    )
    assert refusal(game, take(3, 4, 1)) == "A 2 scores only in three of a kind"
    assert refusal(game, take(3)) == "A 2 scores only in three of a kind"
    assert refusal(game, take(1, 2, 5)) == "A 4 scores only in three of a kind"


def test_three_of_a_kind_with_a_fourth_die_does_not_score_together() -> None:
    game = scripted_game(["Ann"], (3, 3, 3, 5, 2, 4))
    game.apply(T)
    assert refusal(game, take(1, 2, 3, 4)) == (
        "At most 3 dice per throw (all six only as 1-2-3-4-5-6 or three pairs)"
    )
    assert refusal(game, take(1, 2, 4)) == "A 3 scores only in three of a kind"


def test_a_finished_game_refuses_moves() -> None:
    game = scripted_game(["Ann"], (1, 1, 1, 5, 5, 2))
    game.players[0].score = 9950
    game.record.score_before = 9950
    game.apply(T)
    game.apply(take(1, 2, 3))
    game.apply(P)
    assert game.over and game.winners() == [0]
    assert refusal(game, T) == "The game is over"


@pytest.mark.parametrize(
    ("name", "taken", "reason"),
    [
        ("", [], "A name needs at least one character you can see"),
        ("   ", [], "A name needs at least one character you can see"),
        ("Abcdefghijk", [], "A name has at most 10 columns (a wide character takes 2)"),
        ("Ann\x1b[2J", [], "A name may hold only printable characters"),
        ("ann", ["Ann"], "Ann is already playing: names must differ"),
        ("Zedx", ["ZEDX"], "ZEDX already has a seat: only one computer player"),
    ],
)
def test_name_refusals_word_for_word(name: str, taken: list[str], reason: str) -> None:
    with pytest.raises(IllegalMove) as caught:
        check_name(name, taken)
    assert str(caught.value) == reason


def test_names_of_exactly_ten_characters_are_allowed() -> None:
    assert check_name("Abcdefghij", []) == "Abcdefghij"
    assert check_name(" zedx ", ["Ann"]) == "ZEDX"


@pytest.mark.parametrize("count", [0, 7])
def test_a_game_has_one_to_six_players(count: int) -> None:
    with pytest.raises(ValueError, match=r"^a game needs 1 to 6 players$"):
        scripted_game([f"P{i}" for i in range(count)])


def test_a_new_game_starts_at_cycle_one_with_nothing_thrown() -> None:
    game = scripted_game([f"P{i}" for i in range(6)])
    assert (game.cycle, game.seat, game.attempt, game.level, game.dice_left) == (1, 0, 0, 0, 6)
    assert (game.record.cycle, game.record.score_before, game.thrown) == (1, 0, ())
    assert game.situation().four_twos == "game"


def test_hot_dice_are_counted_each_time_in_a_turn() -> None:
    game = scripted_game(["Ann"], (2, 2, 4, 4, 6, 6), (1, 1, 1, 2, 3, 4), (5, 5, 6), (5,))
    game.apply(T)
    game.apply(take(1, 2, 3, 4, 5, 6))  # hot dice
    game.apply(T)
    game.apply(take(1, 2, 3))
    game.apply(T)
    game.apply(take(1, 2))  # one die left
    game.apply(T)  # a 5: hot dice again
    assert game.record.hot_dice == 2 and game.turn_points == 1500 + 1000 + 100 + 550


def test_no_takes_are_offered_once_the_player_has_taken() -> None:
    game = scripted_game(["Ann"], (1, 5, 2, 3, 4, 6))
    game.apply(T)
    game.apply(take(1))  # 5 2 3 4 6 are left on the table, and 5 would score
    assert game.phase is Phase.CHOOSE and game.thrown == (5, 2, 3, 4, 6)
    assert game.legal_takes() == ()
