"""The hand log in saves (format 3): kept whole through any saves and restores, and a log
that no real hand could have written is refused with the reason."""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from parlour.core.rng import below, make_rng
from parlour.core.saves import SaveError
from parlour.mille.computer.handlog import ExtensionAnswer, HandLog
from parlour.mille.files import savefile
from parlour.mille.files.handlog_state import MAX_DECISIONS, log_from_dict, log_to_dict
from parlour.mille.game.rules import Game
from parlour.mille.game.table import HUMAN, Move, Phase
from parlour.mille.terminal.app import MilleApp
from tests.mille.drive import press
from tests.mille.opponents import FirstLegal, human_keys

SAMPLE = Path(__file__).resolve().parents[3] / "saves/mille-v3-another-hand-kept-dead-repairs.json"


def sample() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    return document


def refusal(document: dict[str, Any], tmp_path: Path) -> str:
    """The one line loading ``document`` gives."""
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        savefile.load_saved(path)
    return str(caught.value).removeprefix(f"{path}: ")


def decisions(document: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = document["state"]["hand_log"]["decisions"]
    return found


def first_with(document: dict[str, Any], move: str) -> dict[str, Any]:
    return next(d for d in decisions(document) if d["move"].startswith(move))


def test_the_sample_keeps_its_whole_hand() -> None:
    saved = savefile.load_saved(SAMPLE)
    log = saved.hand_log
    assert log.complete and len(log.decisions) == 92
    assert log_from_dict(log_to_dict(log), saved.game) == log
    first = log.decisions[0].view
    assert first.deck_count == 88 and first.mine.mileage == first.theirs.mileage == 0
    assert log.decisions[-1].view.theirs.mileage <= saved.game.players[1].mileage


def swap_a_kept_card(document: dict[str, Any]) -> None:
    """Between a discard and the next decision, a card kept in hand turns into a 100."""
    found = decisions(document)
    index = next(i for i, d in enumerate(found) if d["move"].startswith("discard"))
    thrown = Move.parse(found[index]["move"]).slot
    hand = found[index]["hand"]
    slot = next(s for s, card in enumerate(hand) if card not in (None, "D100") and s != thrown)
    later = found[index + 1]["hand"]
    later[later.index(hand[slot])] = "D100"


MUTATIONS = [
    (
        lambda d: first_with(d, "use").update(piles=[0, 99, 0, 0, 0, 0, 0]),
        "a decision shows a battle pile the game does not have",
    ),
    (
        lambda d: decisions(d)[0]["safeties"][1].append("RIGHT_OF_WAY"),
        "a decision shows a safety the game does not",
    ),
    (
        lambda d: decisions(d)[-1]["tops"].__setitem__(0, "END_OF_LIMIT"),
        "a decision shows a battle top that is not its pile's",
    ),
    (
        lambda d: decisions(d)[5].update(their_hand=2),
        "a decision's cards do not add up to the 101",
    ),
    (
        lambda d: decisions(d)[0]["hand"].__setitem__(1, "DRIVING_ACE"),
        "a decision shows more copies of a card than the deck has",
    ),
    (
        lambda d: decisions(d)[0].update(move="use 3"),
        "a decision's move is not legal in its position",
    ),
    (lambda d: decisions(d)[0].update(move="fly"), "a decision's move is not a move"),
    (lambda d: decisions(d)[0].update(move="extend"), "an answer to Extension? was not asked for"),
    (
        lambda d: decisions(d).insert(0, decisions(d).pop(3)),
        "the decisions are not in the order of the hand",
    ),
    (swap_a_kept_card, "a hand changed between two decisions by more than the moves"),
    (
        lambda d: decisions(d)[0].update(deck=102),
        "a decision's deck size must be a whole number from 0 to 101",
    ),
    (lambda d: d["state"]["hand_log"].update(version=2), "the hand log has an unknown version"),
    (
        lambda d: d["state"]["hand_log"].update(decisions=[{}] * (MAX_DECISIONS + 1)),
        "the hand log has more decisions than a hand",
    ),
    (
        lambda d: d["state"]["hand_log"].update(complete=1),
        "the hand log's completeness must be true or false",
    ),
    (lambda d: d["state"].pop("hand_log"), "missing field 'hand_log'"),
]


@pytest.mark.parametrize("index", range(len(MUTATIONS)))
def test_a_log_no_hand_could_write_is_refused_with_the_reason(index: int, tmp_path: Path) -> None:
    mutate, reason = MUTATIONS[index]
    document = copy.deepcopy(sample())
    mutate(document)
    assert refusal(document, tmp_path) == f"is damaged: {reason}"


def test_older_saves_restore_with_a_log_that_says_it_is_not_complete() -> None:
    for path in sorted(SAMPLE.parent.glob("mille-v[12]-*.json")):
        log = savefile.load_saved(path).hand_log
        assert log == HandLog([], complete=False), path.name


def test_a_save_without_a_log_given_says_the_hand_is_unknown(tmp_path: Path) -> None:
    game = Game.new(4)
    path = tmp_path / "bare.json"
    savefile.save(path, game)
    assert savefile.load_saved(path).hand_log == HandLog([], complete=False)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 200))
def test_any_hand_so_far_round_trips(seed: int, steps: int) -> None:
    """Random legal play (both seats), the human's decisions logged: the log comes back equal."""
    game = Game.new(seed)
    rng = make_rng(seed)
    log = HandLog()
    for _ in range(steps):
        if game.phase is Phase.EXTENSION:
            extend = below(rng, 2) == 0
            if game.turn == HUMAN:
                log.record_answer(game.view(HUMAN), extend)
            game.answer_extension(extend)
            continue
        if game.phase is not Phase.TURN:
            break
        moves = game.legal_moves()
        move = moves[below(rng, len(moves))]
        if game.turn == HUMAN:
            log.record(game.view(HUMAN), move)
        game.apply(move)
    assert log_from_dict(json.loads(json.dumps(log_to_dict(log))), game) == log


def move_of_keys(keys: str) -> Move:
    """The move ``human_keys`` typed ("p", "u3 ", "dP ")."""
    if keys == "p":
        return Move("pick")
    kind = "use" if keys[0] == "u" else "discard"
    return Move(kind, 0 if keys[1] == "P" else int(keys[1]))


class SavesThroughAHand(RuleBasedStateMachine):
    """Play, save and restore at any moment: the log is always the hand's whole log."""

    def __init__(self) -> None:
        super().__init__()
        self.app: MilleApp
        self.expected: list[tuple[Any, Move | ExtensionAnswer]] = []
        self.folder = tempfile.TemporaryDirectory(prefix="mille-log-")

    def teardown(self) -> None:
        self.folder.cleanup()

    @initialize(seed=st.integers(0, 2**20))
    def start(self, seed: int) -> None:
        game = Game.new(seed)
        self.app = MilleApp(game, FirstLegal(game))

    def question(self) -> str | None:
        return None if self.app.flow.ask is None else self.app.flow.ask.text

    @precondition(lambda self: self.question() is None and self.app.game.turn == HUMAN)
    @rule()
    def move(self) -> None:
        keys = human_keys(self.app.game)
        view = self.app.game.view(HUMAN)
        self.expected.append((view, move_of_keys(keys)))
        press(self.app, keys)

    @precondition(lambda self: self.question() == "Extension?")
    @rule(extend=st.booleans())
    def extension(self, extend: bool) -> None:
        self.expected.append((self.app.game.view(HUMAN), ExtensionAnswer(extend)))
        press(self.app, "y" if extend else "n")

    @precondition(lambda self: self.question() in ("Another hand?", "Another game?"))
    @rule()
    def next_hand(self) -> None:
        press(self.app, "y")
        self.expected = []

    @rule()
    def save_and_restore(self) -> None:
        app = self.app
        path = Path(self.folder.name) / "hand.json"
        savefile.save(
            path, app.game, app.ui_state(app.flow.base_name()), None, app.meta, app.review.log
        )
        saved = savefile.load_saved(path)
        self.app = MilleApp(
            saved.game,
            FirstLegal(saved.game),
            ui_state=saved.ui,
            meta=saved.meta,
            hand_log=saved.hand_log,
        )

    @invariant()
    def the_log_is_the_hands(self) -> None:
        logged = [(d.view, d.move) for d in self.app.review.log.decisions]
        assert logged == self.expected
        assert self.app.review.log.complete


SavesThroughAHand.TestCase.settings = settings(
    max_examples=12, stateful_step_count=40, deadline=None
)
test_saves_through_a_hand = SavesThroughAHand.TestCase


def test_a_later_hand_comes_back_with_the_games_totals(tmp_path: Path) -> None:
    """In a game's second hand the views carry the totals of the hands before (the review
    judges by the game's score), and a restored log keeps them."""
    game = Game.new(11)
    app = MilleApp(game, FirstLegal(game))
    expected: list[tuple[Any, Move | ExtensionAnswer]] = []
    hands = 0
    while hands < 2 or len(expected) < 6:
        question = None if app.flow.ask is None else app.flow.ask.text
        if question in ("Another hand?", "Another game?"):
            press(app, "y")
            hands += 1
            expected = []
        elif question == "Extension?":
            expected.append((app.game.view(HUMAN), ExtensionAnswer(False)))
            press(app, "n")
        else:
            assert app.game.turn == HUMAN
            keys = human_keys(app.game)
            expected.append((app.game.view(HUMAN), move_of_keys(keys)))
            press(app, keys)
    assert expected[0][0].mine.overall_total > expected[0][0].mine.hand_total
    path = tmp_path / "second.json"
    savefile.save(
        path, app.game, app.ui_state(app.flow.base_name()), None, app.meta, app.review.log
    )
    restored = savefile.load_saved(path).hand_log
    assert [(d.view, d.move) for d in restored.decisions] == expected
