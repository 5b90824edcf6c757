"""Dix Mille's part of the records kit (``files/statsfile.py``): games recorded and read, each
once, kept when the file cannot take them, and the report the pages show.

Statistics: totals of played games, each game once, damaged lines skipped, odd folders.

Pins of dixmille's statistics file helpers (issue #29's mutation run).

Statistics never fail quietly (issue #26, point 3).

A game's record that the statistics file cannot take (a full disk, a data folder that
cannot be used) is kept (``core.keeper``), the player is told in one line, and the
record goes into the file the next time a game starts or the statistics are shown. A
record that only partly fits is never left as a damaged line, and a result still kept
aside is a result: resuming an older save of that game is a replay.

One game, one result: the statistics checked against a tiny model of the rule.

A Hypothesis state machine drives real apps, with real save files and the real
ledger in a temporary data folder, through every path a game can take to the
statistics file, in any order: start, play, save, play on, quit without saving
(recorded as abandoned), resume a save or a recovery file (any older one: the
game forks), finish, crash (the emergency save), end of input, two copies
recording at the same moment, and a damaged or half-written line in the file.

The model is the rule of docs/foundation.md, "One game, one result": per game id,
the first finished record stands for good; until there is one, the latest record
stands. A save of a game whose result is recorded resumes as a *replay*: the app
says so and writes nothing (the model counts the ledger's lines, so any record it
wrote would show). A copy resumed before its game ended elsewhere still records at
its end; the ledger passes that record over as a replay. The statistics read back
must count exactly the model's games, each once, with each player's games,
abandoned, finished, solitaire, won and shared games as the model has them."""

from __future__ import annotations

import errno
import json
import os
import random
import shutil
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    invariant,
    multiple,
    precondition,
    rule,
)

from parlour.core import keeper, ledger, paths
from parlour.core.keeper import LEDGER_NAME
from parlour.dixmille import cli
from parlour.dixmille.cli import main
from parlour.dixmille.files import savefile, stats, statsfile
from parlour.dixmille.game.rules import (
    FOUR_TWOS_TURN,
    Game,
    Pass,
    Phase,
    TakeDice,
)
from parlour.dixmille.terminal import statsview
from parlour.dixmille.terminal.app import DixMilleApp, Mode
from parlour.tui.glyphs import ASCII
from tests.dixmille.helpers import (
    kept_note,
    read_games,
    recorded_games,
    solitaire_game,
    two_cycle_game,
)
from tests.dixmille.test_one_result import key, save, to_prompt
from tests.hypothesis_profiles import examples


def test_each_game_counts_once_its_last_record() -> None:
    game = two_cycle_game()
    assert statsfile.record_game(game, finished=False) is None  # as if quit early (same id)
    assert statsfile.record_game(game, finished=True) is None
    assert statsfile.record_game(solitaire_game(), finished=True) is None
    games, _ = read_games()
    assert len(games) == 2 and games[0].finished
    assert stats.totals(games, "ann")[0].games == 2


def _lines() -> list[dict[str, Any]]:
    """The records in the file (each line's record: after its summary, when it has one)."""
    text = statsfile.KEEPER.ledger_path().read_text(encoding="utf-8")
    return [json.loads(line.rpartition("\t")[2]) for line in text.splitlines()]


def _write(lines: list[dict[str, Any]], tail: bytes = b"") -> bytes:
    raw = b"".join(json.dumps(line).encode() + b"\n" for line in lines) + tail
    statsfile.KEEPER.ledger_path().write_bytes(raw)
    return raw


def test_old_lines_without_an_id_are_distinct_games() -> None:
    statsfile.record_game(two_cycle_game(), finished=True)
    (line,) = _lines()
    del line["game_id"]
    _write([line, line])
    games, message = read_games()
    assert message is None and len(games) == 2 and games[0].game_id is None


def test_damaged_lines_are_skipped_and_the_file_is_left_alone() -> None:
    statsfile.record_game(two_cycle_game(), finished=True)
    (line,) = _lines()
    folder = statsfile.KEEPER.ledger_path().parent
    raw = b"nonsense\n" + b'{"caf\xe9": 1}\n' + json.dumps(line).encode() + b"\n" + b'{"half'
    statsfile.KEEPER.ledger_path().write_bytes(raw)
    games, message = read_games()
    assert len(games) == 1 and games[0].names == ("Ann", "Bob")
    assert message is not None and "2 damaged lines" in message
    assert statsfile.KEEPER.ledger_path().read_bytes() == raw
    assert sorted(p.name for p in folder.iterdir()) == ["games.jsonl"]
    # a later record lands on a line of its own, and nothing before it is lost
    statsfile.record_game(solitaire_game(), finished=True)
    games, message = read_games()
    assert len(games) == 2 and message is not None and "3 damaged lines" in message


@pytest.fixture
def unusable_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    return blocker


def kept_for_later() -> list[str]:
    """The note of a record kept in the home folder: why (whole), then where (issue 39)."""
    return kept_note("data folder: not a folder", keeper.places(statsfile.KEEPER.ledger_path())[1])


def test_an_unusable_data_folder_gives_a_message_not_a_traceback(
    capsys: pytest.CaptureFixture[str], unusable_data_folder: Path
) -> None:
    # The message says what is wrong, and that the record is kept (in the home folder).
    assert statsfile.record_game(two_cycle_game(), finished=True) == "\n".join(kept_for_later())
    kept = list((Path(os.environ["HOME"]) / ".parlour-pending").iterdir())
    assert [str(path) for path in kept] == [str(keeper.places(statsfile.KEEPER.ledger_path())[1])]
    assert [path.name.startswith("dixmille-") for path in kept] == [True]
    games, message = read_games()
    assert games == [] and message is not None
    # --stats: one message and exit 1, never pages that say "no games" (issue 39)
    assert main(["--stats"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.replace("\n", " ") == (
        f"dixmille: the statistics cannot be read: the data folder {unusable_data_folder} "
        "(set by PARLOUR_DATA_DIR) is a file (or lies under one), not a folder "
    )


@pytest.mark.usefixtures("unusable_data_folder")
def test_a_game_ends_normally_without_statistics() -> None:
    from parlour.dixmille.terminal.app import DixMilleApp, Mode
    from parlour.tui.glyphs import ASCII

    app = DixMilleApp(ASCII, names=["ZEDX"], seed=2, pace=0)
    for _ in range(5000):
        if app.timeout() is None:
            break
        app.handle_key("TIMEOUT")
    assert app.mode is Mode.STANDINGS
    # The standings: the result on row 3, and on row 4 why the game was not recorded.
    rows = app.render(24, 80).to_text().split("\n")
    assert rows[3].startswith("GAME OVER: ZEDX reached ")
    assert rows[4:6] == kept_for_later()
    app.handle_key("i")
    assert app.mode is Mode.OVER
    # The statistics page: the result on row 2, and on row 3 the same reason.
    rows = app.render(24, 80).to_text().split("\n")
    assert rows[2].startswith("GAME OVER: ZEDX reached ")
    assert [row.rstrip() for row in rows[3:5]] == kept_for_later()
    assert (app.exit_message or "").split("\n")[-2:] == kept_for_later()
    app.handle_key("q")
    assert app.finished


def test_the_statistics_screen_shows_solitaire_games_apart_from_win_percent() -> None:
    statsfile.record_game(solitaire_game("Bob"), finished=True)
    statsfile.record_game(two_cycle_game(), finished=True)
    statsfile.record_game(solitaire_game("Bob"), finished=True)
    rows = stats.totals(recorded_games())
    lines = statsview.render_stats(rows, 0, "all players", "", "").to_text().splitlines()

    def row(label: str) -> list[str]:
        line = next(line for line in lines if line.startswith(label + " "))
        return line[len(label) :].split()

    assert [t.name for t in rows] == ["Bob", "Ann"]
    assert row("Games played") == ["3", "1"]
    assert row("  abandoned") == ["0", "0"]
    assert row("  finished vs others") == ["1", "1"]
    assert row("    won") == ["1", "0"]
    assert row("    win %") == ["100%", "0%"]  # Bob's 1 win in 1 game against Ann
    assert row("  finished solitaire") == ["2", "0"]


SAMPLE = Path(__file__).resolve().parents[3] / "saves" / "dixmille-v1-alice-zedx-midturn.json"


def test_no_home_folder_is_told_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def homeless(create: bool = True) -> object:
        raise RuntimeError("could not determine home directory")

    monkeypatch.setattr(paths, "data_dir", homeless)
    read = statsfile.stats_report()
    # the page's message: the whole reason, wrapped between words at 80 columns (issue 39)
    page = "Statistics could not be read: no data folder: could not determine home\ndirectory."
    assert (read.rows, read.title, read.message) == ([], "0 recorded games, all players", page)
    read = statsfile.stats_report("Ann")
    assert (read.rows, read.title, read.message) == ([], "0 recorded games, Ann", page)


def _played() -> Game:
    return savefile.load(SAMPLE)


def test_a_refused_record_keeps_the_whole_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    real = ledger.append_lines

    def refuse(path: Path, data: bytes) -> None:
        if path == statsfile.KEEPER.ledger_path():
            raise ledger.LedgerError("statistics not recorded: the disk: it is full")
        real(path, data)

    monkeypatch.setattr(ledger, "append_lines", refuse)
    place = keeper.places(statsfile.KEEPER.ledger_path())[0]
    assert statsfile.record_game(_played(), False) == "\n".join(
        kept_note("the disk: it is full", place)
    )


def test_a_folder_the_system_refuses_is_told_with_its_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def homeless(create: bool = True) -> object:
        raise KeyError("HOME")

    monkeypatch.setattr(paths, "data_dir", homeless)
    assert statsfile.record_game(_played(), False) == (
        "Statistics not recorded: data folder: 'HOME'; they could not be kept either."
    )


def test_games_are_recorded_in_the_dixmille_folder_and_reading_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "not yet"
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(data))
    assert read_games() == ([], None)
    assert not data.exists()
    assert statsfile.record_game(_played(), False) is None
    assert os.listdir(data) == ["dixmille"] and os.listdir(data / "dixmille") == ["games.jsonl"]


@pytest.mark.parametrize(
    ("error", "line"),
    [
        (OSError(errno.EIO, "Input/output error"), "data folder: Input/output error"),
        (OSError("odd"), "data folder: odd"),
    ],
)
def test_a_data_folder_problem_the_checks_do_not_name_is_said_in_the_systems_words(
    monkeypatch: pytest.MonkeyPatch, error: OSError, line: str
) -> None:
    _no_data_folder(monkeypatch, error)
    assert statsfile.KEEPER.folder_problem() == line


def test_with_nowhere_to_name_no_kept_record_is_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no data folder to be named (no home folder), nothing kept is written: 0."""
    _no_data_folder(monkeypatch, OSError("no home folder"))
    assert statsfile.KEEPER.flush() == 0


def _no_data_folder(monkeypatch: pytest.MonkeyPatch, error: OSError) -> None:
    def failing(create: bool = True) -> Path:
        raise error

    monkeypatch.setattr(paths, "data_dir", failing)


def test_a_usable_data_folder_is_no_problem() -> None:
    assert statsfile.KEEPER.folder_problem() is None


def no_space() -> list[str]:
    """What the screens and exit lines say of the record kept for want of space."""
    (place,) = kept_files()
    return kept_note("No space left on device", place)


def zedx_solitaire(seed: int = 2) -> DixMilleApp:
    """ZEDX alone, played to its standings (its record written or kept on the way)."""
    app = DixMilleApp(ASCII, names=["ZEDX"], seed=seed, pace=0)
    for _ in range(5000):
        if app.mode is Mode.STANDINGS:
            return app
        app.handle_key("TIMEOUT")
    raise AssertionError("the game did not end")


def lines_in_file() -> list[bytes]:
    path = statsfile.KEEPER.ledger_path()
    return path.read_bytes().splitlines() if path.exists() else []


def kept_files() -> list[Path]:
    """The files holding kept records (a full disk may leave an empty one: nothing kept)."""
    places = keeper.places(statsfile.KEEPER.ledger_path())
    return [place for place in places if place.exists() and place.stat().st_size]


def start_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """``dixmille Ann ZEDX`` up to its first board (the terminal left out)."""
    monkeypatch.setattr(cli, "run", lambda app: 0)
    assert cli.main(["Ann", "ZEDX"]) == 0


def free(disk: Path, keep: int = 0) -> None:
    """Give the full disk's space back, all of it or all but ``keep`` bytes."""
    filler = disk / "filler"
    os.truncate(filler, max(filler.stat().st_size - keep, 0) if keep else 0)


def test_a_full_data_folder_says_so_and_the_record_is_written_at_the_next_start(
    full_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(full_disk))
    app = zedx_solitaire()
    rows = app.render(24, 80).to_text().split("\n")
    note = no_space()
    assert [row.rstrip() for row in rows[4 : 4 + len(note)]] == note
    assert app.exit_message is not None and app.exit_message.split("\n")[-len(note) :] == note
    assert lines_in_file() == [] and len(kept_files()) == 1
    start_a_game(monkeypatch)  # the disk still full: the record stays kept
    assert lines_in_file() == [] and len(kept_files()) == 1
    free(full_disk)
    start_a_game(monkeypatch)
    assert len(lines_in_file()) == 1 and kept_files() == []
    read = statsfile.stats_report()
    assert (read.title, read.message) == ("1 recorded game, all players", "")


def test_a_record_that_only_partly_fits_leaves_no_damaged_line(
    full_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(full_disk))
    (full_disk / "dixmille").mkdir()
    free(full_disk, keep=4096)  # room for the start of a record, not for all of it
    app = zedx_solitaire()
    rows = app.render(24, 80).to_text().split("\n")
    assert [row.rstrip() for row in rows[4 : 4 + len(no_space())]] == no_space()
    assert lines_in_file() == [] and statsfile.KEEPER.ledger_path().stat().st_size == 0
    read = statsfile.stats_report()  # the disk is still full: nothing moves, nothing is damaged
    assert (read.title, read.message) == ("0 recorded games, all players", "")
    free(full_disk)
    read = statsfile.stats_report()  # the statistics shown: the kept record goes in first
    assert (read.title, read.message) == ("1 recorded game, all players", "")
    assert kept_files() == []


def test_a_quit_game_says_where_it_is_and_that_its_record_is_kept(
    full_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(full_disk))
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=4, pace=0)
    for _ in range(6):
        key(app)
    to_prompt(app)
    for k in ("Q", "y", "n"):  # quit, and do not save it first
        app.handle_key(k)
    assert app.exit_message == "\n".join(["dixmille: game abandoned (seed 4)", *no_space()])


def test_the_statistics_screen_shows_a_record_kept_from_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("x", encoding="utf-8")  # a file where the data folder should be
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    app = zedx_solitaire()
    (place,) = kept_files()
    note = kept_note("data folder: not a folder", place)
    rows = app.render(24, 80).to_text().split("\n")
    assert [row.rstrip() for row in rows[4 : 4 + len(note)]] == note
    assert [place.parent.name for place in kept_files()] == [".parlour-pending"]
    blocker.unlink()  # the folder can be made again
    assert cli.main(["--stats"]) == 0
    assert "DIX MILLE STATISTICS - 1 recorded game, all players" in capsys.readouterr().out
    assert kept_files() == [] and len(lines_in_file()) == 1


def test_a_result_still_kept_aside_makes_an_older_save_a_replay(
    full_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(full_disk))
    app = DixMilleApp(ASCII, names=["Ann", "ZEDX"], seed=5, pace=0)
    for _ in range(10):
        key(app)
    older = tmp_path / "older.json"
    save(app, older)
    for _ in range(20_000):
        if app.mode is Mode.STANDINGS:
            break
        key(app)
    assert app.end_notes == no_space() and lines_in_file() == []
    again = DixMilleApp(ASCII, game=savefile.load(older), pace=0, save_path=str(older))
    assert again.keep.replay is not None
    assert again.ui.message.startswith("Replay, not counted: this game has ended (")


LINEUPS = (("Ann",), ("Ann", "Bob"), ("Bob", "Ann", "Cy"))


MAX_STEPS = 20_000


@dataclass
class Copy:
    """A running copy of the game and what the model knows about it."""

    app: DixMilleApp
    rng: random.Random
    unsaved: bool = False
    """Moves made since the game was started, saved or resumed."""
    ended: bool = False
    """The game is over (and the app recorded it then, unless it is a replay)."""
    replay: bool = False
    """Resumed from a save of a game whose result was recorded: it records nothing."""


@dataclass
class Model:
    outcomes: dict[str, bool] = field(default_factory=dict)
    """Game id -> finished: the first finished record of each game, else its latest."""
    lineups: dict[str, tuple[str, ...]] = field(default_factory=dict)
    winners: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Game id -> the winners of its result (finished games only)."""
    replays: int = 0
    """Records written after their game's result (by copies resumed before it ended)."""
    newlines: int = 0
    """Lines the statistics file should have (records, damaged lines, finished halves)."""
    damaged: int = 0
    half_line: bool = False

    def settled(self, game_id: str | None) -> bool:
        return game_id is not None and self.outcomes.get(game_id, False)


class StatisticsMachine(RuleBasedStateMachine):
    copies = Bundle("copies")
    saves = Bundle("saves")

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="dix-model-"))
        self.old_data_dir = os.environ.get("PARLOUR_DATA_DIR")
        os.environ["PARLOUR_DATA_DIR"] = str(self.folder / "data")
        self.model = Model()
        self.saved = 0

    def teardown(self) -> None:
        if self.old_data_dir is None:
            os.environ.pop("PARLOUR_DATA_DIR", None)
        else:
            os.environ["PARLOUR_DATA_DIR"] = self.old_data_dir
        shutil.rmtree(self.folder, ignore_errors=True)

    # ----- helpers -----
    def _recorded(self, copy: Copy, finished: bool) -> None:
        """The app has just recorded its game, unless it is a replay (the model's view)."""
        game = copy.app.game
        assert game is not None and game.game_id is not None
        if copy.replay:
            return  # nothing written: the line count would show it
        self.model.newlines += 1
        if self.model.half_line:  # the record went onto a fresh line: the half line is damage
            self.model.damaged += 1
            self.model.newlines += 1
            self.model.half_line = False
        if self.model.settled(game.game_id):
            self.model.replays += 1  # written, and passed over when read
            event("a record passed over: its game ended in another copy")
            return
        if game.game_id in self.model.outcomes:
            event("a later record of an unfinished game replaces it")
        self.model.outcomes[game.game_id] = finished
        self.model.lineups[game.game_id] = tuple(p.name for p in game.players)
        if finished:
            self.model.winners[game.game_id] = tuple(game.players[i].name for i in game.winners())

    def _step(self, copy: Copy) -> None:
        """One key of sensible play (a threshold player with some randomness)."""
        app = copy.app
        game = app.game
        assert game is not None
        if app.mode is Mode.ACK:
            app.handle_key(" ")
            self._check_over(copy)
            return
        assert app.mode is Mode.PLAY and not game.over
        moves = game.legal_moves()
        move = moves[0] if copy.rng.random() < 0.7 else copy.rng.choice(moves)
        if game.phase is Phase.CHOOSE:
            enough = game.turn_points >= 300 or game.dice_left < 3
            move = Pass() if enough or copy.rng.random() < 0.1 else moves[0]
        copy.unsaved = True
        if isinstance(move, TakeDice):
            for position in move.positions:
                app.handle_key(str(position))
            app.handle_key("ENTER")
        else:
            app.handle_key(str(move))
        self._check_over(copy)

    def _check_over(self, copy: Copy) -> None:
        if copy.app.mode is Mode.STANDINGS and not copy.ended:
            copy.ended = True
            self._recorded(copy, finished=True)
            note = "Replay, not counted"
            assert (note in (copy.app.exit_message or "")) is copy.replay

    def _at_prompt(self, copy: Copy) -> bool:
        """Play on until the throw/pass prompt (where S and Q work); False if the game ended."""
        app = copy.app
        for _ in range(MAX_STEPS):
            game = app.game
            assert game is not None
            if app.mode is Mode.STANDINGS:
                return False
            if app.mode is Mode.PLAY and game.phase is not Phase.TAKE:
                return True
            self._step(copy)
        raise AssertionError("no prompt reached")

    def _play(self, copy: Copy, moves: int) -> bool:
        """Play ``moves`` keys; True (and the app left) if the game has ended."""
        for _ in range(moves):
            if copy.app.mode is Mode.STANDINGS:
                break
            self._step(copy)
        if copy.app.mode is Mode.STANDINGS:
            copy.app.handle_key("q")
            assert copy.app.finished
            return True
        return False

    # ----- rules -----
    @rule(target=copies, lineup=st.sampled_from(LINEUPS), seed=st.integers(0, 2**32))
    def start(self, lineup: tuple[str, ...], seed: int) -> Copy:
        app = DixMilleApp(ASCII, names=list(lineup), seed=seed, pace=0, four_twos=FOUR_TWOS_TURN)
        return Copy(app, random.Random(seed))

    @rule(target=copies, copy=consumes(copies), moves=st.integers(1, 60))
    def play(self, copy: Copy, moves: int) -> object:
        return multiple() if self._play(copy, moves) else multiple(copy)

    @rule(target=copies, copy=consumes(copies))
    def finish(self, copy: Copy) -> object:
        assert self._play(copy, MAX_STEPS)
        return multiple()

    @rule(target=saves, copy=copies)
    def save(self, copy: Copy) -> object:
        if not self._at_prompt(copy):
            return multiple()  # it ended on the way: recorded by the next play or finish
        self.saved += 1
        path = self.folder / f"save-{self.saved}.json"
        for typed in ("S", "CTRL_U", *str(path), "ENTER"):
            copy.app.handle_key(typed)
        assert path.exists() and copy.app.mode is Mode.PLAY
        copy.unsaved = False
        return path

    @rule(target=copies, path=saves, seed=st.integers(0, 2**32))
    def resume(self, path: Path, seed: int) -> Copy:
        game = savefile.load(path)
        replay = self.model.settled(game.game_id)
        app = DixMilleApp(ASCII, game=game, pace=0, save_path=str(path))
        assert (app.keep.replay is not None) is replay
        event("a replay resumed" if replay else "a game resumed")
        assert app.ui.message.startswith("Replay, not counted") is replay
        return Copy(app, random.Random(seed), replay=replay)

    @rule(target=copies, copy=consumes(copies))
    def quit_unsaved(self, copy: Copy) -> object:
        if not self._at_prompt(copy):
            self._play(copy, 0)
            return multiple()
        self._quit(copy)
        return multiple()

    def _quit(self, copy: Copy) -> None:
        app = copy.app
        app.handle_key("Q")
        app.handle_key("y")
        if app.mode is Mode.SAVE_FIRST:
            app.handle_key("n")
        assert app.finished
        if copy.unsaved:
            self._recorded(copy, finished=False)

    @rule(target=copies, first=consumes(copies), second=consumes(copies))
    def quit_two_at_once(self, first: Copy, second: Copy) -> object:
        """Two copies record at the same moment (threads appending to one file)."""
        left = [c for c in (first, second) if self._at_prompt(c)]
        for ended in (c for c in (first, second) if c not in left):
            self._play(ended, 0)
        threads = [threading.Thread(target=self._quit_quietly, args=(c,)) for c in left]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for copy in left:
            assert copy.app.finished
            if copy.unsaved:
                self._recorded(copy, finished=False)
        return multiple()

    @staticmethod
    def _quit_quietly(copy: Copy) -> None:
        for typed in ("Q", "y", "n"):
            copy.app.handle_key(typed)

    @rule(target=saves, copy=consumes(copies))
    def crash(self, copy: Copy) -> object:
        """A crash: the emergency save, and nothing recorded."""
        game = copy.app.game
        assert game is not None
        if game.over:
            self._play(copy, 0)
            return multiple()
        saved = copy.app.emergency_save()
        assert saved is not None
        assert savefile.load(saved).game_id == game.game_id
        return Path(saved)

    @rule(target=saves, copy=consumes(copies))
    def end_of_input(self, copy: Copy) -> object:
        game = copy.app.game
        assert game is not None
        if game.over:
            self._play(copy, 0)
            return multiple()
        copy.app.end_of_input()
        if not copy.unsaved:
            return multiple()
        message = copy.app.exit_message or ""
        saved = message.split("saved to ", 1)[1].split(";", 1)[0]
        return Path(saved)

    @precondition(lambda self: not self.model.half_line)
    @rule(kind=st.sampled_from(["garbage", "not utf-8", "half"]))
    def damage_a_line(self, kind: str) -> None:
        path = statsfile.KEEPER.ledger_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {"garbage": b"{nonsense\n", "not utf-8": b'{"\xff": 1}\n', "half": b'{"game_'}[kind]
        if path.exists() and path.stat().st_size:
            with open(path, "rb") as handle:
                handle.seek(-1, os.SEEK_END)
                assert handle.read(1) == b"\n"
        with open(path, "ab") as handle:
            handle.write(data)
        if kind == "half":
            self.model.half_line = True
        else:
            self.model.damaged += 1
            self.model.newlines += 1

    # ----- what must hold -----
    @invariant()
    def statistics_count_each_game_once(self) -> None:
        path = statsfile.KEEPER.ledger_path()
        lines = path.read_bytes().count(b"\n") if path.exists() else 0
        assert lines == self.model.newlines, "a record too many or too few (a replay wrote?)"
        reading = ledger.read(
            path, stats.parse_record, lambda g: g.game_id, statsfile.KEEPER.fold.is_final
        )
        assert reading.replays == self.model.replays
        games, message = read_games()
        found = {g.game_id: g.finished for g in games}
        assert len(found) == len(games), "a game is counted twice"
        assert found == self.model.outcomes
        if self.model.damaged:
            assert message is not None and f"{self.model.damaged} damaged" in message
        else:
            assert message is None
        for name in ("Ann", "Bob"):
            self._check_player(games, name)

    def _check_player(self, games: list[stats.GameRecord], name: str) -> None:
        """One player's counts, in the totals and on the first statistics page."""
        model = self.model
        mine = [i for i, names in model.lineups.items() if name in names]
        finished = [i for i in mine if model.outcomes[i]]
        against = [i for i in finished if len(model.lineups[i]) > 1]
        won = [i for i in against if model.winners[i] == (name,)]
        shared = [i for i in against if name in model.winners[i] and len(model.winners[i]) > 1]
        rows = stats.totals(games, name)
        if not mine:
            assert rows == []
            return
        (row,) = rows
        expected = {
            "Games played": len(mine),
            "  abandoned": len(mine) - len(finished),
            "  finished vs others": len(against),
            "    won": len(won),
            "    shared": len(shared),
            "  finished solitaire": len(finished) - len(against),
        }
        assert (row.games, row.abandoned, row.finished, row.won, row.shared, row.solitaire) == (
            expected["Games played"],
            expected["  abandoned"],
            expected["  finished vs others"],
            expected["    won"],
            expected["    shared"],
            expected["  finished solitaire"],
        )
        page = statsview.render_stats(rows, 0, stats.title(games, rows, name)).to_text()
        assert page.startswith(f"DIX MILLE STATISTICS - {stats.games_label(len(mine))}, {name}")
        shown = {}
        for line in page.splitlines():
            label = line[: statsview.LABEL].rstrip()
            if label in expected:
                shown[label] = int(line[statsview.LABEL :])
        assert shown == expected


StatisticsMachine.TestCase.settings = settings(
    max_examples=examples(20),
    stateful_step_count=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


test_statistics_model = StatisticsMachine.TestCase


def test_dixmille_names_its_statistics_file_without_making_the_folder(unmade: Path) -> None:
    assert statsfile.KEEPER.ledger_path() == unmade / "dixmille" / LEDGER_NAME
    assert not (unmade.parent).exists()


# ----- pins from the mutation run of 5 December (the report's code moved here, #43) -----


def test_a_report_for_names_none_recorded_names_them_all() -> None:
    read = statsfile.stats_report(["Ann", "Bob"])
    assert (read.rows, read.title) == ([], "0 recorded games, Ann, Bob")


def test_a_long_reading_tells_its_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.core import tally

    statsfile.record_game(two_cycle_game(), finished=True)
    monkeypatch.setattr(tally, "PROGRESS_EVERY", 1)
    told: list[tuple[int, int]] = []
    read = statsfile.stats_report(progress=lambda done, total: told.append((done, total)))
    assert [row.name for row in read.rows] == ["Ann", "Bob"]
    assert told and told[-1][0] == told[-1][1]


def test_why_the_file_could_not_be_read_keeps_the_reason_and_the_file_apart() -> None:
    path = Path("/data/dixmille/games.jsonl")
    assert statsfile.unread_message("disk on fire", path) == (
        f"Statistics could not be read: disk on fire.\nThe file: {path}"
    )
    assert statsfile.unread_message(f"{path} is a link", path) == (
        f"Statistics could not be read: the file is a link.\nThe file: {path}"
    )
    assert statsfile.unread_message("no data folder") == (
        "Statistics could not be read: no data folder."
    )


def test_the_files_line_holds_a_name_that_fits_exactly_and_shortens_a_longer_one() -> None:
    room = 80 - len("The file: ")
    exact = Path("/" + "d" * (room - len("//games.jsonl")) + "/games.jsonl")
    assert len(str(exact)) == room
    assert statsfile.unread_message("gone", exact).split("\n")[-1] == f"The file: {exact}"
    longer = Path("/d" + str(exact))
    last = statsfile.unread_message("gone", longer).split("\n")[-1]
    assert len(last) == 80 and "..." in last and last.endswith("games.jsonl")
