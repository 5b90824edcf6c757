"""Turn structure and the battle/speed state machine (spec §1–4), scene by scene."""

from __future__ import annotations

from collections import Counter

from parlour.mille.files.gamedata import game_from_dict, game_to_dict
from parlour.mille.game.cards import COPIES, Card
from parlour.mille.game.rules import Game, card_total_ok
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase, compact_hand
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
