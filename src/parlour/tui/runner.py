"""Run a :class:`TerminalApp` under curses, restoring the terminal on every exit path.

* sets the locale so Unicode draws, starts curses in raw mode (so Ctrl-C
  arrives as the INTERRUPT key instead of killing the game), keypad decoding
  on, mouse reporting only for an app that asks (``uses_mouse``), a short ESC
  delay;
* below 80x24 shows a "please enlarge the terminal" screen until it grows;
  keys typed meanwhile are kept, in order, and handed to the app once it has
  (a name typed blind is not cut to pieces); KEY_RESIZE, ^L and an app's
  ``clear_screen`` redraw everything;
* end of input, SIGHUP and SIGTERM call ``app.end_of_input()`` between moves,
  never in the middle of one (see :mod:`parlour.tui.signals`);
* ^Z (and SIGTSTP) suspends the game where the platform has job control, as
  BSD games do: curses ends, the process stops, and on ``fg`` the whole screen
  is drawn again; elsewhere ^Z is an ordinary key for the app;
* a crash restores the terminal, writes the traceback to ``crash.log`` in the
  data folder, asks the app for an emergency save and prints one line.

Every line printed at the end goes through :func:`say` (escaped, wrapped to 80
columns between words, never inside a word or a path), and a terminal that has
gone away (EIO, EPIPE) makes the runner silent, not a traceback. A terminal that
cannot move the cursor (``TERM=dumb``, an unknown TERM) gets one line saying so.
"""

from __future__ import annotations

import collections
import contextlib
import curses
import locale
import os
import sys
import time

from parlour import TYPE_CHECKING
from parlour.core import cliutil, i18n, paths, text
from parlour.core.i18n import N_, _
from parlour.tui import keys, signals
from parlour.tui.app import MIN_COLS, MIN_ROWS, TerminalApp
from parlour.tui.screen import RESUMED, SUSPEND, Screen, stdin_is_terminal

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any, TextIO

SUSPEND_KEY = "CTRL_Z"
MAX_WAITING_KEYS = 1000
"""Keys kept while the terminal is too small; more than this are not kept (and the screen
says so)."""


def _end_of_input(app: TerminalApp) -> None:
    app.end_of_input()
    app.finished = True
    if app.exit_status == 0:
        app.exit_status = 1


def _update_size() -> None:
    update = getattr(curses, "update_lines_cols", None)  # not in every curses build
    if update is not None:
        with contextlib.suppress(curses.error):
            update()


def _leave_curses() -> None:
    with contextlib.suppress(curses.error):
        curses.endwin()
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()


def _come_back(stdscr: Any) -> None:
    """After a stop: the next refresh re-enters curses mode; clear() repaints it all."""
    _update_size()
    stdscr.clear()


def _suspend(stdscr: Any, pending: signals.Pending) -> None:
    """End curses, stop as job control does, and on resume make the next paint a full one."""
    _leave_curses()
    signals.stop_self()
    pending.take_resumed()  # this SIGCONT is the one we expected
    _come_back(stdscr)


def _resumed(stdscr: Any) -> None:
    """Continued after a stop curses never saw (SIGSTOP): the shell has had the terminal.

    Ending curses and refreshing puts curses' own terminal modes (raw, no echo) back.
    """
    _leave_curses()
    _come_back(stdscr)


def _loop(stdscr: Any, app: TerminalApp, pending: signals.Pending) -> None:
    screen = Screen(curses, stdscr, pending)
    job_control = signals.has_job_control()
    top = left = 0
    waiting: collections.deque[str] = collections.deque()
    """Keys typed while the terminal was too small, for the app once it is not."""
    while not app.finished:
        if pending.hangup is not None:
            _end_of_input(app)
            return
        rows, cols = screen.size()
        small = rows < MIN_ROWS or cols < MIN_COLS
        if small:
            top = left = 0
            screen.paint_too_small(len(waiting), MAX_WAITING_KEYS)
        elif waiting:
            _deliver(app, stdscr, waiting.popleft())
            continue
        else:
            frame = app.render(rows, cols)
            top = left = 0
            if app.centre:
                top = max((rows - frame.height) // 2, 0)
                left = max((cols - frame.width) // 2, 0)
            screen.paint(frame, top, left)
        key = screen.read_key(None if small else app.timeout())
        if key == keys.EOF:
            _end_of_input(app)
            return
        if key == SUSPEND or (key == SUSPEND_KEY and job_control):
            _suspend(stdscr, pending)
            continue
        if key == RESUMED:
            _resumed(stdscr)
            continue
        if key == keys.RESIZE:
            _update_size()
            stdscr.clear()
            continue
        if key == keys.MOUSE:
            if app.uses_mouse:
                _dispatch_mouse(app, top, left)
            continue
        if small:
            if key == keys.CTRL_L:
                stdscr.clear()
            elif len(waiting) < MAX_WAITING_KEYS:
                waiting.append(key)
            continue
        _deliver(app, stdscr, key)


def _deliver(app: TerminalApp, stdscr: Any, key: str) -> None:
    """Hand one key to the app (^L and the app's ``clear_screen`` repaint everything)."""
    if key == keys.CTRL_L:
        stdscr.clear()
    app.handle_key(key)
    if app.clear_screen:
        app.clear_screen = False
        stdscr.clear()


def _dispatch_mouse(app: TerminalApp, top: int, left: int) -> None:
    try:
        _device, x, y, _z, state = curses.getmouse()
    except curses.error:
        return
    double = getattr(curses, "BUTTON1_DOUBLE_CLICKED", 0)
    single = getattr(curses, "BUTTON1_CLICKED", 0) | getattr(curses, "BUTTON1_PRESSED", 0)
    if state & double:
        app.handle_mouse(y - top, x - left, "DOUBLE")
    elif state & single:
        app.handle_mouse(y - top, x - left, "CLICK")


def _log_crash() -> str:
    """Append the traceback to ``crash.log`` in the data folder; its path, or why not.

    Appended as the statistics are (:func:`parlour.core.ledger.append_lines`): never
    through a link planted in the data folder, never into a FIFO or device, and a
    write that only partly fits is cut back off.
    """
    import traceback

    from parlour.core import ledger

    text_of_crash = traceback.format_exc()
    entry = f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{text_of_crash}\n"
    try:
        log = paths.data_file("crash.log")
        ledger.append_lines(log, entry.encode("utf-8", "backslashreplace"))
        return str(log)
    except (OSError, ledger.LedgerError):  # paths.DataDirError included: an odd data folder
        return _("(the crash log could not be written)")


def _silence() -> None:
    """Point standard output and error at the null device: the terminal has gone away."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    for fd in (1, 2):
        with contextlib.suppress(OSError):
            os.dup2(null, fd)
    with contextlib.suppress(OSError):
        os.close(null)


def say(message: str, stream: TextIO | None = None) -> None:
    """Print ``message`` escaped and wrapped to 80 columns (:func:`parlour.core.cliutil.say`,
    the one way every game's leaving lines are printed); silence everything if the
    terminal is gone."""
    if not cliutil.say(message, stream):
        _silence()


def _start_mouse(app: TerminalApp) -> None:
    if not app.uses_mouse:
        return
    with contextlib.suppress(curses.error, AttributeError):
        curses.mousemask(curses.ALL_MOUSE_EVENTS)
        curses.mouseinterval(200)


def _stdout_is_terminal() -> bool:
    try:
        return os.isatty(sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):
        return False


def _console_as_found() -> Any:
    """On Windows, the console's buffer and modes as found, put back after ``endwin``.

    PDCurses leaves the output mode changed (and under Wine the game's own screen
    buffer active); see :mod:`parlour.tui.winconsole`. None elsewhere.
    """
    if sys.platform != "win32":
        return None
    from parlour.tui import winconsole

    return winconsole.ConsoleState()


def set_locale(
    setlocale: Callable[[int, str], str] = locale.setlocale,
    environ: Mapping[str, str] = os.environ,
) -> str | None:
    """Set the locale curses draws and reads with; the name tried that took, None if none.

    The user's own first (``""``). A locale named but not installed on this machine (a
    ``LANG=ja_JP.UTF-8`` never generated) makes that fail as a whole: then ``C.UTF-8``
    where the name asked for UTF-8 (so a UTF-8 terminal still gets UTF-8), then ``C``.
    The messages' language is not the locale's business: it was chosen from the same
    variables by :mod:`parlour.core.i18n`, and falls back to English only where the
    character set ends up ASCII (:func:`parlour.core.i18n.fall_back_if_ascii`).
    """
    tries = ["", "C.UTF-8", "C"] if i18n.asks_utf8(environ) else ["", "C"]
    for name in tries:
        try:
            setlocale(locale.LC_ALL, name)
        except locale.Error:
            continue
        return name
    return None


NEEDED = N_("needs a terminal that can move the cursor")
"""What a terminal must do for a game; the line also says what TERM says."""


def terminal_problem(program: str) -> str | None:
    """One line saying why this terminal cannot show the game, or None if it can.

    The game draws by moving the cursor: a terminal type that cannot (``TERM=dumb``,
    an emacs shell buffer) or that this system does not know would draw one unusable
    line. Windows consoles always can (PDCurses has no terminal types).
    """
    if sys.platform == "win32":
        return None
    term = os.environ.get("TERM", "")
    if not term:
        return _("{program}: {needed}; TERM is not set").format(program=program, needed=_(NEEDED))
    shown = text.printable(term)
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        fd = 1
    try:
        curses.setupterm(term, fd)
    except (curses.error, OSError, ValueError):
        return _("{program}: {needed}; TERM={term} is unknown").format(
            program=program, needed=_(NEEDED), term=shown
        )
    try:
        move = curses.tigetstr("cup")
    except curses.error:
        move = None
    if not move:
        return _("{program}: {needed}; TERM={term} cannot").format(
            program=program, needed=_(NEEDED), term=shown
        )
    return None


def run(app: TerminalApp) -> int:
    """Run ``app`` until it finishes; returns the process exit status.

    The terminal is restored before anything is printed, whatever happens.
    """
    if not (stdin_is_terminal() and _stdout_is_terminal()):
        say(_("{program}: this game needs a terminal").format(program=app.program), sys.stderr)
        return 1
    problem = terminal_problem(app.program)
    if problem is not None:
        say(problem, sys.stderr)
        return 1
    set_locale()
    i18n.fall_back_if_ascii()  # an ASCII-only locale cannot draw French or Japanese
    os.environ.setdefault("ESCDELAY", "25")
    pending = signals.Pending()
    pending.install()
    console = _console_as_found()
    stdscr = None
    crash: str | None = None
    try:
        try:
            stdscr = curses.initscr()
        except curses.error as exc:
            line = _("{program}: cannot start the terminal screen ({reason})")
            say(line.format(program=app.program, reason=exc), sys.stderr)
            return 1
        curses.noecho()
        curses.raw()
        stdscr.keypad(True)
        _start_mouse(app)
        try:
            _loop(stdscr, app, pending)
        except KeyboardInterrupt:
            # Only if our SIGINT handler could not be installed: end politely.
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
        if console is not None:
            console.restore()
        pending.restore()
    if crash is not None:
        saved: str | None = None
        try:
            saved = app.emergency_save()
        except Exception:
            saved = None
        details = text.keep_whole(crash)
        if saved:
            line = _(
                "{program}: internal error, sorry; details in {log}; your game was saved to {save}"
            )
        else:
            line = _("{program}: internal error, sorry; details in {log}")
        shown = line.format(program=app.program, log=details, save=text.keep_whole(saved or ""))
        say(shown, sys.stderr)
        return 70
    if app.exit_message:
        say(app.exit_message)
    if pending.hangup is not None:
        _silence()  # whatever the interpreter prints on exit goes nowhere either
    return app.exit_status
