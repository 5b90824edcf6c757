"""The curses screen: paints a Frame, reads keys as names.

The runner, the one module that imports curses, hands its ``curses`` module in,
so this module stays importable without curses (and a test can hand in another).

A signal noted by :class:`parlour.tui.signals.Pending` interrupts the blocking
read; :meth:`Screen.read_key` then reports it as a key: ``EOF`` for a hang-up,
``INTERRUPT`` for SIGINT, ``SUSPEND`` for SIGTSTP, ``RESUMED`` for SIGCONT, so the
app only ever sees them between moves.
"""

from __future__ import annotations

import contextlib
import locale
import os
import sys
import time

from parlour import TYPE_CHECKING
from parlour.tui import keys
from parlour.tui.frame import COLOURS, Frame, Style
from parlour.tui.signals import Pending

if TYPE_CHECKING:
    from typing import Any

FAILED_READS_FOR_EOF = 20
"""Consecutive instant read failures taken to mean the terminal has gone away."""

_ATTRIBUTES = (
    (Style.BOLD, "A_BOLD"),
    (Style.REVERSE, "A_REVERSE"),
    (Style.UNDERLINE, "A_UNDERLINE"),
    (Style.DIM, "A_DIM"),
)

SUSPEND = "SUSPEND"
"""Not an app key: the runner's own name for a SIGTSTP noted during the read."""
RESUMED = "RESUMED"
"""Not an app key: a SIGCONT arrived (the process was stopped and continued)."""


def stdin_is_terminal() -> bool:
    """Whether standard input is a terminal (False where that cannot be asked)."""
    try:
        return os.isatty(sys.stdin.fileno())
    except (AttributeError, OSError, ValueError):
        return False


def _curses_key_names(curses: Any) -> dict[int, str]:
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


def ascii_locale() -> bool:
    """Whether the locale's character set is plain ASCII (the C or POSIX locale).

    Not on Windows, where the console hands curses whole characters in any locale.
    """
    if sys.platform == "win32":
        return False
    try:
        codeset = locale.nl_langinfo(locale.CODESET)
    except (AttributeError, ValueError):
        return False
    return codeset.upper().replace("-", "").replace("_", "") in ("ANSIX3.41968", "ASCII", "USASCII")


def untypable_notice(typed: str) -> str:
    """What the player is told when a letter outside ASCII is typed in an ASCII-only locale
    (in ASCII: such a locale cannot show the letter itself). English only, on purpose: in
    an ASCII-only locale the games speak English (:func:`parlour.core.i18n.fall_back_if_ascii`),
    since neither French accents nor Japanese can be drawn there."""
    import unicodedata

    letter = typed[:1] or "?"
    name = unicodedata.name(letter, "").lower()
    for prefix, first in (("latin small letter ", str.lower), ("latin capital letter ", str.upper)):
        if name.startswith(prefix):
            rest = name.removeprefix(prefix)
            name = first(rest[:1]) + rest[1:]
            break
    called = f"U+{ord(letter):04X}" + (f" ({name})" if 0 < len(name) <= 22 else "")
    if letter == "\ufffd":
        called = "That key"
    return f"{called} cannot be typed here: the locale is ASCII only."


def waiting_keys_line(waiting: int, most: int) -> str:
    """What the "please enlarge" screen says of the keys typed meanwhile."""
    from parlour.core.i18n import ngettext, number

    if most and waiting >= most:
        return ngettext(
            "{n} key waits for it; no more are kept.",
            "{n} keys wait for it; no more are kept.",
            waiting,
        ).format(n=number(waiting))
    return ngettext(
        "{n} key typed will be used then.", "{n} keys typed will be used then.", waiting
    ).format(n=number(waiting))


def too_small_lines(cols: int, rows: int, waiting: int = 0, most: int = 0) -> list[tuple[str, int]]:
    """The lines of the "please enlarge" screen of a ``cols`` x ``rows`` terminal, each cut
    to ``cols - 1`` display columns (never inside a character), with the columns it takes."""
    from parlour.core.i18n import _
    from parlour.core.text import fit, width

    lines = [
        _("Please enlarge the terminal (80x24)."),
        _("It is now {cols}x{rows}.").format(cols=cols, rows=rows),
    ]
    if waiting:
        lines.append(waiting_keys_line(waiting, most))
    shown = [fit(line, max(cols - 1, 0), ellipsis="") for line in lines]
    return [(line, width(line)) for line in shown]


class Screen:
    """Paints frames on the curses screen and reads keys."""

    def __init__(self, curses: Any, stdscr: Any, pending: Pending | None = None) -> None:
        self.curses = curses
        self.stdscr = stdscr
        self.signals = pending if pending is not None else Pending()
        self.names = _curses_key_names(curses)
        self.colour_pairs: dict[Style, int] = {}
        self.pending: list[str] = []
        self.ascii_only = ascii_locale()
        """The locale has only ASCII (C/POSIX): keys are read byte by byte (``get_wch``
        would swallow a typed ``ë`` and every key after it), and a letter outside ASCII
        is refused with :attr:`notice`."""
        self.notice: str | None = None
        """A line the runner shows over the bottom row until the next key."""
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
        value = int(self.curses.A_NORMAL)
        # getattr: a curses build may lack one (PDCurses on Windows has no A_DIM in places).
        for flag, name in _ATTRIBUTES:
            if style & flag:
                value |= int(getattr(self.curses, name, 0))
        for colour, pair in self.colour_pairs.items():
            if style & colour:
                value |= int(self.curses.color_pair(pair))
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
                with contextlib.suppress(self.curses.error):
                    self.stdscr.addstr(y, x, text, self.attr(style))
        if self.notice is not None:
            y = min(top + frame.height, rows) - 1
            line = self.notice[: max(min(frame.width, cols - left) - 1, 0)]
            with contextlib.suppress(self.curses.error):
                self.stdscr.addstr(y, left, " " * len(line), self.attr(Style.NORMAL))
                self.stdscr.addstr(y, left, line, self.attr(Style.REVERSE))
        if frame.cursor is not None:
            with contextlib.suppress(self.curses.error):
                self.curses.curs_set(1)
            cy, cx = frame.cursor[0] + top, frame.cursor[1] + left
            if 0 <= cy < rows and 0 <= cx < cols:
                self.stdscr.move(cy, cx)
        else:
            with contextlib.suppress(self.curses.error):
                self.curses.curs_set(0)
        self.stdscr.noutrefresh()
        self.curses.doupdate()
        if frame.bell:
            self.curses.beep()

    def paint_too_small(self, waiting: int = 0, most: int = 0) -> None:
        """The "please enlarge" screen; ``waiting`` keys typed meanwhile (at most ``most``
        are kept) are said to wait."""
        rows, cols = self.size()
        self.stdscr.erase()
        for i, (line, columns) in enumerate(too_small_lines(cols, rows, waiting, most)):
            y = rows // 2 - 1 + i
            if 0 <= y < rows and line:
                with contextlib.suppress(self.curses.error):
                    self.stdscr.addstr(y, max((cols - columns) // 2, 0), line)
        with contextlib.suppress(self.curses.error):
            self.curses.curs_set(0)
        self.stdscr.refresh()

    def noted_signal(self) -> str | None:
        """The key standing for a signal noted since the last look, if any."""
        if self.signals.hangup is not None:
            return keys.EOF
        if self.signals.take_interrupt():
            return keys.INTERRUPT
        if self.signals.take_suspend():
            return SUSPEND
        if self.signals.take_resumed():
            return RESUMED
        return None

    def read_key(self, timeout: float | None) -> str:
        """One key name; TIMEOUT when ``timeout`` passed; EOF when input has ended."""
        noted = self.noted_signal()
        if noted is not None:
            return noted
        if self.pending:
            return self.pending.pop(0)
        self.notice = None
        self.stdscr.timeout(-1 if timeout is None else max(int(timeout * 1000), 0))
        failures = 0
        while True:
            started = time.monotonic()
            try:
                raw = self._get()
            except self.curses.error:
                # A signal interrupts the read: its handler has run by now.
                noted = self.noted_signal()
                if noted is not None:
                    return noted
                waited = time.monotonic() - started
                if timeout is not None and waited >= timeout * 0.5:
                    return keys.TIMEOUT
                failures += 1
                if failures >= FAILED_READS_FOR_EOF or not stdin_is_terminal():
                    return keys.EOF
                time.sleep(0.005)
                continue
            except KeyboardInterrupt:
                return keys.INTERRUPT
            if isinstance(raw, int):
                if raw == self.curses.KEY_MOUSE:
                    return keys.MOUSE
                return keys.decode_code(raw, self.names)
            if raw == "":
                return keys.UNKNOWN
            if raw == "\x1b":
                return self._read_escape()
            return keys.decode_char(raw)

    def _get(self) -> str | int:
        """The next key as ``get_wch`` gives it; in an ASCII-only locale read as bytes, a
        letter outside ASCII refused (as ``""``) with a notice naming it."""
        if not self.ascii_only:
            result: str | int = self.stdscr.get_wch()
            return result
        code = int(self.stdscr.getch())
        if code < 0:
            raise self.curses.error("no input")
        if code < 0x80:
            return chr(code)
        if code > 0xFF:
            return code
        raw = bytes([code])
        self.stdscr.timeout(0)
        while len(raw) < 4:  # the rest of the UTF-8 sequence is already waiting
            more = int(self.stdscr.getch())
            if not 0x80 <= more < 0xC0:
                if more >= 0:
                    self.curses.ungetch(more)
                break
            raw += bytes([more])
        typed = raw.decode("utf-8", "replace")
        self.notice = untypable_notice(typed)
        return ""  # read_key makes it UNKNOWN

    def _read_escape(self) -> str:
        """After ESC: gather what is already waiting and decode it as one key."""
        self.stdscr.timeout(0)
        rest = ""
        for _ in range(16):
            try:
                ch = self._get()
            except self.curses.error:
                break
            if isinstance(ch, int):
                self.pending.append(keys.decode_code(ch, self.names))
                break
            if ch == "":
                self.pending.append(keys.UNKNOWN)
                break
            rest += ch
            if len(rest) >= 2 and (rest[-1].isalpha() or rest[-1] == "~"):
                break
        key, used = keys.decode_escape(rest)
        for ch in rest[used:]:
            self.pending.append(keys.decode_char(ch))
        return key
