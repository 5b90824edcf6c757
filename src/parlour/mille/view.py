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

Nothing here knows about curses; :func:`render` draws a small :class:`Board`
model, which :func:`board_from_view` builds from what the human's seat may see.
"""

from __future__ import annotations

from enum import Enum

from parlour.core.record import Frozen
from parlour.mille.cards import DISTANCES, SAFETIES
from parlour.mille.scoring import (
    ALL_SAFETIES_POINTS,
    COUP_POINTS,
    SAFETY_POINTS,
    HandScore,
    ScoreRow,
)
from parlour.mille.seat import SeatView, Tableau
from parlour.tui.frame import Frame, Style

SCREEN_ROWS = 24
SCREEN_COLS = 80

SAFETY_LABELS = ("Extra Tank", "Puncture Proof", "Driving Ace", "Right of Way")
"""Fixed board rows 0-3, in this order whatever the order of play."""
HAZARD_LABELS = frozenset({"Out of Gas", "Flat Tire", "Accident", "Stop", "Speed Limit"})
REMEDY_LABELS = frozenset({"Gasoline", "Spare Tire", "Repairs", "Go", "End of Limit"})
DISTANCE_VALUES = (25, 50, 75, 100, 200)
HAND_SLOTS = 7
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

MOVE_PROMPT = ">>:Move:"
EXTENDED_GOAL = 1000


class Layout(Enum):
    """The two layouts of the score window."""

    COMMANDS = "commands"
    BONUSES = "bonuses"


class Scores(Frozen):
    """One player's column of the score window."""

    mileage: int
    safeties: int
    all_four: int
    coups: int
    trip: int
    safe_trip: int
    delayed_action: int
    extension: int
    shut_out: int
    hand_total: int
    overall_total: int
    games: int

    __slots__ = (
        "mileage",
        "safeties",
        "all_four",
        "coups",
        "trip",
        "safe_trip",
        "delayed_action",
        "extension",
        "shut_out",
        "hand_total",
        "overall_total",
        "games",
    )

    def __init__(
        self,
        mileage: int = 0,
        safeties: int = 0,
        all_four: int = 0,
        coups: int = 0,
        trip: int = 0,
        safe_trip: int = 0,
        delayed_action: int = 0,
        extension: int = 0,
        shut_out: int = 0,
        hand_total: int = 0,
        overall_total: int = 0,
        games: int = 0,
    ) -> None:
        object.__setattr__(self, "mileage", mileage)
        object.__setattr__(self, "safeties", safeties)
        object.__setattr__(self, "all_four", all_four)
        object.__setattr__(self, "coups", coups)
        object.__setattr__(self, "trip", trip)
        object.__setattr__(self, "safe_trip", safe_trip)
        object.__setattr__(self, "delayed_action", delayed_action)
        object.__setattr__(self, "extension", extension)
        object.__setattr__(self, "shut_out", shut_out)
        object.__setattr__(self, "hand_total", hand_total)
        object.__setattr__(self, "overall_total", overall_total)
        object.__setattr__(self, "games", games)


class Side(Frozen):
    """What the board shows of one player (never the computer's hand)."""

    safeties: tuple[bool, bool, bool, bool]
    """Played safeties, in SAFETY_LABELS order."""
    coups: tuple[bool, bool, bool, bool]
    """Which of them were played as a coup fourre (drawn with ``*``)."""
    battle: str | None
    speed: str | None
    distance: tuple[int, int, int, int, int]
    """How many 25, 50, 75, 100 and 200 cards were played this hand."""
    scores: Scores

    __slots__ = ("safeties", "coups", "battle", "speed", "distance", "scores")

    def __init__(
        self,
        safeties: tuple[bool, bool, bool, bool] = (False, False, False, False),
        coups: tuple[bool, bool, bool, bool] = (False, False, False, False),
        battle: str | None = None,
        speed: str | None = None,
        distance: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0),
        scores: Scores | None = None,
    ) -> None:
        object.__setattr__(self, "safeties", safeties)
        object.__setattr__(self, "coups", coups)
        object.__setattr__(self, "battle", battle)
        object.__setattr__(self, "speed", speed)
        object.__setattr__(self, "distance", distance)
        object.__setattr__(self, "scores", Scores() if scores is None else scores)


class Board(Frozen):
    """Everything the board and score windows show about the game itself."""

    hand: tuple[str | None, ...]
    """The human's seven slots, P first; card labels exactly as BSD prints them."""
    deck_count: int
    discard: str | None
    extended: bool
    you: Side
    comp: Side

    __slots__ = ("hand", "deck_count", "discard", "extended", "you", "comp")

    def __init__(
        self,
        hand: tuple[str | None, ...] = (None,) * HAND_SLOTS,
        deck_count: int = 0,
        discard: str | None = None,
        extended: bool = False,
        you: Side | None = None,
        comp: Side | None = None,
    ) -> None:
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "deck_count", deck_count)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "extended", extended)
        object.__setattr__(self, "you", Side() if you is None else you)
        object.__setattr__(self, "comp", Side() if comp is None else comp)


class Screen(Frozen):
    """The UI state the view needs: prompt, typed text, messages, window layout."""

    prompt: str
    echo: str
    """What the player has typed after the prompt (``U3``, a file name...)."""
    echo_cursor: int | None
    """Cursor position inside ``echo`` (default: after it)."""
    last_move: tuple[str, str] | None
    """The computer's last action: ("PLAY" or "DISCARD", card label)."""
    message: str
    layout: Layout
    ordering: bool
    """The order-hand option (changes the ``o:`` line of the command list)."""
    colour: bool
    bell: bool
    level_note: str
    """Which computer plays, in the score window's title row ("" for the default level)."""

    __slots__ = (
        "prompt",
        "echo",
        "echo_cursor",
        "last_move",
        "message",
        "layout",
        "ordering",
        "colour",
        "bell",
        "level_note",
    )

    def __init__(
        self,
        prompt: str = MOVE_PROMPT,
        echo: str = "",
        echo_cursor: int | None = None,
        last_move: tuple[str, str] | None = None,
        message: str = "",
        layout: Layout = Layout.COMMANDS,
        ordering: bool = False,
        colour: bool = False,
        bell: bool = False,
        level_note: str = "",
    ) -> None:
        object.__setattr__(self, "prompt", prompt)
        object.__setattr__(self, "echo", echo)
        object.__setattr__(self, "echo_cursor", echo_cursor)
        object.__setattr__(self, "last_move", last_move)
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "layout", layout)
        object.__setattr__(self, "ordering", ordering)
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "bell", bell)
        object.__setattr__(self, "level_note", level_note)


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
    """A card name left-justified in 18 columns (blanks for no card)."""
    return (label or "")[:CARD_WIDTH].ljust(CARD_WIDTH)


def _number(value: int) -> str:
    return str(value).rjust(NUM_WIDTH)


def _draw_board(frame: Frame, board: Board, screen: Screen) -> None:
    colour = screen.colour
    for index, label in enumerate(SAFETY_LABELS):
        for col, side in ((HUMAN_COL, board.you), (COMP_COL, board.comp)):
            if side.safeties[index]:
                if side.coups[index]:
                    frame.put(index, col, "*", Style.BOLD)
                frame.put(index, col + 2, label, _card_style(label, colour))
    if board.extended:
        frame.put(EXTENSION_ROW, EXTENSION_COL, "Extension", Style.REVERSE)
    frame.put(HAND_TITLE_ROW, HUMAN_COL, "--HAND--")
    frame.put(HAND_TITLE_ROW, COMP_COL, "--DECK--")
    for slot in range(HAND_SLOTS):
        row = HAND_FIRST_ROW + slot
        frame.put(row, HUMAN_COL, SLOT_NAMES[slot])
        card = board.hand[slot] if slot < len(board.hand) else None
        frame.put(row, HUMAN_COL + 2, _card_text(card).rstrip(), _card_style(card, colour))
    frame.put(HAND_FIRST_ROW, DECK_COUNT_COL, str(board.deck_count).rjust(2))
    frame.put(DISCARD_TITLE_ROW, COMP_COL, "--DISCARD--")
    if board.discard is not None:
        frame.put(DISCARD_ROW, COMP_COL + 2, board.discard, _card_style(board.discard, colour))
    if screen.last_move is not None:
        kind, label = screen.last_move
        frame.put(MOVE_KIND_ROW, COMP_COL, kind)
        frame.put(
            MOVE_CARD_ROW,
            COMP_COL,
            label[:MOVE_CARD_WIDTH].rjust(MOVE_CARD_WIDTH),
            _card_style(label, colour),
        )
    frame.put(BATTLE_TITLE_ROW, HUMAN_COL, "--BATTLE--")
    frame.put(BATTLE_TITLE_ROW, COMP_COL, "--BATTLE--")
    frame.put(SPEED_TITLE_ROW, HUMAN_COL, "--SPEED--")
    frame.put(SPEED_TITLE_ROW, COMP_COL, "--SPEED--")
    for col, side in ((HUMAN_COL, board.you), (COMP_COL, board.comp)):
        if side.battle is not None:
            frame.put(BATTLE_ROW, col + 2, side.battle, _card_style(side.battle, colour))
        if side.speed is not None:
            frame.put(SPEED_ROW, col + 2, side.speed, _card_style(side.speed, colour))


def _draw_prompt(frame: Frame, screen: Screen) -> None:
    reverse = screen.prompt == MOVE_PROMPT
    after = frame.put(
        PROMPT_ROW, PROMPT_COL, screen.prompt, Style.REVERSE if reverse else Style.NORMAL
    )
    start = after + 1
    room = SCORE_COL - start
    echo = screen.echo
    cursor = len(echo) if screen.echo_cursor is None else screen.echo_cursor
    # A long file name scrolls inside the board window rather than spilling into the scores.
    if room > 0 and len(echo) >= room:
        first = max(0, min(cursor - room + 1, len(echo) - room + 1))
        echo = echo[first : first + room]
        cursor -= first
    frame.put(PROMPT_ROW, start, echo[: max(room, 0)])
    frame.cursor = (PROMPT_ROW, min(start + cursor, SCORE_COL - 1))


def _score_row(frame: Frame, row: int, label: str, you: int, comp: int, value: int | None) -> None:
    end = LABEL_END_COL + 1 if label == "Games" else LABEL_END_COL
    frame.put(row, end - len(label) + 1, label)
    frame.put(row, YOU_NUM_COL, _number(you))
    frame.put(row, COMP_NUM_COL, _number(comp))
    if value is not None:
        frame.put(row, VALUE_COL, str(value))


HEADER_COL = 62
SUB_RULE = "----   ----   -----"
TOTAL_RULE = "-----  -----"
SUB_RULE_COL = 61
TOTAL_RULE_COL = 60

BONUS_ROWS = (
    ("Trip Completed", "trip", 400),
    ("Safe Trip", "safe_trip", 300),
    ("Delayed Action", "delayed_action", 300),
    ("Extension", "extension", 200),
    ("Shut-Out", "shut_out", 500),
)
HAND_ROWS = (
    ("Milestones Played", "mileage", None),
    ("Each Safety", "safeties", 100),
    ("All 4 Safeties", "all_four", 300),
    ("Each Coup Fourre", "coups", 300),
)


def _draw_scores(frame: Frame, board: Board, screen: Screen) -> None:
    for row in range(BORDER_ROW):
        frame.put(row, SCORE_COL, "|")
    frame.put(BORDER_ROW, SCORE_COL, "|" + "_" * (SCREEN_COLS - SCORE_COL - 1))
    frame.put(0, HEADER_COL, "You   Comp   Value")
    you, comp = board.you.scores, board.comp.scores
    row = 1
    rows = HAND_ROWS + (BONUS_ROWS if screen.layout is Layout.BONUSES else ())
    for label, attr, value in rows:
        _score_row(frame, row, label, getattr(you, attr), getattr(comp, attr), value)
        row += 1
    frame.put(row, SUB_RULE_COL, SUB_RULE)
    _score_row(frame, row + 1, "Hand Total", you.hand_total, comp.hand_total, None)
    frame.put(row + 2, TOTAL_RULE_COL, TOTAL_RULE)
    _score_row(frame, row + 3, "Overall Total", you.overall_total, comp.overall_total, None)
    _score_row(frame, row + 4, "Games", you.games, comp.games, None)
    if screen.layout is Layout.COMMANDS:
        order = "o: stop ordering" if screen.ordering else "o: order hand"
        commands = (
            ("p: pick", "q: quit"),
            ("u: use #", order),
            ("d: discard #", "s: save"),
            ("w: toggle window", "r: reprint"),
        )
        for offset, (left, right) in enumerate(commands):
            frame.put(11 + offset, 42, left)
            frame.put(11 + offset, 61, right)
    if screen.message:
        frame.put(MESSAGE_ROW, MESSAGE_COL, screen.message[: SCREEN_COLS - MESSAGE_COL])


def _draw_mileage(frame: Frame, board: Board, screen: Screen) -> None:
    frame.put(MILEAGE_TITLE_ROW, HUMAN_COL, "--MILEAGE--")
    frame.put(MILEAGE_TITLE_ROW, COMP_MILEAGE_TITLE_COL, "--MILEAGE--")
    for col, side in ((HUMAN_COL, board.you), (COMP_MILEAGE_COL, board.comp)):
        for index, value in enumerate(DISTANCE_VALUES):
            for n in range(side.distance[index]):
                frame.put(MILEAGE_FIRST_ROW + index, col + MILEAGE_STEP * n, str(value))


def render(
    board: Board, screen: Screen, height: int = SCREEN_ROWS, width: int = SCREEN_COLS
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


def _side_from_tableau(tableau: Tableau, bonuses: ScoreRow | None) -> Side:
    played = {card: coup for card, coup in tableau.safeties}
    flags = tuple(card in played for card in SAFETIES)
    coups = tuple(played.get(card, False) for card in SAFETIES)
    counts = tuple(tableau.distance_played.count(card) for card in DISTANCES)
    scores = Scores(
        mileage=tableau.mileage,
        safeties=SAFETY_POINTS * len(played),
        all_four=ALL_SAFETIES_POINTS if len(played) == len(SAFETIES) else 0,
        coups=COUP_POINTS * sum(coups),
        trip=bonuses.trip if bonuses else 0,
        safe_trip=bonuses.safe_trip if bonuses else 0,
        delayed_action=bonuses.delayed_action if bonuses else 0,
        extension=bonuses.extension if bonuses else 0,
        shut_out=bonuses.shut_out if bonuses else 0,
        hand_total=tableau.hand_total,
        overall_total=tableau.overall_total,
        games=tableau.games_won,
    )
    return Side(
        safeties=(flags[0], flags[1], flags[2], flags[3]),
        coups=(coups[0], coups[1], coups[2], coups[3]),
        battle=tableau.battle.label if tableau.battle is not None else None,
        speed=tableau.speed.label if tableau.speed is not None else None,
        distance=(counts[0], counts[1], counts[2], counts[3], counts[4]),
        scores=scores,
    )


def board_from_view(seat: SeatView, score: HandScore | None = None) -> Board:
    """The board as the human sees it; ``score`` fills the bonus rows at the end of a hand.

    The discard pile shows the last card discarded *this hand* (BSD kept showing the
    previous hand's last discard until the first new one; we do not).
    """
    you_bonus = score[seat.me] if score is not None else None
    comp_bonus = score[1 - seat.me] if score is not None else None
    return Board(
        hand=tuple(card.label if card is not None else None for card in seat.hand),
        deck_count=seat.deck_count,
        discard=seat.discards[-1].label if seat.discards else None,
        extended=seat.goal == EXTENDED_GOAL,
        you=_side_from_tableau(seat.mine, you_bonus),
        comp=_side_from_tableau(seat.theirs, comp_bonus),
    )
