"""Card names, fan keys and deal numbers as a player types and reads them (spec §1, §2, §9)."""

from __future__ import annotations

import pytest

from parlour.midnightoil.game.cards import (
    DEAL_LIMIT,
    card_name,
    check_deal_number,
    deal_in_threes,
    fan_index,
    parse_card,
    parse_deal_number,
)
from parlour.midnightoil.game.history import Game
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
