"""What loading a Dix Mille save checks (files/gamedata.py), pinned word for word (#15).

A save is a whole game: every player's turns and decisions, the turn in
progress and the dice on the table. Loading replays every turn and refuses any
state play could not reach with the one line a player reads,
``PATH: is damaged: <reason>``; a state play does reach loads as it was saved.
These make real games with forced dice, save them, change one thing and load.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parlour.core.record import replace
from parlour.core.saves import SaveError
from parlour.dixmille.files import savefile
from parlour.dixmille.files.gamedata import check_history, game_from_dict
from parlour.dixmille.game.records import TurnRecord
from parlour.dixmille.game.rules import Game, Pass, Phase, Player, TakeDice, Throw
from tests.dixmille.helpers import scripted_game

T, P = Throw(), Pass()
State = dict[str, Any]
Change = Callable[[State], None]


def take(*positions: int) -> TakeDice:
    return TakeDice(tuple(positions))


def saved(tmp_path: Path, game: Game, change: Change | None = None) -> Path:
    """``game`` saved, then its state changed by ``change``."""
    path = tmp_path / "game.json"
    savefile.save(path, game)
    if change is not None:
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data["state"])
        path.write_text(json.dumps(data), encoding="utf-8")
    return path


def refusal(tmp_path: Path, game: Game, change: Change) -> str:
    """The reason the changed save is refused, checked to be the one line a player reads."""
    path = saved(tmp_path, game, change)
    with pytest.raises(SaveError) as caught:
        savefile.load(path)
    message = str(caught.value)
    head = f"{path}: is damaged: "
    assert message.startswith(head)
    return message.removeprefix(head)


def loads_as_saved(tmp_path: Path, game: Game, change: Change | None = None) -> Game:
    loaded = savefile.load(saved(tmp_path, game, change))
    if change is None:
        assert loaded.to_dict() == game.to_dict()
    return loaded


def setting(**fields: object) -> Change:
    def change(state: State) -> None:
        state.update(fields)

    return change


# ----- games at each phase -----


def at_start() -> Game:
    """Ann's first turn, not yet thrown."""
    return scripted_game(["Ann", "Bob"])


def at_choose_50() -> Game:
    """Ann has taken one 5 of six dice: 50 in hand, five dice to throw or pass."""
    game = scripted_game(["Ann", "Bob"], (5, 2, 3, 4, 6, 6), (2, 3, 4, 6, 5))
    game.apply(T)
    game.apply(take(1))
    assert (game.phase, game.turn_points, game.dice_left) == (Phase.CHOOSE, 50, 5)
    return game


def at_take_50() -> Game:
    """As :func:`at_choose_50`, the five dice thrown: 2 3 4 6 5 to take from."""
    game = at_choose_50()
    game.apply(T)
    assert (game.phase, game.thrown, game.aside) == (Phase.TAKE, (2, 3, 4, 6, 5), [5])
    return game


def at_again() -> Game:
    """Ann has 1100 in hand with one die left, and missed it once (a 3)."""
    game = scripted_game(["Ann", "Bob"], (1, 1, 1, 2, 3, 4), (5, 5, 2), (3,))
    for move in (T, take(1, 2, 3), T, take(1, 2), T):
        game.apply(move)
    assert (game.phase, game.thrown, game.attempt, game.turn_points) == (
        Phase.AGAIN,
        (3,),
        1,
        1100,
    )
    return game


def at_hot_dice() -> Game:
    """Ann took all six dice (1000 and 100): hot dice, six to throw again or pass."""
    game = scripted_game(["Ann", "Bob"], (1, 1, 1, 2, 3, 4), (5, 5, 1))
    for move in (T, take(1, 2, 3), T, take(1, 2, 3)):
        game.apply(move)
    assert (game.phase, game.dice_left, len(game.aside), game.thrown) == (
        Phase.CHOOSE,
        6,
        6,
        (),
    )
    return game


@pytest.mark.parametrize("make", [at_start, at_choose_50, at_take_50, at_again, at_hot_dice])
def test_a_game_at_each_phase_loads_as_it_was_saved(
    tmp_path: Path, make: Callable[[], Game]
) -> None:
    loads_as_saved(tmp_path, make())


# ----- the dice on the table -----


@pytest.mark.parametrize(
    ("make", "change", "reason"),
    [
        (at_hot_dice, setting(thrown=[1, 5]), "hot dice without six dice set aside"),
        (at_hot_dice, setting(thrown=[2]), "hot dice without six dice set aside"),
        (
            at_start,
            setting(aside=[1]),
            "a turn that has not started already has dice or points",
        ),
        (
            at_start,
            setting(thrown=[1]),
            "a turn that has not started already has dice or points",
        ),
        (
            at_take_50,
            setting(thrown=[2, 3, 4, 6]),
            "the dice on the table do not match the dice available",
        ),
        (
            at_again,
            setting(thrown=[1]),
            "a second one-die attempt after a first that scored",
        ),
        (at_again, setting(attempt=0), "a one-die attempt that does not match the turn"),
        (at_take_50, setting(attempt=1), "a one-die attempt that does not match the turn"),
    ],
)
def test_dice_on_the_table_play_cannot_leave_are_refused(
    tmp_path: Path, make: Callable[[], Game], change: Change, reason: str
) -> None:
    assert refusal(tmp_path, make(), change) == reason


def test_a_choice_and_a_take_at_50_in_hand_load(tmp_path: Path) -> None:
    # 50 is the least a turn can have once a die is taken: the bound is < 50, not <= 50.
    assert loads_as_saved(tmp_path, at_choose_50()).turn_points == 50
    assert loads_as_saved(tmp_path, at_take_50()).turn_points == 50


def at_10000(bob: tuple[int, ...]) -> Game:
    """Ann throws three straights and three 1s in her first turn and passes at exactly
    10,000; Bob's last turn has thrown ``bob``."""
    straight = (1, 2, 3, 4, 5, 6)
    game = scripted_game(["Ann", "Bob"], *[straight] * 3, (1, 1, 1, 2, 3, 4), bob)
    for _ in range(3):
        game.apply(T)
        game.apply(take(1, 2, 3, 4, 5, 6))
    for move in (T, take(1, 2, 3), P, T):
        game.apply(move)
    assert game.players[0].score == 10000
    return game


def at_over() -> Game:
    """Bob's last turn busts and the game is over, Ann the winner at exactly 10,000."""
    game = at_10000((2, 3, 4, 6, 2, 3))
    assert (game.phase, game.seat, game.cycle) == (Phase.OVER, 0, 1)
    return game


def at_last_turn() -> Game:
    """Bob's last turn (Ann has 10,000): he has taken a 1 and may throw five dice or pass."""
    game = at_10000((1, 2, 3, 4, 6, 6))
    game.apply(take(1))
    assert (game.phase, game.seat, game.turn_points) == (Phase.CHOOSE, 1, 100)
    assert [d.last for d in game.record.decisions] == [True]
    return game


def test_a_last_turn_in_progress_loads_as_it_was_saved(tmp_path: Path) -> None:
    # Ann has exactly 10,000: the bound is >= 10,000, and it is Ann's score that counts.
    loads_as_saved(tmp_path, at_last_turn())
    assert refusal(tmp_path, at_last_turn(), record_decisions(all_false)) == (
        "a decision is marked last on a turn that is not"
    )


def all_false(decisions: list[Any]) -> None:
    for d in decisions:
        d["last"] = False


def test_a_generator_at_position_0_loads(tmp_path: Path) -> None:
    # Python's generator has states at 0 to 624 words drawn; 0 is one of them.
    game = savefile.load(
        saved(tmp_path, savefile.load(SAMPLE), rng(lambda r: r[1].__setitem__(624, 0)))
    )
    assert game.rng.getstate()[1][624] == 0


def test_a_finished_game_loads_as_it_was_saved(tmp_path: Path) -> None:
    game = loads_as_saved(tmp_path, at_over())
    assert game.phase is Phase.OVER


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (setting(seat=1), "a finished game is not at the end of its last cycle"),
        (setting(cycle=2), "a finished game is not at the end of its last cycle"),
        (
            lambda state: state["record"].update(turn_points=0, lost=0, result="pass"),
            "a finished game's last turn does not match",
        ),
    ],
)
def test_a_finished_game_not_at_its_end_is_refused(
    tmp_path: Path, change: Change, reason: str
) -> None:
    assert refusal(tmp_path, at_over(), change) == reason


# ----- the sample save, one thing changed -----

SAMPLE = Path(__file__).resolve().parents[4] / "saves" / "dixmille-v1-alice-zedx-midturn.json"
"""At cycle 4, Alice (1100, three passes) to move, ZEDX at 2250 (two passes and a bust).
Alice's first turn: take 1 1 of 1 1 2 3 4 4, throw 4, take 1 1 of 1 1 3 4, pass at 400."""


state = setting


def player(seat: int, **fields: object) -> Change:
    def change(s: State) -> None:
        s["players"][seat].update(fields)

    return change


def turn(index: int, seat: int = 0, **fields: object) -> Change:
    def change(s: State) -> None:
        s["players"][seat]["turns"][index].update(fields)

    return change


def decision(index: int, turn_index: int = 0, **fields: object) -> Change:
    def change(s: State) -> None:
        s["players"][0]["turns"][turn_index]["decisions"][index].update(fields)

    return change


def record(**fields: object) -> Change:
    def change(s: State) -> None:
        s["record"].update(fields)

    return change


def rng(change_rng: Callable[[list[Any]], None]) -> Change:
    def change(s: State) -> None:
        change_rng(s["rng"])

    return change


def each(*changes: Change) -> Change:
    def change(s: State) -> None:
        for one in changes:
            one(s)

    return change


def first_decisions(change_list: Callable[[list[Any]], None]) -> Change:
    def change(s: State) -> None:
        change_list(s["players"][0]["turns"][0]["decisions"])

    return change


def all_last(decisions: list[Any]) -> None:
    for d in decisions:
        d["last"] = True


def record_decisions(change_list: Callable[[list[Any]], None]) -> Change:
    def change(s: State) -> None:
        change_list(s["record"]["decisions"])

    return change


GENERATOR = "the dice generator's state is damaged"

SAMPLE_REFUSALS: list[tuple[str, Change, str]] = [
    ("no players", state(players=[]), "a game has 1 to 6 players"),
    ("players an object", state(players={}), "a game has 1 to 6 players"),
    (
        "seven players",
        lambda s: s.update(players=s["players"] * 3 + s["players"][:1]),
        "a game has 1 to 6 players",
    ),
    ("a player a number", lambda s: s["players"].__setitem__(0, 5), "a player is damaged"),
    (
        "an empty name",
        player(0, name=""),
        "a player name is refused: A name needs at least one character you can see",
    ),
    ("a name a number", player(0, name=5), "a player name is not text"),
    ("computer flag 1", player(1, computer=1), "a player's computer flag does not match the name"),
    ("turns an object", player(0, turns={}), "a player's turns are damaged"),
    ("a turn a number", lambda s: s["players"][0]["turns"].__setitem__(0, 5), "a turn is damaged"),
    ("game id of 32 x", state(game_id="x" * 32), "the game id is damaged"),
    ("game id a number", state(game_id=5), "the game id is damaged"),
    ("four-2s rule unknown", state(four_twos="GAME"), "unknown four-2s rule 'GAME'"),
    # A rule that is not text is not shown (it could be a list of any length).
    ("four-2s rule a number", state(four_twos=5), "unknown four-2s rule ''"),
    ("four-2s rule a list", state(four_twos=["game"]), "unknown four-2s rule ''"),
    ("phase a number", state(phase=5), "unknown phase"),
    ("phase unknown", state(phase="bogus"), "unknown phase"),
    ("turn in progress a list", state(record=[]), "the turn in progress is damaged"),
    ("rng a number", state(rng=5), GENERATOR),
    ("rng version 2", rng(lambda r: r.__setitem__(0, 2)), GENERATOR),
    ("rng 624 words", rng(lambda r: r[1].pop()), GENERATOR),
    ("rng without gauss", rng(lambda r: r.pop()), GENERATOR),
    ("rng words an object", rng(lambda r: r.__setitem__(1, {})), GENERATOR),
    ("rng word text", rng(lambda r: r[1].__setitem__(3, "x")), GENERATOR),
    ("rng word true", rng(lambda r: r[1].__setitem__(3, True)), GENERATOR),
    ("rng position true", rng(lambda r: r[1].__setitem__(624, True)), GENERATOR),
    ("rng position 625", rng(lambda r: r[1].__setitem__(624, 625)), GENERATOR),
    ("rng position -1", rng(lambda r: r[1].__setitem__(624, -1)), GENERATOR),
    ("rng all zero", rng(lambda r: r[1].__setitem__(slice(0, 624), [0] * 624)), GENERATOR),
    ("rng gauss text", rng(lambda r: r.__setitem__(2, "x")), GENERATOR),
    ("rng gauss whole", rng(lambda r: r.__setitem__(2, 1)), GENERATOR),
    ("seat 2", state(seat=2), "seat is out of range"),
    ("seat 1", state(seat=1), "the player to move is not the one whose turn it is"),
    ("cycle 0", state(cycle=0), "cycle is out of range"),
    ("cycle 10001", state(cycle=10001), "cycle is out of range"),
    ("no dice", state(dice_left=0), "dice available is out of range"),
    ("seven dice", state(dice_left=7), "dice available is out of range"),
    ("third attempt", state(attempt=3), "attempt is out of range"),
    ("25 in hand", state(turn_points=25), "turn points is out of range"),
    ("level 201", state(level=201), "one-die successes is out of range"),
    # At each bound the value is in range, and what follows refuses it.
    (
        "level 200",
        state(level=200),
        "the turn points, dice or one-die successes do not match the turn",
    ),
    (
        "100,000 in hand",
        state(turn_points=100000),
        "the turn points, dice or one-die successes do not match the turn",
    ),
    ("cycle 500", state(cycle=500), "the player to move is not the one whose turn it is"),
    ("cycle 501", state(cycle=501), "cycle is out of range"),
    ("score 110,000", player(0, score=110000), "Alice's score is not what the turns add up to"),
    ("score 110,050", player(0, score=110050), "score is out of range"),
    ("turn cycle 501", turn(0, cycle=501), "Alice's turns are not numbered by cycle"),
    ("turn cycle 2", turn(0, cycle=2), "Alice's turns are not numbered by cycle"),
    ("banked 450", decision(0, 1, s=450), "a decision's banked score does not match its turn"),
    ("one decision last", decision(0, last=True), "a turn is both the last and not"),
    (
        "in progress with points",
        record(turn_points=50),
        "the turn in progress already has a result",
    ),
    ("in progress with a loss", record(lost=50), "the turn in progress already has a result"),
    ("in progress with dice", record(dice_at_pass=4), "the turn in progress already has a result"),
    ("a pass that lost", turn(0, lost=50), "a turn's points lost do not add up"),
    ("a pass at 4 dice", turn(0, dice_at_pass=4), "a pass does not match its dice"),
    ("one throw", turn(0, throws=1), "a turn has more throws than it records"),
    ("three throws", turn(0, throws=3), "a turn's throws, hot dice or bonus do not add up"),
    ("hot dice", turn(0, hot_dice=1), "a turn's throws, hot dice or bonus do not add up"),
    ("a bonus", turn(0, bonus=500), "a turn's throws, hot dice or bonus do not add up"),
    (
        "three pairs",
        turn(0, six_dice=["three pairs"]),
        "a turn's throws, hot dice or bonus do not add up",
    ),
    ("a one-die throw", turn(0, one_die=[1]), "a turn records more than was played"),
    (
        "two takes",
        first_decisions(lambda ds: ds.__setitem__(1, dict(ds[2]))),
        "a take without its throw",
    ),
    ("throw at 5 dice", decision(1, n=5), "a decision does not follow from the one before"),
    ("throw at 250", decision(1, t=250), "a decision does not follow from the one before"),
    ("throw at level 1", decision(1, k=1), "a decision does not follow from the one before"),
    (
        "a second pass",
        first_decisions(lambda ds: ds.append(dict(ds[-1]))),
        "a turn records decisions after it ended",
    ),
    (
        "four 2s taken from",
        decision(0, thrown=[1, 1, 2, 2, 2, 2]),
        "a take from a throw that allows none",
    ),
    ("a 5 not thrown", decision(0, taken=[5]), "a take of dice that were not thrown"),
    ("2 3 taken", decision(0, taken=[2, 3]), "a recorded take is not a legal take"),
    ("Alice's score", player(0, score=1150), "Alice's score is not what the turns add up to"),
    ("ZEDX's score", player(1, score=2300), "ZEDX's score is not what the turns add up to"),
    (
        "ZEDX's second turn",
        turn(1, seat=1, score_before=950),
        "ZEDX's turn 2 starts from 950, but the turns before it add up to 1000",
    ),
    (
        "Alice a turn short",
        lambda s: s["players"][0]["turns"].pop(),
        "the players have not had their turns in order",
    ),
    (
        "over with ZEDX to play",
        each(lambda s: s["players"][1]["turns"].pop(), state(phase="over")),
        "the game is marked over in the middle of a cycle",
    ),
    (
        "over at 2250",
        state(phase="over", cycle=3),
        "the game is marked over but nobody reached 10,000",
    ),
    (
        "the turn in progress last",
        record_decisions(all_last),
        "a decision is marked last on a turn that is not",
    ),
    (
        "the first turn last",
        first_decisions(all_last),
        "a decision is marked last on a turn that was not",
    ),
    (
        "ZEDX's bust at 100,050",
        turn(2, seat=1, turn_points=100050, lost=100050),
        "a turn's points are out of range",
    ),
    (
        "ZEDX's bust at 100,000",
        turn(2, seat=1, turn_points=100000, lost=100000),
        "a turn's points do not add up",
    ),
    (
        "ZEDX's bust at 550",
        turn(2, seat=1, turn_points=550, lost=550),
        "a turn's points do not add up",
    ),
    ("ZEDX's bust lost nothing", turn(2, seat=1, lost=0), "a turn's points lost do not add up"),
    (
        "ZEDX's bust playing",
        turn(2, seat=1, result="playing", lost=0),
        "a turn's result does not match its state",
    ),
    (
        "ZEDX's bust as four 2s",
        each(turn(2, seat=1, result="four2s", lost=2750), player(1, score=0)),
        "a turn's result does not match how it ended",
    ),
    ("nothing to take", state(thrown=[2, 3, 4, 6]), "the dice to take from allow no take"),
    ("four 2s to take from", state(thrown=[2, 2, 2, 2]), "the dice to take from allow no take"),
    (
        "five dice on the table",
        state(thrown=[2, 3, 4, 6, 5]),
        "the dice on the table do not match the dice available",
    ),
    (
        "three dice available",
        state(dice_left=3, thrown=[4, 6, 5]),
        "the turn points, dice or one-die successes do not match the turn",
    ),
    (
        "in progress at cycle 3",
        record(cycle=3),
        "the turn in progress does not belong to the player to move",
    ),
]


@pytest.mark.parametrize(
    ("change", "reason"),
    [pytest.param(change, reason, id=name) for name, change, reason in SAMPLE_REFUSALS],
)
def test_a_sample_save_with_one_thing_changed_is_refused_with_its_reason(
    tmp_path: Path, change: Change, reason: str
) -> None:
    assert refusal(tmp_path, savefile.load(SAMPLE), change) == reason


def test_a_saved_gauss_value_loads(tmp_path: Path) -> None:
    game = savefile.load(
        saved(tmp_path, savefile.load(SAMPLE), rng(lambda r: r.__setitem__(2, 0.5)))
    )
    assert game.rng.getstate()[2] == 0.5


def test_the_seed_of_a_state_is_checked_where_it_is_rebuilt() -> None:
    data = savefile.load(SAMPLE).to_dict()
    for seed in (-1, True, 2**63, "7"):
        with pytest.raises(ValueError, match="^the seed is out of range$"):
            game_from_dict(data, seed)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="^the game state is not an object$"):
        game_from_dict([], 7)
    assert game_from_dict(data, 2**63 - 1).seed == 2**63 - 1


def test_a_game_that_went_on_after_10000_is_refused(tmp_path: Path) -> None:
    def next_cycle(s: State) -> None:
        s.update(phase="start", cycle=2, thrown=[], aside=[], turn_points=0, dice_left=6)
        s.update(level=0, attempt=0, record=TurnRecord(cycle=2, score_before=10000).to_dict())

    assert refusal(tmp_path, at_over(), next_cycle) == (
        "the game went on after someone reached 10,000"
    )


def test_a_solitaire_game_at_its_500th_cycle_loads(tmp_path: Path) -> None:
    """499 busts in a row, then the 500th turn, the last a game has."""
    game = scripted_game(["Ann"], (2, 3, 4, 6, 2, 3))
    game.apply(T)
    assert (game.phase, game.cycle, game.players[0].turns[0].result) == (Phase.START, 2, "bust")

    def at_cycle(cycle: int) -> Change:
        def change(s: State) -> None:
            bust = s["players"][0]["turns"][0]
            s["players"][0]["turns"] = [dict(bust, cycle=n) for n in range(1, cycle)]
            s["cycle"] = s["record"]["cycle"] = cycle

        return change

    loaded = savefile.load(saved(tmp_path, game, at_cycle(500)))
    assert (loaded.cycle, len(loaded.players[0].turns), loaded.phase) == (500, 499, Phase.START)
    assert refusal(tmp_path, game, at_cycle(501)) == "cycle is out of range"


def test_the_500th_cycle_ends_the_game_whoever_leads(tmp_path: Path) -> None:
    """A game of players who never bank ends after cycle 500, saved and loaded as ended;
    one that went on is refused."""
    game = scripted_game(["Ann"], (2, 3, 4, 6, 2, 3))
    game.apply(T)

    def busts(count: int, over: bool) -> Change:
        def change(s: State) -> None:
            bust = s["players"][0]["turns"][0]
            s["players"][0]["turns"] = [dict(bust, cycle=n) for n in range(1, count + 1)]
            s["record"] = dict(bust, cycle=count) if over else dict(s["record"], cycle=count + 1)
            s["cycle"] = count if over else count + 1
            if over:
                s.update(phase="over", thrown=[2, 3, 4, 6, 2, 3])

        return change

    loaded = savefile.load(saved(tmp_path, game, busts(500, over=True)))
    assert (loaded.phase, loaded.cycle, len(loaded.players[0].turns)) == (Phase.OVER, 500, 500)
    assert refusal(tmp_path, game, busts(499, over=True)) == (
        "the game is marked over but nobody reached 10,000"
    )
    assert refusal(tmp_path, game, busts(500, over=False)) == "cycle is out of range"


def at_one_die_bust() -> Game:
    """As :func:`at_again`, the die missed again (a 4): Ann's turn busts, Bob to play."""
    game = at_again()
    game.roller.throws.append((4,))  # type: ignore[attr-defined]
    game.apply(T)
    assert (game.seat, game.players[0].turns[0].result, game.players[0].turns[0].one_die) == (
        1,
        "bust",
        [0],
    )
    return game


def repeat_last(decisions: list[Any]) -> None:
    decisions.append(dict(decisions[-1]))


@pytest.mark.parametrize(
    ("make", "change"),
    [
        (at_again, record_decisions(repeat_last)),
        (at_one_die_bust, first_decisions(repeat_last)),
    ],
    ids=["a missed die then a decision", "a one-die bust then a decision"],
)
def test_a_decision_after_a_missed_die_is_refused(
    tmp_path: Path, make: Callable[[], Game], change: Change
) -> None:
    loads_as_saved(tmp_path, make())
    assert refusal(tmp_path, make(), change) == "a turn records decisions after it ended"


def two_one_die_successes() -> Game:
    """Ann's one die scores twice in a turn (a 1, then a 5): bonuses of 500 and 1,000."""
    one_die = ((1, 1, 1, 2, 3, 4), (5, 5, 2))
    game = scripted_game(["Ann", "Bob"], *one_die, (1,), *one_die, (5,))
    for _ in range(2):
        for move in (T, take(1, 2, 3), T, take(1, 2), T):
            game.apply(move)
    game.apply(P)
    turn = game.players[0].turns[0]
    assert (turn.bonus, turn.hot_dice, turn.one_die, game.players[0].score) == (
        1500,
        2,
        [1, 1],
        3850,
    )
    return game


def four_twos_of_four_dice() -> Game:
    """Ann takes 1 5 of six dice, throws the other four: four 2s, the turn and score lost."""
    game = scripted_game(["Ann", "Bob"], (1, 5, 3, 4, 6, 6), (2, 2, 2, 2))
    for move in (T, take(1, 2), T):
        game.apply(move)
    assert (game.players[0].turns[0].result, game.players[0].turns[0].lost) == ("four2s", 150)
    return game


@pytest.mark.parametrize("make", [two_one_die_successes, four_twos_of_four_dice])
def test_a_turn_that_ended_loads_as_it_was_saved(tmp_path: Path, make: Callable[[], Game]) -> None:
    loads_as_saved(tmp_path, make())


def test_a_one_die_bust_recorded_as_a_pass_is_refused(tmp_path: Path) -> None:
    def as_pass(s: State) -> None:
        s["players"][0]["turns"][0].update(result="pass", lost=0, dice_at_pass=0)
        s["players"][0]["score"] = 1100
        s["record"]["decisions"] = []

    assert refusal(tmp_path, at_one_die_bust(), as_pass) == (
        "a turn's result does not match how it ended"
    )


def test_a_decision_after_a_bust_is_refused(tmp_path: Path) -> None:
    # ZEDX's third turn: take 5 5 5, throw three dice, bust.
    def change(s: State) -> None:
        repeat_last(s["players"][1]["turns"][2]["decisions"])

    assert refusal(tmp_path, savefile.load(SAMPLE), change) == (
        "a turn records decisions after it ended"
    )


def test_a_pass_recorded_as_a_bust_is_refused(tmp_path: Path) -> None:
    game = at_choose_50()
    game.apply(P)
    assert game.players[0].score == 50

    def as_bust(s: State) -> None:
        s["players"][0]["turns"][0].update(result="bust", lost=50, dice_at_pass=0)
        s["players"][0]["score"] = 0

    assert refusal(tmp_path, game, as_bust) == "a turn's result does not match how it ended"


def test_a_game_of_six_players_loads_and_of_seven_is_refused(tmp_path: Path) -> None:
    game = scripted_game(["Ann", "Bob", "Cy", "Di", "Ed", "Flo"])
    assert [p.name for p in loads_as_saved(tmp_path, game).players] == [
        "Ann",
        "Bob",
        "Cy",
        "Di",
        "Ed",
        "Flo",
    ]

    def seventh(s: State) -> None:
        s["players"].append(dict(s["players"][0], name="Guy"))

    assert refusal(tmp_path, game, seventh) == "a game has 1 to 6 players"


def test_a_solitaire_game_won_in_its_500th_turn_loads(tmp_path: Path) -> None:
    """499 busts, then three straights and three 1s: 500 turns, the most a game has."""
    busted = scripted_game(["Ann"], (2, 3, 4, 6, 2, 3))
    busted.apply(T)
    bust = busted.to_dict()["players"][0]["turns"][0]
    straight = (1, 2, 3, 4, 5, 6)
    game = scripted_game(["Ann"], *[straight] * 3, (1, 1, 1, 2, 3, 4))
    for _ in range(3):
        game.apply(T)
        game.apply(take(1, 2, 3, 4, 5, 6))
    for move in (T, take(1, 2, 3), P):
        game.apply(move)
    assert game.phase is Phase.OVER

    def after_busts(s: State) -> None:
        won = s["players"][0]["turns"][0]
        won["cycle"] = s["record"]["cycle"] = s["cycle"] = 500
        s["players"][0]["turns"] = [dict(bust, cycle=n) for n in range(1, 500)] + [won]

    loaded = savefile.load(saved(tmp_path, game, after_busts))
    assert (loaded.phase, loaded.cycle, len(loaded.players[0].turns)) == (Phase.OVER, 500, 500)


def test_a_solitaire_turn_in_progress_loads_as_it_was_saved(tmp_path: Path) -> None:
    # Nobody else has a score: no decision of the turn is the last.
    game = scripted_game(["Ann"], (1, 2, 3, 4, 6, 6))
    game.apply(T)
    game.apply(take(1))
    assert [d.last for d in game.record.decisions] == [False]
    loads_as_saved(tmp_path, game)


def test_a_history_that_goes_on_past_the_last_cycle_is_refused() -> None:
    game = scripted_game(["Ann", "Bob"], (2, 3, 4, 6, 2, 3), (2, 3, 4, 6, 2, 4))
    game.apply(T)
    game.apply(T)
    busts = [p.turns[0] for p in game.players]
    players = [
        Player(p.name, p.computer, 0, [replace(busts[seat], cycle=n) for n in range(1, count)])
        for seat, (p, count) in enumerate(zip(game.players, (502, 501), strict=True))
    ]
    with pytest.raises(ValueError, match="^the game went on after cycle 500, its last$"):
        check_history(players, "game", over=False)
    players[0].turns.pop()
    assert check_history(players, "game", over=True) == 0
