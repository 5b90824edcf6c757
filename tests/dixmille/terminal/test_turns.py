"""The turn in play as a part of its own (issue #29), without the app: a human's turn,
ZEDX's steps at their pace, a turn's end and the game's end handed to the app."""

from __future__ import annotations

from parlour.core.rng import make_rng
from parlour.dixmille.game.rules import Game, Phase, new_game
from parlour.dixmille.terminal.turns import HUMAN_ENDED, ZEDX_ENDED, Turns
from parlour.dixmille.terminal.view import UiState
from parlour.tui import keys
from parlour.tui.glyphs import ASCII
from tests.dixmille.helpers import Scripted


class Host:
    """Records what the turns tell the app."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def turn_end_shown(self) -> None:
        self.said.append("end shown")

    def turn_begins(self) -> None:
        self.said.append("begins")

    def game_over(self) -> None:
        self.said.append("over")

    def keep_moves(self) -> None:
        self.said.append("moved")


def a_game(names: list[str], *throws: tuple[int, ...]) -> Game:
    game = new_game(names, make_rng(1), 1)
    game.roller = Scripted(list(throws))
    return game


def test_a_human_turn_throws_takes_and_busts_then_waits_for_a_key() -> None:
    game = a_game(["Ann", "Bob"], (1, 2, 3, 4, 6, 6), (2, 3, 4, 6, 6))
    ui, host = UiState(), Host()
    turns = Turns(ui, ASCII, 0.0, host)
    turns.begin(game)
    assert ui.prompt.startswith("Ann") and ui.entry is None
    turns.human_key(game, "x")
    assert ui.bell and ui.alert and ui.message.startswith("Keys here")
    turns.human_key(game, "t")
    assert ui.dice == (1, 2, 3, 4, 6, 6) and ui.entry == "" and host.said == ["moved"]
    turns.human_key(game, "9")
    ui.bell = False
    turns.human_key(game, keys.ENTER)
    assert ui.bell and "position 9" in ui.message and ui.entry == "9"
    turns.human_key(game, keys.BACKSPACE)
    turns.human_key(game, "1")
    assert ui.entry == "1" and ui.highlight == frozenset({1})
    turns.human_key(game, keys.ENTER)
    assert "Ann takes 1" in ui.message and ui.entry is None
    turns.human_key(game, "t")
    assert host.said[-1] == "end shown" and ui.prompt == HUMAN_ENDED and ui.alert
    assert "BUST" in ui.message and not turns.ack_is_zedx
    assert [e.name for e in turns.log.entries] == ["Ann"] * len(turns.log.entries)
    turns.next_turn(game)
    assert host.said[-1] == "begins" and ui.prompt.startswith("Bob") and ui.dice == ()


def test_zedx_steps_on_its_pace_and_a_key_hurries_the_rest() -> None:
    game = a_game(["ZEDX", "Ann"], (1, 1, 1, 5, 5, 2), (2, 3, 4, 6, 6, 3), (4, 6, 2, 3, 3, 2))
    ui = UiState()
    turns = Turns(ui, ASCII, 5.0, Host())
    turns.begin(game)
    assert "ZEDX is playing" in ui.prompt and turns.wait() > 4.0
    turns.zedx_step(game)
    assert ui.dice and turns.wait() > 4.0
    turns.hurry()
    assert turns.skip and turns.wait() == 0.0
    for _ in range(40):
        if turns.ack_is_zedx:
            break
        turns.zedx_step(game)
    assert turns.ack_is_zedx and ui.prompt == "" and turns.wait() == 0.0
    unhurried = Turns(UiState(), ASCII, 5.0, Host())
    unhurried.ack_is_zedx = False
    unhurried.skip = False
    game2 = a_game(["ZEDX", "Ann"], (2, 3, 4, 6, 6, 3))  # a bust at once
    unhurried.begin(game2)
    unhurried.zedx_step(game2)
    while not unhurried.ack_is_zedx:
        unhurried.zedx_step(game2)
    assert unhurried.ui.prompt == ZEDX_ENDED and unhurried.wait() > 4.0


def test_a_finished_game_is_handed_to_the_app() -> None:
    game = a_game(["Ann"])
    game.phase = Phase.OVER
    host = Host()
    Turns(UiState(), ASCII, 0.0, host).begin(game)
    assert host.said == ["over"]
