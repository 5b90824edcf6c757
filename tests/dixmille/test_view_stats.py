"""The style page a player can read: figures side by side, costly decisions in words (#17)."""

from __future__ import annotations

import re

import pytest
from wcwidth import wcswidth

from parlour.core.rng import make_rng
from parlour.dixmille.computer import analysis
from parlour.dixmille.computer.ai import tables_for, threshold_move, zedx_move
from parlour.dixmille.computer.analysis import PlayStyle, analyse, annotate, explain, start_value
from parlour.dixmille.files import stats
from parlour.dixmille.game.records import GO, TAKE, Decision, TurnRecord
from parlour.dixmille.game.rules import new_game
from parlour.dixmille.terminal import statsview
from parlour.tui.glyphs import ASCII, UNICODE, Glyphs


@pytest.fixture(scope="module")
def rows() -> list[stats.Totals]:
    """A wide-named player stopping at 300 against ZEDX, analysed as the app does."""
    game = new_game(["王小明", "ZEDX"], make_rng(5), 5)
    while not game.over:
        situation = game.situation()
        game.apply(zedx_move(situation) if game.player.computer else threshold_move(situation))
    for turn in game.players[0].turns:
        analysis.annotate(turn)
    return stats.totals([stats.game_line(game)])


def style_page(rows: list[stats.Totals], glyphs: Glyphs = ASCII) -> list[str]:
    frame = statsview.render_stats(rows, statsview.STYLE_PAGE, "this game", "", "", glyphs)
    for r in range(frame.height):
        assert sum(max(wcswidth(c), 0) for c in frame.chars[r]) == frame.width
    return frame.to_text().splitlines()


def test_the_page_explains_itself_and_gives_the_scale(rows: list[stats.Totals]) -> None:
    text = "\n".join(style_page(rows))
    assert "compared with ZEDX's optimal play" in text
    assert (
        "luck\naside (halves rounded up). For scale: the optimum averages 575 a turn from 0" in text
    )


def test_the_scale_is_computed_not_written_in(
    rows: list[stats.Totals], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(statsview, "optimum_from_zero", lambda: 123.4)
    assert "the optimum averages 123 a turn from 0" in "\n".join(style_page(rows))


def test_points_the_optimum_and_given_away_side_by_side(rows: list[stats.Totals]) -> None:
    lines = style_page(rows)
    human = rows[0].style
    figures = {}
    for label in ("  points per turn", "  optimum per turn", "  given away/turn"):
        line = next(line for line in lines if line.startswith(label))
        figures[label] = line[len(label) :].split()
        assert figures[label][1] == "-"  # ZEDX's own decisions are not judged
    assert figures["  points per turn"][0] == f"{human.points_per_turn:,.0f}"
    assert figures["  optimum per turn"][0] == f"{human.optimum_per_turn():,.0f}"
    given = figures["  given away/turn"][0]
    assert not given.startswith("-") and float(given) == pytest.approx(human.per_turn, abs=0.05)
    assert float(given) > 0


@pytest.mark.parametrize(("glyphs", "die"), [(ASCII, "[1]"), (UNICODE, "⚀")])
def test_costly_decisions_once_each_in_words_with_dice_as_dice(
    rows: list[stats.Totals], glyphs: Glyphs, die: str
) -> None:
    lines = style_page(rows, glyphs)
    start = next(i for i, line in enumerate(lines) if "costliest decisions" in line)
    listed = [line for line in lines[start + 1 : -1] if line.strip()]
    assert listed and len(listed) == len(set(listed))
    assert all("more" in line for line in listed)
    assert any(line.strip().startswith("2x passed at") for line in listed)  # made twice, once
    assert any(die in line for line in listed if "took" in line)
    assert not any(re.search(r"took \d\d", line) for line in listed)  # never "took 11 of 11255"
    costs = [
        int(m.group(1).replace(",", ""))
        for m in map(re.compile(r"(\d[\d,]*) more").search, listed)
        if m
    ]
    assert costs == sorted(costs, reverse=True)


@pytest.mark.parametrize("players", [1, 2, 5, 6])
def test_whole_names_head_their_columns(players: int) -> None:
    names = ["王小明王小", "Abcdefghij", "🎲🎲🎲🎲🎲", "Zoë", "Élodie", "Bob"][:players]
    rows = [stats.Totals(name) for name in names]
    frame = statsview.render_stats(rows, 0, "all players")
    header = frame.row_text(statsview.FIRST_ROW - 1)
    if players == 6:  # nine columns a name: the names take two rows, every name whole
        header += "\n" + frame.row_text(statsview.FIRST_ROW)
        assert frame.row_text(statsview.FIRST_ROW + 1).startswith("Games played")
    for name in names:
        assert name in header, header
    assert sum(max(wcswidth(c), 0) for c in frame.chars[statsview.FIRST_ROW - 1]) == 80


# ----- the style page in words (#17 point 3) -----


def go(t: int, n: int, throw: bool, banked: int = 0) -> Decision:
    return Decision(GO, banked, t, n, 0, False, throw=throw)


def ascii_faces(faces: tuple[int, ...]) -> str:
    return "".join(f"[{f}]" for f in faces)


def test_each_costly_decision_is_explained_in_one_line() -> None:
    tables = tables_for(0)
    early = analyse(go(400, 1, throw=False))
    gain = tables.throw_value(400, 1, 0) - 400
    assert explain(early, ascii_faces) == (
        f"passed at 400 with 1 die: throwing is worth {gain:,.0f} more on average"
    )
    far = analyse(go(700, 3, throw=True))
    assert explain(far, ascii_faces) == (
        f"threw 3 dice at 700: passing is worth {far.loss:,.0f} more on average"
    )
    weak = analyse(Decision(TAKE, 0, 0, 6, 0, False, thrown=(1, 1, 5, 2, 3, 4), taken=(1, 1, 5)))
    assert explain(weak, ascii_faces) == (
        f"took [1][1][5] of [1][1][5][2][3][4]: [1] (5 dice left) averages {weak.loss:,.0f} more"
    )


def test_a_mistake_made_again_is_listed_once_most_costly_first() -> None:
    style = PlayStyle()
    for banked in (0, 0, 5000):
        record = TurnRecord(cycle=1, score_before=banked)
        record.decisions = [go(400, 1, False, banked), go(700, 3, True, banked)]
        annotate(record)
        style.add_turn(record)
    listed = style.costliest()
    assert len(listed) == 2
    assert listed[0].loss > listed[1].loss
    assert [c.times for c in listed] == [3, 3]
    once = {round(c.loss, 6) for c in listed}
    assert max(once) == pytest.approx(
        max(analyse(go(400, 1, False, b)).loss or 0 for b in (0, 5000))
    )
    assert style.per_turn > 0  # given away is a positive number


def test_points_per_turn_beside_the_optimum_from_the_same_scores() -> None:
    style = PlayStyle()
    for banked, result, points in ((0, "pass", 600), (5000, "bust", 0)):
        record = TurnRecord(cycle=1, score_before=banked, result=result, turn_points=points)
        style.add_turn(record)
    assert style.turns == 2 and style.points_per_turn == 300
    expected = (tables_for(0).start_value() + tables_for(5000).start_value()) / 2
    assert style.optimum_per_turn() == pytest.approx(expected)
    assert expected == pytest.approx((575.11 + 507.64) / 2, abs=0.01)


@pytest.mark.parametrize("banked", [250, 750, 2350, 5050, 9950])
def test_the_optimum_between_exact_scores_is_within_a_tenth(banked: int) -> None:
    assert start_value(banked) == pytest.approx(tables_for(banked).start_value(), abs=0.06)
    assert start_value(banked, False) == pytest.approx(tables_for(0).start_value())
