"""The first board imports only what it needs (issue #19), checked without timing anything.

Each game's cli is imported in a fresh interpreter, its ``main`` builds the app from a
common command line exactly as it would for the terminal, the first frame is rendered
(``app.render(24, 80)``, no curses started), and the modules meant to load later (the
computer player, the solver, saving, statistics, argparse, the heavier standard modules)
must not be in ``sys.modules`` by then.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

DRIVER = """
import sys
import parlour.tui.runner as runner

frames = []

def first_frame(app):
    frames.append(app.render(24, 80).to_text())
    return 0

runner.run = first_frame
import importlib
cli = importlib.import_module(sys.argv[1])
if hasattr(cli, "run"):
    cli.run = first_frame
status = cli.main(sys.argv[2:])
modules = sorted(sys.modules)
import json
print(json.dumps({"status": status, "frame": frames[0] if frames else "", "modules": modules}))
"""

LATER_EVERYWHERE = (
    "argparse",
    "secrets",
    "hashlib",
    "hmac",
    "tempfile",
    "shutil",
    "wcwidth",
    "traceback",
    "statistics",
    "datetime",
    "typing",
    "dataclasses",
    "inspect",
    "parlour.core.saves",
    "parlour.core.atomic",
)
"""Help and errors (argparse), randomness for ids and file names (os.urandom does it),
files, crash logs and the Unicode width tables: none of it draws a first board. ``typing``
is for annotations only (``parlour.TYPE_CHECKING``); a board's value classes are plain
classes on ``parlour.core.record``, so ``dataclasses`` (and with it ``inspect``) stays
unloaded."""

GAMES = {
    "mille": (
        ["--seed", "1"],
        ">>:Move:",
        (
            "json",
            "parlour.core.ledger",
            "parlour.core.strictjson",
            "parlour.mille.computer.ai",
            "parlour.mille.computer.policy",
            "parlour.mille.computer.sim",
            "parlour.mille.computer.bsd",
            "parlour.mille.computer.seatmoves",
            "parlour.mille.computer.review",
            "parlour.mille.terminal.review_view",
            "parlour.mille.files.savefile",
            "parlour.mille.files.gamedata",
            "parlour.mille.files.stats",
        ),
    ),
    "dixmille": (
        ["--seed", "1", "Alice", "ZEDX"],
        "Alice: t = throw",
        (
            "json",
            "parlour.core.ledger",
            "parlour.dixmille.computer.ai",
            "parlour.dixmille.computer.analysis",
            "parlour.dixmille.files.gamedata",
            "parlour.dixmille.files.savefile",
            "parlour.dixmille.files.stats",
            "parlour.dixmille.terminal.statsapp",
            "parlour.dixmille.terminal.statsview",
        ),
    ),
    "midnightoil": (
        ["--deal", "1"],
        "Press a fan letter",
        (
            # json and the ledger do load: the board shows what the statistics say.
            "shlex",
            "parlour.midnightoil.computer.solver",
            "parlour.midnightoil.computer.solver.planner",
            "parlour.midnightoil.computer.solver.model",
            "parlour.midnightoil.computer.solver.search",
            "parlour.midnightoil.computer.solver.value",
            "parlour.midnightoil.files.savefile",
        ),
    ),
}


def first_board(game: str, argv: list[str], data_dir: Path) -> dict[str, object]:
    """The first frame, exit status and loaded modules of ``game`` started with ``argv``."""
    env = dict(os.environ, PARLOUR_DATA_DIR=str(data_dir), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, f"parlour.{game}.cli", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_first_board_loads_none_of_what_comes_later(game: str, tmp_path: Path) -> None:
    argv, marker, later = GAMES[game]
    result = first_board(game, argv, tmp_path)
    assert result["status"] == 0
    assert marker in str(result["frame"]), result["frame"]
    loaded = set(result["modules"])  # type: ignore[call-overload]
    early = sorted(name for name in (*LATER_EVERYWHERE, *later) if name in loaded)
    assert early == [], f"{game}'s first board imported {early}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_modules_meant_for_later_exist(game: str) -> None:
    """A misspelt name above would make the first test pass for nothing."""
    _argv, _marker, later = GAMES[game]
    missing = [
        name for name in (*LATER_EVERYWHERE, *later) if importlib.util.find_spec(name) is None
    ]
    assert missing == []


IN_ANY_LANGUAGE = ("babel",)
"""Babel makes and checks the catalogs (a development tool): a board never loads it."""
ANOTHER_LANGUAGE = {"parlour.core.mofile"}
"""What a board in French or Japanese loads beyond the English one: the reader of its
catalogs, which needs no other module (not even :mod:`gettext` or :mod:`struct`)."""


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_board_in_another_language_loads_no_more(game: str, lang: str, tmp_path: Path) -> None:
    if lang == "ja" and sys.platform == "win32":
        pytest.skip("Japanese plays in English on Windows (i18n.fall_back_for_console)")
    argv, marker, later = GAMES[game]
    english = first_board(game, argv, tmp_path)
    result = first_board(game, [*argv, "--lang", lang], tmp_path)
    assert result["status"] == 0
    assert result["frame"] != english["frame"]  # it is another language's board
    assert marker not in str(result["frame"]) or marker.startswith(">>")
    loaded = set(result["modules"])  # type: ignore[call-overload]
    early = sorted(name for name in (*LATER_EVERYWHERE, *later, *IN_ANY_LANGUAGE) if name in loaded)
    assert early == [], f"{game}'s first board in {lang} imported {early}"
    more = sorted(loaded - set(english["modules"]) - ANOTHER_LANGUAGE)  # type: ignore[call-overload]
    assert more == [], f"{game}'s first board in {lang} imported {more} beyond the English one"
