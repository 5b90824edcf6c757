"""Golden files, one switch for every game: ``PARLOUR_UPDATE_GOLDEN=1`` rewrites them from the
code after a deliberate change (then read the diff before committing it)."""

from __future__ import annotations

import os

UPDATE_VARIABLE = "PARLOUR_UPDATE_GOLDEN"


def updating() -> bool:
    """Whether this run rewrites the golden files instead of comparing with them."""
    return bool(os.environ.get(UPDATE_VARIABLE))
