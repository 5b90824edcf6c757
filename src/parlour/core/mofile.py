"""A compiled gettext catalog (``.mo``) read on demand: each message looked up when shown.

The standard :class:`gettext.GNUTranslations` decodes every message of a catalog when it is
opened (about 1.2 ms for a game's catalogs, and 0.6 ms to import :mod:`gettext`), though a
first board shows a few dozen of them. A ``.mo`` file keeps its messages sorted, so one can
be found by a binary search over the file's bytes, as GNU gettext itself does without a hash
table: opening a catalog reads the file and checks its tables, nothing more (issue #42's
start-up budget). No curses; no imports beyond the standard ``sys``.

``tools/catalogs.py`` writes the tables in that order (Babel's writer sorts by message and
then context); a catalog whose tables are not sorted would miss messages, which the catalog
tests see (every message of every ``.po`` is looked up through here).
"""

from __future__ import annotations

import sys

from parlour import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Literal

MAGIC = 0x950412DE
"""The first four bytes of a ``.mo`` file, read in the byte order the file was written in."""

CONTEXT_MARK = "\x04"
"""Between a message's context and its text in a catalog's keys (``pgettext``)."""

KNOWN_PLURALS: dict[str, Callable[[int], int]] = {
    "(n > 1)": lambda n: int(n > 1),
    "n > 1": lambda n: int(n > 1),
    "(n != 1)": lambda n: int(n != 1),
    "n != 1": lambda n: int(n != 1),
    "0": lambda n: 0,
}
"""The plural rules of the games' languages; another is compiled by :func:`gettext.c2py`
(imported only then)."""


class CatalogError(ValueError):
    """The bytes are not a compiled catalog this reader can use."""


def _header_fields(header: str) -> dict[str, str]:
    """A catalog's header (the translation of the empty message): field name (lower case)
    -> value."""
    fields = {}
    for line in header.splitlines():
        name, _colon, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    return fields


def _plural_rule(forms: str) -> Callable[[int], int]:
    """The rule of a catalog's ``Plural-Forms`` value (English's when it names none)."""
    for part in forms.split(";"):
        key, _equals, expression = part.partition("=")
        if key.strip() == "plural":
            expression = expression.strip()
            if expression in KNOWN_PLURALS:
                return KNOWN_PLURALS[expression]
            import gettext

            return gettext.c2py(expression)
    return KNOWN_PLURALS["(n != 1)"]


class Catalog:
    """One ``.mo`` file's messages, found when asked for."""

    __slots__ = ("_data", "_originals", "_translations", "_count", "_charset", "_seen", "plural")

    def __init__(self, data: bytes) -> None:
        if len(data) < 20:
            raise CatalogError("too short for a catalog")
        order: Literal["little", "big"]
        if int.from_bytes(data[:4], "little") == MAGIC:
            order = "little"
        elif int.from_bytes(data[:4], "big") == MAGIC:
            order = "big"
        else:
            raise CatalogError("not a compiled catalog")
        words = [int.from_bytes(data[i : i + 4], order) for i in range(4, 20, 4)]
        revision, count, originals, translations = words
        if revision >> 16 > 1:
            raise CatalogError(f"catalog revision {revision >> 16} unknown")
        end = len(data)
        if originals + 8 * count > end or translations + 8 * count > end:
            raise CatalogError("tables beyond the end of the file")
        self._data = data
        self._count = count
        self._seen: dict[str, str | None] = {}
        self._originals = self._table(originals, order)
        self._translations = self._table(translations, order)
        lengths, offsets = self._originals[0::2], self._originals[1::2]
        tlengths, toffsets = self._translations[0::2], self._translations[1::2]
        if count and (
            max(map(int.__add__, lengths, offsets)) > end
            or max(map(int.__add__, tlengths, toffsets)) > end
        ):
            raise CatalogError("a message beyond the end of the file")
        header = self._lookup(b"")
        fields = _header_fields(header.decode("utf-8", "replace") if header else "")
        kind = fields.get("content-type", "")
        self._charset = kind.split("charset=", 1)[1].strip() if "charset=" in kind else ""
        self._charset = self._charset or "utf-8"
        self.plural: Callable[[int], int] = _plural_rule(fields.get("plural-forms", ""))

    def _table(self, start: int, order: Literal["little", "big"]) -> list[int] | memoryview:
        """A table of (length, offset) pairs as one flat sequence of numbers."""
        raw = self._data[start : start + 8 * self._count]
        if order == sys.byteorder:
            return memoryview(raw).cast("I")
        return [int.from_bytes(raw[i : i + 4], order) for i in range(0, len(raw), 4)]

    def _lookup(self, key: bytes) -> bytes | None:
        """The translation stored for ``key`` (compared up to a plural's NUL, as gettext
        does), None if the catalog has none."""
        data, originals = self._data, self._originals
        low, high = 0, self._count
        while low < high:
            middle = (low + high) // 2
            length, offset = originals[2 * middle], originals[2 * middle + 1]
            found = data[offset : offset + length]
            nul = found.find(b"\0")
            if nul >= 0:
                found = found[:nul]
            if found == key:
                length, offset = self._translations[2 * middle], self._translations[2 * middle + 1]
                return data[offset : offset + length]
            if found < key:
                low = middle + 1
            else:
                high = middle
        return None

    def _text(self, key: str) -> str | None:
        """The translation of ``key``, remembered: a screen asks for the same words at
        every redraw."""
        if key in self._seen:
            return self._seen[key]
        try:
            found = self._lookup(key.encode("utf-8"))
            text = None if found is None else found.decode(self._charset)
        except (LookupError, UnicodeError):  # a key no catalog can hold, a bad translation
            text = None
        self._seen[key] = text
        return text

    def gettext(self, message: str) -> str | None:
        """The translation of ``message``, None if the catalog has none (a message with
        plural forms: its form for one, as :mod:`gettext` gives)."""
        return self._form(self._text(message), 1)

    def pgettext(self, context: str, message: str) -> str | None:
        """The translation of ``message`` in ``context``, None if the catalog has none."""
        return self._form(self._text(context + CONTEXT_MARK + message), 1)

    def ngettext(self, singular: str, count: int) -> str | None:
        """The form for ``count`` of the message whose singular is ``singular``, None if the
        catalog has none (or not that form)."""
        return self._form(self._text(singular), count)

    def _form(self, found: str | None, count: int) -> str | None:
        """Of a translation (its plural forms apart by NULs, if it has them), the form for
        ``count`` (one without forms is its only form)."""
        if found is None:
            return None
        forms = found.split("\0")
        form = self.plural(count)
        return forms[form] if 0 <= form < len(forms) else None


def read(path: str) -> Catalog:
    """The catalog in the file at ``path`` (OSError, CatalogError when it cannot be used)."""
    with open(path, "rb") as handle:
        return Catalog(handle.read())
