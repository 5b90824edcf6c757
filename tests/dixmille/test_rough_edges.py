"""Issue 39, Dix Mille: the rough edges a careful player met, each pinned by its words."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from parlour.core.rng import make_rng
from parlour.dixmille import cli
from parlour.dixmille.computer import analysis
from parlour.dixmille.computer.ai import threshold_move, zedx_move
from parlour.dixmille.files import stats, statsfile
from parlour.dixmille.game.rules import Throw, new_game, number, points
from parlour.dixmille.terminal import statsview
from parlour.dixmille.terminal.app import DixMilleApp, Mode
from parlour.dixmille.terminal.statsscreen import FOOTER_OVER, StatsScreen
from parlour.tui.frame import Style
from parlour.tui.glyphs import ASCII
from tests.dixmille.helpers import Scripted

SIX = ["Abcdefghij", "Bcdefghijk", "Cdefghijkl", "Defghijklm", "ZEDX", "Maximilian"]


def screen(app: DixMilleApp) -> list[str]:
    return app.render(24, 80).to_text().split("\n")


def feed(app: DixMilleApp, *keys: str) -> list[str]:
    for key in keys:
        app.handle_key(key)
    return screen(app)


# ----- a refused take is selected: typing replaces it -----


def test_a_refused_take_is_selected_and_the_next_digits_replace_it() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(2, 3, 1, 5, 6, 6)])
    feed(app, "t")
    rows = feed(app, "1", "ENTER")
    assert rows[20].startswith("A 2 scores only in three of a kind")
    frame = app.render(24, 80)
    prompt_end = rows[21].index("1", len("Ann: take dice"))
    assert frame.cursor == (21, prompt_end)  # the cursor at the start of the selection
    assert frame.styles[21][prompt_end] == Style.REVERSE  # drawn selected
    rows = feed(app, "BACKSPACE", "7")
    assert rows[21].rstrip().endswith(": 7") and app.render(24, 80).styles[21][prompt_end] != (
        Style.REVERSE
    )  # typed again: no longer selected
    feed(app, "ENTER")  # "There is no die at position 7": selected again
    assert app.ui.selected and app.render(24, 80).styles[21][prompt_end] == Style.REVERSE
    rows = feed(app, "3", "4")
    assert rows[21].rstrip().endswith(": 34"), rows[21]  # not 134
    rows = feed(app, "ENTER")
    assert "Ann takes 1 5 (150)" in "\n".join(rows)


def test_after_a_refusal_backspace_clears_and_keys_other_than_digits_keep_it() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted([(2, 3, 1, 5, 6, 6)])
    feed(app, "t", "1", "2", "ENTER")
    assert app.ui.entry == "12" and app.ui.selected
    feed(app, "t")  # refused with its reason: the selection stays
    assert app.ui.entry == "12" and app.ui.selected
    feed(app, "BACKSPACE")
    assert app.ui.entry == "" and not app.ui.selected
    feed(app, "3", "BACKSPACE")
    assert app.ui.entry == ""  # no refusal, no selection: BACKSPACE erases one


# ----- six players: every line within 80 columns; the winner's mark -----


def test_six_long_names_keep_the_seat_order_line_within_80_columns() -> None:
    rows = screen(DixMilleApp(ASCII, names=SIX, seed=1, pace=0))
    assert rows[20].rstrip() == "Abcdefghij throws first; the seats play in order, left to right."
    assert all(len(row) <= 80 for row in rows)


def test_the_seat_order_is_named_when_it_fits() -> None:
    rows = screen(DixMilleApp(ASCII, names=["Ann", "Bob", "Cy"], seed=1, pace=0))
    assert rows[20].rstrip() == "Ann throws first. Seat order: Ann, Bob, Cy"


def test_the_winners_mark_is_explained_on_the_board() -> None:
    from parlour.dixmille.terminal import view

    game = new_game(["Ann", "ZEDX"], make_rng(2), 2)
    while not game.over:
        game.apply(zedx_move(game.situation()))
    rows = view.render(game, view.UiState(), ASCII).to_text().split("\n")
    (winner,) = game.winners()
    assert rows[2][13 * winner] == "*"
    assert rows[4].strip() == "* marks the winner"


def test_a_shared_win_is_explained_too() -> None:
    from parlour.dixmille.terminal import view

    game = new_game(["Ann", "Bob"], make_rng(2), 2)
    while not game.over:
        game.apply(zedx_move(game.situation()))
    game.players[1].score = game.players[0].score  # a tie, as the board shows one
    rows = view.render(game, view.UiState(), ASCII).to_text().split("\n")
    assert rows[2].startswith("*Ann") and rows[2][13] == "*"
    assert rows[4].strip() == "* marks the winners (a shared win)"


# ----- one number format, one rounding rule -----


@pytest.mark.parametrize(
    ("value", "digits", "shown"),
    [
        (452.5, 0, "453"),
        (457.5, 0, "458"),
        (1234.5, 0, "1,235"),
        (0.125, 2, "0.13"),
        (0.25, 1, "0.3"),
        (2.675, 2, "2.68"),
        (1000, 0, "1,000"),
        (-0.5, 0, "-1"),
    ],
)
def test_halves_are_rounded_up_and_thousands_separated(
    value: float, digits: int, shown: str
) -> None:
    assert number(value, digits) == shown


def test_a_take_writes_its_points_as_every_other_place_does() -> None:
    game = new_game(["Cy"], make_rng(1), 1)
    game.roller = Scripted([(1, 1, 1, 2, 3, 4)])
    game.apply(Throw())
    (best,) = [take for take in game.legal_takes() if take.faces == (1, 1, 1)]
    assert str(best) == "1 1 1 (1,000)"
    assert points(1000) == "1,000"


def test_the_pages_round_halves_up() -> None:
    totals = stats.Totals("Ann", games=1, finished=1, turns=2, banked=905, passes=2)
    totals.pass_points = 905
    page = statsview.render_stats([totals], 0, "t").to_text()
    row = next(line for line in page.splitlines() if line.startswith("  points per turn"))
    assert row.split()[-1] == "453"  # 452.5: round() would say 452


# ----- the after-game style page: the costly decisions that fit -----


def test_the_after_game_style_page_fills_its_rows_with_costly_decisions() -> None:
    game = new_game(["Ann", "Bob", "ZEDX"], make_rng(3), 3)
    while not game.over:
        move = zedx_move if game.player.computer else threshold_move
        game.apply(move(game.situation()))
    for player in game.players:
        if not player.computer:
            for turn in player.turns:
                analysis.annotate(turn, True)
    screen_ = StatsScreen()
    screen_.show_game(game, "GAME OVER: ZEDX wins\nStatistics not recorded yet; kept.")
    screen_.page = statsview.STYLE_PAGE
    rows = screen_.render(FOOTER_OVER, ASCII).to_text().split("\n")
    headings = [i for i, row in enumerate(rows) if row.endswith("what ZEDX would do:")]
    assert len(headings) == 2
    costly = [row for row in rows[headings[0] : 23] if "more on average" in row]
    # 5 rows under the table: 2 headings and 3 decisions (one a player before, 1 each)
    assert len(costly) == 3
    assert rows[22].strip() != ""


def test_rows_are_shared_one_at_a_time_and_none_is_left_empty_while_one_has_more() -> None:
    many = stats.Totals("Ann")
    few = stats.Totals("Bob")
    for i in range(6):
        many.style.costly[("k", i)] = object()  # type: ignore[index,assignment]
    few.style.costly[("k", 0)] = object()  # type: ignore[index,assignment]
    assert statsview.share_rows(7, [many, few]) == [4, 1]
    assert statsview.share_rows(5, [many, few]) == [2, 1]
    assert statsview.share_rows(2, [many, few]) == [0, 0]


# ----- --stats: every player reachable, several names, the recorded spelling -----


def record(names: list[str], seed: int = 1) -> None:
    game = new_game(names, make_rng(seed), seed)
    assert statsfile.record_game(game, finished=False) is None


NINE = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def test_nine_recorded_players_each_have_a_column_on_some_page(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record(NINE[:5])
    record(NINE[5:], seed=2)
    assert cli.main(["--stats"]) == 0
    out = capsys.readouterr().out
    assert "Results and turns (page 1/8)" in out and "(page 8/8)" in out
    assert "Players 1-6 of 9; from page 5: Gus, Hal, Ivy" in out
    assert "Players 7-9 of 9; players 1-6 from page 1" in out
    page5 = out.split("Results and turns (page 5/8)\n")[1]
    assert page5.splitlines()[1].split() == ["Gus", "Hal", "Ivy"]


def test_nine_players_page_on_in_the_stats_app() -> None:
    from parlour.dixmille.terminal.statsapp import StatsApp

    record(NINE[:5])
    record(NINE[5:], seed=2)
    read = statsfile.stats_report()
    app = StatsApp(read.rows, read.title, read.message)
    for _ in range(4):
        app.handle_key(" ")
    text = app.render(24, 80).to_text().split("\n")
    assert text[1] == "Results and turns (page 5/8)"
    assert text[3].split() == ["Gus", "Hal", "Ivy"]
    assert text[22] == "Players 7-9 of 9; players 1-6 from page 1"


def test_several_names_are_each_shown_in_the_order_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record(["Ann", "Bob", "Cy"])
    assert cli.main(["--stats", "cy", "ann"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("DIX MILLE STATISTICS - 2 players, each one's recorded games\n")
    assert out.split("Results and turns (page 1/4)\n")[1].splitlines()[1].split() == ["Cy", "Ann"]


def test_a_name_never_recorded_among_several_is_refused_whole(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record(["Ann", "Bob"])
    assert cli.main(["--stats", "Ann", "Zed", "Yul"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "dixmille: no recorded games for Zed\ndixmille: no recorded games for Yul\n"
    )


def test_the_title_writes_the_name_as_recorded(capsys: pytest.CaptureFixture[str]) -> None:
    record(["Ann", "Bob"])
    assert cli.main(["--stats", "ann"]) == 0
    assert capsys.readouterr().out.startswith("DIX MILLE STATISTICS - 1 recorded game, Ann\n")


# ----- -- marks names -----


def test_double_dash_makes_a_file_name_a_player_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "Bob").write_text("not a save", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    started: list[DixMilleApp] = []
    monkeypatch.setattr(cli, "run", lambda app: started.append(app) or 0)
    assert cli.main(["--", "Bob"]) == 0
    (app,) = started
    assert app.game is not None and [p.name for p in app.game.players] == ["Bob"]
    assert cli.main(["--seed", "3", "Ann", "--", "Bob", "-x"]) == 0
    assert started[1].game is not None
    assert [p.name for p in started[1].game.players] == ["Ann", "Bob", "-x"]


def test_without_double_dash_a_file_is_resumed_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "Bob").write_text("not a save", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["Bob"]) == 1
    assert "Bob" in capsys.readouterr().err.split("\n")[0]


def test_help_says_how_to_mark_names(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "after -- every word is a name" in out
    assert "dixmille -- Bob Ann           players Bob and Ann, even with a file named Bob\n" in out
    assert all(len(line) <= 80 for line in out.splitlines())


# ----- a statistics file that cannot be read: the reason whole, then the file -----


@pytest.mark.skipif(os.name == "nt", reason="symbolic links need privileges on Windows")
def test_a_linked_statistics_file_says_why_before_the_long_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / ("very-long-folder-name-" * 6) / "data"
    (data / "dixmille").mkdir(parents=True)
    (data / "dixmille" / "games.jsonl").symlink_to(tmp_path / "elsewhere.jsonl")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(data))
    read = statsfile.stats_report()
    lines = read.message.split("\n")
    assert lines[:2] == [
        "Statistics could not be read: the file is a link; links in the data folder are",
        "not followed.",
    ]
    assert lines[2].startswith("The file: ") and lines[2].endswith("/dixmille/games.jsonl")
    assert len(lines) == 3 and all(len(line) <= 80 for line in lines)
    assert cli.main(["--stats"]) == 0
    out = capsys.readouterr().out.split("\n")
    assert out[2:5] == lines


def test_ctrl_c_while_the_statistics_are_read_is_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(statsfile, "stats_report", interrupted)
    assert cli.main(["--stats"]) == 130
    assert capsys.readouterr().err == (
        "dixmille: reading the statistics stopped; the totals are kept every 256 MB read,\n"
        "and the next --stats goes on from there.\n"
    )


def test_six_long_names_play_a_whole_game_with_no_text_cut(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every text the board, the log, the standings and this game's statistics put on
    the screen fits whole (nothing goes through ``fit`` wider than its room)."""
    from parlour.core import text
    from parlour.dixmille.game.rules import Pass, TakeDice
    from parlour.dixmille.terminal import app as appmodule
    from parlour.dixmille.terminal import ending, turnlog, view

    cut: list[tuple[int, str]] = []
    real = text.fit

    def watched(shown: str, columns: int, *args: object) -> str:
        if text.width(shown) > columns:
            cut.append((columns, shown))
        return real(shown, columns, *args)  # type: ignore[arg-type]

    for module in (view, turnlog, ending, statsview, appmodule):
        if hasattr(module, "fit"):
            monkeypatch.setattr(module, "fit", watched)
    app = DixMilleApp(ASCII, names=SIX, seed=1, pace=0)
    for _ in range(20_000):
        if app.mode in (Mode.STANDINGS, Mode.OVER):
            break
        game = app.game
        assert game is not None
        app.render(24, 80)
        if app.timeout() is not None:
            app.handle_key("TIMEOUT")
        elif app.ui.prompt.startswith("Press any key"):
            app.handle_key(" ")
        else:
            move = threshold_move(game.situation())
            if isinstance(move, TakeDice):
                for position in move.positions:
                    app.handle_key(str(position))
                app.handle_key("ENTER")
            else:
                app.handle_key("p" if isinstance(move, Pass) else "t")
    assert app.mode is Mode.STANDINGS
    for _ in range(5):  # the standings, then this game's four statistics pages
        app.render(24, 80)
        app.handle_key(" ")
    assert app.mode is Mode.OVER and app.stats.page == statsview.PAGES - 1
    assert cut == []


def test_a_file_read_as_a_save_that_could_be_a_name_says_how_to_mean_the_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "Bob").write_text("", encoding="utf-8")
    (tmp_path / "old.json").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["Bob"]) == 1
    assert capsys.readouterr().err == (
        "dixmille: Bob: is empty, not a Parlour save file\n"
        "To play with a player named Bob: dixmille -- Bob\n"
    )
    assert cli.main(["old.json"]) == 1  # a save's name: no hint
    assert capsys.readouterr().err == "dixmille: old.json: is empty, not a Parlour save file\n"


def test_input_ended_keeps_a_recovery_path_with_spaces_whole_when_wrapped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.core.text import wrap_lines
    from parlour.dixmille.files import savefile

    target = tmp_path / "saves of a long folder name with spaces" / "dixmille-recovery.json"
    monkeypatch.setattr(savefile, "save_recovery", lambda game, near=None: target)
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=1, pace=0)
    feed(app, "t")
    app.end_of_input()
    lines = wrap_lines(app.exit_message or "")
    assert all(len(line) <= 80 or str(target) in line for line in lines), lines
    assert sum(str(target) in line for line in lines) == 2, lines  # saved to, and resume with
