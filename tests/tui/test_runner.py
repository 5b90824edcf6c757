"""The runner in a real 80x24 pseudo-terminal: keys, size, interrupt, crash, end of input."""

from __future__ import annotations

import locale
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from parlour.tui import runner
from parlour.tui.runner import set_locale
from tests.e2e.terminal import Terminal

ROOT = Path(__file__).resolve().parents[2]


def demo(tmp_path: Path, rows: int = 24, cols: int = 80, locale: str | None = None) -> Terminal:
    env = {"PARLOUR_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    if locale is not None:
        env["LC_ALL"] = locale
    return Terminal(
        [sys.executable, "-m", "tests.tui.demo_app"], rows=rows, cols=cols, env=env, cwd=ROOT
    )


@pytest.mark.e2e
def test_keys_arrive_as_names_and_q_quits(tmp_path: Path) -> None:
    with demo(tmp_path) as term:
        term.wait_for("DEMO READY")
        term.send("\x1b[A")
        term.send("\x1bOB")
        term.send("\x1b[15~")
        term.send("x")
        term.send("\x0c")
        term.wait_for("keys: UP DOWN F5 x CTRL_L")
        assert term.line(23).endswith("#")
        term.send("q")
        assert term.wait_exit() == 0


@pytest.mark.e2e
def test_interrupt_is_a_key_the_app_can_confirm(tmp_path: Path) -> None:
    with demo(tmp_path) as term:
        term.wait_for("DEMO READY")
        term.send("\x03")
        term.wait_for("Really quit?")
        term.send("y")
        assert term.wait_exit() == 0
        assert "demo: bye" in term.output.decode()


@pytest.mark.e2e
def test_a_letter_an_ascii_locale_cannot_show_is_refused_with_a_word(tmp_path: Path) -> None:
    with demo(tmp_path, locale="C") as term:
        term.wait_for("DEMO READY")
        term.send("a")
        term.send("ë".encode())
        term.wait_for("U+00EB (e with diaeresis) cannot be typed here: the locale is ASCII only.")
        term.send("b")  # the keys after it arrive as ever (get_wch used to swallow them)
        term.wait_for("keys: a UNKNOWN b")
        assert term.line(23).endswith("#")  # the notice went with the next key
        term.send("q")
        assert term.wait_exit() == 0


@pytest.mark.e2e
def test_too_small_terminal_waits_for_enlargement_and_keeps_the_keys(tmp_path: Path) -> None:
    with demo(tmp_path, rows=20, cols=60) as term:
        term.wait_for("Please enlarge the terminal (80x24)")
        term.send("a")
        term.wait_for("1 key typed will be used then.")
        term.send("b\x1b[A")  # an arrow key stays one key
        term.wait_for("3 keys typed will be used then.")
        assert term.child.isalive()
        term.resize(24, 80)
        term.wait_for("DEMO READY")
        term.wait_for("keys: a b UP")
        term.resize(30, 100)
        term.wait_for("size 100x30")
        term.send("q")
        assert term.wait_exit() == 0


@pytest.mark.e2e
def test_timeouts_tick(tmp_path: Path) -> None:
    with demo(tmp_path) as term:
        term.wait_for("DEMO READY")
        term.send("t")
        term.wait_for("ticks 2", timeout=5)
        term.send("q")
        assert term.wait_exit() == 0


@pytest.mark.e2e
def test_crash_restores_terminal_and_prints_one_line(tmp_path: Path) -> None:
    with demo(tmp_path) as term:
        term.wait_for("DEMO READY")
        term.send("a")
        term.send("c")
        status = term.wait_exit()
        output = term.output.decode("utf-8", "replace")
    assert status == 70
    assert "demo: internal error, sorry; details in" in output
    assert "Traceback" not in output
    log = (tmp_path / "crash.log").read_text(encoding="utf-8")
    assert "deliberate crash for the test" in log
    assert (tmp_path / "demo-emergency.txt").read_text(encoding="utf-8") == "a c"


@pytest.mark.e2e
def test_end_of_input_keeps_the_game(tmp_path: Path) -> None:
    with demo(tmp_path) as term:
        term.wait_for("DEMO READY")
        term.send("a")
        term.send("b")
        term.wait_for("keys: a b")
        term.child.kill(1)  # SIGHUP: the terminal went away
        term.wait_exit()
    assert (tmp_path / "demo-recovery.txt").read_text(encoding="utf-8") == "a b"


@pytest.mark.e2e
def test_not_a_terminal(tmp_path: Path) -> None:
    import subprocess

    result = subprocess.run(
        [sys.executable, "-m", "tests.tui.demo_app"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=20,
    )
    assert result.returncode == 1
    assert result.stderr.strip() == "demo: this game needs a terminal"


@pytest.mark.e2e
def test_a_hang_up_in_the_middle_of_a_move_saves_after_the_move(tmp_path: Path) -> None:
    with demo(tmp_path) as term:
        term.wait_for("DEMO READY")
        term.send("a")
        term.wait_for("keys: a")
        term.send("h")  # the app's own SIGHUP arrives half-way through this move
        term.wait_exit()
    # The whole move, never half of it: the old handler raised between h-begun and h-done.
    assert (tmp_path / "demo-recovery.txt").read_text(encoding="utf-8") == "a h h-begun h-done"
    assert not (tmp_path / "crash.log").exists()


@pytest.mark.e2e
def test_a_dead_terminal_gets_no_traceback(tmp_path: Path) -> None:
    errors = tmp_path / "stderr.txt"
    env = {"PARLOUR_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT), "DEMO_STDERR": str(errors)}
    term = Terminal([sys.executable, "-m", "tests.tui.demo_app"], env=env, cwd=ROOT)
    term.wait_for("DEMO READY")
    term.send("a")
    term.wait_for("keys: a")
    child = term.child
    child.close(force=False)  # closes the master: SIGHUP, then every write gets EIO
    deadline = time.monotonic() + 10
    while not (tmp_path / "demo-recovery.txt").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (tmp_path / "demo-recovery.txt").read_text(encoding="utf-8") == "a"
    _wait_gone(child.pid)
    assert errors.read_text(encoding="utf-8", errors="replace") == ""


def _wait_gone(pid: int) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return
        if done:
            return
        time.sleep(0.05)
    raise AssertionError("the program did not exit")


@pytest.mark.e2e
def test_the_app_can_ask_for_a_full_repaint(tmp_path: Path) -> None:
    with demo(tmp_path) as term:
        term.wait_for("DEMO READY")
        term.send("j")
        term.wait_for("JUNK ON THE SCREEN")
        term.send("x")  # an ordinary repaint leaves what curses does not know about
        term.wait_for("keys: j x")
        assert "JUNK ON THE SCREEN" in term.text()
        term.send("R")
        term.wait_for("keys: j x R")
        assert "JUNK ON THE SCREEN" not in term.text()
        term.send("q")
        assert term.wait_exit() == 0


job_control = pytest.mark.skipif(
    not hasattr(signal, "SIGTSTP") or shutil.which("bash") is None,
    reason="needs job control and a shell that does it",
)


def in_job_shell(tmp_path: Path, script: str) -> Terminal:
    """The demo run by ``bash`` with job control (``set -m``); DEMO in ``script`` starts it."""
    demo_command = f"{shlex.quote(sys.executable)} -m tests.tui.demo_app"
    env = {"PARLOUR_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    argv = [
        "bash",
        "--norc",
        "--noprofile",
        "-c",
        "set -m; " + script.replace("DEMO", demo_command),
    ]
    return Terminal(argv, env=env, cwd=ROOT)


@pytest.mark.e2e
@job_control
def test_ctrl_z_suspends_and_fg_brings_the_screen_back(tmp_path: Path) -> None:
    script = (
        'DEMO; s=$?; echo; echo "[stopped with $s]"; read -r x; '
        'fg; echo "[ended with $?]"; read -r x'
    )
    with in_job_shell(tmp_path, script) as term:
        term.wait_for("DEMO READY")
        term.send("a")
        term.wait_for("keys: a")
        term.send("\x1a")
        screen = term.wait_for("[stopped with 148]")  # 128 + SIGTSTP: the shell saw a stop
        assert "DEMO READY" not in screen  # curses ended: the shell's screen is back
        term.send("\r")  # the shell runs fg, which sends SIGCONT
        screen = term.wait_for("DEMO READY")
        assert "[stopped with" not in screen  # the whole screen was drawn again
        term.send("b")
        screen = term.wait_for("keys: a b")  # ^Z never reached the app as a key
        term.send("q")
        term.wait_for("[ended with 0]")
        term.send("\r")
        term.wait_exit()


@pytest.mark.e2e
@job_control
def test_a_stop_signal_from_outside_suspends_between_moves(tmp_path: Path) -> None:
    script = 'DEMO & echo "[pid $!]"; fg; s=$?; echo; echo "[stopped with $s]"; read -r x; fg'
    with in_job_shell(tmp_path, script) as term:
        term.wait_for("DEMO READY")
        pid = int(term.output.decode().split("[pid ", 1)[1].split("]", 1)[0])
        os.kill(pid, signal.SIGTSTP)
        term.wait_for("[stopped with 148]")
        term.send("\r")
        term.wait_for("DEMO READY")
        term.send("q")
        assert term.wait_exit() == 0


@pytest.mark.e2e
@job_control
def test_after_a_stop_it_could_not_see_the_game_takes_the_terminal_back(tmp_path: Path) -> None:
    # SIGSTOP cannot be caught: curses never ended, and the shell put the terminal back in
    # line mode and wrote over the screen. On SIGCONT the runner must undo both.
    script = 'DEMO & echo "[pid $!]"; fg; s=$?; echo; echo "[stopped with $s]"; read -r x; fg'
    with in_job_shell(tmp_path, script) as term:
        term.wait_for("DEMO READY")
        pid = int(term.output.decode().split("[pid ", 1)[1].split("]", 1)[0])
        term.send("a")
        term.wait_for("keys: a")
        os.kill(pid, signal.SIGSTOP)
        term.wait_for("[stopped with 147]")  # 128 + SIGSTOP
        term.send("\r")
        screen = term.wait_for("DEMO READY")
        assert "[stopped with" not in screen
        term.send("b")  # one key, no Enter: raw mode is back
        term.wait_for("keys: a b")
        term.send("q")
        assert term.wait_exit() == 0


# -----
# The crash log is appended like a statistics file: a link planted in the data folder
# (``crash.log`` pointing elsewhere) is not followed (issue #26).


def _crash() -> str:
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        return runner._log_crash()


def test_the_crash_log_is_appended_in_the_data_folder(_private_data_dir: Path) -> None:
    assert _crash() == str(_private_data_dir / "crash.log")
    assert _crash() == str(_private_data_dir / "crash.log")
    text = (_private_data_dir / "crash.log").read_text()
    assert text.count("RuntimeError: boom") == 2 and text.startswith("--- ")


@pytest.mark.skipif(
    sys.platform == "win32", reason="symlinks need privileges on Windows; not checked there"
)
def test_a_crash_log_that_is_a_link_is_not_followed(
    _private_data_dir: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    os.symlink(victim, _private_data_dir / "crash.log")
    assert _crash() == "(the crash log could not be written)"
    assert victim.read_text() == "mine\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on Windows")
def test_a_crash_log_that_is_a_fifo_does_not_hang(_private_data_dir: Path) -> None:
    os.mkfifo(_private_data_dir / "crash.log")
    assert _crash() == "(the crash log could not be written)"


# -----
# A locale that is missing breaks nothing (issue #42): the runner falls back to C.UTF-8
# where UTF-8 was asked for, then C; where the character set ends up ASCII only, the game
# speaks English, since French and Japanese cannot be drawn there.


def fake_setlocale(installed: set[str], calls: list[str]):  # type: ignore[no-untyped-def]
    def setlocale(category: int, name: str) -> str:
        calls.append(name)
        if name not in installed:
            raise locale.Error("unsupported locale setting")
        return name or "user"

    return setlocale


@pytest.mark.parametrize(
    ("environ", "installed", "taken", "tried"),
    [
        ({"LANG": "ja_JP.UTF-8"}, {"", "C.UTF-8", "C"}, "", [""]),
        ({"LANG": "ja_JP.UTF-8"}, {"C.UTF-8", "C"}, "C.UTF-8", ["", "C.UTF-8"]),
        ({"LC_ALL": "fr_FR.utf8"}, {"C"}, "C", ["", "C.UTF-8", "C"]),
        ({"LANG": "fr_FR.ISO-8859-1"}, {"C.UTF-8", "C"}, "C", ["", "C"]),  # not UTF-8: C
        ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, {"C.UTF-8"}, None, ["", "C"]),
        ({"LC_CTYPE": "ja_JP.UTF-8", "LANG": "C"}, {"C.UTF-8"}, "C.UTF-8", ["", "C.UTF-8"]),
    ],
)
def test_a_missing_locale_falls_back(
    environ: dict[str, str], installed: set[str], taken: str | None, tried: list[str]
) -> None:
    calls: list[str] = []
    assert set_locale(fake_setlocale(installed, calls), environ) == taken
    assert calls == tried


def demo_in(tmp_path: Path, lang: str, locale_name: str) -> Terminal:
    env = {
        "PARLOUR_DATA_DIR": str(tmp_path),
        "PYTHONPATH": str(ROOT),
        "DEMO_LANG": lang,
        "LC_ALL": locale_name,
    }
    return Terminal(
        [sys.executable, "-m", "tests.tui.demo_app"], rows=20, cols=60, env=env, cwd=ROOT
    )


@pytest.mark.e2e
def test_japanese_draws_where_its_locale_is_not_installed(tmp_path: Path) -> None:
    if "ja_jp.utf8" in {name.lower().replace("-", "") for name in _installed()}:
        pytest.skip("ja_JP.UTF-8 is installed here: nothing to fall back from")
    with demo_in(tmp_path, "ja", "ja_JP.UTF-8") as term:
        term.wait_for("端末を大きくしてください（80x24）。")
        term.resize(24, 80)
        term.wait_for("DEMO READY")
        term.send("q")
        assert term.wait_exit() == 0


@pytest.mark.e2e
def test_an_ascii_locale_speaks_english(tmp_path: Path) -> None:
    with demo_in(tmp_path, "fr", "C") as term:
        term.wait_for("Please enlarge the terminal (80x24).")
        term.resize(24, 80)
        term.wait_for("DEMO READY")
        term.send("q")
        assert term.wait_exit() == 0


def _installed() -> list[str]:
    import subprocess

    try:
        return subprocess.run(
            ["locale", "-a"], capture_output=True, text=True, check=False
        ).stdout.split()
    except OSError:
        return []


# -----
# A terminal that cannot move the cursor gets one line saying what the game needs (issue 39).
#
# Each case runs in a fresh interpreter: curses reads the terminal type once a process.


no_term_on_windows = pytest.mark.skipif(
    sys.platform == "win32", reason="Windows consoles have no TERM"
)

PROBE = "from parlour.tui import runner; print(runner.terminal_problem('mille'))"


def problem(term: str) -> str:
    env = {**os.environ, "TERM": term}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.rstrip("\n")


@no_term_on_windows
@pytest.mark.parametrize(
    ("term", "said"),
    [
        ("dumb", "mille: needs a terminal that can move the cursor; TERM=dumb cannot"),
        (
            "no-such-terminal",
            "mille: needs a terminal that can move the cursor; TERM=no-such-terminal is unknown",
        ),
        ("", "mille: needs a terminal that can move the cursor; TERM is not set"),
        ("x\x1b[2J", "mille: needs a terminal that can move the cursor; TERM=x^[[2J is unknown"),
        ("xterm", "None"),
        ("xterm-256color", "None"),
        ("vt100", "None"),
    ],
)
def test_a_terminal_that_cannot_move_the_cursor_is_named(term: str, said: str) -> None:
    assert problem(term) == said


@no_term_on_windows
@pytest.mark.e2e
@pytest.mark.parametrize("game", ["mille", "dixmille", "midnightoil"])
def test_each_game_under_term_dumb_says_one_line_and_exits_1(tmp_path: Path, game: str) -> None:
    from tests.e2e.terminal import run_plain

    status, out = run_plain([game], env={"TERM": "dumb", "PARLOUR_DATA_DIR": str(tmp_path)})
    assert status == 1
    assert out.strip() == f"{game}: needs a terminal that can move the cursor; TERM=dumb cannot"
