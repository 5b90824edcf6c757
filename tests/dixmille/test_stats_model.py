"""One game, one result: the statistics checked against a tiny model of the rule.

A Hypothesis state machine drives real apps, with real save files and the real
ledger in a temporary data folder, through every path a game can take to the
statistics file, in any order: start, play, save, play on, quit without saving
(recorded as abandoned), resume a save or a recovery file (any older one: the
game forks), finish, crash (the emergency save), end of input, two copies
recording at the same moment, and a damaged or half-written line in the file.

The model is the rule of docs/foundation.md, "One game, one result": per game id,
the first finished record stands for good; until there is one, the latest record
stands. A save of a game whose result is recorded resumes as a *replay*: the app
says so and writes nothing (the model counts the ledger's lines, so any record it
wrote would show). A copy resumed before its game ended elsewhere still records at
its end; the ledger passes that record over as a replay. The statistics read back
must count exactly the model's games, each once, with each player's games,
abandoned, finished, solitaire, won and shared games as the model has them.
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    invariant,
    multiple,
    precondition,
    rule,
)

from parlour.core import ledger
from parlour.dixmille.files import savefile, stats, statsfile
from parlour.dixmille.game.rules import FOUR_TWOS_TURN, Pass, Phase, TakeDice
from parlour.dixmille.terminal import statsview
from parlour.dixmille.terminal.app import DixMilleApp, Mode
from parlour.tui.glyphs import ASCII
from tests.hypothesis_profiles import examples

LINEUPS = (("Ann",), ("Ann", "Bob"), ("Bob", "Ann", "Cy"))
MAX_STEPS = 20_000


@dataclass
class Copy:
    """A running copy of the game and what the model knows about it."""

    app: DixMilleApp
    rng: random.Random
    unsaved: bool = False
    """Moves made since the game was started, saved or resumed."""
    ended: bool = False
    """The game is over (and the app recorded it then, unless it is a replay)."""
    replay: bool = False
    """Resumed from a save of a game whose result was recorded: it records nothing."""


@dataclass
class Model:
    outcomes: dict[str, bool] = field(default_factory=dict)
    """Game id -> finished: the first finished record of each game, else its latest."""
    lineups: dict[str, tuple[str, ...]] = field(default_factory=dict)
    winners: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Game id -> the winners of its result (finished games only)."""
    replays: int = 0
    """Records written after their game's result (by copies resumed before it ended)."""
    newlines: int = 0
    """Lines the statistics file should have (records, damaged lines, finished halves)."""
    damaged: int = 0
    half_line: bool = False

    def settled(self, game_id: str | None) -> bool:
        return game_id is not None and self.outcomes.get(game_id, False)


class StatisticsMachine(RuleBasedStateMachine):
    copies = Bundle("copies")
    saves = Bundle("saves")

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="dix-model-"))
        self.old_data_dir = os.environ.get("PARLOUR_DATA_DIR")
        os.environ["PARLOUR_DATA_DIR"] = str(self.folder / "data")
        self.model = Model()
        self.saved = 0

    def teardown(self) -> None:
        if self.old_data_dir is None:
            os.environ.pop("PARLOUR_DATA_DIR", None)
        else:
            os.environ["PARLOUR_DATA_DIR"] = self.old_data_dir
        shutil.rmtree(self.folder, ignore_errors=True)

    # ----- helpers -----
    def _recorded(self, copy: Copy, finished: bool) -> None:
        """The app has just recorded its game, unless it is a replay (the model's view)."""
        game = copy.app.game
        assert game is not None and game.game_id is not None
        if copy.replay:
            return  # nothing written: the line count would show it
        self.model.newlines += 1
        if self.model.half_line:  # the record went onto a fresh line: the half line is damage
            self.model.damaged += 1
            self.model.newlines += 1
            self.model.half_line = False
        if self.model.settled(game.game_id):
            self.model.replays += 1  # written, and passed over when read
            event("a record passed over: its game ended in another copy")
            return
        if game.game_id in self.model.outcomes:
            event("a later record of an unfinished game replaces it")
        self.model.outcomes[game.game_id] = finished
        self.model.lineups[game.game_id] = tuple(p.name for p in game.players)
        if finished:
            self.model.winners[game.game_id] = tuple(game.players[i].name for i in game.winners())

    def _step(self, copy: Copy) -> None:
        """One key of sensible play (a threshold player with some randomness)."""
        app = copy.app
        game = app.game
        assert game is not None
        if app.mode is Mode.ACK:
            app.handle_key(" ")
            self._check_over(copy)
            return
        assert app.mode is Mode.PLAY and not game.over
        moves = game.legal_moves()
        move = moves[0] if copy.rng.random() < 0.7 else copy.rng.choice(moves)
        if game.phase is Phase.CHOOSE:
            enough = game.turn_points >= 300 or game.dice_left < 3
            move = Pass() if enough or copy.rng.random() < 0.1 else moves[0]
        copy.unsaved = True
        if isinstance(move, TakeDice):
            for position in move.positions:
                app.handle_key(str(position))
            app.handle_key("ENTER")
        else:
            app.handle_key(str(move))
        self._check_over(copy)

    def _check_over(self, copy: Copy) -> None:
        if copy.app.mode is Mode.STANDINGS and not copy.ended:
            copy.ended = True
            self._recorded(copy, finished=True)
            note = "Replay, not counted"
            assert (note in (copy.app.exit_message or "")) is copy.replay

    def _at_prompt(self, copy: Copy) -> bool:
        """Play on until the throw/pass prompt (where S and Q work); False if the game ended."""
        app = copy.app
        for _ in range(MAX_STEPS):
            game = app.game
            assert game is not None
            if app.mode is Mode.STANDINGS:
                return False
            if app.mode is Mode.PLAY and game.phase is not Phase.TAKE:
                return True
            self._step(copy)
        raise AssertionError("no prompt reached")

    def _play(self, copy: Copy, moves: int) -> bool:
        """Play ``moves`` keys; True (and the app left) if the game has ended."""
        for _ in range(moves):
            if copy.app.mode is Mode.STANDINGS:
                break
            self._step(copy)
        if copy.app.mode is Mode.STANDINGS:
            copy.app.handle_key("q")
            assert copy.app.finished
            return True
        return False

    # ----- rules -----
    @rule(target=copies, lineup=st.sampled_from(LINEUPS), seed=st.integers(0, 2**32))
    def start(self, lineup: tuple[str, ...], seed: int) -> Copy:
        app = DixMilleApp(ASCII, names=list(lineup), seed=seed, pace=0, four_twos=FOUR_TWOS_TURN)
        return Copy(app, random.Random(seed))

    @rule(target=copies, copy=consumes(copies), moves=st.integers(1, 60))
    def play(self, copy: Copy, moves: int) -> object:
        return multiple() if self._play(copy, moves) else multiple(copy)

    @rule(target=copies, copy=consumes(copies))
    def finish(self, copy: Copy) -> object:
        assert self._play(copy, MAX_STEPS)
        return multiple()

    @rule(target=saves, copy=copies)
    def save(self, copy: Copy) -> object:
        if not self._at_prompt(copy):
            return multiple()  # it ended on the way: recorded by the next play or finish
        self.saved += 1
        path = self.folder / f"save-{self.saved}.json"
        for key in ("S", "CTRL_U", *str(path), "ENTER"):
            copy.app.handle_key(key)
        assert path.exists() and copy.app.mode is Mode.PLAY
        copy.unsaved = False
        return path

    @rule(target=copies, path=saves, seed=st.integers(0, 2**32))
    def resume(self, path: Path, seed: int) -> Copy:
        game = savefile.load(path)
        replay = self.model.settled(game.game_id)
        app = DixMilleApp(ASCII, game=game, pace=0, save_path=str(path))
        assert (app.keep.replay is not None) is replay
        event("a replay resumed" if replay else "a game resumed")
        assert app.ui.message.startswith("Replay, not counted") is replay
        return Copy(app, random.Random(seed), replay=replay)

    @rule(target=copies, copy=consumes(copies))
    def quit_unsaved(self, copy: Copy) -> object:
        if not self._at_prompt(copy):
            self._play(copy, 0)
            return multiple()
        self._quit(copy)
        return multiple()

    def _quit(self, copy: Copy) -> None:
        app = copy.app
        app.handle_key("Q")
        app.handle_key("y")
        if app.mode is Mode.SAVE_FIRST:
            app.handle_key("n")
        assert app.finished
        if copy.unsaved:
            self._recorded(copy, finished=False)

    @rule(target=copies, first=consumes(copies), second=consumes(copies))
    def quit_two_at_once(self, first: Copy, second: Copy) -> object:
        """Two copies record at the same moment (threads appending to one file)."""
        left = [c for c in (first, second) if self._at_prompt(c)]
        for ended in (c for c in (first, second) if c not in left):
            self._play(ended, 0)
        threads = [threading.Thread(target=self._quit_quietly, args=(c,)) for c in left]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for copy in left:
            assert copy.app.finished
            if copy.unsaved:
                self._recorded(copy, finished=False)
        return multiple()

    @staticmethod
    def _quit_quietly(copy: Copy) -> None:
        for key in ("Q", "y", "n"):
            copy.app.handle_key(key)

    @rule(target=saves, copy=consumes(copies))
    def crash(self, copy: Copy) -> object:
        """A crash: the emergency save, and nothing recorded."""
        game = copy.app.game
        assert game is not None
        if game.over:
            self._play(copy, 0)
            return multiple()
        saved = copy.app.emergency_save()
        assert saved is not None
        assert savefile.load(saved).game_id == game.game_id
        return Path(saved)

    @rule(target=saves, copy=consumes(copies))
    def end_of_input(self, copy: Copy) -> object:
        game = copy.app.game
        assert game is not None
        if game.over:
            self._play(copy, 0)
            return multiple()
        copy.app.end_of_input()
        if not copy.unsaved:
            return multiple()
        message = copy.app.exit_message or ""
        saved = message.split("saved to ", 1)[1].split(";", 1)[0]
        return Path(saved)

    @precondition(lambda self: not self.model.half_line)
    @rule(kind=st.sampled_from(["garbage", "not utf-8", "half"]))
    def damage_a_line(self, kind: str) -> None:
        path = statsfile.KEEPER.ledger_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {"garbage": b"{nonsense\n", "not utf-8": b'{"\xff": 1}\n', "half": b'{"game_'}[kind]
        if path.exists() and path.stat().st_size:
            with open(path, "rb") as handle:
                handle.seek(-1, os.SEEK_END)
                assert handle.read(1) == b"\n"
        with open(path, "ab") as handle:
            handle.write(data)
        if kind == "half":
            self.model.half_line = True
        else:
            self.model.damaged += 1
            self.model.newlines += 1

    # ----- what must hold -----
    @invariant()
    def statistics_count_each_game_once(self) -> None:
        path = statsfile.KEEPER.ledger_path()
        lines = path.read_bytes().count(b"\n") if path.exists() else 0
        assert lines == self.model.newlines, "a record too many or too few (a replay wrote?)"
        reading = ledger.read(
            path, stats.parse_record, lambda g: g.game_id, statsfile.KEEPER.fold.is_final
        )
        assert reading.replays == self.model.replays
        games, message = statsfile.load_games()
        found = {g.game_id: g.finished for g in games}
        assert len(found) == len(games), "a game is counted twice"
        assert found == self.model.outcomes
        if self.model.damaged:
            assert message is not None and f"{self.model.damaged} damaged" in message
        else:
            assert message is None
        for name in ("Ann", "Bob"):
            self._check_player(games, name)

    def _check_player(self, games: list[stats.GameRecord], name: str) -> None:
        """One player's counts, in the totals and on the first statistics page."""
        model = self.model
        mine = [i for i, names in model.lineups.items() if name in names]
        finished = [i for i in mine if model.outcomes[i]]
        against = [i for i in finished if len(model.lineups[i]) > 1]
        won = [i for i in against if model.winners[i] == (name,)]
        shared = [i for i in against if name in model.winners[i] and len(model.winners[i]) > 1]
        rows = stats.totals(games, name)
        if not mine:
            assert rows == []
            return
        (row,) = rows
        expected = {
            "Games played": len(mine),
            "  abandoned": len(mine) - len(finished),
            "  finished vs others": len(against),
            "    won": len(won),
            "    shared": len(shared),
            "  finished solitaire": len(finished) - len(against),
        }
        assert (row.games, row.abandoned, row.finished, row.won, row.shared, row.solitaire) == (
            expected["Games played"],
            expected["  abandoned"],
            expected["  finished vs others"],
            expected["    won"],
            expected["    shared"],
            expected["  finished solitaire"],
        )
        page = statsview.render_stats(rows, 0, stats.title(games, rows, name)).to_text()
        assert page.startswith(f"DIX MILLE STATISTICS - {stats.games_label(len(mine))}, {name}")
        shown = {}
        for line in page.splitlines():
            label = line[: statsview.LABEL].rstrip()
            if label in expected:
                shown[label] = int(line[statsview.LABEL :])
        assert shown == expected


StatisticsMachine.TestCase.settings = settings(
    max_examples=examples(20),
    stateful_step_count=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_statistics_model = StatisticsMachine.TestCase
