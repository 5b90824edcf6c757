"""The table's words (mille/game/table.py): a refusal shown in the player's language."""

from __future__ import annotations

from parlour.core import i18n
from parlour.core.i18n import N_
from parlour.mille.game.cards import Card
from parlour.mille.game.table import IllegalMove


def test_a_refusal_shows_its_numbers_and_cards_as_the_language_writes_them() -> None:
    # The goals are 700 and 1000; a number of five digits is where the languages differ.
    refusal = IllegalMove(N_("puts you over {goal}"), goal=10000)
    assert refusal.message == "puts you over 10000" == refusal.shown()
    i18n.use("fr", ("mille",))
    assert refusal.shown() == "vous dépasseriez 10\u00a0000"  # French groups by three
    card = IllegalMove(N_('can\'t play "{card}"'), card=Card.GO)
    assert card.shown() == i18n._('can\'t play "{card}"').format(card=Card.GO.label)
    assert card.shown() != card.message
