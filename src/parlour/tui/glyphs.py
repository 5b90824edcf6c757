"""Unicode and ASCII symbol sets, chosen from what the terminal draws or forced with ``--ascii``."""

from __future__ import annotations

import locale
import os
import sys

from parlour import TYPE_CHECKING
from parlour.core.record import Frozen

if TYPE_CHECKING:
    from collections.abc import Callable


class Glyphs(Frozen):
    """The symbols a view may draw."""

    name: str
    suits: tuple[str, str, str, str]
    """Clubs, diamonds, hearts, spades."""
    dice: tuple[str, str, str, str, str, str]
    """Faces 1 to 6."""
    vbar: str
    hbar: str
    dot: str
    pointer: str
    middot: str


UNICODE = Glyphs(
    name="unicode",
    suits=("♣", "♦", "♥", "♠"),
    dice=("⚀", "⚁", "⚂", "⚃", "⚄", "⚅"),
    vbar="│",
    hbar="─",
    dot="·",
    pointer="◂",
    middot="·",
)

ASCII = Glyphs(
    name="ascii",
    suits=("C", "D", "H", "S"),
    dice=("1", "2", "3", "4", "5", "6"),
    vbar="|",
    hbar="-",
    dot=".",
    pointer="<",
    middot="-",
)


UNICODE_TEXT = "".join(
    dict.fromkeys(
        [*UNICODE.suits, *UNICODE.dice, UNICODE.vbar, UNICODE.hbar, UNICODE.dot, UNICODE.pointer]
        + [UNICODE.middot, *"┌┐└┘", "●", "…", "±"]
    )
)
"""Every character the games draw with the Unicode set (box corners and pips of Dix Mille's
dice, the ellipsis of a shortened name, the ± of Mille Bornes' review)."""


def locale_is_utf8() -> bool:
    """True when the terminal's character set (from the locale) is UTF-8."""
    try:
        codeset = locale.nl_langinfo(locale.CODESET)  # type: ignore[attr-defined,unused-ignore]
    except (AttributeError, ValueError):
        codeset = locale.getpreferredencoding(False)
    if not codeset:
        for var in ("LC_ALL", "LC_CTYPE", "LANG"):
            value = os.environ.get(var)
            if value:
                codeset = value
                break
    norm = codeset.upper().replace("-", "").replace("_", "")
    return "UTF8" in norm


TMPF_TRUETYPE = 0x4
"""The family flag of a TrueType console font (a raster font lacks it)."""


def windows_console_draws(
    windows_terminal: bool, font: tuple[str, int] | None, has: Callable[[str], bool]
) -> bool | None:
    """Whether a Windows console shows a text, from what is known of it; None if unknown.

    curses writes UTF-16 there, so the code page plays no part. Windows Terminal
    (``windows_terminal``) draws any character, falling back to other fonts. ``font``
    is the console's (face, family flags), None without a console to ask; a console
    that names no face is a pseudo-console (Wine's, ConPTY's) whose terminal draws.
    A raster font draws the OEM code page only; a TrueType face is asked: ``has(face)``.
    """
    if windows_terminal:
        return True
    if font is None:
        return None
    face, family = font
    if not face:
        return True
    if not family & TMPF_TRUETYPE:
        return False
    return has(face)


def console_draws_unicode() -> bool:
    """Whether the terminal shows :data:`UNICODE_TEXT`.

    On Windows the console is asked (:func:`windows_console_draws`, with the facts
    from :mod:`parlour.tui.winconsole`); elsewhere, or when there is no console to
    ask, the locale's character set decides.
    """
    if sys.platform == "win32":
        from parlour.tui import winconsole

        answer = windows_console_draws(
            bool(os.environ.get("WT_SESSION")),
            winconsole.console_font(),
            lambda face: winconsole.font_has(face, UNICODE_TEXT),
        )
        if answer is not None:
            return answer
    return locale_is_utf8()


def choose_glyphs(force_ascii: bool = False) -> Glyphs:
    """ASCII when forced or when the terminal cannot show Unicode, else Unicode."""
    if force_ascii or not console_draws_unicode():
        return ASCII
    return UNICODE
