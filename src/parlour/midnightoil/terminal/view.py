"""The Midnight Oil screen (spec §11): a pure function from the board to a Frame.

Row 0 is the title line, rows 1-18 the fans ``a``-``s`` (no ``i``), one fan
per row, bottom card first; row 22 the message or prompt, row 23 the hint or
status. The panel on the right (26 columns after a bar) shows the
foundations, redeals left, the draw and a key summary. The top card of a fan
is bold, the selected card reversed, the hint's source and target
underlined, and a legal fan target gets a pointer after its row.
"""

from __future__ import annotations

from parlour.core.i18n import N_, _, number, pgettext
from parlour.core.record import Record, field
from parlour.core.text import ASCII_ELLIPSIS, ELLIPSIS, fit, pad
from parlour.core.text import width as text_width
from parlour.midnightoil.game.cards import FAN_COUNT, FAN_KEYS, RANKS, SUIT_COUNT, rank, suit
from parlour.midnightoil.game.rules import REDEALS, Move, State
from parlour.tui.frame import Frame, Style
from parlour.tui.glyphs import Glyphs
from parlour.tui.prompts import window

HEIGHT = 24
MIN_WIDTH = 80
FAN_ROW = 1
"""Screen row of fan ``a``."""
CARD_COL = 5
"""Column of the bottom card of each fan."""
CARD_STEP = 3
PANEL_WIDTH = 26
FOUNDATION_ROW = 1
MESSAGE_ROW = 22
STATUS_ROW = 23
RED_SUITS = (1, 2)
STATUS_COL = 41
"""Where the title line's "deal 1 of 3 ..." starts at 80 columns; it moves right with the panel."""

KEY_SUMMARY = (
    # TRANSLATORS: the panel's key summary: each line at most 24 columns, the keys (t * ! x
    # u U D S N R # i ? Q w) unchanged and in the same place.
    N_("t hint   * auto"),
    N_("! solve  x draw"),
    N_("u undo   U redo"),
    N_("D redeal S save"),
    N_("N new    R restart"),
    N_("# deal   i stats"),
    N_("? help   Q quit"),
    N_("w can it still be won?"),
)
"""Every key of the game, in the panel (the help's keys page says more)."""
PANEL_LABEL = 14
"""Columns of a panel label ("redeals left") before its value."""
KEYS_ROW = 9
NOTES_ROW = KEYS_ROW + len(KEY_SUMMARY)
"""The panel's notes (clock, your best...) follow the keys, down to row 21."""
NOTE_LINES = 5


class Board(Record):
    """Everything the board screen shows besides the position itself."""

    state: State
    moves: int = 0
    selected: int | None = None
    """The fan whose top card is the source."""
    cursor: tuple[int, int] | None = None
    """Cursor mode: (fan, card position from the bottom)."""
    draw_marks: frozenset[tuple[int, int]] = frozenset()
    """Draw mode: the submerged cards (fan, position) that may be drawn."""
    draw_card: tuple[int, int] | None = None
    """Draw mode: the highlighted or chosen submerged card."""
    fan_targets: frozenset[int] = frozenset()
    foundation_targets: frozenset[int] = frozenset()
    hint: Move | None = None
    message: str = ""
    status: str = ""
    prompt: str | None = None
    """A question or field label on the message row (then ``entry`` is its text)."""
    entry: str | None = None
    entry_cursor: int = 0
    panel_notes: list[str] = field(default_factory=list)
    """Extra lines at the bottom of the panel (clock, best result)."""
    over: bool = False


def panel_col(width: int) -> int:
    """First column of the right panel (the bar is just before it)."""
    return max(width, MIN_WIDTH) - PANEL_WIDTH


def card_text(card: int, glyphs: Glyphs) -> str:
    """Two characters: rank and suit symbol."""
    return RANKS[rank(card)] + glyphs.suits[suit(card)]


def card_style(card: int) -> Style:
    """Red suits in red (the symbol tells them apart too)."""
    return Style.RED if suit(card) in RED_SUITS else Style.NORMAL


def card_col(position: int) -> int:
    """Screen column of the card at ``position`` (0 = bottom) of a fan row."""
    return CARD_COL + CARD_STEP * position


def hit_test(row: int, col: int, width: int) -> tuple[str, int, int] | None:
    """What a click at (row, col) points at: ("fan", fan, position or -1),
    ("foundation", index, 0), or None."""
    left = panel_col(width)
    if col >= left:
        index = row - FOUNDATION_ROW
        if 0 <= index < SUIT_COUNT:
            return ("foundation", index, 0)
        return None
    fan = row - FAN_ROW
    if not 0 <= fan < FAN_COUNT:
        return None
    position = (col - CARD_COL) // CARD_STEP if col >= CARD_COL else -1
    return ("fan", fan, position)


def render_board(board: Board, glyphs: Glyphs, width: int = MIN_WIDTH) -> Frame:
    """The playing screen."""
    width = max(width, MIN_WIDTH)
    frame = Frame(width, HEIGHT)
    state = board.state
    _title(frame, board, width)
    hint_source = hint_target_fan = hint_foundation = -1
    if board.hint is not None and board.hint.kind != "redeal":
        hint_source = board.hint.source
        if board.hint.home:
            hint_foundation = board.hint.target
        else:
            hint_target_fan = board.hint.target
    left = panel_col(width)
    for fan in range(FAN_COUNT):
        row = FAN_ROW + fan
        label = Style.REVERSE if board.cursor and board.cursor[0] == fan else Style.NORMAL
        frame.put(row, 1, FAN_KEYS[fan], label | Style.BOLD)
        frame.put(row, 3, glyphs.vbar, Style.DIM)
        cards = state.fans[fan]
        if not cards:
            frame.put(row, CARD_COL, glyphs.dot, Style.DIM)
        for pos, card in enumerate(cards):
            style = card_style(card)
            top = pos == len(cards) - 1
            if top:
                style |= Style.BOLD
            if (fan, pos) in board.draw_marks:
                style |= Style.UNDERLINE
            if board.draw_card == (fan, pos) or (top and board.selected == fan):
                style |= Style.REVERSE
            if top and fan in (hint_source, hint_target_fan):
                style |= Style.UNDERLINE
            frame.put(row, card_col(pos), card_text(card, glyphs), style)
        if fan in board.fan_targets:
            frame.put(row, card_col(max(len(cards), 1)), glyphs.pointer, Style.BOLD)
        frame.put(row, left - 1, glyphs.vbar, Style.DIM)
    for row in range(FAN_ROW + FAN_COUNT, FAN_ROW + FAN_COUNT + 1):
        frame.put(row, left - 1, glyphs.vbar, Style.DIM)
    _panel(frame, board, glyphs, left, hint_foundation)
    if board.cursor is not None:
        fan, pos = board.cursor
        frame.cursor = (FAN_ROW + fan, card_col(max(pos, 0)))
    _bottom(frame, board, width, ELLIPSIS if glyphs.name == "unicode" else ASCII_ELLIPSIS)
    return frame


def _title(frame: Frame, board: Board, width: int) -> None:
    state = board.state
    frame.put(0, 1, "Midnight Oil", Style.BOLD)
    # TRANSLATORS: the title line's deal number (digits as typed after --deal).
    end = frame.put(0, 15, _("deal {number}").format(number=state.deal_number))
    # TRANSLATORS: the title line's right part (at most 38 columns with 2-digit moves).
    right = _("deal {phase} of {phases}   moves {moves}   home {home}/52").format(
        phase=number(state.phase),
        phases=number(REDEALS + 1),
        moves=number(board.moves),
        home=number(state.cards_home()),
    )
    follow = STATUS_COL + panel_col(width) - panel_col(MIN_WIDTH)
    frame.put(0, min(max(end + 2, follow), width - 1 - text_width(right)), right)


def _panel(frame: Frame, board: Board, glyphs: Glyphs, left: int, hint_foundation: int) -> None:
    state = board.state
    for index in range(SUIT_COUNT):
        row = FOUNDATION_ROW + index
        count = state.foundations[index]
        slot = Style.NORMAL
        if index in board.foundation_targets:
            slot = Style.REVERSE
        if index == hint_foundation:
            slot |= Style.UNDERLINE
        frame.put(row, left + 1, f"{index + 1} {glyphs.suits[index]}", slot | _suit_colour(index))
        if count:
            top = index * 13 + count - 1
            frame.put(row, left + 6, card_text(top, glyphs), card_style(top) | Style.BOLD)
        else:
            frame.put(row, left + 6, glyphs.hbar * 2, Style.DIM)
    # TRANSLATORS: panel labels, at most 13 columns (their values follow in column 15).
    frame.put(6, left + 1, pad(_("redeals left"), PANEL_LABEL) + number(state.redeals_left))
    ready = pgettext("the draw", "used") if state.draw_used else pgettext("the draw", "ready")
    frame.put(7, left + 1, pad(_("draw"), PANEL_LABEL) + ready)
    for i, line in enumerate(KEY_SUMMARY):
        frame.put(KEYS_ROW + i, left + 1, _(line), Style.DIM)
    for i, line in enumerate(board.panel_notes[:NOTE_LINES]):
        frame.put(NOTES_ROW + i, left + 1, fit(line, PANEL_WIDTH - 2, ""))


def _suit_colour(index: int) -> Style:
    return Style.RED if index in RED_SUITS else Style.NORMAL


def _bottom(frame: Frame, board: Board, width: int, mark: str) -> None:
    if board.prompt is not None:
        col = frame.put(MESSAGE_ROW, 1, "> " + board.prompt, Style.BOLD)
        if board.entry is not None:
            # scrolled by display columns, the cursor's end in sight
            shown, column = window(board.entry, board.entry_cursor, width - col - 2)
            frame.put(MESSAGE_ROW, col + 1, shown)
            frame.cursor = (MESSAGE_ROW, col + 1 + column)
    elif board.message:
        frame.put(MESSAGE_ROW, 1, fit("> " + board.message, width - 2, mark))
    if board.status:
        style = Style.BOLD if board.over else Style.NORMAL
        frame.put(STATUS_ROW, 1, fit(board.status, width - 2, mark), style)


def render_text_page(title: str, lines: list[str], footer: str, width: int = MIN_WIDTH) -> Frame:
    """A full-screen page of text (help, statistics)."""
    frame = Frame(max(width, MIN_WIDTH), HEIGHT)
    frame.put(0, 1, title, Style.BOLD)
    for i, line in enumerate(lines[: HEIGHT - 3]):
        frame.put(2 + i, 1, line)
    frame.put(HEIGHT - 1, 1, footer, Style.DIM)
    return frame
