"""The command line without a terminal: statistics as text, bad files, bad arguments."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.rng import make_rng
from parlour.dixmille import stats
from parlour.dixmille.cli import main
from parlour.dixmille.rules import new_game


def test_stats_print_as_text_when_not_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game(["Ann", "ZEDX"], make_rng(1), 1)
    assert stats.record_game(game, finished=False) is None
    assert main(["--stats", "ANN"]) == 0
    out = capsys.readouterr().out
    assert "1 recorded game, ANN" in out and "Games played" in out
    assert "Style against the optimal policy (page 4/4)" in out
    table = out.split("Results and turns (page 1/4)\n")[1].splitlines()
    assert table[1].split() == ["Ann"]  # the one column asked for: ZEDX's is left out
    assert table[2].split() == ["Games", "played", "1"]
    assert out.count("ZEDX") == out.count("Differs from ZEDX")  # on no page a ZEDX column


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
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and reason in err


def test_bad_arguments_exit_with_usage() -> None:
    for argv in (["A", "B", "C", "D", "E", "F", "G"], ["Ann", "ann"], ["--pace", "-1"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
