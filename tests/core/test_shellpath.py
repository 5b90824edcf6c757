"""The path in a "resume with" line is one argument, unchanged, for the player's shell."""

from __future__ import annotations

import os
import shlex
import sys

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from parlour.core.shellpath import expand_home, for_shell


def windows_argv(command_line: str) -> list[str]:
    """How a Windows program's C runtime splits its command line (CommandLineToArgvW's rules).

    Backslashes are literal unless they precede a double quote: 2n of them and a quote give
    n backslashes and open or close quoting; 2n+1 give n and a literal quote.
    """
    args: list[str] = []
    current: list[str] = []
    quoted = started = False
    i = 0
    while i < len(command_line):
        char = command_line[i]
        if char == "\\":
            run = len(command_line[i:]) - len(command_line[i:].lstrip("\\"))
            if command_line[i + run : i + run + 1] == '"':
                current.append("\\" * (run // 2))
                if run % 2:
                    current.append('"')
                    i += run + 1
                else:
                    i += run
                started = True
                continue
            current.append("\\" * run)
            i += run
            started = True
            continue
        if char == '"':
            quoted = not quoted
            started = True
        elif char in " \t" and not quoted:
            if started:
                args.append("".join(current))
                current, started = [], False
        else:
            current.append(char)
            started = True
        i += 1
    if started:
        args.append("".join(current))
    return args


CMD_AND_POWERSHELL_SPECIALS = " &|<>^(),;=%!'`$@{}[]#~+"


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        (r"C:\Users\Ann\AppData\Roaming\Parlour\mille-recovery-1.json", None),
        (r"C:\Users\José\s.json", None),
        ("s.json", None),
        (r"C:\Users\Ann Lee\my save.json", r'"C:\Users\Ann Lee\my save.json"'),
        ("a&b.json", '"a&b.json"'),
        ("(1).json", '"(1).json"'),
        ("it's.json", '"it\'s.json"'),
        ("-x.json", r".\-x.json"),
        ("", '""'),
    ],
)
def test_windows_paths_are_plain_or_in_double_quotes(path: str, shown: str | None) -> None:
    assert for_shell(path, windows=True) == (path if shown is None else shown)


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        ("/home/ann/s.json", "/home/ann/s.json"),
        ("/home/ann/my save.json", "'/home/ann/my save.json'"),
        ("it's.json", "'it'\"'\"'s.json'"),
        ("-x.json", "./-x.json"),
    ],
)
def test_posix_paths_are_quoted_as_shlex_does(path: str, shown: str) -> None:
    assert for_shell(path, windows=False) == shown


def test_a_tilde_is_expanded_as_the_game_did_when_saving(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/home/ann lee")
    monkeypatch.setenv("USERPROFILE", "/home/ann lee")
    expected = os.path.expanduser("~/s.json")
    assert for_shell("~/s.json", windows=False) == shlex.quote(expected)


def test_the_platform_chooses_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    assert for_shell("a b.json") == '"a b.json"'
    monkeypatch.setattr(sys, "platform", "linux")
    assert for_shell("a b.json") == "'a b.json'"


WINDOWS_NAME_CHARS = st.characters(
    blacklist_categories=("Cs", "Cc"), blacklist_characters='<>"|?*\x00'
)


@settings(max_examples=200)
@given(st.text(WINDOWS_NAME_CHARS, min_size=1, max_size=30).filter(lambda p: p[-1] != "\\"))
def test_a_windows_program_reads_the_path_back_whole(path: str) -> None:
    shown = for_shell(path, windows=True)
    expected = expand_home(path) if path.startswith("~") else path
    if expected.startswith("-"):
        expected = ".\\" + expected
    assert windows_argv("midnightoil " + shown) == ["midnightoil", expected]
    if not shown.startswith('"'):  # shown plain: nothing either shell would act on
        assert not set(shown) & set(CMD_AND_POWERSHELL_SPECIALS)


@settings(max_examples=200)
@given(st.text(st.characters(blacklist_characters="\x00"), min_size=1, max_size=30))
@example("~\ud800")  # a user name no encoding holds: found by Hypothesis, once a crash
def test_a_posix_shell_reads_the_path_back_whole(path: str) -> None:
    shown = for_shell(path, windows=False)
    expected = expand_home(path) if path.startswith("~") else path
    if expected.startswith("-"):
        expected = "./" + expected
    assert shlex.split(shown) == [expected]
