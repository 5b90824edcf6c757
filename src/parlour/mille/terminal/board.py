"""What the BSD mille screen shows, as data: the board, one side of it with its score
column (the game's own :class:`~parlour.mille.game.scoring.ScoreRow`), and the screen
state around them (prompt, message, layout).

:func:`board_from_view` builds the :class:`Board` from what the human's seat may
see; :func:`parlour.mille.terminal.view.render` draws it with a :class:`ScreenState`.
"""

from __future__ import annotations

from parlour.core.i18n import N_
from parlour.core.record import Frozen, field
from parlour.mille.files.uisave import Layout
from parlour.mille.game.cards import DISTANCES, LABELS, SAFETIES
from parlour.mille.game.scoring import (
    ALL_SAFETIES_POINTS,
    COUP_POINTS,
    SAFETY_POINTS,
    HandScore,
    ScoreRow,
)
from parlour.mille.game.seat import SeatView, Tableau

HAND_SLOTS = 7
# TRANSLATORS: BSD's move prompt (row 10, column 20; keep it short, 12 columns at most).
MOVE_PROMPT = N_(">>:Move:")
EXTENDED_GOAL = 1000
NO_SCORES = ScoreRow(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
"""An empty score column (a board built by hand, in tests)."""


class BoardSide(Frozen):
    """What the board shows of one player (never the computer's hand)."""

    safeties: tuple[bool, bool, bool, bool] = (False, False, False, False)
    """Played safeties, in SAFETY_LABELS order."""
    coups: tuple[bool, bool, bool, bool] = (False, False, False, False)
    """Which of them were played as a coup fourre (drawn with ``*``)."""
    battle: str | None = None
    speed: str | None = None
    distance: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    """How many 25, 50, 75, 100 and 200 cards were played this hand."""
    scores: ScoreRow = NO_SCORES
    """The player's column of the score window."""


class Board(Frozen):
    """Everything the board and score windows show about the game itself."""

    hand: tuple[str | None, ...] = (None,) * HAND_SLOTS
    """The human's seven slots, P first; card labels exactly as BSD prints them (English:
    the view translates them as it draws them)."""
    deck_count: int = 0
    discard: str | None = None
    extended: bool = False
    you: BoardSide = field(default_factory=BoardSide)
    comp: BoardSide = field(default_factory=BoardSide)


class ScreenState(Frozen):
    """The UI state the view needs: prompt, typed text, messages, window layout."""

    prompt: str = MOVE_PROMPT
    echo: str = ""
    """What the player has typed after the prompt (``U3``, a file name...)."""
    echo_cursor: int | None = None
    """Cursor position inside ``echo``, in characters (default: after it)."""
    last_move: tuple[str, str] | None = None
    """The computer's last action: ("PLAY" or "DISCARD", BSD's card label), untranslated."""
    message: str = ""
    layout: Layout = Layout.COMMANDS
    ordering: bool = False
    """The order-hand option (changes the ``o:`` line of the command list)."""
    colour: bool = False
    bell: bool = False
    level_note: str = ""
    """Which computer plays, in the score window's title row ("" for the default level)."""


def _scores(tableau: Tableau, row: ScoreRow | None) -> ScoreRow:
    """A side's score column: the hand's own row once it is scored (``row``), before that
    the points on the table and no bonus yet."""
    if row is not None:
        return row
    coups = sum(coup for _card, coup in tableau.safeties)
    laid = len(tableau.safeties)
    return ScoreRow(
        milestones=tableau.mileage,
        safeties=SAFETY_POINTS * laid,
        all_four=ALL_SAFETIES_POINTS if laid == len(SAFETIES) else 0,
        coups=COUP_POINTS * coups,
        trip=0,
        safe_trip=0,
        delayed_action=0,
        extension=0,
        shut_out=0,
        hand_total=tableau.hand_total,
        overall_total=tableau.overall_total,
        games=tableau.games_won,
    )


def _side_from_tableau(tableau: Tableau, row: ScoreRow | None) -> BoardSide:
    played = {card: coup for card, coup in tableau.safeties}
    flags = tuple(card in played for card in SAFETIES)
    coups = tuple(played.get(card, False) for card in SAFETIES)
    counts = tuple(tableau.distance_played.count(card) for card in DISTANCES)
    return BoardSide(
        safeties=(flags[0], flags[1], flags[2], flags[3]),
        coups=(coups[0], coups[1], coups[2], coups[3]),
        battle=LABELS[tableau.battle] if tableau.battle is not None else None,
        speed=LABELS[tableau.speed] if tableau.speed is not None else None,
        distance=(counts[0], counts[1], counts[2], counts[3], counts[4]),
        scores=_scores(tableau, row),
    )


def board_from_view(seat: SeatView, score: HandScore | None = None) -> Board:
    """The board as the human sees it; ``score`` fills the bonus rows at the end of a hand.

    The discard pile shows the last card discarded *this hand* (BSD kept showing the
    previous hand's last discard until the first new one; we do not).
    """
    you_bonus = score[seat.me] if score is not None else None
    comp_bonus = score[1 - seat.me] if score is not None else None
    return Board(
        hand=tuple(LABELS[card] if card is not None else None for card in seat.hand),
        deck_count=seat.deck_count,
        discard=LABELS[seat.discards[-1]] if seat.discards else None,
        extended=seat.goal == EXTENDED_GOAL,
        you=_side_from_tableau(seat.mine, you_bonus),
        comp=_side_from_tableau(seat.theirs, comp_bonus),
    )
