"""Where Dix Mille's statistics file is, and moving in the records kept for it at start.

Light on purpose: a game's start calls :func:`flush_pending`, which costs two
``stat`` calls when nothing is kept (:func:`parlour.core.pending.waiting`) and
imports the ledger only when something is.
"""

from __future__ import annotations

from pathlib import Path

from parlour.core.i18n import _
from parlour.core.paths import DataDirError, data_dir

FILE_NAME = "games.jsonl"


def stats_path() -> Path:
    """Where the games are recorded (nothing is created; OSError if no folder can be named)."""
    try:
        return data_dir(create=False) / "dixmille" / FILE_NAME
    except (RuntimeError, KeyError) as exc:  # no home folder to be found
        raise OSError(_("no data folder: {reason}").format(reason=exc)) from exc


def data_folder_problem() -> str | None:
    """Why the data folder cannot take the statistics, in a few words (``data folder:
    read-only disk``, so a line has room for it); None when it can (it is created)."""
    try:
        data_dir(create=True)
    except DataDirError as exc:
        return _("data folder: {reason}").format(reason=exc.brief)
    except OSError as exc:
        return _("data folder: {reason}").format(reason=exc.strerror or exc)
    except (RuntimeError, KeyError, ValueError) as exc:  # no home folder, a name refused
        return _("data folder: {reason}").format(reason=exc)
    return None


def flush_pending() -> int:
    """Write the records kept from earlier games into the file (``core.pending``); how many."""
    from parlour.core import pending

    try:
        path = stats_path()
    except OSError:
        return 0
    return pending.flush(path)
