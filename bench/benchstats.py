"""Figures every benchmark prints: confidence intervals and percentiles (one place for all)."""

from __future__ import annotations

import math
import statistics

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion ``successes / n`` (ties may count half)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = Z95 * Z95
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of ``values`` by the nearest-rank method (0.0 when empty)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half
