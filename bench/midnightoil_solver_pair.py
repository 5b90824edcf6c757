"""Benchmark: two runs of ``midnightoil_solver.py --list`` compared deal by deal (two versions).

The profiles of one run are compared on the same deals by
``midnightoil_solver.py`` itself; two versions of the solver (before and
after a change) need two runs, one per version of the code, each with
``--list``. This reads both outputs and prints the wins of each, the deals
won by one and not the other, and the exact sign test (McNemar) on those.

    PYTHONPATH=/old/src .venv/bin/python bench/midnightoil_solver.py --jobs 1 \\
        --count 2000 --profiles hold --list > before.txt
    .venv/bin/python bench/midnightoil_solver.py --jobs 1 --count 2000 --profiles hold \\
        --list > after.txt
    .venv/bin/python bench/midnightoil_solver_pair.py before.txt after.txt
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from pathlib import Path

from benchstats import wilson
from midnightoil_solver import sign_test

LINE = re.compile(r"deal (\d+) \[(\w+)\]: (\d+)/52 home")


def read(path: str, profile: str) -> dict[int, int]:
    """Cards home by deal, for ``profile``, from a ``--list`` output."""
    homes = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        match = LINE.match(line)
        if match and match.group(2) == profile:
            homes[int(match.group(1))] = int(match.group(3))
    return homes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", help="the --list output of the first run")
    parser.add_argument("after", help="the --list output of the second run")
    parser.add_argument("--profile", default="hold", help="the profile to compare (default hold)")
    args = parser.parse_args(argv)
    runs = {
        name: read(path, args.profile)
        for name, path in (("before", args.before), ("after", args.after))
    }
    deals = sorted(set(runs["before"]) & set(runs["after"]))
    if not deals:
        print("no deal in both runs", file=sys.stderr)
        return 1
    won = {name: {d for d in deals if runs[name][d] == 52} for name in runs}
    for name in runs:
        wins = len(won[name])
        low, high = wilson(wins, len(deals))
        mean = statistics.fmean(runs[name][d] for d in deals)
        print(
            f"[{name}] won {wins}/{len(deals)} = {100 * wins / len(deals):.1f}% "
            f"(95% CI {100 * low:.1f}% .. {100 * high:.1f}%), cards home mean {mean:.2f}"
        )
    only_before = len(won["before"] - won["after"])
    only_after = len(won["after"] - won["before"])
    print(
        f"paired  {len(deals)} deals, won by both {len(won['before'] & won['after'])}, "
        f"only before {only_before}, only after {only_after}; "
        f"sign test p = {sign_test(only_before, only_after):.3g}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
