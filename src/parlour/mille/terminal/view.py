"""The BSD mille screen: a pure function from a board model and UI state to an 80x24 Frame.

Layout reproduced from BSD mille (spec/mille.md section 7), rows and columns 0-based:

* board window, rows 0-16, columns 0-39: the four safety rows of each player
  (name at column 2 / 22, ``*`` at 0 / 20 for a coup fourre), the
  ``Extension`` label (row 4, column 9, reverse video), the hand with its P
  slot (rows 6-12), deck count, discard, the prompt (row 10, column 20), the
  computer's last action (rows 11-12) and both battle and speed piles;
* score window, rows 0-16, columns 40-79, in two layouts: the command list
  (used while playing) or the bonus table (shown at the end of a hand, or any
  time with ``W``); row 15 is the message line, row 16 the bottom border;
* mileage window, rows 17-23: one row per distance denomination, the n-th card
  at column 4n (you) or 40 + 4n (the computer).

Nothing here knows about curses; :func:`render` draws a small
:class:`~parlour.mille.terminal.board.Board` model, which
:func:`~parlour.mille.terminal.board.board_from_view` builds from what the human's seat
may see (``parlour.mille.terminal.board``; re-exported here).
"""

from __future__ import annotations

from parlour.core.i18n import N_, _, pgettext
from parlour.core.text import fit, width
from parlour.mille.files.uisave import Layout
from parlour.mille.terminal.board import (
    HAND_SLOTS,
    MOVE_PROMPT,
    Board,
    BoardSide,
    ScreenState,
    board_from_view,
)
from parlour.mille.terminal.names import card_name
from parlour.tui.frame import Frame, Style
from parlour.tui.prompts import window

__all__ = [
    "HAND_SLOTS",
    "MOVE_PROMPT",
    "Board",
    "BoardSide",
    "Layout",
    "ScreenState",
    "board_from_view",
    "render",
]

SCREEN_ROWS = 24
SCREEN_COLS = 80

SAFETY_LABELS = ("Extra Tank", "Puncture Proof", "Driving Ace", "Right of Way")
"""Fixed board rows 0-3, in this order whatever the order of play."""
HAZARD_LABELS = frozenset({"Out of Gas", "Flat Tire", "Accident", "Stop", "Speed Limit"})
REMEDY_LABELS = frozenset({"Gasoline", "Spare Tire", "Repairs", "Go", "End of Limit"})
DISTANCE_VALUES = (25, 50, 75, 100, 200)
SLOT_NAMES = ("P", "1", "2", "3", "4", "5", "6")

# Board window.
HUMAN_COL = 0
COMP_COL = 20
CARD_WIDTH = 18
EXTENSION_ROW, EXTENSION_COL = 4, 9
HAND_TITLE_ROW = 5
HAND_FIRST_ROW = 6
DECK_COUNT_COL = 22
DISCARD_TITLE_ROW = 7
DISCARD_ROW = 8
PROMPT_ROW, PROMPT_COL = 10, 20
MOVE_KIND_ROW = 11
MOVE_CARD_ROW = 12
MOVE_CARD_WIDTH = 16
BATTLE_TITLE_ROW, BATTLE_ROW = 13, 14
SPEED_TITLE_ROW, SPEED_ROW = 15, 16

# Score window.
SCORE_COL = 40
YOU_NUM_COL = 61
COMP_NUM_COL = 67
NUM_WIDTH = 4
VALUE_COL = 77
MESSAGE_ROW, MESSAGE_COL = 15, 45
BORDER_ROW = 16
LEVEL_NOTE_OFFSET = 2
"""Row 0 of the score window is blank up to "You" (column 61): the level goes there."""
LABEL_END_COL = 58
"""Score labels end at this column (``Games`` one further)."""

# Mileage window.
MILEAGE_TITLE_ROW = 17
MILEAGE_FIRST_ROW = 18
COMP_MILEAGE_TITLE_COL = 41
COMP_MILEAGE_COL = 40
MILEAGE_STEP = 4


def _card_style(label: str | None, colour: bool) -> Style:
    """Colour by card kind; the card name always says the same, so colour is only a help."""
    if not colour or label is None:
        return Style.NORMAL
    if label in SAFETY_LABELS:
        return Style.CYAN | Style.BOLD
    if label in HAZARD_LABELS:
        return Style.RED
    if label in REMEDY_LABELS:
        return Style.GREEN
    return Style.NORMAL


def _card_text(label: str | None) -> str:
    """A card name, in the player's language, in BSD's 18 columns (blanks for no card)."""
    if label is None:
        return " " * CARD_WIDTH
    name = card_name(label)
    return name + " " * (CARD_WIDTH - width(name))


MOVE_KINDS = {"PLAY": N_("PLAY"), "DISCARD": N_("DISCARD")}
"""The computer's last action, as BSD words it (row 11)."""
MOVE_CARD_ROOM = 19
"""A card name of the computer's last action ends at column 35 (BSD's 16 columns,
right-justified); a longer name (none in English) takes up to column 38."""


def _move_card_text(label: str) -> str:
    """The card of the computer's last action, right-justified in BSD's 16 columns."""
    name = card_name(label, MOVE_CARD_ROOM)
    return " " * max(0, MOVE_CARD_WIDTH - width(name)) + name


def _number(value: int) -> str:
    return str(value).rjust(NUM_WIDTH)


def _draw_board(frame: Frame, board: Board, screen: ScreenState) -> None:
    colour = screen.colour
    for index, label in enumerate(SAFETY_LABELS):
        for col, side in ((HUMAN_COL, board.you), (COMP_COL, board.comp)):
            if side.safeties[index]:
                if side.coups[index]:
                    frame.put(index, col, "*", Style.BOLD)
                frame.put(index, col + 2, card_name(label), _card_style(label, colour))
    if board.extended:
        # TRANSLATORS: the board's label once the trip goes on to 1000 (row 4, column 9).
        frame.put(EXTENSION_ROW, EXTENSION_COL, pgettext("board", "Extension"), Style.REVERSE)
    # TRANSLATORS: the board's titles; each fits 18 columns.
    frame.put(HAND_TITLE_ROW, HUMAN_COL, _("--HAND--"))
    frame.put(HAND_TITLE_ROW, COMP_COL, _("--DECK--"))
    for slot in range(HAND_SLOTS):
        row = HAND_FIRST_ROW + slot
        frame.put(row, HUMAN_COL, SLOT_NAMES[slot])
        card = board.hand[slot] if slot < len(board.hand) else None
        frame.put(row, HUMAN_COL + 2, _card_text(card).rstrip(), _card_style(card, colour))
    frame.put(HAND_FIRST_ROW, DECK_COUNT_COL, str(board.deck_count).rjust(2))
    frame.put(DISCARD_TITLE_ROW, COMP_COL, _("--DISCARD--"))
    if board.discard is not None:
        style = _card_style(board.discard, colour)
        frame.put(DISCARD_ROW, COMP_COL + 2, card_name(board.discard), style)
    if screen.last_move is not None:
        kind, label = screen.last_move
        frame.put(MOVE_KIND_ROW, COMP_COL, _(MOVE_KINDS.get(kind, kind)))
        frame.put(MOVE_CARD_ROW, COMP_COL, _move_card_text(label), _card_style(label, colour))
    battle, speed = _("--BATTLE--"), _("--SPEED--")
    frame.put(BATTLE_TITLE_ROW, HUMAN_COL, battle)
    frame.put(BATTLE_TITLE_ROW, COMP_COL, battle)
    frame.put(SPEED_TITLE_ROW, HUMAN_COL, speed)
    frame.put(SPEED_TITLE_ROW, COMP_COL, speed)
    for col, side in ((HUMAN_COL, board.you), (COMP_COL, board.comp)):
        if side.battle is not None:
            frame.put(BATTLE_ROW, col + 2, card_name(side.battle), _card_style(side.battle, colour))
        if side.speed is not None:
            frame.put(SPEED_ROW, col + 2, card_name(side.speed), _card_style(side.speed, colour))


def _draw_prompt(frame: Frame, screen: ScreenState) -> None:
    reverse = screen.prompt == MOVE_PROMPT
    after = frame.put(
        PROMPT_ROW, PROMPT_COL, _(screen.prompt), Style.REVERSE if reverse else Style.NORMAL
    )
    start = after + 1
    room = SCORE_COL - start
    cursor = len(screen.echo) if screen.echo_cursor is None else screen.echo_cursor
    # A long file name scrolls inside the board window, by display columns, as a line
    # editor does (the cursor's end in sight), rather than spilling into the scores.
    echo, column = window(screen.echo, cursor, room)
    frame.put(PROMPT_ROW, start, echo)
    frame.cursor = (PROMPT_ROW, min(start + column, SCORE_COL - 1))


def _score_row(frame: Frame, row: int, label: str, you: int, comp: int, value: int | None) -> None:
    """One row of the score window: BSD's ``label`` (translated), right-justified."""
    end = LABEL_END_COL + 1 if label == GAMES else LABEL_END_COL
    shown = _(label)
    frame.put(row, end - width(shown) + 1, shown)
    frame.put(row, YOU_NUM_COL, _number(you))
    frame.put(row, COMP_NUM_COL, _number(comp))
    if value is not None:
        frame.put(row, VALUE_COL, str(value))


HEADER_COL = 62
HEADER_ENDS = (64, 71, 79)
"""The last columns of ``You``, ``Comp`` and ``Value`` (each heading right-justified)."""
SUB_RULE = "----   ----   -----"
TOTAL_RULE = "-----  -----"
SUB_RULE_COL = 61
TOTAL_RULE_COL = 60

# TRANSLATORS: the score window's rows, right-justified: 18 columns at most.
BONUS_ROWS = (
    (N_("Trip Completed"), "trip", 400),
    (N_("Safe Trip"), "safe_trip", 300),
    (N_("Delayed Action"), "delayed_action", 300),
    (N_("Extension"), "extension", 200),
    (N_("Shut-Out"), "shut_out", 500),
)
HAND_ROWS = (
    (N_("Milestones Played"), "milestones", None),
    (N_("Each Safety"), "safeties", 100),
    (N_("All 4 Safeties"), "all_four", 300),
    (N_("Each Coup Fourre"), "coups", 300),
)
HAND_TOTAL = N_("Hand Total")
OVERALL_TOTAL = N_("Overall Total")
GAMES = N_("Games")
# TRANSLATORS: the score window's headings over the player's and the computer's numbers
# (4 columns each: 6 at most) and the points of a row (7 columns at most).
HEADINGS = (N_("You"), N_("Comp"), N_("Value"))
# TRANSLATORS: the command list (rows 11-14): 18 columns at most each; the keys stay.
COMMANDS = (
    (N_("p: pick"), N_("q: quit")),
    (N_("u: use #"), None),
    (N_("d: discard #"), N_("s: save")),
    (N_("w: toggle window"), N_("r: reprint")),
)
ORDER_ON, ORDER_OFF = N_("o: order hand"), N_("o: stop ordering")


def _draw_scores(frame: Frame, board: Board, screen: ScreenState) -> None:
    for row in range(BORDER_ROW):
        frame.put(row, SCORE_COL, "|")
    frame.put(BORDER_ROW, SCORE_COL, "|" + "_" * (SCREEN_COLS - SCORE_COL - 1))
    for heading, end in zip(HEADINGS, HEADER_ENDS, strict=True):
        shown = _(heading)
        frame.put(0, end - width(shown) + 1, shown)
    you, comp = board.you.scores, board.comp.scores
    row = 1
    rows = HAND_ROWS + (BONUS_ROWS if screen.layout is Layout.BONUSES else ())
    for label, attr, value in rows:
        _score_row(frame, row, label, getattr(you, attr), getattr(comp, attr), value)
        row += 1
    frame.put(row, SUB_RULE_COL, SUB_RULE)
    _score_row(frame, row + 1, HAND_TOTAL, you.hand_total, comp.hand_total, None)
    frame.put(row + 2, TOTAL_RULE_COL, TOTAL_RULE)
    _score_row(frame, row + 3, OVERALL_TOTAL, you.overall_total, comp.overall_total, None)
    _score_row(frame, row + 4, GAMES, you.games, comp.games, None)
    if screen.layout is Layout.COMMANDS:
        order = ORDER_OFF if screen.ordering else ORDER_ON
        for offset, (left, right) in enumerate(COMMANDS):
            frame.put(11 + offset, 42, _(left))
            frame.put(11 + offset, 61, _(right or order))
    if screen.message:
        frame.put(MESSAGE_ROW, MESSAGE_COL, fit(screen.message, SCREEN_COLS - MESSAGE_COL, ""))


def _draw_mileage(frame: Frame, board: Board, screen: ScreenState) -> None:
    title = _("--MILEAGE--")
    frame.put(MILEAGE_TITLE_ROW, HUMAN_COL, title)
    frame.put(MILEAGE_TITLE_ROW, COMP_MILEAGE_TITLE_COL, title)
    for col, side in ((HUMAN_COL, board.you), (COMP_MILEAGE_COL, board.comp)):
        for index, value in enumerate(DISTANCE_VALUES):
            for n in range(side.distance[index]):
                frame.put(MILEAGE_FIRST_ROW + index, col + MILEAGE_STEP * n, str(value))


def render(
    board: Board, screen: ScreenState, height: int = SCREEN_ROWS, width: int = SCREEN_COLS
) -> Frame:
    """Draw the whole BSD mille screen; a larger terminal keeps the 80x24 layout top-left."""
    frame = Frame(max(width, SCREEN_COLS), max(height, SCREEN_ROWS))
    _draw_board(frame, board, screen)
    _draw_scores(frame, board, screen)
    _draw_mileage(frame, board, screen)
    _draw_prompt(frame, screen)
    if screen.level_note:
        frame.put(0, SCORE_COL + LEVEL_NOTE_OFFSET, screen.level_note)
    frame.bell = screen.bell
    return frame
