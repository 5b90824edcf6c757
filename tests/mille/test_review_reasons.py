"""The review's reasons in words: every fact and every playout summary word for word, from
crafted positions and made-up playouts (so the words do not hang on the computer's play)."""

from __future__ import annotations

import textwrap

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from parlour.core.rng import below, make_rng
from parlour.mille.computer.handlog import Decision, ExtensionAnswer
from parlour.mille.computer.review.outcomes import Contrast
from parlour.mille.computer.review.reasons import LINE_ROOM, dead_because, reason_lines
from parlour.mille.computer.seatmoves import legal_moves
from parlour.mille.game.cards import Card
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase
from parlour.mille.terminal.review_view import plain
from tests.mille.craft import C, craft, drove, go, hand, play, rebalance, slot_of
from tests.mille.playouts import DEALS, outcome, split
from tests.mille.test_review import finishing, stopped_with_right_of_way


def trip_rates(its: int, yours: int, shut_out: bool = False) -> Contrast:
    """You complete the trip in ``its``% of the playouts the advised way, ``yours``% yours."""
    done = outcome(finisher=1, shut_out=shut_out, miles=(700, 0))
    short = outcome(miles=(650, 0))
    return Contrast(split(its, done, short), split(yours, done, short))


def hide(game: Game, *cards: Card) -> None:
    """Put ``cards`` (from the discards) at the bottom of the deck: unseen by both players."""
    game.deck[:0] = list(cards)
    rebalance(game)


def reasons(decision: Decision, advised: Move | ExtensionAnswer, contrast: Contrast) -> str:
    lines = reason_lines(decision, advised, contrast)
    assert len(lines) == 1
    assert len(textwrap.wrap(lines[0], LINE_ROOM)) <= 2
    return lines[0]


def at_575(
    *cards: Card,
    opponent_stopped: bool = True,
    opponent: list[Card | None] | None = None,
    deck: list[Card] | None = None,
) -> Game:
    """The issue's position: 575 miles with Extra Tank played, 75 picked, the computer at 300."""
    game = craft(
        hands=(
            hand(*cards),
            opponent or hand(C.D75, C.D100, C.OUT_OF_GAS, C.GO, C.D25, C.D50),
        ),
        deck=deck or [C.D50, C.D75, C.GO, C.D25, C.REPAIRS, C.D200, C.D50, C.D75, C.STOP, C.D75],
    )
    go(game, HUMAN)
    go(game, COMPUTER)
    human = game.players[HUMAN]
    drove(game, HUMAN, [C.D200, C.D100, C.D100, C.D100, C.D75])
    human.safeties[C.EXTRA_TANK] = False
    drove(game, COMPUTER, [C.D200, C.D100])
    if opponent_stopped:
        computer = game.players[COMPUTER]
        computer.battle_pile.append(C.STOP)
        computer.battle = C.STOP
        computer.can_go = False
    rebalance(game)
    play(game, "pick")
    return game


def test_the_issues_75_at_575_with_extra_tank_reads_sensibly() -> None:
    game = at_575(C.GASOLINE, C.D100, C.SPARE_TIRE, C.ACCIDENT, C.END_OF_LIMIT, C.GO)
    assert game.players[HUMAN].hand[0] is C.D75
    decision = Decision(game.view(HUMAN), Move("use", 0))
    advised = Move("discard", slot_of(game, C.GASOLINE))
    assert reasons(decision, advised, trip_rates(89, 76)) == (
        "Why: Gasoline is dead (Extra Tank played); 75 leaves 50: none in hand, 3 unseen. "
        "Played out: you complete the trip: 89% the computer's way, 76% yours."
    )


def test_a_trip_that_cannot_finish() -> None:
    """Every 50 and all but one 25 are in the open: after the 75 the trip cannot end."""
    game = at_575(
        C.GASOLINE,
        C.D100,
        C.SPARE_TIRE,
        C.ACCIDENT,
        C.END_OF_LIMIT,
        C.GO,
        opponent=hand(C.D75, C.D100, C.OUT_OF_GAS, C.GO, C.D100, C.D200),
        deck=[C.GO, C.REPAIRS, C.D200, C.D25, C.STOP, C.D75],
    )
    assert game.view(HUMAN).unseen()[C.D50] == 0
    decision = Decision(game.view(HUMAN), Move("use", 0))
    advised = Move("discard", slot_of(game, C.GASOLINE))
    assert reasons(decision, advised, trip_rates(70, 0)) == (
        "Why: Gasoline is dead (Extra Tank played); 75 leaves 50, which cannot be made. "
        "Played out: you complete the trip: 70% the computer's way, 0% yours."
    )


def test_the_facts_that_speak_for_the_difference_come_first() -> None:
    """They drive less its way: the attack leads, before what the 75 leaves."""
    game = at_575(
        C.GASOLINE, C.D100, C.STOP, C.ACCIDENT, C.END_OF_LIMIT, C.GO, opponent_stopped=False
    )
    decision = Decision(game.view(HUMAN), Move("use", 0))
    advised = Move("use", slot_of(game, C.STOP))
    contrast = Contrast([outcome(miles=(575, 300))] * DEALS, [outcome(miles=(650, 450))] * DEALS)
    assert reasons(decision, advised, contrast).startswith(
        "Why: Stop stops them at 300 miles; 2 Gos unseen."
    )


def test_a_race_near_the_goal() -> None:
    game = at_575(
        C.SPARE_TIRE, C.D50, C.STOP, C.ACCIDENT, C.END_OF_LIMIT, C.GO, opponent_stopped=False
    )
    drove(game, COMPUTER, [C.D200, C.D200, C.D100, C.D75])
    rebalance(game)
    decision = Decision(game.view(HUMAN), Move("discard", slot_of(game, C.SPARE_TIRE)))
    advised = Move("use", 0)
    first = outcome(finisher=1, miles=(700, 575))
    second = outcome(finisher=-1, miles=(650, 700))
    contrast = Contrast(split(47, first, second), split(23, first, second))
    assert reasons(decision, advised, contrast) == (
        "Why: 75 leaves 50: your 50 finishes it; they are moving, 125 to go. "
        "Played out: you complete the trip: 47% the computer's way, 23% yours."
    )


def test_a_card_that_finishes_and_a_shut_out_at_stake() -> None:
    game = finishing()
    decision = Decision(game.view(HUMAN), Move("discard", slot_of(game, C.D25)))
    advised = Move("use", slot_of(game, C.D25))
    assert reasons(decision, advised, trip_rates(100, 3, shut_out=True)) == (
        "Why: 25 finishes the trip now; they have 0 miles: a shut-out (500) is at stake. "
        "Played out: you shut them out: 100% the computer's way, 3% yours."
    )


def test_a_missed_coup_fourre() -> None:
    game = stopped_with_right_of_way()
    decision = Decision(game.view(HUMAN), Move("pick"))
    advised = Move("use", slot_of(game, C.RIGHT_OF_WAY))
    coup = outcome(coups=(1, 0), safety=(100, 0))
    late = outcome(safety=(100, 0))
    contrast = Contrast(split(100, coup, late), split(1, coup, late))
    assert reasons(decision, advised, contrast) == (
        "Why: a coup fourré was open: Stop was just laid on you. "
        "Played out: you make a coup fourré: 100% the computer's way, 1% yours."
    )


def test_an_attack_held_back() -> None:
    game = at_575(
        C.GASOLINE, C.D100, C.STOP, C.ACCIDENT, C.END_OF_LIMIT, C.GO, opponent_stopped=False
    )
    decision = Decision(game.view(HUMAN), Move("discard", slot_of(game, C.END_OF_LIMIT)))
    advised = Move("use", slot_of(game, C.STOP))
    stopped = outcome(miles=(575, 300))
    raced = outcome(miles=(575, 420))
    contrast = Contrast([stopped] * DEALS, [raced] * DEALS)
    assert reasons(decision, advised, contrast) == (
        "Why: Stop stops them at 300 miles; 2 Gos unseen. "
        "Played out: they drive 120 miles less on average the computer's way."
    )


def stopped_by_flat_tire() -> Game:
    game = craft(
        hands=(
            hand(C.SPARE_TIRE, C.D50, C.REPAIRS, C.D100, C.STOP, C.D75),
            hand(C.D75, C.D100, C.OUT_OF_GAS, C.GO, C.D25, C.D50),
        ),
        deck=[C.D50, C.D75, C.GO, C.D25, C.D200, C.D50],
    )
    go(game, COMPUTER)
    human = game.players[HUMAN]
    human.battle_pile = [C.GO, C.FLAT_TIRE]
    human.battle = C.FLAT_TIRE
    hide(game, C.ACCIDENT, C.ACCIDENT, C.D100, C.D25, C.GO, C.STOP)
    play(game, "pick")
    return game


def test_a_remedy_thrown_away_while_stopped() -> None:
    game = stopped_by_flat_tire()
    decision = Decision(game.view(HUMAN), Move("discard", slot_of(game, C.REPAIRS)))
    advised = Move("use", slot_of(game, C.SPARE_TIRE))
    drove_on = outcome(miles=(300, 200))
    stuck = outcome(miles=(200, 200))
    contrast = Contrast([drove_on] * DEALS, [stuck] * DEALS)
    assert reasons(decision, advised, contrast) == (
        "Why: you are stopped by Flat Tire: Spare Tire answers it. "
        "Played out: you drive 100 miles more on average the computer's way."
    )


def test_a_safety_laid_while_its_coup_fourre_was_still_possible() -> None:
    game = finishing()
    human = game.players[HUMAN]
    human.hand[slot_of(game, C.GASOLINE)] = C.RIGHT_OF_WAY
    hide(game, C.STOP, C.SPEED_LIMIT, C.SPEED_LIMIT, C.SPEED_LIMIT)
    decision = Decision(game.view(HUMAN), Move("use", slot_of(game, C.RIGHT_OF_WAY)))
    advised = Move("use", slot_of(game, C.D25))
    kept = outcome(finisher=1, miles=(700, 0), coups=(1, 0), safety=(100, 0))
    laid = outcome(finisher=1, miles=(700, 0), safety=(100, 0))
    contrast = Contrast(split(30, kept, laid), [laid] * DEALS)
    assert reasons(decision, advised, contrast) == (
        "Why: 1 Stop and 3 Speed Limits unseen: Right of Way could still make a coup "
        "fourré. Played out: you make a coup fourré: 30% the computer's way, 0% yours."
    )


def test_a_safety_with_no_coup_fourre_left_is_cashed() -> None:
    game = stopped_by_flat_tire()
    human = game.players[HUMAN]
    human.hand[slot_of(game, C.REPAIRS)] = C.EXTRA_TANK
    computer = game.players[COMPUTER]
    computer.hand[computer.hand.index(C.OUT_OF_GAS)] = C.GASOLINE
    rebalance(game)
    view = game.view(HUMAN)
    assert view.unseen()[C.OUT_OF_GAS] == 0  # both in the discards
    decision = Decision(view, Move("discard", slot_of(game, C.D50)))
    advised = Move("use", slot_of(game, C.EXTRA_TANK))
    cashed = outcome(safety=(100, 0))
    contrast = Contrast([cashed] * DEALS, split(40, cashed, outcome()))
    assert reasons(decision, advised, contrast) == (
        "Why: both Out of Gas seen: Extra Tank can make no coup fourré. "
        "Played out: your safeties score 100 points on average the computer's way, 40 yours."
    )


def at_the_goal(opponent_miles: int) -> Game:
    """The human has just reached 700 (no 200 played) and is asked Extension?."""
    game = finishing()
    if opponent_miles:
        drove(game, COMPUTER, [C.D200] * (opponent_miles // 200))
        rebalance(game)
    play(game, f"use {slot_of(game, C.D25)}")
    assert game.phase is Phase.EXTENSION
    return game


def test_extension_says_what_stopping_scores_and_how_going_on_went() -> None:
    game = at_the_goal(0)
    decision = Decision(game.view(HUMAN), ExtensionAnswer(True))
    reached = outcome(finisher=1, miles=(1000, 200))
    caught = outcome(finisher=-1, miles=(800, 1000))
    contrast = Contrast(
        [outcome(finisher=1, shut_out=True, miles=(700, 0))] * DEALS, split(40, reached, caught)
    )
    assert reasons(decision, ExtensionAnswer(False), contrast) == (
        "Why: stopping now scores 1200 (Trip Completed, Safe Trip, Shut-Out); 10 cards left "
        "in the deck. Played out: you shut them out: 100% stopping, 0% going on."
    )
    later = at_the_goal(400)
    decision = Decision(later.view(HUMAN), ExtensionAnswer(False))
    contrast = Contrast(
        split(70, reached, caught), [outcome(finisher=1, miles=(700, 400))] * DEALS, True
    )
    assert reasons(decision, ExtensionAnswer(True), contrast) == (
        "Why: your hand holds 150 miles; they are at 400 miles, 600 from 1000. "
        "Played out, going on: you reach 1000 70% of the time, they do 30%."
    )


def test_playouts_that_show_no_difference_leave_the_position_alone() -> None:
    game = finishing()
    decision = Decision(game.view(HUMAN), Move("discard", slot_of(game, C.STOP)))
    same = [outcome()] * DEALS
    advised = Move("discard", slot_of(game, C.SPARE_TIRE))
    assert reason_lines(decision, advised, Contrast(same, same)) == [
        "Why: Spare Tire is dead (both Flat Tires seen); they have 0 miles: a shut-out (500) "
        "is at stake; Stop could stop them (700 to go)."
    ]


def test_dead_cards_and_why() -> None:
    game = at_575(C.GASOLINE, C.D100, C.D200, C.ACCIDENT, C.SPEED_LIMIT, C.GO)
    view = game.view(HUMAN)
    assert dead_because(view, C.GASOLINE) == "Extra Tank played"
    assert dead_because(view, C.D200) == "125 to go"
    assert dead_because(view, C.D100) is None
    assert dead_because(view, C.D25) is None  # a 25 always fits
    assert dead_because(view, C.GO) is None
    assert dead_because(view, C.ACCIDENT) is None
    computer = game.players[COMPUTER]
    computer.safeties[C.DRIVING_ACE] = False
    rebalance(game)
    assert dead_because(game.view(HUMAN), C.ACCIDENT) == "their Driving Ace"
    two_200s = finishing()
    drove(two_200s, HUMAN, [C.D200, C.D200, C.D75])
    two_200s.players[HUMAN].hand[slot_of(two_200s, C.STOP)] = C.D200
    rebalance(two_200s)
    assert dead_because(two_200s.view(HUMAN), C.D200) == "two 200s played"
    held = stopped_with_right_of_way()
    assert dead_because(held.view(HUMAN), C.GO) == "Right of Way in hand"
    seen = stopped_by_flat_tire()
    view = seen.view(HUMAN)
    assert dead_because(view, C.REPAIRS) is None  # both Accidents still unseen
    for card in (C.ACCIDENT, C.ACCIDENT):
        seen.deck.remove(card)
    rebalance(seen)  # both now in the discards
    assert dead_because(seen.view(HUMAN), C.REPAIRS) == "both Accidents seen"
    assert dead_because(seen.view(HUMAN), C.SPARE_TIRE) is None  # under its own Flat Tire
    near = finishing()
    drove(near, COMPUTER, [C.D200, C.D200, C.D100, C.D100, C.D50])
    rebalance(near)
    assert dead_because(near.view(HUMAN), C.SPEED_LIMIT) == "they need only 50"


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    steps=st.integers(0, 80),
    rates=st.lists(st.integers(0, 100), min_size=4, max_size=4),
)
def test_any_position_gets_reasons_in_at_most_two_lines(
    seed: int, steps: int, rates: list[int]
) -> None:
    """Whatever the position and the moves, the reasons fit two lines and read in ASCII."""
    game = Game.new(seed)
    rng = make_rng(seed)
    for _ in range(steps):
        if game.phase is not Phase.TURN:
            break
        moves = game.legal_moves()
        game.apply(moves[below(rng, len(moves))])
    assume(game.phase is Phase.TURN)
    view = game.view(game.turn)
    moves = legal_moves(view)
    assume(len(moves) >= 2)
    chosen, advised = moves[below(rng, len(moves))], moves[below(rng, len(moves))]
    good = outcome(
        finisher=1, shut_out=rates[0] > 50, miles=(700, 25), coups=(1, 0), safety=(100, 0)
    )
    bad = outcome(finisher=-1, miles=(300, 700), coups=(0, 1), safety=(0, 100))
    contrast = Contrast(split(rates[0], good, bad), split(rates[1], good, bad))
    for line in reason_lines(Decision(view, chosen), advised, contrast):
        assert len(textwrap.wrap(line, LINE_ROOM)) <= 2
        assert plain(line).isascii()
