"""Patterns: small losses of one kind through a hand, gathered into one finding.

Made-up judgements pin the sorting into kinds, the sums and the words; a real hand (hand 2
of ``--seed 7``, kept in saves/ with its decisions) shows the issue's dead Repairs.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

from parlour.mille.computer.handlog import Decision
from parlour.mille.computer.review.outcomes import Contrast, Judgement
from parlour.mille.computer.review.patterns import Pattern, describe, gather, kind_of
from parlour.mille.computer.review.reviewer import CLEAR_Z, MIN_LOSS, Finding, Reviewer, flagged
from parlour.mille.files import savefile
from parlour.mille.game.cards import Card
from parlour.mille.game.rules import Game
from parlour.mille.game.table import HUMAN, Move
from tests.mille.craft import C, craft, drove, go, hand, play, rebalance, slot_of
from tests.mille.playouts import outcome

SAMPLE = Path(__file__).resolve().parents[4] / "saves/mille-v3-another-hand-kept-dead-repairs.json"
NO_PLAYOUTS = Contrast([outcome()], [outcome()])


def with_driving_ace(*cards: Card, deck: int = 30) -> Game:
    """The human, moving with Driving Ace played, has picked; ``cards`` in slots 1..6."""
    game = craft(
        hands=(hand(*cards), hand(C.D75, C.D100, C.OUT_OF_GAS, C.GO, C.D25, C.D50)),
        deck=[C.D50, C.D75, C.GO, C.D25, C.D100] * (deck // 5),
    )
    go(game, HUMAN)
    game.players[HUMAN].safeties[C.DRIVING_ACE] = False
    go(game, 1)
    rebalance(game)
    play(game, "pick")
    return game


def judged(game: Game, chosen: Move, advised: Move, loss: float, stderr: float) -> Judgement:
    return Judgement(Decision(game.view(HUMAN), chosen), advised, NO_PLAYOUTS, loss, stderr)


def kept_repairs(loss: float, stderr: float, thrown: Card = C.D75) -> Judgement:
    game = with_driving_ace(C.REPAIRS, thrown, C.D25, C.STOP, C.GASOLINE, C.GO)
    return judged(
        game,
        Move("discard", slot_of(game, thrown)),
        Move("discard", slot_of(game, C.REPAIRS)),
        loss,
        stderr,
    )


def test_each_kind_of_mistake_is_told_apart() -> None:
    assert kind_of(kept_repairs(30, 20)) == ("dead", C.REPAIRS)
    game = with_driving_ace(C.REPAIRS, C.D75, C.D25, C.STOP, C.GASOLINE, C.GO)
    repairs = Move("discard", slot_of(game, C.REPAIRS))
    # Playing a card rather than discarding the dead one is another matter.
    assert kind_of(judged(game, Move("use", slot_of(game, C.D75)), repairs, 30, 20)) is None
    stop = Move("use", slot_of(game, C.STOP))
    assert kind_of(judged(game, Move("discard", slot_of(game, C.D25)), stop, 30, 20)) == (
        "hoard",
        None,
    )
    assert kind_of(judged(game, stop, Move("use", slot_of(game, C.D75)), 30, 20)) is None
    safe = with_driving_ace(C.EXTRA_TANK, C.D75, C.D25, C.STOP, C.GASOLINE, C.GO)
    early = Move("use", slot_of(safe, C.EXTRA_TANK))
    assert kind_of(judged(safe, early, Move("use", slot_of(safe, C.D75)), 30, 20)) == (
        "early",
        None,
    )
    # A live card (Gasoline, with Out of Gas unseen) kept is no pattern.
    gas = Move("discard", slot_of(game, C.GASOLINE))
    assert kind_of(judged(game, Move("discard", slot_of(game, C.D25)), gas, 30, 20)) is None


def test_small_losses_of_one_kind_add_up_to_a_clear_pattern() -> None:
    members = [kept_repairs(40, 10), kept_repairs(35, 10, C.D50), kept_repairs(-5, 10)]
    for member in members:
        assert flagged(member) is None  # none clear on its own
    (pattern,) = gather(members, CLEAR_Z, MIN_LOSS)
    assert pattern.kind == "dead" and pattern.card is C.REPAIRS
    assert pattern.loss == 70
    assert math.isclose(pattern.stderr, math.sqrt(3 * 10**2))
    assert pattern.members == tuple(members)


def test_a_pattern_needs_two_turns_and_a_clear_total() -> None:
    assert gather([kept_repairs(400, 10)], CLEAR_Z, MIN_LOSS) == []
    assert gather([kept_repairs(30, 20), kept_repairs(30, 20)], CLEAR_Z, MIN_LOSS) == []
    assert gather([kept_repairs(20, 1), kept_repairs(20, 1)], CLEAR_Z, MIN_LOSS) == []


def test_a_pattern_takes_the_place_of_its_decisions() -> None:
    reviewer = Reviewer(savefile.load_saved(SAMPLE).hand_log, 1)
    big = kept_repairs(300, 40)
    reviewer.judged = [kept_repairs(60, 30), big, kept_repairs(50, 30, C.D50)]
    assert isinstance(flagged(big), Finding)
    (only,) = reviewer.findings()
    assert isinstance(only, Pattern) and only.members == tuple(reviewer.judged)


def test_the_patterns_in_words() -> None:
    members = [kept_repairs(40, 25), kept_repairs(35, 25, C.D50), kept_repairs(-5, 20)]
    assert describe("dead", C.REPAIRS, members) == [
        "You kept Repairs for 3 turns while it was dead (Driving Ace played), and threw "
        "away 75, 50 and 75 instead.",
        "Played out turn by turn: at most 40 points for any one turn.",
    ]
    many = [kept_repairs(10, 10)] * 8
    assert describe("dead", C.REPAIRS, many)[0].endswith(
        "threw away 75, 75, 75, 75, 75, 75 and 2 more instead."
    )
    game = with_driving_ace(C.STOP, C.D75, C.D25, C.ACCIDENT, C.GASOLINE, C.GO)
    hoarded = [
        judged(
            game, Move("discard", slot_of(game, C.D25)), Move("use", slot_of(game, C.STOP)), 30, 9
        ),
        judged(
            game, Move("use", slot_of(game, C.D75)), Move("use", slot_of(game, C.ACCIDENT)), 40, 9
        ),
    ]
    assert describe("hoard", None, hoarded) == [
        "You held Accident and Stop for 2 turns instead of attacking, while they were at 0 "
        "miles; you discarded 25, played 75.",
        "Played out turn by turn: at most 40 points for any one turn.",
    ]
    later = with_driving_ace(C.STOP, C.D75, C.D25, C.ACCIDENT, C.GASOLINE, C.GO)
    drove(later, 1, [C.D200, C.D100])
    rebalance(later)
    moved_on = [
        hoarded[0],
        judged(
            later, Move("use", slot_of(later, C.D75)), Move("use", slot_of(later, C.STOP)), 40, 9
        ),
    ]
    assert describe("hoard", None, moved_on)[0] == (
        "You held Stop for 2 turns instead of attacking, while they drove from 0 to 300 "
        "miles; you discarded 25, played 75."
    )
    safe = with_driving_ace(C.EXTRA_TANK, C.D75, C.D25, C.STOP, C.GASOLINE, C.GO)
    early = Move("use", slot_of(safe, C.EXTRA_TANK))
    laid = [judged(safe, early, Move("use", slot_of(safe, C.D75)), 120, 30)] * 2
    assert describe("early", None, laid) == [
        "You played Extra Tank and Extra Tank before you needed to, while 1 Out of Gas was "
        "unseen: a coup fourré was still possible.",
        "Played out turn by turn: at most 120 points for any one turn.",
    ]


def test_hand_2_of_seed_7_kept_dead_repairs_and_the_review_says_so() -> None:
    """The issue's hand: Driving Ace laid at once, then every Repairs kept for many turns
    while 75s and 50s went; one by one no decision was clear."""
    saved = savefile.load_saved(SAMPLE)
    assert saved.game.seed == 7 and saved.game.hands_played == 2
    reviewer = Reviewer(saved.hand_log, saved.game.seed)
    while reviewer.step():
        pass
    patterns = [item for item in reviewer.findings() if isinstance(item, Pattern)]
    repairs = next(p for p in patterns if p.kind == "dead" and p.card is C.REPAIRS)
    assert len(repairs.members) >= 10
    assert repairs.loss > MIN_LOSS and repairs.loss > CLEAR_Z * repairs.stderr
    alone = [member for member in repairs.members if flagged(member) is None]
    assert 4 * len(alone) >= 3 * len(repairs.members)  # most show nothing on their own
    thrown = {member.decision.view.hand[member.decision.move.slot] for member in repairs.members}  # type: ignore[union-attr]
    assert {C.D75, C.D50} <= thrown
    assert repairs.lines[0].startswith(
        f"You kept Repairs for {len(repairs.members)} turns while it was dead (Driving Ace "
        "played), and threw away "
    )


def held_safety(
    loss: float, stderr: float, thrown: Card = C.D75, rechecked: bool = True
) -> Judgement:
    """The player, holding Extra Tank, throws ``thrown`` away; the computer would lay it."""
    game = with_driving_ace(C.EXTRA_TANK, thrown, C.D25, C.STOP, C.GASOLINE, C.GO)
    judgement = judged(
        game,
        Move("discard", slot_of(game, thrown)),
        Move("use", slot_of(game, C.EXTRA_TANK)),
        loss,
        stderr,
    )
    return dataclasses.replace(judgement, rechecked=rechecked)


def test_a_safety_held_over_many_turns_is_one_finding_with_one_cost() -> None:
    """Seed 9007: Driving Ace held for 25 turns was ten findings adding up to 900 points.
    Each turn measures much the same thing (lay it now or keep it), so the cost is the
    costliest turn's, not their sum, and the turns are counted."""
    members = [held_safety(60, 20), held_safety(110, 10, C.D50), held_safety(20, 30, C.D25)]
    assert kind_of(members[0]) == ("held", C.EXTRA_TANK)
    reviewer = Reviewer(savefile.load_saved(SAMPLE).hand_log, 1)
    reviewer.judged = members
    (only,) = reviewer.findings()
    assert isinstance(only, Pattern) and only.kind == "held"
    assert only.loss == 110 and only.stderr == 10
    assert len(only.members) == 3
    assert only.lines[0].startswith("You held Extra Tank for 3 turns where the computer")
    # No turn clear on its own (measured again): no finding, however many turns.
    reviewer.judged = [held_safety(30, 20)] * 6
    assert reviewer.findings() == []


def test_the_same_advice_is_never_given_twice_in_a_hand() -> None:
    game = with_driving_ace(C.GASOLINE, C.D75, C.D25, C.STOP, C.D50, C.GO)
    judgements = [
        dataclasses.replace(
            judged(
                game,
                Move("discard", slot_of(game, thrown)),
                Move("use", slot_of(game, C.D50)),
                loss,
                10,
            ),
            rechecked=True,
        )
        for thrown, loss in ((C.D75, 120), (C.D25, 200))
    ]
    reviewer = Reviewer(savefile.load_saved(SAMPLE).hand_log, 1)
    reviewer.judged = judgements
    (only,) = reviewer.findings()
    assert isinstance(only, Finding) and only.loss == 200


def test_a_cost_within_its_margin_is_not_shown_as_clear() -> None:
    """ "About 50 points lost (±110)" came from a second measurement within its margin."""
    assert flagged(held_safety(50, 56)) is None  # ±110: not clear
    assert flagged(held_safety(60, 20)) is not None  # ±40: clear
    assert flagged(held_safety(40, 19.5)) is None  # seed 9012: "40 (±40)" as the page rounds
