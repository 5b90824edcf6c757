"""Golden files, one switch for every game: ``PARLOUR_UPDATE_GOLDEN=1`` rewrites them from the
code after a deliberate change (then read the diff before committing it)."""

from __future__ import annotations

import os
from pathlib import Path

UPDATE_VARIABLE = "PARLOUR_UPDATE_GOLDEN"


def updating() -> bool:
    """Whether this run rewrites the golden files instead of comparing with them."""
    return bool(os.environ.get(UPDATE_VARIABLE))


def assert_golden(path: Path, text: str, label: str = "") -> None:
    """``text`` is the golden file at ``path``, byte for byte (or, while ``updating()``, the
    file is written from it first, its folder made if need be)."""
    if updating():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), label or path.name
