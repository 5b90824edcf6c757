"""Test helpers: games with forced dice."""

from __future__ import annotations

import random
from collections.abc import Iterable

from parlour.core.rng import make_rng
from parlour.dixmille.game.rules import Game, new_game


class Scripted:
    """A dice roller that returns the given throws in order (and fails loudly when out)."""

    def __init__(self, throws: Iterable[Iterable[int]]) -> None:
        self.throws = [tuple(t) for t in throws]

    def __call__(self, rng: random.Random, count: int) -> tuple[int, ...]:
        if not self.throws:
            raise AssertionError("the test ran out of scripted throws")
        dice = self.throws.pop(0)
        assert len(dice) == count, f"expected a throw of {count} dice, scripted {dice}"
        return dice


def scripted_game(names: list[str], *throws: Iterable[int], four_twos: str = "game") -> Game:
    """A game whose dice are the given throws."""
    game = new_game(names, make_rng(1), 1, four_twos)
    game.roller = Scripted(throws)
    return game


def kept_note(reason: str, place: object) -> list[str]:
    """The lines saying a record was kept, not recorded: why, whole, and where (issue 39):
    one line when both fit 80 columns, else the kept file's name on a line of its own."""
    from parlour.core.text import ASCII_ELLIPSIS, shorten_middle

    whole = f"Statistics not recorded yet ({reason}); kept in {place}, written next time."
    if len(whole) <= 80:
        return [whole]
    lead = f"Statistics not recorded yet ({reason}); kept for next time in:"
    return [lead, shorten_middle(str(place), 80, ASCII_ELLIPSIS)]
