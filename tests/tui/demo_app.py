"""A tiny app to exercise the runner in a real pseudo-terminal (used by test_runner.py)."""

from __future__ import annotations

import os
import signal
import sys

from parlour.core import paths
from parlour.tui.app import TerminalApp
from parlour.tui.frame import Frame, Style
from parlour.tui.runner import run


class DemoApp(TerminalApp):
    """Shows the last keys received; q quits, c crashes, INTERRUPT asks first.

    h sends the process a hang-up in the middle of a move (the move must still
    complete before the recovery save); j writes junk straight to the terminal,
    behind curses' back; R asks the runner to clear and repaint the screen.
    """

    program = "demo"

    def __init__(self) -> None:
        super().__init__()
        self.received: list[str] = []
        self.asking = False
        self.ticks = 0

    def render(self, height: int, width: int) -> Frame:
        frame = Frame(80, 24)
        frame.put(0, 0, "DEMO READY", Style.BOLD)
        frame.put(1, 0, "keys: " + " ".join(self.received[-8:]))
        frame.put(2, 0, f"size {width}x{height} ticks {self.ticks}")
        if self.asking:
            frame.put(3, 0, "Really quit?", Style.REVERSE)
        frame.put(23, 0, "bottom line")
        frame.put(23, 79, "#")
        return frame

    def handle_key(self, key: str) -> None:
        if key == "TIMEOUT":
            self.ticks += 1
            return
        self.received.append(key)
        if self.asking:
            self.asking = False
            if key == "y":
                self.finished = True
                self.exit_message = "demo: bye"
            return
        if key == "INTERRUPT":
            self.asking = True
        elif key == "q":
            self.finished = True
        elif key == "c":
            raise RuntimeError("deliberate crash for the test")
        elif key == "h":
            self.received.append("h-begun")
            os.kill(os.getpid(), signal.SIGHUP)
            self.received.append("h-done")
        elif key == "j":
            os.write(1, b"\x1b[12;30HJUNK ON THE SCREEN")
        elif key == "R":
            self.clear_screen = True

    def timeout(self) -> float | None:
        return 0.2 if "t" in self.received else None

    def end_of_input(self) -> None:
        target = paths.data_file("demo-recovery.txt")
        target.write_text(" ".join(self.received), encoding="utf-8")
        self.exit_message = f"demo: input ended; your keys are in {target}"

    def emergency_save(self) -> str | None:
        target = paths.data_file("demo-emergency.txt")
        target.write_text(" ".join(self.received), encoding="utf-8")
        return str(target)


if __name__ == "__main__":
    if os.environ.get("DEMO_STDERR"):  # to see what reaches stderr after the terminal died
        fd = os.open(os.environ["DEMO_STDERR"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.dup2(fd, 2)
    if os.environ.get("DEMO_LANG"):  # as Command.parse would have chosen it, unchecked
        from parlour.core import i18n

        i18n.use(os.environ["DEMO_LANG"])
    sys.exit(run(DemoApp()))
