"""Rules of a turn and of the game end, with forced throws."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.rng import below, make_rng
from parlour.dixmille.computer.ai import zedx_move
from parlour.dixmille.files.gamedata import game_from_dict
from parlour.dixmille.game.rules import (
    Game,
    IllegalMove,
    Outcome,
    Pass,
    Phase,
    Player,
    TakeDice,
    Throw,
    check_name,
    new_game,
    parse_move,
)
from tests.dixmille.helpers import scripted_game

T, P = Throw(), Pass()


def take(*positions: int) -> TakeDice:
    return TakeDice(tuple(positions))


def test_first_throw_is_compulsory() -> None:
    game = scripted_game(["Ann"], (1, 2, 3, 4, 6, 6))
    with pytest.raises(IllegalMove, match="compulsory"):
        game.apply(P)
    game.apply(T)
    assert game.phase is Phase.TAKE


def test_must_take_before_throwing_or_passing() -> None:
    game = scripted_game(["Ann"], (1, 2, 3, 4, 6, 6))
    game.apply(T)
    for move in (T, P):
        with pytest.raises(IllegalMove, match="Take at least one"):
            game.apply(move)
    game.apply(take(1))
    assert game.turn_points == 100 and game.dice_left == 5 and game.phase is Phase.CHOOSE


@pytest.mark.parametrize(
    ("positions", "reason"),
    [
        ((), "Type the positions"),
        ((7,), "no die at position 7"),
        ((1, 1), "typed twice"),
        ((2,), "A 2 scores only in three of a kind"),
        ((1, 5, 6, 2), "At most 3 dice"),
        ((1, 2, 3, 4), "At most 3 dice"),
    ],
)
def test_take_refusals(positions: tuple[int, ...], reason: str) -> None:
    game = scripted_game(["Ann"], (1, 2, 2, 2, 1, 5))
    game.apply(T)
    before = game.to_dict()
    with pytest.raises(IllegalMove, match=reason):
        game.apply(TakeDice(positions))
    assert game.to_dict() == before  # a refusal changes nothing


def test_four_of_a_kind_is_never_one_take() -> None:
    game = scripted_game(["Ann"], (1, 1, 1, 1, 5, 6))
    game.apply(T)
    with pytest.raises(IllegalMove):
        game.apply(take(1, 2, 3, 4))
    game.apply(take(1, 2, 3))
    assert game.turn_points == 1000 and game.dice_left == 3


def test_four_twos_wipes_the_whole_score() -> None:
    game = scripted_game(
        ["Ann", "Bob"],
        (1, 1, 1, 3, 4, 6),
        (1, 5, 3),  # Ann: 1000 + 150 -> hot, pass with 1150
        (2, 3, 4, 6, 6, 3),  # Bob busts
        (2, 2, 2, 2, 1, 5),  # Ann: four 2s
    )
    game.apply(T)
    game.apply(take(1, 2, 3))
    game.apply(T)
    game.apply(take(1, 2))
    game.apply(P)
    assert game.players[0].score == 1150
    game.apply(T)  # Bob busts
    out = game.apply(T)
    assert out.kind == "four2s" and out.turn_ended
    assert "ALL 1,150 POINTS LOST" in out.message
    assert game.players[0].score == 0
    assert game.players[0].turns[-1].lost == 1150


def test_four_twos_turn_rule_keeps_the_score() -> None:
    game = scripted_game(["Ann"], (1, 3, 4, 6, 6, 3), (2, 2, 2, 2, 5), four_twos="turn")
    game.players[0].score = 500
    game.record.score_before = 500
    game.apply(T)
    game.apply(take(1))
    out = game.apply(T)
    assert out.kind == "four2s"
    assert game.players[0].score == 500 and game.players[0].turns[-1].lost == 100


def test_four_twos_takes_precedence_over_scoring_dice_and_needs_four_in_one_throw() -> None:
    game = scripted_game(["Ann"], (2, 2, 2, 1, 5, 6), (2, 3, 4))
    game.apply(T)
    game.apply(take(1, 2, 3))  # three 2s set aside do not count later
    game.apply(T)  # three dice: (2, 3, 4) bust, not four 2s
    assert game.players[0].turns[-1].result == "bust"


def test_bust_loses_turn_points_only() -> None:
    game = scripted_game(["Ann"], (5, 2, 3, 4, 6, 6), (2, 3, 4, 6, 6))
    game.players[0].score = 700
    game.record.score_before = 700
    game.apply(T)
    game.apply(take(1))
    out = game.apply(T)
    assert out.kind == "bust" and out.message == "BUST - 50 lost"
    assert game.players[0].score == 700


def test_hot_dice_after_two_throws_and_six_dice_combinations() -> None:
    game = scripted_game(["Ann"], (1, 1, 1, 3, 5, 5), (5, 5, 5), (1, 2, 3, 4, 5, 6))
    game.apply(T)
    game.apply(take(1, 2, 3))
    game.apply(T)
    out = game.apply(take(1, 2, 3))
    assert out.points == 500 and "hot dice" in out.message
    assert game.dice_left == 6 and game.turn_points == 1500
    game.apply(T)
    game.apply(take(1, 2, 3, 4, 5, 6))
    assert game.turn_points == 4500 and game.dice_left == 6
    game.apply(P)
    record = game.players[0].turns[0]
    assert record.hot_dice == 2 and record.six_dice == ["1-2-3-4-5-6"] and record.throws == 3


def _to_one_die(game: Game) -> None:
    """Play a scripted turn start down to one die: 1 1 5 | 5 5 (from 3)."""
    game.apply(T)
    game.apply(take(1, 2, 3))
    game.apply(T)
    game.apply(take(1, 2))
    assert game.dice_left == 1


def test_one_die_two_attempts_and_escalating_bonus() -> None:
    game = scripted_game(
        ["Ann"],
        (1, 1, 5, 2, 3, 4),
        (5, 5, 3),
        (3,),
        (1,),  # miss, then success at the second attempt: 100 + 500
        (1, 1, 5, 2, 3, 4),
        (5, 5, 3),
        (5,),  # success at once: 50 + 1000
        (1, 1, 5, 2, 3, 4),
        (5, 5, 3),
        (6,),
        (4,),  # two misses: bust, everything lost
    )
    _to_one_die(game)
    assert game.next_bonus() == 500
    out = game.apply(T)
    assert out.kind == "one_miss" and game.phase is Phase.AGAIN
    with pytest.raises(IllegalMove, match="throw it again"):
        game.apply(P)
    out = game.apply(T)
    assert out.kind == "one_hit" and out.points == 600
    assert game.turn_points == 350 + 600 and game.dice_left == 6 and game.level == 1
    _to_one_die(game)
    assert game.next_bonus() == 1000
    out = game.apply(T)
    assert out.points == 1050
    assert game.turn_points == 350 + 600 + 350 + 1050
    _to_one_die(game)
    game.apply(T)
    out = game.apply(T)
    assert out.kind == "bust" and game.players[0].score == 0
    record = game.players[0].turns[0]
    assert record.one_die == [2, 1, 0] and record.bonus == 1500 and record.throws == 9


def test_bonus_count_resets_every_turn() -> None:
    game = scripted_game(
        ["Ann"], (1, 1, 5, 2, 3, 4), (5, 5, 3), (5,), (1, 1, 5, 2, 3, 4), (5, 5, 3), (1,)
    )
    _to_one_die(game)
    game.apply(T)
    game.apply(P)
    _to_one_die(game)
    assert game.level == 0 and game.next_bonus() == 500
    assert game.apply(T).points == 600


def test_passing_with_one_die_is_allowed() -> None:
    game = scripted_game(["Ann"], (1, 1, 5, 2, 3, 4), (5, 5, 3))
    _to_one_die(game)
    game.apply(P)
    assert game.players[0].score == 350 and game.players[0].turns[0].dice_at_pass == 1


def _bank(game: Game, points_wanted: int) -> None:
    """Give the player to move a score by editing the state between turns."""
    game.players[game.seat].score = points_wanted
    game.record.score_before = points_wanted


def test_game_ends_after_the_full_cycle_and_later_players_still_play() -> None:
    game = scripted_game(
        ["Ann", "Bob", "Cy"],
        (1, 2, 3, 4, 6, 6),
        (1, 2, 3, 4, 6, 6),
        (1, 2, 3, 4, 6, 6),
        (5, 2, 3, 4, 6, 6),
    )
    _bank(game, 9900)
    game.apply(T)
    game.apply(take(1))
    game.apply(P)  # Ann 10,000
    assert not game.over and game.seat == 1
    _bank(game, 9000)
    assert game.needed_to_lead() == 1050
    game.apply(T)
    game.apply(take(1))
    game.apply(P)
    assert not game.over
    _bank(game, 9950)
    game.apply(T)
    game.apply(take(1))
    game.apply(P)  # Cy 10,050: the game ends after the cycle
    assert game.over and game.winners() == [2]
    with pytest.raises(IllegalMove, match="over"):
        game.apply(T)


def test_equal_highest_scores_share_the_win() -> None:
    game = scripted_game(["Ann", "Bob"], (1, 2, 3, 4, 6, 6), (1, 2, 3, 4, 6, 6))
    _bank(game, 9900)
    game.apply(T)
    game.apply(take(1))
    game.apply(P)
    _bank(game, 9900)
    game.apply(T)
    game.apply(take(1))
    game.apply(P)
    assert game.over and game.winners() == [0, 1]


def test_solitaire_counts_turns_until_ten_thousand() -> None:
    game = scripted_game(["Ann"], (1, 2, 3, 4, 6, 6), (1, 2, 3, 4, 6, 6))
    game.apply(T)
    game.apply(take(1))
    game.apply(P)
    assert game.cycle == 2 and not game.over
    _bank(game, 9900)
    game.apply(T)
    game.apply(take(1))
    game.apply(P)
    assert game.over and game.cycle == 2


def test_names() -> None:
    assert check_name("  Zoe ", []) == "Zoe"
    assert check_name("zedx", ["Ann"]) == "ZEDX"
    for bad, taken, reason in [
        ("", [], "at least one"),
        ("Abcdefghijk", [], "at most 10"),
        ("ann", ["Ann"], "already playing"),
        ("Zedx", ["ZEDX"], "only one computer"),
    ]:
        with pytest.raises(IllegalMove, match=reason):
            check_name(bad, taken)


def test_parse_move() -> None:
    assert parse_move("t") == T and parse_move(" P ") == P
    assert parse_move("take 1 5") == take(1, 5) and parse_move("1,5") == take(1, 5)
    assert str(take(1, 5)) == "take 1 5"
    with pytest.raises(IllegalMove):
        parse_move("x")


def _check_invariants(game: Game) -> None:
    """Dice are conserved, every score is a non-negative multiple of 50."""
    if game.over:
        return
    aside = len(game.aside)
    if game.dice_left == 6:
        assert aside in (0, 6)
    else:
        assert aside == 6 - game.dice_left
    if game.phase is Phase.TAKE:
        assert len(game.thrown) == game.dice_left
    assert game.turn_points % 50 == 0 and game.turn_points >= 0
    assert all(p.score % 50 == 0 and p.score >= 0 for p in game.players)


def play_out(game: Game, seed: int, disturb: bool = False, limit: int = 50_000) -> list[str]:
    """ZEDX plays its seat, a seeded random player every other; the moves and outcomes."""
    chooser = random.Random(seed)
    log = []
    for _ in range(limit):
        if game.over:
            return log
        if game.player.computer:
            move = zedx_move(game.situation())
        else:
            moves = game.legal_moves()
            move = moves[below(chooser, len(moves))]
        if disturb:
            random.random()
        out = game.apply(move)
        log.append(f"{move}|{out.message}")
        _check_invariants(game)
    if limit < 50_000:
        return log
    raise AssertionError("the game did not end")


@given(st.integers(0, 2**32), st.integers(1, 4))
@settings(max_examples=6, deadline=None)
def test_games_end_and_replay_from_the_seed(seed: int, players: int) -> None:
    names = ["ZEDX", "Ann", "Bob", "Cy"][:players]
    first = new_game(names, make_rng(seed), seed)
    log = play_out(first, seed)
    second = new_game(names, make_rng(seed), seed)
    assert play_out(second, seed, disturb=True) == log
    assert max(p.score for p in first.players) >= 10_000
    turns = {len(p.turns) for p in first.players}
    assert turns == {first.cycle}  # everybody had the same number of turns
    for player in first.players:
        banked = sum(t.turn_points for t in player.turns if t.result == "pass")
        wiped = sum(t.lost - t.turn_points for t in player.turns if t.result == "four2s")
        assert player.score == banked - wiped


@given(st.integers(0, 2**32), st.integers(1, 150))
@settings(max_examples=25, deadline=None)
def test_save_and_load_give_an_identical_game(seed: int, moves: int) -> None:
    game = new_game(["Ann", "ZEDX", "Bob"], make_rng(seed), seed)
    play_out(game, seed, limit=moves)
    data = game.to_dict()
    again = game_from_dict(data, seed)
    assert again.to_dict() == data
    # and they continue identically
    assert play_out(game, seed + 1, limit=60) == play_out(again, seed + 1, limit=60)


def test_every_legal_move_applies() -> None:
    game = scripted_game(["Ann"], (1, 1, 1, 5, 5, 2))
    game.apply(T)
    moves = game.legal_moves()
    assert len(moves) == 8  # 1, 5, 11, 15, 55, 111, 115, 155 (and 1 1 1 scores 1000)
    for move in moves:
        copy = game_from_dict(game.to_dict(), 1)
        copy.apply(move)


# -----
# Every line of the turn log, word for word, with forced dice (spec §3, §5, §6).
#
# The app prints each move's outcome message; a changed word, a wrong seat or a lost die
# shows here as a different line.


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


def test_a_player_is_a_person_unless_told() -> None:
    ann = Player("Ann")
    assert ann.computer is False and ann.score == 0 and ann.turns == []
    assert Player("ZEDX", True).computer is True
