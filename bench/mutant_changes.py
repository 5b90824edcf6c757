"""What one mutmut mutant changes, read from mutmut's copy of the tree (``mutants/``).

mutmut 3 writes every mutant of a function into its copy of the module as a function
of its own (``x_name__mutmut_7``, beside ``x_name__mutmut_orig``). A mutant's *change*
is the lines of its function that differ from the original's, each marked ``-`` or
``+`` and stripped, joined with `` | ``: ``- return int(t, 10) | + return int(t, )``.

A mutant's number counts the mutations of its function in order, so a line added
above a listed equivalent gives its name to another mutation. ``bench/mutation.py``
keeps the change each equivalent had when it was judged
(``bench/mutation_equivalents.json``) and counts a listed name as equivalent only
while it still makes that change.
"""

from __future__ import annotations

import difflib
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ORIGINAL = "__mutmut_orig"


def mutated_path(module: str) -> Path:
    """Where mutmut keeps its copy of ``module`` (``mille.game.rules``)."""
    return ROOT / "mutants" / "src" / "parlour" / (module.replace(".", "/") + ".py")


def module_source(module: str) -> list[str] | None:
    """The lines of mutmut's copy of ``module``; None if not made."""
    return _read(mutated_path(module))


@cache
def _read(path: Path) -> list[str] | None:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None


def function_lines(source: list[str], name: str) -> list[str] | None:
    """The lines of the function ``name`` in ``source``, its own name written as ``F``."""
    opening = re.compile(rf"^(\s*)def {re.escape(name)}\(")
    for start, line in enumerate(source):
        found = opening.match(line)
        if found is None:
            continue
        indent = len(found.group(1))
        end = start + 1
        while end < len(source):
            text = source[end]
            stripped = text.lstrip()
            if stripped and len(text) - len(stripped) <= indent and not stripped.startswith(")"):
                break
            end += 1
        while end > start + 1 and not source[end - 1].strip():
            end -= 1
        return [text.replace(name, "F") for text in source[start:end]]
    return None


def change(module: str, mutant: str) -> str | None:
    """What ``mutant`` (``x_name__mutmut_7``) of ``module`` changes; None if it is not found."""
    source = module_source(module)
    if source is None:
        return None
    head, _, number = mutant.rpartition("__mutmut_")
    if not number.isdigit():
        return None
    mutated = function_lines(source, mutant)
    original = function_lines(source, head + ORIGINAL)
    if mutated is None or original is None:
        return None
    changed = [
        f"{line[0]} {line[2:].strip()}"
        for line in difflib.ndiff(original, mutated)
        if line[:2] in ("- ", "+ ")
    ]
    return " | ".join(changed)
