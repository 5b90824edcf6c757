"""Dice written as dice in a line of text: ``⚀ ⚀ ⚄`` (Unicode) or ``[1][1][5]`` (ASCII)."""

from __future__ import annotations

from collections.abc import Iterable

from parlour.tui.glyphs import Glyphs


def dice_text(faces: Iterable[int], glyphs: Glyphs) -> str:
    """The faces as die symbols, each face told apart from its neighbours."""
    shown = list(faces)
    if glyphs.name == "unicode":
        return " ".join(glyphs.dice[f - 1] for f in shown)
    return "".join(f"[{f}]" for f in shown)
