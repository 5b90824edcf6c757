"""Reading a file that came from outside without ever hanging on it.

A FIFO or a device put where a save or a statistics file should be would block
a plain ``open`` forever (or never end). :func:`read_regular` opens without
blocking, checks what it opened on the open handle (so nothing can be swapped
in between a check and the read) and reads at most ``limit`` bytes.

:func:`set_aside` moves a damaged file out of the way under a new name, and
:func:`under_a_file` tells when a file stands where a folder should be.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from pathlib import Path


class NotRegular(OSError):
    """The path is a folder, a FIFO, a device or a socket, not a regular file."""

    def __init__(self, folder: bool) -> None:
        super().__init__("is a folder" if folder else "is not a regular file")
        self.folder = folder


class TooLarge(OSError):
    """The file is larger than the reader accepts."""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``; ``NotRegular``, ``TooLarge`` or ``OSError``.

    ``ValueError`` for a name the system refuses (a NUL byte).
    """
    if path.is_dir():  # opening a folder fails on Windows; say what it is
        raise NotRegular(folder=True)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise NotRegular(folder=stat.S_ISDIR(info.st_mode))
        if info.st_size > limit:
            raise TooLarge("is far too large")
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise TooLarge("is far too large")
    return data


def under_a_file(path: Path) -> bool:
    """Whether the nearest existing folder above ``path`` is not a folder (a file in the way)."""
    for parent in path.parents:
        try:
            if os.path.lexists(parent):
                return not parent.is_dir()
        except (OSError, ValueError):
            return False
    return False


def set_aside(path: Path) -> Path | None:
    """Rename ``path`` to a backup name no earlier backup has; the new path (None on failure)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for _ in range(100):
        target = path.with_name(f"{path.name}.damaged-{stamp}-{os.urandom(3).hex()}")
        try:
            # Link then unlink: never replaces an existing backup (rename would).
            os.link(path, target)
        except FileExistsError:
            continue
        except OSError:
            # No hard links here (some Windows file systems): rename to the unused name.
            if os.path.lexists(target):
                continue
            try:
                os.rename(path, target)
            except OSError:
                return None
            return target
        with contextlib.suppress(OSError):
            os.unlink(path)
        return target
    return None
