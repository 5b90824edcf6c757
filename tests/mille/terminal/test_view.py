"""Golden 80x24 frames of real game positions; their static labels equal BSD's screens.

Set PARLOUR_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change.

The view redraws every BSD reference screen character for character.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from parlour.mille.game.cards import Card
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN
from parlour.mille.terminal import view
from parlour.mille.terminal.app import MilleApp
from parlour.mille.terminal.view import Board, Layout, ScreenState
from parlour.tui.frame import Style
from tests.golden import assert_golden
from tests.mille import crafting
from tests.mille.drive import press
from tests.mille.opponents import FirstLegal
from tests.mille.reference import GOLDEN_DIR, mask_dynamic, parse, read_screen, reference_dir

SEED = 11


def _app(game: Game, prefer: tuple[Card, ...] = ()) -> MilleApp:
    return MilleApp(game, FirstLegal(game, prefer))


def start_of_game() -> MilleApp:
    return _app(Game.new(SEED))


def after_pick() -> MilleApp:
    app = start_of_game()
    press(app, "p")
    return app


def error_line() -> MilleApp:
    app = start_of_game()
    press(app, "u6 ")
    return app


def hazard_on_you() -> MilleApp:
    game = Game.new(SEED)
    crafting.drive(game, HUMAN, [Card.D50])
    crafting.drive(game, COMPUTER, [])
    crafting.put_in_hand(game, COMPUTER, 1, Card.STOP)
    app = _app(game, prefer=(Card.STOP,))
    hand = game.players[HUMAN].hand
    press(app, "p")
    slot = next(i for i in range(1, 7) if hand[i] is not None and not hand[i].is_safety)
    press(app, f"d{slot} ")
    return app


def extension_question() -> MilleApp:
    game = Game.new(SEED)
    crafting.drive(game, HUMAN, [Card.D100] * 6)
    crafting.put_in_hand(game, HUMAN, 1, Card.D100)
    app = _app(game)
    press(app, "pu1 ")
    return app


def end_of_hand_bonuses() -> MilleApp:
    app = extension_question()
    press(app, "n")
    return app


def end_of_hand_commands() -> MilleApp:
    app = end_of_hand_bonuses()
    press(app, "w")
    return app


def save_game_prompt() -> MilleApp:
    app = end_of_hand_bonuses()
    press(app, "n")
    return app


def file_name_prompt() -> MilleApp:
    app = save_game_prompt()
    press(app, ["y", *"spec_save1"])
    return app


def window_toggled_midhand() -> MilleApp:
    app = after_pick()
    press(app, "w")
    return app


SCENARIOS: dict[str, tuple[Callable[[], MilleApp], str]] = {
    "start-of-game": (start_of_game, "01"),
    "after-pick": (after_pick, "03"),
    "error-line": (error_line, "02"),
    "hazard-on-you": (hazard_on_you, "37"),
    "extension-question": (extension_question, "41"),
    "end-of-hand-bonuses": (end_of_hand_bonuses, "43"),
    "end-of-hand-commands": (end_of_hand_commands, "01"),
    "save-game-prompt": (save_game_prompt, "08"),
    "file-name-prompt": (file_name_prompt, "09"),
    "window-toggled-midhand": (window_toggled_midhand, "13"),
}


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden_frame(name: str) -> None:
    build, _ = SCENARIOS[name]
    text = build().render(24, 80).to_text()
    assert_golden(GOLDEN_DIR / f"{name}.txt", text + "\n")


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_static_labels_equal_bsd_reference(name: str) -> None:
    build, ref = SCENARIOS[name]
    folder = reference_dir()
    assert folder is not None
    reference = next(folder.glob(f"{ref}-*.txt")).read_text(encoding="utf-8")
    text = build().render(24, 80).to_text()
    assert mask_dynamic(text) == mask_dynamic(reference)


def test_hazard_scenario_really_shows_a_stop_on_you() -> None:
    rows = hazard_on_you().render(24, 80).to_text().split("\n")
    assert rows[14][2:20].strip() == "Stop"
    assert rows[11][20:40].strip() == "PLAY" and rows[12][20:36].strip() == "Stop"


GARBAGE = ("23-", "24-", "25-")


"""Captures of BSD restoring empty, folder or random files: garbage we refuse to load."""


WRAPPED_BANNER = ("10-", "11-", "12-", "28-", "29-", "30-", "31-", "32-", "34-")


"""BSD's long "name [date]" banner wraps into the border; ours never does."""


def _screens() -> list[Path]:
    folder = reference_dir()
    if folder is None:
        return []
    return [
        p
        for p in sorted(folder.glob("[0-9][0-9]-*.txt"))
        if not p.name.startswith("00") and not p.name.startswith(GARBAGE)
    ]


@pytest.mark.parametrize("path", _screens(), ids=lambda p: p.name[:2])
def test_reference_screen_redrawn_exactly(path: Path) -> None:
    board, screen = parse(path)
    wrapped = path.name.startswith(WRAPPED_BANNER)
    if wrapped:
        screen = ScreenState(
            prompt=screen.prompt,
            echo=screen.echo,
            last_move=screen.last_move,
            layout=screen.layout,
            ordering=screen.ordering,
        )
    got = view.render(board, screen).to_text().split("\n")
    want = [row.rstrip() for row in read_screen(path)]
    rows = [r for r in range(view.SCREEN_ROWS) if not (wrapped and r in (15, 16))]
    for row in rows:
        assert got[row] == want[row], f"row {row} of {path.name}"


def test_reference_screens_present() -> None:
    assert len(_screens()) >= 40


def test_move_prompt_and_extension_label_in_reverse_video() -> None:
    frame = view.render(Board(extended=True), ScreenState())
    assert frame.styles[10][20] & Style.REVERSE
    assert frame.styles[10][27] & Style.REVERSE
    assert not frame.styles[10][28] & Style.REVERSE
    assert frame.styles[4][9] & Style.REVERSE
    assert (
        frame.row_text(4)
        == "         Extension                      |  Each Coup Fourre     0     0      300"
    )


def test_cursor_rests_after_prompt_and_echo() -> None:
    assert view.render(Board(), ScreenState()).cursor == (10, 29)
    assert view.render(Board(), ScreenState(echo="U")).cursor == (10, 30)
    assert view.render(Board(), ScreenState(prompt="Really?")).cursor == (10, 28)
    assert view.render(Board(), ScreenState(prompt="file:", echo="abc")).cursor == (10, 29)


def test_long_file_name_scrolls_inside_the_board_window() -> None:
    name = "a-very-long-file-name-for-a-save.json"
    frame = view.render(Board(), ScreenState(prompt="file:", echo=name))
    row = frame.row_text(10)
    assert row[40] == "|"
    assert row[26:39] == name[-13:]
    assert frame.cursor == (10, 39)


def test_order_option_relabels_command_list() -> None:
    assert "o: stop ordering" in view.render(Board(), ScreenState(ordering=True)).row_text(12)
    assert "o: order hand" in view.render(Board(), ScreenState(ordering=False)).row_text(12)


def test_bonus_layout_has_no_command_list() -> None:
    text = view.render(Board(), ScreenState(layout=Layout.BONUSES)).to_text()
    assert "p: pick" not in text
    assert "Shut-Out" in text


def test_larger_terminal_keeps_layout_top_left() -> None:
    small = view.render(Board(), ScreenState()).to_text().split("\n")
    big = view.render(Board(), ScreenState(), height=40, width=120)
    assert big.width == 120 and big.height == 40
    assert [big.row_text(r) for r in range(24)] == small
    assert all(big.row_text(r) == "" for r in range(24, 40))


def test_colour_is_only_a_help() -> None:
    board = Board(hand=("Stop", "Go", "Extra Tank", "25", None, None, None))
    plain = view.render(board, ScreenState())
    coloured = view.render(board, ScreenState(colour=True))
    assert plain.to_text() == coloured.to_text()
    assert coloured.styles[6][2] & Style.RED
    assert coloured.styles[7][2] & Style.GREEN
