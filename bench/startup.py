"""Launch to a complete first board, in an 80x24 pseudo-terminal, beside the Python floor.

Starts, in turn and interleaved, the floor program (bench/startup_floor.py: bare Python +
curses drawing BSD mille's start screen) and the three games, each in a fresh 80x24
pseudo-terminal (pexpect + pyte), and times from spawn until a marker of the complete first
board is on the emulated screen. Prints the median (with the 25th and 75th percentiles) of
each and its ratio to the floor's median.

    .venv/bin/python bench/startup.py --runs 15 [--compare-src OTHER/src] [--langs en,fr,ja]

``--langs`` times each game in each language too (``--lang fr``...; issue #42: loading a
catalog must keep the first board within the start-up budget); the markers of a board in
another language are rows of that very board, rendered once beforehand without a terminal.

``--compare-src`` adds the three games once more, run from another checkout's ``src`` (by
``PYTHONPATH``, e.g. the commit before a change), interleaved with the rest.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect
import pyte

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def programs() -> list[tuple[str, list[str], list[str]]]:
    """(label, argv, markers that must all be on screen).

    Each set has the first and the last row of the first board and rows between (curses
    paints a fresh screen top to bottom), so it is seen only when the board is whole.
    """
    return [
        (
            "floor (python + curses)",
            [sys.executable, str(ROOT / "bench" / "startup_floor.py")],
            [">>:Move:", "--MILEAGE--", "r: reprint"],
        ),
        (
            "mille --seed 1",
            [str(BIN / "mille"), "--seed", "1"],
            [">>:Move:", "--MILEAGE--", "r: reprint"],
        ),
        (
            "dixmille Alice ZEDX",
            [str(BIN / "dixmille"), "--seed", "1", "Alice", "ZEDX"],
            ["DIX MILLE", "seed 1", "Set aside: none", "Alice: t = throw", "rules  Q quit"],
        ),
        (
            "midnightoil --deal 1",
            [str(BIN / "midnightoil"), "--deal", "1"],
            ["Midnight Oil", "home 0/52", "undos 0", "s │ 7♠", "Press a fan letter"],
        ),
    ]


def board_markers(argv: list[str], data_dir: str) -> list[str]:
    """Three rows of the first board ``argv`` draws (first, middle and last that are not
    blank; each its first 20 non-blank characters), for a board in another language."""
    sys.path.insert(0, str(ROOT))
    from tests.test_startup_imports import first_board  # the test's own first-board driver

    shown = str(first_board(Path(argv[0]).name, argv[1:], Path(data_dir))["frame"])
    rows = [row.strip() for row in shown.split("\n") if row.strip()]
    chosen = [rows[0], rows[len(rows) // 2], rows[-1]]
    return [row[:20].strip() for row in chosen]


def time_once(
    argv: list[str],
    markers: list[str],
    data_dir: str,
    timeout: float = 20.0,
    src: str | None = None,
) -> float:
    """Seconds from spawn until every marker is on the 80x24 screen (``src``: PYTHONPATH)."""
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src
    # As an installed game runs: with its bytecode cached (the warm-up run writes it). With
    # PYTHONDONTWRITEBYTECODE set, every launch would compile every module of the game.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(
        {
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "PARLOUR_DATA_DIR": data_dir,
        }
    )
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    started = time.perf_counter()
    child = pexpect.spawn(argv[0], argv[1:], dimensions=(24, 80), env=env, cwd=str(ROOT))
    try:
        while True:
            try:
                data = child.read_nonblocking(65536, timeout=0.002)
            except pexpect.TIMEOUT:
                data = b""
            if data:
                stream.feed(data)
                shown = "\n".join(screen.display)
                if all(marker in shown for marker in markers):
                    return time.perf_counter() - started
            if time.perf_counter() - started > timeout:
                raise RuntimeError(
                    f"{argv}: first board never appeared:\n" + "\n".join(screen.display)
                )
    finally:
        child.terminate(force=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--compare-src", help="also run the games from this src folder")
    parser.add_argument("--langs", default="en", help="languages to time, e.g. en,fr,ja")
    args = parser.parse_args()
    table = [(label, argv, markers, None) for label, argv, markers in programs()]
    games = list(table[1:])
    with tempfile.TemporaryDirectory() as data_dir:
        for lang in args.langs.split(","):
            if lang == "en":
                continue
            for label, argv, _markers, src in games:
                chosen = [*argv, "--lang", lang]
                table.append(
                    (f"{label} --lang {lang}", chosen, board_markers(chosen, data_dir), src)
                )
    if args.compare_src:
        table += [
            (f"{label} (other src)", argv, markers, args.compare_src)
            for label, argv, markers, _ in games  # English: an older src may know no --lang
        ]
    times: dict[str, list[float]] = {label: [] for label, _, _, _ in table}
    with tempfile.TemporaryDirectory() as data_dir:
        for _label, argv, markers, src in table:  # one warm-up each (file cache, .pyc)
            time_once(argv, markers, data_dir, src=src)
        for _ in range(args.runs):
            for label, argv, markers, src in table:
                times[label].append(time_once(argv, markers, data_dir, src=src))
    floor = statistics.median(times[table[0][0]])
    print(f"launch to complete first board, 80x24 pty, median of {args.runs} interleaved runs")
    print(f"{'program':46} {'median':>8} {'p25':>7} {'p75':>7} {'ratio':>6}")
    for label, values in times.items():
        q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
        med = statistics.median(values)
        print(
            f"{label:46} {med * 1000:7.1f}ms {q[0] * 1000:6.1f} {q[2] * 1000:6.1f} "
            f"{med / floor:5.2f}x"
        )
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
