"""The French and Japanese manual pages use the games' words (issue #42): a page never
quotes in bold an English message of its game where the game shows that message
translated in the page's language (``Another hand?`` in the French page, where the game
asks ``Autre manche ?``), and the screen texts a page quotes are the game's own.

A quote is bold (a font macro's bold argument, or inline ``\\fB...\\fR``, as the
Japanese pages quote in 「」) or the tag of a ``.TP`` entry (the score window's rows). It
is English when it is a message, or a message with its ``{placeholders}`` written as
anything (``Replay, not counted: ...``), or the start of a message of three words or
more (``Please enlarge the terminal``)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.catalog_texts import translations

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
    return translations(lang, DOMAINS[game])


def plain(text: str) -> str:
    """A roff argument as the reader sees it: escapes for spaces, dashes and nothing gone."""
    for escape, shown in (("\\~", " "), ("\\ ", " "), ("\\&", ""), ("\\-", "-"), ("\\e", "\\")):
        text = text.replace(escape, shown)
    return text.strip()


INLINE_BOLD = re.compile(r"\\fB(.*?)(?:\\f[RPI]|$)")
"""Inline bold: ``\\fB`` up to the next font change (or the end of the line)."""


def bold_texts(page: str) -> list[tuple[int, str]]:
    """(line number, text) of every bold argument of the page's font macros, every inline
    bold span, and every ``.TP`` tag line."""
    found = []
    lines = page.splitlines()
    for number, line in enumerate(lines, 1):
        found += [(number, plain(span)) for span in INLINE_BOLD.findall(line) if plain(span)]
        if number > 1 and lines[number - 2].split(" ")[0] == ".TP" and not line.startswith("."):
            found.append((number, plain(line)))
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


PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def english_message(text: str, messages: dict[str, str]) -> str | None:
    """The English message ``text`` quotes where the game shows it translated: the message
    itself, the message with its placeholders written as anything, or a message that
    ``text`` (three words or more) begins. None when ``text`` quotes none."""
    if len(text) < 2:
        return None
    translated = {english: shown for english, shown in messages.items() if shown != english}
    if text in translated:
        return text
    for english in translated:
        pieces = PLACEHOLDER.split(english)
        if len(pieces) > 1 and sum(c.isalpha() for c in "".join(pieces)) >= 2:
            pattern = ".*".join(re.escape(piece) for piece in pieces)
            if re.fullmatch(pattern, text) or re.fullmatch(pattern, text + " "):
                return english
        if len(text.split()) >= 3 and english.startswith(text):
            return english
    return None


PAGES = [(lang, game) for lang in ("fr", "ja") for game in DOMAINS]


@pytest.mark.parametrize(("lang", "game"), PAGES, ids=[f"{g}-{lang}" for lang, g in PAGES])
def test_no_english_message_where_the_game_translates_it(lang: str, game: str) -> None:
    messages = catalog(lang, game)
    page = (ROOT / "man" / lang / "man6" / f"{game}.6").read_text(encoding="utf-8")
    english = []
    for number, text in bold_texts(page):
        message = english_message(text, messages)
        if message is not None:
            shown = messages[message].split(chr(0))[0]
            english.append(f"line {number}: {text!r} (the game shows {shown!r})")
    assert english == []


def test_the_check_finds_english() -> None:
    """The check above reads quoted and bare bold texts of each macro."""
    page = '.B "Another\\~hand?\\&"\n.BR Really? ,\n.RB ( "vs\\~classic" )\n.B P\n'
    assert [text for _, text in bold_texts(page)] == ["Another hand?", "Really?", "vs classic", "P"]


def test_the_check_reads_inline_bold_and_tags() -> None:
    """Inline bold spans and ``.TP`` tags are quotes too."""
    page = "質問「\\fBAnother hand?\\fR」と\n.TP 22\nMilestones Played\nles bornes\n"
    assert [text for _, text in bold_texts(page)] == ["Another hand?", "Milestones Played"]


def test_the_check_finds_messages_with_placeholders_and_beginnings() -> None:
    messages = {
        "Replay, not counted: {result}": "Rejeu non compté : {result}",
        "continue it with: mille {file}": "pour la reprendre : mille {file}",
        "Please enlarge the terminal (80x24).": "Agrandissez le terminal (80x24).",
        "{level}: ": "{level} : ",
        "Go": "Go",
    }
    found = {
        text: english_message(text, messages)
        for text in (
            "Replay, not counted: ...",
            "continue it with: mille",
            "Please enlarge the terminal",
            "Rejeu non compté : ...",
            "strong: ",
            "Please enlarge",
            "Go",
        )
    }
    assert found == {
        "Replay, not counted: ...": "Replay, not counted: {result}",
        "continue it with: mille": "continue it with: mille {file}",
        "Please enlarge the terminal": "Please enlarge the terminal (80x24).",
        "Rejeu non compté : ...": None,
        "strong: ": None,
        "Please enlarge": None,
        "Go": None,
    }
