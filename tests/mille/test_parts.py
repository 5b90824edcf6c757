"""The mille app's save dialogue and game flow as parts of their own (issue #29), no app."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.saves import SaveError
from parlour.mille.computer.handlog import HandLog
from parlour.mille.files.meta import Meta
from parlour.mille.files.statsfile import Recorder
from parlour.mille.game.rules import Game
from parlour.mille.game.table import HUMAN, Phase
from parlour.mille.terminal.flow import REALLY, SAVE_GAME, YES_NO_HINT, Flow
from parlour.mille.terminal.messages import MessageLine
from parlour.mille.terminal.reviewing import HandReview
from parlour.mille.terminal.saving import NOT_SAVED, Saving
from parlour.tui import keys
from parlour.tui.glyphs import ASCII


class Writer:
    """A save writer that records what it was asked, and fails when told to."""

    def __init__(self, fails: str | None = None) -> None:
        self.calls: list[tuple[str, str]] = []
        self.fails = fails

    def __call__(self, path: str, prompt: str) -> None:
        if self.fails is not None:
            raise SaveError(path, self.fails)
        self.calls.append((path, prompt))
        Path(path).write_text("{}", encoding="utf-8")


def typed(part: Saving, text: str) -> None:
    for key in text:
        part.key(key)
    part.key(keys.ENTER)


def test_a_first_save_asks_a_name_writes_it_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    writer, line, ended = Writer(), MessageLine(), []
    part = Saving(writer, line)
    part.dirty = True
    part.start("another_hand", lambda: ended.append("saved"), lambda: ended.append("not"))
    assert part.dialog is not None and part.dialog.stage == "name"
    typed(part, "g.json")
    assert writer.calls == [("g.json", "another_hand")] and ended == ["saved"]
    assert part.dialog is None and part.save_path == "g.json" and not part.dirty
    assert line.text.startswith("g.json [") and not line.bell


def test_once_saved_same_file_is_offered_and_n_asks_a_new_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    writer = Writer()
    part = Saving(writer, MessageLine(), save_path="first.json")
    part.start("move", lambda: None, lambda: None)
    assert part.dialog is not None and part.dialog.stage == "same"
    part.key("q")  # neither y nor n
    assert part.line.text == "type y or n" and part.line.bell and part.dialog.stage == "same"
    part.key("y")
    assert writer.calls == [("first.json", "move")]
    part.start("move", lambda: None, lambda: None)
    part.key("N")
    assert part.dialog is not None and part.dialog.stage == "name"


def test_an_existing_file_is_overwritten_only_on_y(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken.json").write_text("keep", encoding="utf-8")
    writer, ended = Writer(), []
    part = Saving(writer, MessageLine())
    part.start("move", lambda: ended.append("saved"), lambda: ended.append("not"))
    typed(part, "taken.json")
    assert part.dialog is not None and part.dialog.stage == "overwrite"
    part.key("n")
    assert ended == ["not"] and part.line.text == NOT_SAVED and writer.calls == []
    assert (tmp_path / "taken.json").read_text(encoding="utf-8") == "keep"
    part.start("move", lambda: ended.append("saved"), lambda: ended.append("not"))
    typed(part, "taken.json")
    part.key("y")
    assert ended == ["not", "saved"] and writer.calls == [("taken.json", "move")]


@pytest.mark.parametrize("how", ["esc", "empty", "interrupt-at-same"])
def test_a_save_given_up_says_not_saved_and_runs_the_failure_ending(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    line, ended = MessageLine("old.json [12:00:00]"), []
    part = Saving(Writer(), line, save_path="old.json" if how == "interrupt-at-same" else None)
    part.dirty = True
    part.start("move", lambda: ended.append("saved"), lambda: ended.append("not"))
    if how == "esc":
        part.key("x")
        part.key(keys.ESC)
    elif how == "empty":
        typed(part, "   ")
    else:
        part.key(keys.INTERRUPT)
    assert ended == ["not"] and line.text == NOT_SAVED and part.dialog is None and part.dirty


def test_a_failed_write_names_the_cause_rings_and_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    line, ended = MessageLine(), []
    part = Saving(Writer(fails="disk full"), line, save_path="old.json")
    part.dirty = True
    part.start("move", lambda: ended.append("saved"), lambda: ended.append("not"))
    part.key("y")
    assert ended == ["not"] and line.bell and line.text == "not saved: disk full"
    assert part.save_path == "old.json" and part.dirty


def test_a_recovery_save_goes_to_a_fresh_file_or_says_why_not(tmp_path: Path) -> None:
    writer = Writer()
    saved, why = Saving(writer, MessageLine()).recovery_save("mille-recovery", "extension")
    assert saved is not None and why == "" and Path(saved).name.startswith("mille-recovery-")
    assert writer.calls == [(saved, "extension")]
    part = Saving(Writer(fails="no room"), MessageLine(), save_path=str(tmp_path / "g.json"))
    saved, why = part.recovery_save("mille-crash", "move")
    assert saved is None and "no room" in why


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
