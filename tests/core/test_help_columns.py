"""--help fits 80 display columns in every language (issue #42): argparse wraps by len(),
the games' formatter by display columns (Japanese takes two a character), and French
lines never begin with the : ; ! ? its no-break spaces hold to the word before."""

from __future__ import annotations

import pytest

from parlour.core import i18n
from parlour.core.cliutil import Argument, Command
from parlour.core.text import width

JAPANESE = "統計はまだ記録されていません（ディスクがいっぱいです）。次回のために取っておきます。"


def _help(command: Command) -> list[str]:
    return command.parser().format_help().splitlines()


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
@pytest.mark.parametrize("game", ["mille", "dixmille", "midnightoil"])
def test_each_game_help_fits(game: str, lang: str) -> None:
    import importlib

    command = importlib.import_module(f"parlour.{game}.cli").COMMAND
    i18n.use(lang, command.domains)
    lines = _help(command)
    assert max(width(line) for line in lines) <= 80
    if lang == "fr":
        assert not any(line.lstrip().startswith((":", ";", "!", "?")) for line in lines)


def test_japanese_help_wraps_by_display_columns() -> None:
    command = Command(
        "game",
        JAPANESE * 2,
        [Argument("--seed", help=JAPANESE * 3), Argument("--stats", action="store_true")],
        epilog=JAPANESE * 2,
    )
    lines = _help(command)
    assert max(width(line) for line in lines) <= 80
    text = "".join(line.strip() for line in lines)
    assert text.count(JAPANESE) == 7  # nothing lost in the wrapping
    i18n.use("ja")
    lines = _help(command)
    assert lines[0].startswith("使い方: game")
    assert max(width(line) for line in lines) <= 80


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
@pytest.mark.parametrize("game", ["mille", "dixmille", "midnightoil"])
def test_usage_lines_line_up_by_display_columns(game: str, lang: str) -> None:
    """The usage's later lines start under its first option, counted in display columns
    (``使い方: `` is 8 columns but 5 characters)."""
    import importlib

    command = importlib.import_module(f"parlour.{game}.cli").COMMAND
    i18n.use(lang, command.domains)
    usage = command.parser().format_usage().rstrip("\n").splitlines()
    first = usage[0]
    column = width(first[: first.index(" [")]) + 1  # where its first option starts
    later = [line for line in usage[1:] if line.strip()]
    assert later, usage  # every game's usage takes more than one line
    for line in later:
        assert len(line) - len(line.lstrip(" ")) == column, usage


@pytest.mark.parametrize(
    ("lang", "headings"),
    [
        ("en", ["positional arguments:", "options:"]),
        ("fr", ["arguments\u00a0:", "options\u00a0:"]),
        ("ja", ["引数:", "オプション:"]),
    ],
)
def test_section_headings_are_punctuated_as_the_language_writes(
    lang: str, headings: list[str]
) -> None:
    """French sets a no-break space before the colon of ``--help``'s headings, which
    Python 3.11 writes itself (3.13 asks the catalog for "%(heading)s:")."""
    import importlib

    command = importlib.import_module("parlour.mille.cli").COMMAND
    i18n.use(lang, command.domains)
    lines = _help(command)
    assert [line for line in lines if line.endswith(":") and not line.startswith(" ")][
        -2:
    ] == headings
