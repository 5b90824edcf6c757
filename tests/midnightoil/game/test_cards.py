"""Card names, fan keys and deal numbers as a player types and reads them (spec §1, §2, §9)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from parlour.core.rng import SplitMix64
from parlour.midnightoil.game.cards import (
    DEAL_LIMIT,
    DECK_SIZE,
    Fan,
    card_name,
    check_deal_number,
    deal_in_threes,
    deal_layout,
    fan_index,
    parse_card,
    parse_deal_number,
    redeal_layout,
)
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import IllegalMove, Move, State
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.tui.glyphs import ASCII

NOT_A_NUMBER = "a deal number is a whole number from 0 to 18446744073709551615"
"""The one refusal, the range worded one way (issue #25: it was also "must be below 2**64")."""


def refusal(call: object, *args: object) -> str:
    assert callable(call)
    with pytest.raises((ValueError, TypeError)) as caught:
        call(*args)
    return str(caught.value)


@pytest.mark.parametrize(
    ("text", "card"),
    [("AC", "AC"), ("th", "TH"), ("10H", "TH"), (" 10s ", "TS"), ("kD", "KD"), ("2S", "2S")],
)
def test_card_names_read(text: str, card: str) -> None:
    assert card_name(parse_card(text)) == card


@pytest.mark.parametrize("text", ["XH", "AX", "ACE", "10", "1", "", "10HH", "T"])
def test_what_is_not_a_card_is_named_in_the_refusal(text: str) -> None:
    assert refusal(parse_card, text) == f"not a card: {text!r}"


def test_a_card_name_must_be_text() -> None:
    assert refusal(parse_card, 7) == "a card name must be text, not int"
    assert refusal(parse_card, None) == "a card name must be text, not NoneType"


def test_every_card_has_one_name_and_only_cards_have_names() -> None:
    names = [card_name(c) for c in range(52)]
    assert len(set(names)) == 52 and [parse_card(n) for n in names] == list(range(52))
    assert (names[0], names[12], names[13], names[51]) == ("AC", "KC", "AD", "KS")
    assert refusal(card_name, 52) == "no such card: 52"
    assert refusal(card_name, -1) == "no such card: -1"


def test_fan_keys_skip_i() -> None:
    assert [fan_index(k) for k in "abhjsS"] == [0, 1, 7, 8, 17, 17]
    for key in ("i", "t", "ab", "", "1"):
        assert refusal(fan_index, key) == f"not a fan: {key!r}"


@pytest.mark.parametrize(
    ("text", "number"),
    [("0", 0), (" 42 ", 42), ("007", 7), ("18446744073709551615", DEAL_LIMIT - 1), ("0" * 40, 0)],
)
def test_deal_numbers_read(text: str, number: int) -> None:
    assert parse_deal_number(text) == number
    assert check_deal_number(number) == number


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", NOT_A_NUMBER),
        ("-5", NOT_A_NUMBER),
        ("4.0", NOT_A_NUMBER),
        ("\u0663", NOT_A_NUMBER),  # an Arabic-Indic three is a digit, but not ours
        ("18446744073709551616", NOT_A_NUMBER),
        ("99999999999999999999999", NOT_A_NUMBER),
        ("9" * 5000, NOT_A_NUMBER),  # beyond int()'s 4300 digits: the same refusal, no other
        ("0" * 41, NOT_A_NUMBER),
    ],
)
def test_bad_deal_numbers_say_what_is_allowed(text: str, message: str) -> None:
    assert refusal(parse_deal_number, text) == message


def choose(app: MidnightOilApp, typed: str) -> str:
    """``#``, ``typed`` and Enter: the message row after (the status row, while a
    refused number keeps its field open)."""
    for key in ["#", *typed, "ENTER"]:
        app.handle_key(key)
    frame = app.render(24, 80)
    return frame.row_text(23) if app.prompt is not None else frame.row_text(22)


def test_choosing_a_deal_too_big_is_refused_in_the_game_with_a_capital() -> None:
    app = MidnightOilApp(Game(1), ASCII)
    assert choose(app, "18446744073709551616") == (
        " A deal number is a whole number from 0 to 18446744073709551615."
    )
    app.handle_key("ESC")
    assert choose(app, "x") == " A deal number is a whole number from 0 to 18446744073709551615."
    assert app.game.deal_number == 1


def test_the_deal_prompt_states_the_range_the_same_way() -> None:
    app = MidnightOilApp(Game(1), ASCII)
    app.handle_key("#")
    row = app.render(24, 80).row_text(22)
    assert row == " > Deal number, from 0 to 18446744073709551615:"


def test_an_empty_deal_number_cancels() -> None:
    app = MidnightOilApp(Game(1), ASCII)
    for typed in ("", "   "):
        for key in ["#", *typed, "ENTER"]:
            app.handle_key(key)
        frame = app.render(24, 80)
        assert frame.row_text(22) == " > Cancelled." and not frame.bell  # no error, no bell
        assert app.prompt is None and app.game.deal_number == 1
    for key in ["#", "x", "ENTER"]:
        app.handle_key(key)
    assert app.render(24, 80).bell  # a wrong number is refused with the bell
    app.handle_key("ESC")
    assert choose(app, "7") == " > Deal 7. Press a fan letter to pick a card, ? for help."


@pytest.mark.parametrize("number", [DEAL_LIMIT, -1, True, 3.0, "3"])
def test_a_deal_number_out_of_range_is_refused(number: object) -> None:
    assert refusal(check_deal_number, number) == f"bad deal number: {number!r}"


def test_cards_are_dealt_three_to_a_fan_and_never_past_eighteen_fans() -> None:
    fans = deal_in_threes(list(range(52)))
    assert fans[0] == (0, 1, 2) and fans[16] == (48, 49, 50) and fans[17] == (51,)
    assert deal_in_threes([5, 9, 7, 1]) == ((5, 9, 7), (1,)) + ((),) * 16
    assert deal_in_threes(list(range(54)))[17] == (51, 52, 53)
    assert refusal(deal_in_threes, list(range(55))) == "too many cards for 18 fans"


# ------------------------------------------------------------------------------------------
# Deals by number, exactly as spec §9's test vectors, and the redeal procedure of §4.


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


def test_the_rank_that_comes_next_is_said_in_the_players_language() -> None:
    from parlour.core import i18n
    from parlour.midnightoil.game.cards import next_rank_word

    english = [next_rank_word(count) for count in range(14)]
    assert english == [
        "nothing", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king",
        "nothing",
    ]  # fmt: skip
    i18n.use("fr", ("midnightoil",))
    french = [next_rank_word(count) for count in range(1, 13)]
    assert french == [f"le {n}" for n in range(2, 11)] + ["le valet", "la dame", "le roi"]
    i18n.use("ja", ("midnightoil",))
    assert [next_rank_word(count) for count in (1, 9, 10, 11, 12)] == [
        "2", "10", "ジャック", "クイーン", "キング",
    ]  # fmt: skip
