"""Dix Mille style page: how far the straight line between exact start values strays.

The style page shows the optimum's expected points per turn from each turn's
banked score; :func:`parlour.dixmille.computer.analysis.start_value` computes them
exactly every OPTIMUM_STEP points and draws a straight line in between. This
script computes the exact value at every banked score below 10,000 (one
table each) and prints the largest difference from the line. Deterministic:
no confidence interval is needed.

Usage: .venv/bin/python bench/dixmille_optimum_line.py
"""

from __future__ import annotations

import time

from parlour.dixmille.computer.ai import tables_for
from parlour.dixmille.computer.analysis import OPTIMUM_STEP, start_value
from parlour.dixmille.game.rules import TARGET
from parlour.dixmille.game.scoring import STEP


def main() -> None:
    began = time.perf_counter()
    worst, where = 0.0, 0
    for banked in range(0, TARGET, STEP):
        gap = abs(start_value(banked) - tables_for(banked).start_value())
        if gap > worst:
            worst, where = gap, banked
    seconds = time.perf_counter() - began
    print(f"line every {OPTIMUM_STEP} points, {TARGET // STEP} banked scores checked")
    print(f"largest difference from the exact start value: {worst:.4f} points (at {where})")
    print(f"start value at 0: {start_value(0):.2f}; at 9,950: {start_value(TARGET - STEP):.2f}")
    print(f"{seconds:.1f} s")


if __name__ == "__main__":
    main()
