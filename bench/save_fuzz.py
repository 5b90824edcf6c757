"""The long run of the save fuzz: mutated copies of every sample in saves/ through its loader.

For each sample, ``--count`` copies (default 2000) get 1-3 random mutations
(tests/savefuzz.py: hostile numbers, NaN and infinities, escape sequences, wrong
types, deleted and added keys, list edits), are written to a temporary file and
loaded with that game's own loader (mille: ``savefile.load_all``). Each outcome
is counted:

* refused: the one ``SaveError`` a player sees (its text must hold no control
  character, or it counts as a bug);
* loaded: then saved again with the game's ``save`` and loaded back (what loads
  must survive a save), and the game's consistency check is run where it has one
  (a ``check_consistent`` function in its savefile module, a method on the game, or
  for mille ``gamedata.check_consistent(game)``);
* bug: any other exception, or a loaded state that fails those checks. The first
  few are printed with their mutations.

It prints figures only and never fails. Reproduce with::

    .venv/bin/python bench/save_fuzz.py --count 2000 --seed 1
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.savefuzz import mutate_randomly, raw_bytes  # noqa: E402

from benchstats import percentile, wilson  # noqa: E402
from parlour.core import text  # noqa: E402
from parlour.core.saves import SaveError  # noqa: E402
from parlour.mille.files import gamedata  # noqa: E402

CHECK_NAMES = ("check_consistent",)
"""What a game may offer to check a loaded state (module function or game method)."""
SHOW_BUGS = 5


@dataclass
class Tally:
    """Outcomes for one sample."""

    sample: str
    refused: int = 0
    loaded: int = 0
    bugs: list[tuple[str, str]] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    checks: set[str] = field(default_factory=set)
    """The consistency checks the game offered (empty: loaded states were only re-saved)."""

    @property
    def total(self) -> int:
        return self.refused + self.loaded + len(self.bugs)


def _loader(module: ModuleType, game: str) -> Callable[[Path], Any]:
    load: Callable[[Path], Any] = module.load_all if game == "mille" else module.load
    return load


def _resave(module: ModuleType, game: str, path: Path, loaded: Any) -> None:
    if game == "mille":
        module.save(path, *loaded)
    else:
        module.save(path, loaded)


def _checks(module: ModuleType, game: str, loaded: Any) -> set[str]:
    """Run the game's own consistency checks, wherever offered (raises when inconsistent)."""
    target = loaded[0] if game == "mille" else loaded
    ran = set()
    for name in CHECK_NAMES:
        function = getattr(module, name, None)
        if callable(function):
            function(loaded)
            ran.add(f"savefile.{name}")
        method = getattr(target, name, None)
        if callable(method):
            method()
            ran.add(f"{type(target).__name__}.{name}")
    if game == "mille":
        gamedata.check_consistent(target)
        ran.add("gamedata.check_consistent")
    return ran


def _describe(exc: BaseException) -> str:
    return text.fit(f"{type(exc).__name__}: {exc}", 160)


def fuzz_sample(sample: Path, count: int, seed: int, folder: Path) -> Tally:
    """Load ``count`` mutated copies of ``sample``; the outcomes."""
    document = json.loads(sample.read_text(encoding="utf-8"))
    game = document["game"]
    module = importlib.import_module(f"parlour.{game}.files.savefile")
    load = _loader(module, game)
    rng = random.Random(f"{seed}:{sample.name}")
    tally = Tally(sample.name)
    target = folder / "fuzzed.json"
    again = folder / "again.json"
    for _ in range(count):
        mutation = mutate_randomly(document, rng)
        target.write_bytes(raw_bytes(mutation.document))
        started = time.perf_counter()
        try:
            loaded = load(target)
        except SaveError as exc:
            if all(ch.isprintable() for ch in str(exc)):
                tally.refused += 1
            else:
                tally.bugs.append((mutation.describe(), "SaveError text holds control characters"))
            continue
        except Exception as exc:
            tally.bugs.append((mutation.describe(), _describe(exc)))
            continue
        finally:
            tally.seconds.append(time.perf_counter() - started)
        try:
            tally.checks |= _checks(module, game, loaded)
            _resave(module, game, again, loaded)
            load(again)
        except Exception as exc:
            tally.bugs.append((mutation.describe(), "loaded, then " + _describe(exc)))
            continue
        tally.loaded += 1
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000, help="mutated copies per sample")
    parser.add_argument("--seed", type=int, default=1, help="seed of the mutations")
    parser.add_argument("--only", default="", help="only samples whose name contains this")
    args = parser.parse_args(argv)
    samples = sorted(p for p in (ROOT / "saves").glob("*.json") if args.only in p.name)
    print(
        f"save fuzz: {args.count} mutated copies of each of {len(samples)} samples,"
        f" seed {args.seed}"
    )
    print(
        f"{'sample':44} {'refused':>8} {'loaded':>7} {'bugs':>5}  bug rate (95% CI)  p99 / max ms"
    )
    tallies = []
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["PARLOUR_DATA_DIR"] = str(Path(scratch) / "data")
        for sample in samples:
            tally = fuzz_sample(sample, args.count, args.seed, Path(scratch))
            tallies.append(tally)
            low, high = wilson(len(tally.bugs), tally.total)
            p99 = percentile(tally.seconds, 0.99) * 1000
            slowest = max(tally.seconds, default=0.0) * 1000
            print(
                f"{tally.sample:44} {tally.refused:8} {tally.loaded:7} {len(tally.bugs):5}"
                f"  {low:6.2%} .. {high:6.2%}   {p99:7.1f} / {slowest:7.1f}"
                f"   checks: {', '.join(sorted(tally.checks)) or 'none offered'}",
                flush=True,
            )
    total = sum(t.total for t in tallies)
    bugs = [bug for t in tallies for bug in ((t.sample, *b) for b in t.bugs)]
    low, high = wilson(len(bugs), total)
    print(
        f"all: {total} loads, {sum(t.refused for t in tallies)} refused with SaveError, "
        f"{sum(t.loaded for t in tallies)} loaded (saved and loaded again, and checked where "
        f"the game offers a check), {len(bugs)} bugs "
        f"(rate {low:.2%} .. {high:.2%}, 95% CI)"
    )
    for name, mutation, what in bugs[:SHOW_BUGS]:
        print(f"  bug in {name}: {text.fit(mutation, 200)}\n      -> {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
