"""Issue 39, point 5: every line a game prints on leaving fits 80 columns, broken between
words or before a path, never inside one; a path wider than a line has a line of its own.

Each game runs through the real runner (the stand-in curses of fakeplatform.py) and
leaves after saving under a folder whose long name holds spaces.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

import pytest

from parlour.core.text import width
from tests.tui.fakeplatform import FakeWindow, windows

SAVE_KEYS = {
    "midnightoil": (["--deal", "1"], ["b", " ", "S", "\x15", "{path}", "\r", "Q"], 0),
    "dixmille": (
        ["Ann", "ZEDX", "--seed", "3", "--fast"],
        ["t", "Q", "y", "y", "\x15", "{path}", "\r"],
        0,
    ),
    "mille": (["--seed", "3"], ["p", "s", "{path}", "\r", "q", "y"], 0),
}


def _main(game: str) -> Callable[[list[str]], int]:
    main: Callable[[list[str]], int] = importlib.import_module(f"parlour.{game}.cli").main
    return main


def check_wrapped(out: str, whole: list[str]) -> None:
    """Every line within 80 columns, unless it is one of ``whole`` alone (with its ``;``);
    each of ``whole`` on one line, unbroken."""
    lines = out.splitlines()
    for line in lines:
        if width(line) > 80:
            assert line.rstrip(";") in whole, line
    for path in whole:
        assert any(path in line for line in lines), (path, out)


@pytest.mark.parametrize("game", sorted(SAVE_KEYS))
def test_leaving_lines_fit_80_columns_and_keep_paths_whole(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "my saved games" / "a folder with a rather long name of several words"
    folder.mkdir(parents=True)
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    path = str(folder / f"the {game} game of last night.json")
    argv, script, expected = SAVE_KEYS[game]
    keys = [k for key in script for k in (list(path) if key == "{path}" else [key])]
    with windows(monkeypatch, FakeWindow(keys)):
        status = _main(game)(argv)
    out = capsys.readouterr().out
    assert status == expected, out
    assert Path(path).exists(), out
    quoted = f'"{path}"'  # as the Windows shells read it (the runner plays Windows here)
    if game == "mille":  # mille's farewell names the file (no resume command)
        check_wrapped(out, [path])
    else:  # the resume command names the file whole
        check_wrapped(out, [quoted] if game == "midnightoil" else [path, quoted])
