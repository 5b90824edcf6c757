"""The hand review in the app (a part of :class:`MilleApp`): ``v`` at Another hand?/game?.

The app keeps a :class:`~parlour.mille.review.HandLog` per hand and records
every decision of the human, with the human seat's view, before the move is
applied. ``v`` at the end-of-hand questions starts a
:class:`~parlour.mille.review.Reviewer` over that log: it judges one decision
per TIMEOUT key (the app's timeout is zero while it works, so keys still come
through), and once it has taken more than half a second the message line
shows its progress. Then the review's pages show (SPACE next, P previous);
any other key, while it works or on a page, returns to the question exactly
as it was. The work done is kept for the hand, so a second ``v`` goes on
where the first stopped. Saves keep the hand's decisions (format 3), so a
restored hand is reviewed whole; a hand restored at its end from an older
save has no decisions to review: ``v`` says so on the message line.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from parlour import TYPE_CHECKING
from parlour.core.record import Record
from parlour.mille.handlog import HandLog
from parlour.tui import keys

if TYPE_CHECKING:  # the review itself is imported when the player first asks for it
    from parlour.mille.review import Reviewer
    from parlour.mille.rules import Game
    from parlour.tui.frame import Frame
    from parlour.tui.glyphs import Glyphs

REVIEW_KEY = "v"
NOTHING_TO_REVIEW = "no decisions of yours to review"
"""The message for ``v`` when the hand's decisions were not seen (restored at its end)."""
PROGRESS_AFTER = 0.5
"""Seconds of work before the progress line shows."""


class ReviewSession(Record):
    """One hand's review: the reviewer, when it started, whether it is done, the page shown."""

    reviewer: Reviewer
    started: float
    done: bool
    page: int

    __slots__ = ("reviewer", "started", "done", "page")

    def __init__(
        self,
        reviewer: Reviewer,
        started: float,
        done: bool = False,
        page: int = 0,
    ) -> None:
        self.reviewer = reviewer
        self.started = started
        self.done = done
        self.page = page


class ReviewMixin:
    """Records the hand's decisions and runs and shows its review."""

    game: Game
    glyphs: Glyphs
    hand_log: HandLog
    review: ReviewSession | None
    reviewing: bool
    clock: Callable[[], float]
    _error: Callable[[str], None]

    def _new_hand_log(self) -> None:
        self.hand_log = HandLog()
        self.review = None
        self.reviewing = False

    def _open_review(self) -> None:
        if not self.hand_log.decisions:
            # A hand restored at its end from a save that did not keep its decisions.
            self._error(NOTHING_TO_REVIEW)
            return
        if self.review is None:
            from parlour.mille.review import Reviewer

            self.review = ReviewSession(Reviewer(self.hand_log, self.game.seed), self.clock())
        else:
            self.review.started = self.clock()
            self.review.page = 0
        self.reviewing = True

    def review_due(self) -> bool:
        """Whether the review is working (the app's timeout is zero then)."""
        return self.reviewing and self.review is not None and not self.review.done

    def _review_key(self, key: str) -> None:
        review = self.review
        assert review is not None
        if key == keys.TIMEOUT:
            if not review.done:
                review.done = not review.reviewer.step()
            return
        if key in (keys.RESIZE, keys.MOUSE, "CTRL_L"):
            return
        if not review.done:
            self.reviewing = False  # the work so far is kept for the next v
            return
        from parlour.mille.review_view import page_count

        reviewer = review.reviewer
        pages = page_count(reviewer.findings(), self.glyphs, reviewer.complete)
        if key == " " and review.page < pages - 1:
            review.page += 1
        elif key in ("p", "P") and review.page > 0:
            review.page -= 1
        else:
            self.reviewing = False

    def review_progress(self) -> str | None:
        """The progress line while the review has worked for more than half a second."""
        review = self.review
        if not self.review_due() or review is None:
            return None
        if self.clock() - review.started <= PROGRESS_AFTER:
            return None
        from parlour.mille.review_view import progress_line

        return progress_line(review.reviewer.progress)

    def review_frame(self) -> Frame | None:
        """The review page showing, or None (the board shows)."""
        review = self.review
        if not self.reviewing or review is None or not review.done:
            return None
        from parlour.mille.review_view import render_review

        reviewer = review.reviewer
        return render_review(reviewer.findings(), review.page, self.glyphs, reviewer.complete)


def monotonic() -> float:
    """The clock the review's progress is timed with."""
    return time.monotonic()
