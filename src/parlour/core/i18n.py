"""The player's language: English, French or Japanese (issue #42). No curses.

Messages are marked in the code the gettext way and looked up when shown:

* ``_("text")`` the translation of a message now;
* ``N_("text")`` marks a message kept in a table or a constant, translated where it is
  shown with ``_(CONSTANT)``;
* ``ngettext(singular, plural, n)`` a message whose words follow a count;
* ``pgettext(context, text)`` a short message that means different things in two places.

English is the source language: with English chosen nothing is loaded and every message is
returned as written, so the English screens stay byte for byte those of before.

The language is chosen once, at start (:func:`setup`): by ``--lang`` on the command line,
else the way gettext chooses (``LANGUAGE``, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; on
Windows with none of them set, the user's interface language), else English.

Catalogs are the compiled ``.mo`` files under ``parlour/locale/<lang>/LC_MESSAGES/``
(made from the ``.po`` files beside them by ``tools/catalogs.py``), each message looked up
in the file when shown (:mod:`parlour.core.mofile`), so that choosing a language costs the
first board almost nothing.

Nothing here is stored: saves and statistics keep codes, and a message is translated when
it is shown (docs/languages.md).
"""

from __future__ import annotations

import os
import sys

from parlour import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

    from parlour.core.mofile import Catalog

LANGUAGES = ("en", "fr", "ja")
"""The languages the games speak, English (the source) first."""

LANGUAGE_NAMES = {"en": "English", "fr": "français", "ja": "日本語"}
"""Each language in its own words (``--lang`` help)."""

SHARED_DOMAIN = "parlour"
"""The catalog of the shared floor (core, tui), loaded under every game's own."""

PLURAL_HEADERS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "ja": "nplurals=1; plural=0;",
}
"""The ``Plural-Forms`` each catalog must declare (French: 0 and 1 singular; Japanese: one
form); gettext computes a count's form from the catalog's header."""

NO_BREAK_SPACE = "\u00a0"
"""French groups digits and sets ``%`` apart with it: one column, never a line break."""

_language = "en"
_catalogs: tuple[Catalog, ...] = ()
_domains: tuple[str, ...] = ()


def _(message: str) -> str:
    """The translation of ``message`` in the chosen language (``message`` if none)."""
    for catalog in _catalogs:
        found = catalog.gettext(message)
        if found is not None:
            return found
    return message


def N_(message: str) -> str:  # noqa: N802 - the gettext name for "mark, translate later"
    """``message`` itself: marks it for the catalogs, translated where shown with ``_``."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that fits ``count`` (``{n}``-style placeholders unfilled)."""
    for catalog in _catalogs:
        found = catalog.ngettext(singular, count)
        if found is not None:
            return found
    return singular if count == 1 else plural


def pgettext(context: str, message: str) -> str:
    """The translation of ``message`` where ``context`` says what it is (a key's name, a
    column heading) so that two uses of one English word can be translated apart."""
    for catalog in _catalogs:
        found = catalog.pgettext(context, message)
        if found is not None:
            return found
    return message


def language() -> str:
    """The chosen language's code: ``en``, ``fr`` or ``ja``."""
    return _language


def number(value: float, places: int = 0, group: bool = False) -> str:
    """``value`` written as the language writes numbers.

    English keeps the games' own forms: no digit groups unless ``group`` (``10,000``).
    French writes the decimal comma and groups digits by three with a no-break space from
    10 000 on (from 1 000 with ``group``); Japanese groups with commas, as English with
    ``group``, from 10,000 on (from 1,000 with ``group``).
    """
    text = f"{abs(value):,.{places}f}" if places else f"{abs(round(value)):,}"
    whole, point, fraction = text.partition(".")
    big = abs(value) >= 9999.5 or (group and abs(value) >= 999.5)
    if _language == "en" and not group:
        big = False
    if not big:
        whole = whole.replace(",", "")
    if _language == "fr":
        whole = whole.replace(",", NO_BREAK_SPACE)
        point = "," if point else ""
    sign = "-" if value < 0 and text.strip("0.,") else ""
    return sign + whole + point + fraction


def percent(value: float, places: int = 0) -> str:
    """``value`` per cent (``85%``; French ``85 %`` with a no-break space)."""
    spacer = NO_BREAK_SPACE if _language == "fr" else ""
    return number(value, places) + spacer + "%"


def language_of(name: str) -> str | None:
    """The language a locale or language name asks for (``fr_FR.UTF-8`` -> ``fr``), English
    for ``C`` and ``POSIX``; None for a language the games do not speak."""
    code = name.strip()
    for stop in (".", "@", "_", "-"):
        code = code.split(stop, 1)[0]
    code = code.lower()
    if code in ("c", "posix"):
        return "en"
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str], windows: bool = False) -> str | None:
    """The language the environment asks for, gettext's way, or None when it says nothing.

    The locale of messages is the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set;
    ``LANGUAGE`` (a list such as ``fr:en``) comes before it, except where that locale is C
    or POSIX (or, off Windows, unset), as GNU gettext does. A list takes its first language
    the games speak; a locale of another language means English, untranslated.
    """
    locale_name = next(
        (environ[key] for key in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(key)), ""
    )
    plain_c = language_of(locale_name) == "en" and locale_name.strip().upper().startswith(
        ("C", "POSIX")
    )
    listed = environ.get("LANGUAGE", "")
    if listed and not plain_c and (locale_name or windows):
        for item in listed.split(":"):
            found = language_of(item) if item else None
            if found is not None:
                return found
    if locale_name:
        return language_of(locale_name) or "en"
    return None


WINDOWS_PRIMARY = {0x09: "en", 0x0C: "fr", 0x11: "ja"}
"""Windows primary language ids (the low 10 bits of a LANGID) of the games' languages."""


def windows_ui_language() -> str | None:
    """The Windows user's interface language, if the games speak it (None elsewhere)."""
    if sys.platform != "win32":
        return None
    try:
        import ctypes

        langid = int(ctypes.windll.kernel32.GetUserDefaultUILanguage())
    except (AttributeError, OSError, ValueError):
        return None
    return WINDOWS_PRIMARY.get(langid & 0x3FF, "en")


def given_option(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` in ``argv`` (``--lang X`` or ``--lang=X``; the last one),
    read before the arguments are parsed, since ``--help`` speaks the language too; None if
    absent or not a language of the games (the parser then reports it)."""
    found: str | None = None
    for i, token in enumerate(argv):
        if token == "--":
            break
        if token == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif token.startswith("--lang="):
            found = token.partition("=")[2]
    return found if found in LANGUAGES else None


def choose(
    argv: Sequence[str],
    environ: Mapping[str, str] | None = None,
    ui_language: Callable[[], str | None] = windows_ui_language,
) -> str:
    """The language to play in: ``--lang``, else the environment, else Windows' interface
    language, else English."""
    env = os.environ if environ is None else environ
    return (
        given_option(argv)
        or from_environment(env, windows=sys.platform == "win32")
        or ui_language()
        or "en"
    )


def locale_folder() -> str:
    """Where the compiled catalogs are: ``parlour/locale``."""
    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")


def catalog_path(lang: str, domain: str) -> str:
    """The compiled catalog of ``domain`` in ``lang``."""
    return os.path.join(locale_folder(), lang, "LC_MESSAGES", domain + ".mo")


def load(lang: str, domains: Iterable[str]) -> tuple[Catalog, ...]:
    """The catalogs of ``domains`` in ``lang``, in the order a message is looked for in
    them; none for English. A catalog that is missing or cannot be read leaves its messages
    in English: never an error."""
    if lang == "en":
        return ()
    from parlour.core import mofile

    found: list[Catalog] = []
    for domain in domains:
        try:
            found.append(mofile.read(catalog_path(lang, domain)))
        except (OSError, ValueError):  # missing, unreadable, or not a catalog
            continue
    return tuple(found)


def use(lang: str, domains: Iterable[str] = ()) -> None:
    """Speak ``lang`` from now on, with the catalogs of ``domains`` (the shared one added)."""
    global _language, _catalogs, _domains
    _language = lang if lang in LANGUAGES else "en"
    _domains = tuple(domains)
    chosen = [*domains, SHARED_DOMAIN]
    _catalogs = load(_language, dict.fromkeys(chosen))


ASCII_CODESETS = ("ANSIX3.41968", "ASCII", "USASCII", "646", "ISO646US")
"""The names a C library gives the plain ASCII character set (normalised: upper case, no
``-`` or ``_``)."""


def codeset_is_ascii(codeset: str) -> bool:
    """Whether a locale's character set (``nl_langinfo(CODESET)``) is plain ASCII."""
    return codeset.upper().replace("-", "").replace("_", "") in ASCII_CODESETS


def locale_codeset() -> str | None:
    """The character set of the current locale (``LC_CTYPE``), None where it cannot be
    asked (Windows, whose console takes whole characters in any locale)."""
    if sys.platform == "win32":
        return None
    import locale

    try:
        return locale.nl_langinfo(locale.CODESET)
    except (AttributeError, ValueError):
        return None


def asks_utf8(environ: Mapping[str, str]) -> bool:
    """Whether the locale the environment names for characters (``LC_ALL``, ``LC_CTYPE``,
    ``LANG``, the first set) is a UTF-8 one (``ja_JP.UTF-8``, ``fr_FR.utf8``)."""
    name = next((environ[key] for key in ("LC_ALL", "LC_CTYPE", "LANG") if environ.get(key)), "")
    return "UTF8" in name.upper().replace("-", "").replace("_", "")


def coming_codeset() -> str | None:
    """The character set the games will draw with: UTF-8 where the environment asks for
    it, even if that locale is not installed (the terminal runner then takes
    ``C.UTF-8``), else the current locale's."""
    return "UTF-8" if asks_utf8(os.environ) else locale_codeset()


def fall_back_if_ascii(codeset: Callable[[], str | None] = locale_codeset) -> bool:
    """English, quietly, when the chosen language cannot be drawn: the locale's character
    set is plain ASCII (the C or POSIX locale without UTF-8), where French accents and
    Japanese would come out as question marks or not at all. True if it fell back.

    Called when the language is chosen (:func:`setup`) and again by the terminal runner
    once it has set the locale curses draws with."""
    if _language == "en":
        return False
    found = codeset()
    if found is None or not codeset_is_ascii(found):
        return False
    use("en", _domains)
    return True


NARROW_CONSOLES = ("win32",)
"""Where the games' curses (windows-curses: PDCurses on the Windows console) gives a wide
character one cell: Japanese screens come out misplaced or overlapping there (seen under
Wine; windows-curses' own issue #3 shows it on Windows), so a Japanese game speaks English
there (:func:`fall_back_for_console`)."""


def fall_back_for_console(platform: str | None = None) -> bool:
    """English, quietly, where the games' console cannot draw the chosen language: Japanese
    (two columns a character) on a platform in :data:`NARROW_CONSOLES`; the whole game, its
    printed lines too, so that no screen mixes the two (an app words some of its text
    before its screen starts). True if it fell back. Called by :func:`setup`."""
    if _language != "ja" or (platform or sys.platform) not in NARROW_CONSOLES:
        return False
    use("en", _domains)
    return True


def setup(domains: Sequence[str], argv: Sequence[str] | None = None) -> str:
    """Choose the language for a game whose messages are in ``domains`` from its command
    line ``argv`` (default ``sys.argv[1:]``) and the environment, load its catalogs; the
    language (English when the locale's character set is ASCII only:
    :func:`fall_back_if_ascii`)."""
    chosen = choose(sys.argv[1:] if argv is None else argv)
    use(chosen, domains)
    fall_back_if_ascii(coming_codeset)
    fall_back_for_console()
    return _language
