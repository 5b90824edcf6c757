"""A pseudo-terminal harness for end-to-end tests: pexpect runs the command, pyte reads the screen.

Usage::

    with Terminal(["mille", "--seed", "3"]) as term:
        term.wait_for(">>:Move:")
        term.send("p")
        assert "88" in term.line(6)
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path
from types import TracebackType

import pexpect
import pyte

ROWS, COLS = 24, 80

ARROWS = {"UP": "\x1b[A", "DOWN": "\x1b[B", "RIGHT": "\x1b[C", "LEFT": "\x1b[D"}


def command_path(name: str) -> str:
    """The installed console script next to this Python, or on PATH."""
    beside = Path(sys.executable).parent / name
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    if found is None:
        raise FileNotFoundError(f"command {name!r} is not installed")
    return found


class Terminal:
    """An 80x24 pseudo-terminal running one command."""

    def __init__(
        self,
        argv: list[str],
        rows: int = ROWS,
        cols: int = COLS,
        env: dict[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
    ) -> None:
        full_env = dict(os.environ)
        full_env.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
        if env:
            full_env.update(env)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(
            command_path(argv[0]),
            argv[1:],
            dimensions=(rows, cols),
            env=full_env,
            cwd=str(cwd) if cwd is not None else None,
            timeout=10,
        )
        self.output = b""

    def __enter__(self) -> Terminal:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)

    def pump(self, seconds: float = 0.05) -> None:
        """Read whatever the program has written within ``seconds``."""
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            try:
                data = self.child.read_nonblocking(65536, timeout=max(remaining, 0.001))
            except pexpect.TIMEOUT:
                data = b""
            except pexpect.EOF:
                return
            if data:
                self.output += data
                self.stream.feed(data)
            if remaining <= 0:
                return

    def text(self) -> str:
        """The whole screen, one line per row, trailing blanks stripped."""
        return "\n".join(line.rstrip() for line in self.screen.display)

    def line(self, row: int) -> str:
        """One screen row, trailing blanks stripped."""
        return str(self.screen.display[row]).rstrip()

    def wait_for(self, text: str, timeout: float = 10.0) -> str:
        """Wait until ``text`` is on the screen; returns the screen; AssertionError on timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump(0.05)
            screen = self.text()
            if text in screen:
                return screen
            if not self.child.isalive():
                self.pump(0.05)
                screen = self.text()
                if text in screen:
                    return screen
                break
        raise AssertionError(f"{text!r} did not appear; screen was:\n{self.text()}")

    def send(self, keys: str, settle: float = 0.05) -> None:
        """Type ``keys`` (raw characters; use ARROWS for arrow keys) and let the screen settle."""
        self.child.send(keys)
        self.pump(settle)

    def resize(self, rows: int, cols: int) -> None:
        """Change the terminal size (sends SIGWINCH)."""
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)
        self.pump(0.1)

    def close_input(self, timeout: float = 20.0) -> None:
        """Hang up the terminal: the program sees end of input (and saves, then leaves).

        pexpect waits a tenth of a second for the program to leave, then signals it and
        gives up; on a busy machine a recovery save can take longer (it failed 1 run in 6
        under a load of 5), so it is given ``timeout`` seconds before that counts.
        """
        try:
            self.child.close(force=False)
        except pexpect.ExceptionPexpect:
            deadline = time.monotonic() + timeout
            while self.child.isalive() and time.monotonic() < deadline:
                time.sleep(0.05)
            if self.child.isalive():
                raise

    def wait_exit(self, timeout: float = 10.0) -> int:
        """Wait for the program to end; returns its exit status (128+N for signal N)."""
        deadline = time.monotonic() + timeout
        while self.child.isalive() and time.monotonic() < deadline:
            self.pump(0.05)
        if self.child.isalive():
            raise AssertionError("the program did not exit")
        self.pump(0.05)
        self.child.close()
        if self.child.signalstatus is not None:
            return 128 + int(self.child.signalstatus)
        return int(self.child.exitstatus or 0)


def run_plain(
    argv: list[str], env: dict[str, str] | None = None, timeout: float = 10.0
) -> tuple[int, str]:
    """Run a command in a pseudo-terminal to its end; returns (status, everything printed)."""
    with Terminal(argv, env=env) as term:
        status = term.wait_exit(timeout)
        return status, term.output.decode("utf-8", "replace")
