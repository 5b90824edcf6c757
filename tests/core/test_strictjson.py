"""Strict JSON: the quick way and the careful way read every text alike."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core import strictjson


def careful(raw: bytes) -> Any:
    """``strictjson.loads`` as it was before its quick way: :func:`strictjson.decode` alone."""
    decoded = strictjson.decode(raw)
    if decoded.problem is not None:
        raise strictjson.Refused(decoded.problem)
    return decoded.value


def outcome(read: Any, raw: bytes) -> tuple[str, str]:
    try:
        return ("value", json.dumps(read(raw), allow_nan=True))
    except ValueError as exc:
        return (type(exc).__name__, str(exc))


NUMBERS = st.one_of(
    st.integers(-(10**45), 10**45).map(str),
    st.sampled_from(["0", "-0", "1e400", "-1e400", "1e308", "2.5e-400", "NaN", "Infinity"]),
    st.sampled_from(["-Infinity", "1" * 40, "9" * 41, "-" + "9" * 41, "1" * 41 + ".5"]),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.from_regex(r"-?[0-9]{1,45}(\.[0-9]{1,45})?([eE][+-]?[0-9]{1,4})?", fullmatch=True),
)
STRINGS = st.one_of(
    st.text(max_size=12).map(json.dumps),
    st.from_regex(r"[0-9]{35,50}", fullmatch=True).map(json.dumps),  # digits in a string
)


def _texts(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.lists(children, max_size=4).map(lambda items: "[" + ",".join(items) + "]"),
        st.lists(st.tuples(STRINGS, children), max_size=4).map(
            lambda pairs: "{" + ",".join(f"{k}:{v}" for k, v in pairs) + "}"
        ),
    )


DOCUMENTS = st.recursive(st.one_of(NUMBERS, STRINGS, st.sampled_from(["true", "null"])), _texts)
DAMAGE = st.sampled_from(["", "", "", "\ufeff", " x", "[" * 3000, "\x00", ","])


@settings(max_examples=400, deadline=None)
@given(document=DOCUMENTS, prefix=DAMAGE, suffix=DAMAGE, cut=st.integers(0, 3))
def test_quick_and_careful_give_the_same_value_or_the_same_error(
    document: str, prefix: str, suffix: str, cut: int
) -> None:
    text = prefix + document + suffix
    raw = text.encode("utf-8")
    if cut == 1:
        raw = raw[: len(raw) // 2]  # cut short: not valid JSON, perhaps not UTF-8
    elif cut == 2:
        raw = raw + b"\xff"
    assert outcome(strictjson.loads, raw) == outcome(careful, raw)


def test_what_the_quick_way_hands_over_is_still_refused() -> None:
    for text, reason in [
        ("[1, NaN]", "it holds the number NaN, which no game uses"),
        ('{"a": 1e400}', "it holds a number too large for any game"),
        ("[" + "9" * 41 + "]", "it holds a number too large for any game"),
    ]:
        try:
            strictjson.loads(text.encode())
        except strictjson.Refused as exc:
            assert str(exc) == reason
        else:
            raise AssertionError(f"{text} was taken")
    assert strictjson.loads(b'{"id": "' + b"7" * 60 + b'", "n": 1.5}') == {"id": "7" * 60, "n": 1.5}
    assert strictjson.loads(("[" + "9" * 40 + "]").encode()) == [int("9" * 40)]
