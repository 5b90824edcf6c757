"""The screen (spec §11): the mock-up of the spec redrawn from a real position."""

from __future__ import annotations

from pathlib import Path

from parlour.core.text import width
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import Move
from parlour.midnightoil.terminal.view import Board, hit_test, render_board
from parlour.tui.frame import Style
from parlour.tui.glyphs import ASCII, UNICODE

GOLDEN = Path(__file__).parent.parent / "golden"
MOCKUP_MOVES = [
    "c -> 1", "c -> m", "o -> 2", "l -> o", "k -> l", "q -> p", "q -> 4",
    "k -> 4", "f -> k", "f -> l", "f -> 1", "k -> 1", "b -> m", "b -> r",
]  # fmt: skip


def mockup_board() -> Board:
    game = Game(4207718931)
    for text in MOCKUP_MOVES:
        game.apply(Move.parse(text))
    state = game.state
    return Board(
        state=state,
        moves=game.moves,
        selected=1,
        fan_targets=frozenset({state.build_target(state.fans[1][-1])}),
        hint=Move.parse("k -> 1"),
        message="b selected: 9♥ · it can go onto T♥ (fan o) · o/Space moves it, Esc cancels",
        status="Hint: 4♣ (k) to foundation 1 ♣",
    )


def test_the_spec_mockup_is_a_real_position_after_14_moves() -> None:
    frame = render_board(mockup_board(), UNICODE)
    assert frame.to_text() + "\n" == (GOLDEN / "spec-mockup.txt").read_text(encoding="utf-8")


def test_styles_top_bold_selected_reversed_hint_underlined_red_suits() -> None:
    frame = render_board(mockup_board(), UNICODE)
    a_top = frame.styles[1][11]  # 8S, top of fan a
    assert a_top & Style.BOLD and not a_top & Style.RED
    assert not frame.styles[1][5] & Style.BOLD  # TS under it
    assert frame.styles[1][8] & Style.RED  # 6H
    assert frame.styles[2][5] & Style.REVERSE  # 9H, the selected card on b
    assert frame.styles[10][5] & Style.UNDERLINE  # 4C on k: the hint's source
    assert frame.styles[1][55] & Style.UNDERLINE  # foundation 1: the hint's target
    assert frame.styles[6][5] & Style.DIM  # the dot of an empty fan


def test_ascii_glyphs() -> None:
    frame = render_board(mockup_board(), ASCII)
    text = "\n".join(frame.row_text(r) for r in range(20))  # the board, not the messages
    assert " o | KH JH TH <" in text
    assert "| 1 C  3C" in text and "| 3 H  --" in text
    assert "\u2663" not in text


def test_long_deal_number_fits() -> None:
    frame = render_board(Board(state=Game(2**64 - 1).state), ASCII)
    assert frame.row_text(0) == (
        " Midnight Oil  deal 18446744073709551615  deal 1 of 3   moves 0   home 0/52"
    )


def test_hit_test() -> None:
    assert hit_test(3, 11, 80) == ("fan", 2, 2)
    assert hit_test(3, 2, 80) == ("fan", 2, -1)
    assert hit_test(2, 60, 80) == ("foundation", 1, 0)
    assert hit_test(2, 60, 120) == ("fan", 1, 18)
    assert hit_test(2, 100, 120) == ("foundation", 1, 0)
    assert hit_test(0, 10, 80) is None and hit_test(22, 10, 80) is None


def test_long_lines_are_cut_by_display_columns_and_marked() -> None:
    board = Board(state=Game(1).state, message="word " * 30, status="x" * 100)
    frame = render_board(board, ASCII)
    assert frame.row_text(22).endswith("...") and len(frame.row_text(22)) == 79
    assert len(frame.row_text(23)) == 79 and frame.row_text(23).endswith("...")
    wide = render_board(Board(state=Game(1).state, message="\u6f22" * 60), UNICODE)
    assert width(wide.row_text(22)) <= 79 and wide.row_text(22).endswith("\u2026")


def test_control_characters_in_a_message_are_shown_escaped() -> None:
    board = Board(state=Game(1).state, message="file \x1b]0;owned\x07 here", status="\x9b2J")
    text = render_board(board, ASCII).to_text()
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text
    assert "^[]0;owned^G here" in text


def test_the_title_row_follows_the_panel_on_a_wide_terminal() -> None:
    board = Board(state=Game(1).state)
    narrow = render_board(board, ASCII, 80).row_text(0)
    wide = render_board(board, ASCII, 120).row_text(0)
    assert narrow.index("deal 1 of 3") == 41
    assert wide.index("deal 1 of 3") == 81
    assert wide.endswith("home 0/52") and len(wide) == len(narrow) + 40


def test_the_panel_lists_every_key_and_keeps_its_notes_in_24_rows() -> None:
    board = mockup_board()
    board.panel_notes = ["time 0:04   undos 0", "your best 47/52 (won)", "solved by computer"]
    frame = render_board(board, ASCII)
    panel = [frame.row_text(row)[55:] for row in range(9, 20)]
    assert panel == [
        "t hint   * auto",
        "! solve  x draw",
        "u undo   U redo",
        "D redeal S save",
        "N new    R restart",
        "# deal   i stats",
        "? help   Q quit",
        "w can it still be won?",
        "time 0:04   undos 0",
        "your best 47/52 (won)",
        "solved by computer",
    ]
    assert frame.row_text(22).startswith(" > b selected")  # the message row is untouched
    assert all(width(frame.row_text(row)) <= 80 for row in range(24))
