"""Midnight Oil's rules core pinned where a player reads it: saved positions, moves in
words, redeals, won and stuck (spec §3–§6, §10)."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.midnightoil.game.rules import (
    REDEAL,
    IllegalMove,
    Move,
    State,
    parse_card,
    rank_word,
    redeal_layout,
)
from tests.midnightoil.test_rules_moves import base, position, rest_of_suit


def damaged(edit: dict[str, Any]) -> str:
    data = base().to_dict()
    data.update(edit)
    with pytest.raises((ValueError, TypeError, KeyError)) as caught:
        State.from_dict(data)
    return str(caught.value)


def fans_with(first: list[str]) -> list[list[str]]:
    return [first] + base().to_dict()["fans"][1:]


def home(c: object, d: object, h: object, s: object) -> dict[str, Any]:
    return {"foundations": {"C": c, "D": d, "H": h, "S": s}}


ALL_HOME = {"C": 13, "D": 13, "H": 13, "S": 13}
ADD_UP = "the cards do not add up"
FOUR = "the foundations must be given for C, D, H and S"


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        ({"fans": [[]] * 17}, "the position must have 18 fans"),
        ({"fans": "KC"}, "the position must have 18 fans"),
        ({"fans": ["KC QD"] + [[]] * 17}, "a fan is not a list of cards"),
        ({"foundations": [9, 10, 10, 10]}, FOUR),
        ({"foundations": {"C": 9, "D": 10, "H": 10}}, FOUR),
        ({"foundations": dict(ALL_HOME, X=0)}, FOUR),
        (home(14, 10, 10, 10), "foundation C holds 14 cards"),
        (home(9, -1, 10, 10), "foundation D holds -1 cards"),
        (home(9, 10, True, 10), "foundation H holds True cards"),
        (home(9, 10, 10, "10"), "foundation S holds '10' cards"),
        (home(10, 10, 10, 10), f"{ADD_UP} (twice: TC)"),
        (home(8, 10, 10, 10), f"{ADD_UP} (missing: 9C)"),
        ({"fans": fans_with(["KC", "KC"])}, f"{ADD_UP} (twice: KC; missing: QD)"),
        ({"foundations": ALL_HOME}, f"{ADD_UP} (twice: TC JC QC KC JD)"),
        ({"redeals_left": 3}, "redeals left must be 0 to 2"),
        ({"redeals_left": -1}, "redeals left must be 0 to 2"),
        ({"redeals_left": False}, "redeals left must be 0 to 2"),
        ({"draw_used": 0}, "draw_used must be true or false"),
        ({"deal_number": -4}, "bad deal number: -4"),
    ],
)  # fmt: skip
def test_a_damaged_position_is_named(edit: dict[str, Any], reason: str) -> None:
    assert damaged(edit) == reason


def test_a_position_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(TypeError, match=r"^the position is not an object$"):
        State.from_dict(["KC"])


def test_missing_cards_are_listed_five_at_most() -> None:
    data = base().to_dict()
    data["fans"] = [[] for _ in range(18)]
    assert damaged(data) == "the cards do not add up (missing: TC JC QC KC JD)"


@pytest.mark.parametrize(("redeals", "draw_used"), [(0, True), (1, False), (2, True)])
def test_every_reachable_setting_loads_back_as_it_was(redeals: int, draw_used: bool) -> None:
    state = position(
        ["KC QD", "TC", "JC KD", "QC", "JH KH QH", "KS", "JD", "QS JS"],
        (9, 10, 10, 10),
        redeals,
        draw_used,
    )
    assert State.from_dict(state.to_dict()) == state
    assert state.to_dict()["foundations"] == {"C": 9, "D": 10, "H": 10, "S": 10}
    assert state.phase == 3 - redeals


@pytest.mark.parametrize(
    ("move", "words"),
    [
        (Move.to_foundation(1, 0), "TC (b) to foundation 1"),
        (Move.build(6, 0), "JD (g) to fan a"),
        (Move.draw(2, 0, 3, False), "draw JC from fan c to fan d"),
        (Move.draw(4, 1, 1, True), "draw KH from fan e to foundation 2"),
        (Move.redeal(), "redeal"),
        (Move.build(10, 0), "? (l) to fan a"),  # an empty fan
        (Move.draw(2, 5, 0, True), "draw ? from fan c to foundation 1"),
        (Move(REDEAL + "?", 19, 0), "? (?) to fan a"),
        (Move.build(0, 18), "QD (a) to fan ?"),
        (Move.to_foundation(18, 0), "? (?) to foundation 1"),
    ],
)
def test_moves_in_words(move: Move, words: str) -> None:
    assert base().describe(move) == words


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("c -> 1", Move.to_foundation(2, 0)),
        ("C -> D", Move.build(2, 3)),
        ("s -> 4", Move.to_foundation(17, 3)),
        ("draw k2 -> 3", Move.draw(9, 1, 2, True)),
        ("draw k12 -> a", Move.draw(9, 11, 0, False)),
        ("  redeal ", Move.redeal()),
    ],
)
def test_move_text_reads_and_writes(text: str, move: Move) -> None:
    assert Move.parse(text) == move
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize(
    "text", ["draw k -> 1", "draw k0 -> 1", "draw k\u0663 -> 1", "draw kx -> 1"]
)
def test_a_draw_needs_a_card_number_from_one(text: str) -> None:
    with pytest.raises(ValueError, match=r"^not a move: "):
        Move.parse(text)


def test_rank_words_in_messages() -> None:
    assert [rank_word(n) for n in range(13)] == [
        "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king",
    ]  # fmt: skip
    assert rank_word(13) == rank_word(-1) == "nothing"
    with pytest.raises(
        IllegalMove, match=r"^5C cannot go to its foundation: it takes the 2 next\.$"
    ):
        position(["5C"] + [" ".join(r + "C" for r in "2346789TJQK")], (1, 13, 13, 13)).apply(
            Move.to_foundation(0, 0)
        )


def test_a_redeal_gathers_shuffles_and_deals_the_cards_left_and_nothing_else() -> None:
    state = base()
    first = state.apply(Move.redeal())
    assert first.fans == redeal_layout(state.cards_left(), 7, 1)
    assert (first.foundations, first.redeals_left, first.draw_used) == (state.foundations, 1, False)
    assert first.phase == 2
    second = first.apply(Move.redeal())
    assert second.fans == redeal_layout(first.cards_left(), 7, 2) and second.redeals_left == 0
    assert second.phase == 3 and Move.redeal() not in second.legal_moves()
    with pytest.raises(IllegalMove, match=r"^No redeals left\.$"):
        second.apply(Move.redeal())
    with pytest.raises(IllegalMove, match=r"^No redeals left\.$"):
        second.redealt_with(second.fans)
    used = State(7, state.fans, state.foundations, 2, True).apply(Move.redeal())
    assert used.draw_used  # a redeal never gives the draw back


def test_moves_change_only_what_they_move() -> None:
    state = base()
    home = state.apply(Move.to_foundation(1, 0))
    assert home.fans[1] == () and home.foundations == (10, 10, 10, 10)
    assert home.fans[:1] + home.fans[2:] == state.fans[:1] + state.fans[2:]
    assert (home.redeals_left, home.draw_used, home.deal_number) == (2, False, 7)
    drawn = state.apply(Move.draw(2, 0, 3, False))  # JC onto QC
    assert drawn.fans[2] == (parse_card("KD"),) and drawn.foundations == state.foundations
    assert drawn.draw_used and drawn.redeals_left == 2
    assert state.key() == (state.fans, state.foundations, 2, False)
    assert State(99, state.fans, state.foundations).key() == state.key()  # no deal number


def test_where_a_card_can_go() -> None:
    state = base()
    qd, jd, kd, tc = (parse_card(n) for n in ("QD", "JD", "KD", "TC"))
    assert state.fan_holding_top(qd) == 0 and state.fan_holding_top(parse_card("KC")) == -1
    assert state.build_target(jd) == 0  # onto QD
    assert state.build_target(jd, exclude=0) == -1
    assert state.build_target(kd) == -1  # a king builds nowhere
    assert state.build_target(tc) == -1  # JC is buried
    assert state.goes_home(tc) and state.goes_home(jd) and not state.goes_home(qd)
    assert state.top(0) == qd and state.top(10) is None
    assert state.moved_card(Move.redeal()) is None and state.moved_card(Move.build(18, 0)) is None
    assert state.moved_card(Move.draw(0, 0, 3, False)) == parse_card("KC")
    assert state.moved_card(Move.draw(0, 2, 3, False)) is None


def test_a_won_game_offers_nothing_and_refuses_everything() -> None:
    won = State(3, ((),) * 18, (13, 13, 13, 13), 2, False)
    assert won.is_won() and won.cards_home() == 52 and won.cards_left() == []
    assert won.legal_moves() == [] and won.draw_moves() == [] and not won.is_stuck()
    for move in (Move.redeal(), Move.to_foundation(0, 0), Move.draw(0, 0, 0, True)):
        with pytest.raises(IllegalMove, match=r"^The game is won: every card is home\.$"):
            won.check(move)
    nearly = State(3, ((51,),) + ((),) * 17, (13, 13, 13, 12), 0, True)
    assert not nearly.is_won() and nearly.cards_home() == 51
    assert nearly.legal_moves() == [Move.to_foundation(0, 3)]


def test_a_king_builds_nowhere_even_with_the_next_suits_ace_on_top() -> None:
    """KC + 1 is the id of AD: a king must never be offered a place on the ace above it."""
    diamonds = " ".join(r + "D" for r in "23456789TJQKA")
    state = position(["QC KC", diamonds], (11, 0, 13, 13), 0, True)
    assert state.top(1) == parse_card("AD")
    assert state.build_target(parse_card("KC")) == -1
    assert state.build_target(parse_card("QD")) == -1  # KD is buried
    assert [str(m) for m in state.legal_moves()] == ["b -> 2"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a -> 12", "not a move: 'a -> 12'"),
        ("a -> 23", "not a move: 'a -> 23'"),
        ("a -> ab", "not a move: 'a -> ab'"),
        ("ab -> c", "not a move: 'ab -> c'"),
        ("draw k0 -> 1", "not a move: 'draw k0 -> 1'"),
        ("draw k -> 1", "not a move: 'draw k -> 1'"),
        ("a => b", "not a move: 'a => b'"),
        ("", "not a move: ''"),
        ("a -> x", "not a fan: 'x'"),
        ("a -> X", "not a fan: 'X'"),
        ("i -> a", "not a fan: 'i'"),
        ("draw i2 -> 1", "not a fan: 'i'"),
    ],
)
def test_a_saved_move_that_is_not_a_move_is_named(text: str, message: str) -> None:
    with pytest.raises(ValueError) as refusal:
        Move.parse(text)
    assert str(refusal.value) == message


def test_refusals_of_the_draw_and_of_an_empty_foundation_word_for_word() -> None:
    used = State(7, base().fans, base().foundations, 2, True)
    with pytest.raises(IllegalMove) as refusal:
        used.apply(Move.draw(2, 0, 3, False))
    assert str(refusal.value) == "The draw has already been used in this game."
    spades = position(
        ["AS 2S", rest_of_suit("S", 2)] + [rest_of_suit(s, 0) for s in "CDH"], (0,) * 4
    )
    with pytest.raises(IllegalMove) as refusal:
        spades.apply(Move.to_foundation(0, 3))
    assert str(refusal.value) == "2S cannot go to an empty foundation: it takes only an ace."
