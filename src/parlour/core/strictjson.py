"""JSON from files, read strictly: the numbers no game uses are refused, not let in.

Python's ``json`` reads ``NaN`` and ``Infinity``, turns ``1e400`` into ``inf``,
raises a plain ``ValueError`` on an integer literal past the 4300-digit limit
and ``RecursionError`` on deep nesting. Saves and statistics lines are read
here instead, so each of those becomes one plain reason.
"""

from __future__ import annotations

import json
import math

from parlour import TYPE_CHECKING
from parlour.core.i18n import _
from parlour.core.record import Frozen

if TYPE_CHECKING:
    from typing import Any

MAX_NUMBER_DIGITS = 40
"""No file of ours needs a number this long (seeds and deal numbers have 20 digits at most)."""
_DIGITS = bytes(0x30 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))
"""Every digit as ``0``, every other byte as a space (for ``bytes.translate``)."""
_TOO_LONG = b"0" * (MAX_NUMBER_DIGITS + 1)


class Refused(ValueError):
    """The text is JSON, but holds a number no game uses."""


class Decoded(Frozen):
    """The decoded value (refused numbers replaced by None) and the first refusal, if any."""

    value: Any
    problem: str | None


def decode(raw: bytes) -> Decoded:
    """Decode UTF-8 JSON; ``ValueError`` when it is not JSON (or nested too deeply).

    NaN, infinities (written, or reached by overflow like ``1e400``) and numbers
    longer than :data:`MAX_NUMBER_DIGITS` digits do not raise here: they are
    reported in ``problem``, so a caller can still tell what the file meant to be.
    """
    problems: list[str] = []

    def constant(name: str) -> None:
        problems.append(_("it holds the number {name}, which no game uses").format(name=name))

    def floating(literal: str) -> float | None:
        value = float(literal)  # never raises for a JSON number; overflow gives inf
        if not math.isfinite(value):
            problems.append(_("it holds a number too large for any game"))
            return None
        return value

    def integer(literal: str) -> int | None:
        if len(literal.lstrip("-")) > MAX_NUMBER_DIGITS:
            problems.append(_("it holds a number too large for any game"))
            return None
        return int(literal)

    # Only text with a run of more than MAX_NUMBER_DIGITS digits can hold an integer
    # literal that long; without one, json's own integers (read in C) are the same values,
    # and a statistics file with millions of them is read about twice as fast.
    integers = integer if _TOO_LONG in raw.translate(_DIGITS) else None
    try:
        value = json.loads(
            raw.decode("utf-8"), parse_constant=constant, parse_float=floating, parse_int=integers
        )
    except RecursionError as exc:
        raise ValueError(_("it is nested too deeply")) from exc
    except MemoryError as exc:
        raise ValueError(_("it is too large to read")) from exc
    return Decoded(value, problems[0] if problems else None)


class _Suspect(Exception):
    """A NaN, an infinity or a float that overflows: the careful path decides."""


def _finite(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise _Suspect
    return value


def _constant(name: str) -> None:
    raise _Suspect


_QUICK = json.JSONDecoder(parse_constant=_constant, parse_float=_finite)
"""Decodes text in which no number can be refused; anything doubtful raises ``_Suspect``."""
_PLAIN = json.JSONDecoder(parse_constant=_constant)
"""As :data:`_QUICK`, for text in which no float can overflow: no hook for each float."""
_DIGITS_AS_ZERO = bytes(
    ord("0") if ord("0") <= b <= ord("9") else ord("e") if b in b"E+" else b for b in range(256)
)
"""Every digit as ``0``; ``E`` and ``+`` as ``e`` (an exponent of 3 digits: ``e000``)."""
_LONG_DIGITS = b"0" * (MAX_NUMBER_DIGITS + 1)
"""A run of more digits than a number may have, once every digit is written as 0."""
_LARGE_EXPONENT = b"e000"
"""An exponent of three digits or more (``e400``, ``E+400``), written as :data:`_DIGITS_AS_ZERO`
writes it."""


def loads(raw: bytes) -> Any:
    """Decode UTF-8 JSON; ``ValueError`` (``Refused`` for a refused number) on any problem.

    Text with no run of more than :data:`MAX_NUMBER_DIGITS` digits (so no integer
    :func:`decode` would refuse) is decoded by one decoder made once, whose hooks run
    only for floats and the constants; at the first NaN, infinity or overflow, and for
    anything else out of the ordinary, the text goes the careful way of :func:`decode`.
    Text in which no float can overflow either (no exponent of three digits or more)
    is decoded without even the float hook. All ways give the same value or the same
    error (a property test checks it); the quick ones read a long statistics ledger
    several times faster.
    """
    text = raw.decode("utf-8")
    # A float can overflow to infinity only with an exponent of three digits or more:
    # 40 digits and an exponent of two digits are below 1e140. Without one (text that
    # has one elsewhere, in a string, only takes the float hook), no hook runs for a float.
    # One pass at C speed finds any run of digits too long (a byte 0-9 is never part of
    # a longer UTF-8 sequence); a digit run in a string only sends the text the careful way.
    zeros = raw.translate(_DIGITS_AS_ZERO)
    if not text.startswith("\ufeff") and _LONG_DIGITS not in zeros:
        try:
            return (_QUICK if _LARGE_EXPONENT in zeros else _PLAIN).decode(text)
        except (_Suspect, RecursionError, MemoryError):
            pass
    decoded = decode(raw)
    if decoded.problem is not None:
        raise Refused(decoded.problem)
    return decoded.value
