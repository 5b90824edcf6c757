"""The hand review as a part of its own (issue #29): its life through a hand, without the app."""

from __future__ import annotations

import pytest

from parlour.mille.computer.handlog import HandLog
from parlour.mille.computer.review import reviewer
from parlour.mille.computer.review.reviewer import Reviewer
from parlour.mille.files import savefile
from parlour.mille.terminal.reviewing import NOTHING_TO_REVIEW, PROGRESS_AFTER, HandReview
from parlour.tui import keys
from parlour.tui.glyphs import ASCII
from tests.mille.test_app_review import SAVES


@pytest.fixture(autouse=True)
def _quick_reviewer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviewer, "Reviewer", lambda log, seed: Reviewer(log, seed, deals=4))


def a_hand() -> HandLog:
    """A whole hand's decisions, from a sample save made at its end."""
    log = savefile.load_saved(SAVES / "mille-v3-another-hand-kept-dead-repairs.json").hand_log
    assert len(log.decisions) > 10
    return log


def test_nothing_to_review_is_said_and_nothing_opens() -> None:
    part = HandReview(ASCII)
    assert part.open(1) == NOTHING_TO_REVIEW
    assert not part.showing and part.session is None and not part.due()


def test_the_review_works_on_timeouts_and_a_key_leaves_it_keeping_the_work() -> None:
    now = [50.0]
    part = HandReview(ASCII, a_hand(), clock=lambda: now[0])
    assert part.open(7) is None and part.showing and part.due()
    part.key(keys.TIMEOUT)
    assert part.session is not None and part.session.reviewer.progress[0] == 1
    assert part.progress() is None  # not yet half a second
    now[0] += PROGRESS_AFTER + 0.01
    assert part.progress() is not None
    part.key("x")  # any key: back to the question, the work kept
    assert not part.showing and not part.due() and part.session.reviewer.progress[0] == 1
    assert part.open(7) is None and part.session.reviewer.progress[0] == 1
    while part.due():
        part.key(keys.TIMEOUT)
    frame = part.frame()
    assert frame is not None and frame.to_text().startswith("Hand review")
    part.key("q")
    assert not part.showing and part.frame() is None


def test_a_new_hand_forgets_the_last() -> None:
    part = HandReview(ASCII, a_hand())
    part.open(7)
    part.new_hand()
    assert part.log == HandLog() and part.session is None and not part.showing
