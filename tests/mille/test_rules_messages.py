"""Every refusal of spec §8.2, with BSD's text and BSD's order of checks."""

from __future__ import annotations

import pytest

from parlour.mille.files.gamedata import game_to_dict
from parlour.mille.game.table import COMPUTER, HUMAN, IllegalMove, Move, Phase
from tests.mille.craft import C, craft, go, hand, play


def refused(game, text: str) -> str:  # type: ignore[no-untyped-def]
    before = game_to_dict(game)
    with pytest.raises(IllegalMove) as info:
        game.apply(Move.parse(text))
    assert game_to_dict(game) == before, "a refused move must change nothing"
    assert not game.is_legal(Move.parse(text))
    return info.value.message


def test_must_pick_first_for_cards_and_non_counter_safeties() -> None:
    game = craft(hands=(hand(C.D25, C.GO, C.EXTRA_TANK), hand(C.D50)), deck=[C.D75, C.D100])
    assert refused(game, "use 2") == "must pick first"
    assert refused(game, "discard 1") == "must pick first"
    # a safety that counters nothing needs a pick too
    assert refused(game, "use 3") == "must pick first"
    # but discarding a safety says so, even before picking (BSD looks at slot 1)
    assert refused(game, "discard 3") == "discard a safety?"
    play(game, "pick")
    assert refused(game, "discard 3") == "discard a safety?"


def test_already_picked_and_no_more_cards() -> None:
    game = craft(hands=(hand(C.D25), hand(C.D50)), deck=[C.D75, C.D100])
    play(game, "pick")
    assert refused(game, "pick") == "already picked"
    empty = craft(hands=(hand(C.D25, C.STOP), hand(C.D50, C.STOP)), deck=[])
    go(empty, HUMAN)
    go(empty, COMPUTER)
    assert refused(empty, "pick") == "no more cards"


def test_no_card_there_only_once_the_deck_is_gone() -> None:
    game = craft(hands=(hand(C.D25, C.STOP), hand(C.D50, C.STOP)), deck=[])
    go(game, HUMAN)
    go(game, COMPUTER)
    assert refused(game, "use 4") == "no card there"
    assert refused(game, "discard P") == "no card there"
    with_deck = craft(hands=(hand(C.D25), hand(C.D50)), deck=[C.D75])
    assert refused(with_deck, "use 4") == "must pick first"


def test_distance_checks_in_bsd_order() -> None:
    game = craft(hands=(hand(C.D200, C.D100, C.D50, C.D25, p=C.D75), hand(C.D50)), deck=[C.GO])
    player = game.players[HUMAN]
    # cannot move without a Go; the 200 test comes first only when two 200s were laid
    assert refused(game, "use 1") == "cannot move now"
    player.distance_played = [C.D200, C.D200]
    player.mileage = 400
    player.speed = C.SPEED_LIMIT
    player.speed_pile = [C.SPEED_LIMIT]
    game.deck = []
    from tests.mille.craft import rebalance

    rebalance(game)
    assert refused(game, "use 1") == "only two 200's per hand"
    assert refused(game, "use 2") == "limit of 50"
    assert refused(game, "use P") == "limit of 50"
    player.speed = None
    player.mileage = 650
    player.distance_played = [C.D200, C.D200, C.D100, C.D100, C.D50]
    rebalance(game)
    assert refused(game, "use 2") == "puts you over 700"
    assert refused(game, "use 3") == "cannot move now"
    game.goal = 1000
    player.mileage = 950
    player.distance_played += [C.D100, C.D100, C.D100]
    rebalance(game)
    assert refused(game, "use 2") == "puts you over 1000"


def test_remedy_go_and_end_of_limit_refusals() -> None:
    game = craft(
        hands=(hand(C.GASOLINE, C.GO, C.END_OF_LIMIT, C.SPARE_TIRE, C.REPAIRS), hand(C.D50)),
        deck=[C.D25],
    )
    play(game, "pick")
    assert refused(game, "use 1") == 'can\'t play "Gasoline"'
    assert refused(game, "use 4") == 'can\'t play "Spare Tire"'
    assert refused(game, "use 5") == 'can\'t play "Repairs"'
    assert refused(game, "use 3") == "not limited"
    go(game, HUMAN)
    assert refused(game, "use 2") == 'cannot play "Go" on a "Go"'
    player = game.players[HUMAN]
    player.battle = C.FLAT_TIRE
    player.battle_pile.append(C.FLAT_TIRE)
    player.can_go = False
    assert refused(game, "use 2") == 'cannot play "Go" on a "Flat Tire"'


def test_hazard_refusals() -> None:
    game = craft(
        hands=(hand(C.STOP, C.SPEED_LIMIT, C.FLAT_TIRE, C.ACCIDENT), hand(C.D50)), deck=[C.D25]
    )
    play(game, "pick")
    assert refused(game, "use 1") == "opponent cannot go"
    go(game, COMPUTER)
    computer = game.players[COMPUTER]
    computer.safeties[C.PUNCTURE_PROOF] = False
    computer.safeties[C.RIGHT_OF_WAY] = False
    from tests.mille.craft import rebalance

    rebalance(game)
    assert refused(game, "use 3") == "opponent is protected"
    assert refused(game, "use 1") == "opponent is protected"
    assert refused(game, "use 2") == "opponent is protected"
    del computer.safeties[C.RIGHT_OF_WAY]
    computer.speed = C.SPEED_LIMIT
    computer.speed_pile.append(C.SPEED_LIMIT)
    rebalance(game)
    assert refused(game, "use 2") == "opponent has limit"
    # opponent cannot go is checked before protection
    computer.battle = C.ACCIDENT
    computer.can_go = False
    assert refused(game, "use 3") == "opponent cannot go"


def test_moves_outside_a_turn() -> None:
    game = craft(hands=(hand(C.D25), hand(C.D50)), deck=[C.D75])
    game.phase = Phase.EXTENSION
    assert refused(game, "pick") == "answer the extension question first"
    game.phase = Phase.HAND_OVER
    assert refused(game, "pick") == "the hand is over"
    with pytest.raises(IllegalMove):
        game.answer_extension(True)


def test_move_text_round_trips() -> None:
    for text in ("pick", "use P", "use 3", "discard P", "discard 6"):
        assert str(Move.parse(text)) == text
    assert Move.parse("u0") == Move("use", 0)
    assert Move.parse("D 4") == Move("discard", 4)
    for bad in ("", "use 7", "play 1", "use", "pick 2"):
        with pytest.raises(ValueError):
            Move.parse(bad)
