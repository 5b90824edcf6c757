"""Leaving a game: a played game asks first and counts once (issue #29: the part on its own),
and every way of leaving says how the game was counted, as the statistics hold it (issue 39).

And "replay" means one thing: play after a result, not recorded. ``R`` is
"restart" everywhere, after a win too: a new game of the deal, counted.
"""

from __future__ import annotations

from pathlib import Path

from parlour.midnightoil.files.statsfile import load_stats
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import State
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.tui.glyphs import ASCII
from tests.midnightoil.driving import make, press
from tests.midnightoil.farewell import NOT_YET


def one_card_from_a_win(app: MidnightOilApp) -> None:
    """Deal 9 with only KS left (fan b), as in test_app's win."""
    app.game.state = State(9, ((), (51,)) + ((),) * 16, (13, 13, 13, 12), 1, False)


def save_to(app: MidnightOilApp, path: Path) -> None:
    assert app.prompt is not None and app.prompt.editor is not None
    press(app, "CTRL_U", *str(path), "ENTER")


def test_quitting_before_a_move_says_nothing_is_recorded() -> None:
    app = make()
    press(app, "Q")
    assert (
        app.exit_message == "Midnight Oil deal 1: 0/52 cards home. Not recorded: no move was made."
    )
    assert load_stats()[0].played == 0


def test_quitting_unsaved_says_the_game_counts_as_lost() -> None:
    app = make()
    press(app, "l", "l", "Q", "n")  # AS home, then quit without saving
    assert app.exit_message == (
        "Midnight Oil deal 1: 1/52 cards home. Counted as lost with 1/52 home."
    )
    stats = load_stats()[0]
    assert stats.lost == 1 and stats.played == 1


def test_quitting_after_a_win_says_it_was_counted_as_won() -> None:
    app = make(9)
    one_card_from_a_win(app)
    press(app, "*", "Q")
    assert app.exit_message == "Midnight Oil deal 9: 52/52 cards home. Counted as won."
    assert load_stats()[0].won == 1


def test_quitting_after_auto_solve_says_the_computer_solved_it() -> None:
    app = make(9)
    one_card_from_a_win(app)
    press(app, "!", "y", "TIMEOUT", "Q")
    assert app.game.state.is_won()
    assert app.exit_message == (
        "Midnight Oil deal 9: 52/52 cards home. Counted as solved by the computer."
    )
    stats = load_stats()[0]
    assert stats.won == 0 and stats.computer_won == 1


def test_saving_on_quitting_says_the_game_is_not_counted_yet(tmp_path: Path) -> None:
    app = make()
    press(app, "l", "l", "Q", "y")
    save_to(app, tmp_path / "q.json")
    assert app.finished
    assert (
        app.exit_message == f"Game saved. {NOT_YET} Resume with: midnightoil {tmp_path / 'q.json'}"
    )
    assert load_stats()[0].played == 0


def test_quitting_a_saved_game_says_it_is_not_counted_yet(tmp_path: Path) -> None:
    app = make()
    press(app, "l", "l", "S")
    save_to(app, tmp_path / "s.json")
    press(app, "Q")
    assert app.finished
    assert app.exit_message == (
        f"Midnight Oil deal 1: 1/52 cards home. {NOT_YET} "
        f"Resume with: midnightoil {tmp_path / 's.json'}"
    )
    assert load_stats()[0].played == 0


def test_input_ending_says_how_the_game_counts() -> None:
    idle = make()
    idle.end_of_input()
    assert idle.exit_message == (
        "Input ended. Midnight Oil deal 1: 0/52 cards home. Not recorded: no move was made."
    )
    won = make(9)
    one_card_from_a_win(won)
    press(won, "*")
    won.end_of_input()
    assert won.exit_message == "Input ended. Midnight Oil deal 9: 52/52 cards home. Counted as won."


def test_after_a_win_r_is_restart_and_the_new_game_counts() -> None:
    app = make(9)
    one_card_from_a_win(app)
    screen = press(app, "*")
    assert screen[23].strip() == "All 52 cards home in deal 2 of 3 - N new deal, R restart, Q quit"
    assert (
        press(app, "b")[22] == " > The game is won: N new deal, R restart, # choose a deal, Q quit."
    )
    screen = press(app, "R")
    assert app.prompt is None  # the won game is recorded: nothing to ask
    assert screen[22] == " > Deal 9 restarted: a new game, counted like any other."
    assert app.game.state == State.new(9) and "Replay" not in screen[23]
    move = State.new(9).legal_moves(include_redeal=False, include_draw=False)[0]
    press(app, "abcdefghjklmnopqrs"[move.source], " ", "Q", "n")
    stats = load_stats()[0]
    assert stats.won == 1 and stats.lost == 1 and stats.current_streak == 0
    assert app.exit_message is not None and " Counted as lost with " in app.exit_message


def test_leaving_a_played_game_asks_first_and_counts_it_as_lost() -> None:
    session = MidnightOilApp(Game(5), ASCII)
    untouched = session.game
    session.leaving.leave_game("restart")  # nothing played: no question, nothing recorded
    assert session.prompt is None and session.game is not untouched
    assert session.game.deal_number == 5 and load_stats()[0].own == 0
    session.play([session.game.state.legal_moves()[0]])
    session.leaving.leave_game("new")
    assert session.prompt is not None and session.prompt.kind == "abandon-new"
    assert session.leaving.answered("abandon-new", True)
    assert session.game.deal_number != 5 and load_stats()[0].own == 1


def test_quitting_with_unsaved_play_offers_a_save_and_n_leaves_it_recorded() -> None:
    session = MidnightOilApp(Game(6), ASCII)
    session.play([session.game.state.legal_moves()[0]])
    session.leaving.quit()
    assert session.prompt is not None and session.prompt.kind == "quit" and not session.finished
    assert session.leaving.answered("quit", False)
    assert session.finished and session.exit_message is not None
    assert session.exit_message.startswith("Midnight Oil deal 6:")
    assert load_stats()[0].own == 1
    assert not session.leaving.answered("redeal", True)  # not one of leaving's questions
