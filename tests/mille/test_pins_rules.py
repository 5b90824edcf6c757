"""Mille Bornes rules pinned where the score window and the end-of-deck check show them."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from parlour.core.rng import make_rng
from parlour.mille.files.gamedata import player_to_dict
from parlour.mille.game.cards import Card
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
)
from tests.mille.craft import C, craft, discard, go, hand, play, rebalance, use


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
