"""The hand review screen: golden pages, every line on an 80x24 screen, pages that add up.

Set PARLOUR_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change.
"""

from __future__ import annotations

import re

import pytest

from parlour.core.record import replace
from parlour.mille.computer.handlog import Decision, ExtensionAnswer
from parlour.mille.computer.review.patterns import Pattern, gather
from parlour.mille.computer.review.reviewer import CLEAR_Z, MIN_LOSS, Finding
from parlour.mille.game.table import COMPUTER, HUMAN, Move
from parlour.mille.terminal.review_view import (
    Item,
    page_count,
    progress_line,
    render_review,
    review_text,
)
from parlour.tui.glyphs import ASCII, UNICODE, Glyphs
from tests.golden import assert_golden
from tests.mille.computer.review.test_patterns import kept_repairs
from tests.mille.computer.review.test_reviewer import (
    at_the_goal,
    finishing,
    stopped_with_right_of_way,
)
from tests.mille.craft import C, rebalance, slot_of
from tests.mille.reference import GOLDEN_DIR


def limited_with_a_coup_against_them() -> Decision:
    """Under a Speed Limit, the opponent moving with a Driving Ace from a coup fourré."""
    game = finishing()
    human = game.players[HUMAN]
    human.speed_pile.append(C.SPEED_LIMIT)
    human.speed = C.SPEED_LIMIT
    computer = game.players[COMPUTER]
    computer.safeties[C.DRIVING_ACE] = True
    computer.mileage = 350
    computer.distance_played = [C.D100, C.D100, C.D75, C.D75]
    rebalance(game)
    return Decision(game.view(HUMAN), Move("use", slot_of(game, C.STOP)))


FINISH_WHY = (
    "Why: 25 finishes the trip now; they have 0 miles: a shut-out (500) is at stake. "
    "Played out: you shut them out: 100% the computer's way, 3% yours."
)
COUP_WHY = (
    "Why: a coup fourré was open: Stop was just laid on you. "
    "Played out: you make a coup fourré: 100% the computer's way, 1% yours."
)


def dead_repairs() -> Pattern:
    """Three turns of dead Repairs kept (made-up costs)."""
    members = [kept_repairs(40, 10), kept_repairs(35, 10, C.D50), kept_repairs(-5, 10)]
    (pattern,) = gather(members, CLEAR_Z, MIN_LOSS)
    return pattern


def findings() -> list[Item]:
    game = finishing()
    coup = stopped_with_right_of_way()
    return [
        Finding(
            Decision(game.view(HUMAN), Move("discard", slot_of(game, C.D25))),
            Move("use", slot_of(game, C.D25)),
            1123.6,
            28.4,
            (FINISH_WHY,),
        ),
        Finding(
            Decision(coup.view(HUMAN), Move("pick")),
            Move("use", slot_of(coup, C.RIGHT_OF_WAY)),
            300.0,
            0.0,
            (COUP_WHY,),
        ),
        dead_repairs(),
        Finding(limited_with_a_coup_against_them(), Move("discard", 2), 183.0, 31.0),
        Finding(Decision(coup.view(HUMAN), Move("pick")), Move("use", 1), 64.9, 24.0),
    ]


def near_the_end() -> list[Item]:
    """An Extension? answer judged for the chance of winning the game."""
    game = at_the_goal()
    return [
        Finding(
            Decision(game.view(HUMAN), ExtensionAnswer(True)),
            ExtensionAnswer(False),
            36.2,
            40.0,
            ("Why: stopping now scores 1200 (Trip Completed, Safe Trip, Shut-Out).",),
            (0.91, 0.78, 0.02),
            True,
        )
    ]


PAGES = {
    "review-page1": (findings, 0, UNICODE, True),
    "review-page2-ascii": (findings, 1, ASCII, True),
    "review-empty": (lambda: [], 0, UNICODE, True),
    "review-chance-partial": (near_the_end, 0, UNICODE, False),
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_review_pages_match_the_golden_text(name: str) -> None:
    make, page, glyphs, complete = PAGES[name]
    text = review_text(make(), page, glyphs, complete)
    assert_golden(GOLDEN_DIR / f"{name}.txt", text + "\n")


@pytest.mark.parametrize("glyphs", [UNICODE, ASCII])
def test_every_finding_is_on_exactly_one_page(glyphs: Glyphs) -> None:
    found = findings() * 3
    pages = page_count(found, glyphs)
    assert pages >= 3
    shown = []
    for page in range(pages):
        frame = render_review(found, page, glyphs)
        assert (frame.width, frame.height) == (80, 24)
        text = frame.to_text()
        shown += [int(number) for number in re.findall(r"^(\d+)\. ", text, re.MULTILINE)]
        assert f"page {page + 1} of {pages}" in text.splitlines()[0]
    assert shown == list(range(1, len(found) + 1))
    # Beyond the last page: the last page again.
    assert review_text(found, pages + 3, glyphs) == review_text(found, pages - 1, glyphs)


def test_ascii_pages_are_ascii() -> None:
    for page in range(page_count(findings(), ASCII)):
        assert review_text(findings(), page, ASCII).isascii()


def test_progress_line() -> None:
    assert progress_line((12, 40)) == "Reviewing your decisions: 12 of 40"


def test_a_crowded_table_wraps_instead_of_losing_words() -> None:
    decision = limited_with_a_coup_against_them()
    tab = decision.view.theirs
    crowded = replace(
        tab,
        safeties=(
            (C.EXTRA_TANK, True),
            (C.PUNCTURE_PROOF, True),
            (C.DRIVING_ACE, True),
            (C.RIGHT_OF_WAY, True),
        ),
    )
    view = replace(decision.view, theirs=crowded)
    finding = Finding(Decision(view, decision.move), Move("discard", 2), 120.0, 20.0)
    lines = review_text([finding], 0, UNICODE).splitlines()
    assert all(len(line) <= 80 for line in lines)
    text = " ".join(line.strip() for line in lines)
    assert "Extra Tank (coup fourré), Puncture Proof (coup fourré), Driving Ace (coup" in text
    assert "Right of Way (coup fourré)" in text
    assert "You played Stop; the computer would have discarded 50." in text
