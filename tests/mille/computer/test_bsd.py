"""BSD's own strategy (``BsdPlayer``, ``--level classic``) behaves as spec §10 describes it."""

from __future__ import annotations

from bench.mille_baselines import GreedyPlayer

from parlour.mille.computer.bsd import BsdPlayer
from parlour.mille.game.cards import Card
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Move
from tests.mille.craft import C, both_moving, craft, go, hand, play, rebalance, use


def moving_opponents() -> Game:
    return both_moving(
        (hand(C.D50, C.STOP, C.D100, C.GO, C.D25, C.REPAIRS), hand(C.D50, C.D75)),
        [C.D25] * 8,
    )


def test_bsd_player_counters_at_once_and_picks_first_otherwise() -> None:
    game = both_moving(
        (
            hand(C.ACCIDENT, C.D50, C.D50, C.D50, C.D50, C.D50),
            hand(C.D25, C.D100, C.DRIVING_ACE, C.D75, C.D75, C.D75),
        ),
        [C.D25] * 8,
    )
    use(game, C.ACCIDENT)
    assert BsdPlayer().choose_move(game.view(COMPUTER)) == Move("use", 3)
    fresh = Game.new(5)
    assert BsdPlayer().choose_move(fresh.view(HUMAN)) == Move("pick")


def test_bsd_player_finishes_the_trip_with_the_exact_card() -> None:
    game = craft(
        hands=(hand(C.D100, C.D25, C.D50, C.D75, C.GASOLINE, C.GO), hand(C.D50)),
        deck=[C.D50] * 8,
    )
    go(game, HUMAN)
    go(game, COMPUTER)
    human = game.players[HUMAN]
    human.distance_played = [C.D200, C.D200, C.D100, C.D100]
    human.mileage = 600
    rebalance(game)
    play(game, "pick")
    assert BsdPlayer(debian_count=False).choose_move(game.view(HUMAN)) == Move("use", 1)
    # The Debian binary's boolean count (spec §10.6, screen 32): the lone 25 and
    # 50 are "stuck" with 100 to go, the count flips to zero and it discards
    # instead of playing the finishing 100.
    assert BsdPlayer().choose_move(game.view(HUMAN)).kind == "discard"


PLAYED = {0: [], 150: [C.D100, C.D50], 600: [C.D200, C.D200, C.D100, C.D100]}


def stopped_at(mileage: int, cards: list[Card], pick: Card, deck: tuple[Card, ...] = ()) -> Game:
    """BSD's seat (HUMAN here) stopped by an Accident at ``mileage``, after picking ``pick``."""
    game = craft(hands=(hand(*cards), hand(C.D50)), deck=[*deck, pick])
    go(game, COMPUTER)
    player = game.players[HUMAN]
    player.battle_pile = [C.GO, C.ACCIDENT]
    player.battle = C.ACCIDENT
    player.can_go = False
    player.mileage = mileage
    player.distance_played = list(PLAYED[mileage])
    rebalance(game)
    play(game, "pick")
    return game


def discarded(game: Game) -> Card | None:
    move = BsdPlayer().choose_move(game.view(HUMAN))
    assert move.kind == "discard"
    return game.view(HUMAN).hand[move.slot or 0]


# The valuation details below were read from the Debian binary's own choices
# (bench/mille_fidelity.py reads its hand from its save files).


def test_bsd_player_never_discards_a_card_it_could_play() -> None:
    # 75 to go: the lone 25 is "stuck" and sends the Debian count to discard
    # mode, but the 25 stays playable, so like the real program it throws away
    # an overshooting 100 rather than the 25.
    game = craft(
        hands=(hand(C.D25, C.D75, C.D100, C.D100, C.GO, C.STOP), hand(C.D50)),
        deck=[C.D50] * 8,
    )
    go(game, HUMAN)
    game.players[COMPUTER].battle_pile = [C.STOP]
    game.players[COMPUTER].battle = C.STOP
    human = game.players[HUMAN]
    human.distance_played = [C.D200, C.D200, C.D100, C.D100, C.D25]
    human.mileage = 625
    rebalance(game)
    play(game, "pick")
    assert discarded(game) == C.D100


def test_bsd_player_values_only_its_first_finishing_card_at_40() -> None:
    # Real program: at 600 with three 100s and under an Accident it discards a 100.
    game = stopped_at(600, [C.D100, C.D50, C.D50, C.D75, C.D100, C.D100], C.D75)
    assert discarded(game) == C.D100


def test_bsd_player_counts_held_200s_towards_the_limit_of_two() -> None:
    # Real program: holding three 200s (none played), it discards one of them.
    game = stopped_at(150, [C.D200, C.D100, C.D75, C.D100, C.D200, C.D200], C.D100)
    assert discarded(game) == C.D200


def test_bsd_player_protects_one_low_card_only() -> None:
    # No defence against Speed Limit (the limits are unseen, in the deck): its
    # first 50 is kept at 20, the second is worth its face, the lowest card.
    limits = (C.SPEED_LIMIT,)
    game = stopped_at(0, [C.D50, C.D50, C.D100, C.D100, C.D200, C.D75], C.D75, limits)
    assert discarded(game) == C.D50


def test_bsd_player_discards_a_speed_limit_against_right_of_way_first() -> None:
    game = stopped_at(150, [C.SPEED_LIMIT, C.D25, C.D50, C.D75, C.D100, C.D200], C.D100)
    game.players[COMPUTER].safeties[C.RIGHT_OF_WAY] = False
    rebalance(game)
    assert discarded(game) == C.SPEED_LIMIT


def test_bsd_player_values_remedies_more_each_time_it_decides_while_stopped() -> None:
    # Spec §10.1: the "needed" entry of the remedy grows by two at every decision
    # made while stopped, and is never reset for the rest of the game.
    game = craft(
        hands=(hand(C.D25, C.D50, C.D75, C.D100, C.STOP, C.SPARE_TIRE), hand(C.D50)),
        deck=[C.D25] * 8,
    )
    go(game, COMPUTER)
    human = game.players[HUMAN]
    human.battle_pile = [C.GO, C.OUT_OF_GAS]
    human.battle = C.OUT_OF_GAS
    rebalance(game)
    play(game, "pick")
    player = BsdPlayer()
    start = player.needed[C.GASOLINE]
    player.choose_move(game.view(HUMAN))
    player.choose_move(game.view(HUMAN))
    assert player.needed[C.GASOLINE] == start + 4
    assert player.needed[C.GO] == BsdPlayer().needed[C.GO]


def test_bsd_player_counts_its_initial_hazards_only_when_it_starts_the_hand() -> None:
    # Spec §10.1: the Go-equivalents counter skips the initial six unless it starts.
    game = Game.new(12)
    starter, other = BsdPlayer(), BsdPlayer()
    starter.choose_move(game.view(HUMAN))
    hazards = sum(
        1 for card in game.players[HUMAN].cards_in_hand() if C.OUT_OF_GAS <= card <= C.STOP
    )
    play(game, "pick")
    game.apply(GreedyPlayer().choose_move(game.view(HUMAN)))
    other.choose_move(game.view(COMPUTER))
    assert starter._go_equivalents >= hazards > 0
    assert other._go_equivalents == 0
