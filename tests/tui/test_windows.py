"""Each game runs through the real runner as Windows would have it (see fakeplatform.py).

No Windows machine is at hand, so the modules differ instead: no SIGHUP, no
SIGTSTP, ``sys.platform == "win32"``, no ``fcntl``, no POSIX-only ``os`` names,
a curses without ``update_lines_cols``. A game that reached for any of them would
fail here at start, during play, when saving its recovery file or when quitting.
"""

from __future__ import annotations

import importlib
import io
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from parlour.tui import runner
from tests.tui.demo_app import DemoApp
from tests.tui.fakeplatform import FakeWindow, windows


@dataclass(frozen=True)
class Trip:
    game: str
    argv: list[str]
    play: list[str]
    """Keys that start and play a little."""
    quit: list[str]
    """Keys after ``play`` that leave the game for good."""
    screen_shows: str


TRIPS = [
    Trip("mille", ["--seed", "3"], ["p"], ["q", "y", "n"], "--HAND--"),
    Trip(
        "dixmille",
        ["--seed", "3", "--fast"],
        ["2", "\n", *"Ann", "\n", *"ZEDX", "\n", "t"],
        ["\x1b"],
        "DIX MILLE",
    ),
    Trip("midnightoil", ["--deal", "3"], ["t", "*"], ["Q", "n"], "Midnight Oil  deal 3"),
]
IDS = [trip.game for trip in TRIPS]


def _main(game: str) -> Callable[[list[str]], int]:
    main: Callable[[list[str]], int] = importlib.import_module(f"parlour.{game}.cli").main
    return main


def _data_dir() -> Path:
    return Path(os.environ["PARLOUR_DATA_DIR"])


@pytest.mark.parametrize("trip", TRIPS, ids=IDS)
def test_a_game_starts_plays_and_quits_as_on_windows(
    trip: Trip, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    if trip.game == "dixmille":
        trip = Trip(trip.game, trip.argv, [], trip.quit, trip.screen_shows)  # ESC at the setup
    window = FakeWindow([*trip.play, *trip.quit])
    with windows(monkeypatch, window) as curses_module:
        status = _main(trip.game)(trip.argv)
        handlers = runner.signals.signal.handlers  # type: ignore[attr-defined]
        mouse = curses_module.calls  # type: ignore[attr-defined]
        restores = sys.modules["parlour.tui.winconsole"].restores  # type: ignore[attr-defined]
    captured = capsys.readouterr()
    assert status == 0, captured
    assert trip.screen_shows in window.text()
    assert len(restores) == 1  # the console's buffer and modes put back after endwin
    assert "Traceback" not in captured.out + captured.err
    # Only the signals Windows has were touched, and each was given back.
    assert set(handlers) <= {2, 15, 21, 22} and set(handlers.values()) == {0}
    assert bool(mouse) == (trip.game == "midnightoil")  # mouse reporting only if clicks count


@pytest.mark.parametrize("trip", TRIPS, ids=IDS)
def test_end_of_input_saves_a_recovery_that_loads_as_on_windows(
    trip: Trip, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    window = FakeWindow(trip.play)  # then the script ends: the console has gone
    with windows(monkeypatch, window):
        status = _main(trip.game)(trip.argv)
        acl = sys.modules["parlour.core.winacl"].calls  # type: ignore[attr-defined]
    captured = capsys.readouterr()
    assert status == 1
    saved = sorted(_data_dir().glob("*.json"))
    assert len(saved) == 1, captured
    # Made private the Windows way: created with its own access list, kept when written over.
    assert acl[0] == ("create_private", str(saved[0])) and ("copy_access", str(saved[0])) in acl
    assert str(saved[0]) in captured.out + captured.err
    assert importlib.import_module(f"parlour.{trip.game}.files.savefile").load(saved[0]) is not None
    assert [p.name for p in _data_dir().iterdir() if p.name.endswith(".tmp")] == []


def _run_demo(
    monkeypatch: pytest.MonkeyPatch, script: list[str | int], app: DemoApp | None = None
) -> tuple[DemoApp, FakeWindow, int]:
    app = app or DemoApp()
    window = FakeWindow(script)
    with windows(monkeypatch, window):
        status = runner.run(app)
    return app, window, status


def test_ctrl_z_is_an_ordinary_key_without_job_control(monkeypatch: pytest.MonkeyPatch) -> None:
    app, _, status = _run_demo(monkeypatch, ["a", "\x1a", "q"])
    assert app.received == ["a", "CTRL_Z", "q"] and status == 0


def test_resize_without_update_lines_cols_and_a_stray_mouse_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clicks: list[tuple[int, int, str]] = []
    app = DemoApp()
    app.handle_mouse = lambda row, col, button: clicks.append((row, col, button))  # type: ignore[method-assign]
    app, window, status = _run_demo(monkeypatch, [410, 409, "a", "q"], app)
    assert app.received == ["a", "q"] and status == 0
    assert window.clears == 1 and clicks == []  # the resize repainted; no mouse for this app


def test_clear_screen_is_a_full_repaint_once(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    app = DemoApp()
    window = FakeWindow(["a", "R", "b", "q"])
    window.on_read = lambda w: seen.append(w.clears)
    with windows(monkeypatch, window):
        assert runner.run(app) == 0
    assert seen == [0, 0, 1, 1] and app.clear_screen is False


def test_exit_lines_are_printed_escaped_line_by_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    app = DemoApp()
    original = app.handle_key

    def handle(key: str) -> None:
        original(key)
        app.exit_message = "saved to /tmp/\x1b]0;owned\x07.json\ncontinue with: \x9b2J"

    app.handle_key = handle  # type: ignore[method-assign]
    _run_demo(monkeypatch, ["q"], app)
    assert capsys.readouterr().out == "saved to /tmp/^[]0;owned^G.json\ncontinue with: \\x9b2J\n"


def test_the_crash_line_is_escaped_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    real_windows = sys.platform == "win32"  # before the stand-ins
    odd = tmp_path / "data\x1b[2J"
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(odd))
    app = DemoApp()
    app.emergency_save = lambda: str(odd / "e.json")  # type: ignore[method-assign]
    _, _, status = _run_demo(monkeypatch, ["c"], app)
    err = capsys.readouterr().err.replace("\n", " ")  # wrapped at 80 columns
    assert status == 70 and "\x1b" not in err
    assert err.startswith("demo: internal error, sorry; details in ")
    if real_windows:  # a folder name with a control character cannot be made there
        assert "(the crash log could not be written); your game was saved to " in err
        assert f"data^[[2J{os.sep}e.json" in err
    else:
        assert "data^[[2J/crash.log; your game was saved to " in err


def test_a_terminal_that_is_gone_silences_instead_of_raising(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    silenced: list[bool] = []
    monkeypatch.setattr(runner, "_silence", lambda: silenced.append(True))

    class Dead(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(5, "Input/output error")

    runner.say("bye", Dead())
    assert silenced == [True]
    runner.say("bye", io.StringIO())
    assert silenced == [True]


def test_statistics_lock_with_msvcrt_and_saves_skip_posix_calls(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from parlour.core import ledger, saves

    with windows(monkeypatch, FakeWindow([])):
        ledger.append(tmp_path / "games.jsonl", {"game_id": ledger.new_game_id(), "n": 1})
        assert ledger.read(tmp_path / "games.jsonl", lambda value: value["n"]).records == [1]
        locks = sys.modules["msvcrt"].calls  # type: ignore[attr-defined]
        saves.write_save(tmp_path / "s.json", "demo", 1, 1, {"n": 1})
        saves.write_save(tmp_path / "s.json", "demo", 1, 1, {"n": 2})
        assert saves.load_save(tmp_path / "s.json", "demo", 1).state == {"n": 2}
        acl = sys.modules["parlour.core.winacl"].calls  # type: ignore[attr-defined]
    assert locks == [1, 0]  # locked, then unlocked
    # The new file got the folder's access; written over, a private temporary file got the
    # old file's access list.
    assert [call for call, _ in acl] == ["create_private", "copy_access"]
    assert acl[1] == ("copy_access", str(tmp_path / "s.json"))


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("CON", '"CON" is a device name on Windows'),
        ("nul.json", '"nul.json" is a device name on Windows (NUL)'),
        ("a?.json", '"a?.json": Windows allows no ? in a file name'),
        ("s.json:x", '"s.json:x": Windows allows no : in a file name'),
        ("save.", '"save." ends in a dot, which Windows drops'),
        ("save ", '"save " ends in a space, which Windows drops'),
    ],
)
def test_names_windows_forbids_are_refused_before_anything_is_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str, reason: str
) -> None:
    from parlour.core import saves

    with windows(monkeypatch, FakeWindow([])), pytest.raises(saves.SaveError) as caught:
        saves.write_save(tmp_path / name, "demo", 1, 1, {"n": 1})
    assert caught.value.reason == reason + "; choose another name"
    assert list(tmp_path.iterdir()) == []
    if sys.platform != "win32":  # Linux can hold such a name; Windows says CON "exists"
        (tmp_path / name).write_text("x")
    with windows(monkeypatch, FakeWindow([])):
        assert not saves.file_exists(tmp_path / name)  # so no game asks to overwrite it


def test_ctrl_break_asks_to_stop_and_there_is_no_job_control(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from parlour.tui import signals
    from tests.tui.fakeplatform import windows_signal

    fake = windows_signal()
    monkeypatch.setattr(signals, "signal", fake)
    assert not signals.has_job_control()
    pending = signals.Pending()
    pending.install()
    handlers = fake.handlers  # type: ignore[attr-defined]
    assert sorted(handlers) == [2, 15, 21]  # SIGINT, SIGTERM, SIGBREAK
    handlers[21](21, None)
    assert pending.hangup == 21
    signals.stop_self()  # no job control: returns at once, stops nothing
    pending.restore()
    assert set(handlers.values()) == {0}


def test_keys_typed_while_too_small_wait_in_order_up_to_a_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(runner, "MAX_WAITING_KEYS", 3)
    app = DemoApp()
    window = FakeWindow(["a", "b", "d", "e", "f", 410, "q"], rows=20, cols=60)
    shown: list[str] = []

    def look(w: FakeWindow) -> None:
        shown.append(w.text())
        if w.reads == 6:  # after five keys the window is made large enough
            w.rows, w.cols = 24, 80

    window.on_read = look
    with windows(monkeypatch, window):
        assert runner.run(app) == 0
    assert app.received == ["a", "b", "d", "q"]  # e and f were past the limit
    assert "1 key typed will be used then." in shown[1]
    assert "2 keys typed will be used then." in shown[2]
    assert "3 keys wait for it; no more are kept." in shown[4]


def test_resume_lines_are_written_for_the_windows_shells(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """cmd.exe and PowerShell read double quotes, not a POSIX shell's single quotes."""
    monkeypatch.chdir(tmp_path)
    save_as = ["S", "\x15", *"my save.json", "\r"]  # a name each game saves to in its turn
    runs = [
        ("midnightoil", ["--deal", "1"], ["b", " ", *save_as, "Q"], 0),
        (
            "dixmille",
            ["Ann", "ZEDX", "--seed", "3", "--fast"],
            ["t", "Q", "y", "y", *save_as[1:]],
            0,
        ),
        ("mille", ["--seed", "3"], ["p"], 1),  # then input ends: a recovery save
    ]
    lines = {
        "midnightoil": 'Resume with: midnightoil "my save.json"',
        "dixmille": 'Your game is saved in my save.json; resume with: dixmille "my save.json"',
    }
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "my data"))
    for game, argv, keys, expected_status in runs:
        with windows(monkeypatch, FakeWindow(keys)):
            status = _main(game)(argv)
        out = capsys.readouterr().out
        assert status == expected_status, out
        if (tmp_path / "my save.json").exists():
            (tmp_path / "my save.json").rename(tmp_path / f"{game}.json")
        if game == "mille":
            (saved,) = (tmp_path / "my data").glob("mille-recovery-*.json")
            # wrapped at 80 columns before the path, never inside it
            assert f'continue it with: mille\n"{saved}"' in out
        else:
            assert lines[game] in out
