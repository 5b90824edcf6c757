"""Legal and illegal moves of every kind (spec §3, §5), won and stuck detection (§6)."""

from __future__ import annotations

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
        (Move.build(6, 3), "JD goes only on QD, not on QC"),  # wrong suit
        (Move.build(1, 4), "TC goes only on JC, not on QH"),
        (Move.build(5, 2), "KS is a king"),  # kings never build
        (Move.build(6, 10), "Fan l is empty"),  # empty fans are dead
        (Move.build(10, 0), "Fan l is empty"),  # nothing to move
        (Move.build(0, 0), "already on fan a"),
        (Move.to_foundation(0, 1), "QD cannot go to its foundation: it takes the jack next"),
        (Move.to_foundation(1, 1), "TC belongs on foundation 1"),
        (Move.to_foundation(3, 0), "QC cannot go to its foundation: it takes the 10 next"),
    ],
)
def test_illegal_moves_say_why(move: Move, message: str) -> None:
    state = base()
    assert move not in state.legal_moves()
    with pytest.raises(IllegalMove, match=message):
        state.apply(move)


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
