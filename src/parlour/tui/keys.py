"""Key names: what apps receive instead of raw curses codes.

Printable characters arrive as themselves (``"p"``, ``"5"``, ``" "``). Every
other key arrives as one upper-case name, so an arrow is never three junk
letters: ``UP DOWN LEFT RIGHT HOME END PGUP PGDN INSERT DELETE F1..F12 ENTER
BACKSPACE ESC TAB CTRL_A..CTRL_Z (but ^C is INTERRUPT, ^H BACKSPACE, ^I TAB,
^J/^M ENTER) MOUSE RESIZE UNKNOWN``. The runner adds ``INTERRUPT`` (Ctrl-C or
SIGINT), ``EOF`` (end of input) and ``TIMEOUT``. This module is pure: the
runner passes it curses' numeric constants.
"""

from __future__ import annotations

from collections.abc import Mapping

from parlour.core.text import INVISIBLE_JOINERS

ENTER = "ENTER"
ESC = "ESC"
BACKSPACE = "BACKSPACE"
DELETE = "DELETE"
TAB = "TAB"
UP, DOWN, LEFT, RIGHT = "UP", "DOWN", "LEFT", "RIGHT"
HOME, END, PGUP, PGDN, INSERT = "HOME", "END", "PGUP", "PGDN", "INSERT"
MOUSE = "MOUSE"
RESIZE = "RESIZE"
INTERRUPT = "INTERRUPT"
EOF = "EOF"
TIMEOUT = "TIMEOUT"
UNKNOWN = "UNKNOWN"
CTRL_L = "CTRL_L"
CTRL_U = "CTRL_U"
CTRL_W = "CTRL_W"

NAMED_KEYS = frozenset(
    {
        ENTER,
        ESC,
        BACKSPACE,
        DELETE,
        TAB,
        UP,
        DOWN,
        LEFT,
        RIGHT,
        HOME,
        END,
        PGUP,
        PGDN,
        INSERT,
        MOUSE,
        RESIZE,
        INTERRUPT,
        EOF,
        TIMEOUT,
        UNKNOWN,
    }
    | {f"F{n}" for n in range(1, 13)}
    | {f"CTRL_{chr(c)}" for c in range(ord("A"), ord("Z") + 1)}
)

# Escape sequences that slip past curses' keypad decoding (after ESC).
_CSI_FINAL = {"A": UP, "B": DOWN, "C": RIGHT, "D": LEFT, "H": HOME, "F": END}
_CSI_TILDE = {
    "1": HOME,
    "2": INSERT,
    "3": DELETE,
    "4": END,
    "5": PGUP,
    "6": PGDN,
    "7": HOME,
    "8": END,
    "11": "F1",
    "12": "F2",
    "13": "F3",
    "14": "F4",
    "15": "F5",
    "17": "F6",
    "18": "F7",
    "19": "F8",
    "20": "F9",
    "21": "F10",
    "23": "F11",
    "24": "F12",
}
_SS3 = {
    "A": UP,
    "B": DOWN,
    "C": RIGHT,
    "D": LEFT,
    "H": HOME,
    "F": END,
    "P": "F1",
    "Q": "F2",
    "R": "F3",
    "S": "F4",
    "M": ENTER,
}


def is_named(key: str) -> bool:
    """True for a named key (not a printable character)."""
    return len(key) > 1


def control_name(ch: str) -> str | None:
    """The name of a control character, or None if ``ch`` is printable."""
    code = ord(ch)
    if code in (10, 13):
        return ENTER
    if code in (8, 127):
        return BACKSPACE
    if code == 9:
        return TAB
    if code == 27:
        return ESC
    if code == 3:
        return INTERRUPT
    if 1 <= code <= 26:
        return f"CTRL_{chr(code + 64)}"
    if code < 32 or 127 <= code < 160:
        return UNKNOWN
    return None


def is_text(key: str) -> bool:
    """Whether ``key`` is a character to type into text: printable, or a zero-width joiner
    or variation selector (which joins an emoji name as the command line keeps it)."""
    return len(key) == 1 and (key.isprintable() or key in INVISIBLE_JOINERS)


def decode_char(ch: str) -> str:
    """Name a single character received from the terminal."""
    name = control_name(ch)
    if name is not None:
        return name
    return ch if is_text(ch) else UNKNOWN


def decode_code(code: int, curses_names: Mapping[int, str]) -> str:
    """Name a curses function-key code, using ``curses_names`` built by the runner."""
    return curses_names.get(code, UNKNOWN)


def decode_escape(rest: str) -> tuple[str, int]:
    """Decode the characters after an ESC. Returns (key, characters consumed).

    ``rest`` is what was already waiting after the ESC. A lone ESC gives
    ``(ESC, 0)``; a recognised CSI/SS3 sequence gives its key; an unrecognised
    one is swallowed whole as ``UNKNOWN`` so its letters never become commands.
    """
    if not rest:
        return ESC, 0
    if rest[0] == "O" and len(rest) >= 2:
        return _SS3.get(rest[1], UNKNOWN), 2
    if rest[0] != "[":
        # ESC followed by an ordinary key (Alt+key): drop the ESC, keep the key.
        return ESC, 0
    i = 1
    while i < len(rest) and (rest[i].isdigit() or rest[i] in ";?<"):
        i += 1
    if i >= len(rest):
        return UNKNOWN, len(rest)
    final = rest[i]
    params = rest[1:i]
    consumed = i + 1
    if final == "~":
        return _CSI_TILDE.get(params.split(";")[0], UNKNOWN), consumed
    if final in "Mm" and params.startswith("<"):
        return MOUSE, consumed
    return _CSI_FINAL.get(final, UNKNOWN), consumed
