"""One game, one result: a save restored after its game's result was recorded is a replay.

Issue 25: save in hand 2, play on and finish the game, then ``mille g1.json``,
one move, ``q`` ``y`` ``n``: ``--stats`` went from "1 finished, lost 1" to
"0 games finished ... 1 abandoned". Now the replay says so as it starts,
records nothing whatever happens to it, and its farewell says it was not counted.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from parlour.core import ledger
from parlour.core.ledger import new_game_id
from parlour.mille import cli
from parlour.mille.files import statsfile
from parlour.mille.files.savefile import Meta, load_saved
from parlour.mille.files.stats import GameRecord
from parlour.mille.game.rules import Game
from parlour.mille.game.table import Phase
from parlour.mille.terminal.app import MilleApp
from tests.mille.drive import message, play_until_question, press
from tests.mille.opponents import FirstLegal, human_keys

SEED = 5


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def stats_output() -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["--stats"]) == 0
    return out.getvalue().splitlines()


def ledger_bytes() -> bytes:
    path = statsfile.KEEPER.ledger_path()
    return path.read_bytes() if path.exists() else b""


def new_app(seed: int = SEED) -> MilleApp:
    game = Game.new(seed)
    return MilleApp(game, FirstLegal(game), meta=Meta(new_game_id(), "strong"))


def restore(path: str) -> MilleApp:
    saved = load_saved(path)
    return cli.restored_app(path, saved, FirstLegal(saved.game))


def leave(app: MilleApp) -> list[str]:
    """Q, y to Really? (n at Another hand?/game?), n to Save game? (when asked): the
    farewell's lines."""
    at_end = app.flow.ask is not None and app.flow.ask.text in ("Another hand?", "Another game?")
    press(app, ["n"] if at_end else ["q", "y"])
    if not app.finished:
        assert app.flow.ask is not None and app.flow.ask.text == "Save game?"
        press(app, "n")
    assert app.finished
    return (app.exit_message or "").split("\n")


def finished_game_with_a_save_in_hand_2(name: str = "g1.json") -> tuple[MilleApp, GameRecord]:
    """The issue's steps: play hand 1, save in hand 2, play on to the end, leave."""
    app = new_app()
    play_until_question(app, ("Another hand?",))
    press(app, "y")
    assert app.game.hands_played == 2
    press(app, "p")
    press(app, ["s", *name, "ENTER"])
    play_until_question(app, ("Another game?",))
    leave(app)
    result = statsfile.KEEPER.settled_result(app.meta.game_id)
    assert result is not None and result.outcome in ("won", "lost")
    return app, result


def test_the_issue_example_keeps_the_result() -> None:
    _, result = finished_game_with_a_save_in_hand_2()
    before = stats_output()
    hands = len(result.hands)
    assert before[0] == (
        f"strong: won {int(result.outcome == 'won')} of 1 finished game"
        f" ({100 * (result.outcome == 'won')}%), lost {int(result.outcome == 'lost')},"
        " tied 0; 0 abandoned"
    )
    assert before[1].startswith(f"  won {sum(h.won for h in result.hands)} of {hands} hands (")
    ledger = ledger_bytes()

    again = restore("g1.json")
    words = f"{result.outcome} {result.you}-{result.computer}"
    assert message(again) == f"Replay, not counted: {words}"
    press(again, human_keys(again.game))  # one move
    farewell = leave(again)  # q y n
    assert farewell[1:] == [
        f"The restored game had ended already (you {words}): not counted again.",
    ]
    assert stats_output() == before
    assert ledger_bytes() == ledger


def test_a_replay_played_to_its_end_records_nothing() -> None:
    _, result = finished_game_with_a_save_in_hand_2()
    ledger = ledger_bytes()
    again = restore("g1.json")
    play_until_question(again, ("Another game?",))
    farewell = leave(again)
    assert ledger_bytes() == ledger
    assert statsfile.replay_farewell(result) in farewell
    assert not any(line.startswith("strong:") for line in farewell)


@pytest.mark.parametrize("how", ["crash", "end of input"])
def test_a_replay_lost_without_a_save_records_nothing(how: str) -> None:
    finished_game_with_a_save_in_hand_2()
    ledger = ledger_bytes()
    again = restore("g1.json")
    press(again, human_keys(again.game))
    again.saving.recovery_save = lambda stem, prompt: (None, "disk full")  # type: ignore[method-assign]
    if how == "crash":
        assert again.emergency_save() is None
    else:
        press(again, ["EOF"])
        assert again.finished
    assert ledger_bytes() == ledger


def test_a_replay_saved_again_is_still_a_replay() -> None:
    _, result = finished_game_with_a_save_in_hand_2()
    again = restore("g1.json")
    press(again, human_keys(again.game))
    press(again, ["s", "n", *"g2.json", "ENTER"])
    assert message(again).startswith("g2.json [")
    third = restore("g2.json")
    assert third.recorder.replay_of == result
    assert message(third) == statsfile.replay_note(result)


def test_another_game_after_a_replay_counts() -> None:
    _, result = finished_game_with_a_save_in_hand_2()
    again = restore("g1.json")
    play_until_question(again, ("Another game?",))
    press(again, "y")  # a new game, a new id
    assert again.recorder.replay_of is None
    press(again, human_keys(again.game))
    farewell = leave(again)
    assert statsfile.replay_farewell(result) in farewell
    assert "strong: won" in "\n".join(farewell)  # this session recorded a game
    assert stats_output()[0].endswith("; 1 abandoned")


def test_a_copy_that_finishes_second_is_a_replay() -> None:
    """Two copies of one game (restored from the same save): the first to finish gives the
    game its result; the second finds it as it ends, records nothing and says so."""
    app = new_app(SEED + 1)
    press(app, "p")
    press(app, ["s", *"fork.json", "ENTER"])
    first, second = restore("fork.json"), restore("fork.json")
    assert first.recorder.replay_of is None and message(first).startswith("fork.json [")
    play_until_question(first, ("Another game?",))
    result = statsfile.KEEPER.settled_result(first.meta.game_id)
    assert result is not None
    ledger = ledger_bytes()
    play_until_question(second, ("Another game?",))
    assert second.game.phase is Phase.GAME_OVER
    assert ledger_bytes() == ledger
    assert second.recorder.replay_of == result
    assert statsfile.replay_farewell(result) in leave(second)


def test_the_replay_texts_fit_their_lines() -> None:
    """The message line holds 35 columns; the farewell line 80."""
    for outcome, you, comp in (("lost", 9599, 9599), ("tied", 9599, 9599), ("won", 9599, 0)):
        rec = GameRecord(new_game_id(), "strong", outcome, you, comp, (), 1, complete=False)
        assert len(statsfile.replay_note(rec)) <= 35
        assert len(statsfile.replay_farewell(rec)) <= 80
    rec = GameRecord(new_game_id(), "classic", "won", 5100, 4000, (), 1, complete=False)
    assert statsfile.replay_note(rec) == "Replay, not counted: won 5100-4000"
    assert statsfile.replay_farewell(rec) == (
        "The restored game had ended already (you won 5100-4000): not counted again."
    )


def test_a_ledger_with_a_later_record_of_a_finished_game_keeps_the_result() -> None:
    """What the issue's session left behind (mille before this fix wrote the replay's
    abandonment after the game's loss): the loss stands, the replay line is passed over."""
    game_id = new_game_id()
    lost = GameRecord(game_id, "strong", "lost", 5250, 6300, (), 3, complete=False)
    abandoned = GameRecord(game_id, "strong", "abandoned", 4900, 4900, (), 3, complete=False)
    path = statsfile.KEEPER.ledger_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(ledger.encode(lost.to_dict()) + ledger.encode(abandoned.to_dict()))
    reading = statsfile.KEEPER.read()
    assert reading.records == [lost] and reading.replays == 1
    assert stats_output()[0] == "strong: won 0 of 1 finished game (0%), lost 1, tied 0; 0 abandoned"
    assert statsfile.KEEPER.settled_result(game_id) == lost
