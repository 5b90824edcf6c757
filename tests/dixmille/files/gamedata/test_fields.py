"""A damaged Dix Mille save names what is wrong, word for word (spec §10, issue #15).

The player reads ``FILE: is damaged: REASON``. Each case damages one field of a real
game (Ann has thrown 2 4 3 4 4 1 and must take) and pins REASON; the real positions
around it load back unchanged.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from parlour.core.rng import make_rng
from parlour.dixmille.files.gamedata import game_from_dict
from parlour.dixmille.game.moves import IllegalMove
from parlour.dixmille.game.rules import Game, Pass, TakeDice, Throw, new_game

SEED = 3


def taking() -> Game:
    game = new_game(["Ann", "ZEDX"], make_rng(SEED), SEED)
    game.apply(Throw())  # 2 4 3 4 4 1
    return game


def after_anns_turn() -> Game:
    game = taking()
    game.apply(TakeDice((6,)))  # the 1
    game.apply(Pass())
    return game


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises((ValueError, KeyError, IllegalMove)) as caught:
        game_from_dict(data, SEED)
    return str(caught.value)


def with_(path: tuple[object, ...], value: object, base: Game | None = None) -> dict[str, Any]:
    data = copy.deepcopy((base or taking()).to_dict())
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


ANN = ("players", 0)
DAMAGE = [
    (("players",), "Ann", "a game has 1 to 6 players"),
    ((*ANN, "name"), 5, "a player name is not text"),
    ((*ANN, "name"), "zedx", "a player name is not written as the game writes it"),
    (
        ("players", 1, "name"),
        "ann",
        "a player name is refused: Ann is already playing: names must differ",
    ),
    ((*ANN, "computer"), True, "a player's computer flag does not match the name"),
    (("players", 1, "computer"), 1, "a player's computer flag does not match the name"),
    ((*ANN, "turns"), {}, "a player's turns are damaged"),
    ((*ANN, "score"), 25, "score is out of range"),
    ((*ANN, "score"), -50, "score is out of range"),
    ((*ANN, "score"), "0", "score is not a whole number"),
    ((*ANN, "score"), 50.0, "score is not a whole number"),
    (("four_twos",), "never", "unknown four-2s rule 'never'"),
    (("seat",), 2, "seat is out of range"),
    (("seat",), -1, "seat is out of range"),
    (("cycle",), 0, "cycle is out of range"),
    (("phase",), "lunch", "unknown phase"),
    (("turn_points",), 25, "turn points is out of range"),
    (("dice_left",), 0, "dice available is out of range"),
    (("dice_left",), 7, "dice available is out of range"),
    (("level",), -1, "one-die successes is out of range"),
    (("thrown",), [2, 4, 3, 4, 4, 7], "thrown dice is out of range"),
    (("thrown",), [2, 4, 3, 4, 4, 0], "thrown dice is out of range"),
    (("thrown",), "243441", "thrown dice is not a list of dice"),
    (("thrown",), [1] * 7, "thrown dice is not a list of dice"),
    (("attempt",), 3, "attempt is out of range"),
    (("aside",), [9], "dice set aside is out of range"),
    (("dice_left",), 5, "the turn points, dice or one-die successes do not match the turn"),
    (("thrown",), [2, 3, 4, 6, 6, 3], "the dice to take from allow no take"),
    (("thrown",), [2, 2, 2, 2, 1, 5], "the dice to take from allow no take"),
    (("phase",), "again", "a turn's decisions do not lead to its state"),
    (("phase",), "over", "the game is marked over in the middle of a cycle"),
    (("record", "score_before"), 50, "the turn in progress does not belong to the player to move"),
]


@pytest.mark.parametrize(("path", "value", "reason"), DAMAGE)
def test_each_damage_is_named(path: tuple[object, ...], value: object, reason: str) -> None:
    assert refusal(with_(path, value)) == reason


def test_one_computer_player_at_most() -> None:
    data = taking().to_dict()
    data["players"][0].update(name="ZEDX", computer=True)
    assert refusal(data) == (
        "a player name is refused: ZEDX already has a seat: only one computer player"
    )


def test_a_started_turn_needs_points_dice_or_a_level() -> None:
    start = after_anns_turn()  # ZEDX to throw: a fresh turn
    data = start.to_dict()
    assert data["phase"] == "start"
    for field, value in (("turn_points", 100), ("level", 1), ("dice_left", 5)):
        damaged = with_((field,), value, start)
        assert refusal(damaged) == (
            "the turn points, dice or one-die successes do not match the turn"
        )


def test_turns_must_come_in_order() -> None:
    game = after_anns_turn()
    data = game.to_dict()
    ann_turn = data["players"][0]["turns"][0]
    data["players"][1]["turns"] = [ann_turn, ann_turn]  # ZEDX ahead of Ann
    assert refusal(data) == "the players have not had their turns in order"
    data = game.to_dict()
    data["players"][0]["turns"] = []  # Ann's turn lost, but it is ZEDX's go
    data["players"][0]["score"] = 0
    data["record"]["score_before"] = 0
    assert refusal(data) == "the player to move is not the one whose turn it is"


def test_a_finished_turn_cannot_be_the_current_one() -> None:
    game = after_anns_turn()
    data = game.to_dict()
    finished = data["players"][0]["turns"][0]
    data["record"] = dict(finished, score_before=data["record"]["score_before"])
    assert refusal(data) == "a turn's result does not match its state"


@pytest.mark.parametrize("moves", [0, 1, 2, 3])
def test_real_positions_load_back_as_they_were(moves: int) -> None:
    game = new_game(["Ann", "ZEDX"], make_rng(SEED), SEED)
    for move in [Throw(), TakeDice((6,)), Pass(), Throw()][:moves]:
        game.apply(move)
    data = game.to_dict()
    assert game_from_dict(copy.deepcopy(data), SEED).to_dict() == data


def scripted(*throws: tuple[int, ...], four_twos: str = "game") -> Game:
    game = new_game(["Ann", "ZEDX"], make_rng(SEED), SEED, four_twos)
    queue = list(throws)
    game.roller = lambda rng, n: queue.pop(0)
    return game


def round_trip(game: Game) -> None:
    data = game.to_dict()
    back = game_from_dict(copy.deepcopy(data), SEED)
    assert back.to_dict() == data and back.seed == SEED


def test_a_second_one_die_attempt_loads_only_with_one_die_after_one_miss() -> None:
    game = scripted((1, 1, 1, 5, 5, 2), (1, 5, 3), (4,))
    game.apply(Throw())
    game.apply(TakeDice((1, 2, 3)))  # 1000, three dice left
    game.apply(Throw())  # 1 5 3
    game.apply(TakeDice((1, 2)))  # 1150, one die left
    game.apply(Throw())  # 4: missed, one more attempt
    assert game.phase.value == "again"
    round_trip(game)
    data = game.to_dict()
    for field, value, reason in (
        ("attempt", 0, "a one-die attempt that does not match the turn"),
        ("dice_left", 2, "the turn points, dice or one-die successes do not match the turn"),
    ):
        damaged = copy.deepcopy(data)
        damaged[field] = value
        assert refusal(damaged) == reason


def test_hot_dice_leave_six_dice_aside_until_the_next_throw() -> None:
    game = scripted((2, 2, 4, 4, 6, 6))
    game.apply(Throw())
    game.apply(TakeDice((1, 2, 3, 4, 5, 6)))
    assert len(game.aside) == 6 and game.dice_left == 6
    round_trip(game)


def test_a_game_over_at_exactly_ten_thousand_loads() -> None:
    # Played, not set: the loader replays the turns, so a score of 9000 needs nine real turns.
    game = scripted(*[(1, 1, 1, 5, 5, 2), (2, 3, 4, 6, 6, 3)] * 10)
    for _ in range(10):
        game.apply(Throw())
        game.apply(TakeDice((1, 2, 3)))  # 1000
        game.apply(Pass())  # Ann 1000 more; the tenth time 10,000
        game.apply(Throw())  # ZEDX busts: the cycle ends (the tenth: the game is over)
    assert game.over and game.players[0].score == 10_000
    round_trip(game)


def test_a_player_cannot_be_a_turn_ahead_on_their_own_go() -> None:
    data = after_anns_turn().to_dict()
    data["seat"] = 0
    data["record"] = taking().to_dict()["record"]
    data["record"]["score_before"] = data["players"][0]["score"]
    data["record"]["throws"] = 0
    data["phase"] = "start"
    data["thrown"] = []
    assert refusal(data) == "the player to move is not the one whose turn it is"


def test_the_seed_and_the_four_twos_rule_come_back() -> None:
    game = scripted((1, 5, 2, 3, 4, 6), four_twos="turn")
    game.apply(Throw())
    back = game_from_dict(copy.deepcopy(game.to_dict()), 77)
    assert back.seed == 77 and back.four_twos == "turn"
    assert back.situation().four_twos == "turn"  # what ZEDX decides with


def test_the_takes_on_offer() -> None:
    game = scripted((1, 5, 2, 3, 4, 6))
    assert game.legal_takes() == ()
    game.apply(Throw())
    assert [str(t) for t in game.legal_takes()] == [
        "1 2 3 4 5 6 (3,000)",  # the one number format (issue 39)
        "1 5 (150)",
        "1 (100)",
        "5 (50)",
    ]


@pytest.mark.parametrize("dice", [(1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 7), (0, 1, 1, 1, 1, 1)])
def test_a_broken_dice_roller_is_caught(dice: tuple[int, ...]) -> None:
    game = scripted(dice)
    with pytest.raises(ValueError) as caught:
        game.apply(Throw())
    assert str(caught.value) == f"the dice roller returned {dice!r} for 6 dice"


def test_a_game_over_at_the_end_of_a_cycle_needs_10_000() -> None:
    game = scripted((1, 1, 1, 5, 5, 2), (2, 3, 4, 6, 6, 3))
    game.apply(Throw())
    game.apply(TakeDice((1, 2, 3)))
    game.apply(Pass())  # Ann 1000
    game.apply(Throw())  # ZEDX busts: the first cycle ends, nobody near 10,000
    round_trip(game)
    data = game.to_dict()
    data["phase"] = "over"
    assert refusal(data) == "the game is marked over but nobody reached 10,000"
