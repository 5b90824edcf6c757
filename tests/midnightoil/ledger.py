"""Where Midnight Oil's statistics ledger lives, as the tests name it."""

from __future__ import annotations

from parlour.core.keeper import LEDGER_NAME

LEDGER_FILE = f"midnightoil/{LEDGER_NAME}"
"""The ledger's path under the data folder (``paths.data_file(LEDGER_FILE)``)."""
