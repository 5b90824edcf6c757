"""Replace a file's content atomically, keeping what the player set up around it.

:func:`replace_file` writes the bytes to a temporary file in the same folder
(``.NAME.<pid>.<random>.tmp``), flushes and fsyncs it, gives it the old
file's permission bits (a new file gets ``0o666`` less the umask), renames it
over the target and fsyncs the folder. A crash, a full disk or an interrupt at
any moment leaves either the old file or the new one, never half of either.

* A symlink is written through, as BSD's ``fopen(name, "w")`` does: the file
  it points to is replaced, atomically, in that file's own folder, and the
  link stays a link. A dangling link, or one that points at something that is
  not a regular file, is refused.
* Anything at the path that is not a regular file (a device such as
  ``/dev/null``, a FIFO, a socket, a folder) is refused, never replaced.
* A read-only file is refused, as a plain write would be.
* Each write removes the temporary files that earlier, interrupted writes to
  the same target left behind: those of processes no longer running, and any
  older than an hour (where a process id cannot be checked, or was reused).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
import time
from pathlib import Path

from parlour.core.i18n import _

STALE_SECONDS = 3600
"""A temporary file this old belongs to no save still in progress."""

_LONG_NAME_BYTES = 200
_SHORT_NAME_CHARS = 48


class TargetRefused(Exception):
    """The path names something that must not be replaced; ``str()`` says why."""


def temp_stem(name: str) -> str:
    """The part of ``name`` used in its temporary files (shortened so they stay legal)."""
    if len(os.fsencode(name)) <= _LONG_NAME_BYTES:
        return name
    return name[:_SHORT_NAME_CHARS]


def temp_name(name: str) -> str:
    """A fresh temporary name for writing ``name``: ``.NAME.<pid>.<random>.tmp``."""
    return f".{temp_stem(name)}.{os.getpid()}.{os.urandom(4).hex()}.tmp"


def _temp_pattern(name: str) -> re.Pattern[str]:
    # Ours (.NAME.<pid>.<hex>.tmp) and those of earlier versions (mkstemp: .NAME.<8 chars>.tmp).
    stem = re.escape(temp_stem(name))
    return re.compile(rf"\.{stem}\.(?:(\d+)\.[0-9a-f]+|[a-z0-9_]{{8}})\.tmp", re.DOTALL)


def pid_alive(pid: int) -> bool | None:
    """Whether process ``pid`` runs; None where that cannot be checked (Windows)."""
    if sys.platform == "win32" or not hasattr(os, "kill"):
        return None  # os.kill on Windows would terminate the process, not probe it
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    except OSError:
        return None
    return True


def remove_stale_temps(folder: Path, name: str) -> list[Path]:
    """Remove what interrupted writes to ``folder/name`` left; the paths removed."""
    pattern = _temp_pattern(name)
    now = time.time()
    removed: list[Path] = []
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        return removed
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if match is None:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            continue
        old = now - info.st_mtime > STALE_SECONDS
        pid = int(match.group(1)) if match.group(1) else None
        dead = pid is not None and pid != os.getpid() and pid_alive(pid) is False
        if old or dead:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def resolve_target(path: Path) -> tuple[Path, os.stat_result | None]:
    """The regular file a write to ``path`` replaces, and its status (None if new).

    ``TargetRefused`` for a folder, a device, FIFO or socket, a dangling link or a
    link to something that is not a regular file; ``OSError`` for a link loop.
    """
    linked = path.is_symlink()
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if linked:
            raise TargetRefused(_("is a link to nothing; choose another name")) from None
        return path, None
    if stat.S_ISDIR(info.st_mode):
        if linked:
            raise TargetRefused(_("is a link to a folder; choose a file name"))
        raise TargetRefused(_("is a folder; choose a file name"))
    if not stat.S_ISREG(info.st_mode):
        if linked:
            raise TargetRefused(_("is a link to something that is not a file; choose another name"))
        raise TargetRefused(_("is not a regular file; choose another name"))
    # Through a link, the file it names is replaced, in its own folder.
    return (Path(os.path.realpath(path)) if linked else path), info


def replace_file(path: Path, data: bytes) -> Path:
    """Replace the file at ``path`` (or what its symlink names) by ``data``; the file written.

    ``TargetRefused`` or ``OSError`` on failure; the old file is then as it was and
    no temporary file is left, whatever interrupted the write (KeyboardInterrupt too).
    """
    real, old = resolve_target(path)
    if old is not None and not os.access(real, os.W_OK):
        raise TargetRefused(_("is read-only; choose another name"))
    folder = real.parent
    remove_stale_temps(folder, real.name)
    tmp = folder / temp_name(real.name)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    # A new file: 0o666 and the system applies the umask (Windows: the folder's access).
    # An old one: private while it is written, then the old file's permission bits
    # (Windows: its access list, since Windows ignores the bits).
    if sys.platform == "win32" and old is not None:
        from parlour.core import winacl

        fd = winacl.create_private(tmp)
    else:
        fd = os.open(tmp, flags, 0o666 if old is None else 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            if old is not None and hasattr(os, "fchown"):
                # As root, keep the owner of someone else's file; otherwise this is a no-op.
                with contextlib.suppress(OSError):
                    os.fchown(handle.fileno(), old.st_uid, old.st_gid)
        if old is not None:
            os.chmod(tmp, stat.S_IMODE(old.st_mode) & 0o777)
            if sys.platform == "win32":
                from parlour.core import winacl

                winacl.copy_access(real, tmp)
        os.replace(tmp, real)
    except BaseException:  # KeyboardInterrupt too: never leave the temporary file
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_folder(folder)
    return real


def fsync_folder(folder: Path) -> None:
    """Make a rename durable where the platform can open a folder (not Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
