"""A game's end is final and its one result stands (issue #25; docs/foundation.md).

At an end (won, stuck, proven, auto-solve stopped) nothing moves and no hint
comes; the result is recorded once; the clock stops. An undo past the end, or
a save of an ended game resumed, is a replay: it plays, and records nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.core import paths
from parlour.midnightoil.files import savefile
from parlour.midnightoil.files.statsfile import load_stats
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import Move, State
from parlour.midnightoil.terminal import app as app_module
from parlour.midnightoil.terminal import ending
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.midnightoil.terminal.view import FAN_ROW, card_col
from parlour.tui.glyphs import ASCII
from tests.midnightoil.ledger import LEDGER_FILE

OVER = " > The game is over: u undo, R restart, N new deal, # choose a deal, Q quit."
WON_OVER = " > The game is won: N new deal, R restart, # choose a deal, Q quit."
DEADLOCK_FANS = ((2, 0, 1), (5, 4), (3,), (12, 11, 10, 9, 8, 7, 6)) + ((),) * 14
"""The last deal, draw used, 39 home: AC lies under 2C with 3C below it, so no club can
ever go home, yet 4C (fan c) can still be built onto 5C (fan b)."""


def press(app: MidnightOilApp, *keys: str) -> list[str]:
    for key in keys:
        app.handle_key(key)
    return app.render(24, 80).to_text().splitlines()


def ledger_lines() -> list[dict[str, object]]:
    path = paths.data_file(LEDGER_FILE, create_dir=False)
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def deadlock() -> MidnightOilApp:
    """A game of deal 1 in the clubs deadlock, reached by one step (KS of fan e home), so
    that undo has a step to take back."""
    game = Game(1)
    before = list(DEADLOCK_FANS)
    before[4] = (51,)
    game.state = State(1, tuple(before), (0, 13, 13, 12), 0, True)
    game.apply(Move.to_foundation(4, 3))
    assert game.state.fans == DEADLOCK_FANS
    return MidnightOilApp(game, ASCII)


def auto_solved_line(deal: int) -> Game:
    """Deal ``deal`` played by the auto-solver's moves as the player's own, to where it stops."""
    from parlour.midnightoil.computer.solver.auto import AutoSolver

    game, solver = Game(deal), AutoSolver()
    while (move := solver.next_move(game.state)) is not None:
        game.apply(move)
    return game


def save(app: MidnightOilApp, path: Path) -> None:
    app.handle_key("S")
    assert app.prompt is not None and app.prompt.editor is not None
    app.prompt.editor.text = str(path)
    app.prompt.editor.cursor = len(str(path))
    app.handle_key("ENTER")
    if app.prompt is not None:
        app.handle_key("y")  # overwrite


def test_at_a_proven_end_nothing_moves_no_hint_comes_and_nothing_more_is_recorded() -> None:
    app = deadlock()
    screen = press(app, "TIMEOUT")
    assert screen[23] == (
        " No move can bring another card home: 39/52 - u undo, R restart, N new deal"
    )
    assert [(r["outcome"], r["home"]) for r in ledger_lines()] == [("lost", 39)]
    state = app.game.state
    for key in ("c", "b", "t", " ", "w", "x", "!", "D", "*", "4", "U", "DOWN", "z"):
        frame = app.render(24, 80)
        app.handle_key(key)
        frame = app.render(24, 80)
        assert frame.row_text(22) == OVER, key
        assert (
            frame.bell
            and app.assist.hint is None
            and app.selected is None
            and app.drawing.mode is None
        )
    app.handle_mouse(FAN_ROW + 2, card_col(0), "CLICK")
    assert app.render(24, 80).row_text(22) == OVER and app.selected is None
    press(app, "TIMEOUT", "TIMEOUT")
    assert app.game.state == state and app.timeout() is None
    assert len(ledger_lines()) == 1
    press(app, "N")  # over and recorded: no question
    assert app.prompt is None and app.game.deal_number != 1
    assert len(ledger_lines()) == 1


def test_a_game_with_no_move_left_ends_at_once_and_undo_looks_back_as_a_replay() -> None:
    app = deadlock()
    screen = press(app, "c", "b")  # 4C onto 5C: now no move at all is left
    assert screen[23] == (
        " No moves left - game over (39/52 cards home) - u undo, R restart, N new deal"
    )
    assert [(r["outcome"], r["home"]) for r in ledger_lines()] == [("lost", 39)]
    screen = press(app, "u")
    assert screen[22] == " > Undone. The result stands: nothing played from here is recorded."
    assert screen[23] == " Replay, not recorded: this game was lost with 39/52 home."
    screen = press(app, "u")  # further back: still a replay, plainly undone
    assert screen[22] == " > Undone (2 undos)."
    assert screen[23] == " Replay, not recorded: this game was lost with 39/52 home."
    screen = press(app, "e", "4", "c", "b")  # the same end again: a replay's records nothing
    assert screen[22] == " > Game over in a replay: nothing is recorded."
    assert len(ledger_lines()) == 1
    press(app, "u", "TIMEOUT")  # the deadlock proven in the replay: still nothing
    assert "No move can bring another card home" in press(app)[23]
    assert len(ledger_lines()) == 1
    press(app, "Q")  # play after the result that no save holds: offered to save
    assert app.prompt is not None and app.prompt.kind == "quit"
    press(app, "n")
    assert app.finished and len(ledger_lines()) == 1
    assert app.exit_message == (
        "Midnight Oil deal 1: 39/52 cards home. "
        "A replay, not recorded: this game was lost with 39/52 home."
    )


@pytest.mark.parametrize("key", ["N", "R"])
def test_leaving_a_replay_asks_nothing_and_records_nothing(key: str) -> None:
    app = deadlock()
    press(app, "c", "b", "u")
    assert "Replay, not recorded" in press(app)[23]
    press(app, key)
    assert app.prompt is None and app.game.moves == 0
    assert len(ledger_lines()) == 1


def test_the_clock_stops_at_an_end_and_does_not_run_in_a_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [100.0]
    monkeypatch.setattr(app_module.time, "monotonic", lambda: now[0])
    app = deadlock()
    app.game.elapsed = 0.0

    def wait(seconds: float, key: str) -> float:
        now[0] += seconds
        app.handle_key(key)
        return app.game.elapsed

    assert wait(5, "c") == 5.0  # playing: the clock runs
    assert wait(3, "ESC") == 8.0
    assert wait(2, "TIMEOUT") == 10.0  # the pause in which the end is proven counts
    assert wait(30, "i") == 10.0  # after a loss the clock stays where the game ended
    assert wait(30, "z") == 10.0
    assert "time 0:10" in app.render(24, 80).to_text()
    assert wait(7, "u") == 10.0  # an undo past the end: a replay, no clock
    assert wait(7, "e") == 10.0
    won = MidnightOilApp(Game(9), ASCII, now=now[0])
    won.game.state = State(9, ((), (51,)) + ((),) * 16, (13, 13, 13, 12), 1, False)
    now[0] += 4
    won.handle_key("*")
    now[0] += 50
    won.handle_key("i")
    assert won.game.elapsed == 4.0 and won.game.state.is_won()


def test_resuming_a_save_of_a_game_the_computer_solved_is_a_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's example: deal 3 saved at once, solved by the computer; the save resumed,
    one move, quit unsaved: the solved game stays solved."""
    monkeypatch.chdir(tmp_path)
    app = MidnightOilApp(Game(3), ASCII)
    press(app, "S", "ENTER")  # the name offered: midnightoil-3.json
    press(app, "!", "y")
    for _ in range(200):
        if not app.assist.solving:
            break
        press(app, "TIMEOUT")
    assert app.game.state.is_won()
    press(app, "Q")
    assert app.finished
    assert [(r["outcome"], r["home"]) for r in ledger_lines()] == [("solved", 52)]
    path = "midnightoil-3.json"
    again = MidnightOilApp(savefile.load(path), ASCII, save_path=path)
    screen = press(again)
    assert screen[22] == (
        " > Resumed midnightoil-3.json: a replay of an ended game; nothing is recorded."
    )
    screen = press(again, "l", " ")
    assert screen[23] == " Replay, not recorded: this game was solved by the computer."
    press(again, "Q")
    assert again.prompt is not None  # the replay's move is in no save: offered
    press(again, "n")
    assert again.finished and len(ledger_lines()) == 1
    stats, _ = load_stats()
    assert (stats.played, stats.computer_won, stats.lost) == (1, 1, 0)


def test_a_win_is_never_turned_into_a_loss_by_an_older_save(tmp_path: Path) -> None:
    from parlour.midnightoil.computer.solver.planner import plan

    app = MidnightOilApp(Game(3), ASCII)
    *line, last = plan(app.game.state).moves  # deal 3: won in its first deal
    for move in line:
        app.play([move])
    path = tmp_path / "before-the-win.json"
    save(app, path)
    app.play([last])
    assert app.game.state.is_won()
    assert [r["outcome"] for r in ledger_lines()] == ["won"]
    # Resumed and given up: no question, nothing recorded.
    again = MidnightOilApp(savefile.load(path), ASCII, save_path=str(path))
    assert "a replay of an ended game" in press(again)[22]
    press(again, "u", "N")
    assert again.prompt is None
    # Resumed and won again: a replay's win records nothing either.
    third = MidnightOilApp(savefile.load(path), ASCII, save_path=str(path))
    third.play([last])
    assert press(third)[22] == " > All 52 cards home in a replay: nothing is recorded."
    assert [r["outcome"] for r in ledger_lines()] == ["won"]
    stats, _ = load_stats()
    assert (stats.played, stats.won, stats.lost) == (1, 1, 0)


def test_a_copy_that_ends_a_game_another_copy_already_ended_records_nothing(
    tmp_path: Path,
) -> None:
    first = MidnightOilApp(Game(1), ASCII)
    press(first, "b", " ")
    path = tmp_path / "s.json"
    save(first, path)
    second = MidnightOilApp(savefile.load(path), ASCII, save_path=str(path))
    assert "Press ? for help" in press(second)[22]  # no result yet: not a replay
    press(first, "l", " ", "Q", "n")  # the first copy gives it up: lost
    screen = press(second, "l", " ", "N")
    assert second.prompt is not None  # it did not know yet: it asks as for any game
    screen = press(second, "y")
    assert [(r["outcome"], r["home"]) for r in ledger_lines()] == [("lost", 1)]
    assert screen[22].startswith(" > Deal ")  # left for a new deal, which goes on


def test_a_copy_that_reaches_an_end_after_another_copy_recorded_says_so(tmp_path: Path) -> None:
    first = MidnightOilApp(auto_solved_line(1), ASCII)  # deal 1: a proven end at 33/52
    path = tmp_path / "s.json"
    save(first, path)
    second = MidnightOilApp(savefile.load(path), ASCII, save_path=str(path))
    press(first, "TIMEOUT")
    assert [(r["outcome"], r["home"]) for r in ledger_lines()] == [("lost", 33)]
    screen = press(second, "TIMEOUT")
    assert screen[22] == " > Not recorded: this game was already lost with 33/52 home."
    assert "No move can bring another card home: 33/52" in screen[23]
    assert len(ledger_lines()) == 1


@pytest.mark.parametrize(
    ("kind", "message", "status"),
    [
        (
            ending.PROVEN,
            " > Auto-solve stopped: moves are left, but none can bring another card home.",
            " No move can bring another card home: 39/52 - u undo, R restart, N new deal",
        ),
        (
            ending.GAVE_UP,
            " > Auto-solve stopped: its search found no way to bring another card home.",
            " Auto-solve found no card to bring home: 39/52 - u undo, R restart, N new deal",
        ),
    ],
)
def test_auto_solve_says_why_it_stopped(
    monkeypatch: pytest.MonkeyPatch, kind: str, message: str, status: str
) -> None:
    if kind == ending.GAVE_UP:
        monkeypatch.setattr(ending, "proven_end", lambda state: None)  # a search cut short
    app = deadlock()
    press(app, "!")
    assert app.prompt is not None
    screen = press(app, "y", "TIMEOUT")
    assert not app.assist.solving
    assert (screen[22], screen[23]) == (message, status)
    assert [(r["outcome"], r["home"]) for r in ledger_lines()] == [("solved", 39)]
    assert load_stats()[0].computer_lost == 1


def test_auto_solve_stopped_with_no_move_left_says_so() -> None:
    app = deadlock()
    app.game.apply(Move.build(2, 1))  # 4C onto 5C behind the app's back: nothing is left
    screen = press(app, "!", "y", "TIMEOUT")
    assert screen[22] == " > Auto-solve stopped: no move is left."
    assert screen[23] == (
        " No moves left - game over (39/52 cards home) - u undo, R restart, N new deal"
    )


def test_a_won_game_refuses_play_and_offers_a_new_deal() -> None:
    app = MidnightOilApp(Game(9), ASCII)
    app.game.state = State(9, ((), (51,)) + ((),) * 16, (13, 13, 13, 12), 1, False)
    press(app, "*")
    for key in ("b", "t", "w", "!", "D", "x", "U"):
        assert press(app, key)[22] == WON_OVER, key
    assert press(app, "u")[22] == " > The game is won: undo is off."
    assert len(ledger_lines()) == 1


def test_space_on_a_redeal_hint_asks_the_question_d_asks() -> None:
    app = MidnightOilApp(Game(1), ASCII)
    app.assist.hint = Move.redeal()
    app.assist.after_hint = True  # as right after t showed "Hint: redeal"
    screen = press(app, " ")
    assert screen[22] == " > Moves are still possible - redeal anyway? (y/n)"
    assert app.game.state.redeals_left == 2
    press(app, "y")
    assert app.game.state.redeals_left == 1
