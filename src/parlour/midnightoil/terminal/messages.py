"""The words and small records the Midnight Oil session and its parts share: the prompt
on the message row, the deal-number field, a path as it is typed after the command, and
what a step of moves did, in words.
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.core.record import Record
from parlour.core.text import printable
from parlour.midnightoil.game.cards import DEAL_LIMIT, FAN_KEYS
from parlour.midnightoil.game.rules import DRAW, FOUNDATION, REDEAL, Move, State
from parlour.tui.prompts import LineEditor, YesNoPrompt

DEAL_PROMPT = f"Deal number, from 0 to {DEAL_LIMIT - 1}:"
"""The ``#`` field's label: the range worded as the refusal words it."""


class Prompt(Record):
    """A question or a text field on the message row, and what it is for.

    ``note``: why the entry was refused, shown on the status row while the
    field stays open for correction (issue 39: a refused entry never closes
    its field, so no key typed for it reaches the board).
    """

    kind: str
    question: YesNoPrompt | None
    editor: LineEditor | None
    note: str

    __slots__ = ("kind", "question", "editor", "note")

    def __init__(
        self,
        kind: str,
        question: YesNoPrompt | None = None,
        editor: LineEditor | None = None,
        note: str = "",
    ) -> None:
        self.kind = kind
        self.question = question
        self.editor = editor
        self.note = note


def command_path(path: str) -> str:
    """A path as it is typed after ``midnightoil``: quoted for the shell, made printable."""
    return printable(shell_quoted(path))


def shell_quoted(path: str) -> str:
    """``path`` quoted for the player's shell (POSIX or Windows: ``core.shellpath``)."""
    from parlour.core.shellpath import for_shell

    return for_shell(path)


def move_summary(before: State, moves: list[Move], card: Callable[[int | None], str]) -> str:
    """A short account of what a step did."""
    if len(moves) == 1 and moves[0].kind == REDEAL:
        return "Redealt."
    if all(m.kind == FOUNDATION for m in moves) and len(moves) > 1:
        return f"{len(moves)} cards went home."
    move = moves[0]
    name = card(before.moved_card(move))
    if move.kind == DRAW:
        name = "Drawn: " + name
    if move.home:
        return f"{name} went home to foundation {move.target + 1}."
    return f"{name} moved onto fan {FAN_KEYS[move.target]}."
