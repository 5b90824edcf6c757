"""The texts of the mille app's message line, and the saved ``ui`` state put back on screen.

The ``ui`` object itself, and its strict check, is :mod:`parlour.mille.files.uisave`'s.
"""

from __future__ import annotations

from pathlib import Path

from parlour import TYPE_CHECKING
from parlour.core.i18n import _, language, pgettext
from parlour.core.text import ASCII_ELLIPSIS, fit, printable, shorten_middle, width
from parlour.mille.files.uisave import Layout, validate_ui_state
from parlour.mille.terminal.view import MESSAGE_COL, SCREEN_COLS
from parlour.tui import keys

if TYPE_CHECKING:
    from datetime import datetime
    from typing import Any

MESSAGE_WIDTH = SCREEN_COLS - MESSAGE_COL
"""Room on the message line (row 15, from column 45)."""


class MessageLine:
    """The message line the app's parts share: its text, and whether the bell is due."""

    __slots__ = ("text", "bell")

    def __init__(self, text: str = "") -> None:
        self.text = text
        self.bell = False

    def error(self, text: str) -> None:
        """Show ``text`` and ring the bell (a refused key or a failure)."""
        self.text = text
        self.bell = True

    def show(self, text: str) -> None:
        """Show ``text`` (no bell)."""
        self.text = text

    def clear(self, *only: str) -> None:
        """Empty the line; given ``only``, just when it shows one of those texts."""
        if not only or self.text in only:
            self.text = ""

    def ring(self) -> None:
        """Ring the bell, the text unchanged (a key refused without words)."""
        self.bell = True

    def rang(self) -> None:
        """The bell has been drawn: it rings once."""
        self.bell = False


_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def ctime_text(when: datetime) -> str:
    """``when`` as C's ``ctime`` writes it, as BSD's banner shows it: English names, the
    day of the month padded with a space (``Wed Dec  2 ...``); in another language, the
    date in digits as that language orders them (``02/12/2026 09:05:07``)."""
    if language() != "en":
        # TRANSLATORS: the date of a save on the message line, in digits (no names).
        return pgettext("save date", "{year}-{month}-{day} {time}").format(
            year=when.year,
            month=f"{when.month:02d}",
            day=f"{when.day:02d}",
            time=f"{when:%H:%M:%S}",
        )
    return (
        f"{_DAYS[when.weekday()]} {_MONTHS[when.month - 1]} {when.day:2d} "
        f"{when:%H:%M:%S} {when.year}"
    )


def fit_banner(name: str, when: datetime) -> str:
    """BSD's ``name [date]`` message, shortened to fit the message line (BSD let it wrap).

    The name is shown escaped (a file name may hold control characters) and
    measured in display columns; a name too long even alone keeps its end.
    """
    stamp = ctime_text(when)
    clock = when.strftime("%H:%M:%S")
    safe = printable(name)
    base = printable(Path(name).name or name)
    for text in (f"{safe} [{stamp}]", f"{safe} [{clock}]", f"{base} [{clock}]"):
        if width(text) <= MESSAGE_WIDTH:
            return text
    tail = f" [{clock}]"
    return ASCII_ELLIPSIS + keep_end(base, MESSAGE_WIDTH - len(tail) - len(ASCII_ELLIPSIS)) + tail


def keep_end(text: str, columns: int) -> str:
    """The longest end of (printable) ``text`` that fits in ``columns`` display columns."""
    reversed_fit = fit(printable(text)[::-1], columns, ellipsis="")
    return reversed_fit[::-1]


def key_text(key: str) -> str:
    """A key in printable form for ``unknown command:`` (``^X`` for control keys)."""
    if key.startswith("CTRL_") and len(key) == 6:
        return "^" + key[-1]
    named = {keys.ESC: "^[", keys.TAB: "^I", keys.BACKSPACE: "^?"}
    return named.get(key, key)


def save_failure(path: str, reason: str) -> str:
    """A short message line for a failed save (the game goes on), file names escaped."""
    folder = Path(path).parent
    if not folder.is_dir():
        # TRANSLATORS: the message line (35 columns): a save failed, its folder is missing.
        words = _("not saved: no folder {folder}")
        room = MESSAGE_WIDTH - width(words.format(folder=""))
        return words.format(folder=shorten_middle(str(folder), room, ASCII_ELLIPSIS))
    # TRANSLATORS: the message line: a save failed; {reason} says why (may stay English).
    return _("not saved: {reason}").format(
        reason=printable(reason.removeprefix("could not save: "))
    )


def fit_message(text: str) -> str:
    """Shorten a message to the message line (display columns), marking the cut with ..."""
    return fit(text, MESSAGE_WIDTH, ellipsis=ASCII_ELLIPSIS)


def read_ui_state(state: dict[str, Any]) -> tuple[Layout, bool, tuple[str, str] | None]:
    """A saved ui_state, checked: the score layout, the order-hand option and the
    computer's last move, for the app to take."""
    validate_ui_state(state)
    last = state.get("last_move")
    return (
        Layout(state.get("layout", Layout.COMMANDS.value)),
        bool(state.get("ordering", False)),
        (last[0], last[1]) if last else None,
    )
