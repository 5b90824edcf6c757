"""Unicode and ASCII symbol sets, chosen from the locale or forced with ``--ascii``."""

from __future__ import annotations

import locale
import os

from parlour.core.record import Frozen


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

    __slots__ = ("name", "suits", "dice", "vbar", "hbar", "dot", "pointer", "middot")

    def __init__(
        self,
        name: str,
        suits: tuple[str, str, str, str],
        dice: tuple[str, str, str, str, str, str],
        vbar: str,
        hbar: str,
        dot: str,
        pointer: str,
        middot: str,
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "suits", suits)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "vbar", vbar)
        object.__setattr__(self, "hbar", hbar)
        object.__setattr__(self, "dot", dot)
        object.__setattr__(self, "pointer", pointer)
        object.__setattr__(self, "middot", middot)


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


def locale_is_utf8() -> bool:
    """True when the terminal's character set (from the locale) is UTF-8."""
    try:
        codeset = locale.nl_langinfo(locale.CODESET)
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


def choose_glyphs(force_ascii: bool = False) -> Glyphs:
    """ASCII when forced or when the locale cannot show Unicode, else Unicode."""
    if force_ascii or not locale_is_utf8():
        return ASCII
    return UNICODE
