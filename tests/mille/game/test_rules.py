"""Turn structure and the battle/speed state machine (spec §1–4), scene by scene.

Every refusal of spec §8.2, with BSD's text and BSD's order of checks.

Mille Bornes rules pinned where the score window and the end-of-deck check show them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest

from parlour.core.rng import make_rng
from parlour.mille.files.gamedata import game_from_dict, game_to_dict, player_to_dict
from parlour.mille.game.cards import COPIES, Card
from parlour.mille.game.rules import Game, card_total_ok
from parlour.mille.game.scoring import Bonuses
from parlour.mille.game.table import (
    COMPUTER,
    GOAL,
    HUMAN,
    Event,
    IllegalMove,
    Move,
    Phase,
    PlayerState,
    compact_hand,
)
from tests.mille.craft import (
    C,
    craft,
    discard,
    drove,
    go,
    hand,
    play,
    rebalance,
    short,
    slot_of,
    use,
)


def test_new_game_deals_six_each_human_first() -> None:
    game = Game.new(42)
    assert game.deck_count == 89
    assert game.turn == HUMAN and game.phase is Phase.TURN
    for player in game.players:
        assert player.hand[0] is None and all(card is not None for card in player.hand[1:])
    assert Counter(game.all_cards()) == Counter(COPIES)
    assert game.legal_moves() == [Move("pick")]


def test_picked_card_fills_the_slot_just_used() -> None:
    full = hand(C.D25, C.D50, C.GO, C.D25, C.D50, C.D75)
    game = craft(hands=(full, hand(C.D50)), deck=[C.D75, C.D100])
    play(game, "pick")
    assert game.players[HUMAN].hand[0] == C.D100 and game.deck_count == 1
    events = game.apply(Move.parse("use 3"))
    assert [(e.kind, e.card) for e in events] == [("play", C.GO)]
    assert game.players[HUMAN].hand == [None, C.D25, C.D50, C.D100, C.D25, C.D50, C.D75]
    assert game.turn == COMPUTER


def test_compaction_moves_the_topmost_card_into_the_hole() -> None:
    # spec §2.1 step 3 / acceptance 23: deck empty, D3 then D4
    slots: list[Card | None] = [None, C.D25, C.D50, C.D75, C.D100, C.GASOLINE, C.GO]
    slots[3] = None
    compact_hand(slots)
    assert slots == [None, None, C.D50, C.D25, C.D100, C.GASOLINE, C.GO]
    slots[4] = None
    compact_hand(slots)
    assert slots == [None, None, None, C.D25, C.D50, C.GASOLINE, C.GO]


def test_coup_fourre_before_picking_and_double_draw() -> None:
    # screens 28 -> 29: Out of Gas just laid on the human, Extra Tank in slot 5
    game = craft(
        hands=(
            hand(C.D25, C.D100, C.D100, C.GASOLINE, C.EXTRA_TANK, C.D75),
            hand(C.D50, C.STOP),
        ),
        deck=[C.D25, C.D50, C.D75],
        turn=COMPUTER,
    )
    go(game, HUMAN)
    go(game, COMPUTER)
    game.players[COMPUTER].hand[0] = C.OUT_OF_GAS
    rebalance(game)
    game.deck = [C.D25, C.D50, C.D75]
    rebalance(game)
    play(game, "use P")  # computer lays Out of Gas
    human = game.players[HUMAN]
    assert human.battle == C.OUT_OF_GAS and human.fresh_battle and not human.can_go
    assert Move("use", 5) in game.legal_moves()
    events = game.apply(Move("use", 5))
    assert events[0].kind == "coup"
    assert human.safeties == {C.EXTRA_TANK: True}
    assert human.battle == C.GO and human.can_go
    assert human.hand_total == 400
    assert human.hand == [None, None, C.D100, C.D100, C.GASOLINE, C.D25, C.D75]
    assert game.turn == HUMAN  # a safety gives another turn
    play(game, "pick")
    assert human.hand[0] == C.D75 and human.hand[1] == C.D50 and game.deck_count == 1


def test_coup_window_closes_with_the_pick() -> None:
    game = craft(
        hands=(hand(C.D25, C.EXTRA_TANK), hand(C.D50, C.OUT_OF_GAS)),
        deck=[C.D25, C.D50, C.D75],
        turn=COMPUTER,
    )
    go(game, HUMAN)
    play(game, "pick")
    play(game, "use 2")
    play(game, "pick")  # the human picks instead of countering
    events = game.apply(Move("use", 2))
    assert events[0].kind == "safety"
    assert game.players[HUMAN].safeties == {C.EXTRA_TANK: False}
    assert game.players[HUMAN].hand_total == 100
    assert game.players[HUMAN].battle == C.GO


def test_coup_window_closes_with_the_first_move_once_the_deck_is_empty() -> None:
    """BSD bug 2 fixed: an empty deck no longer keeps the window open for ever."""
    game = craft(
        hands=(short(C.D25, C.EXTRA_TANK, C.D50), short(C.D50, C.OUT_OF_GAS, C.D25)),
        deck=[],
        turn=COMPUTER,
    )
    go(game, HUMAN)
    go(game, COMPUTER)
    use(game, C.OUT_OF_GAS)  # the human may still coup on its next move
    assert game.players[HUMAN].fresh_battle
    discard(game, C.D25)
    use(game, C.D50)  # computer drives
    events = use(game, C.EXTRA_TANK)
    assert events[0].kind == "safety"
    assert game.players[HUMAN].safeties == {C.EXTRA_TANK: False}


def test_coup_is_still_possible_on_the_first_move_with_an_empty_deck() -> None:
    game = craft(
        hands=(short(C.D25, C.EXTRA_TANK, C.D50), short(C.D50, C.OUT_OF_GAS, C.D25)),
        deck=[],
        turn=COMPUTER,
    )
    go(game, HUMAN)
    go(game, COMPUTER)
    use(game, C.OUT_OF_GAS)
    events = use(game, C.EXTRA_TANK)
    assert events[0].kind == "coup"
    assert game.players[HUMAN].hand_total == 400


def test_right_of_way_on_empty_pile_without_limit() -> None:
    # screen 19/21: +100, pile stays empty, can drive, must pick again
    full = hand(C.RIGHT_OF_WAY, C.D25, C.GO, C.D50, C.D50, C.D50)
    game = craft(hands=(full, hand(C.D50)), deck=[C.D75] * 3)
    play(game, "pick")
    play(game, "use 1")
    human = game.players[HUMAN]
    assert human.battle is None and human.can_go and human.hand_total == 100
    assert game.turn == HUMAN and game.legal_moves()[0] == Move("pick")
    assert not game.is_legal(Move("use", 2))
    play(game, "pick")
    assert game.is_legal(Move("use", 2))
    # Go is still accepted (wasted) on an empty pile even with Right of Way
    assert game.is_legal(Move("use", 3))


def test_right_of_way_under_limit_before_picking_lays_a_go() -> None:
    game = craft(hands=(hand(C.RIGHT_OF_WAY, C.D25), hand(C.D50)), deck=[C.D75] * 3)
    human = game.players[HUMAN]
    human.speed = C.SPEED_LIMIT
    human.speed_pile = [C.SPEED_LIMIT]
    rebalance(game)
    events = game.apply(Move("use", 1))
    assert events[0].kind == "safety"  # the limit was old: no coup
    assert human.battle == C.GO and human.speed is None and human.can_go


def test_old_stop_and_limit_cleared_by_right_of_way_no_coup() -> None:
    # screens 38 -> 39
    game = craft(hands=(hand(C.RIGHT_OF_WAY, C.D25), hand(C.D50)), deck=[C.D75] * 3)
    human = game.players[HUMAN]
    human.battle, human.battle_pile = C.STOP, [C.GO, C.STOP]
    human.speed, human.speed_pile = C.SPEED_LIMIT, [C.SPEED_LIMIT]
    rebalance(game)
    play(game, "pick")
    events = game.apply(Move("use", 1))
    assert events[0].kind == "safety"
    assert human.battle is None and human.speed is None and human.can_go
    assert human.hand_total == 100


def test_right_of_way_coup_on_fresh_stop() -> None:
    game = craft(
        hands=(hand(C.RIGHT_OF_WAY, C.D25), hand(C.STOP, C.D50)), deck=[C.D75] * 3, turn=COMPUTER
    )
    go(game, HUMAN)
    play(game, "pick")
    play(game, "use 1")
    events = game.apply(Move("use", 1))
    assert events[0].kind == "coup"
    human = game.players[HUMAN]
    assert human.battle is None and human.can_go and human.hand_total == 400


def test_right_of_way_coup_on_fresh_limit() -> None:
    game = craft(
        hands=(hand(C.RIGHT_OF_WAY, C.D25), hand(C.SPEED_LIMIT, C.D50)),
        deck=[C.D75] * 3,
        turn=COMPUTER,
    )
    play(game, "pick")
    play(game, "use 1")
    events = game.apply(Move("use", 1))
    assert events[0].kind == "coup"
    human = game.players[HUMAN]
    assert human.speed is None and human.battle == C.GO and human.hand_total == 400


def test_no_spurious_right_of_way_coup_under_old_limit() -> None:
    """BSD bug 1 fixed (screen 30): old limit + fresh Out of Gas + Right of Way is no coup."""
    game = craft(
        hands=(hand(C.RIGHT_OF_WAY, C.D25), hand(C.OUT_OF_GAS, C.D50)),
        deck=[C.D75] * 3,
        turn=COMPUTER,
    )
    go(game, HUMAN)
    human = game.players[HUMAN]
    human.speed, human.speed_pile = C.SPEED_LIMIT, [C.SPEED_LIMIT]
    rebalance(game)
    play(game, "pick")
    play(game, "use 1")
    events = game.apply(Move("use", 1))  # allowed before picking: it counters the limit
    assert events[0].kind == "safety"
    assert human.battle == C.OUT_OF_GAS and not human.can_go and human.speed is None
    assert human.hand_total == 100 and human.safeties == {C.RIGHT_OF_WAY: False}


def test_hazards_with_right_of_way() -> None:
    # screen 20: Flat Tire straight onto an empty pile; screen 21: miles on the remedy
    game = craft(hands=(hand(C.D50, C.SPARE_TIRE), hand(C.FLAT_TIRE, C.D25)), deck=[C.D100] * 5)
    human = game.players[HUMAN]
    human.safeties[C.RIGHT_OF_WAY] = False
    human.can_go = True
    rebalance(game)
    play(game, "pick")
    play(game, "discard P")
    play(game, "pick")
    use(game, C.FLAT_TIRE)
    assert human.battle == C.FLAT_TIRE and not human.can_go
    play(game, "pick")
    use(game, C.SPARE_TIRE)
    assert human.battle == C.SPARE_TIRE and human.can_go
    play(game, "pick")
    discard(game, C.D25)
    use(game, C.D50)
    assert human.mileage == 50


def test_speed_limit_needs_no_go_and_stops_long_cards() -> None:
    # screen 07: a limit on an opponent who has no Go yet
    game = craft(
        hands=(hand(C.SPEED_LIMIT), hand(C.D75, C.D50, C.GO, C.END_OF_LIMIT, C.D25, C.D25)),
        deck=[C.D100] * 6,
    )
    play(game, "pick")
    use(game, C.SPEED_LIMIT)
    computer = game.players[COMPUTER]
    assert computer.speed == C.SPEED_LIMIT and computer.fresh_speed
    play(game, "pick")
    use(game, C.GO)
    play(game, "pick")
    play(game, "discard P")
    play(game, "pick")
    assert not game.is_legal(Move("use", slot_of(game, C.D75)))
    assert not game.is_legal(Move("use", 0))  # the picked 100
    assert game.is_legal(Move("use", slot_of(game, C.D50)))
    use(game, C.END_OF_LIMIT)
    assert computer.speed == C.END_OF_LIMIT


def test_extension_question_yes_and_no() -> None:
    game = craft(hands=(hand(C.D100, *[C.D25] * 5), hand(*[C.D50] * 6)), deck=[C.D75] * 4)
    go(game, HUMAN)
    drove(game, HUMAN, [C.D200, C.D200, C.D100, C.D100])
    rebalance(game)
    play(game, "pick")
    events = game.apply(Move("use", 1))
    assert events[-1].kind == "reach" and game.phase is Phase.EXTENSION and game.turn == HUMAN
    assert game.legal_moves() == []
    saved = game_to_dict(game)
    game.answer_extension(True)
    assert game.goal == 1000 and game.phase is Phase.TURN and game.turn == COMPUTER
    again = game_from_dict(saved)
    again.answer_extension(False)
    assert again.phase is Phase.HAND_OVER and again.finisher == HUMAN


def test_empty_deck_skips_an_empty_hand_and_ends_when_nobody_can_play() -> None:
    game = craft(hands=(short(C.D25), short(C.D50, C.D25)), deck=[])
    go(game, HUMAN)
    go(game, COMPUTER)
    use(game, C.D25)  # the human's last card
    assert game.turn == COMPUTER
    events = use(game, C.D50)
    assert events[-1].kind == "skip" and game.turn == COMPUTER  # the human has nothing left
    use(game, C.D25)
    assert game.phase is Phase.HAND_OVER and game.finisher is None


def test_hand_ends_right_after_the_last_pick_when_nobody_can_play() -> None:
    # screen 44: the deck runs out and nobody holds a playable card
    game = craft(hands=(hand(C.D25, C.D50), hand(C.D50, C.D25)), deck=[C.D75])
    events = game.apply(Move("pick"))
    assert events[-1].kind == "hand_over"
    assert game.phase is Phase.HAND_OVER and game.players[HUMAN].hand[0] == C.D75


def test_bsd_playable_test_is_strict_about_speed_limits() -> None:
    game = craft(hands=(hand(C.SPEED_LIMIT), hand(C.D25)), deck=[])
    computer = game.players[COMPUTER]
    computer.mileage = 650
    computer.distance_played = [C.D200, C.D200, C.D100, C.D100, C.D50]
    rebalance(game)
    assert game.is_legal(Move("use", 1))  # the real rule allows the limit
    assert not game.playable(HUMAN, C.SPEED_LIMIT)  # BSD's end-of-deck test does not count it
    assert not game.anyone_can_play()


def test_starter_alternates_across_hands_and_games() -> None:
    game = Game.new(3)
    starters = []
    for _ in range(4):
        starters.append(game.starter)
        game.phase = Phase.HAND_OVER
        game.next_hand()
    assert starters == [HUMAN, COMPUTER, HUMAN, COMPUTER]
    game.players[HUMAN].overall_total = 5100
    game.phase = Phase.GAME_OVER
    game.next_hand()
    assert game.starter == COMPUTER
    assert [p.games_won for p in game.players] == [1, 0]
    assert [p.overall_total for p in game.players] == [0, 0]


def test_same_seed_same_deal() -> None:
    assert game_to_dict(Game.new(99)) == game_to_dict(Game.new(99))
    assert Game.new(99).deck != Game.new(100).deck
    assert card_total_ok(Game.new(7))


def test_every_card_has_one_kind_and_the_deck_holds_each_in_bsd_numbers() -> None:
    kinds = Counter(card.kind for card in Card for _ in range(COPIES[card]))
    assert kinds == {"distance": 46, "hazard": 13, "remedy": 38, "safety": 4}


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


def game_over(human: int, computer: int, won: tuple[int, int] = (2, 5)) -> Game:
    game = Game.new(5)
    for player, total, games in zip(game.players, (human, computer), won, strict=True):
        player.overall_total = total
        player.hand_total = 75
        player.games_won = games
    game.phase = Phase.GAME_OVER
    return game


@pytest.mark.parametrize(
    ("human", "computer", "winner", "games"),
    [(5100, 4800, HUMAN, [3, 5]), (4800, 5100, COMPUTER, [2, 6]), (5000, 5000, None, [2, 5])],
)
def test_the_higher_total_wins_the_game_and_it_is_counted_once(
    human: int, computer: int, winner: int | None, games: list[int]
) -> None:
    game = game_over(human, computer)
    assert game.winner() == winner
    game.next_hand()
    assert [p.games_won for p in game.players] == games
    assert [(p.overall_total, p.hand_total) for p in game.players] == [(0, 0), (0, 0)]
    assert game.phase is Phase.TURN and game.hands_played == 2


def test_the_next_hand_waits_for_the_end_of_this_one() -> None:
    game = Game.new(5)
    with pytest.raises(IllegalMove) as refusal:
        game.next_hand()
    assert str(refusal.value) == "the hand is not over"


@pytest.mark.parametrize(("count", "points"), [(0, 0), (3, 0), (4, 300)])
def test_all_four_safeties_row(count: int, points: int) -> None:
    game = craft(hands=(hand(), hand()), deck=[C.D25] * 3)
    safeties = (Card.EXTRA_TANK, Card.PUNCTURE_PROOF, Card.DRIVING_ACE, Card.RIGHT_OF_WAY)
    for card in safeties[:count]:
        game.players[HUMAN].safeties[card] = False
    rebalance(game)
    row = game.hand_result()[HUMAN]
    assert (row.safeties, row.all_four, row.coups) == (100 * count, points, 0)
    assert game.hand_result()[COMPUTER].all_four == 0


def test_the_end_of_deck_check_counts_safeties_and_the_200s_rule() -> None:
    """BSD's "playable": with the deck gone the hand ends when nobody holds a playable card;
    a safety always counts, a 200 only while fewer than two are down."""
    game = craft(hands=(hand(), hand()), deck=[])
    go(game, HUMAN)
    me = game.players[HUMAN]
    assert game.playable(HUMAN, Card.DRIVING_ACE) and game.playable(HUMAN, Card.RIGHT_OF_WAY)
    assert game.playable(HUMAN, Card.D200) and game.playable(HUMAN, Card.D100)
    me.distance_played = [Card.D200]
    me.mileage = 200
    assert game.playable(HUMAN, Card.D200)
    me.distance_played = [Card.D200, Card.D200]
    me.mileage = 400
    assert not game.playable(HUMAN, Card.D200)
    assert game.playable(HUMAN, Card.D100) and game.playable(HUMAN, Card.D25)


def test_a_hand_of_safeties_keeps_the_hand_alive_after_the_last_pick() -> None:
    game = craft(hands=(hand(C.EXTRA_TANK), hand(C.D25)), deck=[C.D75])
    play(game, "pick")  # the last card; the human still holds a safety to lay
    assert game.phase is Phase.TURN and game.anyone_can_play()


def test_the_cards_add_up_only_with_the_right_cards() -> None:
    game = Game.new(5)
    assert card_total_ok(game)
    game.deck[game.deck.index(Card.GO)] = Card.RIGHT_OF_WAY  # still 101 cards
    assert not card_total_ok(game)
    game = Game.new(5)
    game.deck.pop()
    assert not card_total_ok(game)


def test_the_seat_view_shows_an_open_coup_window() -> None:
    game = craft(hands=(hand(C.STOP), hand(C.D25)), deck=[C.D75] * 4)
    go(game, COMPUTER)
    play(game, "pick")
    use(game, C.STOP)
    view = game.view(COMPUTER)
    assert view.fresh_battle is True and view.fresh_speed is False
    game = craft(hands=(hand(C.SPEED_LIMIT), hand(C.D25)), deck=[C.D75] * 4)
    play(game, "pick")
    use(game, C.SPEED_LIMIT)
    view = game.view(COMPUTER)
    assert view.fresh_speed is True and view.fresh_battle is False


def test_settling_a_game_resets_both_totals() -> None:
    game = game_over(5100, 4800)
    game.award_game()  # what next_hand does first after a game
    assert [(p.overall_total, p.hand_total, p.games_won) for p in game.players] == [
        (0, 0, 3),
        (0, 0, 5),
    ]


@dataclass(frozen=True)
class Road:
    """What the end-of-deck check looks at on one side of the table."""

    mileage: int = 0
    can_go: bool = True
    limited: bool = False
    battle: Card | None = Card.GO
    safeties: tuple[Card, ...] = ()

    def lay(self, game: Game, who: int) -> None:
        player = game.players[who]
        player.mileage = self.mileage
        player.can_go = self.can_go
        player.speed = Card.SPEED_LIMIT if self.limited else None
        player.battle = self.battle
        player.safeties = {card: False for card in self.safeties}


PLAYABLE = [
    # (the human's road, the computer's road, card, playable for the human)
    (Road(), Road(), Card.D200, True),
    (Road(limited=True), Road(), Card.D75, False),
    (Road(limited=True), Road(), Card.D50, True),
    (Road(limited=True), Road(), Card.D25, True),
    (Road(can_go=False, battle=Card.STOP), Road(), Card.D25, False),
    (Road(mileage=650), Road(), Card.D50, True),  # exactly 700
    (Road(mileage=650), Road(), Card.D75, False),  # over 700
    (Road(), Road(mileage=625), Card.SPEED_LIMIT, True),
    (Road(), Road(mileage=650), Card.SPEED_LIMIT, False),  # it could only limit the last 50
    (Road(), Road(limited=True), Card.SPEED_LIMIT, False),
    (Road(), Road(safeties=(Card.RIGHT_OF_WAY,)), Card.SPEED_LIMIT, False),
    (Road(), Road(), Card.STOP, True),
    (Road(), Road(can_go=False, battle=Card.STOP), Card.STOP, False),
    (Road(), Road(safeties=(Card.PUNCTURE_PROOF,)), Card.FLAT_TIRE, False),
    (Road(), Road(safeties=(Card.PUNCTURE_PROOF,)), Card.ACCIDENT, True),
    (Road(can_go=False, battle=Card.OUT_OF_GAS), Road(), Card.GASOLINE, True),
    (Road(can_go=False, battle=Card.FLAT_TIRE), Road(), Card.GASOLINE, False),
    (Road(can_go=False, battle=None), Road(), Card.GO, True),
    (Road(can_go=False, battle=Card.STOP), Road(), Card.GO, True),
    (Road(can_go=False, battle=Card.SPARE_TIRE), Road(), Card.GO, True),
    (Road(can_go=False, battle=Card.FLAT_TIRE), Road(), Card.GO, False),
    (Road(), Road(), Card.GO, False),
    (Road(limited=True), Road(), Card.END_OF_LIMIT, True),
    (Road(), Road(), Card.END_OF_LIMIT, False),
    (Road(can_go=False, battle=Card.FLAT_TIRE), Road(), Card.EXTRA_TANK, True),
]


@pytest.mark.parametrize(("mine", "theirs", "card", "expected"), PLAYABLE)
def test_what_counts_as_playable_at_the_end_of_the_deck(
    mine: Road, theirs: Road, card: Card, expected: bool
) -> None:
    game = craft(hands=(hand(), hand()), deck=[])
    mine.lay(game, HUMAN)
    theirs.lay(game, COMPUTER)
    assert game.playable(HUMAN, card) is expected


def at_600() -> Game:
    """The human at 600 miles, a 100 in hand, the computer on 0 miles."""
    game = craft(hands=(hand(C.D100, C.D25), hand(C.D50)), deck=[C.D75] * 3)
    go(game, HUMAN)
    human = game.players[HUMAN]
    human.distance_played = [C.D200, C.D200, C.D100, C.D100]
    human.mileage = 600
    rebalance(game)
    play(game, "pick")
    return game


def test_a_total_of_exactly_5000_ends_the_game() -> None:
    game = at_600()
    game.players[HUMAN].overall_total = 4000
    use(game, C.D100)  # 4100
    game.answer_extension(False)  # + trip 400 + shut-out 500 = 5000
    assert game.players[HUMAN].overall_total == 5000
    assert game.phase is Phase.GAME_OVER and game.winner() == HUMAN


def test_the_extension_question_is_answered_only_when_asked() -> None:
    game = at_600()
    with pytest.raises(IllegalMove) as refusal:
        game.answer_extension(True)
    assert str(refusal.value) == "no extension question is open"
    use(game, C.D100)
    events = game.answer_extension(True)
    assert events[0].who == HUMAN and events[0].kind == "extension"
    assert game.goal == 1000 and game.phase is Phase.TURN and game.turn == COMPUTER


def test_right_of_way_over_a_repair_lets_the_player_roll() -> None:
    game = craft(hands=(hand(C.RIGHT_OF_WAY), hand(C.D25)), deck=[C.D75] * 4)
    human = game.players[HUMAN]
    human.battle_pile = [C.OUT_OF_GAS, C.GASOLINE]
    human.battle = C.GASOLINE
    human.can_go = False
    rebalance(game)
    play(game, "pick")
    use(game, C.RIGHT_OF_WAY)
    assert human.can_go is True and human.battle == C.GASOLINE
    assert human.safeties == {C.RIGHT_OF_WAY: False}  # no coup: nothing to answer


def test_the_pick_and_the_end_of_the_hand_are_told_for_the_right_seat() -> None:
    game = craft(hands=(hand(C.D25), hand(C.D50)), deck=[C.D75] * 3)
    picked = game.deck[-1]
    first = game.apply(Move("pick"))[0]
    assert (first.who, first.kind, first.card, first.slot) == (HUMAN, "pick", picked, 0)
    game = at_600()
    use(game, C.D100)
    last = game.answer_extension(False)[-1]
    assert (last.who, last.kind) == (HUMAN, "hand_over")


def test_a_hand_that_ends_with_the_deck_is_told_for_the_last_picker() -> None:
    game = craft(hands=(hand(C.D25), hand(C.D50)), deck=[C.D75], turn=COMPUTER)
    events = game.apply(Move("pick"))  # the last card, and nobody can roll
    assert (game.phase, game.finisher) == (Phase.HAND_OVER, None)
    assert [(e.who, e.kind) for e in events][-1] == (COMPUTER, "hand_over")


def test_right_of_way_keeps_an_end_of_limit_on_the_speed_pile() -> None:
    game = craft(hands=(hand(C.RIGHT_OF_WAY), hand(C.D25)), deck=[C.D75] * 4)
    human = game.players[HUMAN]
    human.speed_pile = [C.SPEED_LIMIT, C.END_OF_LIMIT]
    human.speed = C.END_OF_LIMIT
    rebalance(game)
    play(game, "pick")
    use(game, C.RIGHT_OF_WAY)
    assert human.speed == C.END_OF_LIMIT and game.view(HUMAN).mine.speed == C.END_OF_LIMIT


@pytest.mark.parametrize(
    ("slots", "refusal"),
    [
        ([None, None, C.EXTRA_TANK], "must pick first"),
        ([None, C.D25, C.EXTRA_TANK], "discard a safety?"),
    ],
)
def test_discarding_a_safety_before_picking_looks_at_slot_one(
    slots: list[Card | None], refusal: str
) -> None:
    game = craft(hands=(slots + [C.D25] * 4, hand(C.D50)), deck=[C.D75] * 3)
    with pytest.raises(IllegalMove) as caught:
        game.apply(Move("discard", 2))
    assert str(caught.value) == refusal


def test_a_pick_into_an_empty_slot_one_is_told_twice_for_the_picker() -> None:
    deck = [C.D25, C.D100, C.D200]  # the top is the last
    game = craft(hands=(hand(C.D50), [None, None, *[C.D25] * 5]), deck=deck, turn=COMPUTER)
    events = game.apply(Move("pick"))
    assert [(e.who, e.kind, e.card, e.slot) for e in events] == [
        (COMPUTER, "pick", C.D200, 0),
        (COMPUTER, "pick", C.D100, 1),
    ]


def test_a_player_with_no_cards_left_is_skipped_and_cannot_answer_a_hazard() -> None:
    game = craft(hands=(hand(C.STOP, C.GO), [None] * 7), deck=[])
    go(game, COMPUTER)
    events = use(game, C.STOP)
    assert [(e.who, e.kind) for e in events] == [(HUMAN, "play"), (COMPUTER, "skip")]
    computer = game.players[COMPUTER]
    assert (computer.fresh_battle, computer.fresh_speed) == (False, False)
    assert game.turn == HUMAN and game.phase is Phase.TURN


def test_a_discard_is_told_with_its_card_and_slot() -> None:
    game = craft(hands=(hand(C.D25, C.STOP), hand(C.D50)), deck=[C.D75] * 3)
    play(game, "pick")
    events = discard(game, C.STOP)
    assert [(e.who, e.kind, e.card, e.slot) for e in events] == [(HUMAN, "discard", C.STOP, 2)]
    assert game.discards[-1] == C.STOP and game.turn == COMPUTER


def _told(events: list[Event]) -> list[tuple[object, ...]]:
    return [(e.who, e.kind, e.card, e.slot) for e in events]


def test_a_safety_a_distance_card_and_the_trip_are_told_with_their_card_and_slot() -> None:
    game = craft(hands=(hand(C.EXTRA_TANK, C.D25), hand(C.D50)), deck=[C.D75] * 3)
    go(game, HUMAN)
    play(game, "pick")  # a D75 into P; the safety is in slot 1, the 25 in slot 2
    assert _told(use(game, C.EXTRA_TANK)) == [(HUMAN, "safety", C.EXTRA_TANK, 1)]
    assert game.turn == HUMAN  # a safety gives another turn; the hand is pushed down
    play(game, "pick")
    assert _told(use(game, C.D25)) == [(HUMAN, "play", C.D25, 6)]
    game = at_600()
    told = [(HUMAN, "play", C.D100, 1), (HUMAN, "reach", C.D100, None)]
    assert _told(use(game, C.D100)) == told


@pytest.mark.parametrize("text", ["pick", "p", "P", " Pick "])
def test_a_pick_is_read_by_its_word_or_its_letter(text: str) -> None:
    assert Move.parse(text) == Move("pick")


@pytest.mark.parametrize("text", ["u7", "use", "d x", "pickup", ""])
def test_a_move_that_is_no_move_says_what_was_typed(text: str) -> None:
    with pytest.raises(ValueError) as info:
        Move.parse(text)
    assert str(info.value) == f"not a move: {text!r}"


@pytest.mark.parametrize(
    ("kind", "slot", "words"),
    [
        ("jump", 0, "unknown move kind 'jump'"),
        ("use", 7, "bad slot 7"),
        ("discard", -1, "bad slot -1"),
        ("pick", 2, "bad slot 2"),
    ],
)
def test_a_move_that_cannot_be_made_says_why(kind: str, slot: int, words: str) -> None:
    with pytest.raises(ValueError) as info:
        Move(kind, slot)
    assert str(info.value) == words


def test_a_game_made_directly_is_an_empty_table_before_the_deal() -> None:
    """Game(seed, rng) is public (issue #29: a call can tell its first values apart): before
    the deal nobody has cards, the human is to move and starts, and the goal is 700."""
    game = Game(3, make_rng(3))
    assert (game.seed, game.phase, game.turn, game.goal) == (3, Phase.TURN, HUMAN, GOAL)
    assert GOAL == 700 and game.deck == [] and game.discards == []
    assert (game.starter, game.next_starter, game.hands_played, game.finisher) == (
        HUMAN,
        HUMAN,
        0,
        None,
    )


def test_a_player_made_directly_has_an_empty_hand_and_tableau() -> None:
    assert player_to_dict(PlayerState()) == {
        "hand": [None] * 7,
        "battle": None,
        "speed": None,
        "battle_pile": [],
        "speed_pile": [],
        "mileage": 0,
        "safeties": [],
        "distance_played": [],
        "can_go": False,
        "fresh_battle": False,
        "fresh_speed": False,
        "hand_total": 0,
        "overall_total": 0,
        "games_won": 0,
        "bonuses": [0, 0, 0, 0, 0],
    }


def test_a_player_made_with_every_part_holds_each_as_given() -> None:
    hand: list[Card | None] = [None, Card.GO, Card.D100, None, None, None, None]
    battle_pile = [Card.STOP, Card.GO]
    speed_pile = [Card.SPEED_LIMIT]
    safeties = {Card.EXTRA_TANK: True}
    distance = [Card.D100, Card.D25]
    bonuses = Bonuses(trip=400, safe_trip=300)
    player = PlayerState(
        hand=hand,
        battle=Card.GO,
        speed=Card.SPEED_LIMIT,
        battle_pile=battle_pile,
        speed_pile=speed_pile,
        mileage=125,
        safeties=safeties,
        distance_played=distance,
        can_go=True,
        fresh_battle=True,
        fresh_speed=True,
        hand_total=425,
        overall_total=2300,
        games_won=1,
        bonuses=bonuses,
    )
    assert player.hand is hand and player.battle_pile is battle_pile
    assert player.speed_pile is speed_pile and player.safeties is safeties
    assert player.distance_played is distance and player.bonuses is bonuses
    assert (player.battle, player.speed, player.mileage) == (Card.GO, Card.SPEED_LIMIT, 125)
    assert (player.can_go, player.fresh_battle, player.fresh_speed) == (True, True, True)
    assert (player.hand_total, player.overall_total, player.games_won) == (425, 2300, 1)


def test_two_games_equal_but_for_the_order_safeties_were_laid_differ() -> None:
    # The save check compares the game read back with the one written: the order of the
    # safeties is shown on the board and kept in the save, so it is part of the game.
    first, second = Game.new(5), Game.new(5)
    assert first == second
    first.players[HUMAN].safeties = {C.EXTRA_TANK: False, C.PUNCTURE_PROOF: True}
    second.players[HUMAN].safeties = {C.PUNCTURE_PROOF: True, C.EXTRA_TANK: False}
    assert first.players[HUMAN] == second.players[HUMAN]  # a dict's order is not its value
    assert first != second
    second.players[HUMAN].safeties = {C.EXTRA_TANK: False, C.PUNCTURE_PROOF: True}
    assert first == second
