"""The catalog reader (parlour.core.mofile): every message found as the standard gettext
finds it, damaged files refused whole, and nothing decoded before it is asked for."""

from __future__ import annotations

import gettext
import glob
import io
import os
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core import i18n, mofile

SHIPPED = sorted(glob.glob(os.path.join(i18n.locale_folder(), "*", "LC_MESSAGES", "*.mo")))


def write_mo(
    entries: dict[bytes, bytes], order: str = "<", plural: str = "nplurals=2; plural=(n > 1);"
) -> bytes:
    """A ``.mo`` file of ``entries`` (key -> translation, keys sorted as the format asks),
    with a header naming UTF-8 and ``plural``, in the byte order ``order``."""
    header = f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {plural}\n".encode()
    items = sorted({b"": header, **entries}.items())
    count = len(items)
    originals = 28
    translations = originals + 8 * count
    strings = translations + 8 * count
    tables, blob = [], b""
    for key, _value in items:
        tables.append((len(key), strings + len(blob)))
        blob += key + b"\0"
    for _key, value in items:
        tables.append((len(value), strings + len(blob)))
        blob += value + b"\0"
    out = struct.pack(order + "7I", mofile.MAGIC, 0, count, originals, translations, 0, 0)
    for length, offset in tables:
        out += struct.pack(order + "2I", length, offset)
    return out + blob


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: os.path.relpath(p, i18n.locale_folder()))
def test_every_shipped_message_is_found_as_gettext_finds_it(path: str) -> None:
    with open(path, "rb") as handle:
        reference = gettext.GNUTranslations(handle)
    own = mofile.read(path)
    catalog = reference._catalog  # type: ignore[attr-defined]
    assert catalog, path
    for key, translation in catalog.items():
        if isinstance(key, tuple):
            english, form = key
            counts = [n for n in range(0, 12) if reference.plural(n) == form]  # type: ignore[attr-defined]
            for n in counts:
                assert own.ngettext(english, n) == translation, english
        elif "\x04" in key:
            context, _mark, english = key.partition("\x04")
            assert own.pgettext(context, english) == translation, key
        elif key:
            assert own.gettext(key) == translation, key


def test_a_message_the_catalog_lacks_is_none() -> None:
    own = mofile.Catalog(write_mo({b"Go": b"Roulez"}))
    assert own.gettext("Go") == "Roulez"
    assert own.gettext("Stop") is None
    assert own.gettext("G") is None and own.gettext("Go!") is None
    assert own.pgettext("card", "Go") is None
    assert own.ngettext("Go", 2) is None


def test_plural_forms_follow_the_header() -> None:
    entries = {b"{n} card\0{n} cards": b"{n} carte\0{n} cartes"}
    french = mofile.Catalog(write_mo(entries))
    assert [french.ngettext("{n} card", n) for n in (0, 1, 2)] == [
        "{n} carte",
        "{n} carte",
        "{n} cartes",
    ]
    english_rule = mofile.Catalog(write_mo(entries, plural="nplurals=2; plural=(n != 1);"))
    assert english_rule.ngettext("{n} card", 0) == "{n} cartes"
    # a rule the reader does not know by heart is compiled by gettext
    polish = (
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    )
    three = mofile.Catalog(write_mo({b"a\0b": b"x\0y\0z"}, plural=polish))
    assert [three.ngettext("a", n) for n in (1, 3, 5, 22, 25)] == ["x", "y", "z", "y", "z"]
    # a form the entry lacks is not invented
    short = mofile.Catalog(write_mo({b"a\0b": b"x"}))
    assert short.ngettext("a", 1) == "x" and short.ngettext("a", 2) is None


def test_a_big_endian_catalog_reads_the_same() -> None:
    entries = {b"Go": b"Roulez", b"card\x04Stop": b"Feu rouge"}
    for order in "<>":
        own = mofile.Catalog(write_mo(entries, order=order))
        assert own.gettext("Go") == "Roulez"
        assert own.pgettext("card", "Stop") == "Feu rouge"
        assert own.plural(2) == 1


@pytest.mark.parametrize(
    "damage",
    [
        lambda mo: mo[:10],
        lambda mo: b"\0\0\0\0" + mo[4:],
        lambda mo: mo[:4] + struct.pack("<I", 2 << 16) + mo[8:],  # an unknown revision
        lambda mo: mo[:12] + struct.pack("<I", len(mo)) + mo[16:],  # table past the end
        lambda mo: mo[:-12],  # the last strings cut off
    ],
)
def test_a_damaged_catalog_is_refused_whole(damage: object) -> None:
    mo = write_mo({b"Go": b"Roulez", b"Stop": b"Halte"})
    with pytest.raises(mofile.CatalogError):
        mofile.Catalog(damage(mo))  # type: ignore[operator]


def test_a_translation_that_does_not_decode_is_not_shown() -> None:
    own = mofile.Catalog(write_mo({b"Go": b"Roul\xffez"}))
    assert own.gettext("Go") is None


KEY_CHARACTERS = st.characters(blacklist_characters="\0\x04", blacklist_categories=("Cs",))
"""What a message may hold (a probe may be anything, even a lone surrogate)."""
TEXT_CHARACTERS = st.characters(blacklist_characters="\0", blacklist_categories=("Cs",))


@given(
    st.dictionaries(
        st.text(KEY_CHARACTERS, min_size=1, max_size=12),
        st.text(TEXT_CHARACTERS, max_size=12),
        max_size=40,
    ),
    st.text(st.characters(blacklist_characters="\0\x04"), min_size=1, max_size=12),
)
def test_a_search_finds_exactly_what_the_catalog_holds(entries: dict[str, str], probe: str) -> None:
    """The binary search over the sorted keys: each message found, any other one not."""
    own = mofile.Catalog(write_mo({k.encode(): v.encode() for k, v in entries.items()}))
    for english, translation in entries.items():
        assert own.gettext(english) == translation
    if probe not in entries:
        assert own.gettext(probe) is None


def test_a_message_with_plural_forms_asked_plainly_gives_its_form_for_one() -> None:
    """As the standard gettext does, never the forms glued by their NUL."""
    mo = write_mo({b"a\0b": b"x\0y", b"c\x04a\0b": b"p\0q", b"d": b"e"})
    reference = gettext.GNUTranslations(io.BytesIO(mo))
    own = mofile.Catalog(mo)
    assert own.gettext("a") == reference.gettext("a") == "x"
    assert own.pgettext("c", "a") == reference.pgettext("c", "a") == "p"
    assert own.ngettext("a", 5) == reference.ngettext("a", "b", 5) == "y"
    assert own.gettext("d") == "e"
