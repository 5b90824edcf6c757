"""Seeded randomness that replays identically everywhere.

Every game draws all of its chance from one injected ``random.Random``.
``random.Random(seed).random()`` is the Mersenne Twister with a documented,
version-stable seeding for integers, so a shuffle driven only by
``rng.random()`` (never ``rng.shuffle`` or ``rng.randrange``, whose algorithms
have changed between Python versions) deals the same cards on every Python.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence

from parlour import TYPE_CHECKING
from parlour.core.i18n import _

if TYPE_CHECKING:
    from typing import TypeVar

    T = TypeVar("T")

SEED_LIMIT = 2**63
"""Seeds are non-negative integers below this bound (they fit a signed 64-bit field)."""

MASK64 = 2**64 - 1


def choose_seed(seed: int | None = None) -> int:
    """Return ``seed`` when given, else a fresh random seed, so a seed is always known."""
    if seed is None:
        return random_below(SEED_LIMIT)
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(_("seed must be between 0 and {limit}").format(limit=SEED_LIMIT - 1))
    return seed


def random_below(n: int) -> int:
    """A number in ``0 .. n-1`` from the system's randomness (``secrets.randbelow``, without
    importing :mod:`secrets` and its hashing modules; not game randomness)."""
    return random.SystemRandom().randrange(n)


def make_rng(seed: int) -> random.Random:
    """Create the game's private generator from ``seed``."""
    return random.Random(seed)


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``0 .. n-1`` computed from ``rng.random()`` alone."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    return min(int(rng.random() * n), n - 1)


def shuffle(items: MutableSequence[T], rng: random.Random) -> None:
    """Fisher–Yates shuffle in place, driven by ``rng.random()`` only."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def rng_state(rng: random.Random) -> list[object]:
    """The generator's state as a JSON-able list (for saves)."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def restore_rng(state: object) -> random.Random:
    """Rebuild a generator from :func:`rng_state` output; ``ValueError`` if malformed."""
    if not (isinstance(state, list) and len(state) == 3):
        raise ValueError(_("random state is not a 3-item list"))
    version, internal, gauss = state
    # ``type(...) is int``: JSON's true and false are ints to isinstance, never a state.
    if type(version) is not int or not isinstance(internal, list):
        raise ValueError(_("random state has the wrong shape"))
    if len(internal) != 625 or not all(
        type(x) is int and 0 <= x <= 0xFFFFFFFF for x in internal[:624]
    ):
        raise ValueError(_("random state has the wrong size"))
    if type(internal[624]) is not int or not 0 <= internal[624] <= 624:
        raise ValueError(_("random state has a bad position"))
    if gauss is not None and not isinstance(gauss, float):
        raise ValueError(_("random state has a bad gauss value"))
    rng = random.Random()
    try:
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as exc:
        # Python's own words (in English) stay out of the reason a player reads.
        raise ValueError(_("random state rejected")) from exc
    return rng


class SplitMix64:
    """The SplitMix64 generator, exact to the bit (used where a deal must be portable)."""

    GAMMA = 0x9E3779B97F4A7C15

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + self.GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``0 .. n-1`` by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = 2**64 - (2**64 % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates: for i from n-1 down to 1 swap ``items[i]`` with ``items[below(i+1)]``."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
