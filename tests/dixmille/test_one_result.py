"""One game, one result (issue #25): a finished game stays finished whatever is done with
an older save of it; playing that save again is a replay, told as such and never recorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.saves import SaveError
from parlour.dixmille.files import savefile, stats, statsfile
from parlour.dixmille.game.rules import Pass, Phase, TakeDice
from parlour.dixmille.terminal import ending
from parlour.dixmille.terminal.app import DixMilleApp, Mode
from parlour.tui.glyphs import ASCII
from tests.dixmille.helpers import read_games, recorded_games


def key(app: DixMilleApp) -> None:
    """One key of a player who stops at 300 or with fewer than 3 dice (and ZEDX's steps)."""
    game = app.game
    assert game is not None
    if app.mode is Mode.ACK:
        app.handle_key(" ")
        return
    if app.zedx_to_move:
        app.handle_key("TIMEOUT")
        return
    moves = game.legal_moves()
    move = moves[0]
    if game.phase is Phase.CHOOSE:
        move = Pass() if game.turn_points >= 300 or game.dice_left < 3 else moves[0]
    if isinstance(move, TakeDice):
        for position in move.positions:
            app.handle_key(str(position))
        app.handle_key("ENTER")
    else:
        app.handle_key(str(move))


def at_prompt(app: DixMilleApp) -> bool:
    """At a human's throw/pass prompt, where S and Q work."""
    game = app.game
    assert game is not None
    return app.mode is Mode.PLAY and not app.zedx_to_move and game.phase is not Phase.TAKE


def to_prompt(app: DixMilleApp) -> None:
    for _ in range(1000):
        if at_prompt(app):
            return
        key(app)
    raise AssertionError("no prompt reached")


def to_the_end(app: DixMilleApp) -> None:
    for _ in range(20_000):
        if app.mode is Mode.STANDINGS:
            return
        key(app)
    raise AssertionError("the game never ended")


def save(app: DixMilleApp, path: Path) -> None:
    to_prompt(app)
    for k in ("S", "CTRL_U", *str(path), "ENTER"):
        app.handle_key(k)
    assert path.exists() and app.mode is Mode.PLAY


def lines() -> int:
    path = statsfile.KEEPER.ledger_path()
    return path.read_bytes().count(b"\n") if path.exists() else 0


@pytest.fixture
def finished_with_older_save(tmp_path: Path) -> tuple[Path, DixMilleApp]:
    """Ann and Bob, seed 5: saved in cycle 3 (g1.json), then played on to the end."""
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=5, pace=0)
    for _ in range(10):
        key(app)
    older = tmp_path / "g1.json"
    save(app, older)
    to_the_end(app)
    app.handle_key("q")
    assert app.finished
    return older, app


def test_the_issue_resuming_an_older_save_never_erases_a_finished_game(
    finished_with_older_save: tuple[Path, DixMilleApp],
) -> None:
    older, first = finished_with_older_save
    games, _ = read_games()
    assert [g.finished for g in games] == [True] and lines() == 1
    replay = DixMilleApp(ASCII, game=savefile.load(older), pace=0, save_path=str(older))
    assert replay.keep.replay is not None
    screen = replay.render(24, 80).to_text().splitlines()
    assert screen[0].endswith("replay, not counted   seed 5")
    assert screen[20] == "Replay, not counted: this game has ended (Bob won with 12,850)."
    for _ in range(12):  # a turn of Ann's and one of Bob's
        key(replay)
    to_prompt(replay)
    for k in ("Q", "y", "n"):
        replay.handle_key(k)
    assert replay.finished
    assert replay.exit_message == (
        "dixmille: replay left (seed 5); the moves since your last save are lost\n"
        f"Your last save still resumes: dixmille {older}\n"
        "Replay, not counted: the game's result stands (Bob won with 12,850)."
    )
    assert lines() == 1  # nothing recorded
    games, _ = read_games()
    (ann,) = stats.totals(games, "Ann")
    assert (ann.games, ann.abandoned, ann.finished, ann.won) == (1, 0, 1, 0)
    assert first.exit_message is not None and "Bob wins with 12,850" in first.exit_message


def test_a_replay_played_to_its_end_records_nothing_and_says_why(
    finished_with_older_save: tuple[Path, DixMilleApp],
) -> None:
    older, _ = finished_with_older_save
    replay = DixMilleApp(ASCII, game=savefile.load(older), pace=0, save_path=str(older))
    to_the_end(replay)
    assert lines() == 1
    screen = replay.render(24, 80).to_text().splitlines()
    assert screen[3] == "GAME OVER: Bob wins with 12,850"  # the same dice: the same game
    assert screen[4] == "Replay, not counted: the game's result stands (Bob won with 12,850)."
    assert replay.exit_message == (
        "Bob wins with 12,850. Seed 5.\n"
        "Standings:   1. Bob 12,850   2. Ann 8,150\n"
        "Replay, not counted: the game's result stands (Bob won with 12,850)."
    )
    replay.handle_key(" ")
    page = replay.render(24, 80).to_text().splitlines()
    assert page[2:4] == [
        "GAME OVER: Bob wins with 12,850",
        "Replay, not counted: the game's result stands (Bob won with 12,850).",
    ]


def test_a_replay_saved_again_is_still_a_replay_and_its_hang_up_records_nothing(
    finished_with_older_save: tuple[Path, DixMilleApp], tmp_path: Path
) -> None:
    older, _ = finished_with_older_save
    replay = DixMilleApp(ASCII, game=savefile.load(older), pace=0, save_path=str(older))
    key(replay)
    again = tmp_path / "again.json"
    save(replay, again)
    key(replay)
    replay.end_of_input()  # the terminal goes: a recovery save, nothing recorded
    assert (replay.exit_message or "").startswith("dixmille: input ended; your game was saved to")
    recovery = Path((replay.exit_message or "").split("saved to ")[1].split(";")[0])
    for path in (again, recovery):
        resumed = DixMilleApp(ASCII, game=savefile.load(path), pace=0, save_path=str(path))
        assert resumed.keep.replay is not None
    assert lines() == 1


def test_a_replay_whose_recovery_save_fails_still_records_nothing(
    finished_with_older_save: tuple[Path, DixMilleApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    older, _ = finished_with_older_save
    replay = DixMilleApp(ASCII, game=savefile.load(older), pace=0, save_path=str(older))
    key(replay)

    def no_room(game: object, near: object = None) -> Path:
        raise SaveError("dixmille-recovery", "no folder to save in")

    monkeypatch.setattr(savefile, "save_recovery", no_room)
    replay.end_of_input()
    assert replay.exit_message == (
        "dixmille: input ended; the game could not be saved (no folder to save in)"
    )
    assert replay.emergency_save() is None
    assert lines() == 1


def test_an_abandoned_game_resumed_is_no_replay_and_its_end_stands(tmp_path: Path) -> None:
    """Until a game has a result its latest record stands: abandoned, then finished."""
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=5, pace=0)
    for _ in range(10):
        key(app)
    older = tmp_path / "g1.json"
    save(app, older)
    key(app)
    to_prompt(app)
    for k in ("Q", "y", "n"):
        app.handle_key(k)
    assert [g.finished for g in recorded_games()] == [False]
    resumed = DixMilleApp(ASCII, game=savefile.load(older), pace=0, save_path=str(older))
    assert resumed.keep.replay is None
    assert resumed.render(24, 80).row_text(20).startswith(f"Game resumed from {older.anchor}")
    assert resumed.render(24, 80).row_text(0).endswith("   seed 5")
    assert "replay" not in resumed.render(24, 80).row_text(0)
    to_the_end(resumed)
    assert lines() == 2
    games, _ = read_games()
    assert [g.finished for g in games] == [True]


def test_a_copy_resumed_before_its_game_ended_records_and_is_passed_over(tmp_path: Path) -> None:
    """Two copies of one game: the first result stands, the later record is passed over."""
    from parlour.core import ledger

    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=5, pace=0)
    for _ in range(10):
        key(app)
    older = tmp_path / "g1.json"
    save(app, older)
    early = DixMilleApp(ASCII, game=savefile.load(older), pace=0, save_path=str(older))
    assert early.keep.replay is None  # the game has no result yet
    to_the_end(app)
    app.handle_key("q")
    key(early)
    to_prompt(early)
    for k in ("Q", "y", "n"):
        early.handle_key(k)
    assert lines() == 2  # it could not know: it recorded the game as abandoned
    games, message = read_games()
    assert [g.finished for g in games] == [True] and message is None
    path = statsfile.KEEPER.ledger_path()
    assert (
        ledger.read(
            path, stats.parse_record, lambda g: g.game_id, statsfile.KEEPER.fold.is_final
        ).replays
        == 1
    )
    assert app.game is not None
    settled = statsfile.KEEPER.settled_result(app.game.game_id)
    assert settled is not None and settled.finished
    assert ending.recorded_result(settled) == "Bob won with 12,850"
    assert statsfile.KEEPER.settled_result(ledger.new_game_id()) is None
    assert statsfile.KEEPER.settled_result(None) is None


def test_a_game_that_only_was_abandoned_has_no_result() -> None:
    app = DixMilleApp(ASCII, names=["Ann", "Bob"], seed=5, pace=0)
    for _ in range(10):
        key(app)
    to_prompt(app)
    for k in ("Q", "y", "n"):
        app.handle_key(k)
    assert app.game is not None and lines() == 1
    assert statsfile.KEEPER.settled_result(app.game.game_id) is None


@pytest.mark.parametrize(
    ("names", "scores", "turns", "opening", "note"),
    [
        (
            ("Ann", "Bob"),
            (8150, 12850),
            21,
            "Replay, not counted: this game has ended (Bob won with 12,850).",
            "Replay, not counted: the game's result stands (Bob won with 12,850).",
        ),
        (
            ("Ann",),
            (10550,),
            30,
            "Replay, not counted: this game has ended (Ann reached 10,550 in 30 turns).",
            "Replay, not counted: the game's result stands (Ann reached 10,550 in 30 turns).",
        ),
        (
            ("Abcdefghij",),
            (10550,),
            130,
            "Replay, not counted (ended: Abcdefghij reached 10,550 in 130 turns).",
            "Replay, not counted (the result stands: Abcdefghij reached 10,550 in 130 turns).",
        ),
        (
            ("Abcdefghij", "Bcdefghijk", "Cdefghijkl"),
            (10000, 10000, 10000),
            20,
            "Replay, not counted: this game has ended before.",
            "Replay, not counted: the game's first result stands.",
        ),
    ],
)
def test_a_replay_is_told_in_80_columns_with_its_result_where_it_fits(
    names: tuple[str, ...], scores: tuple[int, ...], turns: int, opening: str, note: str
) -> None:
    line = stats.GameRecord(
        finished=True,
        four_twos="game",
        names=names,
        scores=scores,
        winners=(),
        turns=(tuple(range(turns)),) * len(names),  # type: ignore[arg-type]  # only counted
    )
    assert ending.replay_opening(line) == opening
    assert ending.replay_note(line) == note
