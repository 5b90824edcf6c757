"""The layout of the statistics file of earlier versions, as those versions wrote it."""

from __future__ import annotations

from typing import Any


def layout(
    won: int = 0,
    lost: int = 0,
    solved: int = 0,
    restarted: int = 0,
    current_streak: int = 0,
    best_streak: int = 0,
    histogram: dict[int, int] | None = None,
    wins: list[dict[str, Any]] | None = None,
    deals: dict[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """An earlier ``midnightoil-stats.json`` (``histogram``: cards home -> games)."""
    counts = [0] * 53
    for home, games in (histogram or {}).items():
        counts[home] = games
    return {
        "version": 1,
        "won": won,
        "lost": lost,
        "solved": solved,
        "restarted": restarted,
        "current_streak": current_streak,
        "best_streak": best_streak,
        "histogram": counts,
        "wins": wins or [],
        "deals": deals or {},
    }
