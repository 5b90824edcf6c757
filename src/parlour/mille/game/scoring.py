"""Mille Bornes scoring: the point values of spec §5 and the score-window rows.

During a hand, mileage, safeties (+100 each, +300 for all four) and coups
fourrés (+300 each) are added to the Hand Total and Overall Total as they
happen. At the end of a hand only the player whose mileage equals the goal
earns the trip bonuses: Trip Completed 400, Safe Trip 300 (no 200 played),
Delayed Action 300 (deck empty when the trip was completed), Extension 200
(goal 1000) and Shut-Out 500 (opponent at 0 miles). The game ends at the end
of a hand in which a total reaches 5000; the higher total wins a game.
"""

from __future__ import annotations

from parlour.core.i18n import _
from parlour.core.record import Frozen

SAFETY_POINTS = 100
ALL_SAFETIES_POINTS = 300
COUP_POINTS = 300
TRIP_POINTS = 400
SAFE_TRIP_POINTS = 300
DELAYED_ACTION_POINTS = 300
EXTENSION_POINTS = 200
SHUT_OUT_POINTS = 500
GAME_POINTS = 5000
"""A game ends at the end of a hand in which either Overall Total is this or more."""
NUM_SAFETIES = 4


class Bonuses(Frozen):
    """End-of-hand bonuses of one player (all zero during a hand or for a non-finisher)."""

    trip: int = 0
    safe_trip: int = 0
    delayed_action: int = 0
    extension: int = 0
    shut_out: int = 0

    @property
    def total(self) -> int:
        """Sum of the five bonus items."""
        return self.trip + self.safe_trip + self.delayed_action + self.extension + self.shut_out

    def to_list(self) -> list[int]:
        """JSON form."""
        return [self.trip, self.safe_trip, self.delayed_action, self.extension, self.shut_out]

    @classmethod
    def from_list(cls, data: object) -> Bonuses:
        """Strictly parse :meth:`to_list` output."""
        allowed = (
            (0, TRIP_POINTS),
            (0, SAFE_TRIP_POINTS),
            (0, DELAYED_ACTION_POINTS),
            (0, EXTENSION_POINTS),
            (0, SHUT_OUT_POINTS),
        )
        if not isinstance(data, list) or len(data) != len(allowed):
            raise ValueError(_("bonuses must be a list of five numbers"))
        for value, choices in zip(data, allowed, strict=True):
            if type(value) is not int or value not in choices:
                # TRANSLATORS: {value} is quoted from a save file as it is there.
                raise ValueError(_("bad bonus value {value}").format(value=repr(value)))
        return cls(*data)


def trip_bonuses(
    *, played_200: bool, deck_empty: bool, goal: int, opponent_mileage: int
) -> Bonuses:
    """Bonuses of the player who completed the trip (spec §5)."""
    return Bonuses(
        trip=TRIP_POINTS,
        safe_trip=0 if played_200 else SAFE_TRIP_POINTS,
        delayed_action=DELAYED_ACTION_POINTS if deck_empty else 0,
        extension=EXTENSION_POINTS if goal == 1000 else 0,
        shut_out=SHUT_OUT_POINTS if opponent_mileage == 0 else 0,
    )


class ScoreRow(Frozen):
    """One player's column of the score window."""

    milestones: int
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


class HandScore(Frozen):
    """Both players' score rows (index 0 = human, 1 = computer)."""

    rows: tuple[ScoreRow, ScoreRow]

    def __getitem__(self, player: int) -> ScoreRow:
        return self.rows[player]
