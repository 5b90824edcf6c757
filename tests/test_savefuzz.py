"""The save fuzzer itself: it mutates, never touches its input, and writes hostile literals."""

from __future__ import annotations

import copy
import json
import math
import random
from typing import Any

from hypothesis import given, settings

from tests.savefuzz import (
    HUGE_DIGITS,
    SAMPLE_ENVELOPE,
    FloatLiteral,
    Mutated,
    mutate_randomly,
    mutated,
    mutations,
    raw_bytes,
)

ENVELOPE = SAMPLE_ENVELOPE


def _lenient(raw: bytes) -> Any:
    """Read hostile JSON back the way a careless loader would (no limits on ints)."""
    return json.loads(raw.decode("utf-8"), parse_int=_big_int)


def _big_int(text: str) -> int:
    value = 0
    for digit in text.lstrip("-"):
        value = value * 10 + int(digit)
    return -value if text.startswith("-") else value


def _same(a: Any, b: Any) -> bool:
    """Equality in which NaN equals NaN (so a document can be compared with its reading)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and isinstance(b, float):
        return a == b  # a FloatLiteral reads back as the plain float it stands for
    if isinstance(a, int) and isinstance(b, int) and bool not in (type(a), type(b)):
        return a == b  # likewise a HugeInt
    return type(a) is type(b) and a == b


@settings(max_examples=200, deadline=None)
@given(mutations(ENVELOPE))
def test_mutations_change_a_copy_and_say_what_they_did(result: Mutated) -> None:
    assert 1 <= len(result.mutations) <= 3
    assert ENVELOPE["state"]["hand"] == ["GO", "D25"] and ENVELOPE["seed"] == 7
    assert result.describe()


@settings(max_examples=200, deadline=None)
@given(mutated(ENVELOPE))
def test_raw_bytes_reads_back_as_the_mutated_document(document: dict[str, Any]) -> None:
    assert _same(_lenient(raw_bytes(document)), document)


def test_raw_bytes_writes_the_hostile_literals_themselves() -> None:
    text = raw_bytes(
        {"nan": float("nan"), "inf": float("inf"), "ninf": float("-inf"), "big": HUGE_DIGITS}
        | {"over": FloatLiteral("-1e400"), "esc": "\x1b]0;x\x07", "wide": "漢字"}
    ).decode("utf-8")
    assert '"nan": NaN' in text and '"inf": Infinity' in text and '"ninf": -Infinity' in text
    assert '"over": -1e400' in text
    assert '"big": ' + "9" * 5000 + "," in text
    assert '"esc": "\\u001b]0;x\\u0007"' in text and "漢字" in text
    assert _lenient(text.encode())["big"] == HUGE_DIGITS


def test_a_float_literal_survives_copying() -> None:
    [value] = copy.deepcopy([FloatLiteral("-1e400")])
    assert value == -math.inf and raw_bytes([value]) == b"[-1e400]"


def test_every_kind_of_mutation_is_reached() -> None:
    rng = random.Random(5)
    seen = set()
    top_level = 0
    for _ in range(400):
        result = mutate_randomly(ENVELOPE, rng)
        for line in result.mutations:
            seen.add(line.split()[0])
            if line.split()[1].count("/") == 1:
                top_level += 1
    assert seen == {"set", "delete", "add", "duplicate", "drop", "swap"}
    # Depth-first choice: the envelope's own fields are hit often, not once in a blue moon.
    assert top_level > 100


def test_the_same_seed_gives_the_same_mutations() -> None:
    first = mutate_randomly(ENVELOPE, random.Random(11))
    second = mutate_randomly(ENVELOPE, random.Random(11))
    assert first.mutations == second.mutations
    assert raw_bytes(first.document) == raw_bytes(second.document)
