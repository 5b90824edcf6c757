"""The statistics as the player reads them: the ``i`` page and ``midnightoil --stats`` (#25).

Every rate states its base, the player's own games stand apart from the computer's
(auto-solve) and the computer's wins from its losses, "your best" comes from the
player's games only, and every line fits 80 columns.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core import paths
from parlour.core.text import width
from parlour.midnightoil import cli
from parlour.midnightoil.files.stats import (
    BASELINE_FILE,
    LOST,
    MAX_MOVES,
    SOLVED,
    WON,
    DealRecord,
    Stats,
)
from parlour.midnightoil.files.statsfile import load_stats, record_game
from parlour.midnightoil.game.cards import DEAL_LIMIT
from parlour.midnightoil.game.history import MAX_ELAPSED, MAX_UNDOS, Game
from parlour.midnightoil.game.rules import State
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.midnightoil.terminal.report import LINE_WIDTH, PAGE_LINES, stats_lines
from parlour.tui.glyphs import ASCII
from tests.midnightoil.earlierfile import layout

LONG_DEAL = 17743228711867826496


def won_game(deal: int, undos: int = 3, seconds: float = 245.0) -> Game:
    game = Game(deal)
    game.state = State(deal, ((),) * 18, (13, 13, 13, 13), 1, True)
    game.undos, game.elapsed = undos, seconds
    return game


def lost_game(deal: int, home: int) -> Game:
    game = Game(deal)
    found, left, cards = [13, 13, 13, 13], 52 - home, []
    for suit in (3, 2, 1, 0):
        take = min(left, 13)
        found[suit] -= take
        cards += [suit * 13 + r for r in range(13 - take, 13)]
        left -= take
    game.state = State(deal, (tuple(cards),) + ((),) * 17, tuple(found), 0, True)  # type: ignore[arg-type]
    return game


def the_issues_ledger() -> None:
    """12 games: the player won 1 and lost 4; auto-solve won 5 and lost 2, two on deal 4."""
    record_game(won_game(LONG_DEAL), WON)
    for deal, home in ((5, 0), (6, 5), (7, 12), (8, 30)):
        record_game(lost_game(deal, home), LOST, restarted=deal == 6)
    for deal in range(100, 105):
        record_game(won_game(deal), SOLVED)
    record_game(lost_game(4, 20), SOLVED)
    record_game(lost_game(4, 8), SOLVED)


def test_the_issues_statistics_state_their_bases() -> None:
    the_issues_ledger()
    stats, warning = load_stats()
    assert warning is None
    assert stats_lines(stats, 4) == [
        "Your games       5  won 1  lost 4  restarted 1",
        "Win rate     20.0%  of your 5 games",
        "Streak           0  wins in a row, best 1",
        "Cards home    19.8  mean of your 5 games, best 52/52",
        "Auto-solve       7  the computer won 5, lost 2",
        "",
        "Cards home in each of your games:",
        "     0-9     2  ########################################",
        "   10-19     1  ####################",
        "   20-29     0",
        "   30-39     1  ####################",
        "   40-49     0",
        "   50-51     0",
        "      52     1  ####################",
        "",
        "Deal 4: not played by you yet.",
        "  With auto-solve 2: the computer won 0, lost 2.",
        "Last win: deal 17743228711867826496, in deal 2 of 3, with the draw,",
        "          0 moves, 3 undos, 4:05.",
    ]


def test_a_deal_line_shows_your_games_apart_from_the_computers() -> None:
    record_game(lost_game(9, 40), LOST)
    record_game(lost_game(9, 12), LOST)
    record_game(won_game(9), SOLVED)
    stats, _ = load_stats()
    assert stats_lines(stats, 9)[-2:] == [
        "Deal 9: you played 2, best 40/52, not won yet.",
        "  With auto-solve 1: the computer won 1, lost 0.",
    ]
    assert stats_lines(stats, 10)[-1] == "Deal 10: not played before."
    record_game(won_game(9), WON)
    stats, _ = load_stats()
    assert "Deal 9: you played 3, best 52/52, won." in stats_lines(stats, 9)


def test_only_the_computer_played_shows_no_rate_and_no_histogram() -> None:
    record_game(won_game(3), SOLVED)
    stats, _ = load_stats()
    assert stats_lines(stats) == [
        "Your games       0  (none yet without auto-solve)",
        "Auto-solve       1  the computer won 1, lost 0",
    ]
    assert "your best" not in MidnightOilApp(Game(3), ASCII).render(24, 80).to_text()


def test_no_games_is_said_in_one_line() -> None:
    assert stats_lines(Stats(), 4) == ["No games recorded yet."]
    assert stats_lines(Stats(), None, "1 damaged line in the statistics skipped.") == [
        "No games recorded yet.",
        "1 damaged line in the statistics skipped.",
    ]


def test_the_earlier_files_untold_games_are_said_to_be_untold() -> None:
    old = layout(
        won=1,
        solved=3,
        histogram={52: 1},
        deals={"4": {"best": 0, "won": False, "played": 3}},
    )
    paths.data_file(BASELINE_FILE).write_text(json.dumps(old), encoding="utf-8")
    stats, warning = load_stats()
    assert warning is None
    lines = stats_lines(stats, 4)
    assert lines[4:6] == [
        "Auto-solve       3  the computer won 0, lost 0",
        "                 3  of them from the earlier file, won or lost not kept",
    ]
    assert lines[-2:] == [
        "Deal 4: not played by you yet.",
        "  And 3 in the earlier statistics file (yours or the computer's).",
    ]


def test_a_win_past_an_hour_shows_hours() -> None:
    record_game(won_game(2, seconds=3 * 3600 + 125), WON)
    stats, _ = load_stats()
    assert stats_lines(stats)[-1] == "          0 moves, 3 undos, 3:02:05."


BIG = st.integers(0, MAX_UNDOS + 4 * 10**6)
"""Counts as large as the earlier file's limit plus a ledger of millions of lines."""


@st.composite
def extreme_stats(draw: st.DrawFn) -> tuple[Stats, int]:
    deal = draw(st.integers(0, DEAL_LIMIT - 1))
    stats = Stats(
        won=draw(BIG),
        lost=draw(BIG),
        computer_won=draw(BIG),
        computer_lost=draw(BIG),
        earlier_solved=draw(BIG),
        restarted=draw(BIG),
        current_streak=draw(BIG),
        best_streak=draw(BIG),
        histogram=[draw(st.integers(0, 3)) for _ in range(52)] + [draw(BIG)],
    )
    entry = DealRecord(
        played=draw(BIG),
        best=draw(st.integers(0, 52)),
        won=draw(st.booleans()),
        computer=draw(BIG),
        earlier=draw(BIG),
    )
    entry.computer_won = draw(st.integers(0, entry.computer))
    stats.deals[deal] = entry
    if draw(st.booleans()):
        stats.wins.append(
            {
                "deal_number": draw(st.integers(0, DEAL_LIMIT - 1)),
                "phase": draw(st.integers(1, 3)),
                "draw_used": draw(st.booleans()),
                "moves": draw(st.integers(0, MAX_MOVES)),
                "undos": draw(st.integers(0, MAX_UNDOS)),
                "seconds": draw(st.floats(0, MAX_ELAPSED)),
            }
        )
    return stats, deal


@settings(max_examples=60, deadline=None)
@given(extreme_stats(), st.text(max_size=200))
def test_every_line_fits_and_the_page_holds_them_all(case: tuple[Stats, int], note: str) -> None:
    stats, deal = case
    lines = stats_lines(stats, deal, note or None)
    assert all(width(line) <= LINE_WIDTH for line in lines)
    assert len(lines) <= PAGE_LINES
    assert lines[-1] != ""


def test_the_longest_lines_fit() -> None:
    top = MAX_UNDOS + 4 * 10**6
    stats = Stats(top, top, top, top, top, top, top, top, [top] * 53)
    stats.deals[DEAL_LIMIT - 1] = DealRecord(
        played=top, best=51, computer=top, computer_won=top, earlier=top
    )
    stats.wins.append(
        {
            "deal_number": DEAL_LIMIT - 1,
            "phase": 3,
            "draw_used": False,
            "moves": MAX_MOVES,
            "undos": MAX_UNDOS,
            "seconds": float(MAX_ELAPSED),
        }
    )
    lines = stats_lines(stats, DEAL_LIMIT - 1, "x" * 200)
    assert max(width(line) for line in lines) <= LINE_WIDTH
    assert lines[0] == (
        "Your games  2008000000  won 1004000000  lost 1004000000  restarted 1004000000"
    )
    assert len(lines) == PAGE_LINES and lines[-1].endswith("...")


def test_the_statistics_page_is_the_same_text(capsys: pytest.CaptureFixture[str]) -> None:
    the_issues_ledger()
    app = MidnightOilApp(Game(4), ASCII)
    app.handle_key("i")
    page = app.render(24, 80).to_text().splitlines()
    assert page[0] == " Midnight Oil - statistics"
    assert page[2:21] == [f" {line}".rstrip() for line in load_and_lines(4)]
    assert cli.main(["--stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["Midnight Oil - statistics", ""]
    assert out[2:] == load_and_lines(None)
    assert max(width(line) for line in out) <= 80


def load_and_lines(deal: int | None) -> list[str]:
    stats, note = load_stats()
    return stats_lines(stats, deal, note)
