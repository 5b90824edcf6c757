"""Where Parlour keeps per-user data (statistics, recovery saves, crash logs).

``PARLOUR_DATA_DIR`` overrides everything (tests set it). Otherwise: Linux and
other Unix follow XDG (``$XDG_DATA_HOME/parlour`` or ``~/.local/share/parlour``),
macOS uses ``~/Library/Application Support/Parlour`` and Windows
``%APPDATA%\\Parlour``.

A folder that cannot serve (a file in the way, no permission, a name the
system refuses, no home folder) raises one :class:`DataDirError`, an
``OSError`` whose message names the folder, escaped, and says what is wrong.
"""

from __future__ import annotations

import errno
import os
import re
import sys
from pathlib import Path

from parlour.core import text

ENV_VAR = "PARLOUR_DATA_DIR"


class DataDirError(OSError):
    """The data folder cannot be used; ``str()`` is one line for the player."""

    def __init__(
        self, path: str | os.PathLike[str] | None, problem: str, brief: str | None = None
    ) -> None:
        self.path = None if path is None else os.fspath(path)
        self.problem = problem
        self.brief = problem if brief is None else brief
        """The problem in a few words, for a row with no room for the sentence."""
        shown = "" if self.path is None else text.printable(self.path)
        origin = f" (set by {ENV_VAR})" if os.environ.get(ENV_VAR) else ""
        super().__init__(_sentence(shown, origin, problem))
        self.whole = _sentence(text.keep_whole(shown), origin, problem)
        """The same sentence with the folder kept whole when an exit line is wrapped
        (:func:`parlour.core.text.keep_whole`): for lines printed on leaving only."""


def _sentence(shown: str, origin: str, problem: str) -> str:
    where = f" {shown}" if shown else ""
    return f"the data folder{where}{origin} {problem}"


def _default_dir() -> Path:
    try:
        if sys.platform == "win32":
            base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
            return Path(base) / "Parlour"
        if sys.platform == "darwin":
            return Path.home() / "Library" / "Application Support" / "Parlour"
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return Path(base) / "parlour"
    except (RuntimeError, KeyError, OSError) as exc:  # no HOME and no password entry
        problem = f"has no home folder to live in; set {ENV_VAR}"
        raise DataDirError(None, problem, f"no home folder; set {ENV_VAR}") from exc


NOT_A_FOLDER = ("is a file (or lies under one), not a folder", "not a folder")
NAME_REFUSED = ("has a name the system refuses", "name refused")
ERROR_INVALID_NAME = 123
"""Windows' error for a name it does not allow (a control character, ``<>:"|?*``)."""


def _problem(exc: OSError) -> tuple[str, str]:
    """What is wrong, as a sentence's end and in a few words."""
    if isinstance(exc, FileExistsError | NotADirectoryError) or exc.errno in (
        errno.EEXIST,
        errno.ENOTDIR,
    ):
        return NOT_A_FOLDER
    if isinstance(exc, PermissionError):
        return "cannot be created or used: permission denied", "permission denied"
    if exc.errno == errno.EROFS:
        return "is on a read-only disk", "read-only disk"
    if exc.errno == errno.ENAMETOOLONG:
        return "has a name too long for the system", "name too long"
    if getattr(exc, "winerror", None) == ERROR_INVALID_NAME:
        return NAME_REFUSED
    reason = str(exc.strerror or exc)
    return f"cannot be used: {reason}", reason


def _check(path: Path) -> None:
    """``DataDirError`` unless ``path`` is a folder this user can read and write."""
    try:
        is_dir = path.is_dir()
    except (OSError, ValueError) as exc:
        raise DataDirError(path, "cannot be used") from exc
    if not is_dir:  # outside the try: a DataDirError is an OSError too
        raise DataDirError(path, *NOT_A_FOLDER)
    if not os.access(path, os.R_OK | os.X_OK):
        raise DataDirError(path, "cannot be read: permission denied", "not readable")
    if not os.access(path, os.W_OK):
        if _on_read_only_disk(path):
            raise DataDirError(path, "is on a read-only disk", "read-only disk")
        raise DataDirError(path, "cannot be written to: permission denied", "not writable")


def _on_read_only_disk(path: Path) -> bool:
    """Whether ``path`` lies on a file system mounted read-only (False where unknown)."""
    statvfs = getattr(os, "statvfs", None)
    if statvfs is None:  # Windows
        return False
    try:
        return bool(statvfs(path).f_flag & getattr(os, "ST_RDONLY", 1))
    except OSError:
        return False


def data_dir(create: bool = True) -> Path:
    """The per-user data folder, created (with its parents) on demand and checked.

    With ``create=False`` the path is only computed (nothing is touched or checked).
    """
    override = os.environ.get(ENV_VAR)
    if override:
        try:
            path = Path(override).expanduser()
        except RuntimeError:  # ~ with no home folder
            path = Path(override)
    else:
        path = _default_dir()
    if create:
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DataDirError(path, *_problem(exc)) from exc
        except ValueError as exc:  # a NUL byte in the name
            raise DataDirError(path, *NAME_REFUSED) from exc
        _check(path)
    return path


def data_file(name: str, create_dir: bool = True) -> Path:
    """A file inside the data folder (``DataDirError`` when the folder cannot serve)."""
    return data_dir(create_dir) / name


FOLDER_COLUMNS = 12
"""A data folder's name is shown in no fewer columns (else the line goes without it)."""


def folder_problem(lead: str, columns: int) -> str | None:
    """``lead`` and why the data folder cannot be used, in a line of at most ``columns``.

    None if it can (it is then created). The line names the folder (cut from
    the middle, to no less than :data:`FOLDER_COLUMNS`) and the problem in a
    sentence; where that is too long, the problem in a few words
    (``DataDirError.brief``), then without the folder; failing all, the last
    cut from the middle. Everything read from outside is shown escaped.
    """
    try:
        data_dir(create=True)
    except DataDirError as exc:
        problem = text.printable(re.sub(r" \([^)]*\)", "", exc.problem))  # no room for asides
        brief = text.printable(exc.brief)
        if exc.path is None:
            forms = [f"{lead}: the data folder {problem}.", f"{lead}: {brief}."]
        else:
            forms = []
            head = f"{lead}: data folder "
            for tail in (f" {problem}.", f": {brief}."):
                room = columns - text.width(head) - text.width(tail)
                if room >= FOLDER_COLUMNS:
                    shown = text.shorten_middle(text.printable(exc.path), room, text.ASCII_ELLIPSIS)
                    forms.append(head + shown + tail)
            forms.append(f"{lead}: data folder: {brief}.")
        return _first_fitting(forms, columns)
    except OSError as exc:
        reason = text.printable(exc.strerror or str(exc))
        return _first_fitting([f"{lead}: the data folder cannot be used ({reason})."], columns)
    return None


def _first_fitting(forms: list[str], columns: int) -> str:
    """The first of ``forms`` that fits ``columns``, else the last cut to them."""
    for form in forms:
        if text.width(form) <= columns:
            return form
    return text.shorten_middle(forms[-1], columns, text.ASCII_ELLIPSIS)


def unreadable(program: str) -> str | None:
    """Why ``--stats`` cannot read the data folder, as ``program``'s one message; None if it can.

    A folder that does not exist yet holds no games (None). A file in the way, a
    folder this user may not read or a name the system refuses is a message naming
    the folder (escaped, and kept whole when the line is wrapped) and the problem.
    Nothing is created.
    """
    try:
        path = data_dir(create=False)
    except DataDirError as exc:  # no home folder
        return f"{program}: the statistics cannot be read: {exc.problem}"
    problem: str | None = None
    try:
        found = os.stat(path)
    except FileNotFoundError:  # Windows says so under a file too, where Linux says ENOTDIR
        if not _under_a_file(path):
            return None
        problem = NOT_A_FOLDER[0]
    except OSError as exc:
        problem = _problem(exc)[0]
    except ValueError:  # a NUL byte in the name
        problem = NAME_REFUSED[0]
    else:
        import stat

        if not stat.S_ISDIR(found.st_mode):
            problem = NOT_A_FOLDER[0]
        elif not os.access(path, os.R_OK | os.X_OK):
            problem = "cannot be read: permission denied"
    if problem is None:
        return None
    origin = f" (set by {ENV_VAR})" if os.environ.get(ENV_VAR) else ""
    shown = text.keep_whole(text.printable(os.fspath(path)))
    return f"{program}: the statistics cannot be read: the data folder {shown}{origin} {problem}"


def _under_a_file(path: Path) -> bool:
    """Whether the nearest of ``path``'s folders that exists is not a folder (a file)."""
    import stat

    for parent in path.parents:
        try:
            found = os.stat(parent)
        except OSError:
            continue
        return not stat.S_ISDIR(found.st_mode)
    return False
