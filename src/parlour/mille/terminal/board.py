"""What the BSD mille screen shows, as data: the board, one side of it, the score column,
and the screen state around them (prompt, message, layout).

:func:`board_from_view` builds the :class:`Board` from what the human's seat may
see; :func:`parlour.mille.terminal.view.render` draws it with a :class:`Screen`.
"""

from __future__ import annotations

from parlour.core.i18n import N_
from parlour.core.record import Frozen
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


class Scores(Frozen):
    """One player's column of the score window."""

    mileage: int = 0
    safeties: int = 0
    all_four: int = 0
    coups: int = 0
    trip: int = 0
    safe_trip: int = 0
    delayed_action: int = 0
    extension: int = 0
    shut_out: int = 0
    hand_total: int = 0
    overall_total: int = 0
    games: int = 0


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
    """The human's seven slots, P first; card labels exactly as BSD prints them (English:
    the view translates them as it draws them)."""
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
        battle=LABELS[tableau.battle] if tableau.battle is not None else None,
        speed=LABELS[tableau.speed] if tableau.speed is not None else None,
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
        hand=tuple(LABELS[card] if card is not None else None for card in seat.hand),
        deck_count=seat.deck_count,
        discard=LABELS[seat.discards[-1]] if seat.discards else None,
        extended=seat.goal == EXTENDED_GOAL,
        you=_side_from_tableau(seat.mine, you_bonus),
        comp=_side_from_tableau(seat.theirs, comp_bonus),
    )
