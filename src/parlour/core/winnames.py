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

from parlour.core.i18n import N_, _

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
CHOOSE = N_("{problem}; choose another name")


def name_problem(name: str) -> str | None:
    """Why Windows cannot take ``name`` (one part of a path) as a file or folder name; or None."""
    if name in (".", ".."):
        return None
    shown = f'"{name}"'
    for char in name:
        if 0 < ord(char) < 32:  # a NUL byte is no name anywhere: the saves say so themselves
            return _("{name}: Windows allows no control character in a file name").format(
                name=shown
            )
        if char in FORBIDDEN:
            line = _("{name}: Windows allows no {char} in a file name")
            return line.format(name=shown, char=char)
    if name.endswith("."):
        return _("{name} ends in a dot, which Windows drops").format(name=shown)
    if name.endswith(" "):
        return _("{name} ends in a space, which Windows drops").format(name=shown)
    device = name.split(".", 1)[0].rstrip(" ").upper()
    if device in DEVICES:
        if device == name.upper():
            return _("{name} is a device name on Windows").format(name=shown)
        return _("{name} is a device name on Windows ({device})").format(name=shown, device=device)
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
            return _(CHOOSE).format(problem=problem)
    return None
