"""The messages of a shipped catalog, read from its ``.po`` with Babel (tests only; the
``.mo`` beside it is this ``.po`` compiled: tests/core/test_catalogs.py checks it)."""

from __future__ import annotations

from pathlib import Path

from parlour.core import i18n


def entries(lang: str, domain: str) -> list[tuple[str | None, str, str | None, list[str]]]:
    """(context, English, its English plural or None, translated forms) of every translated
    message of ``domain``."""
    from babel.messages.pofile import read_po

    path = Path(i18n.catalog_path(lang, domain)).with_suffix(".po")
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    found = []
    for message in catalog:
        if not message.id:
            continue
        plural = None if isinstance(message.id, str) else message.id[1]
        english = message.id if isinstance(message.id, str) else message.id[0]
        forms = list(message.string) if isinstance(message.string, tuple) else [message.string]
        if all(forms):
            found.append((message.context, english, plural, forms))
    return found


def translations(lang: str, domains: tuple[str, ...]) -> dict[str, str]:
    """English -> the first translated form, over ``domains`` (the earlier one winning)."""
    found: dict[str, str] = {}
    for domain in reversed(domains):
        found.update({english: forms[0] for _, english, _p, forms in entries(lang, domain)})
    return found
