"""One statistics ledger line: a record, or a record led by its own checked summary.

A line is compact JSON, one object: the game's record (its *detail*). A game may
also write ``SUMMARY<TAB>DETAIL``: compact JSON never holds a raw tab (``json``
escapes one inside a string and writes none between tokens), so a tab tells the
two layouts apart, and the first tab of a line ends its summary. The summary is
``{"check":CRC,"body":BODY}``: BODY is what the game puts there (what it adds to
the totals, so a reading need not decode the detail), CRC a CRC-32 over BODY's own
bytes and then the detail's, so a line changed anywhere (summary or detail) is
noticed. A reading that is given a ``quick`` function believes a summary whose
checksum holds and that ``quick`` accepts; anything else (no summary, a checksum
that fails, a body ``quick`` refuses) is read from the detail as a line without a
summary is. The same trust as the totals kept beside a ledger
(:mod:`parlour.core.tally`): a checksum and the game's own bounds.
"""

from __future__ import annotations

import binascii
import json
from collections.abc import Callable, Mapping

from parlour import TYPE_CHECKING
from parlour.core import strictjson

if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")

MAX_LINE_BYTES = 4 * 1024 * 1024
"""A line longer than this is damaged (a real game's record is far shorter)."""
SEPARATOR = b"\t"
"""Ends a line's summary; never in compact JSON."""
_CHECK_HEAD = b'{"check":'
_BODY_HEAD = b',"body":'


def encode(record: Mapping[str, Any]) -> bytes:
    """One ledger line for ``record`` (compact JSON, no NaN or infinity, a newline)."""
    return (json.dumps(dict(record), separators=(",", ":"), allow_nan=False) + "\n").encode()


def with_summary(body: Mapping[str, Any], detail: bytes) -> bytes:
    """The line ``SUMMARY<TAB>DETAIL`` and its newline; ``detail`` is a record's compact
    JSON without the newline (as :func:`encode` writes it), ``body`` the summary's body."""
    encoded = json.dumps(dict(body), separators=(",", ":"), allow_nan=False).encode()
    if SEPARATOR in detail or b"\n" in detail or SEPARATOR in encoded:
        raise ValueError("a summary or record holds a tab or a newline")
    check = binascii.crc32(detail, binascii.crc32(encoded))
    return b"%s%d%s%s}%s%s\n" % (_CHECK_HEAD, check, _BODY_HEAD, encoded, SEPARATOR, detail)


def summary_body(summary: bytes, detail: bytes | memoryview) -> Any:
    """The decoded body of ``summary`` when its checksum holds over it and ``detail``;
    ``ValueError`` otherwise."""
    head, found, rest = summary.partition(_BODY_HEAD)
    check = head.removeprefix(_CHECK_HEAD)
    if not (found and head.startswith(_CHECK_HEAD) and check.isdigit() and rest.endswith(b"}")):
        raise ValueError("not a summary")
    encoded = rest[:-1]
    if binascii.crc32(detail, binascii.crc32(encoded)) != int(check):
        raise ValueError("the line does not match its checksum")
    return strictjson.loads(encoded)


def parse_line(
    line: bytes,
    parse: Callable[[dict[str, Any]], T],
    quick: Callable[[Any], T] | None = None,
) -> T | None:
    """One ledger line as a record, or None when it is damaged.

    A line with a summary: ``quick(body)`` when given, the checksum holds and it
    returns (any exception refuses the summary); else ``parse`` of the detail.
    """
    if len(line) > MAX_LINE_BYTES:
        return None
    tab = line.find(SEPARATOR)
    if tab < 0:
        return _parsed(line, parse)
    if quick is not None:
        try:  # the detail's bytes checked where they lie (a slice would copy them)
            return quick(summary_body(line[:tab], memoryview(line)[tab + 1 :]))
        except Exception:  # a summary not believed is read from its detail
            pass
    record = _parsed(line[tab + 1 :], parse)
    # A line of the old layout holding a tab as JSON whitespace (edited by hand).
    return record if record is not None else _parsed(line, parse)


def _parsed(raw: bytes, parse: Callable[[dict[str, Any]], T]) -> T | None:
    try:
        value = strictjson.loads(raw)
        if not isinstance(value, dict):
            raise ValueError("not an object")
        return parse(value)
    except Exception:  # any failure of one line is that line's damage, never the file's
        return None
