"""Mutation testing of the modules whose mistakes a player would feel (issue #15).

Runs mutmut 3 (``[tool.mutmut]`` in pyproject.toml; it needs fork, so Linux or
macOS) one module at a time, then prints the kill rate per module and over
all: the share of mutants the tests (``-m "not e2e"``) notice. A kill rate
is a count over every mutant of the module, not a sample, so it has no
confidence interval. docs/testing.md has the figures and the equivalent
mutants.

    .venv/bin/python bench/mutation.py                          # every module
    .venv/bin/python bench/mutation.py --modules mille.rules midnightoil.hints
    .venv/bin/python bench/mutation.py --report-only --survivors   # no new run
    .venv/bin/python bench/mutation.py --rerun-survivors           # after new tests

mutmut keeps its copy of the tree and its results in ./mutants (git ignores
it); ``mutmut show NAME`` prints the change a survivor makes.
"""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MODULES = (
    "core.saves",
    "mille.cards",
    "mille.rules",
    "mille.state",
    "mille.scoring",
    "mille.savefile",
    "dixmille.scoring",
    "dixmille.rules",
    "dixmille.records",
    "dixmille.savefile",
    "dixmille.stats",
    "dixmille.analysis",
    "midnightoil.cards",
    "midnightoil.rules",
    "midnightoil.game",
    "midnightoil.savefile",
    "midnightoil.stats",
    "midnightoil.hints",
)
"""Every module #15 names, as ``package.module`` under parlour (the pyproject list)."""

KILLED = "killed"
SURVIVED = "survived"
NO_TESTS = "no tests"
TIMEOUT = "timeout"
UNCHECKED = "not checked"
OTHER = "other"
CAUGHT = (KILLED, TIMEOUT)
"""What counts as noticed: a failing test, or a test that no longer ends."""

STATUS_BY_CODE: dict[int | None, str] = {
    1: KILLED,
    3: KILLED,
    0: SURVIVED,
    5: NO_TESTS,
    33: NO_TESTS,
    36: TIMEOUT,
    -24: TIMEOUT,
    24: TIMEOUT,
    152: TIMEOUT,
    255: TIMEOUT,
    None: UNCHECKED,
}
"""mutmut's exit codes (mutmut/stats.py); anything else is suspicious, shown as other."""


@dataclass
class Tally:
    """The mutants of one module by outcome."""

    module: str
    counts: Counter[str]
    survivors: list[str]

    @property
    def checked(self) -> int:
        return sum(n for status, n in self.counts.items() if status != UNCHECKED)

    @property
    def caught(self) -> int:
        return sum(self.counts[s] for s in CAUGHT)

    def rate(self) -> float | None:
        return self.caught / self.checked if self.checked else None


def module_name(text: str) -> str:
    """``mille.rules`` from itself, ``parlour.mille.rules`` or ``src/parlour/mille/rules.py``."""
    name = text.removesuffix(".py").replace("/", ".")
    name = name.removeprefix("src.").removeprefix("parlour.")
    if name not in MODULES:
        raise argparse.ArgumentTypeError(f"not one of the mutated modules: {text}")
    return name


def meta_path(module: str) -> Path:
    return ROOT / "mutants" / "src" / "parlour" / (module.replace(".", "/") + ".py.meta")


def tally(module: str) -> Tally | None:
    """The recorded outcome of every mutant of ``module``; None before its first run."""
    path = meta_path(module)
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    counts: Counter[str] = Counter()
    survivors: list[str] = []
    for name, code in data["exit_code_by_key"].items():
        status = STATUS_BY_CODE.get(code, OTHER)
        counts[status] += 1
        if status in (SURVIVED, NO_TESTS, OTHER):
            survivors.append(name)
    return Tally(module, counts, sorted(survivors, key=_natural))


def _natural(name: str) -> tuple[str, int]:
    head, _, number = name.rpartition("__mutmut_")
    return head, int(number) if number.isdigit() else 0


def run_module(
    module: str, max_children: int, limit_minutes: float, names: list[str] | None = None
) -> bool:
    """Run mutmut over one module's mutants (or just ``names``); False if it failed or was
    stopped at the time limit. mutmut's own output goes to mutants/mutmut-MODULE.log."""
    mutmut = Path(sys.executable).with_name("mutmut")
    wanted = names if names is not None else [f"parlour.{module}.*"]
    command = [str(mutmut), "run", "--max-children", str(max_children), *wanted]
    shown = " ".join(command[1:4]) + (f" ({len(names)} mutants)" if names else f" {wanted[0]}")
    print(f"== {module}: {shown}", flush=True)
    log = ROOT / "mutants" / f"mutmut-{module}.log"
    log.parent.mkdir(exist_ok=True)
    started = time.monotonic()
    with (
        log.open("w", encoding="utf-8") as out,
        subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT) as proc,
    ):
        try:
            proc.wait(timeout=limit_minutes * 60)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGINT)  # mutmut stops its workers and keeps its results
            proc.wait()
            print(f"   stopped after {limit_minutes:g} minutes", flush=True)
            return False
    print(f"   {time.monotonic() - started:.0f} s, mutmut exit status {proc.returncode}")
    if proc.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").replace("\r", "\n")
        print("   " + "\n   ".join(tail.strip().splitlines()[-15:]))
    return proc.returncode == 0


def percent(value: float | None) -> str:
    return "   -  " if value is None else f"{100 * value:5.1f}%"


def report(modules: list[str], survivors: bool) -> None:
    header = f"{'module':<22}{'mutants':>8}{'killed':>8}{'timeout':>8}{'survived':>9}"
    print(header + f"{'no tests':>9}{'unrun':>6}{'kill rate':>10}")
    total: Counter[str] = Counter()
    tallies = [t for t in (tally(m) for m in modules) if t is not None]
    for t in tallies:
        c = t.counts
        print(
            f"{t.module:<22}{sum(c.values()):>8}{c[KILLED]:>8}{c[TIMEOUT]:>8}"
            f"{c[SURVIVED] + c[OTHER]:>9}{c[NO_TESTS]:>9}{c[UNCHECKED]:>6}{percent(t.rate()):>10}"
        )
        total.update(c)
    checked = sum(n for s, n in total.items() if s != UNCHECKED)
    caught = sum(total[s] for s in CAUGHT)
    print(
        f"{'overall':<22}{sum(total.values()):>8}{total[KILLED]:>8}{total[TIMEOUT]:>8}"
        f"{total[SURVIVED] + total[OTHER]:>9}{total[NO_TESTS]:>9}{total[UNCHECKED]:>6}"
        f"{percent(caught / checked if checked else None):>10}"
    )
    missing = [m for m in modules if tally(m) is None]
    if missing:
        print("not run yet: " + " ".join(missing))
    if survivors:
        for t in tallies:
            for name in t.survivors:
                print(f"  {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", nargs="+", type=module_name, default=list(MODULES))
    parser.add_argument("--max-children", type=int, default=1, help="mutmut workers (default 1)")
    parser.add_argument(
        "--limit-minutes", type=float, default=20.0, help="stop one module's run after this long"
    )
    parser.add_argument("--report-only", action="store_true", help="print the last results")
    parser.add_argument("--survivors", action="store_true", help="list the mutants not killed")
    parser.add_argument(
        "--rerun-survivors",
        action="store_true",
        help="run again only the mutants not killed last time (after adding tests)",
    )
    args = parser.parse_args(argv)
    if not args.report_only:
        for module in args.modules:
            names = None
            if args.rerun_survivors:
                last = tally(module)
                names = last.survivors if last is not None and not last.counts[UNCHECKED] else None
                if names == []:
                    continue
            run_module(module, args.max_children, args.limit_minutes, names)
    report(args.modules, args.survivors)
    return 0


if __name__ == "__main__":
    sys.exit(main())
