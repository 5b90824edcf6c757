"""Hypothesis profiles, chosen by the environment variable PARLOUR_HYPOTHESIS_PROFILE.

``tests/conftest.py`` loads the profile named there before any test module is read.

* (unset): Hypothesis' own defaults; every test runs the examples it asks for.
* ``few``: for a run where each file operation is slow, as under Wine (the Windows
  stage, ``tools/windows/check.sh``): the model-based state machines, whose every step
  writes and reads files, run a tenth of their examples (never fewer than 2), tests
  that name no count run 10, and no example has a deadline.
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
