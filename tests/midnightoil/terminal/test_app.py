"""The terminal application without a terminal: keys and clicks in, frames out (spec §11)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from parlour.core import paths
from parlour.midnightoil.files import savefile
from parlour.midnightoil.files.stats import DealRecord
from parlour.midnightoil.files.statsfile import load_stats
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import Move, State
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.midnightoil.terminal.view import FAN_ROW, card_col
from parlour.tui.glyphs import ASCII
from parlour.tui.prompts import LineEditor
from tests.midnightoil.farewell import RECOVERED

# Deal 1 (spec §9): b = 8H 8D 5S, g = 2C AD 6S, k = 8S QC 4S, l = 6C 7C AS, s = 7S.


def make(deal: int = 1) -> MidnightOilApp:
    return MidnightOilApp(Game(deal), ASCII)


def press(app: MidnightOilApp, *keys: str) -> str:
    for key in keys:
        app.handle_key(key)
    return app.render(24, 80).to_text()


def status_row(app: MidnightOilApp) -> str:
    return app.render(24, 80).row_text(23)


def row(app: MidnightOilApp, fan: str) -> str:
    index = "abcdefghjklmnopqrs".index(fan)
    return app.render(24, 80).row_text(FAN_ROW + index)[:52].rstrip(" |")


def test_select_then_smart_move_with_space() -> None:
    app = make()
    screen = press(app, "b")
    assert "b selected: 5S" in screen and "onto 6S (fan g)" in screen
    press(app, " ")
    assert row(app, "g").endswith("2C AD 6S 5S")
    assert row(app, "b").endswith("8H 8D")
    assert app.game.moves == 1


def test_fan_key_moves_and_own_key_is_the_smart_move() -> None:
    app = make()
    press(app, "b", "g")
    assert app.game.state.fans[6][-1] == app.game.state.fans[6][-2] - 1
    press(app, "l", "l")  # AS: its own key again sends it home
    assert app.game.state.foundations == (0, 0, 0, 1)


def test_illegal_move_says_why_and_changes_nothing() -> None:
    app = make()
    before = app.game.state
    app.handle_key("b")
    app.handle_key("a")
    frame = app.render(24, 80)
    assert frame.bell
    assert "5S goes only on 6S, not on 4D" in frame.to_text()
    assert app.game.state == before


def test_empty_fan_is_refused() -> None:
    app = make()
    press(app, "s", " ")  # 7S has nowhere to go
    assert "nowhere to go" in press(app)
    app.game.state = State(1, app.game.state.fans[:17] + ((),), app.game.state.foundations)
    assert "Fan s is empty" in press(app, "ESC", "s")


def test_manual_auto_and_star() -> None:
    app = make()
    screen = press(app, "1")
    assert "No card can go to foundation 1" in screen
    press(app, "4")
    assert app.game.state.foundations == (0, 0, 0, 1)
    assert len(app.game.history) == 1
    press(app, "u")
    assert app.game.state == State.new(1)
    press(app, "*")
    assert app.game.state.foundations == (0, 0, 0, 1)


def test_undo_redo_keys() -> None:
    app = make()
    press(app, "b", " ", "l", " ")
    after = app.game.state
    press(app, "u", "u")
    assert app.game.state == State.new(1)
    assert "Nothing to undo" in press(app, "u")
    press(app, "U", "U")
    assert app.game.state == after
    assert app.game.undos == 2


def test_redeal_asks_when_moves_remain() -> None:
    app = make()
    screen = press(app, "D")
    assert "Moves are still possible - redeal anyway? (y/n)" in screen
    press(app, "n")
    assert app.game.state.redeals_left == 2
    screen = press(app, "D", "y")
    assert app.game.state.redeals_left == 1
    assert "deal 2 of 3" in screen
    assert "redeals left  1" in screen


def test_redeal_without_question_when_stuck() -> None:
    app = make()
    app.game.state = State(1, (tuple(range(13)),) + ((),) * 17, (0, 13, 13, 13))
    press(app, "D")
    assert app.prompt is None and app.game.state.redeals_left == 1


def test_draw_mode_by_keys() -> None:
    app = make()  # fan a = 7D 9C 4D: only 9C can be drawn (onto TC, the top of fan q)
    assert "Draw: press the fan" in press(app, "x")
    screen = press(app, "a")
    assert "Draw from fan a: 9C (card 2)" in screen
    app.handle_key("1")  # 7D, the bottom card of fan a, cannot be played
    frame = app.render(24, 80)
    assert frame.bell and "Card 1 of fan a cannot be drawn now." in frame.to_text()
    assert app.drawing.mode is not None and (app.drawing.mode.fan, app.drawing.mode.position) == (
        0,
        1,
    )  # highlight stays
    assert not app.game.state.draw_used
    assert "Draw 9C: where to?" in press(app, " ")
    press(app, " ")  # smart destination: the only one, onto TC
    assert row(app, "a").endswith("7D 4D")
    assert row(app, "q").endswith("2H 8C TC 9C")
    assert app.game.state.draw_used and app.game.moves == 1
    assert "draw          used" in press(app)
    assert "The draw has already been used in this game." in press(app, "x")
    assert app.drawing.mode is None


def test_draw_cancel_keeps_it() -> None:
    app = make()
    screen = press(app, "x", "a", "ESC")
    assert "still yours" in screen
    assert not app.game.state.draw_used and app.drawing.mode is None
    assert "no card in fan s" in press(app, "x", "s").lower()


def test_draw_position_digit_refuses_a_card_that_cannot_go() -> None:
    app = make()
    screen = press(app, "x", "c")  # c = JD 6D 9S: no QD or 7D on top, no diamond home
    assert "No card in fan c can be drawn" in screen
    assert app.drawing.mode is not None and app.drawing.mode.step == 1
    screen = press(app, "b", "2")  # b = 8H 8D 5S: 8H can go onto 9H (fan r), 8D cannot
    assert "Card 2 of fan b cannot be drawn now" in screen
    assert app.drawing.mode.position == 0


def test_cursor_mode() -> None:
    app = make()
    press(app, "DOWN")  # the first arrow starts cursor mode on fan a
    assert app.cursor == (0, 2)
    press(app, "DOWN")
    assert app.cursor == (1, 2)
    press(app, " ")
    assert app.selected == 1
    for _ in range(5):
        press(app, "DOWN")
    assert app.cursor is not None and app.cursor[0] == 6
    press(app, "ENTER")
    assert app.game.state.fans[6][-1] == app.game.state.fans[6][-2] - 1
    assert app.cursor is None


def test_mouse_click_select_then_target_and_foundation() -> None:
    app = make()
    app.handle_mouse(FAN_ROW + 1, card_col(2), "CLICK")
    assert app.selected == 1
    app.handle_mouse(FAN_ROW + 6, card_col(0), "CLICK")
    assert app.game.moves == 1
    app.handle_mouse(FAN_ROW + 10, card_col(2), "DOUBLE")  # AS on l: home
    assert app.game.state.foundations == (0, 0, 0, 1)
    app.handle_mouse(4, 60, "CLICK")  # foundation 4 with nothing selected: manual-auto
    assert "No card can go to foundation 4" in press(app)


def test_hint_then_space_plays_it_and_t_cycles() -> None:
    app = make()
    screen = press(app, "t")
    assert "Hint:" in screen
    first = app.assist.hint
    assert first is not None and first in app.game.state.legal_moves()
    press(app, "t")
    assert app.assist.hint is not None and app.assist.hint != first
    second = app.assist.hint
    before = app.game.state
    press(app, " ")
    assert app.game.state == before.apply(second)
    assert app.assist.hint is None


def test_choose_deal_refuses_junk_and_accepts_a_number() -> None:
    app = make()
    press(app, "#")
    assert isinstance(app.prompt and app.prompt.editor, LineEditor)
    screen = press(app, "-", "5", "ENTER")
    assert "whole number" in screen
    assert app.game.deal_number == 1
    assert app.prompt and app.prompt.editor and app.prompt.editor.text == "-5"  # kept to correct
    press(app, "CTRL_U", *"2", "ENTER")
    assert app.game.deal_number == 2
    assert app.game.state == State.new(2)
    assert "deal 2" in press(app)


def test_new_deal_after_moves_asks_and_counts_a_loss() -> None:
    app = make()
    press(app, "b", " ")
    screen = press(app, "N")
    assert "counts as lost" in screen
    press(app, "y")
    deal = app.game.deal_number
    assert deal != 1 and app.game.moves == 0 and app.game.state == State.new(deal)
    stats, _ = load_stats()
    assert stats.lost == 1 and stats.played == 1
    assert stats.best_for(1) == DealRecord(played=1)


def test_restart_is_flagged() -> None:
    app = make()
    press(app, "l", " ", "R", "y")
    assert app.game.state == State.new(1) and app.game.moves == 0
    stats, _ = load_stats()
    assert stats.restarted == 1 and stats.lost == 1
    assert "your best 1/52" in press(app)


def test_new_deal_before_any_move_is_not_recorded() -> None:
    app = make()
    screen = press(app, "N")
    assert app.prompt is None  # nothing to lose, so no question
    deal = app.game.deal_number
    assert deal != 1 and app.game.state == State.new(deal) and app.game.moves == 0
    assert f"Deal {deal}. Press a fan letter to pick a card" in screen
    assert load_stats()[0].played == 0


def test_win_is_recorded_and_undo_refused() -> None:
    app = make(9)
    app.game.state = State(9, ((), (51,)) + ((),) * 16, (13, 13, 13, 12), 1, False)
    screen = press(app, "*")
    assert "You won!" in screen and "All 52 cards home" in screen
    assert "won: undo is off" in press(app, "u")
    stats, _ = load_stats()
    assert stats.won == 1 and stats.current_streak == 1
    press(app, "Q")
    assert app.finished and app.prompt is None


def test_stuck_is_shown() -> None:
    app = make()
    app.game.state = State(1, ((11, 12),) + ((),) * 17, (11, 13, 13, 13), 0, True)
    assert "No moves left - game over (50/52 cards home)" in press(app)


def test_save_key_writes_a_loadable_file(tmp_path: Path) -> None:
    app = make()
    press(app, "b", " ", "S")
    assert app.prompt is not None and app.prompt.editor is not None
    target = tmp_path / "game.json"
    app.prompt.editor.text = str(target)
    app.prompt.editor.cursor = len(str(target))
    screen = press(app, "ENTER")
    assert "Saved. Resume later with: midnightoil " in screen
    assert savefile.load(target).to_dict() == app.game.to_dict()
    assert json.loads(target.read_text())["game"] == "midnightoil"


def test_quit_offers_to_save_and_n_records_a_loss() -> None:
    app = make()
    press(app, "b", " ")
    screen = press(app, "Q")
    assert "Save this game before quitting?" in screen
    press(app, "ESC")
    assert not app.finished
    press(app, "INTERRUPT", "n")
    assert app.finished and app.exit_message is not None
    assert load_stats()[0].lost == 1


def test_quit_with_save(tmp_path: Path) -> None:
    app = make()
    press(app, "b", " ", "Q", "y")
    assert app.prompt is not None and app.prompt.editor is not None
    app.prompt.editor.text = str(tmp_path / "q.json")
    app.prompt.editor.cursor = len(app.prompt.editor.text)
    press(app, "ENTER")
    assert app.finished
    assert "midnightoil " in (app.exit_message or "")
    assert savefile.load(tmp_path / "q.json").moves == 1
    assert load_stats()[0].played == 0  # a saved game is recorded when it ends later


def test_end_of_input_saves_a_recovery_file_under_a_name_of_its_own() -> None:
    first, second = make(), make()
    press(first, "b", " ")
    press(second, "l", " ", "b", " ")
    first.end_of_input()
    second.end_of_input()
    saved = sorted(paths.data_dir().glob("midnightoil-recovery-*.json"))
    assert len(saved) == 2
    for app in (first, second):
        named = (app.exit_message or "").removeprefix(RECOVERED)
        game = savefile.load(named)
        assert game.to_dict() == app.game.to_dict() and game.game_id == app.game.game_id
    assert load_stats()[0].played == 0  # counted when the recovered game ends


def test_help_and_stats_pages() -> None:
    app = make()
    assert "the rules (page 1 of 3)" in press(app, "?")
    assert "how a game ends (page 2 of 3)" in press(app, " ")
    assert "the keys (page 3 of 3)" in press(app, " ")
    assert "Midnight Oil  deal 1" in press(app, " ")
    screen = press(app, "i")
    assert "Midnight Oil - statistics" in screen and "No games recorded yet." in screen
    assert "Midnight Oil  deal 1" in press(app, "z")
    press(app, "b", " ", "N", "y")
    screen = press(app, "i")  # read again: the game just given up is there
    assert "Your games       1  won 0  lost 1" in screen


def test_unknown_key_is_refused_politely() -> None:
    app = make()
    assert "z does nothing here" in press(app, "z")
    assert app.game.moves == 0


@pytest.mark.parametrize("width", [80, 120])
def test_panel_moves_right_on_wide_terminals(width: int) -> None:
    app = make()
    frame = app.render(24, width)
    assert frame.row_text(1).endswith("1 C  --")
    assert len(frame.row_text(1)) == width - 26 + 8


def test_first_hint_is_the_solvers_move() -> None:
    from parlour.midnightoil.computer.solver.planner import hint

    app = make(3)
    press(app, "t")
    assert app.assist.hint == hint(app.game.state)


def test_can_it_still_be_won_shows_only_when_asked() -> None:
    app = make(3)
    assert app.timeout() is None  # nothing is worked out behind the player's back
    press(app, "t", " ")
    assert app.game.moves == 1 and status_row(app).strip() == ""
    press(app, "w")
    assert "Yes: every card can go home before the next redeal" in status_row(app)
    press(app, "u")  # a move or an undo takes the answer away
    assert status_row(app).strip() == ""
    assert "w can it still be won?" in press(app)
    assert "can this deal still be won?" in press(app, "?", " ", " ")


def test_auto_solve_plays_to_the_end_and_counts_as_solved() -> None:
    app = make(3)
    press(app, "!")
    assert "counts as solved" in press(app)
    press(app, "y")
    assert app.assist.solving and app.timeout() is not None
    for _ in range(200):
        if not app.assist.solving:
            break
        press(app, "TIMEOUT")
    assert app.game.state.is_won()
    assert "Solved by the computer" in press(app)
    stats, _ = load_stats()
    assert (stats.computer_won, stats.computer_lost, stats.won) == (1, 0, 0)


def test_any_key_stops_auto_solve() -> None:
    app = make(3)
    press(app, "!", "y", "TIMEOUT", "TIMEOUT")
    moves = app.game.moves
    assert moves == 2
    assert "Auto-solve stopped" in press(app, "b")
    press(app, "TIMEOUT")
    assert app.game.moves == moves and not app.assist.solving


def test_refusals_name_cards_as_the_board_draws_them() -> None:
    from parlour.tui.glyphs import UNICODE

    app = MidnightOilApp(Game(1), UNICODE)
    assert "5♠ goes only on 6♠, not on 4♦" in press(app, "b", "a")


@pytest.mark.parametrize("name", ["x" * 300, "~no-such-user-here/game.json"])
def test_odd_file_names_are_refused_with_a_message_not_a_crash(name: str) -> None:
    app = make()
    press(app, "S")
    assert app.prompt is not None and app.prompt.editor is not None
    app.prompt.editor.text = name
    app.prompt.editor.cursor = len(name)
    screen = press(app, "ENTER")
    assert "Not saved" in screen
    assert not app.finished


def test_tilde_means_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))  # Windows' home
    app = make()
    press(app, "S")
    assert app.prompt is not None and app.prompt.editor is not None
    app.prompt.editor.text = "~/oil.json"
    app.prompt.editor.cursor = len("~/oil.json")
    press(app, "ENTER")
    assert savefile.load(tmp_path / "oil.json").to_dict() == app.game.to_dict()


def clubs_deadlock() -> MidnightOilApp:
    """The last deal, draw used, 39 home: AC lies under 2C with 3C below it, so no club can
    ever go home, yet 4C can still be built onto 5C."""
    app = make()
    fans = ((2, 0, 1), (5, 4), (3,), (12, 11, 10, 9, 8, 7, 6)) + ((),) * 14
    app.game.state = State(1, fans, (0, 13, 13, 13), 0, True)
    app.game.touched = True
    return app


def test_a_proven_end_is_said_offered_and_recorded_once() -> None:
    app = clubs_deadlock()
    assert not app.game.state.is_stuck()  # a move is still possible
    assert "game over" not in press(app) and "another card" not in press(app)
    assert app.timeout() is not None  # the solver is asked once the player pauses
    status = press(app, "TIMEOUT").splitlines()[23]
    assert "No move can bring another card home: 39/52" in status
    assert "u undo, R restart, N new deal" in status and len(status) <= 79
    stats, _ = load_stats()
    assert (stats.played, stats.lost) == (1, 1)
    assert app.timeout() is None
    press(app, "c", "b", "TIMEOUT")  # the pointless build is refused: the end is final
    assert app.game.moves == 0 and "No move can bring another card home" in status_row(app)
    press(app, "N")  # over and counted: no question, no second game
    assert app.prompt is None
    assert load_stats()[0].played == 1


def test_no_end_is_declared_while_a_card_can_still_come_home() -> None:
    app = clubs_deadlock()
    fans = list(app.game.state.fans)
    fans[0] = (2, 1, 0)  # AC on top now
    app.game.state = State(1, tuple(fans), (0, 13, 13, 13), 0, True)
    screen = press(app, "TIMEOUT")
    assert "another card home" not in screen and "game over" not in screen
    assert load_stats()[0].played == 0


def test_the_unused_draw_counts_before_an_end_is_declared() -> None:
    app = clubs_deadlock()
    state = app.game.state
    app.game.state = State(1, state.fans, state.foundations, 0, False)
    screen = press(app, "TIMEOUT")  # drawing AC would send the clubs home
    assert "another card home" not in screen
    assert load_stats()[0].played == 0


def test_with_a_redeal_left_no_end_is_declared() -> None:
    app = clubs_deadlock()
    state = app.game.state
    app.game.state = State(1, state.fans, state.foundations, 1, True)
    assert app.timeout() is None
    assert "another card home" not in press(app)


def test_auto_solve_ending_without_a_win_is_an_end_recorded_as_solved() -> None:
    app = make(1)
    press(app, "!", "y")
    for _ in range(300):
        if not app.assist.solving:
            break
        press(app, "TIMEOUT")
    assert not app.assist.solving and not app.game.state.is_won()
    assert app.game.state.legal_moves()  # moves are left: none of them brings a card home
    screen = press(app).splitlines()
    home = app.game.state.cards_home()
    assert screen[22] == (
        " > Auto-solve stopped: moves are left, but none can bring another card home."
    )
    assert screen[23] == (
        f" No move can bring another card home: {home}/52 - u undo, R restart, N new deal"
    )
    stats, _ = load_stats()
    assert (stats.played, stats.computer_lost, stats.won) == (1, 1, 0)
    press(app, "TIMEOUT", "Q")
    assert app.finished and app.prompt is None
    assert load_stats()[0].played == 1


def test_questions_read_as_questions() -> None:
    app = make()
    press(app, "b", " ")
    assert "Give up this game and choose another deal? It counts as lost. (y/n)" in press(app, "#")
    press(app, "ESC")
    assert "Give up this game for a new deal? It counts as lost. (y/n)" in press(app, "N")
    press(app, "ESC")
    assert "start the deal again? It counts as lost. (y/n)" in press(app, "R")


@pytest.mark.parametrize(
    ("key", "label"), [("CTRL_D", "^D"), ("F5", "F5"), ("PGUP", "PgUp"), ("TAB", "Tab")]
)
def test_key_names_as_players_write_them(key: str, label: str) -> None:
    assert f"{label} does nothing here" in press(make(), key)


def test_save_message_fits_at_80_columns_with_the_path_shortened_in_the_middle(
    tmp_path: Path,
) -> None:
    folder = tmp_path / ("deep-folder-" * 6)
    folder.mkdir()
    target = folder / "s1.json"
    app = make()
    press(app, "b", " ", "S")
    assert app.prompt is not None and app.prompt.editor is not None
    app.prompt.editor.text = str(target)
    app.prompt.editor.cursor = len(str(target))
    line = press(app, "ENTER").splitlines()[22]
    root = str(tmp_path)[0]  # "/", or a drive letter
    assert line.startswith(f" > Saved. Resume later with: midnightoil {root}")
    assert line.endswith(f"{os.sep}s1.json") and "..." in line and len(line) <= 79
    assert savefile.load(target).moves == 1


def test_a_file_name_with_escape_sequences_is_shown_escaped(tmp_path: Path) -> None:
    name = str(tmp_path / "evil\x1b]0;pwned\x07.json")
    app = make()
    press(app, "b", " ", "S")
    assert app.prompt is not None and app.prompt.editor is not None
    app.prompt.editor.text = name
    app.prompt.editor.cursor = len(name)
    screen = press(app, "ENTER")
    assert "\x1b" not in screen and "\x07" not in screen and "^[]0;pwned^G" in screen
    if sys.platform == "win32":  # such a name is refused there, and said so, escaped
        assert '"evil^[]0;pwned^G.json": Windows allows no' in screen
        return
    press(app, "Q", "y", "ENTER")
    assert app.finished and "\x1b" not in (app.exit_message or "")


def test_saved_then_quit_records_nothing_and_says_where_the_game_is(tmp_path: Path) -> None:
    app = make()
    press(app, "b", " ", "S")
    assert app.prompt is not None and app.prompt.editor is not None
    app.prompt.editor.text = str(tmp_path / "s.json")
    app.prompt.editor.cursor = len(app.prompt.editor.text)
    press(app, "ENTER", "Q")
    assert app.finished and app.prompt is None  # nothing to lose: no question
    assert f"Resume with: midnightoil {tmp_path / 's.json'}" in (app.exit_message or "")
    assert load_stats()[0].played == 0
    # Resumed and finished: counted once, under the same game.
    again = MidnightOilApp(savefile.load(tmp_path / "s.json"), ASCII, save_path="s.json")
    assert again.game.game_id == app.game.game_id
    press(again, "l", " ", "Q", "n")
    assert load_stats()[0].played == 1


def test_the_resume_message_uses_the_width_of_a_wide_terminal(tmp_path: Path) -> None:
    folder = tmp_path / ("a-rather-long-folder-name-" * 3)
    folder.mkdir()
    path = folder / "s.json"
    savefile.save(path, Game(1))
    app = MidnightOilApp(savefile.load(path), ASCII, save_path=str(path))
    assert str(path) not in app.render(24, 80).to_text()
    assert "..." in app.message
    wide = app.render(40, 200).to_text()
    assert app.message == f"Resumed {path}: deal 1. Press ? for help."
    assert str(path) in wide
    # Once another message is up, a resize leaves it alone.
    press(app, "b")
    shown = app.message
    app.render(24, 80)
    assert app.message == shown


def test_playing_on_after_a_save_then_quitting_unsaved_counts_once(tmp_path: Path) -> None:
    app = make()
    press(app, "b", " ", "S")
    assert app.prompt is not None and app.prompt.editor is not None
    app.prompt.editor.text = str(tmp_path / "s.json")
    app.prompt.editor.cursor = len(app.prompt.editor.text)
    press(app, "ENTER", "l", " ", "Q")
    assert app.prompt is not None  # the save no longer holds this position
    press(app, "n")
    assert load_stats()[0].lost == 1
    again = MidnightOilApp(savefile.load(tmp_path / "s.json"), ASCII)
    press(again, "l", " ", "D", "y", "N", "y")
    stats, _ = load_stats()
    assert stats.played == 1 and stats.best_for(1) == DealRecord(played=1, best=1)


def test_a_data_folder_that_is_a_file_still_gives_a_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("x")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    app = make()
    assert "No statistics: data folder" in press(app)
    press(app, "b", " ", "N", "y")
    assert "Statistics not recorded yet (data folder: not a folder); kept for next time." in (
        press(app)
    )
    press(app, "#", "1", "ENTER", "l", " ")
    assert app.game.moves == 1
    app.end_of_input()
    (saved,) = here.iterdir()  # the current folder takes the recovery save
    assert app.exit_message == f"{RECOVERED}{saved}"
    assert savefile.load(saved).to_dict() == app.game.to_dict()
    assert blocker.read_text() == "x"


def test_a_deal_only_the_computer_solved_shows_no_best_of_yours() -> None:
    from parlour.midnightoil.files.stats import SOLVED
    from parlour.midnightoil.files.statsfile import record_game

    record_game(Game(1), SOLVED)
    app = make(1)
    assert "your best" not in press(app)
    game = Game(1)
    game.apply_step([Move.parse("l -> 4")])
    record_game(game, "lost")
    assert "your best 1/52" in press(make(1))


def test_a_hang_up_right_after_a_save_names_the_save_and_writes_no_recovery(
    tmp_path: Path,
) -> None:
    app = make()
    press(app, "b", " ", "S")
    assert app.prompt is not None and app.prompt.editor is not None
    app.prompt.editor.text = str(tmp_path / "s.json")
    app.prompt.editor.cursor = len(app.prompt.editor.text)
    press(app, "ENTER")
    app.end_of_input()
    assert app.exit_message == (
        "Input ended. Saved, not counted yet: it counts when you resume it and it ends. "
        f"Resume with: midnightoil {tmp_path / 's.json'}"
    )
    assert not list(paths.data_dir().glob("midnightoil-recovery-*"))
    assert load_stats()[0].played == 0


def test_the_end_check_waits_while_a_question_is_open_and_ends_the_selection() -> None:
    app = clubs_deadlock()
    press(app, "S")
    assert app.prompt is not None and app.timeout() is None
    press(app, "ESC", "c")
    assert app.selected == 2 and app.timeout() is not None
    press(app, "TIMEOUT")
    assert app.selected is None  # nothing can move at an end
    assert "No move can bring another card home" in status_row(app)


def test_a_crash_in_the_middle_of_a_move_writes_no_file_the_loader_would_refuse() -> None:
    app = make()
    press(app, "b", " ")
    state = app.game.state
    # A card lifted off a fan and not yet put down: what an exception inside a move can leave.
    fans = list(state.fans)
    fans[0] = fans[0][:-1]
    app.game.state = State(
        deal_number=state.deal_number,
        fans=tuple(fans),
        foundations=state.foundations,
        redeals_left=state.redeals_left,
        draw_used=state.draw_used,
    )
    assert app.emergency_save() is None
    assert list(paths.data_dir().glob("midnightoil-recovery-*")) == []


def test_the_help_says_when_a_game_is_won_lost_or_solved() -> None:
    app = make()
    press(app, "?")
    page = press(app, " ").splitlines()
    assert page[0] == " Midnight Oil - how a game ends (page 2 of 3)"
    assert [line[1:] for line in page[2:20]] == [
        "Won: all 52 cards are home, without auto-solve. Undo and redo are then off.",
        "",
        "Lost: the game ends with cards left, and the score is the cards home, when",
        '  - no move, no redeal and no draw is left ("No moves left - game over");',
        "  - in the last deal, no move can bring another card home, the draw counted",
        '    while unused: the game checks a moment after each move ("No move can',
        '    bring another card home"). With a redeal left a game never ends so: the',
        "    next shuffle may bring a card home;",
        "  - you give it up after a move: N, R or # (it asks first), or Q and n.",
        "",
        "Solved by computer: auto-solve (!) was used, whether it then won or not.",
        "It is the computer's game: never your win and never your best.",
        "",
        "An end is final: its result is recorded once, the clock stops, and there is",
        "no move and no hint; u undo (unless won), R, N and # stay. Play after a",
        "result is a replay, not recorded, as is a resumed save that has a result.",
        "R (restart), N and # begin a new game, which counts like any other. A game",
        "you save and leave is recorded when it is resumed and ends.",
    ]
