"""The pieces of a Mille Bornes game: seats, moves, phases, events and a player's state.

``rules.py`` re-exports everything here, so ``from parlour.mille.game.rules import
Move`` keeps working; this module only keeps ``rules.py`` readable.
"""

from __future__ import annotations

from enum import Enum

from parlour.core.record import Frozen, Record, field
from parlour.mille.game.cards import LABELS, SAFETIES, Card
from parlour.mille.game.scoring import (
    ALL_SAFETIES_POINTS,
    COUP_POINTS,
    NUM_SAFETIES,
    SAFETY_POINTS,
    Bonuses,
    ScoreRow,
)
from parlour.mille.game.seat import Tableau

HUMAN, COMPUTER = 0, 1
HAND_SLOTS = 7
"""P plus slots 1..6."""
DEAL_SIZE = 6
GOAL = 700
EXTENDED_GOAL = 1000
MAX_200S = 2
SPEED_LIMIT_MAX = 50
"""Under a Speed Limit only cards of 50 or less may be played."""

SLOT_NAMES = ("P", "1", "2", "3", "4", "5", "6")


class IllegalMove(Exception):
    """A move the rules refuse; ``message`` is BSD's text (English, as BSD wrote it).

    ``template`` is the message as marked for the catalogs (``{card}``-style fields, filled
    from ``fields``: cards by their name, numbers as written); :meth:`shown` is the message
    in the player's language, made when it is shown.
    """

    def __init__(self, template: str, **fields: Card | int | str) -> None:
        self.template = template
        self.fields = fields
        self.message = template.format(
            **{
                key: LABELS[value] if isinstance(value, Card) else value
                for key, value in fields.items()
            }
        )
        super().__init__(self.message)

    def shown(self) -> str:
        """The message in the player's language."""
        from parlour.core.i18n import _, number

        return _(self.template).format(
            **{
                key: value.label
                if isinstance(value, Card)
                else number(value)
                if isinstance(value, int)
                else value
                for key, value in self.fields.items()
            }
        )


class Move(Frozen):
    """A player's move: pick, or use/discard the card of a slot (0 = P .. 6)."""

    kind: str
    slot: int = 0

    def __post_init__(self) -> None:
        if self.kind not in ("pick", "use", "discard"):
            raise ValueError(f"unknown move kind {self.kind!r}")
        if not 0 <= self.slot < HAND_SLOTS or (self.kind == "pick" and self.slot != 0):
            raise ValueError(f"bad slot {self.slot!r}")

    def __str__(self) -> str:
        if self.kind == "pick":
            return "pick"
        return f"{self.kind} {SLOT_NAMES[self.slot]}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read "pick", "use 3", "discard P" (also "p", "u3", "d p"; 0 means P)."""
        words = text.strip().lower().replace(" ", "")
        if words in ("pick", "p"):
            return cls("pick")
        for kind in ("use", "discard"):
            for prefix in (kind, kind[0]):
                if words.startswith(prefix) and len(words) == len(prefix) + 1:
                    slot_text = words[len(prefix) :]
                    if slot_text in ("p", "0"):
                        return cls(kind, 0)
                    if slot_text in "123456":
                        return cls(kind, int(slot_text))
        raise ValueError(f"not a move: {text!r}")


class Phase(Enum):
    """Where the match stands."""

    TURN = "TURN"
    EXTENSION = "EXTENSION"
    HAND_OVER = "HAND_OVER"
    GAME_OVER = "GAME_OVER"


class Event(Frozen):
    """Something that happened, for the screen's move lines and logs.

    kind: "pick", "play", "discard", "safety", "coup", "reach" (trip distance
    reached, extension question), "extension", "skip", "hand_over".
    """

    who: int
    kind: str
    card: Card | None = None
    slot: int | None = None


class PlayerState(Record):
    """One player's hand and tableau for the current hand, plus match totals."""

    hand: list[Card | None] = field(default_factory=lambda: [None] * HAND_SLOTS)
    battle: Card | None = None
    speed: Card | None = None
    battle_pile: list[Card] = field(default_factory=list)
    speed_pile: list[Card] = field(default_factory=list)
    mileage: int = 0
    safeties: dict[Card, bool] = field(default_factory=dict)
    distance_played: list[Card] = field(default_factory=list)
    can_go: bool = False
    fresh_battle: bool = False
    fresh_speed: bool = False
    hand_total: int = 0
    overall_total: int = 0
    games_won: int = 0
    bonuses: Bonuses = Bonuses()

    @property
    def picked(self) -> bool:
        """Whether P holds a card."""
        return self.hand[0] is not None

    @property
    def num_200s(self) -> int:
        """200s laid this hand."""
        return self.distance_played.count(Card.D200)

    @property
    def limited(self) -> bool:
        """Under a Speed Limit."""
        return self.speed == Card.SPEED_LIMIT

    def has(self, safety: Card) -> bool:
        """Whether ``safety`` was played this hand."""
        return safety in self.safeties

    def cards_in_hand(self) -> list[Card]:
        """The cards held (no empty slots)."""
        return [card for card in self.hand if card is not None]

    def score(self, points: int) -> None:
        """Add points at once to the Hand and Overall totals."""
        self.hand_total += points
        self.overall_total += points

    def new_hand(self) -> None:
        """Reset everything of a hand, keeping the match totals."""
        self.hand = [None] * HAND_SLOTS
        self.battle = self.speed = None
        self.battle_pile = []
        self.speed_pile = []
        self.mileage = 0
        self.safeties = {}
        self.distance_played = []
        self.can_go = self.fresh_battle = self.fresh_speed = False
        self.hand_total = 0
        self.bonuses = Bonuses()

    def tableau(self) -> Tableau:
        """The public side of this player."""
        return Tableau(
            battle=self.battle,
            speed=self.speed,
            battle_pile=tuple(self.battle_pile),
            speed_pile=tuple(self.speed_pile),
            mileage=self.mileage,
            distance_played=tuple(self.distance_played),
            safeties=tuple(
                (card, self.safeties[card]) for card in SAFETIES if card in self.safeties
            ),
            can_go=self.can_go,
            hand_size=len(self.cards_in_hand()),
            hand_total=self.hand_total,
            overall_total=self.overall_total,
            games_won=self.games_won,
        )

    def score_row(self) -> ScoreRow:
        """This player's row of the score window."""
        bonus = self.bonuses
        return ScoreRow(
            milestones=self.mileage,
            safeties=SAFETY_POINTS * len(self.safeties),
            all_four=ALL_SAFETIES_POINTS if len(self.safeties) == NUM_SAFETIES else 0,
            coups=COUP_POINTS * sum(self.safeties.values()),
            trip=bonus.trip,
            safe_trip=bonus.safe_trip,
            delayed_action=bonus.delayed_action,
            extension=bonus.extension,
            shut_out=bonus.shut_out,
            hand_total=self.hand_total,
            overall_total=self.overall_total,
            games=self.games_won,
        )


def compact_hand(hand: list[Card | None]) -> None:
    """Fill holes from the lowest occupied slot, BSD's way (spec §2.1 step 3)."""
    for i in range(1, HAND_SLOTS):
        if hand[i] is None:
            j = next((k for k in range(HAND_SLOTS) if hand[k] is not None), None)
            if j is None:
                return
            hand[i], hand[j] = hand[j], None


def other(player: int) -> int:
    """The opponent of ``player``."""
    return 1 - player
