"""The fast argument path reads every command line exactly as argparse does, or declines."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core import i18n
from parlour.core.cliutil import Argument, Command
from parlour.core.text import width
from parlour.dixmille.cli import COMMAND as DIXMILLE
from parlour.midnightoil.cli import COMMAND as MIDNIGHTOIL
from parlour.mille.cli import COMMAND as MILLE

COMMANDS = {"mille": MILLE, "dixmille": DIXMILLE, "midnightoil": MIDNIGHTOIL}

WORDS = st.sampled_from(
    [
        "--seed", "--level", "--stats", "--ascii", "--deal", "--pace", "--fast", "--four-twos",
        "--seed=7", "--deal=3", "--level=classic", "--pace=0.5", "--four-twos=turn", "--ascii=1",
        "--see", "-h", "--help", "--version", "--", "-", "-1", "1", "7", "2**64", "x1",
        "strong", "classic", "game", "turn", "0.2", "11", "Alice", "ZEDX", "Bob", "save.json", "",
    ]
)  # fmt: skip


def argparse_reading(command: object, argv: list[str]) -> SimpleNamespace | None:
    """What argparse makes of ``argv``, or None when it exits (help, version, an error)."""
    parser = command.parser()  # type: ignore[attr-defined]
    try:
        return SimpleNamespace(**vars(parser.parse_args(argv)))
    except SystemExit:
        return None


@settings(max_examples=400, deadline=None)
@given(name=st.sampled_from(sorted(COMMANDS)), argv=st.lists(WORDS, max_size=5))
def test_the_fast_path_agrees_with_argparse_whenever_it_answers(name: str, argv: list[str]) -> None:
    command = COMMANDS[name]
    quick = command.quick_parse(argv)
    if quick is not None:
        assert quick == argparse_reading(command, argv)


@pytest.mark.parametrize(
    ("name", "argv"),
    [
        ("mille", []),
        ("mille", ["--seed", "1"]),
        ("mille", ["--seed=1", "--level", "classic", "--ascii"]),
        ("mille", ["save.json"]),
        ("mille", ["--stats"]),
        ("dixmille", ["--seed", "1", "Alice", "ZEDX"]),
        ("dixmille", ["Alice", "Bob", "--fast", "--four-twos", "turn"]),
        ("dixmille", []),
        ("midnightoil", ["--deal", "1"]),
        ("midnightoil", ["save.json", "--ascii"]),
    ],
)
def test_the_usual_command_lines_never_need_argparse(name: str, argv: list[str]) -> None:
    command = COMMANDS[name]
    quick = command.quick_parse(argv)
    assert quick is not None and quick == argparse_reading(command, argv)


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["-h"], ["--version"], ["--seed", "x"], ["--see", "1"], ["--seed"], ["a", "b"]],
)
def test_help_version_and_mistakes_are_left_to_argparse(argv: list[str]) -> None:
    assert MILLE.quick_parse(argv) is None


def test_a_bad_value_gets_argparse_message_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        MILLE.parse(["--seed", "-5"])
    assert stop.value.code == 2
    assert "--seed" in capsys.readouterr().err


def test_say_wraps_every_line_at_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.core.cliutil import fail, say

    long = "mille: input ended; your game was saved to /tmp/a/b/c.json; continue it with: mille x"
    assert say(long)
    assert capsys.readouterr().out == (
        "mille: input ended; your game was saved to /tmp/a/b/c.json; continue it with:\nmille x\n"
    )
    assert fail("dixmille: \x1b[2J gone", 2) == 2
    assert capsys.readouterr().err == "dixmille: ^[[2J gone\n"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_usage_errors_are_wrapped_too(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        COMMANDS[name].parse(["--no-such-option-" + "x" * 70])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"{name}: error: unrecognized arguments:" in err
    assert all(len(line) <= 80 or " " not in line for line in err.splitlines()), err


# -----
# --help fits 80 display columns in every language (issue #42): argparse wraps by len(),
# the games' formatter by display columns (Japanese takes two a character), and French
# lines never begin with the : ; ! ? its no-break spaces hold to the word before.


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
