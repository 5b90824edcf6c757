"""A terminal that cannot move the cursor gets one line saying what the game needs (issue 39).

Each case runs in a fresh interpreter: curses reads the terminal type once a process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="Windows consoles have no TERM")

PROBE = "from parlour.tui import runner; print(runner.terminal_problem('mille'))"


def problem(term: str) -> str:
    env = {**os.environ, "TERM": term}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.rstrip("\n")


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


@pytest.mark.e2e
@pytest.mark.parametrize("game", ["mille", "dixmille", "midnightoil"])
def test_each_game_under_term_dumb_says_one_line_and_exits_1(tmp_path: Path, game: str) -> None:
    from tests.e2e.terminal import run_plain

    status, out = run_plain([game], env={"TERM": "dumb", "PARLOUR_DATA_DIR": str(tmp_path)})
    assert status == 1
    assert out.strip() == f"{game}: needs a terminal that can move the cursor; TERM=dumb cannot"
