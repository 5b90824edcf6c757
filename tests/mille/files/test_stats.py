"""Mille's statistics records (``files/stats.py``): a game's record and its hand summaries,
checked strictly, the totals per level and the lines that show them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.ledger import new_game_id
from parlour.mille.files import stats
from parlour.mille.files.stats import (
    MAX_HAND_POINTS,
    MIN_TRIP_POINTS,
    GameRecord,
    HandSummary,
)
from parlour.mille.game.scoring import COUP_POINTS, SAFETY_POINTS

HAND = HandSummary(number=1, you=1600, computer=300, trip=True, safeties=2, coups=1, shut_out=False)


# ------------------------------------------------------------------ pure parts
def test_a_record_round_trips_and_tallies() -> None:
    rec = GameRecord(new_game_id(), "classic", "won", 5100, 4000, (HAND,), 7, complete=False)
    again = GameRecord.from_dict(json.loads(json.dumps(rec.to_dict())))
    assert again == rec
    totals = stats.tally([again])
    level = totals["classic"]
    assert (level.games, level.won, level.hands, level.hands_won) == (1, 1, 1, 1)
    assert (level.trips, level.safeties, level.coups, level.best) == (1, 2, 1, 1600)
    assert level.mean_hand == 1600 and totals["strong"].games == 0
    assert stats.report([again]) == [
        "strong: no games yet",
        "classic: won 1 of 1 finished game (100%), lost 0, tied 0; 0 abandoned",
        "  won 1 of 1 hand (100%), mean hand score 1600, best hand 1600",
        "  trips 1, safeties 2, coups fourres 1, shut-outs 0",
    ]


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"outcome": "won", "you": 4000}, "below 5000"),
        ({"outcome": "lost"}, "does not match"),
        ({"level": "expert"}, "level"),
        ({"game_id": "x"}, "id"),
        ({"you": 10**6}, "whole number"),
        ({"complete": True}, "add up"),
        ({"hands": [dict(HAND.to_dict(), coups=3)]}, "add up"),
        ({"hands": [dict(HAND.to_dict(), number=2), HAND.to_dict()]}, "consecutive"),
        ({"hands": [dict(HAND.to_dict(), trip=False, shut_out=True)]}, "shut-out"),
    ],
)
def test_impossible_records_are_refused(change: dict[str, Any], why: str) -> None:
    rec = GameRecord(new_game_id(), "strong", "won", 5100, 4000, (HAND,), 7, complete=False)
    data = dict(rec.to_dict(), **change)
    with pytest.raises(ValueError, match=why):
        GameRecord.from_dict(data)


# ------------------------------------------------------------ honest statistics
def test_every_rate_says_its_base() -> None:
    """Issue 25: '1 games finished' and rates whose base was not said."""
    level = stats.LevelStats(
        games=5, won=3, lost=2, abandoned=1, hands=9, hands_won=4, points=7650, best=2300
    )
    level.trips, level.safeties, level.coups, level.shut_outs = 3, 7, 2, 1
    assert stats.level_lines("strong", level) == [
        "strong: won 3 of 5 finished games (60%), lost 2, tied 0; 1 abandoned",
        "  won 4 of 9 hands (44%), mean hand score 850, best hand 2300",
        "  trips 3, safeties 7, coups fourres 2, shut-outs 1",
    ]


def test_one_of_each_is_singular() -> None:
    level = stats.LevelStats(games=1, won=0, lost=1, hands=1, points=350, best=350)
    assert stats.level_lines("classic", level)[:2] == [
        "classic: won 0 of 1 finished game (0%), lost 1, tied 0; 0 abandoned",
        "  won 0 of 1 hand (0%), mean hand score 350, best hand 350",
    ]


def test_no_rate_without_a_base() -> None:
    """Only abandoned games: no '0 of 0 (-)'; none at all: one line."""
    assert stats.level_lines("strong", stats.LevelStats(abandoned=2)) == [
        "strong: no game finished; 2 abandoned",
        "  no hand finished",
        "  trips 0, safeties 0, coups fourres 0, shut-outs 0",
    ]
    assert stats.level_lines("strong", stats.LevelStats()) == ["strong: no games yet"]


COUNTS = st.integers(0, 10**5)


@given(
    games=COUNTS,
    won=COUNTS,
    abandoned=COUNTS,
    hands=st.integers(0, 6 * 10**5),
    best=st.integers(0, stats.MAX_HAND_POINTS),
    level=st.sampled_from(stats.LEVELS),
)
@settings(max_examples=60, deadline=None)
def test_the_lines_fit_80_columns_and_keep_every_count(
    games: int, won: int, abandoned: int, hands: int, best: int, level: str
) -> None:
    won = min(won, games)
    level_stats = stats.LevelStats(
        games=games,
        won=won,
        lost=games - won,
        abandoned=abandoned,
        hands=hands,
        hands_won=hands // 2,
        points=hands * best,
        best=best if hands else None,
        trips=hands,
        safeties=4 * hands,
        coups=4 * hands,
        shut_outs=hands,
    )
    lines = stats.level_lines(level, level_stats)
    assert all(len(line) <= 80 for line in lines), lines
    text = " ".join(lines)
    if games:
        assert f"won {won} of {games} finished game" in text
    assert f"{abandoned} abandoned" in text or not (games or abandoned or hands)
    if hands:
        assert f"won {hands // 2} of {hands} hand" in text


@st.composite
def hand_dicts(draw: st.DrawFn, number: int) -> dict[str, Any]:
    safeties = draw(st.integers(0, 4))
    coups = draw(st.integers(0, safeties))
    trip = draw(st.booleans())
    floor = max(SAFETY_POINTS * safeties + COUP_POINTS * coups, MIN_TRIP_POINTS if trip else 0)
    return {
        "number": number,
        "you": draw(st.integers(floor, MAX_HAND_POINTS)),
        "computer": draw(st.integers(0, MAX_HAND_POINTS)),
        "trip": trip,
        "safeties": safeties,
        "coups": coups,
        "shut_out": trip and draw(st.booleans()),
    }


def reference_hand(data: Any) -> stats.HandSummary:
    """HandSummary.from_dict as it was before its one-test fast path: field by field."""
    if not isinstance(data, dict):
        raise ValueError("a hand summary is not an object")
    summary = stats.HandSummary(
        number=stats.checked_int(data.get("number"), "a hand number", 1, stats.MAX_HANDS),
        you=stats.checked_int(data.get("you"), "a hand score", 0, MAX_HAND_POINTS),
        computer=stats.checked_int(data.get("computer"), "a hand score", 0, MAX_HAND_POINTS),
        trip=stats.checked_bool(data.get("trip"), "a trip flag"),
        safeties=stats.checked_int(data.get("safeties"), "a safety count", 0, 4),
        coups=stats.checked_int(data.get("coups"), "a coup count", 0, 4),
        shut_out=stats.checked_bool(data.get("shut_out"), "a shut-out flag"),
    )
    floor = summary.safeties * SAFETY_POINTS + summary.coups * COUP_POINTS
    if summary.coups > summary.safeties or summary.you < floor:
        raise ValueError("a hand summary does not add up")
    if summary.shut_out and not summary.trip:
        raise ValueError("a shut-out without a trip")
    if summary.trip and summary.you < MIN_TRIP_POINTS:
        raise ValueError("a trip worth too few points")
    return summary


ODD = [None, True, False, -1, 0, 1, 4, 5, 1100, 4600, 4601, 10**6, 10**6 + 1, 1.0, "1", []]
"""Values at and past every field's bounds, and of the wrong types."""


ODD_VALUES = st.sampled_from(ODD)


@st.composite
def near_hands(draw: st.DrawFn) -> Any:
    """Hand summaries, good or with a few fields missing or odd."""
    if draw(st.integers(0, 20)) == 0:
        return draw(st.sampled_from([None, [], "hand", 3]))
    hand = draw(hand_dicts(draw(st.integers(1, 10))))
    for key in draw(st.lists(st.sampled_from(sorted(hand)), max_size=3, unique=True)):
        if draw(st.booleans()):
            hand[key] = draw(ODD_VALUES)
        else:
            del hand[key]
    return hand


@settings(max_examples=300, deadline=None)
@given(near_hands())
def test_a_hand_summary_is_checked_as_strictly_as_field_by_field(data: Any) -> None:
    """The fast path of HandSummary.from_dict (one test for every field) refuses what the
    field-by-field checks refuse, with the same words, and builds the same summary."""
    try:
        expected: object = reference_hand(data)
    except ValueError as exc:
        expected = str(exc)
    try:
        got: object = stats.HandSummary.from_dict(data)
    except ValueError as exc:
        got = str(exc)
    assert got == expected


GOOD_HAND = {
    "number": 2,
    "you": 1600,
    "computer": 300,
    "trip": True,
    "safeties": 2,
    "coups": 1,
    "shut_out": False,
}


MISSING = object()


@pytest.mark.parametrize("key", sorted(GOOD_HAND))
def test_each_field_alone_is_checked_as_field_by_field(key: str) -> None:
    """Every odd value (and none) in each field in turn: the same refusal or summary."""
    for value in [MISSING, *ODD]:
        data = dict(GOOD_HAND)
        if value is MISSING:
            del data[key]
        else:
            data[key] = value
        try:
            expected: object = reference_hand(data)
        except ValueError as exc:
            expected = str(exc)
        try:
            got: object = stats.HandSummary.from_dict(data)
        except ValueError as exc:
            got = str(exc)
        assert got == expected, (key, value)
