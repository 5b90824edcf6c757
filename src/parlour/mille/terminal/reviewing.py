"""The hand review in the app (:class:`HandReview`, a part of it): ``v`` at Another hand?/game?.

The app keeps a :class:`~parlour.mille.computer.review.reviewer.HandLog` per hand and records
every decision of the human, with the human seat's view, before the move is
applied. ``v`` at the end-of-hand questions starts a
:class:`~parlour.mille.computer.review.reviewer.Reviewer` over that log: it judges one decision
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
from parlour.core.i18n import N_, _
from parlour.core.record import Record
from parlour.mille.computer.handlog import HandLog
from parlour.tui import keys

if TYPE_CHECKING:  # the review itself is imported when the player first asks for it
    from parlour.mille.computer.review.reviewer import Reviewer
    from parlour.mille.game.seat import SeatView
    from parlour.mille.game.table import Move
    from parlour.tui.frame import Frame
    from parlour.tui.glyphs import Glyphs

REVIEW_KEY = "v"
# TRANSLATORS: on the message line, after V at the end of a hand restored without its
# decisions.
NOTHING_TO_REVIEW = N_("no decisions of yours to review")
"""The message for ``v`` when the hand's decisions were not seen (restored at its end)."""
PROGRESS_AFTER = 0.5
"""Seconds of work before the progress line shows."""


class ReviewSession(Record):
    """One hand's review: the reviewer, when it started, whether it is done, the page shown."""

    reviewer: Reviewer
    started: float
    done: bool = False
    page: int = 0


class HandReview:
    """Records the hand's decisions and runs and shows its review: a part of the app.

    ``log`` is the player's decisions of the hand so far (from a save, or empty);
    ``session`` the review started on it (None until ``v``); ``showing`` whether the
    review, working or on a page, is in front of the board.
    """

    def __init__(
        self,
        glyphs: Glyphs,
        log: HandLog | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.glyphs = glyphs
        self.clock: Callable[[], float] = monotonic if clock is None else clock
        self.log = HandLog() if log is None else log
        self.session: ReviewSession | None = None
        self.showing = False

    def record(self, view: SeatView, move: Move) -> None:
        """Log the player's move made from ``view`` (a move the rules refuse is left out)."""
        self.log.record(view, move)

    def record_answer(self, view: SeatView, extend: bool) -> None:
        """Log the player's answer to Extension? given in ``view``."""
        self.log.record_answer(view, extend)

    def new_hand(self) -> None:
        """A new hand: an empty log, no review."""
        self.log = HandLog()
        self.session = None
        self.showing = False

    def open(self, seed: int) -> str | None:
        """Start or go on with the review (``seed`` is the game's); a message if there is
        nothing to review (a hand restored at its end from a save without its decisions)."""
        if not self.log.decisions:
            return _(NOTHING_TO_REVIEW)
        if self.session is None:
            from parlour.mille.computer.review.reviewer import Reviewer

            self.session = ReviewSession(Reviewer(self.log, seed), self.clock())
        else:
            self.session.started = self.clock()
            self.session.page = 0
        self.showing = True
        return None

    def due(self) -> bool:
        """Whether the review is working (the app's timeout is zero then)."""
        return self.showing and self.session is not None and not self.session.done

    def key(self, key: str) -> None:
        """A key while the review shows: TIMEOUT works on, SPACE and P turn the pages,
        any other key goes back to the question (the work so far is kept)."""
        review = self.session
        assert review is not None
        if key == keys.TIMEOUT:
            if not review.done:
                review.done = not review.reviewer.step()
            return
        if key in (keys.RESIZE, keys.MOUSE, "CTRL_L"):
            return
        if not review.done:
            self.showing = False  # the work so far is kept for the next v
            return
        from parlour.mille.terminal.review_view import page_count

        reviewer = review.reviewer
        pages = page_count(reviewer.findings(), self.glyphs, reviewer.complete)
        if key == " " and review.page < pages - 1:
            review.page += 1
        elif key in ("p", "P") and review.page > 0:
            review.page -= 1
        else:
            self.showing = False

    def progress(self) -> str | None:
        """The progress line while the review has worked for more than half a second."""
        review = self.session
        if not self.due() or review is None:
            return None
        if self.clock() - review.started <= PROGRESS_AFTER:
            return None
        from parlour.mille.terminal.review_view import progress_line

        return progress_line(review.reviewer.progress)

    def frame(self) -> Frame | None:
        """The review page showing, or None (the board shows)."""
        review = self.session
        if not self.showing or review is None or not review.done:
            return None
        from parlour.mille.terminal.review_view import render_review

        reviewer = review.reviewer
        return render_review(reviewer.findings(), review.page, self.glyphs, reviewer.complete)


def monotonic() -> float:
    """The clock the review's progress is timed with."""
    return time.monotonic()
