"""Dix Mille moves and phases: what a player can do, how it is written, what a move did
(:class:`Outcome`) and what the player to move sees (:class:`Situation`).

``t`` throws, ``p`` passes, ``take 1 5`` (or just ``15``) sets aside the
dice at those positions of the current throw. A move the rules refuse raises
:class:`IllegalMove` with the one-line reason for the player.
"""

from __future__ import annotations

from enum import Enum

from parlour.core.i18n import _, ngettext
from parlour.core.record import Frozen

TARGET = 10_000
"""The score that ends the game (after the cycle in which someone reaches it)."""


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

    def __str__(self) -> str:
        return "t"


class Pass(Frozen):
    """Bank the turn points and end the turn."""

    def __str__(self) -> str:
        return "p"


class TakeDice(Frozen):
    """Set aside the dice at these positions (1-based, as shown under the dice)."""

    positions: tuple[int, ...]

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
            raise IllegalMove(
                _("'{char}' is not a die position: type the numbers under the dice").format(char=ch)
            )
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


def dice_count(n: int) -> str:
    """``1 die`` / ``3 dice``."""
    return ngettext("{n} die", "{n} dice", n).format(n=n)


class Outcome(Frozen):
    """What a move did, for the screen: a kind, the dice involved and a message."""

    kind: str
    """throw, take, pass, bust, four2s, one_hit, one_miss."""
    seat: int
    dice: tuple[int, ...] = ()
    points: int = 0
    message: str = ""
    turn_ended: bool = False


class Situation(Frozen):
    """What the player to move can see: everything a computer player may decide from."""

    seat: int
    scores: tuple[int, ...]
    phase: Phase
    turn_points: int
    dice_left: int
    level: int
    thrown: tuple[int, ...]
    four_twos: str

    @property
    def banked(self) -> int:
        return self.scores[self.seat]

    @property
    def best_other(self) -> int | None:
        """The highest score among the other players (None in solitaire)."""
        others = [s for i, s in enumerate(self.scores) if i != self.seat]
        return max(others) if others else None

    @property
    def last_turn(self) -> bool:
        """Another player already has 10,000: this turn is the player's last (spec 8.2)."""
        best = self.best_other
        return best is not None and best >= TARGET


def take_first() -> str:
    """The refusal of a throw or a pass while thrown dice wait for their take."""
    return _("Take at least one scoring die first: type positions, then ENTER")
