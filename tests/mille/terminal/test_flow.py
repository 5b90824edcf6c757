"""The mille app's game flow as a part of its own (issue #29), no app: the questions each
phase asks, the next hand, leaving.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.mille.computer.handlog import HandLog
from parlour.mille.files.meta import Meta
from parlour.mille.files.statsfile import Recorder
from parlour.mille.game.rules import Game
from parlour.mille.game.table import HUMAN, Phase
from parlour.mille.terminal.flow import REALLY, SAVE_GAME, YES_NO_HINT, Flow
from parlour.mille.terminal.messages import MessageLine
from parlour.mille.terminal.reviewing import HandReview
from parlour.mille.terminal.saving import Saving
from parlour.tui import keys
from parlour.tui.glyphs import ASCII
from tests.mille.terminal.test_saving import typed


class Host:
    def __init__(self) -> None:
        self.hands = 0
        self.farewell: str | None = None

    def hand_begins(self) -> None:
        self.hands += 1

    def leave(self, farewell: str) -> None:
        self.farewell = farewell


def a_flow(game: Game, dirty: bool = False) -> tuple[Flow, Host, list[tuple[str, str]]]:
    host = Host()
    line = MessageLine()
    writes: list[tuple[str, str]] = []
    saving = Saving(lambda path, prompt: writes.append((path, prompt)), line)
    saving.dirty = dirty
    recorder = Recorder(Meta("a" * 32, "strong"))
    flow = Flow(game, recorder, HandReview(ASCII, HandLog()), saving, line, host)
    flow.resume()
    return flow, host, writes


def hand_over(seed: int = 3) -> Game:
    """A game at the end of its first hand (both sides mostly discarding: the deck runs out)."""
    game = Game.new(seed)
    while game.phase is not Phase.HAND_OVER:
        if game.phase is Phase.EXTENSION:
            game.answer_extension(False)
            continue
        moves = game.legal_moves()
        picks = [m for m in moves if m.kind == "pick"]
        discards = [m for m in moves if m.kind == "discard"]
        game.apply((picks or discards or moves)[0])
    return game


def test_the_move_prompt_asks_nothing_and_q_then_n_comes_back_to_it() -> None:
    game = Game.new(3)
    if game.turn != HUMAN:
        game = Game.new(4)
    flow, host, _ = a_flow(game)
    assert game.turn == HUMAN and flow.ask is None and not flow.computer_due
    flow.ask_really()
    assert flow.ask is not None and flow.ask.text == REALLY
    flow.key("z")
    assert flow.line.text == YES_NO_HINT and flow.line.bell
    flow.key("n")
    assert flow.ask is None and host.farewell is None and flow.line.text == ""


def test_leaving_a_saved_game_says_farewell_at_once() -> None:
    flow, host, _ = a_flow(Game.new(3))
    flow.ask_really()
    flow.key("y")
    assert flow.left and host.farewell is not None and host.farewell.startswith("Games won")
    assert "(seed 3)" in host.farewell
    flow.resume()
    assert flow.ask is None and not flow.computer_due


def test_leaving_unsaved_moves_asks_save_game_and_n_leaves_unsaved() -> None:
    flow, host, writes = a_flow(Game.new(3), dirty=True)
    flow.ask_really()
    flow.key(keys.INTERRUPT)  # a second interrupt means yes
    assert flow.ask is not None and flow.ask.text == SAVE_GAME and host.farewell is None
    flow.key("n")
    assert host.farewell is not None and writes == [] and flow.recorder.recorded


def test_the_end_of_a_hand_asks_another_and_y_deals_the_next() -> None:
    game = hand_over()
    flow, host, _ = a_flow(game)
    assert flow.ask is not None and flow.ask.text == "Another hand?"
    flow.key("w")
    assert flow.end_layout.value == "commands"
    flow.line.text = "kept?"
    flow.key("y")
    assert host.hands == 1 and game.phase is Phase.TURN and flow.saving.dirty
    assert flow.end_layout.value == "bonuses" and flow.line.text == ""
    assert flow.base_name() == "move"


def test_s_at_a_question_saves_and_the_question_comes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    flow, _, writes = a_flow(hand_over())
    asked = flow.ask
    flow.key("s")
    assert flow.ask is None and flow.saving.dialog is not None
    typed(flow.saving, "end.json")
    assert writes == [("end.json", "another_hand")] and flow.ask is asked
