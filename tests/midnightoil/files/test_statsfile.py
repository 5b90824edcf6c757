"""Midnight Oil's part of the records kit (``files/statsfile.py``): games recorded once and
read, kept when the ledger cannot take them, what the row and ``--stats`` say.

Statistics (spec §10): a ledger of ended games, totals worked out on reading.

Midnight Oil's earlier statistics file (the baseline under the ledger): the wins it
lists come back exactly, and a win with an impossible detail sets the file aside (#15).

One game, one result, whatever the path (Hypothesis stateful testing; issue #25).

Two copies of the game run side by side on one data folder with real save files
and a real ledger, driven by keys: moves, undo, the solver's line played as the
player's (a win), auto-solve (the computer's game), pauses (when the last deal's
end is proven), saves, quitting with and without saving, new deals, restarts,
hang-ups (recovery saves) and resuming any save, an older one included, in
either copy. A tiny model says which games exist and the result each must have:

* a game ends when it is won (solved if auto-solve was used), when no move is
  left, when the solver proves in the last deal that no card can come home, when
  auto-solve stops, or when it is left or quit unsaved after a move (lost, or
  solved after auto-solve);
* a game whose current position is in a save file is not counted when it is
  left or hung up;
* **the first result of a game stands**: whatever a later end of it says (an
  older save resumed and played on, another copy ending it), it records nothing.

After every step the ledger and the statistics must agree with the model; at
an end nothing may move; resuming a save says "a replay" exactly when the
model's game already has a result.

Naming a statistics file creates nothing (issue #29: a public function's effect is
behaviour). ``midnightoil --stats`` names the ledger, and dixmille names its statistics
file, on machines where no game has been played yet: the data folder stays unmade."""

from __future__ import annotations

import errno
import json
import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from parlour.core import keeper, ledger, paths
from parlour.core.text import ASCII_ELLIPSIS, printable, shorten_middle, width
from parlour.midnightoil.computer.solver.planner import plan
from parlour.midnightoil.computer.solver.verdict import can_win
from parlour.midnightoil.files import savefile, statsfile
from parlour.midnightoil.files import stats as mo_stats
from parlour.midnightoil.files.stats import (
    BASELINE_FILE,
    LOST,
    SOLVED,
    WON,
    GameRecord,
)
from parlour.midnightoil.files.statsfile import KEEPER, load_stats, record_game
from parlour.midnightoil.game.cards import DECK_SIZE, FAN_KEYS
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import BUILD, FOUNDATION
from parlour.midnightoil.terminal import leaving
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.tui.glyphs import ASCII
from tests.hypothesis_profiles import examples
from tests.midnightoil.farewell import RECOVERED
from tests.midnightoil.files.test_stats import _write_line, entry, ledger_file, lost_game, won_game
from tests.midnightoil.ledger import LEDGER_FILE


def test_a_games_first_result_stands() -> None:
    game = lost_game(3, 20)
    record_game(game, LOST)
    game.state = won_game(3).state
    record_game(game, WON)  # an older save of the game, played again: a replay
    stats, _ = load_stats()
    assert (stats.played, stats.won, stats.lost) == (1, 0, 1)
    assert stats.best_for(3) == entry(played=1, best=20)


def test_two_copies_appending_both_count() -> None:
    # Two sessions read the (empty) statistics, then each records its game.
    first, _ = load_stats()
    second, _ = load_stats()
    assert first.played == second.played == 0
    record_game(lost_game(1, 5), LOST)
    record_game(lost_game(2, 6), LOST)
    assert load_stats()[0].played == 2


def test_a_damaged_line_is_skipped_alone_and_the_file_kept() -> None:
    record_game(lost_game(1, 5), LOST)
    with open(ledger_file(), "ab") as handle:
        handle.write(b"\xff{not json\n")
        handle.write(json.dumps({"v": 1, "outcome": "won"}).encode() + b"\n")
    record_game(won_game(2), WON)
    before = ledger_file().read_bytes()
    stats, warning = load_stats()
    assert stats.played == 2 and stats.won == 1
    assert warning is not None and "2 damaged lines" in warning
    assert ledger_file().read_bytes() == before


def test_a_half_written_last_line_is_not_damage() -> None:
    record_game(lost_game(1, 5), LOST)
    with open(ledger_file(), "ab") as handle:
        handle.write(b'{"v": 1, "game_id": "ab')
    stats, warning = load_stats()
    assert stats.played == 1 and warning is None


def test_a_data_folder_that_is_a_file_gives_a_warning_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    stats, warning = load_stats()
    assert stats.played == 0 and warning is not None
    message = record_game(lost_game(1, 3), LOST)
    assert message is not None and "not recorded" in message
    assert blocker.read_text() == "not a folder"


def test_a_refused_write_is_kept_and_told_as_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    real = ledger.append_lines
    target = statsfile.KEEPER.ledger_path()

    def refuse(path: Path, data: bytes) -> None:
        if path == target:
            raise ledger.LedgerError("statistics not recorded: the disk is full")
        real(path, data)

    monkeypatch.setattr(ledger, "append_lines", refuse)
    kept = target.with_name("games.pending.jsonl")
    assert statsfile.record_game(Game(3), mo_stats.LOST) == (
        f"Statistics not recorded yet (the disk is full); kept in {kept}, written next time."
        if width(
            f"Statistics not recorded yet (the disk is full); kept in {kept}, written next time."
        )
        <= statsfile.ROW_COLUMNS
        else "Statistics not recorded yet (the disk is full); kept for next time."
    )
    assert kept.exists() and not target.exists()
    monkeypatch.undo()
    stats, warning = load_stats()  # the next reading writes it in
    assert stats.lost == 1 and warning is None and not kept.exists()


def test_a_data_folder_that_is_a_file_is_told_in_one_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(blocker))
    message = statsfile.record_game(Game(3), mo_stats.LOST)
    assert message == "Statistics not recorded yet (data folder: not a folder); kept for next time."
    assert width(message) == statsfile.ROW_COLUMNS


def _shown(path: Path, columns: int = statsfile.PATH_COLUMNS) -> str:
    return shorten_middle(str(path), columns, ASCII_ELLIPSIS)


def test_a_ledger_that_cannot_be_read_is_told_and_the_game_goes_on() -> None:
    path = statsfile.KEEPER.ledger_path()
    path.mkdir(parents=True)
    _, warning = load_stats()
    assert warning == "Statistics unreadable (games.jsonl is a folder); the game goes on."


@pytest.mark.skipif(
    sys.platform == "win32", reason="symlinks need privileges on Windows; not checked there"
)
def test_a_ledger_that_is_a_link_is_neither_read_nor_written(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.jsonl"
    elsewhere.write_text("")
    path = statsfile.KEEPER.ledger_path()
    path.parent.mkdir(parents=True)
    path.symlink_to(elsewhere)
    _, warning = load_stats()
    assert warning == ("Statistics unreadable: games.jsonl is a link, and links are not followed.")
    assert statsfile.record_game(Game(3), mo_stats.LOST) == (
        "Statistics not recorded yet (games.jsonl is a link); kept for next time."
    )
    assert elsewhere.read_text() == "" and path.is_symlink()
    assert path.with_name("games.pending.jsonl").exists()


def test_a_damaged_ledger_line_is_told_as_one_sentence() -> None:
    _write_line(phase=0)  # no game is in phase 0
    stats, warning = load_stats()
    assert stats.played == 0
    assert warning == "1 damaged line in the statistics skipped; the rest is shown."


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (PermissionError(errno.EACCES, "Permission denied"), "Permission denied"),
        (OSError("odd"), "data folder: odd"),
    ],
)
def test_a_data_folder_the_system_refuses_is_told_with_its_reason_and_the_record_kept(
    monkeypatch: pytest.MonkeyPatch, error: OSError, reason: str
) -> None:
    def refuse(create: bool = True) -> Path:
        if create:
            raise error
        return Path(os.environ[paths.ENV_VAR])

    monkeypatch.setattr(statsfile.paths, "data_dir", refuse)
    assert statsfile.record_game(Game(3), mo_stats.LOST) == (
        f"Statistics not recorded yet ({reason}); kept for next time."
    )
    (kept,) = (place for place in keeper.places(statsfile.KEEPER.ledger_path()) if place.exists())
    assert kept.parent.name == keeper.PENDING_FOLDER  # the data folder itself is not tried
    monkeypatch.undo()
    assert load_stats()[0].lost == 1 and not kept.exists()


def _refused_with(
    monkeypatch: pytest.MonkeyPatch, error: paths.DataDirError, named: bool = False
) -> None:
    """``paths.data_dir`` raises ``error`` (``named``: only when asked to make the folder
    ready, as a real folder's problem is found; its name is still known)."""

    def refuse(create: bool = True) -> Path:
        if named and not create:
            return Path(os.environ[paths.ENV_VAR])
        raise error

    monkeypatch.setattr(statsfile.paths, "data_dir", refuse)


@pytest.mark.parametrize(
    ("brief", "reason"),
    [
        ("not a folder", "data folder: not a folder"),
        ("not writable", "data folder: not writable"),
        # "data folder: read-only disk" would leave no room: the few words alone.
        ("read-only disk", "read-only disk"),
        ("permission denied", "permission denied"),
        ("no home folder; set PARLOUR_DATA_DIR", "no home folder; set PARLOUR_DATA_DIR"),
    ],
)
def test_a_record_the_data_folder_cannot_take_says_why_in_the_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, brief: str, reason: str
) -> None:
    error = paths.DataDirError(tmp_path / "d", "cannot be used", brief)
    _refused_with(monkeypatch, error, named=True)
    row = statsfile.record_game(Game(3), mo_stats.LOST)
    expected = f"Statistics not recorded yet ({reason}); kept for next time."
    if width(expected) > statsfile.ROW_COLUMNS:
        expected = "Statistics not recorded yet; kept for next time."
    assert row == expected and width(row) <= statsfile.ROW_COLUMNS


def test_a_data_folder_without_even_a_name_cannot_keep_the_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _refused_with(monkeypatch, paths.DataDirError(None, "has no home folder", "no home folder"))
    assert statsfile.record_game(Game(3), mo_stats.LOST) == (
        "Statistics not recorded: no home folder; they could not be kept either."
    )


@pytest.mark.parametrize(
    ("problem", "brief", "tail", "columns"),
    [
        # The sentence fits beside 24 columns of the name.
        (
            "is a file (or lies under one), not a folder",
            "not a folder",
            " is a file, not a folder.",
            24,
        ),
        # ... and beside exactly 12.
        ("is a thing nobody expects, not once", "odd", " is a thing nobody expects, not once.", 12),
        # It would leave the name fewer than 12 columns: the problem in a few words instead.
        ("cannot be written to: permission denied", "not writable", ": not writable.", 34),
        (
            "cannot be created or used: permission denied",
            "permission denied",
            ": permission denied.",
            29,
        ),
    ],
)
def test_a_long_data_folder_name_is_cut_to_the_row_with_the_problem_in_full_or_in_brief(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    problem: str,
    brief: str,
    tail: str,
    columns: int,
) -> None:
    folder = tmp_path / ("x" * 80)
    _refused_with(monkeypatch, paths.DataDirError(folder, problem, brief))
    row = load_stats()[1]
    assert row == f"No statistics: data folder {_shown(folder, columns)}{tail}"
    assert row is not None and len(row) == statsfile.ROW_COLUMNS


def test_a_short_data_folder_name_is_shown_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = Path("/srv/games/parlour")
    _refused_with(
        monkeypatch, paths.DataDirError(folder, "is on a read-only disk", "read-only disk")
    )
    assert load_stats()[1] == f"No statistics: data folder {folder} is on a read-only disk."


def test_a_data_folder_without_a_name_is_told_in_a_sentence_when_it_fits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _refused_with(monkeypatch, paths.DataDirError(None, "has gone (see below)", "gone"))
    assert load_stats()[1] == "No statistics: the data folder has gone."


def test_a_brief_too_long_for_any_name_goes_without_the_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reason = "Structure needs cleaning, very badly indeed"
    error = paths.DataDirError(tmp_path / "d", f"cannot be used: {reason}", reason)
    _refused_with(monkeypatch, error)
    assert load_stats()[1] == f"No statistics: data folder: {reason}."


@pytest.mark.parametrize("path", [Path("/srv/d"), None])
def test_a_row_too_long_in_every_form_is_cut_from_the_middle(
    monkeypatch: pytest.MonkeyPatch, path: Path | None
) -> None:
    reason = "a reason " * 8 + "at its end"
    _refused_with(monkeypatch, paths.DataDirError(path, f"cannot be used: {reason}", reason))
    row = load_stats()[1]
    last = f"data folder: {reason}." if path is not None else f"{reason}."
    assert row == shorten_middle(f"No statistics: {last}", 76, ASCII_ELLIPSIS)
    assert row is not None and row.startswith("No statistics: ") and row.endswith("at its end.")
    assert "..." in row and len(row) == 76


@pytest.mark.parametrize("lead", ["No statistics", "Statistics not recorded"])
def test_no_home_folder_is_told_in_brief(monkeypatch: pytest.MonkeyPatch, lead: str) -> None:
    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("APPDATA", raising=False)  # Windows: the home folder is asked then

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    assert (
        paths.folder_problem(lead, statsfile.ROW_COLUMNS)
        == f"{lead}: no home folder; set PARLOUR_DATA_DIR."
    )


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    name=st.text(min_size=1, max_size=120).filter(lambda t: "/" not in t and "\x00" not in t),
    problem=st.text(min_size=1, max_size=90),
    brief=st.text(min_size=1, max_size=60),
    with_path=st.booleans(),
    columns=st.sampled_from([statsfile.ROW_COLUMNS, 80, 60, 120]),
)
def test_every_data_folder_row_fits_and_is_printable(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    problem: str,
    brief: str,
    with_path: bool,
    columns: int,
) -> None:
    # The same lines serve all three games: midnightoil's 76-column row, the others' 80.
    path = tmp_path / name if with_path else None
    _refused_with(monkeypatch, paths.DataDirError(path, problem, brief))
    row = paths.folder_problem("Statistics not recorded", columns)
    assert row is not None and row.startswith("Statistics not recorded: ")
    assert width(row) <= columns
    assert row == printable(row)


def _ledger_under_a_file() -> None:
    """The ledger's folder is a file: the ledger cannot be opened ("Not a directory")."""
    paths.data_file("midnightoil").write_text("not a folder", encoding="utf-8")


def test_an_unreadable_ledger_is_named_by_what_the_system_said() -> None:
    """A problem that does not begin with the ledger's path is shown as it is."""
    _ledger_under_a_file()
    stats, warning = load_stats()
    assert stats.played == 0
    assert warning == f"Statistics unreadable ({os.strerror(errno.ENOTDIR)}); the game goes on."


def test_an_unreadable_ledger_still_says_what_became_of_a_damaged_earlier_file() -> None:
    _ledger_under_a_file()
    paths.data_file(BASELINE_FILE).write_text("{damaged", encoding="utf-8")
    reading = statsfile.stats_report()
    assert reading.ledger_problem == os.strerror(errno.ENOTDIR)
    assert reading.note is not None and reading.note.startswith("Earlier statistics were damaged")


COPIES = (0, 1)


SLOTS = ("a.json", "b.json")


DEALS = (1, 3)
"""Deal 3 is won by the solver's first line; auto-solve ends deal 1 without a win."""


SOLVE_STEPS = 400


class Copy:
    """One running copy of the game and what the model knows of its game."""

    def __init__(self, app: MidnightOilApp, game: int, saved: bool) -> None:
        self.app = app
        self.game = game
        """The model's number for the game (never the app's id: the model must not trust it)."""
        self.saved_spot = spot(app) if saved else None
        self.end_key: tuple[object, ...] | None = None
        """The last position the model knows to be an end of this copy's game."""

    def at_end(self) -> bool:
        state = self.app.game.state
        return state.is_won() or state.key() == self.end_key


def spot(app: MidnightOilApp) -> tuple[object, ...]:
    game = app.game
    return (game.state.key(), game.moves, game.solver_used)


class Lifecycle(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = paths.data_dir()
        for old in self.folder.rglob("*"):
            if old.is_file():
                old.unlink()
        self.copies: dict[int, Copy] = {}
        self.saves: dict[str, tuple[Path, int]] = {}
        self.results: dict[int, tuple[str, int]] = {}
        """Each game's result (outcome, cards home), by the model's own number for the game."""
        self.games = 0
        # Durability is not what is tested here, and fsync on a busy disk is slow.
        self.real_fsync = os.fsync
        os.fsync = lambda fd: None
        # N's "random" deal, made repeatable so that Hypothesis can replay and shrink a run.
        self.real_random_deal = leaving._random_deal
        self.new_deals = 0
        leaving._random_deal = self.next_deal

    def next_deal(self) -> int:
        self.new_deals += 1
        return DEALS[self.new_deals % len(DEALS)]

    def teardown(self) -> None:
        os.fsync = self.real_fsync
        leaving._random_deal = self.real_random_deal

    # -- the model's rules -------------------------------------------------------------

    def end(self, copy: Copy, outcome: str | None = None) -> None:
        """The copy's game ends here: its result, unless it has one already (that one stands)."""
        game = copy.app.game
        if outcome is None:
            outcome = SOLVED if game.solver_used else LOST
        copy.end_key = game.state.key()
        self.results.setdefault(copy.game, (outcome, game.state.cards_home()))

    def outcome_if_left(self, copy: Copy) -> None:
        """Leaving or quitting unsaved: a touched game not saved here ends as lost/solved."""
        game = copy.app.game
        if not game.touched or copy.saved_spot == spot(copy.app):
            return
        self.results.setdefault(
            copy.game, (SOLVED if game.solver_used else LOST, game.state.cards_home())
        )

    def after_play(self, copy: Copy) -> None:
        state = copy.app.game.state
        if state.is_won():
            self.end(copy, SOLVED if copy.app.game.solver_used else WON)
        elif state.is_stuck():
            self.end(copy)

    def press(self, copy: Copy, *keys: str) -> None:
        for key in keys:
            copy.app.handle_key(key)
        copy.app.render(24, 80)  # every screen on the way must draw

    def live(self) -> list[int]:
        """The copies still running (a copy that quit is gone)."""
        for index in [i for i, c in self.copies.items() if c.app.finished]:
            del self.copies[index]
        return sorted(self.copies)

    def running(self, index: int) -> Copy | None:
        live = self.live()
        return self.copies[live[index % len(live)]] if live else None

    def free(self) -> int:
        return next(i for i in COPIES if i not in self.copies)

    def save_to(self, copy: Copy, slot: str, quitting: bool) -> None:
        app = copy.app
        path = self.folder / slot
        if quitting:
            self.press(copy, "Q")
            if app.prompt is None:  # nothing to lose: it quit at once
                return
            self.press(copy, "y")
        else:
            self.press(copy, "S")
        assert app.prompt is not None and app.prompt.editor is not None
        app.prompt.editor.text = str(path)
        app.prompt.editor.cursor = len(str(path))
        self.press(copy, "ENTER")
        if app.prompt is not None:  # an overwrite question
            self.press(copy, "y")
        self.saves[slot] = (path, copy.game)
        copy.saved_spot = spot(app)

    # -- rules ----------------------------------------------------------------------------

    @precondition(lambda self: len(self.live()) < len(COPIES))
    @rule(deal=st.sampled_from(DEALS))
    def start(self, deal: int) -> None:
        self.games += 1
        self.copies[self.free()] = Copy(MidnightOilApp(Game(deal), ASCII), self.games, saved=False)

    @precondition(lambda self: self.saves and len(self.live()) < len(COPIES))
    @rule(choice=st.integers(0, 20))
    def resume(self, choice: int) -> None:
        """Any save, a recovery save included, in either copy (the same game may run twice)."""
        path, game = self.saves[sorted(self.saves)[choice % len(self.saves)]]
        app = MidnightOilApp(savefile.load(path), ASCII, save_path=str(path))
        self.copies[self.free()] = Copy(app, game, saved=True)
        # A save of a game that has its result is a replay, and says so as it loads.
        assert ("a replay of an ended game" in app.message) == (game in self.results)

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES), choice=st.integers(0, 40))
    def move(self, index: int, choice: int) -> None:
        copy = self.running(index)
        if copy is None:
            return
        moves = [
            m
            for m in copy.app.game.state.legal_moves(include_draw=False)
            if m.kind in (BUILD, FOUNDATION)
        ]
        if not moves:
            if copy.app.game.state.redeals_left:
                self.press(copy, "D")
            return
        move = moves[choice % len(moves)]
        target = str(move.target + 1) if move.home else FAN_KEYS[move.target]
        before, over = copy.app.game.state, copy.at_end()
        self.press(copy, FAN_KEYS[move.source], target)
        if over:  # an end is final: nothing moves
            assert copy.app.game.state == before
            return
        self.after_play(copy)

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES))
    def solver_line(self, index: int) -> None:
        """The solver's plan for this deal, played by the player (it is the player's game)."""
        copy = self.running(index)
        if copy is None or copy.at_end():
            return
        for move in plan(copy.app.game.state).moves:
            copy.app.play([move])
        self.after_play(copy)

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES))
    def auto_solve(self, index: int) -> None:
        copy = self.running(index)
        if copy is None:
            return
        if copy.at_end():
            self.press(copy, "!")
            assert not copy.app.assist.solving and copy.app.prompt is None  # refused at an end
            return
        self.press(copy, "!")
        if copy.app.prompt is not None:
            self.press(copy, "y")
        for _ in range(SOLVE_STEPS):
            if not copy.app.assist.solving:
                break
            copy.app.handle_key("TIMEOUT")
        assert not copy.app.assist.solving
        self.end(copy, SOLVED)  # won or stopped, the computer ended it

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES))
    def pause(self, index: int) -> None:
        copy = self.running(index)
        if copy is None:
            return
        state = copy.app.game.state
        if state.redeals_left == 0 and not copy.at_end():
            verdict = can_win(state)
            if state.is_stuck() or (verdict.complete and verdict.best_home <= state.cards_home()):
                self.end(copy)
        self.press(copy, "TIMEOUT")

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES))
    def undo(self, index: int) -> None:
        copy = self.running(index)
        if copy is not None:
            self.press(copy, "u")

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES), slot=st.sampled_from(SLOTS))
    def save(self, index: int, slot: str) -> None:
        copy = self.running(index)
        if copy is not None:
            self.save_to(copy, slot, quitting=False)

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES), slot=st.sampled_from(SLOTS))
    def quit_and_save(self, index: int, slot: str) -> None:
        copy = self.running(index)
        if copy is not None:
            self.save_to(copy, slot, quitting=True)
            assert copy.app.finished

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES))
    def quit_unsaved(self, index: int) -> None:
        copy = self.running(index)
        if copy is None:
            return
        self.outcome_if_left(copy)
        self.press(copy, "Q")
        if copy.app.prompt is not None:
            self.press(copy, "n")
        assert copy.app.finished

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES), key=st.sampled_from(("N", "R")))
    def leave(self, index: int, key: str) -> None:
        copy = self.running(index)
        if copy is None:
            return
        self.outcome_if_left(copy)
        self.press(copy, key)
        if copy.app.prompt is not None:
            self.press(copy, "y")
        copy.saved_spot = None
        self.games += 1
        copy.game = self.games

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES))
    def hang_up(self, index: int) -> None:
        copy = self.running(index)
        if copy is None:
            return
        copy.app.end_of_input()
        message = copy.app.exit_message or ""
        prefix = RECOVERED
        if message.startswith(prefix):  # nothing counted: the recovery save holds the game
            self.saves[f"recovery-{len(self.saves)}"] = (
                Path(message.removeprefix(prefix)),
                copy.game,
            )
        copy.app.finished = True

    # -- what must hold -------------------------------------------------------------------

    @invariant()
    def the_ledger_holds_each_games_first_result(self) -> None:
        reading = ledger.read(
            KEEPER.ledger_path(), GameRecord.from_dict, lambda r: r.game_id, lambda r: True
        )
        assert reading.damaged == 0 and reading.problem is None
        assert reading.replays == 0  # nothing is written after a game's result
        found = sorted((record.outcome, record.home) for record in reading.records)
        assert found == sorted(self.results.values())
        stats, warning = load_stats()
        assert warning is None
        results = list(self.results.values())
        outcomes = [outcome for outcome, _ in results]
        assert stats.played == len(results)
        assert (stats.won, stats.lost) == (outcomes.count(WON), outcomes.count(LOST))
        assert stats.computer_won == results.count((SOLVED, DECK_SIZE))
        assert stats.computer_lost == outcomes.count(SOLVED) - stats.computer_won
        assert sum(stats.histogram) == stats.own


Lifecycle.TestCase.settings = settings(
    max_examples=examples(100),
    stateful_step_count=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


test_every_game_has_one_result = Lifecycle.TestCase


def test_midnightoil_names_its_ledger_without_making_the_folder(unmade: Path) -> None:
    assert KEEPER.ledger_path() == unmade / LEDGER_FILE
    assert not (unmade.parent).exists()


def test_midnightoil_reads_no_earlier_file_into_being(unmade: Path) -> None:
    stats, warning = load_stats()
    assert stats.played == 0 and warning is None
    assert not (unmade.parent).exists() and not (unmade / BASELINE_FILE).exists()


def test_the_statistics_are_read_saying_on_the_terminal_how_far_a_long_reading_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A ledger of years takes seconds: the reading says how far it has come (after 1 s,
    # on a terminal: core.tally.summarise_shown), for the page and --stats alike.
    from parlour.core import tally

    read_with_progress: list[Path] = []
    real = tally.summarise_shown

    def shown(path: Path, fold: tally.Fold[object, object], what: str = "") -> tally.Tally:
        read_with_progress.append(path)
        return real(path, fold, what or "statistics")

    monkeypatch.setattr(tally, "summarise_shown", shown)
    statsfile.stats_report()
    assert read_with_progress == [KEEPER.ledger_path()]
