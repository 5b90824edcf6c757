"""The manual pages (issue #41): mille(6), dixmille(6), midnightoil(6) in English, French
and Japanese, under ``man/`` as they are installed under ``share/man``.

* every option of a command's ``--help`` (and every value it offers for one) has an entry
  of its own under the page's OPTIONS heading, in each language;
* each page renders with ``groff -man -Tutf8 -ww`` without a single warning (with
  ``-k``, preconv, as man-db runs it: the pages are UTF-8, and with the language's macros,
  ``-mfr`` / ``-mja``, as man-db loads them for a page of that language), and with
  ``man -l``, which must say nothing on standard error;
* the wheel holds all nine, byte for byte, under ``<name>.data/data/share/man``, and once
  installed from it ``man -w mille`` (``-L fr``, ``-L ja``) names the installed page when
  the environment's ``bin`` comes first on ``PATH``.

groff and man-db are Unix tools: without them (Windows, a bare image) those tests skip and
say why, unless ``PARLOUR_REQUIRE_MAN_TOOLS`` is set (``.ci/run`` sets it, after
installing them), where a missing tool is a failure.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAN = ROOT / "man"
GAMES = ("mille", "dixmille", "midnightoil")
LANGUAGES = ("", "fr", "ja")
"""The page folders: ``man/man6`` (English), ``man/fr/man6``, ``man/ja/man6``."""
OPTIONS_HEADING = {"": "OPTIONS", "fr": "OPTIONS", "ja": "オプション"}
PAGES = [(language, game) for language in LANGUAGES for game in GAMES]
REAL_HOME = os.environ.get("HOME", "")
"""The home folder before conftest swaps it per test: pip's cache lives there."""


def page_path(language: str, game: str) -> Path:
    return MAN / language / "man6" / f"{game}.6" if language else MAN / "man6" / f"{game}.6"


def page_id(page: tuple[str, str]) -> str:
    language, game = page
    return f"{game}-{language or 'en'}"


def tool(name: str) -> str:
    """The path of a Unix tool, or skip (fail where the CI requires the tools)."""
    found = shutil.which(name)
    if found is not None and sys.platform != "win32":
        return found
    if sys.platform == "win32":
        pytest.skip(f"{name}: manual pages are read with groff and man-db, not on Windows")
    message = f"{name} is not installed (Debian: apt-get install groff-base man-db)"
    if os.environ.get("PARLOUR_REQUIRE_MAN_TOOLS"):
        pytest.fail(message + "; PARLOUR_REQUIRE_MAN_TOOLS is set")
    pytest.skip(message)


def help_text(game: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", f"parlour.{game}.cli", "--help"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "COLUMNS": "80"},
        check=True,
    )
    return result.stdout


def help_options(text: str) -> tuple[set[str], set[str]]:
    """The options ``--help`` lists (``-h``, ``--seed``, ...) and the values it offers
    for them (``{strong,classic}``)."""
    options: set[str] = set()
    choices: set[str] = set()
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("-"):
            continue
        head = re.split(r"\s{2,}", stripped)[0]
        options.update(re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", head))
        for group in re.findall(r"\{([^}]*)\}", head):
            choices.update(group.split(","))
    return options, choices


def plain(source: str) -> str:
    """A page's source with the escapes that do not change the words taken out."""
    text = source.replace("\\-", "-").replace("\\(aq", "'")
    text = re.sub(r"\\f(\[[^]]*\]|\(..|.)", "", text)
    return text.replace("\\&", "").replace("\\%", "")


def option_tags(language: str, game: str) -> str:
    """The tags of the entries under the page's OPTIONS heading, one per line."""
    lines = plain(page_path(language, game).read_text(encoding="utf-8")).splitlines()
    heading = OPTIONS_HEADING[language]
    starts = [i for i, line in enumerate(lines) if re.fullmatch(rf"\.SH\s+\"?{heading}\"?", line)]
    assert len(starts) == 1, f"{page_id((language, game))}: one .SH {heading} heading"
    tags: list[str] = []
    for i in range(starts[0] + 1, len(lines)):
        if lines[i].startswith(".SH"):
            break
        if lines[i].startswith(".TP") and i + 1 < len(lines):
            tags.append(lines[i + 1])
    return "\n".join(tags)


def test_nine_pages_are_there() -> None:
    found = sorted(str(path.relative_to(MAN)) for path in MAN.rglob("*.6"))
    assert found == sorted(str(page_path(lang, game).relative_to(MAN)) for lang, game in PAGES)


@pytest.mark.parametrize("game", GAMES)
def test_every_help_option_has_an_entry_in_every_language(game: str) -> None:
    options, choices = help_options(help_text(game))
    assert {"-h", "--help", "--version"} <= options  # the parsing itself works
    for language in LANGUAGES:
        tags = option_tags(language, game)
        text = plain(page_path(language, game).read_text(encoding="utf-8"))
        for option in sorted(options):
            assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", tags), (
                f"{page_id((language, game))}: no OPTIONS entry for {option}"
            )
        for choice in sorted(choices):
            assert re.search(rf"(?<![\w-]){re.escape(choice)}(?![\w-])", text), (
                f"{page_id((language, game))}: the value {choice!r} of --help is not described"
            )


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_page_is_the_game_in_section_6(page: tuple[str, str]) -> None:
    language, game = page
    source = page_path(*page).read_text(encoding="utf-8")
    lines = source.splitlines()
    assert lines[0] == "'\\\" -*- coding: UTF-8 -*-", "man-db reads the encoding here"
    th = next(line for line in lines if line.startswith(".TH "))
    assert th.split()[1:3] == [game.upper(), "6"]
    assert "PARLOUR_DATA_DIR" in source  # the FILES and ENVIRONMENT part is there


def roff_command(language: str) -> list[str]:
    """groff as man-db runs it for a page of ``language`` (preconv, the language's macros)."""
    command = [tool("groff"), "-k"]
    if language:
        command.append(f"-m{language}")
    return [*command, "-man", "-Tutf8", "-ww"]


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_groff_renders_without_a_warning(page: tuple[str, str]) -> None:
    language, game = page
    result = subprocess.run(
        [*roff_command(language), str(page_path(*page))],
        capture_output=True,
        env={**os.environ, "LC_ALL": "C.UTF-8"},
    )
    assert result.returncode == 0
    assert result.stderr.decode("utf-8", "replace") == ""
    text = result.stdout.decode("utf-8")
    assert text.startswith(f"{game.upper()}(6)")
    widest = max(len(re.sub(".\b", "", line)) for line in text.splitlines())
    assert widest <= 80


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_man_shows_the_page(page: tuple[str, str]) -> None:
    language, game = page
    env = {**os.environ, "LC_ALL": "C.UTF-8", "MANWIDTH": "80", "MANPAGER": "cat"}
    env.pop("MANOPT", None)
    result = subprocess.run(
        [tool("man"), "-P", "cat", "-l", str(page_path(*page))],
        capture_output=True,
        env=env,
    )
    assert result.returncode == 0
    assert result.stderr.decode("utf-8", "replace") == ""
    text = re.sub(".\b", "", result.stdout.decode("utf-8"))
    assert text.startswith(f"{game.upper()}(6)")
    assert re.search(rf"^ +{game} +- ", text, re.MULTILINE)  # the NAME line, rendered


def backend_installed() -> bool:
    """Whether this environment has the build backend pyproject.toml asks for (then the
    wheel is built without an isolated environment: no download)."""
    try:
        setuptools = importlib.metadata.version("setuptools")
        importlib.metadata.version("wheel")
    except importlib.metadata.PackageNotFoundError:
        return False
    return int(setuptools.split(".")[0]) >= 77


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One wheel of the project, built from a copy (the build leaves nothing in the tree)."""
    try:
        importlib.metadata.version("pip")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("pip is not installed in this environment: no wheel can be built")
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    for name in ("src", "man"):
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    command = [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q"]
    command += ["--disable-pip-version-check", "-w", str(work / "dist")]
    if backend_installed():
        command.append("--no-build-isolation")
    env = {**os.environ, "HOME": REAL_HOME} if REAL_HOME else dict(os.environ)
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    (built,) = (work / "dist").glob("parlour-*.whl")
    return built


def test_the_wheel_holds_the_nine_pages(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        data = next(name.split("/")[0] for name in names if ".data/" in name)
        for language, game in PAGES:
            folder = f"share/man/{language}/man6" if language else "share/man/man6"
            member = f"{data}/data/{folder}/{game}.6"
            assert member in names, f"the wheel lacks {member}"
            assert archive.read(member) == page_path(language, game).read_bytes()


def test_man_finds_the_installed_pages_beside_bin(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """A fresh environment of its own (never this one: pip would replace its parlour), the
    wheel installed into it as ``pip install .`` installs, then man with its bin first."""
    man = tool("man")
    wheel: Path = request.getfixturevalue("wheel")
    prefix = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(prefix)], check=True)
    result = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(prefix / "bin" / "python"), "install"]
        + ["-q", "--disable-pip-version-check", "--no-deps", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (prefix / "bin" / "mille").exists()
    env = {**os.environ, "PATH": f"{prefix / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    for name in ("MANPATH", "MANOPT", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        env.pop(name, None)
    for language in LANGUAGES:
        for game in GAMES:
            flags = ["-L", language] if language else []
            found = subprocess.run(
                [man, *flags, "-w", game], capture_output=True, text=True, env=env
            )
            folder = prefix / "share" / "man" / language if language else prefix / "share/man"
            assert found.stdout.strip() == str(folder / "man6" / f"{game}.6"), found.stderr
