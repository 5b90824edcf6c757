"""Mille statistics: records per game, exactly once whatever the path, shown by --stats."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from parlour.core.ledger import new_game_id
from parlour.core.text import ASCII_ELLIPSIS, shorten_middle
from parlour.mille import cli, record, stats
from parlour.mille.app import MilleApp
from parlour.mille.rules import COMPUTER, HUMAN, Phase
from parlour.mille.savefile import Meta, load_saved
from parlour.mille.stats import GameRecord, HandSummary
from tests.hypothesis_profiles import examples
from tests.mille.drive import near_the_end, play_until_question
from tests.mille.opponents import FirstLegal, human_keys
from tests.mille.test_app import press

HAND = HandSummary(number=1, you=1600, computer=300, trip=True, safeties=2, coups=1, shut_out=False)


def ledger_lines() -> list[dict[str, Any]]:
    path = record.ledger_path()
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def recorded() -> dict[str, str]:
    reading = record.read_records()
    assert reading.damaged == 0 and reading.problem is None
    return {rec.game_id: rec.outcome for rec in reading.records}


def ending_app(seed: int, level: str = "strong") -> MilleApp:
    game = near_the_end(seed)
    return MilleApp(game, FirstLegal(game), meta=Meta(new_game_id(), level, [], complete=False))


def outcome_of(app: MilleApp) -> str:
    you = app.game.players[HUMAN].overall_total
    comp = app.game.players[COMPUTER].overall_total
    return "won" if you > comp else "lost" if you < comp else "tied"


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
    lines = stats.report([again])
    assert lines[0] == "strong: no games yet"
    assert lines[1].startswith("classic: 1 games finished, won 1 (100%)")
    assert "best hand 1600" in lines[2] and "coups fourres 1" in lines[3]


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


# ------------------------------------------------------------------- app paths
def test_a_finished_game_is_recorded_once_with_its_hands() -> None:
    app = ending_app(3)
    play_until_question(app, ("Another game?",))
    lines = ledger_lines()
    assert len(lines) == 1 and lines[0]["outcome"] == outcome_of(app)
    assert [hand["number"] for hand in lines[0]["hands"]] == [
        hand.number for hand in app.meta.hands
    ]
    press(app, "y")  # another game: nothing more recorded until it ends
    assert len(ledger_lines()) == 1


def test_quitting_unsaved_records_an_abandoned_game() -> None:
    app = ending_app(4)
    press(app, "p")
    press(app, "qyn")  # Really? y, Save game? n
    assert app.finished
    assert recorded() == {app.meta.game_id: "abandoned"}
    assert "strong: 0 games finished" in (app.exit_message or "")


def test_quitting_after_a_save_records_nothing(tmp_path: Path) -> None:
    app = ending_app(4)
    press(app, "p")
    press(app, ["s", *str(tmp_path / "s.json"), "ENTER"])
    press(app, "qy")
    assert app.finished and ledger_lines() == []


def test_abandoned_then_resumed_and_finished_counts_once(tmp_path: Path) -> None:
    app = ending_app(8)
    press(app, "p")
    path = tmp_path / "s.json"
    press(app, ["s", *str(path), "ENTER"])
    press(app, human_keys(app.game))
    press(app, "qyn")
    game_id = app.meta.game_id
    assert recorded() == {game_id: "abandoned"}
    saved = load_saved(path)
    again = MilleApp(saved.game, FirstLegal(saved.game), ui_state=saved.ui, meta=saved.meta)
    play_until_question(again, ("Another game?",))
    assert recorded() == {game_id: outcome_of(again)}
    assert len(ledger_lines()) == 2  # both lines kept; the last one counts


def test_a_failed_recovery_records_the_game_as_abandoned(tmp_path: Path) -> None:
    app = ending_app(9)
    press(app, "p")
    app._recovery_save = lambda stem: (None, "disk full")  # type: ignore[method-assign]
    app.end_of_input()
    assert "disk full" in (app.exit_message or "")
    assert recorded() == {app.meta.game_id: "abandoned"}


def test_stats_command_prints_plain_lines_and_reports_damage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    app = ending_app(3, "classic")
    play_until_question(app, ("Another game?",))
    path = record.ledger_path()
    with path.open("ab") as handle:
        handle.write(b"\xff not json\n")
    before = path.read_bytes()
    assert cli.main(["--stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "strong: no games yet"
    assert out[1].startswith("classic: 1 games finished")
    assert out[-1] == "1 damaged line in the statistics skipped; the rest is shown"
    assert path.read_bytes() == before  # damaged lines are never erased


def test_stats_with_an_unusable_data_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    os.environ["PARLOUR_DATA_DIR"] = str(blocker)
    assert cli.main(["--stats"]) == 0
    out = capsys.readouterr().out
    assert "could not be read" in out and out.count("\n") == 3


# ------------------------------------------------------------- model-based test
class StatisticsMachine(RuleBasedStateMachine):
    """Play, save, resume, quit and crash mille games; the ledger must match a tiny model.

    The model is "the last thing that happened to each game": finished with an
    outcome, or left unsaved (abandoned). Saved games and recoveries leave no mark.
    """

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="mille-stats-"))
        self.old_env = os.environ.get("PARLOUR_DATA_DIR")
        os.environ["PARLOUR_DATA_DIR"] = str(self.folder / "data")
        self.old_cwd = os.getcwd()
        os.chdir(self.folder)  # nothing the machine types can land in the repository
        self.app: MilleApp | None = None
        self.saves: list[tuple[Path, int]] = []
        """Each save file and the model's game it holds."""
        self.model: dict[int, str] = {}
        """The model's games (numbered as they begin) -> the last thing that happened."""
        self.ids: dict[int, str] = {}
        """The model's games -> the game id the app gave each (never shared)."""
        self.current = -1

    def teardown(self) -> None:
        os.chdir(self.old_cwd)
        if self.old_env is None:
            os.environ.pop("PARLOUR_DATA_DIR", None)
        else:
            os.environ["PARLOUR_DATA_DIR"] = self.old_env
        shutil.rmtree(self.folder, ignore_errors=True)

    def _begin(self, app: MilleApp) -> None:
        """A new game begins in the model."""
        self.app = app
        self.current = len(self.ids)
        assert app.meta.game_id not in self.ids.values()
        self.ids[self.current] = app.meta.game_id

    @initialize(seed=st.integers(0, 50))
    def start(self, seed: int) -> None:
        self._begin(ending_app(seed))

    def _note_end(self) -> None:
        app = self.app
        assert app is not None
        if app.game.phase is Phase.GAME_OVER:
            self.model[self.current] = outcome_of(app)

    @precondition(lambda self: self.app is not None and self.app.ask is None)
    @precondition(lambda self: self.app is not None and self.app.dialog is None)
    @rule(moves=st.integers(1, 30))
    def play(self, moves: int) -> None:
        app = self.app
        assert app is not None
        for _ in range(moves):
            if app.ask is not None:
                if app.ask.text != "Extension?":
                    break
                press(app, "n")
            else:
                press(app, human_keys(app.game))
        self._note_end()

    @precondition(lambda self: self.app is not None)
    @rule()
    def finish_the_game(self) -> None:
        app = self.app
        assert app is not None
        play_until_question(app, ("Another game?",))
        self._note_end()

    @precondition(lambda self: self.app is not None and self.app.ask is not None)
    @precondition(lambda self: self.app is not None and self.app.dialog is None)
    @rule()
    def answer_yes(self) -> None:
        app = self.app
        assert app is not None and app.ask is not None
        new_game = app.ask.text == "Another game?"
        press(app, "n" if app.ask.text == "Extension?" else "y")
        if new_game:
            self._begin(app)
        self._note_end()

    @precondition(lambda self: self.app is not None and self.app.dialog is None)
    @rule()
    def save(self) -> None:
        app = self.app
        assert app is not None
        path = self.folder / f"save{len(self.saves)}.json"
        keys = (
            ["s", *str(path), "ENTER"] if app.save_path is None else ["s", "n", *str(path), "ENTER"]
        )
        press(app, keys)
        assert path.exists(), app.message
        self.saves.append((path, self.current))

    @precondition(lambda self: self.app is not None)
    @rule()
    def quit_unsaved(self) -> None:
        app = self.app
        assert app is not None
        press(app, ["INTERRUPT", "y"])
        if not app.finished:
            assert app.ask is not None and app.ask.text == "Save game?"
            press(app, "n")
        assert app.finished
        if app.dirty and app.game.phase is not Phase.GAME_OVER:
            self.model[self.current] = "abandoned"
        self.app = None

    @precondition(lambda self: self.app is not None)
    @rule(recovered=st.booleans())
    def crash(self, recovered: bool) -> None:
        app = self.app
        assert app is not None
        if recovered:
            saved = app.emergency_save()
            assert saved is not None
            self.saves.append((Path(saved), self.current))
        else:
            app._recovery_save = lambda stem: (None, "disk full")  # type: ignore[method-assign]
            assert app.emergency_save() is None
            if app.game.phase is not Phase.GAME_OVER:
                self.model[self.current] = "abandoned"
        self.app = None

    @precondition(lambda self: self.app is None)
    @rule(data=st.data())
    def resume_or_start(self, data: st.DataObject) -> None:
        if self.saves and data.draw(st.booleans()):
            path, game = data.draw(st.sampled_from(self.saves))
            saved = load_saved(path)
            assert saved.meta.game_id == self.ids[game]
            self.current = game
            self.app = MilleApp(
                saved.game,
                FirstLegal(saved.game),
                ui_state=saved.ui,
                save_path=str(path),
                meta=saved.meta,
            )
        else:
            self._begin(ending_app(data.draw(st.integers(0, 50))))

    @invariant()
    def the_ledger_agrees_with_the_model(self) -> None:
        assert recorded() == {self.ids[game]: outcome for game, outcome in self.model.items()}


StatisticsMachine.TestCase.settings = settings(
    max_examples=examples(25),
    stateful_step_count=12,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_statistics_are_exactly_once = StatisticsMachine.TestCase


def test_a_data_folder_that_cannot_be_used_is_said_at_the_end(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    os.environ["PARLOUR_DATA_DIR"] = str(blocker / "deeper")
    app = ending_app(3)
    play_until_question(app, ("Another game?",))
    press(app, "n")  # no other game; Save game? n
    if not app.finished:
        press(app, "n")
    assert app.finished and app.exit_status == 0
    lines = (app.exit_message or "").split("\n")
    assert lines[0].startswith("Games won:")
    # The folder is named, cut to fit the 80 columns, with what is wrong.
    lead, tail = "statistics not recorded: data folder ", " is a file, not a folder."
    shown = shorten_middle(str(blocker / "deeper"), 80 - len(lead) - len(tail), ASCII_ELLIPSIS)
    assert lead + shown + tail in lines[1:]
    assert blocker.read_text() == "x"
