"""Judging end states before a redeal: the model's choice whatever the order, sampling
within its budget."""

from __future__ import annotations

import pytest

from parlour.midnightoil.computer.solver import value
from parlour.midnightoil.computer.solver.model import win_chance
from parlour.midnightoil.computer.solver.search import EndState
from parlour.midnightoil.computer.solver.value import choose_by_model


def test_choose_by_model_takes_the_best_chance_whatever_the_order() -> None:
    ends: list[EndState] = [
        ((5, 5, 5, 5), True),
        ((6, 5, 5, 5), False),
        ((6, 6, 6, 6), True),
        ((13, 0, 0, 13), True),
    ]
    for redeals_left in (1, 2):
        best = max(ends, key=lambda e: win_chance(e, redeals_left))
        for shift in range(len(ends)):
            turned = ends[shift:] + ends[:shift]
            assert choose_by_model(turned, redeals_left) == best


def test_sampling_stops_at_its_node_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(value, "SAMPLE_NODE_BUDGET", 0)
    ends: list[EndState] = [((3, 3, 3, 3), True), ((4, 3, 3, 3), True)]
    _, rounds = value.sampled_values(ends, 0, 5, 50)
    assert rounds == 1
    monkeypatch.setattr(value, "SAMPLE_NODE_BUDGET", 10**9)
    _, rounds = value.sampled_values(ends, 0, 5, 3)
    assert rounds == 3
