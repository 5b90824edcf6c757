"""Mutated copies of the mille sample saves: refused with SaveError, or loaded and playable.

Every sample in saves/mille-*.json is mutated by ``tests.savefuzz`` (hostile
numbers, wrong types, escapes, deleted and added keys, list edits). A mutated
file must either be refused with :class:`SaveError` (one line naming the file),
or load into a game that passes the consistency check, restores into the app
(screen state, level, memory, the hand's decisions, whose review starts and
shows) and that seeded random legal play finishes (to
Another game?), staying consistent at every hand's end. The longer run of the
same fuzz is ``bench/save_fuzz.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from parlour.core.saves import SaveError
from parlour.mille.cli import LazyComputer, load_saved
from parlour.mille.computer.handlog import HandLog
from parlour.mille.computer.review.reviewer import Reviewer
from parlour.mille.files.gamedata import check_consistent, game_from_dict, game_to_dict
from parlour.mille.game.rules import Game
from parlour.mille.game.table import Phase
from parlour.mille.terminal.app import MilleApp
from parlour.mille.terminal.review_view import page_count, render_review
from parlour.tui.glyphs import UNICODE
from tests.savefuzz import mutated, raw_bytes

SAVES = Path(__file__).resolve().parents[2] / "saves"
SAMPLES = sorted(SAVES.glob("mille-*.json"))
REVIEW_DEALS = 4
REVIEW_STEPS = 6
MAX_MOVES = 20_000
"""Far more than a whole game of random play needs (about 1000 moves)."""


def play_to_the_end(game: Game, seed: int) -> None:
    """Random legal play (seeded) until the game is over; consistent at every hand's end."""
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if game.phase is Phase.GAME_OVER:
            check_consistent(game_from_dict(game_to_dict(game)))
            return
        if game.phase is Phase.HAND_OVER:
            check_consistent(game_from_dict(game_to_dict(game)))
            game.next_hand()
        elif game.phase is Phase.EXTENSION:
            game.answer_extension(rng.random() < 0.5)
        else:
            moves = game.legal_moves()
            assert moves, "the player to move has no legal move"
            game.apply(rng.choice(moves))
    raise AssertionError("random play did not finish the game")


def review_a_little(log: HandLog, seed: int) -> None:
    """The first decisions of a loaded log judged and shown (a few deals: cheap)."""
    reviewer = Reviewer(log, seed, deals=REVIEW_DEALS)
    for _ in range(REVIEW_STEPS):
        reviewer.step()
    for page in range(page_count(reviewer.findings(), UNICODE, reviewer.complete)):
        render_review(reviewer.findings(), page, UNICODE, reviewer.complete)


def _document(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def test_there_are_samples_to_fuzz() -> None:
    assert len(SAMPLES) >= 3


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_the_samples_themselves_load_and_play_to_the_end(sample: Path) -> None:
    saved = load_saved(str(sample))
    check_consistent(saved.game)
    play_to_the_end(saved.game, 1)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_a_mutated_sample_is_refused_or_playable(sample: Path, tmp_path: Path) -> None:
    document = _document(sample)
    target = tmp_path / "mutated.json"

    @settings(
        max_examples=40,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(mutated(document))
    def check(doc: dict[str, Any]) -> None:
        target.write_bytes(raw_bytes(doc))
        try:
            saved = load_saved(str(target))
        except SaveError as exc:
            assert str(target) in str(exc) and "\n" not in str(exc)
            return
        check_consistent(saved.game)
        app = MilleApp(
            saved.game,
            LazyComputer(saved.game.seed, saved.computer, saved.meta.level),
            ui_state=saved.ui,
            meta=saved.meta,
            hand_log=saved.hand_log,
        )
        app.render(24, 80)
        review_a_little(saved.hand_log, saved.game.seed)
        play_to_the_end(saved.game, len(raw_bytes(doc)))

    check()


def test_the_consistency_check_refuses_what_loading_refuses() -> None:
    game = Game.new(3)
    check_consistent(game)
    game.players[0].hand_total += 25  # points that no card on the table earned
    with pytest.raises(ValueError, match="hand total"):
        check_consistent(game)
