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
from parlour.core.i18n import N_, _

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
        super().__init__(_sentence(shown, problem))
        self.whole = _sentence(text.keep_whole(shown), problem)
        """The same sentence with the folder kept whole when an exit line is wrapped
        (:func:`parlour.core.text.keep_whole`): for lines printed on leaving only."""


def _sentence(shown: str, problem: str) -> str:
    """``the data folder PATH (set by PARLOUR_DATA_DIR) PROBLEM``, as much of it as is known."""
    if os.environ.get(ENV_VAR):
        if shown:
            line = _("the data folder {folder} (set by {variable}) {problem}")
        else:
            line = _("the data folder (set by {variable}) {problem}")
    elif shown:
        line = _("the data folder {folder} {problem}")
    else:
        line = _("the data folder {problem}")
    return line.format(folder=shown, variable=ENV_VAR, problem=problem)


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
        problem = _("has no home folder to live in; set {variable}").format(variable=ENV_VAR)
        brief = _("no home folder; set {variable}").format(variable=ENV_VAR)
        raise DataDirError(None, problem, brief) from exc


NOT_A_FOLDER = (N_("is a file (or lies under one), not a folder"), N_("not a folder"))
NAME_REFUSED = (N_("has a name the system refuses"), N_("name refused"))
"""Problems as a sentence's end and in a few words, translated where used (:func:`_said`)."""


def _said(problem: tuple[str, str]) -> tuple[str, str]:
    """A problem of :data:`NOT_A_FOLDER`'s kind in the player's language."""
    return _(problem[0]), _(problem[1])


ERROR_INVALID_NAME = 123
"""Windows' error for a name it does not allow (a control character, ``<>:"|?*``)."""


def _problem(exc: OSError) -> tuple[str, str]:
    """What is wrong, as a sentence's end and in a few words."""
    if isinstance(exc, FileExistsError | NotADirectoryError) or exc.errno in (
        errno.EEXIST,
        errno.ENOTDIR,
    ):
        return _said(NOT_A_FOLDER)
    if isinstance(exc, PermissionError):
        return _("cannot be created or used: permission denied"), _("permission denied")
    if exc.errno == errno.EROFS:
        return _("is on a read-only disk"), _("read-only disk")
    if exc.errno == errno.ENAMETOOLONG:
        return _("has a name too long for the system"), _("name too long")
    if getattr(exc, "winerror", None) == ERROR_INVALID_NAME:
        return _said(NAME_REFUSED)
    reason = str(exc.strerror or exc)
    return _("cannot be used: {reason}").format(reason=reason), reason


def _check(path: Path) -> None:
    """``DataDirError`` unless ``path`` is a folder this user can read and write."""
    try:
        is_dir = path.is_dir()
    except (OSError, ValueError) as exc:
        raise DataDirError(path, _("cannot be used")) from exc
    if not is_dir:  # outside the try: a DataDirError is an OSError too
        raise DataDirError(path, *_said(NOT_A_FOLDER))
    if not os.access(path, os.R_OK | os.X_OK):
        raise DataDirError(path, _("cannot be read: permission denied"), _("not readable"))
    if not os.access(path, os.W_OK):
        if _on_read_only_disk(path):
            raise DataDirError(path, _("is on a read-only disk"), _("read-only disk"))
        raise DataDirError(path, _("cannot be written to: permission denied"), _("not writable"))


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
            raise DataDirError(path, *_said(NAME_REFUSED)) from exc
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
        # no room for asides: "(or lies under one)", and the full-width kind
        problem = text.printable(re.sub(r" ?[(\uff08][^)\uff09]*[)\uff09]", "", exc.problem))
        brief = text.printable(exc.brief)
        if exc.path is None:
            forms = [
                _("{lead}: the data folder {problem}.").format(lead=lead, problem=problem),
                _("{lead}: {brief}.").format(lead=lead, brief=brief),
            ]
        else:
            forms = []
            for pattern in (
                _("{lead}: data folder {folder} {problem}."),
                _("{lead}: data folder {folder}: {brief}."),
            ):
                room = columns - text.width(
                    pattern.format(lead=lead, folder="", problem=problem, brief=brief)
                )
                if room >= FOLDER_COLUMNS:
                    shown = text.shorten_middle(text.printable(exc.path), room, text.ASCII_ELLIPSIS)
                    forms.append(
                        pattern.format(lead=lead, folder=shown, problem=problem, brief=brief)
                    )
            forms.append(_("{lead}: data folder: {brief}.").format(lead=lead, brief=brief))
        return _first_fitting(forms, columns)
    except OSError as exc:
        reason = text.printable(exc.strerror or str(exc))
        line = _("{lead}: the data folder cannot be used ({reason}).")
        return _first_fitting([line.format(lead=lead, reason=reason)], columns)
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
        return _("{program}: the statistics cannot be read: {problem}").format(
            program=program, problem=exc.problem
        )
    problem: str | None = None
    try:
        found = os.stat(path)
    except FileNotFoundError:  # Windows says so under a file too, where Linux says ENOTDIR
        if not _under_a_file(path):
            return None
        problem = _(NOT_A_FOLDER[0])
    except OSError as exc:
        problem = _problem(exc)[0]
    except ValueError:  # a NUL byte in the name
        problem = _(NAME_REFUSED[0])
    else:
        import stat

        if not stat.S_ISDIR(found.st_mode):
            problem = _(NOT_A_FOLDER[0])
        elif not os.access(path, os.R_OK | os.X_OK):
            problem = _("cannot be read: permission denied")
    if problem is None:
        return None
    shown = text.keep_whole(text.printable(os.fspath(path)))
    return _("{program}: the statistics cannot be read: {problem}").format(
        program=program, problem=_sentence(shown, problem)
    )


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
