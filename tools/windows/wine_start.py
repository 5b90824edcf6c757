"""Run a module under Wine's console so that keys typed in the terminal reach it.

Wine 8.0's console, attached to a Unix terminal, starts reading that terminal only
when a program first blocks in a console read; PDCurses never blocks, it polls
(PeekConsoleInput), so no key ever arrives. This writes one key-up event into the
console's input and reads it back (a read that returns at once), which starts the
reader, then runs the module as ``python -m`` would. Real Windows needs none of this.

usage: python.exe wine_start.py MODULE [ARGS...]
"""

from __future__ import annotations

import ctypes
import runpy
import sys
from ctypes import wintypes

KEY_EVENT = 1
STD_INPUT = -10


class _KeyEvent(ctypes.Structure):
    _fields_ = [
        ("bKeyDown", wintypes.BOOL),
        ("wRepeatCount", wintypes.WORD),
        ("wVirtualKeyCode", wintypes.WORD),
        ("wVirtualScanCode", wintypes.WORD),
        ("uChar", wintypes.WCHAR),
        ("dwControlKeyState", wintypes.DWORD),
    ]


class _InputRecord(ctypes.Structure):
    _fields_ = [("EventType", wintypes.WORD), ("_padding", wintypes.WORD), ("Event", _KeyEvent)]


def start_console_reader() -> None:
    """Queue one key-up event and read it back: Wine's tty reader runs from then on."""
    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    kernel32.GetStdHandle.restype = wintypes.HANDLE
    handle = wintypes.HANDLE(kernel32.GetStdHandle(STD_INPUT))
    record = _InputRecord()
    record.EventType = KEY_EVENT
    record.Event.bKeyDown = False
    record.Event.wRepeatCount = 1
    count = wintypes.DWORD()
    if kernel32.WriteConsoleInputW(handle, ctypes.byref(record), 1, ctypes.byref(count)):
        kernel32.ReadConsoleInputW(handle, ctypes.byref(record), 1, ctypes.byref(count))


def main() -> None:
    module = sys.argv[1]
    start_console_reader()
    sys.argv = [module, *sys.argv[2:]]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
