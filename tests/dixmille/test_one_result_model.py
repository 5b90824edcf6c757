"""One game, one result, when saves let a game fork: a state machine against a model of the rule.

Issue #25 found, in the other two games, a finished game turned into an abandoned one:
save, play on and finish; resume the older save, one turn, quit. Here real apps play
real games with real save files and the real ledger in a temporary data folder; the
rules save, play on, finish, quit (abandon, or leave a saved game), hang up (a recovery
save) and resume any save of any game, an older one too, in any order, with several
copies of one game running at once.

The model is the rule of docs/foundation.md: per game id the first finished record
stands for good; until there is one the latest record stands; a save of a game whose
result is recorded resumes as a replay, which says so and records nothing (the model
counts the lines of the statistics file, so a record written by a replay shows); a copy
resumed before its game ended elsewhere records at its end and the ledger passes that
record over. After every step the statistics, as ``dixmille --stats NAME`` reports them,
must match the model: each game once, each player's games, abandoned, finished, solitaire
games, wins and shared wins, on the page as in the totals.
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from parlour.core import ledger
from parlour.dixmille.files import savefile, stats, statsfile
from parlour.dixmille.game.rules import FOUR_TWOS_TURN, Pass, Phase, TakeDice
from parlour.dixmille.terminal import statsview
from parlour.dixmille.terminal.app import DixMilleApp, Mode
from parlour.tui.glyphs import ASCII
from tests.dixmille.helpers import read_games
from tests.hypothesis_profiles import examples

LINEUPS = (("Ann",), ("Ann", "Bob"), ("Bob", "Ann"))
MAX_KEYS = 20_000
MAX_COPIES = 3
SAVED = "Your game is saved in {path}; resume with: dixmille {path}"
REPLAY = "Replay, not counted"


@dataclass
class Copy:
    """A running copy of a game and what the model knows of it."""

    app: DixMilleApp
    rng: random.Random
    replay: bool = False


@dataclass
class Model:
    outcomes: dict[str, bool] = field(default_factory=dict)
    """Game id -> finished, as the rule keeps it."""
    lineups: dict[str, tuple[str, ...]] = field(default_factory=dict)
    winners: dict[str, tuple[str, ...]] = field(default_factory=dict)
    lines: int = 0
    """Records in the statistics file (a replay writes none)."""
    passed_over: int = 0
    """Records of a game written after its result (by a copy resumed before it)."""

    def settled(self, game_id: str | None) -> bool:
        return game_id is not None and self.outcomes.get(game_id, False)


class OneResultMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="dix-one-result-"))
        self.old_data_dir = os.environ.get("PARLOUR_DATA_DIR")
        os.environ["PARLOUR_DATA_DIR"] = str(self.folder / "data")
        self.model = Model()
        self.copies: list[Copy] = []
        self.saves: list[Path] = []
        self.read_bytes = b""
        self.reading = ledger.Reading()
        self.games: list[stats.GameRecord] = []

    def teardown(self) -> None:
        """The end of the evening: the game opened last is played to its end, the others
        get one more throw and are quit without saving (so a copy resumed before its game
        ended in another one records an abandoned game after the result: passed over),
        the statistics are checked a last time, and the folder goes."""
        try:
            if self.copies:
                self.finish(0, unsaved=True)
            for copy in list(self.copies):
                if self._to_prompt(copy):
                    self._key(copy)
                self._quit(copy)
            self.the_statistics_follow_the_rule()
        finally:
            self._clean_up()

    def _clean_up(self) -> None:
        if self.old_data_dir is None:
            os.environ.pop("PARLOUR_DATA_DIR", None)
        else:
            os.environ["PARLOUR_DATA_DIR"] = self.old_data_dir
        shutil.rmtree(self.folder, ignore_errors=True)

    # ----- playing -----
    def _key(self, copy: Copy) -> None:
        """One key of sensible play (stop at 300 or with fewer than 3 dice, some chance)."""
        app = copy.app
        game = app.game
        assert game is not None
        if app.mode is Mode.ACK:
            app.handle_key(" ")
        else:
            assert app.mode is Mode.PLAY and not game.over
            moves = game.legal_moves()
            move = moves[0] if copy.rng.random() < 0.7 else copy.rng.choice(moves)
            if game.phase is Phase.CHOOSE:
                enough = game.turn_points >= 300 or game.dice_left < 3
                move = Pass() if enough or copy.rng.random() < 0.1 else moves[0]
            if isinstance(move, TakeDice):
                for position in move.positions:
                    app.handle_key(str(position))
                app.handle_key("ENTER")
            else:
                app.handle_key(str(move))
        if app.mode is Mode.STANDINGS:
            self._ended(copy)

    def _ended(self, copy: Copy) -> None:
        """The game has ended on the standings: recorded, unless it is a replay; then leave."""
        app = copy.app
        note = REPLAY in (app.exit_message or "")
        assert note is copy.replay
        self._recorded(copy, finished=True)
        app.handle_key("q")
        assert app.finished
        self.copies.remove(copy)

    def _recorded(self, copy: Copy, finished: bool) -> None:
        """What the model expects of a record the app writes (none for a replay)."""
        game = copy.app.game
        assert game is not None and game.game_id is not None
        if copy.replay:
            return
        self.model.lines += 1
        if self.model.settled(game.game_id):
            self.model.passed_over += 1
            event("a record passed over: the game ended in another copy")
            return
        self.model.outcomes[game.game_id] = finished
        self.model.lineups[game.game_id] = tuple(p.name for p in game.players)
        if finished:
            self.model.winners[game.game_id] = tuple(game.players[i].name for i in game.winners())

    def _to_prompt(self, copy: Copy) -> bool:
        """Play on to a throw/pass prompt (where S and Q work); False if the game ended."""
        for _ in range(MAX_KEYS):
            app = copy.app
            if app.finished:
                return False
            assert app.game is not None
            if app.mode is Mode.PLAY and app.game.phase is not Phase.TAKE:
                return True
            self._key(copy)
        raise AssertionError("no prompt reached")

    def _pick(self, index: int) -> Copy:
        """A running copy, the latest opened first (Hypothesis tries 0 most); with none
        running, the oldest save resumed (or a new game): every step acts on a game."""
        if not self.copies:
            if self.saves:
                self._resume(self.saves[0], index)
            else:
                self._start(LINEUPS[0], index)
        return self.copies[-1 - index % len(self.copies)]

    # ----- rules (none with a precondition, so Hypothesis never gives up looking for one
    # it may run) -----
    @initialize(
        lineup=st.sampled_from(LINEUPS), seed=st.integers(0, 2**32), keys=st.integers(0, 40)
    )
    def first_game(self, lineup: tuple[str, ...], seed: int, keys: int) -> None:
        """A game, some keys of it, and its first save: the point the game may fork from."""
        self._start(lineup, seed)
        (copy,) = self.copies
        for _ in range(keys):
            self._key(copy)
        self._save(copy)

    def _start(self, lineup: tuple[str, ...], seed: int) -> None:
        # --four-twos turn: the optimum the app judges each human turn by is one table
        app = DixMilleApp(ASCII, names=list(lineup), seed=seed, pace=0, four_twos=FOUR_TWOS_TURN)
        self.copies.append(Copy(app, random.Random(seed)))

    def _resume(self, path: Path, seed: int) -> None:
        game = savefile.load(path)
        replay = self.model.settled(game.game_id)
        event("a replay resumed" if replay else "a save resumed")
        app = DixMilleApp(ASCII, game=game, pace=0, save_path=str(path))
        assert (app.keep.replay is not None) is replay
        assert app.ui.message.startswith(REPLAY) is replay
        self.copies.append(Copy(app, random.Random(seed), replay=replay))

    @rule(
        new=st.booleans(),
        lineup=st.sampled_from(LINEUPS),
        which=st.integers(0, 2**16),
        seed=st.integers(0, 2**32),
    )
    def open(self, new: bool, lineup: tuple[str, ...], which: int, seed: int) -> None:
        """Resume a save, the oldest first (the game forks), or start a new game (``new``,
        or when there is no save yet)."""
        if len(self.copies) >= MAX_COPIES:
            return
        if new or not self.saves:
            self._start(lineup, seed)
        else:
            self._resume(self.saves[which % len(self.saves)], seed)

    def _save(self, copy: Copy) -> None:
        """S at the next prompt: a new save of the game (none if the game ends first)."""
        if not self._to_prompt(copy):
            return
        path = self.folder / f"save-{len(self.saves) + 1}.json"
        for key in ("S", "CTRL_U", *str(path), "ENTER"):
            copy.app.handle_key(key)
        assert path.exists() and copy.app.mode is Mode.PLAY
        self.saves.append(path)

    @rule(index=st.integers(0, MAX_COPIES - 1), keys=st.integers(1, 80), unsaved=st.booleans())
    def play_on(self, index: int, keys: int, unsaved: bool) -> None:
        """Some keys of play, then a save unless ``unsaved`` (saving is the simplest case for
        Hypothesis, so that forks come often)."""
        copy = self._pick(index)
        for _ in range(keys):
            if copy.app.finished:
                return
            self._key(copy)
        if not unsaved:
            self._save(copy)

    @rule(index=st.integers(0, MAX_COPIES - 1), unsaved=st.booleans())
    def finish(self, index: int, unsaved: bool) -> None:
        """A save (unless ``unsaved``), then play on to the end: the save is of a finished game."""
        copy = self._pick(index)
        if not unsaved:
            self._save(copy)
        for _ in range(MAX_KEYS):
            if copy.app.finished:
                return
            self._key(copy)
        raise AssertionError("the game never ended")

    @rule(index=st.integers(0, MAX_COPIES - 1), hang_up=st.booleans())
    def leave(self, index: int, hang_up: bool) -> None:
        """Q y, and n to saving first (abandoned, or left as its save holds it); or the
        terminal goes away (a recovery save, nothing recorded, which can be resumed)."""
        copy = self._pick(index)
        if not self._to_prompt(copy):
            return
        app = copy.app
        if hang_up:
            unsaved = app.keep.dirty
            self.copies.remove(copy)
            app.end_of_input()
            if unsaved:
                message = app.exit_message or ""
                self.saves.append(Path(message.split("saved to ", 1)[1].split(";", 1)[0]))
            return
        self._quit(copy)

    def _quit(self, copy: Copy) -> None:
        """Q y, and n to saving first: abandoned, or left as its save holds it (a replay:
        left, recorded in neither case)."""
        if not self._to_prompt(copy):
            return
        app = copy.app
        unsaved, save_path = app.keep.dirty, app.keep.save_path
        played = app.game is not None and any(p.turns for p in app.game.players)
        app.handle_key("Q")
        app.handle_key("y")
        if app.mode is Mode.SAVE_FIRST:
            app.handle_key("n")
        assert app.finished
        self.copies.remove(copy)
        if save_path is not None and not unsaved:
            assert (app.exit_message or "").startswith(SAVED.replace("{path}", save_path))
        elif unsaved or (save_path is None and played):
            self._recorded(copy, finished=False)
        assert (REPLAY in (app.exit_message or "")) is copy.replay

    # ----- what must hold -----
    @invariant()
    def the_statistics_follow_the_rule(self) -> None:
        path = statsfile.KEEPER.ledger_path()
        data = path.read_bytes() if path.exists() else b""
        assert data.count(b"\n") == self.model.lines, "a record too many or too few"
        if data != self.read_bytes:  # read again only when the file changed
            self.read_bytes = data
            self.games, message = read_games()  # every game the file holds, once each
            assert message is None
            self.reading = ledger.read(
                path, stats.parse_record, lambda g: g.game_id, statsfile.KEEPER.fold.is_final
            )
        assert self.reading.replays == self.model.passed_over
        games = self.games
        assert {g.game_id: g.finished for g in games} == self.model.outcomes
        assert len(games) == len(self.model.outcomes), "a game counted twice"
        for name in ("Ann", "Bob"):
            self._player(games, name)

    def _player(self, games: list[stats.GameRecord], name: str) -> None:
        model = self.model
        mine = [i for i, names in model.lineups.items() if name in names]
        rows = stats.totals(games, name)
        if not mine:
            assert rows == []
            return
        finished = [i for i in mine if model.outcomes[i]]
        against = [i for i in finished if len(model.lineups[i]) > 1]
        expected = {
            "Games played": len(mine),
            "  abandoned": len(mine) - len(finished),
            "  finished vs others": len(against),
            "    won": sum(1 for i in against if model.winners[i] == (name,)),
            "    shared": sum(
                1 for i in against if name in model.winners[i] and len(model.winners[i]) > 1
            ),
            "  finished solitaire": len(finished) - len(against),
        }
        (row,) = rows
        counts = (row.games, row.abandoned, row.finished, row.won, row.shared, row.solitaire)
        assert counts == tuple(expected.values())
        page = statsview.render_stats(rows, 0, stats.title(games, rows, name)).to_text()
        assert page.startswith(f"DIX MILLE STATISTICS - {stats.games_label(len(mine))}, {name}\n")
        shown = {
            line[: statsview.LABEL].rstrip(): int(line[statsview.LABEL :])
            for line in page.splitlines()
            if line[: statsview.LABEL].rstrip() in expected
        }
        assert shown == expected


OneResultMachine.TestCase.settings = settings(
    max_examples=examples(15),
    stateful_step_count=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_one_result_model = OneResultMachine.TestCase
