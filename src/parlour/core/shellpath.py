"""A path as the player types it after a command: the "resume with" lines of all three games.

On Linux and macOS the path is quoted for a POSIX shell (:func:`shlex.quote`:
``'my save.json'``). Windows shells read single quotes differently: cmd.exe
passes them on as part of the name, PowerShell takes them as quotes. Both read
double quotes as quotes, so there a path that needs quoting is put in double
quotes (``"C:\\Users\\Ann\\my save.json"``) and a plain one is shown as it is.

A limit no quoting removes: inside double quotes PowerShell still expands ``$``
and a backquote, and cmd.exe ``%NAME%``; there is no form that both shells read
alike, so such a path is shown in double quotes all the same (docs/foundation.md).
A relative path that starts with ``-`` gets ``./`` (``.\\`` on Windows) in front,
so that the command does not take it for an option, and a ``~`` is expanded as the
game expanded it when saving (quoted, the shell would not).
"""

from __future__ import annotations

import os
import re
import sys

_WINDOWS_PLAIN = re.compile(r"[\w\\/:.\-]+")
"""Letters and digits of any script, ``_``, separators, the drive colon, dots, hyphens."""


def expand_home(path: str) -> str:
    """``path`` with a leading ``~`` or ``~user`` expanded; never raises: a name the
    system cannot look up (an unknown user, characters no encoding holds) stays as it is."""
    try:
        return os.path.expanduser(path)
    except (UnicodeError, ValueError):
        return path


def for_shell(path: str, windows: bool | None = None) -> str:
    """``path`` written so that the player's shell passes it on as one argument, unchanged.

    ``windows`` chooses the rules (default: the platform this runs on).
    """
    if windows is None:
        windows = sys.platform == "win32"
    if path.startswith("~"):  # as the game read it (saves.player_path): quoted, ~ stays ~
        path = expand_home(path)
    if path.startswith("-"):
        path = (".\\" if windows else "./") + path
    if not windows:
        import shlex

        return shlex.quote(path)
    if _WINDOWS_PLAIN.fullmatch(path):
        return path
    return f'"{path}"'
