"""Key-to-redraw latency of dixmille and midnightoil in an 80x24 pty (prints, never asserts).

The figure bench/mille_ui.py gives for mille, for the other two games: each game runs
in an 80x24 pseudo-terminal (pexpect + pyte) while the same app runs in-process as a
mirror. A scripted stream of keys (drawn from a seeded RNG out of each game's everyday
keys) is sent one at a time; for every key that changes the mirror's screen we time the
first screen update after the key and the moment the terminal shows exactly what the
mirror draws. Keys that start long computations (midnightoil's solver hint and
auto-solve, dixmille's save dialog) are left out: they are not redraws.

Run from the repository root::

    .venv/bin/python bench/ui_redraw.py [--keys 300] [--seed 5]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tests.e2e.terminal import Terminal  # noqa: E402

from mille_ui import describe, pump_until  # noqa: E402
from parlour.dixmille.terminal.app import DixMilleApp  # noqa: E402
from parlour.midnightoil.game.history import Game  # noqa: E402
from parlour.midnightoil.terminal.app import MidnightOilApp  # noqa: E402
from parlour.tui.app import TerminalApp  # noqa: E402
from parlour.tui.glyphs import UNICODE  # noqa: E402

KEY_NAMES = {" ": " ", "\r": "ENTER"}
CLOCK = re.compile(r"time \d+:\d\d")
"""Midnight Oil's playing time: the mirror's clock and the game's differ by a second now and
then, so screens are compared with it blanked."""


def same_screen(text: str) -> str:
    """The screen with the playing time blanked."""
    return CLOCK.sub("time -:--", text)


DIXMILLE_KEYS = "ttttt123456\r\r pp??"
"""Throw, take dice by position, confirm, pass, the rules page and back."""
MIDNIGHTOIL_KEYS = "abcdefghijklmnopqr abcdef??"
"""Fan letters (select, move, deselect), space and the help page. ESC is left out: curses
waits ESCDELAY (25 ms, set by the runner) to tell it from an arrow key's sequence."""


def games(data_dir: str) -> list[tuple[str, list[str], Callable[[], TerminalApp], str, str]]:
    """(label, argv, a fresh mirror app, the key pool, a marker of the first board)."""
    return [
        (
            "dixmille --seed 1 Alice",
            ["dixmille", "--seed", "1", "Alice"],
            lambda: DixMilleApp(UNICODE, names=["Alice"], seed=1),
            DIXMILLE_KEYS,
            "Alice: t = throw",
        ),
        (
            "midnightoil --deal 1",
            ["midnightoil", "--deal", "1"],
            lambda: MidnightOilApp(Game(1), UNICODE),
            MIDNIGHTOIL_KEYS,
            "Press a fan letter",
        ),
    ]


def run_due_timeouts(app: TerminalApp) -> None:
    """Run the app's due timeouts, as the runner does at once (no waiting involved)."""
    for _ in range(1000):
        if app.timeout() != 0:
            return
        app.handle_key("TIMEOUT")


def latencies(
    argv: list[str], make: Callable[[], TerminalApp], pool: str, marker: str, count: int, seed: int
) -> tuple[list[float], list[float]]:
    """Key-to-first-redraw and key-to-final-screen times over ``count`` keys."""
    rng = random.Random(seed)
    mirror = make()
    first: list[float] = []
    full: list[float] = []
    with Terminal(argv) as term:
        term.child.delaybeforesend = None
        pump_until(term, lambda text: marker in text)
        run_due_timeouts(mirror)
        for _ in range(count):
            if mirror.finished:
                break
            key = rng.choice(pool)
            mirror.handle_key(KEY_NAMES.get(key, key))
            run_due_timeouts(mirror)
            want = same_screen(mirror.render(24, 80).to_text())
            before = same_screen(term.text())
            start = time.perf_counter()
            term.child.send(key)
            if want != before:
                pump_until(term, lambda text, before=before: same_screen(text) != before)
                first.append(time.perf_counter() - start)
                pump_until(term, lambda text, want=want: same_screen(text) == want)
                full.append(time.perf_counter() - start)
        term.child.terminate(force=True)
    return first, full


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        os.environ["PARLOUR_DATA_DIR"] = data_dir  # the mirror and the game read the same
        for label, argv, make, pool, marker in games(data_dir):
            first, full = latencies(argv, make, pool, marker, args.keys, args.seed)
            print(label)
            print("  " + describe("key to first redraw", first))
            print("  " + describe("key to final screen", full))
    print(f"target: redraw p95 <= 10 ms; load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
