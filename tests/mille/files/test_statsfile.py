"""Mille's part of the records kit (``files/statsfile.py``): each game settled once whatever
the path, a record kept when the ledger cannot take it, what ``mille --stats`` prints.

Mille statistics: records per game, exactly once whatever the path, shown by --stats.

Mille statistics never fail quietly (issue #26, point 3).

A game's record that the ledger cannot take (a full disk, a read-only data
folder) is kept (:mod:`parlour.core.keeper`), the farewell says so in one line,
and it is written the next time: as the next game records, as ``mille`` starts,
before ``mille --stats``. A result still kept counts as recorded for a replay.
The disks are real tmpfs mounts (skipped with the reason where not allowed).

One game, one result (docs/foundation.md), checked against a model of the rule.

A Hypothesis state machine drives real mille apps (the app as the runner drives
it, a quick computer player) with real save files and the real ledger in a
temporary data folder: start games, play, save, play on, finish, start another
game, quit without saving, crash with or without a recovery save, and resume
any save made so far (an older one too) through the command line's own restore
(``cli.restored_app``), while an earlier copy may still be running. So the
lineages of a game fork and race.

The model is the rule itself: per game, its first finished result (outcome,
totals, hands) stands for good; until it has one, its last abandonment counts.
After every step the counts ``mille --stats`` prints (games finished, won,
lost, tied, abandoned, hands) must be the model's; a resume of a game that has
a result must say "Replay, not counted: ..." on the message line, and every
farewell must say a replay was not counted and never show totals for a session
that recorded nothing."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from parlour.core import keeper
from parlour.core.ledger import new_game_id
from parlour.mille import cli
from parlour.mille.files import statsfile
from parlour.mille.files.savefile import Meta, load_saved
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Phase
from parlour.mille.terminal.app import MilleApp
from tests.hypothesis_profiles import examples
from tests.mille.drive import near_the_end, play_until_question, press
from tests.mille.opponents import FirstLegal, human_keys


def ledger_lines() -> list[dict[str, Any]]:
    path = statsfile.KEEPER.ledger_path()
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def recorded() -> dict[str, str]:
    reading = statsfile.KEEPER.read()
    assert reading.damaged == 0 and reading.problem is None
    return {rec.game_id: rec.outcome for rec in reading.records}


def ending_app(seed: int, level: str = "strong") -> MilleApp:
    game = near_the_end(seed)
    return MilleApp(game, FirstLegal(game), meta=Meta(new_game_id(), level, [], complete=False))


def outcome_of(app: MilleApp) -> str:
    you = app.game.players[HUMAN].overall_total
    comp = app.game.players[COMPUTER].overall_total
    return "won" if you > comp else "lost" if you < comp else "tied"


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
    assert (app.exit_message or "").split("\n")[1:] == [
        "strong: no game finished; 1 abandoned",
        "  no hand finished",
        "  trips 0, safeties 0, coups fourres 0, shut-outs 0",
    ]


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
    app.saving.recovery_save = lambda stem, prompt: (None, "disk full")  # type: ignore[method-assign]
    app.end_of_input()
    assert "disk full" in (app.exit_message or "")
    assert recorded() == {app.meta.game_id: "abandoned"}


def test_stats_command_prints_plain_lines_and_reports_damage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    app = ending_app(3, "classic")
    play_until_question(app, ("Another game?",))
    path = statsfile.KEEPER.ledger_path()
    with path.open("ab") as handle:
        handle.write(b"\xff not json\n")
    before = path.read_bytes()
    assert cli.main(["--stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "strong: no games yet"
    assert out[1].startswith("classic: won 0 of 1 finished game (0%), lost 1, tied 0;")
    assert out[-1] == "1 damaged line in the statistics skipped; the rest is shown"
    assert path.read_bytes() == before  # damaged lines are never erased


def test_stats_with_an_unusable_data_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One message and exit 1, never "no games yet" for each level and then a contradiction."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    os.environ["PARLOUR_DATA_DIR"] = str(blocker)
    assert cli.main(["--stats"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    said = captured.err.replace("\n", " ").rstrip()
    assert said == (
        f"mille: the statistics cannot be read: the data folder {blocker} (set by "
        "PARLOUR_DATA_DIR) is a file (or lies under one), not a folder"
    )
    assert all(len(line) <= 80 for line in captured.err.splitlines() if " " in line)


def test_stats_with_a_statistics_file_that_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.environ["PARLOUR_DATA_DIR"] = str(tmp_path)
    (tmp_path / "mille").write_text("x")  # the game's folder is a file
    assert cli.main(["--stats"]) == 1
    captured = capsys.readouterr()
    ledger = tmp_path / "mille" / "games.jsonl"
    assert captured.out == ""
    assert captured.err.replace("\n", " ").rstrip() == (
        f"mille: the statistics file {ledger} could not be read: Not a directory"
    )
    (tmp_path / "mille").unlink()
    ledger.mkdir(parents=True)  # the file is a folder
    assert cli.main(["--stats"]) == 1
    assert capsys.readouterr().err.replace("\n", " ").rstrip() == (
        f"mille: the statistics file {ledger} is a folder"
    )


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may read any folder"
)
def test_stats_with_a_data_folder_without_permission(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "closed"
    folder.mkdir()
    folder.chmod(0)
    os.environ["PARLOUR_DATA_DIR"] = str(folder)
    try:
        assert cli.main(["--stats"]) == 1
    finally:
        folder.chmod(0o700)
    assert capsys.readouterr().err.replace("\n", " ").rstrip() == (
        f"mille: the statistics cannot be read: the data folder {folder} (set by "
        "PARLOUR_DATA_DIR) cannot be read: permission denied"
    )


@pytest.mark.parametrize(
    "argv", [["--stats", "extra"], ["--stats", "--seed", "3"], ["--stats", "--level", "classic"]]
)
def test_stats_takes_no_other_arguments(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == "mille: error: --stats takes no FILE, --seed or --level"


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
    # What is wrong, in a line that fits; the record is kept at home for next time.
    assert lines[1:] == [
        "Statistics not recorded yet (data folder: not a folder); kept for next time."
    ]
    assert blocker.read_text() == "x"
    blocker.unlink()
    assert statsfile.KEEPER.ledger_path().exists() is False
    statsfile.KEEPER.flush()
    assert recorded() == {app.meta.game_id: outcome_of(app)}


FULL = "Statistics not recorded yet (No space left on device); kept for next time."


READ_ONLY = "Statistics not recorded yet (data folder: read-only disk); kept for next time."


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _use_data_folder(folder: Path) -> None:
    os.environ["PARLOUR_DATA_DIR"] = str(folder)


def finish_and_leave(seed: int, save_to: Path | None = None) -> MilleApp:
    """A game near its end played to Another game? (saved first to ``save_to``), then n, and
    n to Save game?."""
    game = near_the_end(seed)
    app = MilleApp(game, FirstLegal(game), meta=Meta(new_game_id(), "strong", [], False))
    if save_to is not None:
        press(app, ["s", *str(save_to), "ENTER"])
    play_until_question(app, ("Another game?",))
    press(app, "n")
    if not app.finished:
        press(app, "n")
    assert app.finished
    return app


def farewell_tail(app: MilleApp) -> list[str]:
    """The farewell's lines after the games won and the seed."""
    lines = (app.exit_message or "").split("\n")
    assert lines[0].startswith("Games won:")
    return lines[1:]


def kept_lines() -> int:
    return sum(
        place.read_bytes().count(b"\n")
        for place in keeper.places(statsfile.KEEPER.ledger_path())
        if place.exists()
    )


def ledger_line_count() -> int:
    path = statsfile.KEEPER.ledger_path()
    return path.read_bytes().count(b"\n") if path.exists() else 0


def stats_output() -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["--stats"]) == 0
    return out.getvalue().splitlines()


def _free(full_disk: Path) -> None:
    """Room on the full disk again (the filler goes)."""
    (full_disk / "filler").unlink()


def test_a_full_data_folder_keeps_the_record_and_says_so(full_disk: Path) -> None:
    _use_data_folder(full_disk)
    app = finish_and_leave(3)
    assert farewell_tail(app) == [FULL]
    assert kept_lines() == 1 and ledger_line_count() == 0
    places = keeper.places(statsfile.KEEPER.ledger_path())
    (kept,) = [place for place in places if place.exists() and place.stat().st_size]
    assert kept.parent == Path(os.environ["HOME"]) / ".parlour-pending"
    _free(full_disk)
    out = stats_output()  # written before the statistics are read
    assert out[0].startswith("strong: won ") or out[0].startswith("strong: no game finished")
    assert "1 finished game" in out[0] and ledger_line_count() == 1 and kept_lines() == 0
    assert not kept.exists()


def test_the_kept_record_is_written_as_the_game_starts(
    full_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_data_folder(full_disk)
    finish_and_leave(4)
    _free(full_disk)
    import parlour.tui.runner

    monkeypatch.setattr(parlour.tui.runner, "run", lambda app: 0)
    assert cli.main(["--seed", "1"]) == 0
    assert ledger_line_count() == 1 and kept_lines() == 0


def test_the_next_game_writes_the_kept_record_first(full_disk: Path) -> None:
    _use_data_folder(full_disk)
    first = finish_and_leave(5)
    _free(full_disk)
    second = finish_and_leave(6)
    assert farewell_tail(second)[0].startswith("strong: won ")
    assert "2 finished games" in farewell_tail(second)[0]
    ids = [rec.game_id for rec in statsfile.KEEPER.read().records]
    assert ids == [first.meta.game_id, second.meta.game_id]


def test_a_read_only_data_folder_keeps_the_record_at_home(read_only_disk: Path) -> None:
    _use_data_folder(read_only_disk)
    app = finish_and_leave(7)
    assert farewell_tail(app) == [READ_ONLY]
    assert kept_lines() == 1
    assert os.listdir(read_only_disk) == []
    subprocess.run(["mount", "-o", "remount,rw", str(read_only_disk)], check=True)
    assert stats_output()[0].startswith("strong: won ")
    assert ledger_line_count() == 1 and kept_lines() == 0


def test_a_result_still_kept_makes_an_older_save_a_replay(full_disk: Path, tmp_path: Path) -> None:
    """The game was finished on a full disk (its result kept at home), then an older save of
    it is restored: a replay, as if the result were in the ledger; it records nothing."""
    _use_data_folder(full_disk)
    older = tmp_path / "older.json"
    app = finish_and_leave(8, save_to=older)
    assert farewell_tail(app) == [FULL] and kept_lines() == 1
    saved = load_saved(str(older))
    again = cli.restored_app(str(older), saved, FirstLegal(saved.game))
    assert again.recorder.replay_of is not None
    assert again.line.text == statsfile.replay_note(again.recorder.replay_of)
    play_until_question(again, ("Another game?",))
    assert kept_lines() == 1 and ledger_line_count() == 0


MAX_COPIES = 2


OVER = (Phase.HAND_OVER, Phase.GAME_OVER)


@dataclass
class Result:
    """A record as the model expects it in the ledger."""

    outcome: str
    you: int
    computer: int
    hands: int


@dataclass
class ModelGame:
    first_hand: int
    """The game's first hand number (``Game.hands_played`` as it began)."""
    result: Result | None = None
    """Its first finished record: its result for good."""
    abandoned: Result | None = None
    """Its last abandonment, while it has no result."""


@dataclass
class Copy:
    """A running copy of the game and the model's game it plays."""

    app: MilleApp
    game: int
    replay_shown: bool = False
    """The copy started as a replay (the message line said so)."""


@dataclass
class Model:
    games: list[ModelGame] = field(default_factory=list)
    lines: int = 0
    """Lines written to the ledger: a replay writes none."""

    def counts(self) -> dict[str, int]:
        """What ``mille --stats`` must print for the strong level."""
        counts = dict.fromkeys(("finished", "won", "lost", "tied", "abandoned", "hands"), 0)
        for game in self.games:
            if game.result is not None:
                counts["finished"] += 1
                counts[game.result.outcome] += 1
                counts["hands"] += game.result.hands
            elif game.abandoned is not None:
                counts["abandoned"] += 1
                counts["hands"] += game.abandoned.hands
        return counts


def hands_finished(game: Game, first_hand: int) -> int:
    """The hands of the current game finished so far, from what the board shows."""
    return game.hands_played - first_hand + (game.phase in OVER)


def outcome(game: Game) -> str:
    you, comp = game.players[HUMAN].overall_total, game.players[COMPUTER].overall_total
    return "won" if you > comp else "lost" if you < comp else "tied"


LEVEL_LINE = re.compile(
    r"strong: (?:won (\d+) of (\d+) finished games? \(\d+%\), lost (\d+), tied (\d+)"
    r"|no game finished); (\d+) abandoned"
)


HANDS_LINE = re.compile(
    r"  (?:won \d+ of (\d+) hands? \(\d+%\), mean hand score \d+, best hand \d+"
    r"|no hand finished)"
)


def printed_counts() -> dict[str, int]:
    """The strong level's counts as ``mille --stats`` prints them."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["--stats"]) == 0
    lines = out.getvalue().splitlines()
    if lines[0] == "strong: no games yet":
        return dict.fromkeys(("finished", "won", "lost", "tied", "abandoned", "hands"), 0)
    games = LEVEL_LINE.fullmatch(lines[0])
    hands = HANDS_LINE.fullmatch(lines[1])
    assert games and hands, lines
    won, finished, lost, tied, abandoned = (int(group or 0) for group in games.groups())
    return {
        "finished": finished,
        "won": won,
        "lost": lost,
        "tied": tied,
        "abandoned": abandoned,
        "hands": int(hands.group(1) or 0),
    }


class OneResultMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="mille-one-result-"))
        self.old_env = os.environ.get("PARLOUR_DATA_DIR")
        os.environ["PARLOUR_DATA_DIR"] = str(self.folder / "data")
        self.old_cwd = os.getcwd()
        os.chdir(self.folder)  # nothing typed can land in the repository
        self.model = Model()
        self.copies: list[Copy] = []
        self.saves: list[tuple[Path, int]] = []
        """Each save file and the model's game it holds."""

    def teardown(self) -> None:
        os.chdir(self.old_cwd)
        if self.old_env is None:
            os.environ.pop("PARLOUR_DATA_DIR", None)
        else:
            os.environ["PARLOUR_DATA_DIR"] = self.old_env
        shutil.rmtree(self.folder, ignore_errors=True)

    # ------------------------------------------------------------- the model
    def _new_game(self, app: MilleApp) -> int:
        self.model.games.append(ModelGame(first_hand=app.game.hands_played))
        return len(self.model.games) - 1

    def _result(self, copy: Copy, kind: str) -> Result:
        game = copy.app.game
        first = self.model.games[copy.game].first_hand
        you, comp = game.players[HUMAN].overall_total, game.players[COMPUTER].overall_total
        return Result(kind, you, comp, hands_finished(game, first))

    def _note_end(self, copy: Copy) -> None:
        """A game that has just ended gets its result, unless it has one already."""
        model = self.model.games[copy.game]
        if copy.app.game.phase is Phase.GAME_OVER and model.result is None:
            model.result = self._result(copy, outcome(copy.app.game))
            model.abandoned = None
            self.model.lines += 1

    def _note_abandoned(self, copy: Copy) -> None:
        """A game left unfinished with no save holding it; nothing once it has a result."""
        model = self.model.games[copy.game]
        if copy.app.game.phase is not Phase.GAME_OVER and model.result is None:
            model.abandoned = self._result(copy, "abandoned")
            self.model.lines += 1

    def _copy(self, index: int) -> Copy:
        """One of the running copies (with none running, the player starts a new game)."""
        if not self.copies:
            self._start(index)
        return self.copies[index % len(self.copies)]

    def _farewell(self, copy: Copy) -> None:
        """The farewell never claims a replay counted."""
        app = copy.app
        assert app.finished
        lines = (app.exit_message or "").split("\n")
        replayed = app.recorder.replayed
        if copy.replay_shown:
            assert replayed is not None
        if replayed is not None:
            assert statsfile.replay_farewell(replayed) in lines
        stats_shown = any(line.startswith("strong: ") for line in lines)
        assert stats_shown == app.recorder.recorded
        self.copies.remove(copy)

    # ----------------------------------------------------------------- rules
    @initialize(seed=st.integers(0, 10_000))
    def start(self, seed: int) -> None:
        self._start(seed)

    def _start(self, seed: int) -> None:
        game = Game.new(seed)
        app = MilleApp(game, FirstLegal(game), meta=Meta(new_game_id(), "strong"))
        self.copies.append(Copy(app, self._new_game(app)))

    @precondition(lambda self: len(self.copies) < MAX_COPIES)
    @rule(seed=st.integers(0, 10_000))
    def start_another_copy(self, seed: int) -> None:
        self._start(seed)

    @rule(which=st.integers(0, MAX_COPIES - 1), moves=st.integers(1, 40))
    def play(self, which: int, moves: int) -> None:
        copy = self._copy(which)
        app = copy.app
        for _ in range(moves):
            if app.flow.ask is not None and app.flow.ask.text != "Extension?":
                break
            press(app, "n" if app.flow.ask is not None else human_keys(app.game))
        self._note_end(copy)

    @rule(which=st.integers(0, MAX_COPIES - 1), save_first=st.booleans())
    def finish_the_game(self, which: int, save_first: bool) -> None:
        """Play to the end of the game (after a save, for the fork the issue showed)."""
        if save_first:
            self.save(which)
        copy = self._copy(which)
        play_until_question(copy.app, ("Another game?",))
        self._note_end(copy)

    @rule(which=st.integers(0, MAX_COPIES - 1))
    def answer_yes(self, which: int) -> None:
        copy = self._copy(which)
        app = copy.app
        if app.flow.ask is None:
            return
        new_game = app.flow.ask.text == "Another game?"
        press(app, "n" if app.flow.ask.text == "Extension?" else "y")
        if new_game:
            copy.game = self._new_game(app)
            copy.replay_shown = False
        self._note_end(copy)

    @rule(which=st.integers(0, MAX_COPIES - 1))
    def save(self, which: int) -> None:
        copy = self._copy(which)
        app = copy.app
        path = self.folder / f"save{len(self.saves)}.json"
        same = [] if app.saving.save_path is None else ["n"]
        press(app, ["s", *same, *str(path), "ENTER"])
        assert path.exists(), app.line.text
        self.saves.append((path, copy.game))

    @rule(which=st.integers(0, MAX_COPIES - 1))
    def quit_unsaved(self, which: int) -> None:
        copy = self._copy(which)
        app = copy.app
        dirty = app.saving.dirty
        press(app, ["INTERRUPT", "y"])
        if not app.finished:
            assert app.flow.ask is not None and app.flow.ask.text == "Save game?"
            press(app, "n")
        if dirty:
            self._note_abandoned(copy)
        self._farewell(copy)

    @rule(which=st.integers(0, MAX_COPIES - 1), recovered=st.booleans())
    def crash(self, which: int, recovered: bool) -> None:
        copy = self._copy(which)
        app = copy.app
        if recovered:
            saved = app.emergency_save()
            assert saved is not None
            self.saves.append((Path(saved), copy.game))
        else:
            app.saving.recovery_save = lambda stem, prompt: (None, "disk full")  # type: ignore[method-assign]
            assert app.emergency_save() is None
            self._note_abandoned(copy)
        self.copies.remove(copy)

    @precondition(lambda self: self.saves and len(self.copies) < MAX_COPIES)
    @rule(data=st.data())
    def resume(self, data: st.DataObject) -> None:
        # Saves of games that have a result are the interesting ones: drawn first half the time.
        settled = [save for save in self.saves if self.model.games[save[1]].result is not None]
        if settled and data.draw(st.booleans()):
            path, game = data.draw(st.sampled_from(settled))
        else:
            path, game = data.draw(st.sampled_from(self.saves))
        saved = load_saved(path)
        app = cli.restored_app(str(path), saved, FirstLegal(saved.game))
        copy = Copy(app, game)
        result = self.model.games[game].result
        shown = app.render(24, 80).row_text(15)[45:].rstrip()
        if result is None:
            assert app.recorder.replay_of is None
            assert shown.endswith("]") and not shown.startswith("Replay"), shown  # BSD's banner
        else:
            note = f"Replay, not counted: {result.outcome} {result.you}-{result.computer}"
            assert app.recorder.replay_of is not None
            assert shown == note == statsfile.replay_note(app.recorder.replay_of)
            copy.replay_shown = True
        self.copies.append(copy)

    # ------------------------------------------------------------- invariant
    @invariant()
    def stats_match_the_model(self) -> None:
        assert printed_counts() == self.model.counts()

    @invariant()
    def replays_write_nothing(self) -> None:
        path = statsfile.KEEPER.ledger_path()
        lines = path.read_bytes().count(b"\n") if path.exists() else 0
        assert lines == self.model.lines


OneResultMachine.TestCase.settings = settings(
    max_examples=examples(50),
    stateful_step_count=20,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


test_one_game_one_result = OneResultMachine.TestCase
