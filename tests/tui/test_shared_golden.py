"""The shared pieces a player reads, in English, French and Japanese (issue #42): the
"please enlarge" screen, a field's limit, save errors, the data folder, statistics not
recorded, the exit lines of the runner, as the code makes them, each within 80 columns.

Set PARLOUR_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change (then
read them as a player of that language would)."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import pytest

from parlour.core import i18n, keeper, ledger, paths, saves, text
from parlour.core.cliutil import file_problem
from parlour.tui.prompts import PATH_LENGTH, LineEditor
from parlour.tui.screen import too_small_lines
from tests.golden import assert_golden

GOLDEN = Path(__file__).parent / "golden"
SAVE = "/home/ann/Parlour saves/mille-20261205-021500-a1b2c3.json"


def _too_small(cols: int, rows: int, waiting: int, most: int) -> list[str]:
    """The enlarge screen as the runner paints it (each line centred)."""
    shown = [" " * cols for _ in range(rows)]
    for i, (line, columns) in enumerate(too_small_lines(cols, rows, waiting, most)):
        y = rows // 2 - 1 + i
        left = max((cols - columns) // 2, 0)
        shown[y] = " " * left + line + " " * (cols - left - columns)
    return [f"|{line}|" for line in shown[rows // 2 - 2 : rows // 2 + 3]]


def _save_errors(tmp: Path) -> list[str]:
    lines: list[str] = []
    bad = tmp / "cut.json"
    bad.write_bytes(b'{"format": "parlour-save", "game": "mille", "st')
    other = tmp / "other.json"
    saves.write_save(other, "dixmille", 1, 7, {})
    newer = tmp / "newer.json"
    saves.write_save(newer, "mille", 9, 7, {})
    for path, game, version in ((bad, "mille", 1), (other, "mille", 1), (newer, "mille", 1)):
        with pytest.raises(saves.SaveError) as caught:
            saves.load_save(path, game, version)
        lines += text.wrap_lines(file_problem("mille", SAVE, caught.value.reason))
    with pytest.raises(saves.SaveError) as caught:
        saves.write_save(tmp, "mille", 1, 7, {})
    lines += text.wrap_lines(str(saves.SaveError(SAVE, caught.value.reason)))
    return lines


def _data_folder(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.chdir(tmp)  # the folder named as the player named it: the same every run
    Path("blocker").write_text("x")
    monkeypatch.setenv(paths.ENV_VAR, "blocker/parlour")
    lines = [paths.folder_problem(i18n._("statistics"), 80) or ""]
    with pytest.raises(paths.DataDirError) as caught:
        paths.data_dir()
    return [*lines, *text.wrap_lines(str(caught.value))]


def _not_recorded() -> list[str]:
    full = os.strerror(errno.ENOSPC)
    kept = Path("/home/ann/.local/share/parlour/mille-games.pending.jsonl")
    return [
        keeper.Written(kept=kept, reason=full).message(80) or "",
        *keeper.Written(kept=kept, reason=full).lines(60),
        keeper.Written(reason=full).message(80) or "",
        str(ledger.not_recorded(full)),
        ledger.Reading(damaged=3).message() or "",
        ledger.Reading(damaged=1).message() or "",
    ]


def _runner_lines() -> list[str]:
    from parlour.core.i18n import _

    line = _(
        "{program}: internal error, sorry; details in {log}; your game was saved to {save}"
    ).format(
        program="mille",
        log=text.keep_whole("/home/ann/.local/share/parlour/crash.log"),
        save=text.keep_whole(SAVE),
    )
    needed = _("{program}: {needed}; TERM={term} is unknown").format(
        program="mille", needed=_("needs a terminal that can move the cursor"), term="vt52x"
    )
    return [*text.wrap_lines(line), *text.wrap_lines(needed)]


def shared_screen(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    field = LineEditor("Save to: ", max_length=PATH_LENGTH)
    parts = [
        ("the terminal too small (60x20, keys typed meanwhile)", _too_small(60, 20, 3, 1000)),
        ("", _too_small(60, 20, 1000, 1000)),
        ("a field's limit", [field.limit(), LineEditor("Name: ", max_length=1).limit()]),
        ("save errors", _save_errors(tmp)),
        ("the data folder", _data_folder(tmp, monkeypatch)),
        ("statistics not recorded", _not_recorded()),
        ("the runner's exit lines", _runner_lines()),
    ]
    out: list[str] = []
    for title, lines in parts:
        if title:
            out.append(f"== {title}")
        out += lines
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_shared_pieces(lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.use(lang)
    shown = shared_screen(tmp_path, monkeypatch)
    if sys.platform == "win32":  # the golden's paths are POSIX ones; Windows writes them with \\
        shown = shown.replace("\\", "/")
    for line in shown.splitlines():
        assert text.width(line) <= 80, line
    assert_golden(GOLDEN / f"shared-{lang}.txt", shown)
