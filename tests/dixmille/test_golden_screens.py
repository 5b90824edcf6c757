"""Whole 80x24 screens compared with golden files: wide names, the turn log, the style page."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.rng import make_rng
from parlour.dixmille.computer import analysis
from parlour.dixmille.computer.ai import threshold_move, zedx_move
from parlour.dixmille.files import stats
from parlour.dixmille.game.rules import check_name, new_game
from parlour.dixmille.terminal import statsview
from parlour.dixmille.terminal.app import DixMilleApp
from parlour.tui.glyphs import ASCII, UNICODE
from tests.dixmille.helpers import Scripted, log_game, run_zedx
from tests.golden import assert_golden

GOLDEN = Path(__file__).parent / "golden"


def matches(name: str, text: str) -> None:
    assert_golden(GOLDEN / name, text.rstrip("\n") + "\n")


def test_six_names_of_every_width() -> None:
    checked: list[str] = []
    for name in ["王小明王小", "🎲🎲🎲🎲🎲", "Abcdefghij", "E\u0301lodie", "ZEDX", "Zoë"]:
        checked.append(check_name(name, checked))
    app = DixMilleApp(UNICODE, names=checked, seed=42, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(1, 1, 5, 2, 3, 4), (5, 6, 6, 6, 2)])
    for key in ["t", "1", "ENTER", "t", "1"]:
        app.handle_key(key)
    matches("wide-names-unicode.txt", app.render(24, 80).to_text())


def test_the_turn_log_page() -> None:
    app = log_game("Ann")
    app.handle_key(" ")
    run_zedx(app)
    app.handle_key("l")
    matches("log-page-ascii.txt", app.render(24, 80).to_text())


@pytest.mark.parametrize(("glyphs", "name"), [(ASCII, "ascii"), (UNICODE, "unicode")])
def test_the_style_page(glyphs: object, name: str) -> None:
    game = new_game(["王小明", "ZEDX"], make_rng(5), 5)
    while not game.over:
        situation = game.situation()
        game.apply(zedx_move(situation) if game.player.computer else threshold_move(situation))
    for turn in game.players[0].turns:
        analysis.annotate(turn)
    rows = stats.totals([stats.game_line(game)])
    frame = statsview.render_stats(
        rows,
        statsview.STYLE_PAGE,
        "this game (seed 5)",
        "",
        "",
        glyphs,  # type: ignore[arg-type]
    )
    matches(f"style-page-{name}.txt", frame.to_text())
