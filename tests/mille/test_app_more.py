"""Issue 14/16 behaviour of the app: R repaints, help on ?, the level, recovery saves,
nothing from a file shown raw, a game id per game."""

from __future__ import annotations

import os
import sys
from datetime import datetime
from pathlib import Path

import pytest

from parlour.core.ledger import is_game_id
from parlour.mille.cli import LazyComputer
from parlour.mille.computer.bsd import BsdPlayer
from parlour.mille.files import savefile
from parlour.mille.game.rules import Game
from parlour.mille.game.table import HUMAN, Phase
from parlour.mille.terminal import help as help_pages
from parlour.mille.terminal.app import MilleApp
from parlour.mille.terminal.messages import fit_banner, save_failure
from tests.mille.drive import near_the_end, play_until_question
from tests.mille.opponents import FirstLegal, human_keys
from tests.mille.reference import GOLDEN_DIR
from tests.mille.test_app import make_app, message, press, prompt, screen

ESCAPE = "\x1b]0;owned\x07"
UPDATE = os.environ.get("MILLE_UPDATE_GOLDEN") == "1"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


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
    golden = GOLDEN_DIR / f"help-{page + 1}.txt"
    if UPDATE:
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


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
    with pytest.raises(savefile.SaveError, match="in the middle of a move"):
        savefile.save(str(_private_data_dir / "x.json"), app.game)
    assert not (_private_data_dir / "x.json").exists()
