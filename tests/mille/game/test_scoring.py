"""Every scoring item of spec §5, with the arithmetic of the BSD reference screens."""

from __future__ import annotations

from parlour.mille.game.cards import Card
from parlour.mille.game.rules import Game
from parlour.mille.game.scoring import Bonuses, trip_bonuses
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase
from tests.mille.craft import C, craft, go, hand, play, rebalance, short, use


def at_mileage(game: Game, who: int, cards: list[Card]) -> None:
    player = game.players[who]
    player.distance_played = list(cards)
    player.mileage = sum(
        {C.D25: 25, C.D50: 50, C.D75: 75, C.D100: 100, C.D200: 200}[c] for c in cards
    )
    player.hand_total = player.overall_total = player.mileage
    rebalance(game)


def test_milestones_count_at_once_in_both_totals() -> None:
    game = craft(hands=(hand(C.D75, C.D25), hand(C.D50)), deck=[C.D100] * 3)
    go(game, HUMAN)
    play(game, "pick")
    use(game, C.D75)
    row = game.hand_result()[HUMAN]
    assert (row.milestones, row.hand_total, row.overall_total) == (75, 75, 75)
    assert row.trip == 0


def test_each_safety_and_all_four() -> None:
    game = craft(
        hands=(
            hand(C.EXTRA_TANK, C.PUNCTURE_PROOF, C.DRIVING_ACE, C.RIGHT_OF_WAY, C.D25, C.D25),
            hand(C.D50),
        ),
        deck=[C.D100] * 6,
    )
    totals = []
    for safety in (C.EXTRA_TANK, C.PUNCTURE_PROOF, C.DRIVING_ACE, C.RIGHT_OF_WAY):
        play(game, "pick")
        use(game, safety)
        assert game.turn == HUMAN
        totals.append(game.players[HUMAN].hand_total)
    assert totals == [100, 200, 300, 700]
    row = game.hand_result()[HUMAN]
    assert (row.safeties, row.all_four, row.coups) == (400, 300, 0)


def test_coup_fourre_scores_300_more() -> None:
    game = craft(
        hands=(hand(C.DRIVING_ACE, C.D25, C.D25, C.D25, C.D25, C.D25), hand(C.ACCIDENT, C.D50)),
        deck=[C.D100] * 4,
        turn=COMPUTER,
    )
    go(game, HUMAN)
    play(game, "pick")
    use(game, C.ACCIDENT)
    use(game, C.DRIVING_ACE)
    row = game.hand_result()[HUMAN]
    assert (row.safeties, row.coups, row.hand_total) == (100, 300, 400)


def test_screen_43_extension_trip_and_shut_out() -> None:
    """1000 miles + 2 safeties + trip 400 + extension 200 + shut-out 500 = 2300."""
    game = craft(hands=(hand(C.D100, C.D25), hand(C.D50)), deck=[C.D75] * 3, goal=1000)
    go(game, HUMAN)
    at_mileage(game, HUMAN, [C.D200, C.D200] + [C.D100] * 5)
    human = game.players[HUMAN]
    human.safeties = {C.EXTRA_TANK: False, C.PUNCTURE_PROOF: False}
    human.hand_total = human.overall_total = 900 + 200
    rebalance(game)
    play(game, "pick")
    events = use(game, C.D100)
    assert events[-1].kind == "hand_over" and game.phase is Phase.HAND_OVER
    row = game.hand_result()[HUMAN]
    assert (row.trip, row.safe_trip, row.delayed_action, row.extension, row.shut_out) == (
        400,
        0,
        0,
        200,
        500,
    )
    assert row.hand_total == 2300
    assert game.hand_result()[COMPUTER].trip == 0


def test_screen_33_delayed_action_and_safe_trip() -> None:
    """Deck empty, 700 without a 200: 700 + 400 + 300 + 300 + 500 = 2200."""
    game = craft(hands=(short(C.D100, C.D25), short(C.D50, C.STOP)), deck=[])
    go(game, HUMAN)
    go(game, COMPUTER)
    at_mileage(game, HUMAN, [C.D100] * 6)
    game.players[COMPUTER].hand_total = game.players[COMPUTER].overall_total = 0
    use(game, C.D100)
    assert game.phase is Phase.EXTENSION
    game.answer_extension(False)
    row = game.hand_result()[HUMAN]
    assert (row.trip, row.safe_trip, row.delayed_action, row.extension, row.shut_out) == (
        400,
        300,
        300,
        0,
        0 if game.players[COMPUTER].mileage else 500,
    )
    assert row.hand_total == 2200


def test_delayed_action_when_the_finisher_drew_the_last_card() -> None:
    game = craft(hands=(hand(C.D50, C.D25), hand(C.D50, C.D25)), deck=[C.D25])
    go(game, HUMAN)
    go(game, COMPUTER)
    at_mileage(game, HUMAN, [C.D200, C.D100, C.D100, C.D100, C.D100, C.D50])
    at_mileage(game, COMPUTER, [C.D25])
    play(game, "pick")
    use(game, C.D50)
    game.answer_extension(False)
    row = game.hand_result()[HUMAN]
    assert (row.delayed_action, row.safe_trip, row.shut_out) == (300, 0, 0)


def test_nobody_scores_a_trip_when_the_deck_dies() -> None:
    game = craft(hands=(hand(C.D25, C.D50), hand(C.D50, C.D25)), deck=[C.D75])
    game.apply(Move("pick"))
    assert game.phase is Phase.HAND_OVER and game.finisher is None
    assert all(r.trip == 0 and r.shut_out == 0 for r in game.hand_result().rows)


def test_game_over_at_5000_then_games_won_settled_on_next_game() -> None:
    game = craft(hands=(hand(C.D100, C.D25), hand(C.D50)), deck=[C.D75] * 3)
    go(game, HUMAN)
    at_mileage(game, HUMAN, [C.D200, C.D200, C.D100, C.D100])
    game.players[HUMAN].overall_total = 3900
    game.players[COMPUTER].overall_total = 4800
    play(game, "pick")
    use(game, C.D100)
    game.answer_extension(False)
    # 3900 + 100 + trip 400 + shut-out 500 = 4900; the computer has 4800: nobody at 5000
    assert game.phase is Phase.HAND_OVER
    assert game.players[HUMAN].overall_total == 4900
    game.players[COMPUTER].overall_total = 5000
    game.phase = Phase.GAME_OVER
    assert game.hand_result()[COMPUTER].games == 0  # only settled when the next game starts
    game.next_hand()
    assert [p.games_won for p in game.players] == [0, 1]
    assert [p.overall_total for p in game.players] == [0, 0]


def test_reaching_5000_ends_the_game_at_hand_end_only() -> None:
    game = craft(hands=(hand(C.D100, C.D25), hand(C.D50)), deck=[C.D75] * 3)
    go(game, HUMAN)
    at_mileage(game, HUMAN, [C.D200, C.D200, C.D100, C.D100])
    game.players[HUMAN].overall_total = 4800
    play(game, "pick")
    use(game, C.D100)
    assert game.players[HUMAN].overall_total == 4900
    game.answer_extension(False)
    assert game.phase is Phase.GAME_OVER and game.winner() == HUMAN


def test_tie_gives_nobody_a_game() -> None:
    game = Game.new(5)
    for player in game.players:
        player.overall_total = 5200
    game.phase = Phase.GAME_OVER
    game.next_hand()
    assert [p.games_won for p in game.players] == [0, 0]


def test_bonus_table() -> None:
    assert trip_bonuses(played_200=False, deck_empty=True, goal=1000, opponent_mileage=0) == (
        Bonuses(400, 300, 300, 200, 500)
    )
    assert (
        trip_bonuses(played_200=True, deck_empty=False, goal=700, opponent_mileage=25).total == 400
    )
    assert Bonuses(400, 300, 300, 200, 500).total == 1700
