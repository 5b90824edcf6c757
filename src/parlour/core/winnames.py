"""File names Windows forbids, told apart before a save is written there.

Windows keeps some names for devices (``CON``, ``PRN``, ``AUX``, ``NUL``,
``COM1``-``COM9``, ``LPT1``-``LPT9``, ``CONIN$``, ``CONOUT$``), with any
extension (``con.json`` opens the console on Windows 10), refuses the
characters ``<>:"|?*`` and control characters in a name, and silently drops a
dot or a space at the end of one (``save.`` becomes ``save``). A colon in a
name would also write a hidden stream of another file (``a.json:x``). Pure:
the rules are checked on any system; the saves apply them on Windows only.
"""

from __future__ import annotations

from pathlib import PureWindowsPath

DEVICES = frozenset(
    ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
    + [
        f"{port}{n}"
        for port in ("COM", "LPT")
        for n in (*"123456789", "\u00b9", "\u00b2", "\u00b3")
    ]
)
"""Device names, in capitals (``COM¹``-``COM³`` too: Windows reads superscript digits)."""

FORBIDDEN = '<>:"|?*'
CHOOSE = "; choose another name"


def name_problem(name: str) -> str | None:
    """Why Windows cannot take ``name`` (one part of a path) as a file or folder name; or None."""
    if name in (".", ".."):
        return None
    shown = f'"{name}"'
    for char in name:
        if 0 < ord(char) < 32:  # a NUL byte is no name anywhere: the saves say so themselves
            return f"{shown}: Windows allows no control character in a file name"
        if char in FORBIDDEN:
            return f"{shown}: Windows allows no {char} in a file name"
    if name.endswith("."):
        return f"{shown} ends in a dot, which Windows drops"
    if name.endswith(" "):
        return f"{shown} ends in a space, which Windows drops"
    device = name.split(".", 1)[0].rstrip(" ").upper()
    if device in DEVICES:
        which = "" if device == name.upper() else f" ({device})"
        return f"{shown} is a device name on Windows{which}"
    return None


def path_problem(path: str) -> str | None:
    """The first part of ``path`` (after its drive or share) that Windows cannot take, why; or None.

    The text ends with "; choose another name", ready for a save's refusal.
    """
    parts = PureWindowsPath(path).parts
    if parts and PureWindowsPath(path).anchor:
        parts = parts[1:]
    for part in parts:
        problem = name_problem(part)
        if problem is not None:
            return problem + CHOOSE
    return None
