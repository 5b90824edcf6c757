"""What becomes of a game as a part of its own (issue #29), without the app: saving on the
way out, recording a game once (a replay never), a recovery save of unsaved moves only."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.rng import make_rng
from parlour.dixmille.files import savefile
from parlour.dixmille.game.rules import Game, new_game
from parlour.dixmille.terminal.keeping import QUIT, Keeping, Next
from parlour.dixmille.terminal.view import UiState
from parlour.tui import keys
from tests.dixmille.helpers import Scripted, recorded_games


def a_game(names: list[str], *throws: tuple[int, ...]) -> Game:
    game = new_game(names, make_rng(1), 1)
    game.roller = Scripted(list(throws))
    return game


def test_keeping_saves_then_leaves_when_the_save_was_on_the_way_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    game = a_game(["Ann", "Bob"], (1, 5, 2, 3, 4, 6))
    game.apply(game.legal_moves()[0])
    ui = UiState()
    keep = Keeping(ui, 1)
    keep.moves_made()
    keep.start_save(QUIT)
    for key in ["BACKSPACE"] * 30:
        keep.save_key(key, game)
    assert keep.save_key(keys.ENTER, game) is Next.STAY and ui.message.startswith("Type a file")
    for key in "g.json":
        assert keep.save_key(key, game) is Next.STAY
    assert keep.save_key(keys.ENTER, game) is Next.LEAVE
    assert (tmp_path / "g.json").is_file() and savefile.load(tmp_path / "g.json") is not None
    assert not keep.dirty and keep.save_path == "g.json"
    assert keep.exit_message is not None and "g.json" in keep.exit_message
    assert recorded_games() == []  # saved, not abandoned: nothing recorded


def test_keeping_records_a_game_once_and_a_replay_never() -> None:
    game = a_game(["Ann", "Bob"], (1, 5, 2, 3, 4, 6))
    game.apply(game.legal_moves()[0])
    keep = Keeping(UiState(), 1)
    words = keep.quit_now(game, record=True)
    assert "seed 1" in words and keep.recorded
    assert keep.record_abandoned(game) is None and len(recorded_games()) == 1
    recorded = recorded_games()[0]
    assert not recorded.finished
    replay = Keeping(UiState(), 1, replay=recorded)
    assert replay.recorded and replay.record_finished(game) is None
    assert len(recorded_games()) == 1


def test_end_of_input_keeps_only_unsaved_moves(tmp_path: Path) -> None:
    game = a_game(["Ann", "Bob"], (1, 5, 2, 3, 4, 6))
    keep = Keeping(UiState(), 1)
    assert keep.end_of_input(game) is None  # nothing played since the start
    game.apply(game.legal_moves()[0])
    keep.moves_made()
    said = keep.end_of_input(game)
    assert said is not None and "resume with: dixmille" in said
    saved = keep.emergency_save(game)
    assert saved is not None and Path(saved).is_file()
