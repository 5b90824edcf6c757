"""The mille app driven key by key, without curses."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

from parlour.mille.files import savefile
from parlour.mille.game.cards import Card
from parlour.mille.game.rules import Game, card_total_ok
from parlour.mille.game.table import COMPUTER, HUMAN, Phase
from parlour.mille.terminal.app import MilleApp
from parlour.mille.terminal.messages import fit_banner
from tests.mille import crafting
from tests.mille.opponents import FirstLegal, human_keys

SEED = 11


def make_app(game: Game | None = None, **kwargs: object) -> MilleApp:
    game = game or Game.new(SEED)
    return MilleApp(game, FirstLegal(game), **kwargs)  # type: ignore[arg-type]


def press(app: MilleApp, keys: Iterable[str]) -> None:
    """Feed keys like the runner does: a TIMEOUT whenever the computer is due."""
    for key in keys:
        app.handle_key(key)
        while app.timeout() == 0:
            app.handle_key("TIMEOUT")


def screen(app: MilleApp) -> list[str]:
    return app.render(24, 80).to_text().split("\n")


def prompt(app: MilleApp) -> str:
    return screen(app)[10][20:40].strip()


def message(app: MilleApp) -> str:
    return screen(app)[15][45:].strip()


def at_extension(seed: int = SEED) -> MilleApp:
    """The human at 600 miles holding a 100 in slot 1, having picked: U1 reaches 700."""
    game = Game.new(seed)
    crafting.drive(game, HUMAN, [Card.D100] * 6)
    crafting.put_in_hand(game, HUMAN, 1, Card.D100)
    app = make_app(game)
    press(app, "p")
    return app


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_start_of_game_screen() -> None:
    app = make_app()
    rows = screen(app)
    assert rows[10][20:28] == ">>:Move:"
    assert rows[6].startswith("P ") and rows[6][20:24] == "  89"
    assert app.render(24, 80).cursor == (10, 29)


def test_use_before_pick_is_refused_at_once_with_bell() -> None:
    app = make_app()
    press(app, "u6 ")
    frame = app.render(24, 80)
    assert frame.bell
    assert frame.row_text(15)[45:] == "must pick first"
    assert not app.render(24, 80).bell  # the bell rings once
    assert app.game.turn == HUMAN and app.game.deck_count == 89


def test_pick_fills_p_slot_and_echo_shows_selection() -> None:
    app = make_app()
    press(app, "p")
    assert app.game.players[HUMAN].hand[0] is not None
    assert screen(app)[6][2:].strip().split()[0] != ""
    press(app, "U")
    assert screen(app)[10][20:30] == ">>:Move: U"
    press(app, "3")
    assert screen(app)[10][20:31] == ">>:Move: U3"
    press(app, ["BACKSPACE"])
    assert screen(app)[10][20:31].rstrip() == ">>:Move: U"
    press(app, ["BACKSPACE"])
    assert screen(app)[10][20:40].rstrip() == ">>:Move:"


def test_zero_and_p_select_the_pick_slot() -> None:
    app = make_app()
    press(app, "p")
    picked = app.game.players[HUMAN].hand[0]
    press(app, "d0 ")
    assert app.game.discards[:1] == [picked]  # ours, at the bottom of the pile
    # after the discard the computer moved and it is our turn again
    assert app.game.turn == HUMAN


def test_arrow_and_function_keys_do_nothing() -> None:
    app = make_app()
    before = screen(app)
    press(app, ["UP", "DOWN", "LEFT", "RIGHT", "F1", "ESC", "HOME", "MOUSE", "RESIZE"])
    assert screen(app) == before


def test_unknown_command_message_is_immediate() -> None:
    """BSD's message at once, with the help hint (it fits the 35 columns of the line)."""
    app = make_app()
    assert message(app) == "press ? for help"  # a new game's first screen, once
    press(app, ["UP", "RESIZE"])  # keys that do nothing leave it
    assert message(app) == "press ? for help"
    press(app, "x")  # BSD's words, and where to find the help (issue 39)
    assert message(app) == "unknown command: x (? for help)"
    press(app, ["CTRL_X"])
    assert message(app) == "unknown command: ^X (? for help)"
    press(app, "p")
    assert message(app) == "unknown command: ^X (? for help)"  # BSD keeps it until a move
    press(app, "e")
    assert message(app) == "E: command not implemented"


def test_w_toggles_score_layout_and_o_sorts() -> None:
    app = make_app()
    press(app, "w")
    assert "Trip Completed" in screen(app)[5]
    press(app, "w")
    assert "p: pick" in screen(app)[11]
    press(app, "o")
    hand = app.game.players[HUMAN].hand
    cards = [c for c in hand if c is not None]
    assert cards == sorted(cards)
    assert hand[0] is None
    assert "o: stop ordering" in screen(app)[12]


def test_quit_without_moves_exits_without_offering_save() -> None:
    app = make_app()
    press(app, "q")
    assert prompt(app) == "Really?"
    press(app, "n")
    assert prompt(app) == ">>:Move:"
    press(app, "qy")
    assert app.finished and app.exit_status == 0
    assert "seed 11" in (app.exit_message or "")


class Remembering(FirstLegal):
    """FirstLegal with a memory, as the real computer has."""

    def memory(self) -> dict[str, object]:
        return {"version": 1, "evidence": {"deck_at": {"EXTRA_TANK": 70}, "last_deck": 70}}


def test_a_save_keeps_the_computer_memory(tmp_path: Path) -> None:
    game = Game.new(SEED)
    app = MilleApp(game, Remembering(game))
    press(app, "p")
    press(app, ["INTERRUPT", "INTERRUPT", "y", *"mem.json", "ENTER"])
    assert app.finished
    _, _, memory = savefile.load_all(tmp_path / "mem.json")
    assert memory == Remembering().memory()


def test_quit_game_in_progress_offers_save(tmp_path: Path) -> None:
    app = make_app()
    press(app, "p")
    press(app, ["INTERRUPT"])
    assert prompt(app) == "Really?"
    press(app, ["INTERRUPT"])  # a second interrupt means yes
    assert prompt(app) == "Save game?"
    press(app, "y")
    assert prompt(app) == "file:"
    press(app, [*"quit.json", "ENTER"])
    assert app.finished
    game, ui = savefile.load(tmp_path / "quit.json")
    assert game.players[HUMAN].hand[0] is not None
    assert ui["prompt"] == "move"


def test_save_then_same_file_and_overwrite(tmp_path: Path) -> None:
    app = make_app()
    press(app, "p")
    press(app, ["s", *"g.json", "ENTER"])
    assert (tmp_path / "g.json").exists()
    assert message(app).startswith("g.json [")
    assert prompt(app) == ">>:Move:"
    press(app, "s")
    assert prompt(app) == "Same file?"
    press(app, "n")
    assert prompt(app) == "file:"
    press(app, [*"g.json", "ENTER"])
    assert prompt(app) == "Overwrite file?"
    press(app, "n")
    assert prompt(app) == ">>:Move:"
    press(app, "sy")
    assert prompt(app) == ">>:Move:"
    assert message(app).startswith("g.json [")


@pytest.mark.parametrize(
    "give_up",
    [
        ["s", "n", "ESC"],  # ESC at file:
        ["s", "n", "x", "ESC"],  # ESC with a name typed
        ["s", "n", "ENTER"],  # an empty name
        ["s", "n", " ", "ENTER"],  # a blank one
        ["s", "ESC"],  # ESC at Same file?
        ["s", "INTERRUPT"],  # the interrupt key at Same file?
        ["s", "n", *"other.json", "ENTER", "n"],  # N at Overwrite file?
    ],
    ids=["esc", "esc-typed", "empty", "blank", "esc-same", "interrupt-same", "no-overwrite"],
)
def test_a_save_given_up_says_not_saved_over_the_old_banner(give_up: list[str]) -> None:
    """Issue 25: the banner of the last save stayed on the message line and looked like
    this save's (BSD leaves it too); a save given up says so, with no bell."""
    Path("other.json").write_text("keep", encoding="utf-8")
    app = make_app()
    press(app, "p")
    press(app, ["s", *"g.json", "ENTER"])
    assert message(app).startswith("g.json [")
    before = Path("g.json").read_bytes()
    press(app, human_keys(app.game))  # a move: the file no longer holds the game
    assert app.saving.dirty
    press(app, give_up)
    frame = app.render(24, 80)
    assert prompt(app) == ">>:Move:" and message(app) == "not saved"
    assert not frame.bell
    assert Path("g.json").read_bytes() == before
    assert Path("other.json").read_text(encoding="utf-8") == "keep"


def test_a_save_given_up_at_a_question_says_so_and_asks_again() -> None:
    app = make_app()
    press(app, "pq")
    press(app, ["s", "ESC"])
    assert prompt(app) == "Really?" and message(app) == "not saved"


def test_save_failure_shows_error_and_game_goes_on(tmp_path: Path) -> None:
    app = make_app()
    press(app, "p")
    press(app, ["s", *"no/such/dir/g.json", "ENTER"])
    assert message(app).startswith("not saved:")
    assert app.render(24, 80).row_text(16)[40:] == "|" + "_" * 39
    assert prompt(app) == ">>:Move:"
    press(app, "u1 ")  # the game goes on
    assert not app.finished


def test_save_into_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    app = make_app()
    press(app, ["s", *"folder", "ENTER"])
    assert message(app).startswith("not saved: is a folder")
    assert prompt(app) == ">>:Move:"


def test_extension_question_and_save_there_restores_it(tmp_path: Path) -> None:
    app = at_extension()
    press(app, "u1 ")
    assert prompt(app) == "Extension?"
    assert screen(app)[1][61:65] == " 700"  # the board is up to date (BSD's was stale)
    press(app, ["s", *"ext.json", "ENTER"])
    assert prompt(app) == "Extension?"
    game, ui = savefile.load(tmp_path / "ext.json")
    restored = make_app(game, ui_state=ui, save_path="ext.json")
    assert prompt(restored) == "Extension?"
    press(restored, "y")
    assert screen(restored)[4][9:18] == "Extension"
    assert restored.game.goal == 1000


def test_declining_extension_ends_hand_with_bonuses_and_asks_another_hand() -> None:
    app = at_extension()
    press(app, "u1 ")
    press(app, "n")
    rows = screen(app)
    assert prompt(app) == "Another hand?"
    assert "Trip Completed" in rows[5] and rows[5][61:65] == " 400"
    assert rows[9][61:65] == " 500"  # shut-out: the computer has no miles
    press(app, "w")  # the command list is one key away at the end of a hand too
    assert "p: pick" in screen(app)[11]
    press(app, "w")
    press(app, "y")
    assert app.game.phase is Phase.TURN
    assert "p: pick" in screen(app)[11]
    assert app.game.discards == [] and screen(app)[8][20:40].strip() == ""  # a fresh deal


def test_declining_another_hand_offers_save_then_exits(tmp_path: Path) -> None:
    app = at_extension()
    press(app, "u1 n")
    press(app, "n")
    assert prompt(app) == "Save game?"
    press(app, "n")
    assert app.finished
    assert "Games won: you 0, computer 0" in (app.exit_message or "")


@pytest.mark.parametrize("seed", [5, 1743492823845998515])
def test_the_farewell_keeps_to_80_columns(seed: int) -> None:
    app = at_extension(seed)
    press(app, "u1 n")
    press(app, "n")
    press(app, "n")
    assert app.finished
    farewell = (app.exit_message or "").split("\n")
    assert farewell[0].startswith("Games won: you 0, computer 0. Totals: you ")
    if seed == 5:  # a short seed ends the line
        assert farewell[0].endswith(". (seed 5)")
    else:  # a long one would pass the 80 columns: it has a line of its own
        assert farewell[0].endswith(".") and farewell[1] == f"(seed {seed})"
        assert len(f"{farewell[0]} {farewell[1]}") > 80
    assert all(len(line) <= 80 for line in farewell)


def test_save_game_then_restore_deals_from_another_hand(tmp_path: Path) -> None:
    app = at_extension()
    press(app, "u1 nn")
    press(app, ["y", *"end.json", "ENTER"])
    assert app.finished
    game, ui = savefile.load(tmp_path / "end.json")
    restored = make_app(game, ui_state=ui)
    assert prompt(restored) == "Another hand?"
    press(restored, "y")
    assert restored.game.phase is Phase.TURN and restored.game.turn == HUMAN


def test_failed_save_after_declining_plays_on(tmp_path: Path) -> None:
    app = at_extension()
    press(app, "u1 nn")
    press(app, ["y", *"missing/x.json", "ENTER"])
    assert not app.finished
    assert message(app).startswith("not saved:")
    assert app.game.phase is Phase.TURN


def test_another_game_awards_the_game_won() -> None:
    game = Game.new(SEED)
    game.players[HUMAN].overall_total = 4500
    crafting.drive(game, HUMAN, [Card.D100] * 6)
    crafting.put_in_hand(game, HUMAN, 1, Card.D100)
    app = make_app(game)
    press(app, "pu1 n")
    assert prompt(app) == "Another game?"
    assert screen(app)[14][55:71] == "Games    0     0"
    press(app, "y")
    rows = screen(app)
    assert rows[9][55:71] == "Games    1     0"
    assert rows[8][61:71] == "   0     0"


def test_save_at_really_restores_really(tmp_path: Path) -> None:
    app = make_app()
    press(app, ["p", "q", "s", *"r.json", "ENTER"])
    assert prompt(app) == "Really?"
    game, ui = savefile.load(tmp_path / "r.json")
    assert ui["prompt"] == "really"
    restored = make_app(game, ui_state=ui)
    assert prompt(restored) == "Really?"
    press(restored, "n")
    assert prompt(restored) == ">>:Move:"


def test_yes_no_refuses_other_keys_with_hint() -> None:
    app = make_app()
    press(app, "qx")
    assert prompt(app) == "Really?"
    assert "y or n" in message(app)


def test_end_of_input_saves_recovery_file(_private_data_dir: Path) -> None:
    app = make_app()
    press(app, "p")
    app.end_of_input()
    saved = list(_private_data_dir.glob("mille-recovery-*.json"))
    assert len(saved) == 1
    assert str(saved[0]) in (app.exit_message or "")
    game, _ = savefile.load(saved[0])
    assert game.players[HUMAN].hand == app.game.players[HUMAN].hand


def test_eof_key_finishes_with_recovery(_private_data_dir: Path) -> None:
    app = make_app()
    press(app, ["EOF"])
    assert app.finished and app.exit_status == 1
    assert list(_private_data_dir.glob("mille-recovery-*.json"))


def test_computer_move_lines_show_its_last_play() -> None:
    app = make_app()
    for _ in range(5):
        if app.game.phase is not Phase.TURN:
            break
        press(app, "p")
        hand = app.game.players[HUMAN].hand
        slot = next(i for i in range(1, 7) if hand[i] is not None)
        before = len(app.game.discards)
        press(app, f"d{slot} ")
        assert len(app.game.discards) >= before + 1
    rows = screen(app)
    assert rows[11][20:27].strip() in ("PLAY", "DISCARD")
    assert rows[12][20:36].strip() != ""
    assert card_total_ok(app.game)


def test_banner_fits_message_line() -> None:
    from datetime import datetime

    when = datetime(2026, 11, 29, 19, 3, 10)
    assert fit_banner("g", when) == "g [Sun Nov 29 19:03:10 2026]"
    assert fit_banner("spec_save1", when) == "spec_save1 [19:03:10]"
    assert fit_banner("/a/very/long/path/to/some/saved/game.json", when) == "game.json [19:03:10]"
    long = fit_banner("/tmp/a-very-long-file-name-for-a-saved-game.json", when)
    assert len(long) <= 35 and long.startswith("...") and long.endswith("game.json [19:03:10]")


def test_the_banner_date_is_written_as_ctime_writes_it() -> None:
    """BSD's banner comes from ctime: the day padded with a space, English names."""
    import locale
    from datetime import datetime

    when = datetime(2026, 12, 2, 9, 5, 7)
    assert fit_banner("g", when) == "g [Wed Dec  2 09:05:07 2026]"
    saved = locale.setlocale(locale.LC_TIME)
    try:
        for name in ("fr_FR.UTF-8", "de_DE.UTF-8", "C.UTF-8"):
            try:
                locale.setlocale(locale.LC_TIME, name)
            except locale.Error:
                continue
            assert fit_banner("g", when) == "g [Wed Dec  2 09:05:07 2026]"
    finally:
        locale.setlocale(locale.LC_TIME, saved)


def test_larger_terminal_keeps_layout() -> None:
    app = make_app()
    frame = app.render(50, 132)
    assert frame.row_text(10)[20:28] == ">>:Move:"


def test_computer_turn_waits_for_timeout_so_human_move_draws_first() -> None:
    app = make_app()
    app.handle_key("p")
    app.handle_key("d")
    app.handle_key("1")
    app.handle_key(" ")
    assert app.timeout() == 0
    assert app.game.turn == COMPUTER
    app.handle_key("TIMEOUT")
    assert app.game.turn == HUMAN
    assert app.timeout() is None


def test_no_save_when_disk_state_is_current(tmp_path: Path) -> None:
    app = make_app()
    press(app, ["p", "s", *"a.json", "ENTER", "q", "y"])
    assert app.finished  # nothing unsaved: no Save game? question
    assert "a.json" in (app.exit_message or "")
    assert os.path.exists(tmp_path / "a.json")


def test_interrupt_at_a_question_asks_really_and_no_returns_there() -> None:
    app = at_extension()
    press(app, "u1 ")
    press(app, ["INTERRUPT"])
    assert prompt(app) == "Really?"
    press(app, "n")
    assert prompt(app) == "Extension?"


def test_escape_leaves_the_save_dialogue(tmp_path: Path) -> None:
    app = make_app(save_path=str(tmp_path / "x.json"))
    press(app, "s")
    assert prompt(app) == "Same file?"
    press(app, ["ESC"])
    assert prompt(app) == ">>:Move:"
    assert not (tmp_path / "x.json").exists()


def test_save_failure_messages_are_short_and_say_why(tmp_path: Path) -> None:
    app = make_app()
    press(app, ["s", *"nodir/x.sav", "ENTER"])
    assert message(app) == "not saved: no folder nodir"
    if sys.platform == "win32":
        pytest.skip("Windows ignores mode bits: chmod makes no folder unwritable")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("running as a user who may write anywhere")
        press(app, ["s", *"locked/x.sav", "ENTER"])
        assert message(app) == "not saved: permission denied"
    finally:
        locked.chmod(0o700)


def test_odd_file_names_never_crash(tmp_path: Path) -> None:
    for name in ("~nosuchuser-xyz/x.json", "a" * 240, "./", "../" * 3, "b" * 300):
        app = make_app()
        press(app, ["p", "s", *name, "ENTER"])
        assert prompt(app) == ">>:Move:", name
        assert not app.finished
