"""One game, one result (docs/foundation.md), checked against a model of the rule.

A Hypothesis state machine drives real mille apps (the app as the runner drives
it, a quick computer player) with real save files and the real ledger in a
temporary data folder: start games, play, save, play on, finish, start another
game, quit without saving, crash with or without a recovery save, and resume
any save made so far (an older one too) through the command line's own restore
(``cli.restored_app``), while an earlier copy may still be running. So the
lineages of a game fork and race.

The model is the rule itself: per game, its first finished result (outcome,
totals, hands) stands for good; until it has one, its last abandonment counts.
After every step the counts ``mille --stats`` prints (games finished, won,
lost, tied, abandoned, hands) must be the model's; a resume of a game that has
a result must say "Replay, not counted: ..." on the message line, and every
farewell must say a replay was not counted and never show totals for a session
that recorded nothing.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from parlour.core.ledger import new_game_id
from parlour.mille import cli
from parlour.mille.files import statsfile
from parlour.mille.files.savefile import Meta, load_saved
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Phase
from parlour.mille.terminal.app import MilleApp
from tests.hypothesis_profiles import examples
from tests.mille.drive import play_until_question
from tests.mille.opponents import FirstLegal, human_keys
from tests.mille.test_app import press

MAX_COPIES = 2
OVER = (Phase.HAND_OVER, Phase.GAME_OVER)


@dataclass
class Result:
    """A record as the model expects it in the ledger."""

    outcome: str
    you: int
    computer: int
    hands: int


@dataclass
class ModelGame:
    first_hand: int
    """The game's first hand number (``Game.hands_played`` as it began)."""
    result: Result | None = None
    """Its first finished record: its result for good."""
    abandoned: Result | None = None
    """Its last abandonment, while it has no result."""


@dataclass
class Copy:
    """A running copy of the game and the model's game it plays."""

    app: MilleApp
    game: int
    replay_shown: bool = False
    """The copy started as a replay (the message line said so)."""


@dataclass
class Model:
    games: list[ModelGame] = field(default_factory=list)
    lines: int = 0
    """Lines written to the ledger: a replay writes none."""

    def counts(self) -> dict[str, int]:
        """What ``mille --stats`` must print for the strong level."""
        counts = dict.fromkeys(("finished", "won", "lost", "tied", "abandoned", "hands"), 0)
        for game in self.games:
            if game.result is not None:
                counts["finished"] += 1
                counts[game.result.outcome] += 1
                counts["hands"] += game.result.hands
            elif game.abandoned is not None:
                counts["abandoned"] += 1
                counts["hands"] += game.abandoned.hands
        return counts


def hands_finished(game: Game, first_hand: int) -> int:
    """The hands of the current game finished so far, from what the board shows."""
    return game.hands_played - first_hand + (game.phase in OVER)


def outcome(game: Game) -> str:
    you, comp = game.players[HUMAN].overall_total, game.players[COMPUTER].overall_total
    return "won" if you > comp else "lost" if you < comp else "tied"


LEVEL_LINE = re.compile(
    r"strong: (?:won (\d+) of (\d+) finished games? \(\d+%\), lost (\d+), tied (\d+)"
    r"|no game finished); (\d+) abandoned"
)
HANDS_LINE = re.compile(
    r"  (?:won \d+ of (\d+) hands? \(\d+%\), mean hand score \d+, best hand \d+"
    r"|no hand finished)"
)


def printed_counts() -> dict[str, int]:
    """The strong level's counts as ``mille --stats`` prints them."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["--stats"]) == 0
    lines = out.getvalue().splitlines()
    if lines[0] == "strong: no games yet":
        return dict.fromkeys(("finished", "won", "lost", "tied", "abandoned", "hands"), 0)
    games = LEVEL_LINE.fullmatch(lines[0])
    hands = HANDS_LINE.fullmatch(lines[1])
    assert games and hands, lines
    won, finished, lost, tied, abandoned = (int(group or 0) for group in games.groups())
    return {
        "finished": finished,
        "won": won,
        "lost": lost,
        "tied": tied,
        "abandoned": abandoned,
        "hands": int(hands.group(1) or 0),
    }


class OneResultMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="mille-one-result-"))
        self.old_env = os.environ.get("PARLOUR_DATA_DIR")
        os.environ["PARLOUR_DATA_DIR"] = str(self.folder / "data")
        self.old_cwd = os.getcwd()
        os.chdir(self.folder)  # nothing typed can land in the repository
        self.model = Model()
        self.copies: list[Copy] = []
        self.saves: list[tuple[Path, int]] = []
        """Each save file and the model's game it holds."""

    def teardown(self) -> None:
        os.chdir(self.old_cwd)
        if self.old_env is None:
            os.environ.pop("PARLOUR_DATA_DIR", None)
        else:
            os.environ["PARLOUR_DATA_DIR"] = self.old_env
        shutil.rmtree(self.folder, ignore_errors=True)

    # ------------------------------------------------------------- the model
    def _new_game(self, app: MilleApp) -> int:
        self.model.games.append(ModelGame(first_hand=app.game.hands_played))
        return len(self.model.games) - 1

    def _result(self, copy: Copy, kind: str) -> Result:
        game = copy.app.game
        first = self.model.games[copy.game].first_hand
        you, comp = game.players[HUMAN].overall_total, game.players[COMPUTER].overall_total
        return Result(kind, you, comp, hands_finished(game, first))

    def _note_end(self, copy: Copy) -> None:
        """A game that has just ended gets its result, unless it has one already."""
        model = self.model.games[copy.game]
        if copy.app.game.phase is Phase.GAME_OVER and model.result is None:
            model.result = self._result(copy, outcome(copy.app.game))
            model.abandoned = None
            self.model.lines += 1

    def _note_abandoned(self, copy: Copy) -> None:
        """A game left unfinished with no save holding it; nothing once it has a result."""
        model = self.model.games[copy.game]
        if copy.app.game.phase is not Phase.GAME_OVER and model.result is None:
            model.abandoned = self._result(copy, "abandoned")
            self.model.lines += 1

    def _copy(self, index: int) -> Copy:
        """One of the running copies (with none running, the player starts a new game)."""
        if not self.copies:
            self._start(index)
        return self.copies[index % len(self.copies)]

    def _farewell(self, copy: Copy) -> None:
        """The farewell never claims a replay counted."""
        app = copy.app
        assert app.finished
        lines = (app.exit_message or "").split("\n")
        replayed = app.recorder.replayed
        if copy.replay_shown:
            assert replayed is not None
        if replayed is not None:
            assert statsfile.replay_farewell(replayed) in lines
        stats_shown = any(line.startswith("strong: ") for line in lines)
        assert stats_shown == app.recorder.recorded
        self.copies.remove(copy)

    # ----------------------------------------------------------------- rules
    @initialize(seed=st.integers(0, 10_000))
    def start(self, seed: int) -> None:
        self._start(seed)

    def _start(self, seed: int) -> None:
        game = Game.new(seed)
        app = MilleApp(game, FirstLegal(game), meta=Meta(new_game_id(), "strong"))
        self.copies.append(Copy(app, self._new_game(app)))

    @precondition(lambda self: len(self.copies) < MAX_COPIES)
    @rule(seed=st.integers(0, 10_000))
    def start_another_copy(self, seed: int) -> None:
        self._start(seed)

    @rule(which=st.integers(0, MAX_COPIES - 1), moves=st.integers(1, 40))
    def play(self, which: int, moves: int) -> None:
        copy = self._copy(which)
        app = copy.app
        for _ in range(moves):
            if app.flow.ask is not None and app.flow.ask.text != "Extension?":
                break
            press(app, "n" if app.flow.ask is not None else human_keys(app.game))
        self._note_end(copy)

    @rule(which=st.integers(0, MAX_COPIES - 1), save_first=st.booleans())
    def finish_the_game(self, which: int, save_first: bool) -> None:
        """Play to the end of the game (after a save, for the fork the issue showed)."""
        if save_first:
            self.save(which)
        copy = self._copy(which)
        play_until_question(copy.app, ("Another game?",))
        self._note_end(copy)

    @rule(which=st.integers(0, MAX_COPIES - 1))
    def answer_yes(self, which: int) -> None:
        copy = self._copy(which)
        app = copy.app
        if app.flow.ask is None:
            return
        new_game = app.flow.ask.text == "Another game?"
        press(app, "n" if app.flow.ask.text == "Extension?" else "y")
        if new_game:
            copy.game = self._new_game(app)
            copy.replay_shown = False
        self._note_end(copy)

    @rule(which=st.integers(0, MAX_COPIES - 1))
    def save(self, which: int) -> None:
        copy = self._copy(which)
        app = copy.app
        path = self.folder / f"save{len(self.saves)}.json"
        same = [] if app.saving.save_path is None else ["n"]
        press(app, ["s", *same, *str(path), "ENTER"])
        assert path.exists(), app.line.text
        self.saves.append((path, copy.game))

    @rule(which=st.integers(0, MAX_COPIES - 1))
    def quit_unsaved(self, which: int) -> None:
        copy = self._copy(which)
        app = copy.app
        dirty = app.saving.dirty
        press(app, ["INTERRUPT", "y"])
        if not app.finished:
            assert app.flow.ask is not None and app.flow.ask.text == "Save game?"
            press(app, "n")
        if dirty:
            self._note_abandoned(copy)
        self._farewell(copy)

    @rule(which=st.integers(0, MAX_COPIES - 1), recovered=st.booleans())
    def crash(self, which: int, recovered: bool) -> None:
        copy = self._copy(which)
        app = copy.app
        if recovered:
            saved = app.emergency_save()
            assert saved is not None
            self.saves.append((Path(saved), copy.game))
        else:
            app.saving.recovery_save = lambda stem, prompt: (None, "disk full")  # type: ignore[method-assign]
            assert app.emergency_save() is None
            self._note_abandoned(copy)
        self.copies.remove(copy)

    @precondition(lambda self: self.saves and len(self.copies) < MAX_COPIES)
    @rule(data=st.data())
    def resume(self, data: st.DataObject) -> None:
        # Saves of games that have a result are the interesting ones: drawn first half the time.
        settled = [save for save in self.saves if self.model.games[save[1]].result is not None]
        if settled and data.draw(st.booleans()):
            path, game = data.draw(st.sampled_from(settled))
        else:
            path, game = data.draw(st.sampled_from(self.saves))
        saved = load_saved(path)
        app = cli.restored_app(str(path), saved, FirstLegal(saved.game))
        copy = Copy(app, game)
        result = self.model.games[game].result
        shown = app.render(24, 80).row_text(15)[45:].rstrip()
        if result is None:
            assert app.recorder.replay_of is None
            assert shown.endswith("]") and not shown.startswith("Replay"), shown  # BSD's banner
        else:
            note = f"Replay, not counted: {result.outcome} {result.you}-{result.computer}"
            assert app.recorder.replay_of is not None
            assert shown == note == statsfile.replay_note(app.recorder.replay_of)
            copy.replay_shown = True
        self.copies.append(copy)

    # ------------------------------------------------------------- invariant
    @invariant()
    def stats_match_the_model(self) -> None:
        assert printed_counts() == self.model.counts()

    @invariant()
    def replays_write_nothing(self) -> None:
        path = statsfile.KEEPER.ledger_path()
        lines = path.read_bytes().count(b"\n") if path.exists() else 0
        assert lines == self.model.lines


OneResultMachine.TestCase.settings = settings(
    max_examples=examples(50),
    stateful_step_count=20,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_one_game_one_result = OneResultMachine.TestCase
