"""Legal and illegal moves of every kind (spec §3, §5), won and stuck detection (§6)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.midnightoil.game.cards import DECK_SIZE, FAN_COUNT, parse_card
from parlour.midnightoil.game.rules import (
    BUILD,
    DRAW,
    FOUNDATION,
    REDEAL,
    IllegalMove,
    Move,
    State,
    auto_home_moves,
    rank_word,
    redeal_layout,
)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(n) for n in text.split())


def position(
    fans: list[str], home: tuple[int, int, int, int], redeals: int = 2, draw_used: bool = False
) -> State:
    """A state from fan texts (bottom first) and foundation counts; the rest of the deck
    must add up, so the test positions are checked for all 52 cards."""
    padded = [cards(f) for f in fans] + [()] * (FAN_COUNT - len(fans))
    state = State(7, tuple(padded), home, redeals, draw_used)
    State.from_dict(state.to_dict())  # raises if the cards do not add up
    return state


def rest_of_suit(suit: str, first_rank: int) -> str:
    ranks = "A23456789TJQK"
    return " ".join(r + suit for r in ranks[first_rank:])


# A position: clubs home to 9, diamonds, hearts and spades partly home.
BASE_HOME = (9, 10, 10, 10)  # C to 9, D/H/S to T


def base() -> State:
    return position(
        [
            "KC QD",  # a: top QD
            "TC",  # b: top TC -> foundation 1
            "JC KD",  # c: top KD
            "QC",  # d: top QC
            "JH KH QH",  # e
            "KS",  # f
            "JD",  # g
            "QS JS",  # h
        ],
        BASE_HOME,
    )


def test_foundation_move_is_legal_and_applies() -> None:
    state = base()
    move = Move.to_foundation(1, 0)
    assert move in state.legal_moves()
    after = state.apply(move)
    assert after.fans[1] == ()
    assert after.foundations == (10, 10, 10, 10)
    assert after.cards_home() == state.cards_home() + 1


def test_build_down_in_suit_onto_next_higher() -> None:
    state = base()
    move = Move.build(6, 0)  # JD onto QD
    assert move in state.legal_moves()
    after = state.apply(move)
    assert after.fans[0] == cards("KC QD JD")
    assert after.fans[6] == ()


def every_candidate(state: State) -> list[Move]:
    """Every move a player could ask for, legal or not: each kind from every fan (and from
    just outside the fans, where a foundation would be) to every place, each draw position."""
    sources = range(-1, FAN_COUNT + 1)
    out = [Move.redeal()]
    for s in sources:
        out += [Move.to_foundation(s, f) for f in range(-1, 5)]
        out += [Move.build(s, t) for t in sources]
        for pos in range(len(state.fans[s]) if 0 <= s < FAN_COUNT else 1):
            out += [Move.draw(s, pos, f, True) for f in range(4)]
            out += [Move.draw(s, pos, t, False) for t in range(FAN_COUNT)]
    return out


def accepted(state: State, move: Move) -> bool:
    try:
        state.check(move)
    except IllegalMove as refusal:
        assert str(refusal)  # a refusal always says why
        return False
    return True


def reachable(deal: int, picks: list[int]) -> State:
    state = State.new(deal)
    for pick in picks:
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[pick % len(moves)])
    return state


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 10_000), max_size=40))
@settings(max_examples=25, deadline=None)
def test_the_listed_moves_are_exactly_the_moves_the_rules_accept(
    deal: int, picks: list[int]
) -> None:
    """What the hint, auto-play and click-to-move choose from is what apply() takes: no
    legal move missing, no illegal one offered, foundations first, then builds, draws, the
    redeal. So a card never has two fan targets (spec §3.2) and nothing leaves a
    foundation (§3.4)."""
    state = reachable(deal, picks)
    legal = state.legal_moves()
    assert len(set(legal)) == len(legal)
    assert set(legal) == {m for m in every_candidate(state) if accepted(state, m)}
    order = [KINDS_ORDER.index(m.kind) for m in legal]
    assert order == sorted(order)
    for fan in range(FAN_COUNT):
        assert len([m for m in legal if m.kind == BUILD and m.source == fan]) <= 1
    assert state.draw_moves() == [m for m in legal if m.kind == DRAW]
    assert state.is_stuck() == (not legal and not state.is_won())


KINDS_ORDER = (FOUNDATION, BUILD, DRAW, REDEAL)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (Move.build(6, 3), "JD goes only on QD, not on QC."),  # wrong suit
        (Move.build(1, 4), "TC goes only on JC, not on QH."),
        (Move.build(5, 2), "KS is a king: it can only go home."),  # kings never build
        (Move.build(6, 10), "Fan l is empty: nothing goes there."),  # empty fans are dead
        (Move.build(10, 0), "Fan l is empty."),  # nothing to move
        (Move.build(0, 0), "QD is already on fan a."),
        (Move.to_foundation(0, 1), "QD cannot go to its foundation: it takes the jack next."),
        (Move.to_foundation(1, 1), "TC belongs on foundation 1."),
        (Move.to_foundation(3, 0), "QC cannot go to its foundation: it takes the 10 next."),
    ],
)
def test_illegal_moves_say_why(move: Move, message: str) -> None:
    state = base()
    assert move not in state.legal_moves()
    with pytest.raises(IllegalMove) as refusal:
        state.apply(move)
    assert str(refusal.value) == message  # whole: the player reads every word


def test_ace_to_empty_foundation_and_two_refused_on_empty() -> None:
    state = position(
        ["2S AS", rest_of_suit("S", 2)] + [rest_of_suit(s, 0) for s in "CDH"], (0,) * 4
    )
    assert Move.to_foundation(0, 3) in state.legal_moves()
    after = state.apply(Move.to_foundation(0, 3))
    assert after.foundations == (0, 0, 0, 1)
    assert Move.to_foundation(0, 3) in after.legal_moves()  # now the 2 goes
    with pytest.raises(IllegalMove, match="only an ace"):
        position(
            ["AS 2S", rest_of_suit("S", 2)] + [rest_of_suit(s, 0) for s in "CDH"], (0,) * 4
        ).apply(Move.to_foundation(0, 3))


@pytest.mark.parametrize(
    "move",
    [Move.build(-1, 0), Move.to_foundation(18, 0), Move.draw(-1, 0, 0, False), Move("swap", 0, 1)],
)
def test_nothing_but_a_fan_is_a_source(move: Move) -> None:
    """Foundation -> anywhere is not a move (spec §3.4): outside the fans there is no source."""
    with pytest.raises(IllegalMove, match=r"^There is no such move\.$"):
        base().apply(move)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (Move.to_foundation(1, 4), "There is no such foundation."),
        (Move.build(6, 18), "There is no such fan."),
        (Move(FOUNDATION, 1, 0, False), "There is no such move."),
        (Move(BUILD, 6, 0, True), "There is no such move."),
        (Move(BUILD, 6, 0, False, 0), "There is no such move."),
        (Move.draw(2, 1, 3, False), "The draw takes a card under the top of fan c."),
        (Move.draw(2, -1, 3, False), "The draw takes a card under the top of fan c."),
    ],
)
def test_malformed_moves_get_the_exact_refusal(move: Move, message: str) -> None:
    with pytest.raises(IllegalMove) as refusal:
        base().apply(move)
    assert str(refusal.value) == message


def test_the_draw_any_submerged_card_to_foundation_or_fan() -> None:
    state = base()
    draws = state.draw_moves()
    # JC (under KD in fan c) can go onto QC (fan d); KH in fan e is submerged but cannot go
    # anywhere; QS under JS has no place; KC under QD has no place.
    assert Move.draw(2, 0, 3, False) in draws
    after = state.apply(Move.draw(2, 0, 3, False))
    assert after.fans[2] == cards("KD") and after.fans[3] == cards("QC JC")
    assert after.draw_used
    assert after.draw_moves() == []
    assert all(m.kind != DRAW for m in after.legal_moves())


def test_draw_onto_its_own_fan() -> None:
    state = position(
        ["5H 9C 6H"]
        + [
            rest_of_suit("C", 0).replace("9C ", ""),
            rest_of_suit("D", 0),
            "AH 2H 3H 4H " + rest_of_suit("H", 6),
            rest_of_suit("S", 0),
        ],
        (0, 0, 0, 0),
    )
    move = Move.draw(0, 0, 0, False)
    assert move in state.draw_moves()
    assert state.apply(move).fans[0] == cards("9C 6H 5H")


def test_draw_is_once_only_and_must_take_a_submerged_card() -> None:
    state = base()
    with pytest.raises(IllegalMove, match="under the top"):
        state.apply(Move.draw(1, 0, 0, True))  # TC is a top card, not submerged
    with pytest.raises(IllegalMove, match="is a king"):
        state.apply(Move.draw(4, 1, 0, False))  # KH onto QD: kings never build
    with pytest.raises(IllegalMove, match="goes only on QC, not on QD"):
        state.apply(Move.draw(2, 0, 0, False))  # JC onto QD
    used = position(
        ["KC QD", "TC", "JC KD", "QC", "JH KH QH", "KS", "JD", "QS JS"], BASE_HOME, draw_used=True
    )
    with pytest.raises(IllegalMove, match="already been used"):
        used.apply(Move.draw(2, 0, 3, False))


def test_won_and_stuck() -> None:
    won = State(3, ((),) * FAN_COUNT, (13, 13, 13, 13), 1, False)
    assert won.is_won() and not won.is_stuck() and won.legal_moves() == []
    with pytest.raises(IllegalMove, match="won"):
        won.apply(Move.redeal())
    stuck = position(["QC KC"], (11, 13, 13, 13), 0, True)
    assert stuck.is_stuck() and stuck.cards_home() == 50
    # The same with the draw unused: QC can be drawn to its foundation.
    not_stuck = position(["QC KC"], (11, 13, 13, 13), 0, False)
    assert not not_stuck.is_stuck()
    # ... or onto KC on its own fan (spec §5).
    assert not_stuck.legal_moves() == [Move.draw(0, 0, 0, True), Move.draw(0, 0, 0, False)]
    # With a redeal left it is not stuck either.
    assert not position(["QC KC"], (11, 13, 13, 13), 1, True).is_stuck()
    # A non-king top card with its successor on a fan is a move.
    assert not position(["QC", "KC"], (11, 13, 13, 13), 0, True).is_stuck()


def test_manual_auto_repeats_until_nothing_goes() -> None:
    state = position(
        ["3C 2C", "4C", rest_of_suit("C", 4) + " AD", rest_of_suit("D", 1)]
        + [rest_of_suit("H", 0), rest_of_suit("S", 0)],
        (1, 0, 0, 0),
    )
    clubs = auto_home_moves(state, [0])
    after = state
    for m in clubs:
        after = after.apply(m)
    assert after.foundations[0] == 4  # 2C, 3C, then 4C
    assert all(m.kind == FOUNDATION and m.target == 0 for m in clubs)
    everything = auto_home_moves(state, range(4))
    after = state
    for m in everything:
        after = after.apply(m)
    assert after.foundations[:2] == (4, 1)  # AD went too; 2D is not free
    assert auto_home_moves(after, range(4)) == []


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 10_000), max_size=60))
@settings(max_examples=60, deadline=None)
def test_random_play_conserves_cards_and_text_round_trips(deal: int, picks: list[int]) -> None:
    state = State.new(deal)
    for pick in picks:
        moves = state.legal_moves()
        if not moves:
            assert state.is_won() or state.is_stuck()
            break
        move = moves[pick % len(moves)]
        assert Move.parse(str(move)) == move
        state = state.apply(move)
        assert sorted(state.cards_left() + home_cards(state)) == list(range(DECK_SIZE))
        assert State.from_dict(state.to_dict()) == state


def home_cards(state: State) -> list[int]:
    return [s * 13 + r for s in range(4) for r in range(state.foundations[s])]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "a",
        "a -> ",
        "i -> a",
        "a -> 5",
        "draw a -> 1",
        "draw a0 -> 1",
        "ab -> c",
        "redeal now",
        "a => b",
    ],
)
def test_move_parser_refuses_junk(text: str) -> None:
    with pytest.raises(ValueError):
        Move.parse(text)


# ------------------------------------------------------------------------------------------
# Midnight Oil's rules core pinned where a player reads it: saved positions, moves in
# words, redeals, won and stuck (spec §3–§6, §10).


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
