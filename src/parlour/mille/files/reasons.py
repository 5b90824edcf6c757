"""Why a mille save (or a statistics line) is refused: whole sentences in the player's language.

The checks of :mod:`~parlour.mille.files.gamedata`, :mod:`~parlour.mille.files.handlog_state`,
:mod:`~parlour.mille.files.uisave`, :mod:`~parlour.mille.files.savefile` and
:mod:`~parlour.mille.files.stats` raise ``ValueError`` with a reason translated as it is raised,
while the file is read: a file carries no language, and the reason is that of the session
reading it. The core puts it into ``is damaged: ...`` (:func:`parlour.core.saves.load_game`).

A reason about one side of the table is two whole sentences, the human's and the computer's
(:func:`whose`), never a sentence glued to a translated "the human's". A field named inside
a reason of the form "{what} is not a card name" is a whole noun phrase of its own
(context ``save field``), each side's its own phrase (:func:`side`): French and Japanese
put such a subject first and nothing in the rest of the sentence agrees with it.
English stays as it was written before the languages, byte for byte.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.i18n import _, number, pgettext
from parlour.mille.game.table import HUMAN

if TYPE_CHECKING:
    from typing import Any


def whose(seat: int, human: str, computer: str, **values: object) -> ValueError:
    """The reason about ``seat``'s side: ``human`` or ``computer`` (two whole sentences marked
    with ``N_``), translated now and filled with ``values``."""
    return ValueError(_(human if seat == HUMAN else computer).format(**values))


def not_card_name(what: str) -> ValueError:
    """``what`` (a translated field) holds something that is not a card's name."""
    # TRANSLATORS: {what} is a field of the save, such as "the computer's battle pile"
    # (the phrases of context "save field"); this follows "is damaged: ".
    return ValueError(_("{what} is not a card name").format(what=what))


def unknown_card(value: Any) -> ValueError:
    """A card name no card has (the file's text quoted)."""
    # TRANSLATORS: {name} is quoted from the file as it is there ('FOO').
    return ValueError(_("unknown card {name}").format(name=repr(value)))


def not_cards(what: str) -> ValueError:
    """``what`` is not a list of card names."""
    # TRANSLATORS: {what} is a field of the save (context "save field").
    return ValueError(_("{what} is not a list of cards").format(what=what))


def not_object(what: str) -> ValueError:
    """``what`` is not a JSON object."""
    # TRANSLATORS: {what} is a field of the save (context "save field").
    return ValueError(_("{what} is not an object").format(what=what))


def not_list(what: str, length: int | None = None) -> ValueError:
    """``what`` is not a list (of ``length`` items)."""
    if length:
        # TRANSLATORS: {what} is a field of the save (context "save field"); {length} a number.
        reason = _("{what} is not a list of {length}").format(what=what, length=number(length))
    else:
        # TRANSLATORS: {what} is a field of the save (context "save field").
        reason = _("{what} is not a list").format(what=what)
    return ValueError(reason)


def not_whole(what: str, low: int, high: int) -> ValueError:
    """``what`` is not a whole number from ``low`` to ``high``."""
    # TRANSLATORS: {what} is a field of the save or of a statistics line (context "save
    # field"); {low} and {high} are numbers.
    reason = _("{what} must be a whole number from {low} to {high}")
    return ValueError(reason.format(what=what, low=number(low), high=number(high)))


def not_bool(what: str) -> ValueError:
    """``what`` is not true or false."""
    # TRANSLATORS: {what} is a field of the save (context "save field"); true and false are
    # the words of the file (JSON), keep them.
    return ValueError(_("{what} must be true or false").format(what=what))


def side(seat: int) -> dict[str, str]:
    """The fields of ``seat``'s side of a saved game, each a whole noun phrase translated now."""
    if seat == HUMAN:
        return {
            # TRANSLATORS: the fields of a save (context "save field") are the {what} of
            # reasons such as "{what} is not a card name": whole noun phrases that begin the
            # sentence (in French each singular, so that nothing after it has to agree).
            "player": pgettext("save field", "the human"),
            "hand": pgettext("save field", "the human's hand"),
            "battle": pgettext("save field", "the human's battle pile"),
            "speed": pgettext("save field", "the human's speed pile"),
            "mileage": pgettext("save field", "the human's mileage"),
            "safety": pgettext("save field", "the human's safety"),
            "coup": pgettext("save field", "the human's coup flag"),
            "can_go": pgettext("save field", "the human's can-go flag"),
            "window": pgettext("save field", "the human's coup window"),
            "hand_total": pgettext("save field", "the human's hand total"),
            "overall": pgettext("save field", "the human's overall total"),
            "games_won": pgettext("save field", "the human's games won"),
        }
    return {
        # TRANSLATORS: as "the human" above: whole noun phrases, the {what} of a reason.
        "player": pgettext("save field", "the computer"),
        "hand": pgettext("save field", "the computer's hand"),
        "battle": pgettext("save field", "the computer's battle pile"),
        "speed": pgettext("save field", "the computer's speed pile"),
        "mileage": pgettext("save field", "the computer's mileage"),
        "safety": pgettext("save field", "the computer's safety"),
        "coup": pgettext("save field", "the computer's coup flag"),
        "can_go": pgettext("save field", "the computer's can-go flag"),
        "window": pgettext("save field", "the computer's coup window"),
        "hand_total": pgettext("save field", "the computer's hand total"),
        "overall": pgettext("save field", "the computer's overall total"),
        "games_won": pgettext("save field", "the computer's games won"),
    }
