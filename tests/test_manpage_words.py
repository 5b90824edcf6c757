"""The French and Japanese manual pages use the games' words (issue #42): a page never
quotes in bold an English message of its game where the game shows that message
translated in the page's language (``Another hand?`` in the French page, where the game
asks ``Autre manche ?``), and the screen texts a page quotes are the game's own."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from parlour.core.i18n import read_mo

ROOT = Path(__file__).resolve().parent.parent
DOMAINS = {
    "mille": ("mille", "millereview", "parlour"),
    "dixmille": ("dixmille", "parlour"),
    "midnightoil": ("midnightoil", "parlour"),
}
BOLD_FIRST = (".B", ".BR", ".BI")
"""Font macros whose odd-numbered arguments (1st, 3rd, ...) are bold."""
BOLD_SECOND = (".RB", ".IB")
"""Font macros whose even-numbered arguments are bold."""


def catalog(lang: str, game: str) -> dict[str, str]:
    """The game's messages in ``lang`` (English -> translation), every domain it loads."""
    found: dict[str, str] = {}
    for domain in DOMAINS[game]:
        path = ROOT / "src/parlour/locale" / lang / "LC_MESSAGES" / f"{domain}.mo"
        found.update(read_mo(path.read_bytes()))
    return found


def plain(text: str) -> str:
    """A roff argument as the reader sees it: escapes for spaces, dashes and nothing gone."""
    for escape, shown in (("\\~", " "), ("\\ ", " "), ("\\&", ""), ("\\-", "-"), ("\\e", "\\")):
        text = text.replace(escape, shown)
    return text.strip()


def bold_texts(page: str) -> list[tuple[int, str]]:
    """(line number, text) of every bold argument of the page's font macros."""
    found = []
    for number, line in enumerate(page.splitlines(), 1):
        macro, _, rest = line.partition(" ")
        if macro not in BOLD_FIRST + BOLD_SECOND or not rest:
            continue
        try:
            words = shlex.split(rest.replace("\\", "\\\\"), posix=True)
        except ValueError:
            continue
        if macro == ".B":
            words = [" ".join(words)]
        start = 0 if macro in BOLD_FIRST else 1
        found += [(number, plain(word)) for word in words[start::2]]
    return found


PAGES = [(lang, game) for lang in ("fr", "ja") for game in DOMAINS]


@pytest.mark.parametrize(("lang", "game"), PAGES, ids=[f"{g}-{lang}" for lang, g in PAGES])
def test_no_english_message_where_the_game_translates_it(lang: str, game: str) -> None:
    messages = catalog(lang, game)
    page = (ROOT / "man" / lang / "man6" / f"{game}.6").read_text(encoding="utf-8")
    english = [
        f"line {number}: {text!r} (the game shows {messages[text].split(chr(0))[0]!r})"
        for number, text in bold_texts(page)
        if len(text) > 1 and messages.get(text, text) != text
    ]
    assert english == []


def test_the_check_finds_english() -> None:
    """The check above reads quoted and bare bold texts of each macro."""
    page = '.B "Another\\~hand?\\&"\n.BR Really? ,\n.RB ( "vs\\~classic" )\n.B P\n'
    assert [text for _, text in bold_texts(page)] == ["Another hand?", "Really?", "vs classic", "P"]
