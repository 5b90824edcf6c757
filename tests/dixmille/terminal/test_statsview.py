"""The statistics pages (``terminal/statsview.py``, shown by ``terminal/statsscreen.py`` and
``dixmille --stats``).

The style page a player can read: figures side by side, costly decisions in words (#17).

The statistics pages (issue #25): every rate on a stated base, every line within 80
columns whatever the names and dice, dice drawn as dice, headings with their lists, a header
that agrees with the body, names found however they were typed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wcwidth import wcswidth

from parlour.core.rng import make_rng
from parlour.core.text import printable, width
from parlour.dixmille.cli import main
from parlour.dixmille.computer import analysis
from parlour.dixmille.computer.ai import tables_for, threshold_move, zedx_move
from parlour.dixmille.computer.analysis import (
    Costly,
    PlayStyle,
    analyse,
    annotate,
    explain,
    start_value,
)
from parlour.dixmille.files import stats, statsfile
from parlour.dixmille.files.stats import GameRecord, Totals
from parlour.dixmille.game.records import GO, PASS, TAKE, Decision, TurnRecord
from parlour.dixmille.game.rules import IllegalMove, check_name, new_game
from parlour.dixmille.terminal import statsview
from parlour.dixmille.terminal.app import DixMilleApp
from parlour.tui import frame as frames
from parlour.tui import glyphs as glyph_sets
from parlour.tui.glyphs import ASCII, UNICODE, Glyphs
from tests.dixmille.helpers import recorded_games, solitaire_game, two_cycle_game


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


def turn(points: int = 300) -> TurnRecord:
    return TurnRecord(cycle=1, score_before=0, result=PASS, turn_points=points, throws=1)


def line(names: tuple[str, ...], scores: tuple[int, ...], finished: bool = True) -> GameRecord:
    best = max(scores)
    winners = tuple(n for n, s in zip(names, scores, strict=True) if s == best)
    return GameRecord(
        finished=finished,
        four_twos="game",
        names=names,
        scores=scores,
        winners=winners if finished else (),
        turns=((turn(),) * 2,) * len(names),
    )


def rows_of(text: str) -> dict[str, list[str]]:
    """Each row of a statistics page: its label and the figures in the columns."""
    out = {}
    for row in text.splitlines():
        label = row[: statsview.LABEL].rstrip()
        if label:
            out[label] = row[statsview.LABEL :].split()
    return out


def test_win_percent_is_over_the_finished_games_against_others_solitaire_apart() -> None:
    games = [
        line(("Ann", "Bob"), (10000, 3000)),
        line(("Ann", "Bob"), (10000, 10000)),
        line(("Bob", "Ann"), (12000, 5000)),
        line(("Ann", "Bob"), (2000, 300), finished=False),
        line(("Ann",), (10050,)),
        line(("Ann",), (400,), finished=False),
    ]
    text = statsview.render_stats(stats.totals(games), 0, "6 recorded games, all players")
    page = rows_of(text.to_text())
    assert page["Games played"] == ["6", "4"]
    assert page["  abandoned"] == ["2", "1"]
    assert page["  finished vs others"] == ["3", "3"]
    assert page["    won"] == ["1", "1"]
    assert page["    shared"] == ["1", "1"]
    assert page["    win %"] == ["33%", "33%"]  # 1 outright win of 3, for each
    assert page["  finished solitaire"] == ["1", "0"]
    assert page["    best, turns"] == ["2", "-"]
    assert page["Turns"] == ["12", "8"]
    assert page["  busts, % of turns"] == ["0%", "0%"]


def test_the_style_page_states_the_base_of_each_figure() -> None:
    style = PlayStyle()
    record = TurnRecord(cycle=1, score_before=0, result=PASS, turn_points=400)
    record.decisions = [
        Decision(GO, 0, 400, 1, 0, False, throw=False),
        Decision(GO, 0, 700, 3, 0, False, throw=True),
        Decision(GO, 0, 200, 5, 0, False, throw=True),
        Decision(TAKE, 0, 0, 6, 0, False, thrown=(1, 1, 5, 2, 3, 4), taken=(1, 1, 5)),
    ]
    analysis.annotate(record)
    style.add_turn(record)
    style.add_turn(TurnRecord(cycle=2, score_before=400, result="bust"))
    totals = Totals("Ann", style=style)
    page = rows_of(statsview.render_stats([totals], statsview.STYLE_PAGE, "t").to_text())
    assert page["Turns analysed"] == ["2"]
    assert page["  points per turn"] == ["200"]  # 400 banked over the 2 turns analysed
    assert page["Throw/pass choices"] == ["3"]
    assert page["  stopped too early"] == ["1"] and page["  pushed too far"] == ["1"]
    assert page["  differ from ZEDX"] == ["67%"]  # 2 of the 3 choices
    assert page["Takes analysed"] == ["1"] and page["  weaker takes"] == ["1"]


NAME = st.text(
    alphabet=st.sampled_from(["a", "Z", "王", "🎲", "é", "\u0301", "\u200d", " ", "x", "É"]),
    min_size=1,
    max_size=12,
)


FACES = st.lists(st.integers(1, 6), min_size=1, max_size=6).map(tuple)


@st.composite
def decisions(draw: st.DrawFn) -> Decision:
    loss = draw(st.floats(0.006, 999_999))
    if draw(st.booleans()):
        points = draw(st.integers(0, 2000)) * 50
        return Decision(GO, 0, points, draw(st.integers(1, 6)), 0, False, draw(st.booleans()))
    thrown = draw(FACES)
    taken = draw(FACES)
    best = draw(
        st.one_of(
            FACES.map(lambda f: "take " + " ".join(map(str, f))),
            st.text(max_size=300),
        )
    )
    return Decision(
        TAKE, 0, 0, len(thrown), 0, False, thrown=thrown, taken=taken, loss=loss, best=best
    )


@st.composite
def players(draw: st.DrawFn) -> list[Totals]:
    names: list[str] = []
    for raw in draw(st.lists(NAME, min_size=1, max_size=8)):
        try:
            names.append(check_name(raw, names))
        except IllegalMove:
            continue
    out = []
    for name in names or ["Ann"]:
        totals = Totals(name)
        totals.style.go_decisions = 1
        for i, decision in enumerate(draw(st.lists(decisions(), max_size=8))):
            loss = decision.loss or draw(st.floats(0.006, 999_999))
            times = draw(st.sampled_from([1, 2, 99, 12345]))
            totals.style.costly[("x", i, 0, 0, False, (), ())] = Costly(loss, decision, times)
        out.append(totals)
    return out


class Fitting(frames.Frame):
    """A Frame that fails on any text running past its right edge or not printable."""

    def put(self, row: int, col: int, text: str, style: frames.Style = frames.Style.NORMAL) -> int:
        end = super().put(row, col, text, style)
        assert end <= self.width, f"row {row} runs to column {end}: {text!r}"
        assert printable(text) == text, text
        return end


@settings(max_examples=60, deadline=None)
@given(rows=players(), glyphs=st.sampled_from([ASCII, UNICODE]), who=st.text(max_size=100))
def test_every_statistics_line_fits_80_columns_and_is_printable(
    rows: list[Totals], glyphs: Glyphs, who: str
) -> None:
    original = statsview.Frame
    statsview.Frame = Fitting  # type: ignore[misc]
    try:
        for page in range(statsview.PAGES):
            title = stats.title([], rows, who)
            message = "GAME OVER: x\nStatistics not recorded: " + "\x1b[2J王" * 30
            frame = statsview.render_stats(rows, page, title, message, "", glyphs)
            assert all(width(frame.row_text(r)) <= 80 for r in range(frame.height))
    finally:
        statsview.Frame = original  # type: ignore[misc]
    for totals in rows:
        for costly in totals.style.costliest(20):
            shown = statsview.costly_line(costly, glyphs)
            assert width(shown) <= 80
            assert shown.endswith((" more", " more on average")), shown  # the cost, whole


def test_a_costly_line_too_wide_with_bracketed_dice_is_written_with_digits() -> None:
    decision = Decision(
        TAKE,
        0,
        0,
        6,
        0,
        False,
        thrown=(1, 2, 3, 4, 5, 6),
        taken=(5,),
        loss=2812.4,
        best="take 1 2 3 4 5 6",
    )
    costly = Costly(2812.4, decision, 2)
    assert statsview.costly_line(costly, UNICODE) == (
        "  2x took ⚄ of ⚀ ⚁ ⚂ ⚃ ⚄ ⚅: ⚀ ⚁ ⚂ ⚃ ⚄ ⚅ (hot dice) averages 2,812 more"
    )
    assert statsview.costly_line(costly, ASCII) == (
        "  2x took 5 of 1 2 3 4 5 6: 1 2 3 4 5 6 (hot dice) averages 2,812 more"
    )
    short = Costly(
        35.0,
        Decision(
            TAKE,
            0,
            0,
            6,
            0,
            False,
            thrown=(1, 5, 5, 2, 3, 4),
            taken=(1, 5, 5),
            loss=35.0,
            best="take 1",
        ),
        1,
    )
    assert statsview.costly_line(short, ASCII) == (
        "     took [1][5][5] of [1][5][5][2][3][4]: [1] (5 dice left) averages 35 more"
    )
    odd = Decision(
        TAKE, 0, 0, 6, 0, False, thrown=(1,) * 6, taken=(1,) * 6, loss=0.5, best="x" * 90
    )
    assert statsview.costly_line(Costly(0.5, odd, 12345), UNICODE) == (
        "  12345x took ⚀ ⚀ ⚀ ⚀ ⚀ ⚀ of ⚀ ⚀ ⚀ ⚀ ⚀ ⚀: another take averages less than 1 more"
    )
    assert statsview.costly_line(Costly(0.5, odd, 12345), ASCII) == (
        "  12345x took 1 1 1 1 1 1 of 1 1 1 1 1 1: another take averages less than 1 more"
    )


def costly_players(count: int) -> list[Totals]:
    out = []
    for i in range(count):
        totals = Totals(f"P{i}")
        totals.style.go_decisions = 2
        for j in range(3):
            decision = Decision(GO, 0, 300 + 50 * j, 3, 0, False, throw=False, loss=10.0 + j)
            totals.style.costly[(GO, j, 3, 0, False, (), ())] = Costly(10.0 + j, decision)
        out.append(totals)
    return out


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 6, 7])
def test_no_heading_ends_the_style_page_without_a_line_under_it(count: int) -> None:
    frame = statsview.render_stats(costly_players(count), statsview.STYLE_PAGE, "t")
    lines = frame.to_text().splitlines()
    headings = [
        i
        for i, text in enumerate(lines)
        if text.endswith("'s costliest decisions, and what ZEDX would do:")
    ]
    assert headings
    for i in headings:
        assert lines[i + 1].startswith("     passed at ")
    listed = len(headings)
    shown = min(count, statsview.MAX_COLUMNS)
    if listed < shown:
        assert f"({shown - listed} more players' costly decisions: dixmille --stats NAME)" in lines
    if count > statsview.MAX_COLUMNS:  # the others have pages of their own (issue 39)
        others = ", ".join(t.name for t in costly_players(count)[statsview.MAX_COLUMNS :])
        assert lines[22] == f"Players 1-6 of {count}; from page 5: {others}"


def record_games() -> None:
    assert statsfile.record_game(two_cycle_game(), finished=True) is None  # Ann and Bob
    for _ in range(4):
        assert statsfile.record_game(solitaire_game("Ann"), finished=True) is None
    assert statsfile.record_game(solitaire_game("Bob"), finished=True) is None


@pytest.mark.parametrize(
    ("utf8", "ascii_flag", "die"), [(True, False, "⚀"), (False, False, "[1]"), (True, True, "[1]")]
)
def test_stats_draws_dice_as_the_terminal_can(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    utf8: bool,
    ascii_flag: bool,
    die: str,
) -> None:
    from parlour.core.rng import make_rng
    from parlour.dixmille.computer.ai import threshold_move, zedx_move
    from parlour.dixmille.game.rules import new_game

    game = new_game(["王小明", "ZEDX"], make_rng(5), 5)  # the style page's golden game
    while not game.over:
        situation = game.situation()
        game.apply(zedx_move(situation) if game.player.computer else threshold_move(situation))
    for t in game.players[0].turns:
        analysis.annotate(t)
    assert statsfile.record_game(game, finished=True) is None
    monkeypatch.setattr(glyph_sets, "locale_is_utf8", lambda: utf8)
    assert main(["--stats", "王小明", *(["--ascii"] if ascii_flag else [])]) == 0
    out = capsys.readouterr().out
    took = [row for row in out.splitlines() if " took " in row]
    assert took and all(die in row for row in took)
    assert all(width(row) <= 80 for row in out.splitlines())


def test_the_header_counts_the_games_of_the_player_shown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record_games()
    assert main(["--stats", "Ann"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("DIX MILLE STATISTICS - 5 recorded games, Ann\n")
    assert main(["--stats"]) == 0
    assert capsys.readouterr().out.startswith(
        "DIX MILLE STATISTICS - 6 recorded games, all players\n"
    )


def test_a_name_never_recorded_is_one_line_and_status_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record_games()
    assert main(["--stats", "nobody"]) == 1
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", "dixmille: no recorded games for nobody\n")
    Path(statsfile.KEEPER.ledger_path()).unlink()
    assert main(["--stats", "nobody"]) == 1
    assert capsys.readouterr().err == "dixmille: no recorded games for nobody\n"


def test_with_no_game_recorded_the_pages_say_so_under_a_header_that_agrees(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--stats"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("DIX MILLE STATISTICS - 0 recorded games, all players\n")
    assert "  No games recorded yet." in out
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    for key in ("i", "f"):
        app.handle_key(key)
    text = app.render(24, 80).to_text()
    assert text.startswith("DIX MILLE STATISTICS - 0 recorded games, Ann\n")
    assert "  No games recorded yet for Ann." in text


@pytest.mark.parametrize(
    "typed",
    ["Zoë", "Zoe\u0308", "ZOË", "zoe\u0308", " Zoë ", "Zo\u200dë"],
)
def test_a_name_is_found_however_its_accent_or_a_joiner_was_typed(
    typed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = solitaire_game(check_name("Zoe\u0308", []))  # kept composed: Zoë
    assert statsfile.record_game(game, finished=True) is None
    assert main(["--stats", typed]) == 0
    out = capsys.readouterr().out
    # the title writes the name as it was recorded, as the column does (issue 39)
    assert out.startswith("DIX MILLE STATISTICS - 1 recorded game, Zoë\n")


def test_one_name_typed_at_the_prompt_and_on_the_command_line_is_one_player() -> None:
    """The prompt keeps a zero-width joiner as the command line does; a name typed without
    it is still the same player, and one name per game."""
    from parlour.dixmille.terminal.setup import SetupForm
    from parlour.tui.keys import decode_char

    typed = "👩\u200d💻"
    form = SetupForm()
    for key in ("1", "ENTER", *(decode_char(ch) for ch in typed), "ENTER"):
        names = form.feed(key)
    assert names == [typed]
    prompt_game = solitaire_game("👩💻")
    command_line_game = solitaire_game(check_name(typed, []))
    for game in (prompt_game, command_line_game):
        assert statsfile.record_game(game, finished=True) is None
    rows = stats.totals(recorded_games())
    assert len(rows) == 1 and rows[0].games == 2
    with pytest.raises(IllegalMove, match="is already playing: names must differ"):
        check_name(typed, ["👩💻"])
