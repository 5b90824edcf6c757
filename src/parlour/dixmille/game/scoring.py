"""Dix Mille scoring as data: the combination table, legal takes and the four-2s test.

Spec section 4: a legal take from one throw is 1 to 3 dice that are each a 1
or a 5, or one three-of-a-kind, or all six dice when they form 1-2-3-4-5-6 or
three pairs (three different faces, each exactly twice). A take is scored in
the way that gives the most points (three 1s = 1000, three 5s = 500). Nothing
else scores. Only dice of the same throw combine. Scores never depend on the
order of the dice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from parlour.core import i18n
from parlour.core.record import Ordered

FACES = (1, 2, 3, 4, 5, 6)
DICE_COUNT = 6
MAX_TAKE = 3
"""At most three dice per throw, except a whole six-dice combination (R3, R4)."""

SINGLE_POINTS: dict[int, int] = {1: 100, 5: 50}
"""A single 1 or 5 scores on its own; no other face does."""

TRIPLE_POINTS: dict[int, int] = {1: 1000, 2: 200, 3: 300, 4: 400, 5: 500, 6: 600}
"""Three of a kind of face f: 100 x f, except three 1s = 1000."""

STRAIGHT = "1-2-3-4-5-6"
THREE_PAIRS = "three pairs"
SIX_DICE_POINTS: dict[str, int] = {STRAIGHT: 3000, THREE_PAIRS: 1500}
"""Combinations of all six dice of one throw (taken whole, R4)."""

FOUR_TWOS_FACE = 2
FOUR_TWOS_COUNT = 4
"""Four or more 2s on one throw lose all points (R8)."""

ONE_DIE_BONUS = 500
"""The j-th successful one-die throw of a turn earns 500 x j on top of the die (R10)."""

STEP = 50
"""Every score in the game is a multiple of 50."""


def rounded(value: float, digits: int = 0) -> Decimal:
    """``value`` to ``digits`` decimals, halves rounded up (452.5 -> 453, 0.125 -> 0.13).

    The one rounding rule of every figure the game shows: Python's ``round()`` and
    ``format`` round a half to the even neighbour (452.5 -> 452 but 457.5 -> 458).
    The value is taken as it is written (``repr``), so 0.125 is a half, not the binary
    fraction just below it.
    """
    exact = Decimal(repr(float(value)))
    return exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)


def number(value: float, digits: int = 0) -> str:
    """A figure as players read it, the one format everywhere: ``6,350``, ``1,234.5``,
    with thousands separated by commas and halves rounded up (:func:`rounded`); in French
    ``6 350`` and ``1 234,5``, as :func:`parlour.core.i18n.number` writes them."""
    exact = rounded(value, digits)
    if i18n.language() == "en":
        return f"{exact:,.{digits}f}"
    return i18n.number(float(exact), digits, group=True)


def points(value: int) -> str:
    """A score as players read it: 6,350."""
    return number(value)


class Take(Ordered):
    """A legal take: its faces (ascending), its points and the combination's name."""

    faces: tuple[int, ...]
    points: int
    name: str

    def __str__(self) -> str:
        return f"{' '.join(str(f) for f in self.faces)} ({points(self.points)})"

    @property
    def size(self) -> int:
        """How many dice the take sets aside."""
        return len(self.faces)


def six_dice_combination(faces: Sequence[int]) -> str | None:
    """The name of the six-dice combination the dice form, or None."""
    if len(faces) != DICE_COUNT:
        return None
    counts = Counter(faces)
    if sorted(faces) == list(FACES):
        return STRAIGHT
    if len(counts) == 3 and all(c == 2 for c in counts.values()):
        return THREE_PAIRS
    return None


def score_take(faces: Iterable[int]) -> Take | None:
    """Score ``faces`` as one take from a single throw; None if it is not a legal take.

    ``faces`` must be a whole throw for a six-dice combination to count.
    """
    dice = tuple(sorted(faces))
    if not dice or any(f not in FACES for f in dice):
        return None
    combo = six_dice_combination(dice)
    if combo is not None:
        return Take(dice, SIX_DICE_POINTS[combo], combo)
    if len(dice) > MAX_TAKE:
        return None
    if len(dice) == MAX_TAKE and dice[0] == dice[2]:
        return Take(dice, TRIPLE_POINTS[dice[0]], f"three {dice[0]}s")
    if all(f in SINGLE_POINTS for f in dice):
        points = sum(SINGLE_POINTS[f] for f in dice)
        return Take(dice, points, "single" if len(dice) == 1 else "singles")
    return None


def is_four_twos(faces: Sequence[int]) -> bool:
    """True when a throw shows four or more 2s (checked before anything else)."""
    return sum(1 for f in faces if f == FOUR_TWOS_FACE) >= FOUR_TWOS_COUNT


@lru_cache(maxsize=4096)
def _takes_of_sorted(dice: tuple[int, ...]) -> tuple[Take, ...]:
    counts = Counter(dice)
    found: set[Take] = set()
    ones, fives = counts.get(1, 0), counts.get(5, 0)
    for a in range(min(ones, MAX_TAKE) + 1):
        for b in range(min(fives, MAX_TAKE - a) + 1):
            if a + b:
                take = score_take((1,) * a + (5,) * b)
                if take is not None:
                    found.add(take)
    for face, count in counts.items():
        if count >= MAX_TAKE:
            take = score_take((face,) * MAX_TAKE)
            if take is not None:
                found.add(take)
    whole = score_take(dice) if len(dice) == DICE_COUNT else None
    if whole is not None and whole.size == DICE_COUNT:
        found.add(whole)
    return tuple(sorted(found, key=lambda t: (-t.points, -t.size, t.faces)))


def legal_takes(faces: Sequence[int]) -> tuple[Take, ...]:
    """Every legal take from one throw, best points first (a deterministic order)."""
    return _takes_of_sorted(tuple(sorted(faces)))


def scores(faces: Sequence[int]) -> bool:
    """True when the throw holds at least one scoring die or combination."""
    return bool(legal_takes(faces))


def one_die_bonus(successes: int) -> int:
    """The bonus for the ``successes``-th successful one-die throw of a turn (1-based)."""
    return ONE_DIE_BONUS * successes
