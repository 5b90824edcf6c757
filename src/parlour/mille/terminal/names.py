"""Card names as the board shows them, in the player's language, in BSD's fixed places.

The board model keeps BSD's English card names (``"Speed Limit"``: what saves and the
tests know); they are translated here as they are drawn. BSD's places for a card name are
18 columns wide (a hand slot, a pile, a safety row, the discard): a name takes 17 of them
at most, leaving a space before what follows. A name that does not fit there in a
language (French "Limitation de vitesse") is shown by its short form, a whole word or
words the translator chose (``pgettext("card, short", ...)``), never cut. In English
every name fits, so the English board is BSD's, byte for byte.
"""

from __future__ import annotations

from parlour.core.i18n import _, pgettext
from parlour.core.text import width
from parlour.mille.game.cards import LABELS

CARD_ROOM = 17
"""The columns a card name may take in BSD's 18-column places (a hand slot, a pile, a
safety row, the discard), leaving a space before what follows."""


def short_names() -> dict[str, str]:
    """The short form of each card name, keyed by its English name."""
    # TRANSLATORS: short card names, used where the full name does not fit 18 columns
    # (hand slots, piles). Give the full name when it fits; never more than 17 columns.
    return {
        "Out of Gas": pgettext("card, short", "Out of Gas"),
        "Flat Tire": pgettext("card, short", "Flat Tire"),
        "Accident": pgettext("card, short", "Accident"),
        "Stop": pgettext("card, short", "Stop"),
        "Speed Limit": pgettext("card, short", "Speed Limit"),
        "Gasoline": pgettext("card, short", "Gasoline"),
        "Spare Tire": pgettext("card, short", "Spare Tire"),
        "Repairs": pgettext("card, short", "Repairs"),
        "Go": pgettext("card, short", "Go"),
        "End of Limit": pgettext("card, short", "End of Limit"),
        "Extra Tank": pgettext("card, short", "Extra Tank"),
        "Puncture Proof": pgettext("card, short", "Puncture Proof"),
        "Driving Ace": pgettext("card, short", "Driving Ace"),
        "Right of Way": pgettext("card, short", "Right of Way"),
    }


ENGLISH_NAMES = frozenset(LABELS.values())


def card_name(label: str, room: int = CARD_ROOM) -> str:
    """The name of the card BSD calls ``label``, in the player's language, in ``room``
    columns: the full name when it fits, else its short form."""
    if label not in ENGLISH_NAMES:
        return label
    full = _(label)
    if width(full) <= room:
        return full
    return short_names().get(label, full)
