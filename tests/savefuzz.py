"""Hostile copies of a save document, for fuzzing every loader (no game knowledge here).

Use from a test::

    from tests.savefuzz import mutated, raw_bytes

    @given(mutated(sample))
    def test_loader_is_total(doc):
        path.write_bytes(raw_bytes(doc))
        try:
            load(path)            # loaded: must be consistent and playable
        except SaveError:
            pass                  # refused: the one error a player sees

:func:`mutated` applies 1-3 mutations at random paths of a decoded JSON object:
hostile numbers (5000-digit and 10**400 integers, negatives, 0, 10**12, NaN,
infinities, a ``-1e400`` that overflows), booleans, None, wrong types, strings
holding terminal escape sequences, empty, long or wide strings; deleted and
added keys; duplicated, dropped and swapped list elements. :func:`raw_bytes`
writes the result as JSON text in which those literals appear as they are
(``NaN``, ``-1e400``, 5000 digits), which ``json.dumps`` alone cannot do for
integers beyond Python's int-to-string limit.

The same mutation code is driven either by Hypothesis (:func:`mutations`,
:func:`mutated`) or by a seeded ``random.Random`` (:func:`mutate_randomly`,
for the long run in bench/save_fuzz.py), so both fuzz the same space.
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")

SAMPLE_ENVELOPE: dict[str, Any] = {
    "format": "parlour-save",
    "game": "demo",
    "format_version": 1,
    "program_version": "0.1.0",
    "saved_at": "2026-12-01T00:00:00+00:00",
    "seed": 7,
    "state": {"hand": ["GO", "D25"], "score": [1, 2], "name": "Ann", "clock": 1.5},
}
"""A tiny save of a made-up game ``demo``, for tests of the envelope and of the fuzzer."""
Path = tuple[str | int, ...]
"""Keys and list indices from the document root to one value."""


class FloatLiteral(float):
    """A float that must be written with its own text (``-1e400`` reads back as -inf)."""

    text: str

    def __new__(cls, text: str) -> FloatLiteral:
        value = super().__new__(cls, float(text))
        value.text = text
        return value

    def __repr__(self) -> str:
        return self.text


class HugeInt(int):
    """An int too long for ``str()`` (past the 4300-digit limit) that still shows itself.

    Hypothesis and pytest print failing examples with ``repr``; a plain 5000-digit
    int would make that printing fail instead of showing the example.
    """

    def __repr__(self) -> str:
        digits = len(_int_text(abs(int(self))))
        return f"{'-' if self < 0 else ''}<int of {digits} digits>"

    __str__ = __repr__


HUGE_DIGITS = HugeInt(10**5000 - 1)
"""5000 nines: past Python's 4300-digit int-to-string limit, a ValueError when parsed."""

ESCAPES = ("\x1b]0;x\x07", "\x1b]52;c;aGk=\x07", "\x1b[2J", "a\x1b[31mred\x1b[0m", "\x9b2J")
WIDE = ("漢字", "🂡🂱", "ＡＢＣ", "e\u0301\u0301", "\u202eevil", "名" * 40)

HOSTILE_VALUES: tuple[Any, ...] = (
    HUGE_DIGITS,
    HugeInt(-HUGE_DIGITS),
    10**400,
    -(10**400),
    -1,
    -(10**12),
    0,
    10**12,
    2**63,
    2**64,
    float("nan"),
    float("inf"),
    float("-inf"),
    FloatLiteral("-1e400"),
    FloatLiteral("1e400"),
    0.5,
    -0.0,
    True,
    False,
    None,
    "",
    "x" * 200,
    *ESCAPES,
    *WIDE,
)

WRONG_TYPES: tuple[Any, ...] = ("0", "GO", 1, 2.5, [], [1, 2], {}, {"k": 1}, [[]], True, None)

NEW_KEYS = ("extra", "", "state", "__class__", "\x1b[2J", "名前", "x" * 200)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


@dataclass(frozen=True)
class Mutated:
    """A mutated document and a readable line per mutation applied."""

    document: dict[str, Any]
    mutations: tuple[str, ...]

    def describe(self) -> str:
        return "; ".join(self.mutations)


class _Chooser:
    """Where the random choices come from (Hypothesis draws or a seeded Random)."""

    def __init__(self, pick: Callable[[Sequence[Any]], Any], between: Callable[[int, int], int]):
        self.pick = pick
        self.between = between


def _paths(value: Any, prefix: Path = ()) -> list[tuple[Path, Any]]:
    """Every (path, value) in the document, the root first, in a fixed order."""
    found: list[tuple[Path, Any]] = [(prefix, value)]
    if isinstance(value, dict):
        for key in sorted(value, key=str):
            found.extend(_paths(value[key], (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*prefix, index)))
    return found


def _pick_path(candidates: Sequence[T], path_of: Callable[[T], Path], choose: _Chooser) -> T:
    """A candidate chosen depth first, so the few top-level fields are hit as often as the
    many deep ones (a uniform pick would almost never touch the envelope's ``seed``)."""
    depths = sorted({len(path_of(c)) for c in candidates})
    depth = choose.pick(depths)
    return choose.pick([c for c in candidates if len(path_of(c)) == depth])  # type: ignore[no-any-return]


def _at(document: Any, path: Path) -> Any:
    for step in path:
        document = document[step]
    return document


def _show(path: Path) -> str:
    return "/" + "/".join(str(step) for step in path)


def _short(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**20:
        digits = len(_int_text(abs(int(value))))
        return f"{'-' if value < 0 else ''}<int of {digits} digits>"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _replace(document: dict[str, Any], choose: _Chooser) -> str | None:
    candidates = [(path, value) for path, value in _paths(document) if path]
    if not candidates:
        return None
    path, old = _pick_path(candidates, lambda c: c[0], choose)
    if choose.pick((True, False)):
        new = choose.pick(HOSTILE_VALUES)
    else:
        wrong = [v for v in WRONG_TYPES if _kind(v) != _kind(old)]
        new = copy.deepcopy(choose.pick(wrong))
    _at(document, path[:-1])[path[-1]] = new
    return f"set {_show(path)} = {_short(new)}"


def _delete(document: dict[str, Any], choose: _Chooser) -> str | None:
    candidates = [path for path, _ in _paths(document) if path and isinstance(path[-1], str)]
    candidates = [p for p in candidates if isinstance(_at(document, p[:-1]), dict)]
    if not candidates:
        return None
    path = _pick_path(candidates, lambda c: c, choose)
    del _at(document, path[:-1])[path[-1]]
    return f"delete {_show(path)}"


def _add(document: dict[str, Any], choose: _Chooser) -> str | None:
    folders = [path for path, value in _paths(document) if isinstance(value, dict)]
    path = _pick_path(folders, lambda c: c, choose)
    target = _at(document, path)
    key = choose.pick(NEW_KEYS)
    while key in target:
        key += "_"
    value = copy.deepcopy(choose.pick(HOSTILE_VALUES + WRONG_TYPES))
    target[key] = value
    return f"add {_show((*path, key))} = {_short(value)}"


def _list_edit(document: dict[str, Any], choose: _Chooser) -> str | None:
    lists = [(path, value) for path, value in _paths(document) if isinstance(value, list) and value]
    if not lists:
        return None
    path, items = _pick_path(lists, lambda c: c[0], choose)
    operations = ["duplicate", "drop"] + (["swap"] if len(items) >= 2 else [])
    operation = choose.pick(operations)
    i = choose.between(0, len(items) - 1)
    if operation == "duplicate":
        items.insert(i, copy.deepcopy(items[i]))
        return f"duplicate {_show((*path, i))}"
    if operation == "drop":
        del items[i]
        return f"drop {_show((*path, i))}"
    j = choose.between(0, len(items) - 1)
    items[i], items[j] = items[j], items[i]
    return f"swap {_show((*path, i))} and [{j}]"


_MUTATIONS = (_replace, _replace, _replace, _delete, _add, _list_edit, _list_edit)
"""Replacing values is the richest mutation, so it is drawn more often."""


def _mutate(document: dict[str, Any], choose: _Chooser, count: int) -> Mutated:
    doc = copy.deepcopy(document)
    done: list[str] = []
    while len(done) < count:
        line = choose.pick(_MUTATIONS)(doc, choose)
        if line is not None:
            done.append(line)
    return Mutated(doc, tuple(done))


def mutations(
    document: dict[str, Any], min_count: int = 1, max_count: int = 3
) -> st.SearchStrategy[Mutated]:
    """Hypothesis strategy: ``document`` with 1-3 mutations, and what they were."""

    @st.composite
    def build(draw: st.DrawFn) -> Mutated:
        choose = _Chooser(
            lambda seq: draw(st.sampled_from(list(seq))),
            lambda lo, hi: draw(st.integers(lo, hi)),
        )
        return _mutate(document, choose, draw(st.integers(min_count, max_count)))

    return build()


def mutated(
    document: dict[str, Any], min_count: int = 1, max_count: int = 3
) -> st.SearchStrategy[dict[str, Any]]:
    """Hypothesis strategy: a deep copy of ``document`` with 1-3 random mutations."""
    return mutations(document, min_count, max_count).map(lambda m: m.document)


def mutate_randomly(
    document: dict[str, Any], rng: random.Random, min_count: int = 1, max_count: int = 3
) -> Mutated:
    """The same mutations as :func:`mutations`, chosen by a seeded generator."""
    choose = _Chooser(lambda seq: seq[rng.randrange(len(seq))], rng.randint)
    return _mutate(document, choose, rng.randint(min_count, max_count))


def _int_text(value: int) -> str:
    """Decimal text of any int, in chunks, so the int-to-string limit never applies."""
    if abs(value) < 10**4000:
        return str(value)
    sign = "-" if value < 0 else ""
    value = abs(value)
    chunk = 10**1000
    parts: list[str] = []
    while value:
        value, rest = divmod(value, chunk)
        parts.append(str(rest))
    head, *tail = reversed(parts)
    return sign + head + "".join(part.zfill(1000) for part in tail)


def _float_text(value: float) -> str:
    if isinstance(value, FloatLiteral):
        return value.text
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return repr(value)


def _encode(value: Any, out: list[str]) -> None:
    if value is None or isinstance(value, bool | str):
        out.append(json.dumps(value, ensure_ascii=False))
    elif isinstance(value, int):
        out.append(_int_text(int(value)))
    elif isinstance(value, float):
        out.append(_float_text(value))
    elif isinstance(value, list | tuple):
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(", ")
            _encode(item, out)
        out.append("]")
    elif isinstance(value, dict):
        out.append("{")
        for index, (key, item) in enumerate(value.items()):
            if index:
                out.append(", ")
            out.append(json.dumps(str(key), ensure_ascii=False))
            out.append(": ")
            _encode(item, out)
        out.append("}")
    else:
        raise TypeError(f"not a JSON value: {type(value).__name__}")


def raw_bytes(document: Any) -> bytes:
    """``document`` as UTF-8 JSON text, hostile literals (NaN, -1e400, 5000 digits) kept."""
    out: list[str] = []
    _encode(document, out)
    return "".join(out).encode("utf-8", "surrogatepass")
