"""What loading a Dix Mille save checks (dixmille.persist), pinned word for word (#15).

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

from parlour.core.saves import SaveError
from parlour.dixmille import savefile
from parlour.dixmille.rules import Game, Pass, Phase, TakeDice, Throw
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


def at_over() -> Game:
    """Ann throws four straights in her first turn and passes at 12,000; Bob's last turn
    busts and the game is over."""
    straight = (1, 2, 3, 4, 5, 6)
    game = scripted_game(["Ann", "Bob"], *[straight] * 4, (2, 3, 4, 6, 2, 3))
    for _ in range(4):
        game.apply(T)
        game.apply(take(1, 2, 3, 4, 5, 6))
    game.apply(P)
    game.apply(T)
    assert game.phase is Phase.OVER
    assert (game.seat, game.cycle, game.players[0].score) == (0, 1, 12000)
    return game


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
