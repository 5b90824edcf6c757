"""``game/cards.py``: the cards by the names saves and tests use."""

from __future__ import annotations

import pytest

from parlour.mille.game.cards import Card


def test_a_card_is_found_by_its_name() -> None:
    assert Card.from_name("GASOLINE") is Card.GASOLINE


@pytest.mark.parametrize("name", ["bogus", "gasoline", "", 7])
def test_an_unknown_name_is_refused_naming_what_was_given(name: object) -> None:
    """A damaged save's reason quotes the name it found (mutation run of 5 December)."""
    with pytest.raises(ValueError) as refused:
        Card.from_name(name)  # type: ignore[arg-type]
    assert str(refused.value) == f"unknown card {name!r}"
