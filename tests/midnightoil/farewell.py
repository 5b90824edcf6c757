"""The farewell lines of Midnight Oil, word for word (issue 39: each says how the game counts)."""

from __future__ import annotations

NOT_YET = "Saved, not counted yet: it counts when you resume it and it ends."
RECOVERED = f"Input ended; your game was saved. {NOT_YET} Resume with: midnightoil "
"""The line after a recovery save, up to the path."""
