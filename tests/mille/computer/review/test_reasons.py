"""The review's reasons in words: every fact and every playout summary word for word, from
crafted positions and made-up playouts (so the words do not hang on the computer's play).

Every claim a review's "Why" makes is true in the position (point 4 of the review issue).

Positions come from many hands played to their end (greedy and random players against
the strong computer's heuristic-only play, for speed); at each of the human's decisions,
every pair of different options (the player's move, the advised one) has its facts
gathered, and each fact is checked against the position by rules written here apart
from the review's own code: a card said to finish the trip can be laid and makes the
miles exactly; a card said dead is held and dead for the reason given; every count of
unseen cards is the count; "they can finish with one card" holds under their Speed Limit.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter

from bench.mille_baselines import GreedyPlayer
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from parlour.core.rng import below, make_rng
from parlour.mille.computer.ai import ComputerPlayer
from parlour.mille.computer.handlog import Decision, ExtensionAnswer
from parlour.mille.computer.review.outcomes import Contrast
from parlour.mille.computer.review.reasons import (
    LINE_ROOM,
    PLURALS,
    Facts,
    dead_because,
    reason_lines,
)
from parlour.mille.computer.seatmoves import legal_moves
from parlour.mille.game.cards import COPIES, MILES, Card
from parlour.mille.game.rules import Game
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase
from parlour.mille.terminal.review_view import plain
from tests.mille.computer.review.test_reviewer import finishing, stopped_with_right_of_way
from tests.mille.craft import C, craft, drove, go, hand, play, rebalance, slot_of
from tests.mille.playouts import DEALS, outcome, split


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


BY_LABEL = {card.label: card for card in Card}


BY_PLURAL = {
    **{f"{c.label}s": c for c in Card if c.is_distance},
    **{v: k for k, v in PLURALS.items()},
}


BY_PLURAL.update({c.label: c for c in Card})  # "2 Out of Gas", "1 Stop"


def named(words: str) -> Card:
    return BY_LABEL.get(words) or BY_PLURAL[words]


def unseen_count(view: SeatView, card: Card) -> int:
    """Copies not in the seat's hand, on either tableau or in the discards (counted here)."""
    seen = Counter(view.held()) + Counter(view.discards)
    for tab in (view.mine, view.theirs):
        seen.update(tab.battle_pile)
        seen.update(tab.speed_pile)
        seen.update(tab.distance_played)
        seen.update(card for card, _ in tab.safeties)
    return COPIES[card] - seen[card]


def may_drive(view: SeatView, card: Card) -> bool:
    mine = view.mine
    if not mine.can_go or (mine.limited and MILES[card] > 50):
        return False
    if card is Card.D200 and sum(1 for c in mine.distance_played if c is Card.D200) >= 2:
        return False
    return mine.mileage + MILES[card] <= view.goal


def check(view: SeatView, fact: str) -> None:  # noqa: C901 (one rule per kind of claim)
    """Fail unless ``fact`` is true in ``view``."""
    mine, theirs = view.mine, view.theirs
    held = view.held()
    if m := re.fullmatch(r"(.+) finishes the trip now", fact):
        card = named(m[1])
        assert card in held and view.goal - mine.mileage == MILES[card] and may_drive(view, card)
    elif m := re.fullmatch(r"(.+) is (?:dead|no use) \((.+)\)", fact):
        card, why = named(m[1]), m[2]
        assert card in held
        if w := re.fullmatch(r"their (.+)", why):
            safety = named(w[1])
            assert safety in [c for c, _ in theirs.safeties] and card.is_hazard
        elif w := re.fullmatch(r"they need only (\d+)", why):
            assert card is Card.SPEED_LIMIT and int(w[1]) == view.goal - theirs.mileage <= 50
        elif why == "two 200s played":
            assert card is Card.D200 and mine.distance_played.count(Card.D200) >= 2
        elif w := re.fullmatch(r"(.+) (played|in hand)", why):
            safety = named(w[1])
            assert safety in (held if w[2] == "in hand" else [c for c, _ in mine.safeties])
        elif w := re.fullmatch(r"(\d+) to go", why):
            assert int(w[1]) == view.goal - mine.mileage < MILES[card]
        elif why == "two 200s played":
            assert card is Card.D200 and mine.distance_played.count(Card.D200) >= 2
        elif w := re.fullmatch(r"(?:both|all \d+|the) (.+) seen", why):
            assert unseen_count(view, named(w[1])) == 0
        else:
            raise AssertionError(f"unchecked reason {why!r}")
    elif m := re.fullmatch(r"(.+) answers (\d+) (.+) still unseen", fact):
        assert named(m[1]) in held and unseen_count(view, named(m[3])) == int(m[2])
    elif m := re.fullmatch(r"(.+) unseen: (.+) could still make a coup fourré", fact):
        for part in re.split(r", | and ", m[1]):
            count, name = part.split(" ", 1)
            assert unseen_count(view, named(name)) == int(count) > 0
    elif m := re.fullmatch(r"they can finish with one card \((\d+) to go\)", fact):
        left = int(m[1])
        assert left == view.goal - theirs.mileage and theirs.can_go
        assert not (theirs.limited and left > 50)
        card = next(c for c in MILES if MILES[c] == left)
        assert unseen_count(view, card) > 0
    elif m := re.fullmatch(r"at (\d+) to go, (\d+) (.+) unseen finish it", fact):
        assert int(m[1]) == view.goal - mine.mileage
        assert unseen_count(view, named(m[3])) == int(m[2])
    elif m := re.fullmatch(r"(.+) leaves (\d+): none in hand, (\d+) unseen", fact):
        left = view.goal - mine.mileage - MILES[named(m[1])]
        assert left == int(m[2])
        exact = next(c for c in MILES if MILES[c] == left)
        assert unseen_count(view, exact) == int(m[3])
    elif m := re.fullmatch(r"(.+) leaves (\d+): your (.+?)(?: and (.+))? finish(?:es)? it", fact):
        assert int(m[2]) == view.goal - mine.mileage - MILES[named(m[1])]
        cards = [named(m[3])] + ([named(m[4])] if m[4] else [])
        assert sum(MILES[c] for c in cards) == int(m[2])
        rest = Counter(held)
        rest[named(m[1])] -= 1
        assert all(rest[c] >= cards.count(c) for c in cards)
        assert all(not mine.limited or MILES[c] <= 50 for c in cards)
    elif m := re.fullmatch(r"the deck is nearly out \((\d+) cards?\)", fact):
        assert int(m[1]) == view.deck_count and fact.endswith("card)") == (view.deck_count == 1)
    elif m := re.fullmatch(r"you hold (\d+) safeties", fact):
        assert sum(1 for c in held if c.is_safety) == int(m[1])
    elif fact.startswith("they have 0 miles"):
        assert theirs.mileage == 0 < mine.mileage
    elif fact.startswith("you have 0 miles"):
        assert mine.mileage == 0 < theirs.mileage
    elif m := re.fullmatch(r"(.+) makes all four safeties \(300 more\)", fact):
        laid = {c for c, _ in mine.safeties}
        assert len(laid) == 3 and named(m[1]) not in laid and named(m[1]) in held
    elif m := re.fullmatch(r"(.+) also gives you another turn", fact):
        assert named(m[1]).is_safety and named(m[1]) in held
    elif m := re.fullmatch(r"lay (.+) first and still finish with (.+)", fact):
        safety, card = named(m[1]), named(m[2])
        assert safety.is_safety and safety in held and card in held
        assert view.goal - mine.mileage == MILES[card]
        assert may_drive(view, card) or safety is Card.RIGHT_OF_WAY and mine.limited
    elif m := re.fullmatch(r"(.+) gives you another turn and you keep (.+)", fact):
        assert named(m[1]).is_safety and named(m[1]) in held and named(m[2]) in held
    elif m := re.fullmatch(r"(.+) stops them at (\d+) miles; (\d+) (.+) unseen", fact):
        assert int(m[2]) == theirs.mileage and unseen_count(view, named(m[4])) == int(m[3])
    elif m := re.fullmatch(r"they are moving, (\d+) to go", fact):
        assert theirs.can_go and int(m[1]) == view.goal - theirs.mileage


def positions(hands: int) -> list[SeatView]:
    """The human's views at every decision of ``hands`` hands (greedy or random humans)."""
    views = []
    for seed in range(1, hands + 1):
        game = Game.new(seed)
        rng = make_rng(seed)
        human = GreedyPlayer(seed)
        computer = ComputerPlayer(seed, search=False)
        while game.phase in (Phase.TURN, Phase.EXTENSION):
            view = game.view(game.turn)
            if game.phase is Phase.EXTENSION:
                if game.turn == HUMAN:
                    views.append(view)
                game.answer_extension(below(rng, 2) == 0)
                continue
            if game.turn == HUMAN:
                views.append(view)
                moves = game.legal_moves()
                move = human.choose_move(view) if seed % 2 else moves[below(rng, len(moves))]
            else:
                move = computer.choose_move(view)
            game.apply(move)
        assert game.players[COMPUTER] is not None
    return views


def test_every_claim_of_every_why_is_true_in_its_position() -> None:
    checked = Counter[str]()
    for view in positions(150):
        if view.phase == "EXTENSION":
            pairs = [
                (ExtensionAnswer(True), ExtensionAnswer(False)),
                (ExtensionAnswer(False), ExtensionAnswer(True)),
            ]
        else:
            options: dict[tuple[str, Card | None], Move] = {}
            for move in legal_moves(view):
                card = None if move.kind == "pick" else view.hand[move.slot]
                options.setdefault((move.kind, card), move)
            moves = list(options.values())
            pairs = [(a, b) for a in moves for b in moves if a is not b]
        for chosen, advised in pairs:
            for _, fact in Facts(Decision(view, chosen), advised).gather():
                check(view, fact)
                checked[re.sub(r"\d+", "N", fact)] += 1
    assert sum(checked.values()) > 5000
    kinds = (
        "finishes the trip now",
        "is dead",
        "answers",
        "could still make",
        "they can finish with one card",
        "leaves",
        "also gives you another turn",
        "gives you another turn and you keep",
        "makes all four",
    )
    for kind in kinds:
        assert any(kind in fact for fact in checked), kind
