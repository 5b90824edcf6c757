"""Stand-ins for the modules as Windows has them, to run the real runner and apps without
a terminal: a scripted curses screen, a ``signal`` module without SIGHUP or SIGTSTP,
``sys.platform == "win32"``, no ``fcntl`` (``msvcrt`` instead), and ``os`` without the
POSIX-only names the foundation uses.

The Windows calls of ``parlour.core.winacl`` (access lists) and
``parlour.tui.winconsole`` (the console) are stand-ins that record what is asked.

What this checks: that nothing in core, tui or a game's start, play, save, recovery
and quit paths touches a name Windows lacks, and that the Windows paths are taken
(private recovery saves, the console put back, names refused, "resume with" lines).
The real calls run under Windows CPython: tools/windows/check.sh (docs/foundation.md).
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from parlour.tui import runner, screen, signals


class CursesError(Exception):
    """The fake ``curses.error``."""


class FakeWindow:
    """A 24x80 (or other) screen fed by a script of keys; records what is drawn."""

    def __init__(self, script: Iterable[str | int], rows: int = 24, cols: int = 80) -> None:
        self.script: Iterator[str | int] = iter(script)
        self.rows, self.cols = rows, cols
        self.grid = [[" "] * cols for _ in range(rows)]
        self.clears = 0
        self.reads = 0
        self.keys_sent: list[str | int] = []
        self.on_read: Callable[[FakeWindow], None] | None = None

    # Drawing ---------------------------------------------------------------
    def getmaxyx(self) -> tuple[int, int]:
        return self.rows, self.cols

    def erase(self) -> None:
        self.grid = [[" "] * self.cols for _ in range(self.rows)]

    def clear(self) -> None:
        self.clears += 1
        self.erase()

    def addstr(self, y: int, x: int, text: str, attr: int = 0) -> None:
        if not 0 <= y < self.rows:
            raise CursesError("addstr out of the window")
        for i, ch in enumerate(text):
            if 0 <= x + i < self.cols:
                self.grid[y][x + i] = ch

    def move(self, y: int, x: int) -> None:
        if not (0 <= y < self.rows and 0 <= x < self.cols):
            raise CursesError("move out of the window")

    def noutrefresh(self) -> None: ...

    def refresh(self) -> None: ...

    def keypad(self, flag: bool) -> None: ...

    def timeout(self, delay: int) -> None: ...

    def text(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self.grid)

    # Input -----------------------------------------------------------------
    def get_wch(self) -> str | int:
        self.reads += 1
        if self.on_read is not None:
            self.on_read(self)
        try:
            key = next(self.script)
        except StopIteration:
            raise CursesError("no input") from None  # end of the script: end of input
        self.keys_sent.append(key)
        return key


def fake_curses(window: FakeWindow, with_update_lines_cols: bool = False) -> types.ModuleType:
    """A ``curses`` module as far as the runner uses it; ``initscr`` returns ``window``."""
    module = types.ModuleType("curses")
    names: dict[str, Any] = {
        "error": CursesError,
        "initscr": lambda: window,
        "has_colors": lambda: True,
        "color_pair": lambda n: n << 8,
        "getmouse": lambda: (0, 0, 0, 0, 0),
        "ALL_MOUSE_EVENTS": 0xFFFF,
        "KEY_MOUSE": 409,
        "KEY_RESIZE": 410,
        "KEY_F0": 264,
        "KEY_UP": 259,
        "KEY_DOWN": 258,
        "KEY_LEFT": 260,
        "KEY_RIGHT": 261,
        "KEY_BACKSPACE": 263,
        "KEY_ENTER": 343,
        "A_NORMAL": 0,
        "A_BOLD": 1 << 16,
        "A_REVERSE": 1 << 17,
        "A_UNDERLINE": 1 << 18,
        "A_DIM": 1 << 19,
    }
    for index, colour in enumerate(("BLACK", "RED", "GREEN", "YELLOW", "BLUE", "MAGENTA", "CYAN")):
        names[f"COLOR_{colour}"] = index
    for call in ("noecho", "echo", "raw", "noraw", "endwin", "start_color", "use_default_colors"):
        names[call] = lambda *args: None
    for call in ("init_pair", "curs_set", "doupdate", "beep", "mouseinterval"):
        names[call] = lambda *args: None
    module.calls = []  # type: ignore[attr-defined]

    def mousemask(mask: int) -> tuple[int, int]:
        module.calls.append(("mousemask", mask))  # type: ignore[attr-defined]
        return mask, 0

    names["mousemask"] = mousemask
    if with_update_lines_cols:
        names["update_lines_cols"] = lambda: None
    for name, value in names.items():
        setattr(module, name, value)
    return module


def windows_signal() -> types.ModuleType:
    """The ``signal`` module as on Windows: SIGINT, SIGTERM, SIGBREAK, no job control."""
    module = types.ModuleType("signal")
    handlers: dict[int, Any] = {}
    module.SIGINT = 2  # type: ignore[attr-defined]
    module.SIGTERM = 15  # type: ignore[attr-defined]
    module.SIGBREAK = 21  # type: ignore[attr-defined]
    module.SIGABRT = 22  # type: ignore[attr-defined]
    module.SIG_DFL = 0  # type: ignore[attr-defined]
    module.SIG_IGN = 1  # type: ignore[attr-defined]
    module.handlers = handlers  # type: ignore[attr-defined]

    def set_handler(number: int, handler: Any) -> Any:
        if number not in (2, 15, 21, 22):
            raise ValueError("invalid signal value")
        previous = handlers.get(number, 0)
        handlers[number] = handler
        return previous

    module.signal = set_handler  # type: ignore[attr-defined]
    module.getsignal = lambda number: handlers.get(number, 0)  # type: ignore[attr-defined]
    return module


def fake_msvcrt() -> types.ModuleType:
    """``msvcrt.locking`` as the ledger uses it (locks are not checked here)."""
    module = types.ModuleType("msvcrt")
    module.LK_LOCK = 1  # type: ignore[attr-defined]
    module.LK_UNLCK = 0  # type: ignore[attr-defined]
    module.LK_NBLCK = 2  # type: ignore[attr-defined]
    module.calls = []  # type: ignore[attr-defined]
    module.locking = lambda fd, mode, count: module.calls.append(mode)  # type: ignore[attr-defined]
    return module


def fake_winacl() -> types.ModuleType:
    """``parlour.core.winacl`` on a system without the Windows calls: records what is asked."""
    import os

    module = types.ModuleType("parlour.core.winacl")
    module.calls = []  # type: ignore[attr-defined]

    def create_private(path: Any) -> int:
        module.calls.append(("create_private", os.fspath(path)))  # type: ignore[attr-defined]
        return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)

    def copy_access(source: Any, target: Any) -> None:
        module.calls.append(("copy_access", os.fspath(source)))  # type: ignore[attr-defined]

    module.create_private = create_private  # type: ignore[attr-defined]
    module.copy_access = copy_access  # type: ignore[attr-defined]
    return module


def fake_winconsole() -> types.ModuleType:
    """``parlour.tui.winconsole`` without a console: no font to ask; restores are counted."""
    module = types.ModuleType("parlour.tui.winconsole")
    module.restores = []  # type: ignore[attr-defined]

    class ConsoleState:
        def restore(self) -> None:
            module.restores.append(self)  # type: ignore[attr-defined]

    module.ConsoleState = ConsoleState  # type: ignore[attr-defined]
    module.console_font = lambda: None  # type: ignore[attr-defined]
    module.font_has = lambda face, text: False  # type: ignore[attr-defined]
    return module


POSIX_ONLY_OS_NAMES = ("O_NONBLOCK", "O_NOCTTY", "O_DIRECTORY", "fchown", "getuid", "geteuid")


@contextmanager
def windows(monkeypatch: pytest.MonkeyPatch, window: FakeWindow) -> Iterator[types.ModuleType]:
    """Everything the runner and the apps see looks like Windows while this is active."""
    curses_module = fake_curses(window)
    monkeypatch.setattr(runner, "curses", curses_module)
    monkeypatch.setattr(signals, "signal", windows_signal())
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "fcntl", None)  # import fcntl -> ImportError
    monkeypatch.setitem(sys.modules, "msvcrt", fake_msvcrt())
    import parlour.core
    import parlour.tui

    for package, name, fake in (
        (parlour.core, "winacl", fake_winacl()),
        (parlour.tui, "winconsole", fake_winconsole()),
    ):
        monkeypatch.setitem(sys.modules, f"{package.__name__}.{name}", fake)
        monkeypatch.setattr(package, name, fake, raising=False)
    for name in POSIX_ONLY_OS_NAMES:
        monkeypatch.delattr("os." + name, raising=False)
    # The test process has no terminal; the apps are told they have one.
    monkeypatch.setattr(runner, "stdin_is_terminal", lambda: True)
    monkeypatch.setattr(runner, "_stdout_is_terminal", lambda: True)
    monkeypatch.setattr(screen, "stdin_is_terminal", lambda: True)
    yield curses_module
