"""What a mille save keeps besides the position: the game's identity, level and hands so far.

Kept apart from :mod:`parlour.mille.files.savefile` so that the app can hold a game's
:class:`Meta` from its first board without importing the save machinery.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.record import Record, field
from parlour.mille.game import LEVELS

if TYPE_CHECKING:
    from typing import Any

    from parlour.mille.files.stats import HandSummary

DEFAULT_LEVEL = LEVELS[0]


class Meta(Record):
    """What a save keeps about the game besides the position: identity, level, hands so far."""

    game_id: str
    level: str = DEFAULT_LEVEL
    hands: list[HandSummary] = field(default_factory=list)
    """The summaries of this game's finished hands (the current one included once over)."""
    complete: bool = True
    """Whether ``hands`` goes back to the game's first hand (old saves: maybe not)."""

    def to_dict(self) -> dict[str, Any]:
        """The save's fields for this."""
        return {
            "game_id": self.game_id,
            "level": self.level,
            "hands": [hand.to_dict() for hand in self.hands],
            "hands_complete": self.complete,
        }
