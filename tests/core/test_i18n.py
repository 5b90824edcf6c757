"""The player's language (issue #42): how it is chosen, how numbers are written in it, and
that the small .mo reader reads every shipped catalog as gettext does."""

from __future__ import annotations

import gettext
import glob
import os
from pathlib import Path

import pytest

from parlour.core import i18n, mofile

NBSP = "\u00a0"


# --- the choice ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--lang", "fr"], "fr"),
        (["--lang=ja"], "ja"),
        (["--lang", "fr", "--lang=ja"], "ja"),  # the last one wins
        (["--lang=ja", "--lang", "fr"], "fr"),
        (["--lang", "de"], None),  # not a language of the games: the parser reports it
        (["--lang"], None),
        (["--", "--lang", "fr"], None),  # after --, a word, not an option
        (["--seed", "3"], None),
    ],
)
def test_lang_option(argv: list[str], expected: str | None) -> None:
    assert i18n.given_option(argv) == expected


def test_an_invalid_lang_leaves_the_choice_to_the_environment() -> None:
    chosen = i18n.choose(["--lang", "xx"], {"LANG": "fr_FR.UTF-8"}, lambda: None)
    assert chosen == "fr"
    assert i18n.choose(["--lang", "ja"], {"LANG": "fr_FR.UTF-8"}, lambda: None) == "ja"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "de_DE.UTF-8"}, "en"),  # a language the games do not speak: English
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "fr_FR"}, "ja"),
        ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "fr_FR"}, "ja"),
        ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR@euro"}, "fr"),
        ({"LANGUAGE": "de:ja:fr", "LANG": "fr_FR.UTF-8"}, "ja"),  # first spoken in the list
        ({"LANGUAGE": "fr", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LANGUAGE": "de", "LANG": "ja_JP.UTF-8"}, "ja"),  # none spoken: the locale
        ({"LANGUAGE": "fr", "LANG": "C"}, "en"),  # ignored under C, as gettext does
        ({"LANGUAGE": "fr", "LC_ALL": "POSIX", "LANG": "ja_JP"}, "en"),
        ({"LANGUAGE": "fr"}, None),  # ignored with no locale at all (off Windows)
        ({}, None),
    ],
)
def test_environment(environ: dict[str, str], expected: str | None) -> None:
    assert i18n.from_environment(environ) == expected


def test_language_list_counts_on_windows_without_a_locale() -> None:
    assert i18n.from_environment({"LANGUAGE": "ja"}, windows=True) == "ja"


def test_windows_interface_language_comes_after_the_environment() -> None:
    assert i18n.choose([], {}, lambda: "fr") == "fr"
    assert i18n.choose([], {"LANG": "ja_JP.UTF-8"}, lambda: "fr") == "ja"
    assert i18n.choose(["--lang=en"], {}, lambda: "fr") == "en"
    assert i18n.choose([], {}, lambda: None) == "en"


def test_windows_primary_language_ids() -> None:
    # LANGIDs: primary id in the low 10 bits, sublanguage above (fr-CA 0x0C0C, ja-JP 0x0411)
    for langid, lang in ((0x0409, "en"), (0x0809, "en"), (0x040C, "fr"), (0x0C0C, "fr")):
        assert i18n.WINDOWS_PRIMARY[langid & 0x3FF] == lang
    assert i18n.WINDOWS_PRIMARY[0x0411 & 0x3FF] == "ja"
    assert 0x0407 & 0x3FF not in i18n.WINDOWS_PRIMARY  # German: English, untranslated


# --- numbers ------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [0, 1, -1, 7, 999, 1000, 9999, 10000, 123456, -98765, 10**7])
def test_english_whole_numbers_are_str(value: int) -> None:
    i18n.use("en")
    assert i18n.number(value) == str(value)
    assert i18n.percent(value) == f"{value}%"


@pytest.mark.parametrize("value", [0.0, 0.05, 0.15, 2.5, -2.5, -0.04, 99.95, 12345.678, -1e-9])
@pytest.mark.parametrize("places", [1, 2])
def test_english_decimals_are_format(value: float, places: int) -> None:
    i18n.use("en")
    expected = f"{value:.{places}f}"
    if expected.strip("-0.") == "":  # a negative that rounds to zero shows no sign
        expected = expected.lstrip("-")
    assert i18n.number(value, places) == expected
    assert i18n.percent(value, places) == expected + "%"


def test_french_numbers() -> None:
    i18n.use("fr")
    assert i18n.number(9999) == "9999"
    assert i18n.number(10000) == f"10{NBSP}000"
    assert i18n.number(-1234567) == f"-1{NBSP}234{NBSP}567"
    assert i18n.number(1000, group=True) == f"1{NBSP}000"
    assert i18n.number(2.25, 1) == "2,2"  # rounding as Python's format: half to even
    assert i18n.number(-0.5, 2) == "-0,50"
    assert i18n.number(12345.5, 1) == f"12{NBSP}345,5"
    assert i18n.percent(85) == f"85{NBSP}%"
    assert i18n.percent(12.345, 1) == f"12,3{NBSP}%"


def test_japanese_numbers() -> None:
    i18n.use("ja")
    assert i18n.number(9999) == "9999"
    assert i18n.number(10000) == "10,000"
    assert i18n.number(-10000) == "-10,000"
    assert i18n.number(1000, group=True) == "1,000"
    assert i18n.number(3.14159, 2) == "3.14"
    assert i18n.percent(85) == "85%"


# --- plural forms -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("fr", {0: 0, 1: 0, 2: 1, 5: 1, 21: 1}),
        ("ja", {0: 0, 1: 0, 2: 0, 5: 0, 21: 0}),
    ],
)
def test_plural_rules(lang: str, forms: dict[int, int]) -> None:
    """Each shipped catalog's own rule, read from its header the way the games read it and
    the way the standard gettext does: French 0 and 1 singular, Japanese one form."""
    for path in glob.glob(os.path.join(i18n.locale_folder(), lang, "LC_MESSAGES", "*.mo")):
        with open(path, "rb") as handle:
            rule = gettext.GNUTranslations(handle).plural  # type: ignore[attr-defined]
        assert {n: rule(n) for n in forms} == forms, path
        own = mofile.read(path).plural
        assert {n: own(n) for n in forms} == forms, path


def test_ngettext_in_each_language() -> None:
    one, many = "at most {n} character", "at most {n} characters"
    i18n.use("en")
    assert [i18n.ngettext(one, many, n) for n in (0, 1, 2)] == [many, one, many]
    i18n.use("fr")
    assert [i18n.ngettext(one, many, n).format(n=n) for n in (0, 1, 2)] == [
        "0 caractère au plus",
        "1 caractère au plus",
        "2 caractères au plus",
    ]
    i18n.use("ja")
    assert {i18n.ngettext(one, many, n).format(n=1) for n in (0, 1, 2, 40)} == {"1 文字まで"}


# --- the catalogs -------------------------------------------------------------------------

CATALOGS = sorted(glob.glob(os.path.join(i18n.locale_folder(), "*", "LC_MESSAGES", "*.mo")))


def test_catalogs_are_shipped() -> None:
    names = {os.path.relpath(path, i18n.locale_folder()) for path in CATALOGS}
    assert os.path.join("fr", "LC_MESSAGES", "parlour.mo") in names
    assert os.path.join("ja", "LC_MESSAGES", "parlour.mo") in names


PO_FILES = [
    (lang, domain) for lang in ("fr", "ja") for domain in ("parlour", "mille", "millereview")
] + [(lang, domain) for lang in ("fr", "ja") for domain in ("dixmille", "midnightoil")]


@pytest.mark.parametrize(("lang", "domain"), PO_FILES, ids=lambda v: str(v))
def test_every_message_shows_its_translation(lang: str, domain: str) -> None:
    """Loaded as a game loads it, every message of a ``.po`` comes out as written there:
    plain, in a context, and each plural form for counts that take it."""
    pytest.importorskip("babel")
    from tests.catalog_texts import entries

    i18n.use(lang, (domain,))
    rule = {"fr": lambda n: int(n > 1), "ja": lambda n: 0}[lang]
    for context, english, plural, forms in entries(lang, domain):
        if plural is not None:
            for n in (0, 1, 2, 7):
                assert i18n.ngettext(english, plural, n) == forms[rule(n)], english
        elif context:
            assert i18n.pgettext(context, english) == forms[0], english
        else:
            assert i18n._(english) == forms[0], english


def test_a_context_is_looked_up_apart() -> None:
    """mille's board names a card by its short form where the full one does not fit."""
    i18n.use("fr", ("mille",))
    assert i18n.pgettext("card, short", "Speed Limit") == "Limite de vitesse"
    assert i18n._("Speed Limit") == "Limitation de vitesse"
    assert i18n.pgettext("no such context", "Speed Limit") == "Speed Limit"
    assert i18n._("usage: ") != "usage: "  # the shared catalog stands behind the game's


def test_a_missing_or_damaged_catalog_means_english(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    good = Path(i18n.catalog_path("fr", "parlour")).read_bytes()
    monkeypatch.setattr(i18n, "locale_folder", lambda: str(tmp_path))
    message = "Please enlarge the terminal (80x24)."
    i18n.use("fr")  # no catalog at all
    assert i18n._(message) == message and i18n.language() == "fr"
    for damaged in (b"", b"\x00" * 40, good[:30], good[: len(good) // 2], b"\xde\x12\x04\x95"):
        (folder / "parlour.mo").write_bytes(damaged)
        i18n.use("fr")
        assert i18n._(message) == message
    (folder / "parlour.mo").write_bytes(good)
    i18n.use("fr")
    assert i18n._(message) != message


# --- a character set that cannot draw the language ------------------------------------------


@pytest.mark.parametrize(
    ("codeset", "falls_back"),
    [
        ("ANSI_X3.4-1968", True),
        ("ASCII", True),
        ("US-ASCII", True),
        ("UTF-8", False),
        ("ISO-8859-1", False),
        (None, False),  # unknown (Windows): as chosen
    ],
)
def test_an_ascii_locale_means_english(codeset: str | None, falls_back: bool) -> None:
    i18n.use("ja", ("mille",))
    assert i18n.fall_back_if_ascii(lambda: codeset) is falls_back
    assert i18n.language() == ("en" if falls_back else "ja")
    message = "Please enlarge the terminal (80x24)."
    assert (i18n._(message) == message) is falls_back


def test_english_stays_english_whatever_the_locale() -> None:
    i18n.use("en")
    assert i18n.fall_back_if_ascii(lambda: "ASCII") is False


def test_setup_falls_back_where_the_locale_is_c(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "locale_codeset", lambda: "ANSI_X3.4-1968")
    monkeypatch.setenv("LC_ALL", "C")
    assert i18n.setup(("mille",), ["--lang", "fr"]) == "en"
    # a UTF-8 locale asked for but not installed: the runner will take C.UTF-8, so French
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert i18n.setup(("mille",), ["--lang", "fr"]) == "fr"


def test_files_written_in_any_language_are_the_same(tmp_path: Path) -> None:
    """Nothing stored is translated: a save and a ledger line written in a French or a
    Japanese session are byte for byte those of an English one (the time of saving aside),
    and load the same in any language."""
    import json

    from parlour.core import ledger, saves

    written: dict[str, tuple[bytes, bytes]] = {}
    for lang in ("en", "fr", "ja"):
        i18n.use(lang)
        save = tmp_path / f"{lang}.json"
        saves.write_save(save, "mille", 1, 7, {"score": 10000, "share": 0.5, "name": "Zoé"})
        envelope = json.loads(save.read_bytes())
        envelope["saved_at"] = "-"
        stats = tmp_path / f"{lang}.jsonl"
        ledger.append(stats, {"game": "mille", "points": 12345, "ratio": 0.25})
        written[lang] = (json.dumps(envelope).encode(), stats.read_bytes())
    assert written["fr"] == written["en"] == written["ja"]
    for lang in ("en", "fr", "ja"):
        i18n.use(lang)
        loaded = saves.load_save(tmp_path / "fr.json", "mille", 1)
        assert loaded.state == {"score": 10000, "share": 0.5, "name": "Zoé"}


def test_japanese_falls_back_to_english_on_the_windows_console(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """windows-curses gives a two-column character one cell: a Japanese game would be
    drawn misplaced there, so it plays in English (tools/windows/play.py checks the screens
    under Wine); French stays, and Japanese stays elsewhere."""
    monkeypatch.setattr(i18n, "NARROW_CONSOLES", ("win32",))  # as shipped (the suite clears it)
    i18n.use("ja", ("mille",))
    assert not i18n.fall_back_for_console("linux")
    assert i18n.language() == "ja"
    assert i18n.fall_back_for_console("win32")
    assert i18n.language() == "en" and i18n._("Speed Limit") == "Speed Limit"
    assert i18n._("usage: ") == "usage: "
    i18n.use("fr", ("mille",))
    assert not i18n.fall_back_for_console("win32")
    assert i18n.language() == "fr"
