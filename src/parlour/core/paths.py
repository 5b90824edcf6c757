"""Where Parlour keeps per-user data (statistics, recovery saves, crash logs).

``PARLOUR_DATA_DIR`` overrides everything (tests set it). Otherwise: Linux and
other Unix follow XDG (``$XDG_DATA_HOME/parlour`` or ``~/.local/share/parlour``),
macOS uses ``~/Library/Application Support/Parlour`` and Windows
``%APPDATA%\\Parlour``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENV_VAR = "PARLOUR_DATA_DIR"


def data_dir(create: bool = True) -> Path:
    """The per-user data folder, created on demand."""
    override = os.environ.get(ENV_VAR)
    if override:
        path = Path(override).expanduser()
    elif sys.platform == "win32":
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        path = Path(base) / "Parlour"
    elif sys.platform == "darwin":
        path = Path.home() / "Library" / "Application Support" / "Parlour"
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        path = Path(base) / "parlour"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def data_file(name: str, create_dir: bool = True) -> Path:
    """A file inside the data folder."""
    return data_dir(create_dir) / name
