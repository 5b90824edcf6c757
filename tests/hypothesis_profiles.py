"""Hypothesis profiles, chosen by the environment variable PARLOUR_HYPOTHESIS_PROFILE.

``tests/conftest.py`` loads the profile named there before any test module is read.

* (unset): Hypothesis' own defaults; every test runs the examples it asks for.
* ``few``: for a run where each file operation is slow, as under Wine (the Windows
  stage, ``tools/windows/check.sh``): the model-based state machines, whose every step
  writes and reads files, run a tenth of their examples (never fewer than 2), tests
  that name no count run 10, and no example has a deadline; tests that walk every offset
  of a file (``spread``) visit a tenth of them, evenly spread, both ends always.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILE_VAR = "PARLOUR_HYPOTHESIS_PROFILE"
FEW = "few"
FEWEST_EXAMPLES = 2

settings.register_profile(FEW, max_examples=10, deadline=None)


def load_from_environment() -> None:
    """Load the profile PARLOUR_HYPOTHESIS_PROFILE names, if any."""
    name = os.environ.get(PROFILE_VAR)
    if name:
        settings.load_profile(name)


def examples(count: int) -> int:
    """``count`` examples as the loaded profile scales them (all, or a tenth with ``few``)."""
    if settings.default.max_examples >= 100:
        return count
    share = settings.default.max_examples / 100
    return max(FEWEST_EXAMPLES, round(count * share))


def spread(start: int, stop: int, step: int = 1) -> list[int]:
    """``range(start, stop, step)``, or under a profile that scales examples down an evenly
    spread share of it as ``examples`` scales a count, always with its first and last."""
    every = list(range(start, stop, step))
    wanted = examples(len(every))
    if wanted >= len(every):
        return every
    gap = len(every) / wanted
    return sorted({every[int(i * gap)] for i in range(wanted)} | {every[-1]})
