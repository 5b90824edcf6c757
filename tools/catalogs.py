"""The message catalogs: extract, update, compile and check them (Babel; a development tool).

    .venv/bin/python tools/catalogs.py update [DOMAIN...]  # sources -> .pot -> each .po
                                 # (new messages empty, gone ones dropped) -> .mo
    .venv/bin/python tools/catalogs.py compile   # each .po -> .mo
    .venv/bin/python tools/catalogs.py check     # what tests/test_catalogs.py checks

Each domain is one catalog per language, ``src/parlour/locale/<lang>/LC_MESSAGES/<domain>.po``
beside its compiled ``.mo`` (shipped in the package) and the template ``<domain>.pot`` in
``src/parlour/locale/``. docs/languages.md says how to add a language.
"""

from __future__ import annotations

import io
import re
import struct
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "parlour"
LOCALE = PACKAGE / "locale"
sys.path.insert(0, str(ROOT / "src"))

from parlour.core.i18n import LANGUAGES, PLURAL_HEADERS  # noqa: E402
from parlour.core.mofile import MAGIC  # noqa: E402

TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")


def _is_review(path: Path) -> bool:
    return "review" in path.parts[:-1] or path.name.startswith("review")


DOMAINS = {
    "parlour": lambda p: p.parts[0] in ("core", "tui"),
    "mille": lambda p: p.parts[0] == "mille" and not _is_review(p),
    "millereview": lambda p: p.parts[0] == "mille" and _is_review(p),
    "dixmille": lambda p: p.parts[0] == "dixmille",
    "midnightoil": lambda p: p.parts[0] == "midnightoil",
}
"""Each catalog and the source files whose messages it holds (paths under src/parlour):
the shared floor, then each game (mille's hand review apart, being half of mille's text)."""

GAME_DOMAINS = {
    "mille": ("mille", "millereview"),
    "dixmille": ("dixmille",),
    "midnightoil": ("midnightoil",),
}

STAMP = datetime(2026, 12, 5, tzinfo=UTC)
"""The catalogs' dates, fixed so that an update changes only what changed."""

COMMENT_TAGS = ("TRANSLATORS:",)
FIELD = re.compile(r"\{([^{}]*)\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgG%]")


def sources(domain: str) -> list[Path]:
    """The source files of ``domain``, in order."""
    chosen = DOMAINS[domain]
    return [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if chosen(path.relative_to(PACKAGE)) and "locale" not in path.parts
    ]


def template(domain: str) -> Catalog:
    """The messages of ``domain``'s sources, as a ``.pot`` catalog."""
    catalog = Catalog(
        domain=domain, project="Parlour", charset="utf-8", creation_date=STAMP, fuzzy=False
    )
    for path in sources(domain):
        for line, message, comments, context in extract_from_file(
            "python", str(path), keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS
        ):
            location = (str(path.relative_to(ROOT)), line)
            catalog.add(message, None, [location], auto_comments=comments, context=context or None)
    return catalog


def po_path(lang: str, domain: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path, lang: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` bytes of ``catalog`` (fuzzy entries left out, as gettext does), its
    tables in the byte order of the messages' keys (:func:`sorted_tables`)."""
    out = io.BytesIO()
    write_mo(out, catalog)
    return sorted_tables(out.getvalue())


def sorted_tables(mo: bytes) -> bytes:
    """``mo`` with its two tables (the messages and their translations) in the byte order of
    the messages' keys, as the ``.mo`` format asks and :mod:`parlour.core.mofile` searches
    them: Babel's writer sorts by message, then context, which puts ``context\x04message``
    keys out of that order. The strings themselves stay where Babel wrote them."""
    count, originals, translations, hash_size = struct.unpack("<4I", mo[8:24])
    if struct.unpack("<I", mo[:4])[0] != MAGIC or hash_size:
        raise ValueError("not a little-endian .mo file without a hash table")

    def table(start: int) -> list[tuple[int, int]]:
        return [struct.unpack("<2I", mo[start + 8 * i : start + 8 * i + 8]) for i in range(count)]

    keys, values = table(originals), table(translations)
    order = sorted(range(count), key=lambda i: mo[keys[i][1] : keys[i][1] + keys[i][0]])
    out = bytearray(mo)
    for slot, i in enumerate(order):
        out[originals + 8 * slot : originals + 8 * slot + 8] = struct.pack("<2I", *keys[i])
        out[translations + 8 * slot : translations + 8 * slot + 8] = struct.pack("<2I", *values[i])
    return bytes(out)


def update(lang: str, domain: str, pot: Catalog) -> Catalog:
    """``domain``'s catalog in ``lang`` brought up to the template: translations kept,
    new messages empty, gone ones dropped (no obsolete entries kept)."""
    path = po_path(lang, domain)
    if path.exists():
        catalog = read(path, lang)
    else:
        catalog = Catalog(
            locale=lang,
            domain=domain,
            project="Parlour",
            charset="utf-8",
            creation_date=STAMP,
            revision_date=STAMP,
            last_translator="Parlour",
            language_team=f"Parlour {lang}",
            fuzzy=False,
        )
    catalog.update(pot, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    return catalog


def save(lang: str, domain: str, catalog: Catalog) -> None:
    path = po_path(lang, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False)
    text = out.getvalue().decode("utf-8")
    text = re.sub(r'"Plural-Forms: [^"]*\\n"', f'"Plural-Forms: {PLURAL_HEADERS[lang]}\\\\n"', text)
    path.write_text(text, encoding="utf-8")
    path.with_suffix(".mo").write_bytes(compiled(read(path, lang)))


def fields(text: str) -> set[str]:
    """The placeholders of a message: ``{name}`` fields and ``%`` conversions."""
    return {match.group(0) for match in FIELD.finditer(text) if match.group(0) != "%%"}


def _forms(message: Message) -> tuple[list[str], list[str]]:
    ids = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
    strings = (
        list(message.string)
        if isinstance(message.string, (list, tuple))
        else [message.string or ""]
    )
    return ids, [s or "" for s in strings]


def problems(lang: str, domain: str) -> Iterator[str]:
    """What is wrong with ``domain``'s catalog in ``lang``: a message of the sources missing,
    untranslated or fuzzy; a stale one; a placeholder unlike the English; a wrong plural
    header; a ``.mo`` that is not the ``.po`` compiled."""
    path = po_path(lang, domain)
    if not path.exists():
        yield f"{path.relative_to(ROOT)}: missing"
        return
    catalog = read(path, lang)
    where = f"{lang}/{domain}"
    header = catalog.mime_headers
    plural = dict(header).get("Plural-Forms", "")
    if plural.strip() != PLURAL_HEADERS[lang]:
        yield f"{where}: Plural-Forms is {plural!r}, not {PLURAL_HEADERS[lang]!r}"
    wanted = template(domain)
    keys = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in wanted if m.id}
    for message in wanted:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        label = f"{where}: {message.id!r}"
        if found is None:
            yield f"{label} is missing"
            continue
        if found.fuzzy:
            yield f"{label} is fuzzy"
        ids, strings = _forms(found)
        wanted_ids, _strings = _forms(message)
        if ids != wanted_ids:
            yield f"{label} has other English forms in the catalog: {ids!r}"
            continue
        nplurals = catalog.num_plurals if len(ids) > 1 else 1
        if len(strings) != nplurals or not all(s.strip() for s in strings):
            yield f"{label} is not translated"
            continue
        english = set().union(*(fields(i) for i in ids))
        for form in strings:
            own = fields(form)
            if len(ids) == 1 and own != english:
                yield f"{label}: placeholders {sorted(own)} differ from {sorted(english)}"
            elif not own <= english:
                yield f"{label}: placeholders {sorted(own - english)} not in the English"
    for message in catalog:
        if not message.id:
            continue
        key = (message.id if isinstance(message.id, str) else message.id[0], message.context)
        if key not in keys:
            yield f"{where}: {message.id!r} is stale (no longer in the sources)"
    if catalog.obsolete:
        yield f"{where}: {len(catalog.obsolete)} obsolete entries kept"
    mo = path.with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != compiled(catalog):
        yield f"{where}: {mo.name} is not {path.name} compiled (run tools/catalogs.py compile)"


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    chosen = [d for d in argv[1:] if d in DOMAINS] or list(DOMAINS)
    if command == "update":
        for domain in chosen:
            pot = template(domain)
            out = io.BytesIO()
            write_po(out, pot, width=100, omit_header=False)
            (LOCALE / f"{domain}.pot").write_bytes(out.getvalue())
            for lang in TRANSLATED:
                save(lang, domain, update(lang, domain, pot))
        return 0
    if command == "compile":
        for domain in chosen:
            for lang in TRANSLATED:
                path = po_path(lang, domain)
                if path.exists():
                    path.with_suffix(".mo").write_bytes(compiled(read(path, lang)))
        return 0
    if command == "check":
        found = [p for d in chosen for lang in TRANSLATED for p in problems(lang, d)]
        for line in found:
            print(line)
        print(f"{len(found)} problems")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
