"""The runner in a real 80x24 pseudo-terminal: keys, size, interrupt, crash, end of input."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.e2e.terminal import Terminal

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def demo(tmp_path: Path, rows: int = 24, cols: int = 80) -> Terminal:
    env = {"PARLOUR_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    return Terminal(
        [sys.executable, "-m", "tests.tui.demo_app"], rows=rows, cols=cols, env=env, cwd=ROOT
    )


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


def test_interrupt_is_a_key_the_app_can_confirm(tmp_path: Path) -> None:
    with demo(tmp_path) as term:
        term.wait_for("DEMO READY")
        term.send("\x03")
        term.wait_for("Really quit?")
        term.send("y")
        assert term.wait_exit() == 0
        assert "demo: bye" in term.output.decode()


def test_too_small_terminal_waits_for_enlargement(tmp_path: Path) -> None:
    with demo(tmp_path, rows=20, cols=60) as term:
        term.wait_for("Please enlarge the terminal (80x24)")
        term.send("q")  # ignored while too small
        assert term.child.isalive()
        term.resize(24, 80)
        term.wait_for("DEMO READY")
        term.resize(30, 100)
        term.wait_for("size 100x30")
        term.send("q")
        assert term.wait_exit() == 0


def test_timeouts_tick(tmp_path: Path) -> None:
    with demo(tmp_path) as term:
        term.wait_for("DEMO READY")
        term.send("t")
        term.wait_for("ticks 2", timeout=5)
        term.send("q")
        assert term.wait_exit() == 0


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


def test_end_of_input_keeps_the_game(tmp_path: Path) -> None:
    with demo(tmp_path) as term:
        term.wait_for("DEMO READY")
        term.send("a")
        term.send("b")
        term.wait_for("keys: a b")
        term.child.kill(1)  # SIGHUP: the terminal went away
        term.wait_exit()
    assert (tmp_path / "demo-recovery.txt").read_text(encoding="utf-8") == "a b"


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
