"""The floor for any Python curses game: import curses, draw BSD mille's first screen, wait.

bench/startup.py starts this beside the three games; nothing else is imported, so its time
to a complete first screen is what Python and curses cost by themselves.
"""

import curses
import sys
from pathlib import Path

SCREEN = Path(__file__).resolve().parents[1] / "bench" / "startup_floor_screen.txt"


def main(stdscr: "curses.window") -> None:
    lines = SCREEN.read_text(encoding="utf-8").splitlines()
    for row, line in enumerate(lines[:24]):
        if line:
            stdscr.addstr(row, 0, line[:79])
    stdscr.refresh()
    stdscr.getch()


if __name__ == "__main__":
    curses.wrapper(main)
    sys.exit(0)
