"""The two parts of a review's stated cost that the calibration bench fits apart
(bench/mille_review_calibration.py): scored at once, and scored after the move.

The review itself states the whole paired difference
(:meth:`parlour.mille.computer.review.outcomes.Contrast.loss`); only the calibration splits
it, so the split lives here; the tests import it as ``bench.mille_review_parts``.
"""

from __future__ import annotations

from parlour.mille.computer.review.outcomes import Contrast


def parts(contrast: Contrast) -> list[tuple[float, float]]:
    """Deal by deal, the paired difference as the hand scores it, in two parts: the
    points the better move scored at once (a coup fourré, a safety, a finished trip),
    never more than the whole difference (a safety laid now by the advice and later
    by the player scores the same both ways: nothing), and the rest, scored in the
    playouts after the move."""
    found = []
    for advised, chosen in zip(contrast.advised, contrast.chosen, strict=True):
        whole = float(advised.diff - chosen.diff)
        if whole >= 0:  # the advice's own points at once, as far as they made the gain
            sure = min(max(0.0, float(advised.early - advised.start)), whole)
        else:  # the player's own points at once, as far as they made its gain
            sure = -min(max(0.0, float(chosen.early - chosen.start)), -whole)
        found.append((sure, whole - sure))
    return found
