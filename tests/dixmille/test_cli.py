"""The command line without a terminal: statistics as text, bad files, bad arguments."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from parlour.core.rng import make_rng
from parlour.dixmille.cli import main
from parlour.dixmille.files import savefile, statsfile
from parlour.dixmille.game.rules import new_game
from parlour.dixmille.terminal import statsscreen
from parlour.dixmille.terminal.app import DixMilleApp
from parlour.dixmille.terminal.statsapp import StatsApp
from parlour.tui.glyphs import ASCII


def test_stats_print_as_text_when_not_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game(["Ann", "ZEDX"], make_rng(1), 1)
    assert statsfile.record_game(game, finished=False) is None
    assert main(["--stats", "ANN"]) == 0
    out = capsys.readouterr().out
    assert "1 recorded game, Ann" in out and "Games played" in out  # as recorded
    assert "Style against the optimal policy (page 4/4)" in out
    table = out.split("Results and turns (page 1/4)\n")[1].splitlines()
    assert table[1].split() == ["Ann"]  # the one column asked for: ZEDX's is left out
    assert table[2].split() == ["Games", "played", "1"]
    # On no page a ZEDX column: every page's header row names Ann alone (page 4's prose and
    # its "Differs from ZEDX" row do name ZEDX, so counting the word says nothing).
    headers = [line for line in out.splitlines() if line.startswith(" " * 28)]
    assert [h.split() for h in headers] == [["Ann"]] * 4


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (None, "no such file"),
        ("", "is empty"),
        ('{"format": "parlour-save", "game": "mille", "format_version": 1}', "not a dixmille"),
        (
            '{"format": "parlour-save", "game": "dixmille", "format_version": 9, "seed": 1,'
            ' "state": {}}',
            "newer version",
        ),
        (
            '{"format": "parlour-save", "game": "dixmille", "format_version": 1, "seed": 1,'
            ' "state": {"players": []}}',
            "is damaged",
        ),
    ],
)
def test_bad_files_get_one_line_and_status_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, reason: str
) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main([str(path)]) == 1
    err = capsys.readouterr().err  # one message, wrapped at 80 columns between words
    # (only a path wider than a line, kept whole on a line of its own, passes 80 columns)
    assert all(len(line) <= 80 or line.rstrip(":") == str(path) for line in err.splitlines())
    err = err.replace("\n", " ")
    assert err.startswith(f"dixmille: {path}: ") and reason in err


def test_bad_arguments_exit_with_usage() -> None:
    for argv in (["A", "B", "C", "D", "E", "F", "G"], ["Ann", "ann"], ["--pace", "-1"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2


def test_error_lines_escape_what_came_from_outside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    evil = tmp_path / "evil\x1b]0;pwned\x07.json"
    assert main([str(evil)]) == 1
    err = capsys.readouterr().err
    assert "no such file" in err and "\x1b" not in err and "\x07" not in err
    if sys.platform != "win32":  # such a name cannot be made there
        evil.write_text('{"format": "parlour-save", "game": "\x1b[2J"}', encoding="utf-8")
        assert main([str(evil)]) == 1
        err = capsys.readouterr().err
        assert err.replace("\n", " ").startswith("dixmille: ") and "\x1b" not in err
    assert main(["--stats", "Ann\x1b[2J"]) == 1
    err = capsys.readouterr().err
    assert err == "dixmille: no recorded games for Ann^[[2J\n"


@pytest.mark.parametrize("key", [*statsscreen.NEXT, *statsscreen.PREVIOUS, *statsscreen.LEAVE])
def test_dixmille_stats_pages_answer_the_keys_of_the_screen_in_the_game(key: str) -> None:
    """``--stats`` turns pages with the same keys (n too) as ``i`` does during a game."""
    app = StatsApp([], "0 recorded games, all players", "")
    app.page = 1
    app.handle_key(key)
    if key in statsscreen.NEXT:
        assert (app.page, app.finished) == (2, False)
    elif key in statsscreen.PREVIOUS:
        assert (app.page, app.finished) == (0, False)
    else:
        assert app.finished
    assert statsscreen.FOOTER_OVER in app.render(24, 80).to_text()


# ----- a cut-off save (issue #25) -----

SAMPLE = Path(__file__).resolve().parents[2] / "saves" / "dixmille-v1-alice-zedx-midturn.json"
CUT_SHORT = "is damaged: it is cut short (the end of the file is missing)"


def a_real_save(tmp_path: Path) -> Path:
    app = DixMilleApp(ASCII, names=["Ann", "ZEDX"], seed=3, pace=0)
    for key in ("t", "S", "CTRL_U", *str(tmp_path / "real.json"), "ENTER"):
        app.handle_key(key)
    return tmp_path / "real.json"


@pytest.mark.parametrize("size", [40, 5000])
@pytest.mark.parametrize("which", ["written by the game", "the sample"])
def test_a_save_cut_short_is_called_damaged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: int, which: str
) -> None:
    """``head -c 40`` and ``head -c 5000`` of a real save."""
    source = a_real_save(tmp_path) if which == "written by the game" else SAMPLE
    data = source.read_bytes()
    assert len(data) > size
    cut = tmp_path / "cut.json"
    cut.write_bytes(data[:size])
    assert main([str(cut)]) == 1
    err = capsys.readouterr().err  # wrapped at 80 columns, between words
    assert err.replace("\n", " ") == f"dixmille: {cut}: {CUT_SHORT} "
    assert savefile.load(source) is not None
