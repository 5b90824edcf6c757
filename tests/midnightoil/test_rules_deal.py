"""Deals by number, exactly as spec §9's test vectors, and the redeal procedure of §4."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from parlour.core.rng import SplitMix64
from parlour.midnightoil.game.cards import (
    DECK_SIZE,
    Fan,
    card_name,
    deal_in_threes,
    deal_layout,
    parse_card,
    parse_deal_number,
    redeal_layout,
)
from parlour.midnightoil.game.rules import IllegalMove, Move, State


def format_fans(fans: Sequence[Fan]) -> str:
    """Fans in the spec's test-vector notation: ``7D/9C/4D 8H/8D/5S ...`` (empty fans left out)."""
    return " ".join("/".join(card_name(c) for c in fan) for fan in fans if fan)


DEAL_1 = (
    "7D/9C/4D 8H/8D/5S JD/6D/9S JC/5D/KD 3C/2D/JH 5H/7H/4H 2C/AD/6S "
    "KC/KH/TH TS/JS/TD 8S/QC/4S 6C/7C/AS 5C/AH/KS 6H/QS/QH QD/9D/3D 3S/AC/4C "
    "2H/8C/TC 3H/2S/9H 7S"
)
DEAL_2 = (
    "QH/3S/4C 5H/7H/2D KH/TD/AC 6C/7S/3C QC/7D/6H JH/TC/9S JD/8C/4D "
    "5S/2S/4H AD/QD/6S 8H/3H/9D 6D/JS/AS 5C/JC/AH KC/2H/7C 4S/9C/TH 5D/TS/QS "
    "KS/8S/KD 3D/2C/8D 9H"
)
DEAL_1_REDEAL_1_ALL = (
    "8S/KS/4S 9H/6C/6D 5D/9S/JH 7H/6H/TS 2C/9C/TC 2D/AC/QS 7S/9D/3S 6S/KC/8C "
    "TH/2S/8D 8H/TD/QD 5S/KD/3H 2H/4D/QC 7C/7D/AH 4C/5H/AS 4H/5C/3D JD/KH/QH "
    "3C/AD/JS JC"
)
DEAL_1_47_REDEAL_1 = (
    "3C/6H/3S 6S/9H/5S 9C/6C/8D QC/TH/8S KS/7D/JH 4H/JS/7S QS/4C/TC 8C/3D/4S "
    "5D/KH/2D JD/TD/QD KC/KD/2H 9S/TS/7C 3H/6D/4D 2S/9D/7H 8H/QH/JC 5C/5H"
)
DEAL_1_47_REDEAL_2 = (
    "6C/7S/KH 9D/6D/2S 8C/9H/TD KD/5D/2D QS/JC/2H 5H/9S/8D TC/3S/7D JS/5C/4S "
    "7H/6S/TS QH/4D/JD 4C/KC/TH 8S/3D/QC KS/9C/8H JH/7C/5S 3H/3C/QD 4H/6H"
)
HOME_5 = [parse_card(n) for n in ("AC", "AD", "AH", "AS", "2C")]


def test_splitmix_vector() -> None:
    gen = SplitMix64(1)
    assert [gen.next() for _ in range(3)] == [
        0x910A2DEC89025CC1,
        0xBEEB8DA1658EEC67,
        0xF893A2EEFB32555E,
    ]


def test_deal_1_and_2_match_the_spec() -> None:
    assert format_fans(deal_layout(1)) == DEAL_1
    assert format_fans(deal_layout(2)) == DEAL_2


def test_deal_shape_is_17_threes_and_one() -> None:
    fans = deal_layout(123456789)
    assert [len(f) for f in fans] == [3] * 17 + [1]
    assert sorted(c for f in fans for c in f) == list(range(DECK_SIZE))


def test_redeal_vectors() -> None:
    assert format_fans(redeal_layout(range(52), 1, 1)) == DEAL_1_REDEAL_1_ALL
    left = [c for c in range(52) if c not in HOME_5]
    first = redeal_layout(left, 1, 1)
    assert format_fans(first) == DEAL_1_47_REDEAL_1
    assert [len(f) for f in first] == [3] * 15 + [2, 0, 0]
    assert format_fans(redeal_layout(left, 1, 2)) == DEAL_1_47_REDEAL_2


def test_redeal_ignores_the_order_of_the_cards_left() -> None:
    left = [c for c in range(52) if c not in HOME_5]
    mixed = list(reversed(left))
    assert redeal_layout(mixed, 1, 1) == redeal_layout(left, 1, 1)


def test_redeal_through_the_rules_uses_the_deal_number() -> None:
    """Deal 1 with the aces and 2C home, then a redeal: spec's vector for 47 cards."""
    fans = [tuple(c for c in fan if c not in HOME_5) for fan in deal_layout(1)]
    state = State(1, tuple(fans), (2, 1, 1, 1))
    after = state.apply(Move.redeal())
    assert format_fans(after.fans) == DEAL_1_47_REDEAL_1
    assert after.redeals_left == 1 and after.phase == 2
    assert after.foundations == (2, 1, 1, 1)
    last = after.apply(Move.redeal())
    assert format_fans(last.fans) == DEAL_1_47_REDEAL_2
    assert last.redeals_left == 0 and last.phase == 3
    with pytest.raises(IllegalMove, match="No redeals left"):
        last.apply(Move.redeal())


def test_same_deal_same_game_even_with_global_random_disturbed() -> None:
    def play(number: int) -> list[State]:
        state = State.new(number)
        seen = [state]
        for _ in range(2):
            random.seed()  # the deal must not depend on the global generator
            random.random()
            state = state.apply(Move.redeal())
            seen.append(state)
        return seen

    assert play(987654321) == play(987654321)
    assert play(1)[0] != play(2)[0]


def test_deal_in_threes_short_last_fan() -> None:
    fans = deal_in_threes([0, 1, 2, 3, 4, 5, 6, 7])
    assert fans[:4] == ((0, 1, 2), (3, 4, 5), (6, 7), ())
    assert len(fans) == 18


@pytest.mark.parametrize("text", ["-1", "+5", "1.0", "abc", "", " ", "18446744073709551616", "١٢"])
def test_bad_deal_numbers_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_deal_number(text)


def test_largest_deal_number_is_accepted() -> None:
    n = parse_deal_number("18446744073709551615")
    assert n == 2**64 - 1
    state = State.new(n).apply(Move.redeal()).apply(Move.redeal())
    assert len(state.cards_left()) == 52
