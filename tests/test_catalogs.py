"""The message catalogs are whole (issue #42 point 6): for every catalog and language, each
message of the sources is there, translated, not fuzzy, with the English placeholders; no
stale or obsolete entry; the right plural header; the shipped ``.mo`` is the ``.po``
compiled. The checks are ``tools/catalogs.py``'s, so that ``tools/catalogs.py check`` says
the same as this test."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("babel", reason="Babel (a development tool) makes and checks the catalogs")

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("parlour_catalogs", ROOT / "tools/catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


catalogs = _tool()
PAIRS = [(lang, domain) for domain in catalogs.DOMAINS for lang in catalogs.TRANSLATED]


@pytest.mark.parametrize(("lang", "domain"), PAIRS)
def test_catalog_is_whole(lang: str, domain: str) -> None:
    assert list(catalogs.problems(lang, domain)) == []


def test_every_game_loads_its_catalogs() -> None:
    """Each game's command names the catalogs its sources' messages are in."""
    from parlour.dixmille.cli import COMMAND as DIXMILLE
    from parlour.midnightoil.cli import COMMAND as MIDNIGHTOIL
    from parlour.mille.cli import COMMAND as MILLE

    for command in (MILLE, DIXMILLE, MIDNIGHTOIL):
        assert command.domains == catalogs.GAME_DOMAINS[command.prog]
    assert set(catalogs.DOMAINS) == {"parlour"} | {
        d for domains in catalogs.GAME_DOMAINS.values() for d in domains
    }


def _po(text: str) -> object:
    from babel.messages.pofile import read_po

    return read_po(io.BytesIO(text.encode("utf-8")), locale="fr")


def test_the_checks_catch_each_fault(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A missing, untranslated, fuzzy, stale or misplaced message and a stale .mo are each
    reported (the test above would pass on an empty check)."""
    from babel.messages.catalog import Catalog

    source = tmp_path / "src" / "parlour" / "mille"
    source.mkdir(parents=True)
    (source / "m.py").write_text(
        "from parlour.core.i18n import _, ngettext\n"
        "_('one {card}')\n_('two')\n_('three')\n_('four {n}')\n"
        "ngettext('{n} card', '{n} cards', 2)\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(catalogs, "PACKAGE", tmp_path / "src" / "parlour")
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path / "src" / "parlour" / "locale")
    catalog = Catalog(locale="fr", domain="mille", charset="utf-8", fuzzy=False)
    catalog.add("one {card}", "une {carte}")
    catalog.add("two", "")
    catalog.add("three", "trois", flags=["fuzzy"])
    catalog.add("gone", "parti")
    catalog.add(("{n} card", "{n} cards"), ("{n} carte", "{n} cartes"))
    catalogs.save("fr", "mille", catalog)
    found = "\n".join(catalogs.problems("fr", "mille"))
    assert "placeholders ['{carte}'] differ" in found
    assert "'two' is not translated" in found
    assert "'three' is fuzzy" in found
    assert "'four {n}' is missing" in found
    assert "'gone' is stale" in found
    assert "{n} card" not in found
    po = catalogs.po_path("fr", "mille")
    po.write_text(po.read_text(encoding="utf-8").replace("une {carte}", "une {card}"), "utf-8")
    assert "is not mille.po compiled" in "\n".join(catalogs.problems("fr", "mille"))
