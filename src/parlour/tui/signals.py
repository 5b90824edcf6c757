"""Signals while a game runs: they are noted, never raised into the middle of a move.

A handler that raised an exception could fire anywhere in the app's code,
half-way through applying a move, and the recovery save would then hold a
state no game can reach. So every handler here only sets a flag; the runner
looks at the flags between moves (a signal also interrupts the blocking key
read, which then reports it), so a game is always saved from a consistent
state.

* SIGHUP, SIGTERM (SIGBREAK on Windows): the terminal went away or the process was asked to stop:
  the runner treats it as end of input (the app makes its recovery save).
* SIGINT from outside (Ctrl-C itself arrives as a key in raw mode): the
  ``INTERRUPT`` key, so the app can ask before quitting, as for Ctrl-C.
* SIGTSTP (``kill -TSTP``; ^Z arrives as a key): a suspend, done between moves
  like the ^Z key, where the platform has job control.
* SIGCONT after a stop the game could not see coming (SIGSTOP): the shell has
  put the terminal back in its own mode and drawn over the screen, so the runner
  re-enters curses and repaints everything.

Every name is looked up with ``getattr``: Windows has no SIGHUP or SIGTSTP.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from types import FrameType

from parlour import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

    Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None

HANGUP_SIGNALS = ("SIGHUP", "SIGTERM", "SIGBREAK")
"""SIGBREAK: Ctrl-Break on Windows, the nearest thing it has to a request to stop."""
INTERRUPT_SIGNALS = ("SIGINT",)
SUSPEND_SIGNALS = ("SIGTSTP",)
CONTINUE_SIGNALS = ("SIGCONT",)


def _number(name: str) -> int | None:
    value = getattr(signal, name, None)
    return int(value) if value is not None else None


def has_job_control() -> bool:
    """Whether this platform can stop and continue a process (SIGTSTP and SIGCONT)."""
    return (
        _number("SIGTSTP") is not None
        and _number("SIGCONT") is not None
        and hasattr(os, "kill")
        and hasattr(signal, "SIG_DFL")
    )


class Pending:
    """What the signals asked for since the runner last looked."""

    def __init__(self) -> None:
        self.hangup: int | None = None
        """The signal number of a hang-up or stop request, once one arrived."""
        self.interrupts = 0
        self.suspend = False
        self.resumed = False
        self._previous: dict[int, Handler] = {}

    def _on_hangup(self, signum: int, frame: FrameType | None) -> None:
        if self.hangup is None:
            self.hangup = signum

    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        self.interrupts += 1

    def _on_suspend(self, signum: int, frame: FrameType | None) -> None:
        self.suspend = True

    def _on_continue(self, signum: int, frame: FrameType | None) -> None:
        self.resumed = True

    def install(self) -> None:
        """Put this object's handlers in place (before curses starts, so it keeps them)."""
        table: list[tuple[tuple[str, ...], Callable[[int, FrameType | None], None]]] = [
            (HANGUP_SIGNALS, self._on_hangup),
            (INTERRUPT_SIGNALS, self._on_interrupt),
        ]
        if has_job_control():
            table.append((SUSPEND_SIGNALS, self._on_suspend))
            table.append((CONTINUE_SIGNALS, self._on_continue))
        for names, handler in table:
            for name in names:
                number = _number(name)
                if number is None:
                    continue
                try:
                    self._previous[number] = signal.signal(number, handler)
                except (OSError, ValueError, RuntimeError):
                    continue  # not the main thread, or not settable here

    def restore(self) -> None:
        """Put back the handlers that were there before :meth:`install`."""
        for number, handler in self._previous.items():
            try:
                # None: a handler set outside Python (cannot be reinstated); the default then.
                signal.signal(number, handler if handler is not None else signal.SIG_DFL)
            except (OSError, ValueError, RuntimeError, TypeError):
                continue
        self._previous.clear()

    def take_interrupt(self) -> bool:
        """Whether a SIGINT is waiting (and mark it seen)."""
        if self.interrupts:
            self.interrupts -= 1
            return True
        return False

    def take_suspend(self) -> bool:
        """Whether a SIGTSTP is waiting (and mark it seen)."""
        waiting, self.suspend = self.suspend, False
        return waiting

    def take_resumed(self) -> bool:
        """Whether a SIGCONT arrived (and mark it seen)."""
        waiting, self.resumed = self.resumed, False
        return waiting


def stop_self() -> None:
    """Stop this process as the shell's job control expects; returns once continued.

    The default SIGTSTP action is put in place for the moment of the stop, so the
    shell sees the job stopped (not merely a signal caught), then ours comes back.
    """
    number = _number("SIGTSTP")
    if number is None or not has_job_control():
        return
    previous = signal.signal(number, signal.SIG_DFL)
    try:
        os.kill(os.getpid(), number)
    finally:
        signal.signal(number, previous if previous is not None else signal.SIG_DFL)
