"""The hand review as a part of its own (issue #29): its life through a hand, without the app.

The hand review wired into the app: every human decision logged, v at the end of a hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.mille.computer.handlog import Decision, ExtensionAnswer, HandLog
from parlour.mille.computer.review import reviewer
from parlour.mille.computer.review.reviewer import Reviewer
from parlour.mille.files import savefile
from parlour.mille.game.rules import Game
from parlour.mille.game.table import HUMAN
from parlour.mille.terminal import reviewing
from parlour.mille.terminal.app import MilleApp
from parlour.mille.terminal.flow import END_HINT
from parlour.mille.terminal.review_view import PARTIAL
from parlour.mille.terminal.reviewing import NOTHING_TO_REVIEW, PROGRESS_AFTER, HandReview
from parlour.tui import keys
from parlour.tui.glyphs import ASCII
from tests.mille.computer.review.test_reviewer import at_the_goal
from tests.mille.drive import message, play_until_question, press, prompt, screen
from tests.mille.opponents import FirstLegal


@pytest.fixture
def _four_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The part's own tests review on four deals (set after the file's own six)."""
    monkeypatch.setattr(reviewer, "Reviewer", lambda log, seed: Reviewer(log, seed, deals=4))


def a_hand() -> HandLog:
    """A whole hand's decisions, from a sample save made at its end."""
    log = savefile.load_saved(SAVES / "mille-v3-another-hand-kept-dead-repairs.json").hand_log
    assert len(log.decisions) > 10
    return log


@pytest.mark.usefixtures("_four_deals")
def test_nothing_to_review_is_said_and_nothing_opens() -> None:
    part = HandReview(ASCII)
    assert part.open(1) == NOTHING_TO_REVIEW
    assert not part.showing and part.session is None and not part.due()


@pytest.mark.usefixtures("_four_deals")
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


@pytest.mark.usefixtures("_four_deals")
def test_a_new_hand_forgets_the_last() -> None:
    part = HandReview(ASCII, a_hand())
    part.open(7)
    part.new_hand()
    assert part.log == HandLog() and part.session is None and not part.showing


SAVES = Path(__file__).resolve().parents[3] / "saves"


DEALS = 6


"""Few deals per decision: the wiring is under test here, not the judgement."""


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def _quick_reviewer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviewer, "Reviewer", lambda log, seed: Reviewer(log, seed, deals=DEALS))


def end_of_hand(seed: int = 11) -> tuple[MilleApp, FakeClock]:
    game = Game.new(seed)
    app = MilleApp(game, FirstLegal(game))
    clock = FakeClock()
    app.review.clock = clock
    play_until_question(app, ("Another hand?", "Another game?"))
    return app, clock


def test_every_human_decision_of_the_hand_is_logged_with_the_humans_view() -> None:
    game = Game.new(11)
    app = MilleApp(game, FirstLegal(game))
    seen: list[object] = []
    original = app.review.log.record

    def spy(view: object, move: object) -> None:
        seen.append(move)
        original(view, move)  # type: ignore[arg-type]

    app.review.log.record = spy  # type: ignore[method-assign]
    press(app, "u1 ")  # refused (must pick first): not a decision
    press(app, "p")
    press(app, "d1 ")
    decisions = app.review.log.decisions
    assert [str(d.move) for d in decisions] == ["pick", "discard 1"]
    assert all(d.view.me == HUMAN and d.view.turn == HUMAN for d in decisions)
    assert len(seen) == 3  # the refused move was offered too, and left out by the log


def test_a_new_hand_starts_a_new_log() -> None:
    app, _ = end_of_hand()
    assert app.review.log.decisions
    press(app, "y")
    assert app.review.log.decisions == [] and app.review.session is None


def test_v_reviews_the_hand_with_progress_then_pages_then_back_exactly() -> None:
    app, clock = end_of_hand()
    before = screen(app)
    app.handle_key("v")
    assert app.timeout() == 0.0
    app.handle_key("TIMEOUT")
    assert screen(app) == before  # less than half a second: no progress line yet
    clock.now += 0.6
    app.handle_key("TIMEOUT")
    done, total = app.review.session.reviewer.progress  # type: ignore[union-attr]
    assert message(app) == f"Reviewing your decisions: {done} of {total}"
    assert 0 < done < total
    while app.timeout() == 0.0:
        app.handle_key("TIMEOUT")
    rows = screen(app)
    assert rows[0].startswith("Hand review: your costliest decisions")
    press(app, "z")
    assert screen(app) == before and prompt(app) in ("Another hand?", "Another game?")


def test_a_key_while_reviewing_returns_and_v_goes_on_where_it_stopped() -> None:
    app, clock = end_of_hand()
    before = screen(app)
    app.handle_key("v")
    app.handle_key("TIMEOUT")
    app.handle_key("TIMEOUT")
    clock.now += 1
    press(app, "x")
    assert screen(app) == before and app.timeout() is None
    done_before = app.review.session.reviewer.progress[0]  # type: ignore[union-attr]
    app.handle_key("v")
    app.handle_key("TIMEOUT")
    assert app.review.session.reviewer.progress[0] == done_before + 1  # type: ignore[union-attr]


def test_a_hand_restored_from_a_save_is_reviewed_whole(tmp_path: Path) -> None:
    app, _ = end_of_hand()
    path = tmp_path / "end.json"
    press(app, ["s", *str(path), "ENTER"])
    saved = savefile.load_saved(path)
    assert saved.hand_log == app.review.log and saved.hand_log.complete
    again = MilleApp(
        saved.game,
        FirstLegal(saved.game),
        ui_state=saved.ui,
        meta=saved.meta,
        hand_log=saved.hand_log,
    )
    press(again, "v")
    while again.timeout() == 0.0:
        again.handle_key("TIMEOUT")
    assert again.review.session is not None
    total = len(app.review.log.decisions)
    assert total > 10 and again.review.session.reviewer.progress == (total, total)
    assert screen(again)[0].startswith("Hand review: your costliest decisions")


def test_a_save_made_mid_hand_carries_the_decisions_on(tmp_path: Path) -> None:
    game = Game.new(11)
    app = MilleApp(game, FirstLegal(game))
    press(app, "p")
    press(app, "d1 ")
    path = tmp_path / "mid.json"
    press(app, ["s", *str(path), "ENTER"])
    saved = savefile.load_saved(path)
    again = MilleApp(saved.game, FirstLegal(saved.game), ui_state=saved.ui, hand_log=saved.hand_log)
    press(again, "p")
    moves = [str(decision.move) for decision in again.review.log.decisions]
    assert moves == ["pick", "discard 1", "pick"]


def test_a_hand_restored_at_its_end_from_an_old_save_has_nothing_to_review() -> None:
    saved = savefile.load_saved(SAVES / "mille-v2-strong-another-hand.json")
    assert saved.hand_log.decisions == [] and not saved.hand_log.complete
    again = MilleApp(
        saved.game,
        FirstLegal(saved.game),
        ui_state=saved.ui,
        meta=saved.meta,
        hand_log=saved.hand_log,
    )
    press(again, "v")
    assert message(again) == NOTHING_TO_REVIEW and not again.review.showing
    assert prompt(again) in ("Another hand?", "Another game?")


def test_a_hand_restored_mid_way_from_an_old_save_says_its_start_is_not_judged() -> None:
    saved = savefile.load_saved(SAVES / "mille-v1-midhand.json")
    app = MilleApp(
        saved.game,
        FirstLegal(saved.game),
        ui_state=saved.ui,
        meta=saved.meta,
        hand_log=saved.hand_log,
    )
    play_until_question(app, ("Another hand?", "Another game?"))
    assert app.review.log.decisions and not app.review.log.complete
    press(app, "v")
    while app.timeout() == 0.0:
        app.handle_key("TIMEOUT")
    rows = screen(app)
    assert PARTIAL in rows[3]


def test_the_answer_to_extension_is_a_decision() -> None:
    game = at_the_goal()
    app = MilleApp(game, FirstLegal(game))
    assert prompt(app) == "Extension?"
    view = game.view(HUMAN)
    press(app, "y")
    assert app.review.log.decisions == [Decision(view, ExtensionAnswer(True))]


def test_a_review_without_findings_says_so() -> None:
    app, _ = end_of_hand()
    app.review.session = reviewing.ReviewSession(Reviewer(HandLog(), 1), 0.0)
    press(app, "v")
    rows = screen(app)
    assert rows[0].startswith("Hand review") and "No clear mistakes" in rows[3]
    press(app, " ")
    assert prompt(app) in ("Another hand?", "Another game?")


def test_the_hint_names_v_at_the_end_of_a_hand_only() -> None:
    app, _ = end_of_hand()
    press(app, "x")
    assert message(app) == END_HINT
    game = Game.new(3)
    other = MilleApp(game, FirstLegal(game))
    press(other, "qx")
    assert message(other) == "type y or n (s saves)"
