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
