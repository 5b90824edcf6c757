"""The view redraws every BSD reference screen character for character."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.mille.terminal import view
from parlour.mille.terminal.view import Board, Layout, ScreenState
from parlour.tui.frame import Style
from tests.mille.reference import parse, read_screen, reference_dir

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
