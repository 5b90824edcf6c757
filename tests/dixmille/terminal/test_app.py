"""The app without a terminal: keys in, screen text out."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from parlour.core.shellpath import for_shell
from parlour.core.text import printable, width
from parlour.dixmille.files import savefile, stats, statsfile
from parlour.dixmille.game.rules import TakeDice
from parlour.dixmille.terminal.app import DixMilleApp, Mode
from parlour.tui.glyphs import ASCII
from parlour.tui.prompts import LineEditor
from tests.dixmille.helpers import Scripted, recorded_games, run_zedx


def screen(app: DixMilleApp) -> str:
    return app.render(24, 80).to_text()


def feed(app: DixMilleApp, *keys: str) -> str:
    for key in keys:
        app.handle_key(key)
    return screen(app)


def test_setup_asks_count_and_names_with_reasons() -> None:
    app = DixMilleApp(ASCII, seed=3, pace=0)
    assert "Number of players (1-6):" in screen(app)
    text = feed(app, "9", "ENTER")
    assert "from 1 to 6" in text
    feed(app, "2", "ENTER")
    assert "Name of player 1:" in screen(app)
    feed(app, *"Ann", "ENTER")
    text = feed(app, *" ann ", "ENTER")
    assert "Ann is already playing" in text
    assert "Name of player 2:  ann" in text  # kept to be corrected, not cleared
    text = feed(app, "CTRL_U", *"zedx", "ENTER")
    assert app.mode is Mode.PLAY and app.game is not None
    assert [p.name for p in app.game.players] == ["Ann", "ZEDX"]
    assert "Ann throws first" in text and "Ann: t = throw" in text


def test_human_turn_refusals_and_take() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 2, 3, 4, 6, 6), (2, 3, 4, 6, 6)])
    text = feed(app, "p")
    assert "The first throw of a turn is compulsory" in text
    text = feed(app, "t")
    assert "take dice (positions, then ENTER)" in text
    assert "1        2        3" in text  # position numbers under the dice
    text = feed(app, "2", "ENTER")
    assert "A 2 scores only in three of a kind" in text
    text = feed(app, "BACKSPACE", "7", "ENTER")
    assert "There is no die at position 7" in text
    text = feed(app, "BACKSPACE", "1", "ENTER")
    assert "Ann takes 1 (100)" in text and "100 turn points" in text
    text = feed(app, "t")
    assert "BUST - 100 lost" in text and "Press any key" in text
    text = feed(app, " ")
    assert "Bob: t = throw" in text


def test_zedx_plays_its_turn_one_step_at_a_time() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "ZEDX"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 2, 3, 4, 6, 6), (1, 1, 5, 2, 3, 4), (5, 5, 5, 3, 4)])
    feed(app, "t", "1", "ENTER", "p")
    assert app.zedx_to_move
    steps = []
    for _ in range(6):
        assert app.timeout() == 0.0
        app.handle_key("TIMEOUT")
        steps.append(app.ui.message)
    assert steps[:4] == [
        "ZEDX throws 6 dice: 1 1 5 2 3 4",
        "ZEDX takes 1 (100)",
        "ZEDX throws 5 dice",
        "ZEDX throws 5 dice: 5 5 5 3 4",
    ]
    assert steps[4:6] == ["ZEDX takes 5 5 5 (500)", "ZEDX passes with 600"]
    run_zedx(app)
    assert app.game.players[1].score == 600
    assert "Ann: t = throw" in screen(app)


def test_save_resume_and_quit(tmp_path: Path) -> None:
    app = DixMilleApp(ASCII, names=["Ann", "ZEDX"], seed=11, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 2, 3, 4, 6, 6)])
    feed(app, "t", "1", "ENTER")
    target = tmp_path / "game.json"
    text = feed(app, "S", "CTRL_U", *str(target), "ENTER")
    assert target.exists()
    message = text.splitlines()[20].rstrip()
    assert message.startswith("Saved") and message.endswith(f"{os.sep}game.json")
    loaded = savefile.load(target)
    assert loaded.to_dict() == app.game.to_dict()
    resumed = DixMilleApp(ASCII, game=loaded, pace=0, save_path=str(target))
    text = screen(resumed)
    assert "Game resumed" in text and "100 turn points" in text and "Ann: t = throw" in text
    # quitting a saved, unchanged game does not record it, and says where it is
    feed(resumed, "Q", "y")
    assert resumed.finished
    assert resumed.exit_message == f"Your game is saved in {target}; resume with: dixmille {target}"
    assert not statsfile.KEEPER.ledger_path().exists()
    # the original, saved then changed, offers to save again; ESC in the dialogue keeps playing
    app.game.roller = Scripted([(2, 3, 4, 6, 6, 3)])  # ZEDX busts at once
    feed(app, "p")
    run_zedx(app)
    assert "Save it before quitting?" in feed(app, "Q", "y")
    feed(app, "y", "ENTER")
    assert app.finished and str(target) in (app.exit_message or "")
    assert savefile.load(target).to_dict() == app.game.to_dict()


def test_quit_offers_to_save_and_records_an_abandoned_game() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=5, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 2, 3, 4, 6, 6)])
    feed(app, "t", "1", "ENTER", "p")
    text = feed(app, "Q")
    assert "Quit this game? (y/n)" in text
    text = feed(app, "n")
    assert app.mode is Mode.PLAY
    text = feed(app, "Q", "y")
    assert "Save it before quitting?" in text
    feed(app, "n")
    assert app.finished
    games = recorded_games()
    assert len(games) == 1 and not games[0].finished
    totals = stats.totals(games)
    assert totals[0].name == "Ann" and totals[0].games == 1 and totals[0].won == 0
    assert totals[0].passes == 1 and totals[0].banked == 100


def test_full_zedx_demo_game_records_statistics() -> None:
    app = DixMilleApp(ASCII, names=["ZEDX"], seed=2, pace=0)
    run_zedx(app, limit=5000)
    assert app.mode is Mode.STANDINGS
    assert "GAME OVER: ZEDX reached" in screen(app)
    text = feed(app, " ")
    assert "GAME OVER: ZEDX reached" in text and "Games played" in text
    games = recorded_games()
    assert len(games) == 1 and games[0].finished
    assert stats.totals(games)[0].solitaire_turns == [app.game.cycle]  # type: ignore[union-attr]
    feed(app, "q")
    assert app.finished and "Seed 2" in (app.exit_message or "")


def test_rules_page_and_stats_page() -> None:
    app = DixMilleApp(ASCII, names=["Ann"], seed=5, pace=0)
    assert "FOUR OR MORE 2s" in feed(app, "?")
    assert "Ann: t = throw" in feed(app, "x")
    assert "No games recorded yet" in feed(app, "i")
    assert "Style: when you pass" in feed(app, " ")
    assert "Ann: t = throw" in feed(app, "q")


@pytest.mark.parametrize("content", ["", "{", '{"format": "parlour-save", "game": "mille"}'])
def test_bad_save_files_are_refused(tmp_path: Path, content: str) -> None:
    from parlour.core.saves import SaveError

    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SaveError):
        savefile.load(path)


@pytest.mark.parametrize("seed", [2, 17, 23])
def test_the_app_plays_zedx_exactly_as_the_policy(seed: int) -> None:
    """Step by step on screen, ZEDX makes the moves of zedx_move (one-die successes too)."""
    from parlour.core.rng import make_rng
    from parlour.dixmille.computer.ai import zedx_move
    from parlour.dixmille.game.rules import new_game

    app = DixMilleApp(ASCII, names=["ZEDX"], seed=seed, pace=0)
    run_zedx(app, limit=20_000)
    shadow = new_game(["ZEDX"], make_rng(seed), seed)
    while not shadow.over:
        shadow.apply(zedx_move(shadow.situation()))
    assert app.game is not None
    assert app.game.to_dict() == shadow.to_dict()
    assert any(t.one_die for t in shadow.players[0].turns)


def test_zedx_decides_after_a_one_die_success() -> None:
    app = DixMilleApp(ASCII, names=["ZEDX"], seed=4, pace=0)
    assert app.game is not None
    game = app.game
    game.roller = Scripted([(1, 1, 5, 2, 3, 4)])
    game.apply(game.legal_moves()[0])  # the compulsory throw
    game.apply(game.legal_moves()[0])  # some take
    # as after a successful one-die throw: six dice, a big total, no pending decision
    game.turn_points, game.dice_left, game.level = 12_000, 6, 1
    app.handle_key("TIMEOUT")
    assert app.ui.message == "ZEDX passes with 12,000"
    assert game.players[0].score == 12_000


GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def test_take_prompt_screen_matches_the_golden_file() -> None:
    """The whole 80x24 screen: scores, turn line, dice with positions, typed take, prompt."""
    app = DixMilleApp(ASCII, names=["Ann", "ZEDX", "Bob"], seed=42, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 1, 5, 2, 3, 4), (5, 6, 6, 6, 2)])
    text = feed(app, "t", "1", "ENTER", "t", "1", "3")
    expected = (GOLDEN / "take-prompt-ascii.txt").read_text(encoding="utf-8").rstrip("\n")
    assert text.rstrip("\n") == expected
    frame = app.render(24, 80)
    assert frame.cursor == (21, 42)  # just after the typed positions
    assert "A 6 scores only in three of a kind" in feed(app, "ENTER")


@pytest.mark.parametrize("name", ["/no/such/folder/x.json", "~no-such-user-here/game.json"])
def test_odd_file_names_are_refused_with_a_message_not_a_crash(name: str) -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=3, pace=0)
    text = feed(app, "S", "CTRL_U", *name, "ENTER")
    assert "Not saved:" in text
    assert not app.finished and app.game is not None


def test_tilde_means_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))  # Windows' home
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=3, pace=0)
    feed(app, "S", "CTRL_U", *"~/dix.json", "ENTER")
    assert savefile.load(tmp_path / "dix.json").to_dict() == app.game.to_dict()


# ----- prompts that help (#17 point 4) -----


def test_the_key_bar_lists_only_the_keys_that_work_now() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 2, 3, 4, 6, 6)])
    start = screen(app).splitlines()[22]
    assert "t throw" in start and "p pass" not in start and "l log" in start
    take = feed(app, "t").splitlines()[22]
    assert "1-6 ENTER take" in take and "p pass" not in take and "t throw" not in take
    choose = feed(app, "1", "ENTER").splitlines()[22]
    assert "t throw  p pass" in choose
    for bar in (start, take, choose):
        assert all(k in bar for k in ("S save", "i stats", "? rules", "Q quit"))


@pytest.mark.parametrize(
    ("key", "shows", "back"),
    [
        ("?", "DIX MILLE - the rules", ["x"]),
        ("i", "DIX MILLE STATISTICS", ["q"]),
        ("l", "turn log", ["x"]),
        ("S", "Save to file:", ["ESC"]),
        ("Q", "Quit this game? (y/n)", ["n"]),
    ],
)
def test_common_keys_work_while_a_take_is_typed(key: str, shows: str, back: list[str]) -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 2, 3, 4, 5, 6)])
    feed(app, "t", "1")
    assert shows in feed(app, key)
    text = feed(app, *back)
    assert "Ann, take dice (positions, then ENTER): 1" in text  # what was typed is kept
    assert "Ann takes 1 5 (150)" in feed(app, "5", "ENTER")


def test_one_die_is_one_die() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 1, 5, 2, 3, 4), (1, 5, 2)])
    text = feed(app, "t", *"123", "ENTER", "t", *"12", "ENTER")
    assert "1 die available" in text and "1 dice" not in text
    assert "Ann: t = throw (1 die), p = pass" in text


@pytest.mark.parametrize(
    ("names", "opening"),
    [
        (["Ann"], "Ann, a solitaire game: reach 10,000 in as few turns as you can"),
        (["ZEDX"], "ZEDX plays a solitaire game: 10,000 in as few turns as it can"),
        (["Ann", "ZEDX"], "Ann throws first. Seat order: Ann, ZEDX"),
    ],
)
def test_the_opening_line_tells_who_starts(names: list[str], opening: str) -> None:
    text = screen(DixMilleApp(ASCII, names=names, seed=1, pace=0))
    assert opening in text
    if len(names) == 1:
        assert "Seat order" not in text


# ----- file names in messages (escaped, fitted by columns) -----


ESCAPE = "" if sys.platform == "win32" else "\x1b]0;pwned\x07"
"""Windows allows no control character in a file name (refused there: test_windows_files.py)."""


def hostile_name(tmp_path: Path) -> Path:
    """A save file whose name holds an escape sequence and 40 columns of wide characters."""
    return tmp_path / (ESCAPE + "王小明" * 7 + ".json")


def test_resumed_and_saved_messages_escape_and_fit_the_file_name(tmp_path: Path) -> None:
    target = hostile_name(tmp_path)
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=3, pace=0)
    assert app.game is not None
    savefile.save(target, app.game)
    resumed = DixMilleApp(ASCII, game=savefile.load(target), pace=0, save_path=str(target))
    frame = resumed.render(24, 80)
    line = frame.row_text(20)
    root = str(tmp_path)[0]  # "/", or a drive letter
    assert line.startswith(f"Game resumed from {root}") and line.rstrip().endswith("王小明.json")
    assert line.startswith(f"Game resumed from {tmp_path}{os.sep}^[]0;pwned^G") or "…" in line
    assert "\x1b" not in frame.to_text() and "\x07" not in frame.to_text()
    assert width(line) <= 80
    feed(resumed, "t")
    line = feed(resumed, "S", "ENTER").splitlines()[20]
    assert line.startswith(f"Saved: resume with dixmille {for_shell(str(target))[:2]}")
    assert line.rstrip().endswith(for_shell(str(target))[-6:]) and width(line) <= 80
    assert "\x1b" not in line
    assert savefile.load(target).to_dict() == resumed.game.to_dict()  # type: ignore[union-attr]
    again = DixMilleApp(ASCII, game=savefile.load(target), pace=0, save_path=str(target))
    assert again.game is not None
    take = again.game.legal_moves()[0]
    assert isinstance(take, TakeDice)
    feed(again, *"".join(map(str, take.positions)), "ENTER")
    feed(again, "Q", "y", "y", "ENTER")  # changed, so quitting offers to save it
    assert again.finished and "\x1b" not in (again.exit_message or "")
    assert printable(ESCAPE) in (again.exit_message or "")


def test_the_overwrite_question_keeps_its_words_with_a_long_file_name(tmp_path: Path) -> None:
    target = hostile_name(tmp_path)
    target.write_text("{}", encoding="utf-8")
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=3, pace=0, save_path=None)
    app.keep.save_path = str(target) + "x"  # a different file: saving to target asks first
    feed(app, "t", "S")
    app.keep.saving.editor = LineEditor("Save to file:", str(target))
    line = feed(app, "ENTER").splitlines()[21]
    assert app.mode is Mode.SAVE and app.keep.saving.overwriting
    assert line.rstrip().endswith(".json exists: overwrite it? (y/n)") and width(line) <= 80
    assert "\x1b" not in line


def test_the_save_field_scrolls_by_columns_with_wide_characters() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=3, pace=0)
    feed(app, "S", "CTRL_U", *("王小明" * 15), *".json")
    frame = app.render(24, 80)
    row = frame.row_text(21)
    assert width(row) <= 80 and row.rstrip().endswith("明.json")
    assert frame.cursor == (21, width(row.rstrip()))  # just after the last character typed
    feed(app, "HOME")
    frame = app.render(24, 80)
    assert frame.cursor == (21, len("Save to file:") + 1)
    assert frame.row_text(21)[len("Save to file: ") :].startswith("王小明王小明")
