"""The ``ui`` object of a mille save: what the screen was asking and showing when it was saved.

A save's ``ui`` object (spec: docs/mille.md, "Save files") records where the
save was made so that the restored game shows the same question: ``prompt``
(move, really, extension, another_hand, another_game), the score window
``layout``, the order-hand option ``ordering`` and the computer's
``last_move`` lines. :func:`validate_ui_state` checks it strictly.
"""

from __future__ import annotations

from enum import Enum

from parlour import TYPE_CHECKING
from parlour.core.i18n import _
from parlour.mille.game.cards import LABELS

if TYPE_CHECKING:
    from typing import Any

UI_STATE_VERSION = 1
PROMPT_NAMES = ("move", "really", "extension", "another_hand", "another_game")


class Layout(Enum):
    """The two layouts of the score window."""

    COMMANDS = "commands"
    BONUSES = "bonuses"


def validate_ui_state(state: Any) -> None:
    """Strict check of the ui_state dict a save carries; ``ValueError`` names the problem."""
    if not isinstance(state, dict):
        raise ValueError(_("the screen state is not an object"))
    version = state.get("version", UI_STATE_VERSION)
    if type(version) is not int or not 1 <= version <= UI_STATE_VERSION:
        raise ValueError(_("the screen state has an unknown version"))
    prompt = state.get("prompt", "move")
    if not isinstance(prompt, str) or prompt not in PROMPT_NAMES:
        raise ValueError(_("unknown prompt in the screen state"))
    layout = state.get("layout", Layout.COMMANDS.value)
    if not isinstance(layout, str) or layout not in (Layout.COMMANDS.value, Layout.BONUSES.value):
        raise ValueError(_("unknown window layout in the screen state"))
    if type(state.get("ordering", False)) is not bool:
        raise ValueError(_("the order-hand option is not true or false"))
    last = state.get("last_move")
    if last is not None:
        labels = set(LABELS.values())  # BSD's names: a save carries no language
        if (
            not isinstance(last, list)
            or len(last) != 2
            or not all(isinstance(part, str) for part in last)
            or last[0] not in ("PLAY", "DISCARD")
            or last[1] not in labels
        ):
            raise ValueError(_("the computer's last move is unreadable"))
