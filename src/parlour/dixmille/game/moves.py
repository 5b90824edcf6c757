"""Dix Mille moves and phases: what a player can do and how it is written.

``t`` throws, ``p`` passes, ``take 1 5`` (or just ``15``) sets aside the
dice at those positions of the current throw. A move the rules refuse raises
:class:`IllegalMove` with the one-line reason for the player.
"""

from __future__ import annotations

from enum import Enum

from parlour.core.record import Frozen


class IllegalMove(Exception):
    """A move the rules refuse; ``str()`` is the one-line reason for the player."""


class Phase(Enum):
    """What the player to move must do next."""

    START = "start"
    """First throw of the turn: throw only."""
    TAKE = "take"
    """Scoring dice on the table: take at least one."""
    CHOOSE = "choose"
    """Throw the available dice or pass."""
    AGAIN = "again"
    """A missed first one-die attempt: throw it again."""
    OVER = "over"


class Throw(Frozen):
    """Throw the available dice."""

    __slots__ = ()

    def __str__(self) -> str:
        return "t"


class Pass(Frozen):
    """Bank the turn points and end the turn."""

    __slots__ = ()

    def __str__(self) -> str:
        return "p"


class TakeDice(Frozen):
    """Set aside the dice at these positions (1-based, as shown under the dice)."""

    positions: tuple[int, ...]

    __slots__ = ("positions",)

    def __init__(self, positions: tuple[int, ...]) -> None:
        object.__setattr__(self, "positions", positions)

    def __str__(self) -> str:
        return "take " + " ".join(str(p) for p in self.positions)


Move = Throw | Pass | TakeDice


def parse_positions(text: str) -> tuple[int, ...]:
    """Positions typed by a player: digits, spaces and commas ignored; IllegalMove if junk."""
    positions: list[int] = []
    for ch in text:
        if ch in " ,":
            continue
        if not ch.isdigit():
            raise IllegalMove(f"'{ch}' is not a die position: type the numbers under the dice")
        positions.append(int(ch))
    return tuple(positions)


def parse_move(text: str) -> Move:
    """``t``, ``p`` or ``take 1 5`` (also just ``15``) -> a move; IllegalMove if unreadable."""
    words = text.strip().lower()
    if words in ("t", "throw"):
        return Throw()
    if words in ("p", "pass"):
        return Pass()
    if words.startswith("take"):
        words = words[4:]
    return TakeDice(parse_positions(words))


def points(value: int) -> str:
    """A score as players read it: 6,350."""
    return f"{value:,}"


def dice_count(n: int) -> str:
    """``1 die`` / ``3 dice``."""
    return f"{n} {'die' if n == 1 else 'dice'}"
