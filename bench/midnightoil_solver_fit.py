"""Measure the weights of the solver's model (midnightoil.computer.solver_model), print them.

The model gives the chance of winning from the end state of a deal phase:
the foundation heights and whether the draw is left. The data are end
states met in real play (the start of deals 1 and 2 of auto-solved games,
with deal numbers outside the benchmark's 1..2000), each dealt again with a
shuffle of this script's own generator (never a real redeal):

- last deal: 1 if the sampled deal can be won outright, else 0;
- middle deal: 1 if the sampled deal can be won, else the fitted last-deal
  chance of the best end state that sampled deal offers.

Each is fitted by logistic regression (Newton's method, a tiny ridge) on
``solver.model.features``, separately with and without the draw. Prints
the weights, ready to paste, and the fit against the previous table on a
fifth of the data held out.

    .venv/bin/python bench/midnightoil_solver_fit.py            # as in docs/midnightoil.md
"""

from __future__ import annotations

import argparse
import math
import random
import sys

from parlour.midnightoil.computer.solver.auto import AutoSolver
from parlour.midnightoil.computer.solver.model import Weights, features, predict
from parlour.midnightoil.computer.solver.planner import search_state
from parlour.midnightoil.computer.solver.search import EndState, Found, search_phase
from parlour.midnightoil.computer.solver.value import TABLE, sample_deal, static_value
from parlour.midnightoil.game.rules import REDEAL, State

SEARCH_LIMIT = 60_000
"""Positions per sampled search (far above what a sampled deal needs)."""
NEWTON_STEPS = 30
RIDGE = 1e-4
HELD_OUT = 5
"""One row in this many is held out to compare the fit with the table."""

Row = tuple[EndState, float]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(rows: list[Row]) -> Weights:
    """Logistic regression of the targets (0..1) on the features, by Newton's method."""
    xs = [features(end) for end, _ in rows]
    d = len(xs[0])
    w = [0.0] * d
    for _ in range(NEWTON_STEPS):
        h = [[0.0] * d for _ in range(d)]
        g = [0.0] * d
        for x, (_, t) in zip(xs, rows, strict=True):
            p = predict(tuple(w), x)
            q = p * (1 - p)
            for i in range(d):
                g[i] += (t - p) * x[i]
                for j in range(i, d):
                    h[i][j] += q * x[i] * x[j]
        for i in range(d):
            g[i] -= RIDGE * w[i]
            h[i][i] += RIDGE
            for j in range(i):
                h[i][j] = h[j][i]
        step = _solve(h, g)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return tuple(round(a, 3) for a in w)


def cross_entropy(chances: list[float], rows: list[Row]) -> float:
    """Mean log-likelihood of the targets under the chances (higher is better)."""
    total = 0.0
    for p, (_, t) in zip(chances, rows, strict=True):
        p = min(1 - 1e-6, max(1e-6, p))
        total += t * math.log(p) + (1 - t) * math.log(1 - p)
    return total / len(rows)


def phase_starts(first: int, count: int) -> list[State]:
    """The starts of deals 1 and 2 in games auto-solved by the previous solver."""
    starts: list[State] = []
    for deal in range(first, first + count):
        state = State.new(deal)
        auto = AutoSolver(profile=TABLE)
        starts.append(state)
        while not state.is_won() and state.redeals_left > 0:
            move = auto.next_move(state)
            if move is None:
                break
            state = state.apply(move)
            if move.kind == REDEAL and state.redeals_left > 0:
                starts.append(state)
    return starts


def end_states(state: State, per: int, rng: random.Random) -> list[Found]:
    """Up to ``per`` foundation heights reachable in this phase, picked at random."""
    result = search_state(state, not state.draw_used, SEARCH_LIMIT, False, part_way=True)
    found = sorted({f for f, _ in result.ends if sum(f) < 52})
    return rng.sample(found, min(per, len(found)))


def last_rows(starts: list[State], per: int, rng: random.Random) -> list[Row]:
    """Sampled last deals: (end state, 1 if the sampled deal can be won)."""
    rows: list[Row] = []
    for state in starts:
        for found in end_states(state, per, rng):
            for draw_ok in (False, True):
                fans = sample_deal(found, rng)
                won = search_phase(fans, found, draw_ok, node_limit=SEARCH_LIMIT, win_only=True)
                rows.append(((found, draw_ok), 1.0 if won.won else 0.0))
    return rows


def middle_rows(
    starts: list[State], per: int, rng: random.Random, last: dict[bool, Weights]
) -> list[Row]:
    """Sampled middle deals: 1 if won, else the last-deal chance of the best end offered."""
    rows: list[Row] = []
    for state in starts:
        if state.redeals_left != 2:
            continue
        for found in end_states(state, per, rng):
            for draw_ok in (False, True):
                fans = sample_deal(found, rng)
                # Without a win the search has seen every end state of the phase.
                phase = search_phase(fans, found, draw_ok, node_limit=SEARCH_LIMIT, part_way=True)
                if phase.won:
                    rows.append(((found, draw_ok), 1.0))
                    continue
                best = max(predict(last[d], features((f, d))) for f, d in phase.ends)
                rows.append(((found, draw_ok), best))
    return rows


def report(name: str, rows: list[Row], table: bool) -> Weights:
    """Fit one set of weights, print them and how they fit the held-out rows."""
    train = [r for i, r in enumerate(rows) if i % HELD_OUT]
    test = [r for i, r in enumerate(rows) if not i % HELD_OUT]
    w = fit(train)
    model = cross_entropy([predict(w, features(e)) for e, _ in test], test)
    line = f"{name}: {len(rows)} rows, mean {sum(t for _, t in rows) / len(rows):.3f}, "
    line += f"held-out log-likelihood model {model:.4f}"
    if table:
        line += f", previous table {cross_entropy([static_value(e) for e, _ in test], test):.4f}"
    print(line)
    print(f"{name.upper().replace(' ', '_')}: Weights = {w}")
    return w


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=5001, help="first deal number of the data")
    parser.add_argument("--count", type=int, default=1000, help="games whose end states are used")
    parser.add_argument("--per", type=int, default=8, help="end states sampled per phase start")
    parser.add_argument("--middle-per", type=int, default=4, help="the same for middle deals")
    parser.add_argument("--seed", type=int, default=1, help="this script's own generator")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    starts = phase_starts(args.first, args.count)
    rows = last_rows(starts, args.per, rng)
    last = {
        d: report(f"last {'draw' if d else 'no draw'}", [r for r in rows if r[0][1] == d], True)
        for d in (True, False)
    }
    middle = middle_rows(starts, args.middle_per, rng, last)
    for d in (True, False):
        report(f"middle {'draw' if d else 'no draw'}", [r for r in middle if r[0][1] == d], False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
