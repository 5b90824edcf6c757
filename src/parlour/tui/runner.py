"""Run a :class:`TerminalApp` under curses, restoring the terminal on every exit path.

* sets the locale so Unicode draws, starts curses in raw mode (so Ctrl-C
  arrives as the INTERRUPT key instead of killing the game), keypad and mouse
  decoding on, a short ESC delay;
* below 80x24 shows a "please enlarge the terminal" screen until it grows;
  KEY_RESIZE redraws everything;
* end of input (the terminal closed, SIGHUP) calls ``app.end_of_input()``;
  SIGTERM likewise;
* a crash restores the terminal, writes the traceback to ``crash.log`` in the
  data folder, asks the app for an emergency save and prints one line.
"""

from __future__ import annotations

import contextlib
import curses
import locale
import os
import signal
import sys
import time
import traceback
from types import FrameType
from typing import Any

from parlour.core import paths
from parlour.tui import keys
from parlour.tui.app import MIN_COLS, MIN_ROWS, TerminalApp
from parlour.tui.frame import COLOURS, Frame, Style

FAILED_READS_FOR_EOF = 20
"""Consecutive instant read failures taken to mean the terminal has gone away."""


class _Hangup(Exception):
    """The terminal hung up or the process was asked to stop."""


def _curses_key_names() -> dict[int, str]:
    table: dict[int, str] = {}
    pairs = {
        "KEY_UP": keys.UP,
        "KEY_DOWN": keys.DOWN,
        "KEY_LEFT": keys.LEFT,
        "KEY_RIGHT": keys.RIGHT,
        "KEY_HOME": keys.HOME,
        "KEY_END": keys.END,
        "KEY_PPAGE": keys.PGUP,
        "KEY_NPAGE": keys.PGDN,
        "KEY_IC": keys.INSERT,
        "KEY_DC": keys.DELETE,
        "KEY_BACKSPACE": keys.BACKSPACE,
        "KEY_ENTER": keys.ENTER,
        "KEY_RESIZE": keys.RESIZE,
        "KEY_MOUSE": keys.MOUSE,
        "KEY_BTAB": keys.TAB,
        "KEY_A1": keys.HOME,
        "KEY_C1": keys.END,
        "KEY_A3": keys.PGUP,
        "KEY_C3": keys.PGDN,
    }
    for attr, name in pairs.items():
        code = getattr(curses, attr, None)
        if isinstance(code, int):
            table[code] = name
    for n in range(1, 13):
        code = curses.KEY_F0 + n
        table[code] = f"F{n}"
    return table


class _Screen:
    """Paints frames on the curses screen and reads keys."""

    def __init__(self, stdscr: Any) -> None:
        self.stdscr = stdscr
        self.names = _curses_key_names()
        self.colour_pairs: dict[Style, int] = {}
        self.pending: list[str] = []
        if curses.has_colors():
            try:
                curses.start_color()
                curses.use_default_colors()
                background = -1
            except curses.error:
                background = curses.COLOR_BLACK
            colour_of = {
                Style.RED: curses.COLOR_RED,
                Style.GREEN: curses.COLOR_GREEN,
                Style.YELLOW: curses.COLOR_YELLOW,
                Style.BLUE: curses.COLOR_BLUE,
                Style.MAGENTA: curses.COLOR_MAGENTA,
                Style.CYAN: curses.COLOR_CYAN,
            }
            for index, colour in enumerate(COLOURS, start=1):
                try:
                    curses.init_pair(index, colour_of[colour], background)
                    self.colour_pairs[colour] = index
                except curses.error:
                    break

    def attr(self, style: Style) -> int:
        value = curses.A_NORMAL
        if style & Style.BOLD:
            value |= curses.A_BOLD
        if style & Style.REVERSE:
            value |= curses.A_REVERSE
        if style & Style.UNDERLINE:
            value |= curses.A_UNDERLINE
        if style & Style.DIM:
            value |= curses.A_DIM
        for colour, pair in self.colour_pairs.items():
            if style & colour:
                value |= curses.color_pair(pair)
                break
        return value

    def size(self) -> tuple[int, int]:
        rows, cols = self.stdscr.getmaxyx()
        return int(rows), int(cols)

    def paint(self, frame: Frame, top: int, left: int) -> None:
        rows, cols = self.size()
        self.stdscr.erase()
        for r in range(frame.height):
            y = top + r
            if y >= rows:
                break
            for col, text, style in frame.runs(r):
                x = left + col
                if x >= cols:
                    continue
                text = text[: cols - x]
                if not text.strip() and style == Style.NORMAL:
                    continue
                # Writing the bottom-right cell moves the cursor off screen: not an error.
                with contextlib.suppress(curses.error):
                    self.stdscr.addstr(y, x, text, self.attr(style))
        if frame.cursor is not None:
            with contextlib.suppress(curses.error):
                curses.curs_set(1)
            cy, cx = frame.cursor[0] + top, frame.cursor[1] + left
            if 0 <= cy < rows and 0 <= cx < cols:
                self.stdscr.move(cy, cx)
        else:
            with contextlib.suppress(curses.error):
                curses.curs_set(0)
        self.stdscr.noutrefresh()
        curses.doupdate()
        if frame.bell:
            curses.beep()

    def paint_too_small(self) -> None:
        rows, cols = self.size()
        self.stdscr.erase()
        lines = ["Please enlarge the terminal (80x24).", f"It is now {cols}x{rows}."]
        for i, line in enumerate(lines):
            y = rows // 2 - 1 + i
            text = line[: max(cols - 1, 0)]
            if 0 <= y < rows and text:
                with contextlib.suppress(curses.error):
                    self.stdscr.addstr(y, max((cols - len(text)) // 2, 0), text)
        with contextlib.suppress(curses.error):
            curses.curs_set(0)
        self.stdscr.refresh()

    def read_key(self, timeout: float | None) -> str:
        """One key name; TIMEOUT when ``timeout`` passed; EOF when input has ended."""
        if self.pending:
            return self.pending.pop(0)
        self.stdscr.timeout(-1 if timeout is None else max(int(timeout * 1000), 0))
        failures = 0
        while True:
            started = time.monotonic()
            try:
                raw = self.stdscr.get_wch()
            except curses.error:
                waited = time.monotonic() - started
                if timeout is not None and waited >= timeout * 0.5:
                    return keys.TIMEOUT
                failures += 1
                if failures >= FAILED_READS_FOR_EOF or not os.isatty(sys.stdin.fileno()):
                    return keys.EOF
                time.sleep(0.005)
                continue
            except KeyboardInterrupt:
                return keys.INTERRUPT
            if isinstance(raw, int):
                if raw == curses.KEY_MOUSE:
                    return keys.MOUSE
                return keys.decode_code(raw, self.names)
            if raw == "\x1b":
                return self._read_escape()
            return keys.decode_char(raw)

    def _read_escape(self) -> str:
        """After ESC: gather what is already waiting and decode it as one key."""
        self.stdscr.timeout(0)
        rest = ""
        for _ in range(16):
            try:
                ch = self.stdscr.get_wch()
            except curses.error:
                break
            if isinstance(ch, int):
                self.pending.append(keys.decode_code(ch, self.names))
                break
            rest += ch
            if len(rest) >= 2 and (rest[-1].isalpha() or rest[-1] == "~"):
                break
        key, used = keys.decode_escape(rest)
        for ch in rest[used:]:
            self.pending.append(keys.decode_char(ch))
        return key


def _hangup_handler(signum: int, frame: FrameType | None) -> None:
    raise _Hangup()


def _loop(stdscr: Any, app: TerminalApp) -> None:
    screen = _Screen(stdscr)
    while not app.finished:
        rows, cols = screen.size()
        small = rows < MIN_ROWS or cols < MIN_COLS
        if small:
            screen.paint_too_small()
        else:
            frame = app.render(rows, cols)
            top = left = 0
            if app.centre:
                top = max((rows - frame.height) // 2, 0)
                left = max((cols - frame.width) // 2, 0)
            screen.paint(frame, top, left)
        key = screen.read_key(None if small else app.timeout())
        if key == keys.EOF:
            app.end_of_input()
            app.finished = True
            if app.exit_status == 0:
                app.exit_status = 1
            break
        if key == keys.RESIZE:
            curses.update_lines_cols()
            stdscr.clear()
            continue
        if key == keys.MOUSE:
            _dispatch_mouse(app, top if not small else 0, left if not small else 0)
            continue
        if small and key not in (keys.INTERRUPT, "CTRL_L"):
            continue
        if key == "CTRL_L":
            stdscr.clear()
        app.handle_key(key)


def _dispatch_mouse(app: TerminalApp, top: int, left: int) -> None:
    try:
        _, x, y, _, state = curses.getmouse()
    except curses.error:
        return
    double = getattr(curses, "BUTTON1_DOUBLE_CLICKED", 0)
    single = getattr(curses, "BUTTON1_CLICKED", 0) | getattr(curses, "BUTTON1_PRESSED", 0)
    if state & double:
        app.handle_mouse(y - top, x - left, "DOUBLE")
    elif state & single:
        app.handle_mouse(y - top, x - left, "CLICK")


def _log_crash() -> str:
    text = traceback.format_exc()
    try:
        log = paths.data_file("crash.log")
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{text}\n")
        return str(log)
    except OSError:
        return "(the crash log could not be written)"


def run(app: TerminalApp) -> int:
    """Run ``app`` until it finishes; returns the process exit status.

    The terminal is restored before anything is printed, whatever happens.
    """
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(f"{app.program}: this game needs a terminal", file=sys.stderr)
        return 1
    with contextlib.suppress(locale.Error):
        locale.setlocale(locale.LC_ALL, "")
    os.environ.setdefault("ESCDELAY", "25")
    old_handlers = {}
    for sig in (signal.SIGHUP, signal.SIGTERM):
        if hasattr(signal, sig.name):
            old_handlers[sig] = signal.signal(sig, _hangup_handler)
    stdscr = None
    crash: str | None = None
    try:
        try:
            stdscr = curses.initscr()
        except curses.error as exc:
            print(f"{app.program}: cannot start the terminal screen ({exc})", file=sys.stderr)
            return 1
        curses.noecho()
        curses.raw()
        stdscr.keypad(True)
        try:
            curses.mousemask(curses.ALL_MOUSE_EVENTS)
            curses.mouseinterval(200)
        except curses.error:
            pass
        try:
            _loop(stdscr, app)
        except _Hangup:
            app.end_of_input()
            if app.exit_status == 0:
                app.exit_status = 1
        except KeyboardInterrupt:
            # Ctrl-C arrives as a key in raw mode; a SIGINT from elsewhere ends politely.
            app.end_of_input()
            if app.exit_status == 0:
                app.exit_status = 130
        except Exception:
            crash = _log_crash()
    finally:
        if stdscr is not None:
            try:
                stdscr.keypad(False)
                curses.noraw()
                curses.echo()
                curses.endwin()
            except curses.error:
                pass
        for sig, handler in old_handlers.items():
            signal.signal(sig, handler)
    if crash is not None:
        saved: str | None = None
        try:
            saved = app.emergency_save()
        except Exception:
            saved = None
        where = f"; your game was saved to {saved}" if saved else ""
        print(
            f"{app.program}: internal error, sorry; details in {crash}{where}",
            file=sys.stderr,
        )
        return 70
    if app.exit_message:
        print(app.exit_message)
    return app.exit_status
