"""Benchmark of the mille terminal UI in an 80x24 pseudo-terminal (prints figures, asserts nothing).

1. Launch to first complete board: from starting ``mille --seed N`` to the
   moment the whole first screen (board, scores, mileage, ``>>:Move:``) is on
   the emulated terminal. Repeated ``--launches`` times.
2. Key-to-redraw latency over a whole scripted hand: every key of a simple
   human's play is sent one at a time; we time (a) the first screen update
   after the key and (b) the screen being exactly what the same game shows
   in-process (the computer's answer included, when the key ends the turn).

Run from the repository root::

    .venv/bin/python bench/mille_ui.py [--seed 7] [--launches 10]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pexpect  # noqa: E402
from tests.e2e.terminal import Terminal  # noqa: E402
from tests.mille.opponents import human_keys  # noqa: E402

from parlour.mille.computer.ai import ComputerPlayer  # noqa: E402
from parlour.mille.game.rules import Game, Phase  # noqa: E402
from parlour.mille.terminal.app import MilleApp  # noqa: E402

KEY_NAMES = {" ": " ", "\r": "ENTER"}


def pump_until(term: Terminal, done: object, limit: float = 10.0) -> float:
    """Read output in a tight loop until ``done(screen_text)``; returns the time it took."""
    start = time.perf_counter()
    if done(term.text()):  # type: ignore[operator]
        return 0.0
    while True:
        try:
            data = term.child.read_nonblocking(65536, timeout=0.0005)
        except pexpect.TIMEOUT:
            data = b""
        if data:
            term.output += data
            term.stream.feed(data)
            if done(term.text()):  # type: ignore[operator]
                return time.perf_counter() - start
        if time.perf_counter() - start > limit:
            raise TimeoutError(f"screen never became ready:\n{term.text()}")


def board_complete(text: str) -> bool:
    return all(
        part in text
        for part in (">>:Move:", "--MILEAGE--", "w: toggle window", "Games", "--SPEED--")
    )


def launch_times(seed: int, launches: int) -> list[float]:
    times = []
    for _ in range(launches):
        start = time.perf_counter()
        with Terminal(["mille", "--seed", str(seed)]) as term:
            pump_until(term, board_complete)
            times.append(time.perf_counter() - start)
            term.child.send("qy")
            term.wait_exit()
    return times


def first_change(term: Terminal, before: str, limit: float = 10.0) -> float:
    return pump_until(term, lambda text: text != before, limit)


def key_latencies(seed: int) -> tuple[list[float], list[float], int]:
    game = Game.new(seed)
    mirror = MilleApp(game, ComputerPlayer(seed))
    first: list[float] = []
    full: list[float] = []
    with Terminal(["mille", "--seed", str(seed)]) as term:
        term.child.delaybeforesend = None  # pexpect would sleep 50 ms before each send
        pump_until(term, board_complete)
        while mirror.game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            for key in human_keys(mirror.game):
                mirror.handle_key(KEY_NAMES.get(key, key))
                while mirror.timeout() == 0:
                    mirror.handle_key("TIMEOUT")
                want = mirror.render(24, 80).to_text()
                before = term.text()
                start = time.perf_counter()
                term.child.send(key)
                if want != before:
                    first_change(term, before)
                    first.append(time.perf_counter() - start)
                    pump_until(term, lambda text, want=want: text == want)
                    full.append(time.perf_counter() - start)
        term.child.send("nn")  # no other hand, no save
        term.wait_exit()
    return first, full, len(first)


def describe(name: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return (
        f"{name}: n={len(ms)} p50={statistics.median(ms):.1f} ms p95={p95:.1f} ms "
        f"max={ms[-1]:.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--launches", type=int, default=10)
    args = parser.parse_args()
    print(describe("launch to first complete board", launch_times(args.seed, args.launches)))
    first, full, keys = key_latencies(args.seed)
    print(describe("key to first redraw (whole scripted hand)", first))
    print(describe("key to final screen incl. computer reply", full))
    print(f"keys timed: {keys}; targets: first board 250 ms, redraw p95 10 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
