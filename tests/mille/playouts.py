"""Made-up playout ends for the review's tests (so that words and sums do not hang on play)."""

from __future__ import annotations

from parlour.mille.computer.review.outcomes import Outcome

DEALS = 100


def outcome(
    *,
    finisher: int = 0,
    shut_out: bool = False,
    miles: tuple[int, int] = (0, 0),
    safety: tuple[int, int] = (0, 0),
    coups: tuple[int, int] = (0, 0),
    chance: float = 0.5,
    game_over: bool = False,
) -> Outcome:
    """A made-up playout's end; the trip bonus is 400 (900 with a shut-out) to the finisher."""
    trip = 400 + (500 if shut_out else 0)
    bonus = (trip if finisher == 1 else 0, trip if finisher == -1 else 0)
    mine = miles[0] + safety[0] + 300 * coups[0] + bonus[0]
    theirs = miles[1] + safety[1] + 300 * coups[1] + bonus[1]
    return Outcome(
        mine - theirs, chance, game_over, finisher, shut_out, miles, safety, coups, bonus
    )


def split(count: int, first: Outcome, rest: Outcome) -> list[Outcome]:
    """``count`` of :data:`DEALS` playouts ending as ``first``, the others as ``rest``."""
    return [first] * count + [rest] * (DEALS - count)
