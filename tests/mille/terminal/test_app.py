"""The mille app driven key by key, without curses.

Issue 14/16 behaviour of the app: R repaints, help on ?, the level, recovery saves,
nothing from a file shown raw, a game id per game.

Random key sequences never crash the app and never lose or invent a card.

The sample saves in saves/ restore to the prompt they were made at.
"""

from __future__ import annotations

import os
import sys
import tempfile
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.core.ledger import is_game_id
from parlour.mille.cli import LazyComputer, load_for_play
from parlour.mille.computer.bsd import BsdPlayer
from parlour.mille.files import savefile
from parlour.mille.game.cards import Card
from parlour.mille.game.rules import Game, card_total_ok
from parlour.mille.game.table import COMPUTER, HUMAN, Phase
from parlour.mille.terminal import help as help_pages
from parlour.mille.terminal.app import MilleApp
from parlour.mille.terminal.messages import fit_banner, save_failure
from tests.golden import assert_golden
from tests.mille import crafting
from tests.mille.drive import (
    SEED,
    make_app,
    message,
    near_the_end,
    play_until_question,
    press,
    prompt,
    screen,
)
from tests.mille.opponents import FirstLegal, human_keys
from tests.mille.reference import GOLDEN_DIR


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


ESCAPE = "\x1b]0;owned\x07"


def no_control(text: str) -> bool:
    return not any(ord(ch) < 0x20 and ch != "\n" or 0x7F <= ord(ch) < 0xA0 for ch in text)


# ------------------------------------------------------------------ R repaints
def test_r_asks_the_runner_for_a_full_clear_and_changes_nothing_else() -> None:
    app = make_app()
    press(app, "p")
    before = screen(app)
    assert not app.clear_screen
    press(app, "r")
    assert app.clear_screen
    assert screen(app) == before and message(app) == ""
    app.clear_screen = False
    press(app, "R")
    assert app.clear_screen


# ------------------------------------------------------------------------ help
@pytest.mark.parametrize("page", range(len(help_pages.pages())))
def test_help_pages_golden(page: int) -> None:
    text = help_pages.render_help(page).to_text()
    assert_golden(GOLDEN_DIR / f"help-{page + 1}.txt", text)


def test_help_pages_fit_and_show_the_values_in_play() -> None:
    all_pages = help_pages.pages()
    assert len(all_pages) == 4
    for body in all_pages:
        assert len(body) <= help_pages.BODY_ROWS
        assert all(len(line) <= 80 for line in body)
    scoring = "\n".join(all_pages[3])
    for label, value in (("Each Safety", 100), ("Trip Completed", 400), ("Shut-Out", 500)):
        line = next(line for line in all_pages[3] if label in line)
        assert line.rstrip().endswith(str(value)), line
    assert "5000" in scoring
    assert "coup fourre" in "\n".join(all_pages[1]).lower()


def test_question_mark_shows_help_and_any_key_returns_exactly() -> None:
    app = make_app()
    press(app, "pu")
    before = screen(app)
    press(app, "?")
    assert screen(app)[0].startswith("Mille Bornes help (1/4)")
    press(app, " ")
    assert screen(app)[0].startswith("Mille Bornes help (2/4)")
    press(app, ["BACKSPACE"])
    assert screen(app)[0].startswith("Mille Bornes help (1/4)")
    press(app, "x")  # any other key: back, and not taken as a command
    assert screen(app) == before
    assert app.command == "U" and message(app) == ""


def test_help_pages_in_turn_then_back_to_the_game() -> None:
    app = make_app()
    press(app, "o")  # the first screen's "press ? for help" is gone after a key
    before = screen(app)
    press(app, ["?", " ", "ENTER", " ", " "])
    assert screen(app) == before


def test_help_at_a_question_returns_to_the_question() -> None:
    app = make_app()
    press(app, "p")
    press(app, "q")
    before = screen(app)
    press(app, "?")
    assert "help" in screen(app)[0]
    press(app, "n")  # leaves the help only; Really? is still open
    assert screen(app) == before and prompt(app) == "Really?"


def test_help_names_the_level() -> None:
    assert "classic" in "\n".join(help_pages.pages("classic")[0])
    game = Game.new(4)
    app = MilleApp(game, FirstLegal(game), level="classic")
    press(app, "?")
    assert any("classic (BSD" in row for row in screen(app))


# ----------------------------------------------------------------------- level
def test_the_classic_level_is_shown_and_the_default_screen_is_bsds() -> None:
    game = Game.new(4)
    classic = MilleApp(game, FirstLegal(game), level="classic")
    assert screen(classic)[0][40:61] == "| vs classic         "
    assert screen(make_app())[0][40:61] == "|" + " " * 20


def test_the_level_is_kept_in_saves(tmp_path: Path) -> None:
    game = Game.new(4)
    app = MilleApp(game, LazyComputer(game.seed, level="classic"), level="classic")
    press(app, "p")
    press(app, "d1 ")
    press(app, ["s", *"c.json", "ENTER"])
    saved = savefile.load_saved(tmp_path / "c.json")
    assert saved.meta.level == "classic" and saved.computer["player"] == "classic"
    assert saved.meta.game_id == app.meta.game_id


def test_lazy_classic_computer_is_bsds_and_its_memory_restores() -> None:
    game = Game.new(21)
    lazy = LazyComputer(21, level="classic")
    fresh = BsdPlayer(21)
    restored: BsdPlayer | None = None
    decisions = 0
    for _ in range(400):
        if game.phase is not Phase.TURN:
            if game.phase is Phase.EXTENSION:
                game.answer_extension(False)
                continue
            break
        if game.turn == HUMAN:
            game.apply(game.legal_moves()[-1])
            continue
        view = game.view(1)
        move = lazy.choose_move(view)
        assert move == fresh.choose_move(view)
        decisions += 1
        if decisions == 20:
            restored = BsdPlayer(999)
            restored.restore_memory(lazy.memory())
        elif restored is not None:
            assert restored.choose_move(view) == move
        game.apply(move)
    assert restored is not None
    assert isinstance(lazy._player, BsdPlayer)


@pytest.mark.parametrize(
    "change",
    [
        lambda m: m.__setitem__("player", "strong"),
        lambda m: m["needed"].__setitem__("GO", 1),
        lambda m: m["needed"].pop("GO"),
        lambda m: m.__setitem__("held", {"D25": 9}),
        lambda m: m.__setitem__("hand_marker", [0, "x"]),
        lambda m: m.__setitem__("go_equivalents", -1),
        lambda m: m.__setitem__("last_distance", "GO"),
        lambda m: m.__setitem__("rng", [1]),
    ],
)
def test_a_damaged_classic_memory_is_refused(change: object) -> None:
    memory = BsdPlayer(3).memory()
    change(memory)  # type: ignore[operator]
    with pytest.raises(ValueError):
        BsdPlayer(3).restore_memory(memory)


# -------------------------------------------------------------------- recovery
def test_two_recoveries_in_one_second_never_share_a_file(_private_data_dir: Path) -> None:
    apps = [make_app(), make_app()]
    for app in apps:
        press(app, "p")
        app.end_of_input()
    files = sorted(_private_data_dir.glob("mille-recovery-*.json"))
    assert len(files) == 2
    for app in apps:
        named = [path for path in files if f"saved to {path}\n" in (app.exit_message or "")]
        assert len(named) == 1
        assert savefile.load_saved(named[0]).game == app.game
    assert apps[0].exit_message != apps[1].exit_message


def test_a_crash_save_gets_its_own_name(_private_data_dir: Path) -> None:
    app = make_app()
    first = app.emergency_save()
    second = app.emergency_save()
    assert first and second and first != second
    assert Path(first).name.startswith("mille-crash-")


def test_an_unusable_data_folder_sends_the_recovery_save_to_the_current_folder(
    tmp_path: Path,
) -> None:
    """The data folder cannot even be made (a file in the way): the current folder takes
    the game (no file loaded or saved yet); the farewell names that file."""
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    os.environ["PARLOUR_DATA_DIR"] = str(blocker / "sub")
    app = make_app()
    app.end_of_input()
    (saved,) = tmp_path.glob("mille-recovery-*.json")
    assert app.exit_message == (
        f"mille: input ended; your game was saved to {saved}\ncontinue it with: mille {saved}"
    )
    crash = app.emergency_save()
    assert crash is not None and Path(crash).parent == tmp_path


# ---------------------------------------------------------------- nothing raw
def test_the_banner_escapes_and_fits_a_hostile_name() -> None:
    when = datetime(2026, 12, 1, 10, 0, 0)
    banner = fit_banner(f"/tmp/{ESCAPE}.json", when)
    assert no_control(banner) and "^[]0;owned^G" in banner
    wide = fit_banner("/tmp/" + "名" * 40 + ".json", when)
    from parlour.core.text import width

    assert width(wide) <= 35 and wide.endswith(".json [10:00:00]")


def test_save_failures_escape_the_folder_name() -> None:
    text = save_failure(f"{ESCAPE}/x.json", "whatever")
    assert no_control(text) and text.startswith("not saved: no folder ")


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="Windows allows no control character in a file name (test_windows_files.py)",
)
def test_a_hostile_file_name_is_escaped_everywhere(tmp_path: Path) -> None:
    """Typed names cannot hold control characters; a file's own name can."""
    path = tmp_path / f"g{ESCAPE}.json"
    game = Game.new(6)
    savefile.save(path, game, {"prompt": "move"})
    saved = savefile.load_saved(path)
    app = MilleApp(
        saved.game,
        FirstLegal(saved.game),
        ui_state=saved.ui,
        save_path=str(path),
        banner=fit_banner(str(path), datetime.now()),
        meta=saved.meta,
    )
    assert all(no_control(row) for row in screen(app)) and "^[" in message(app)
    press(app, "p")
    press(app, ["s", "y"])  # Same file?
    assert all(no_control(row) for row in screen(app)) and "^[" in message(app)
    press(app, "q")
    press(app, "y")
    assert app.finished and no_control(app.exit_message or "")
    assert "^[]0;owned^G" in (app.exit_message or "")


# ---------------------------------------------------------------------- game id
def test_each_game_has_an_id_and_another_game_gets_a_new_one() -> None:
    app = make_app(near_the_end(5))
    first = app.meta.game_id
    assert is_game_id(first)
    play_until_question(app, ("Another game?",))
    assert app.meta.game_id == first
    press(app, "y")
    assert app.game.phase is Phase.TURN and app.meta.game_id != first
    assert is_game_id(app.meta.game_id) and app.meta.hands == []


def test_the_simple_human_helper_still_plays() -> None:
    app = make_app()
    press(app, human_keys(app.game))
    assert app.game.players[HUMAN].picked


def test_a_crash_in_the_middle_of_a_move_writes_no_file_the_loader_would_refuse(
    _private_data_dir: Path,
) -> None:
    # A card taken from the deck but not yet in a hand: what an exception inside a move
    # can leave behind. The recovery must not be a file that `mille FILE` then refuses.
    app = make_app()
    app.game.deck.pop()
    assert app.emergency_save() is None
    assert list(_private_data_dir.glob("mille-*")) == []
    with pytest.raises(savefile.SaveError) as caught:
        savefile.save(str(_private_data_dir / "x.json"), app.game)
    assert caught.value.reason == (
        "not saved: the game is in the middle of a move"
        " (the cards do not add up to the 101-card deck)"
    )
    assert not (_private_data_dir / "x.json").exists()


KEYS = [
    *"pudoqswrePUDOQSWR0123456789yYnNxz. /~",
    "ENTER",
    "BACKSPACE",
    "DELETE",
    "ESC",
    "UP",
    "DOWN",
    "LEFT",
    "RIGHT",
    "HOME",
    "F1",
    "CTRL_L",
    "CTRL_U",
    "CTRL_W",
    "INTERRUPT",
    "TIMEOUT",
    "RESIZE",
    "MOUSE",
    "UNKNOWN",
    "TAB",
]


# Weighted towards the keys that move the game on, so sequences reach later hands.
PLAYING = ["p", "u", "d", "1", "2", "3", "4", "5", "6", " ", "y", "n"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    keys=st.lists(st.sampled_from(KEYS + PLAYING * 4), max_size=400),
)
def test_random_keys_never_crash_or_break_card_count(seed: int, keys: list[str]) -> None:
    game = Game.new(seed)
    app = MilleApp(game, FirstLegal(game))
    old = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            for key in keys:
                if app.finished:
                    break
                app.handle_key(key)
                while app.timeout() == 0:
                    app.handle_key("TIMEOUT")
                frame = app.render(24, 80)
                assert frame.width == 80 and frame.height == 24
                assert card_total_ok(app.game)
                assert len(frame.row_text(15)) <= 80
                assert frame.row_text(16)[40:] == "|" + "_" * 39
        finally:
            os.chdir(old)


def _press_and_wait(app: MilleApp, key: str) -> None:
    app.handle_key(key)
    while app.timeout() == 0:
        app.handle_key("TIMEOUT")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    keys=st.lists(st.sampled_from(PLAYING + ["w", "o", "q", "n"]), max_size=150),
)
def test_a_save_at_any_prompt_restores_that_screen(seed: int, keys: list[str]) -> None:
    from parlour.mille.cli import load_for_play

    game = Game.new(seed)
    app = MilleApp(game, FirstLegal(game))
    for key in keys:
        if app.finished:
            return
        _press_and_wait(app, key)
    if app.finished or app.saving.dialog is not None:
        return
    if app.command is not None:
        _press_and_wait(app, "ESC")  # leave a half-typed U/D command first
    if app.flow.ask is not None and app.flow.ask.text == "Save game?":
        return  # restores to the question that led there, by design
    before = app.render(24, 80).to_text().split("\n")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "p.json")
        if app.saving.save_path is not None:
            _press_and_wait(app, "s")
            _press_and_wait(app, "n")
        else:
            _press_and_wait(app, "s")
        for ch in path:
            _press_and_wait(app, ch)
        _press_and_wait(app, "ENTER")
        if app.saving.dialog is not None:  # Overwrite file? cannot happen in a fresh folder
            raise AssertionError("save dialogue still open")
        loaded, ui, _ = load_for_play(path)
        assert isinstance(loaded, Game)
        restored = MilleApp(loaded, FirstLegal(loaded), ui_state=ui, save_path=path)
        after = restored.render(24, 80).to_text().split("\n")
    assert [r for i, r in enumerate(after) if i != 15] == [
        r for i, r in enumerate(before) if i != 15
    ]


SAVES = Path(__file__).resolve().parents[3] / "saves"


PROMPTS = {
    "move": ">>:Move:",
    "extension": "Extension?",
    "another_hand": "Another hand?",
    "another_game": "Another game?",
    "really": "Really?",
}


@pytest.mark.parametrize("path", sorted(SAVES.glob("mille-v*.json")), ids=lambda p: p.name)
def test_sample_save_restores_to_its_prompt(path: Path) -> None:
    game, ui, _ = load_for_play(str(path))
    assert isinstance(game, Game)
    app = MilleApp(game, FirstLegal(game), ui_state=ui, save_path=str(path))
    frame = app.render(24, 80)
    assert frame.row_text(10)[20:].startswith(PROMPTS[str(ui["prompt"])])


def test_there_are_samples_for_each_kind_of_prompt() -> None:
    names = {p.name for p in SAVES.glob("mille-v*.json")}
    assert {"mille-v1-midhand.json", "mille-v1-extension-question.json"} <= names
