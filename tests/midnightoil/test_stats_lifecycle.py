"""One game, one result, whatever the path (Hypothesis stateful testing; issue #25).

Two copies of the game run side by side on one data folder with real save files
and a real ledger, driven by keys: moves, undo, the solver's line played as the
player's (a win), auto-solve (the computer's game), pauses (when the last deal's
end is proven), saves, quitting with and without saving, new deals, restarts,
hang-ups (recovery saves) and resuming any save, an older one included, in
either copy. A tiny model says which games exist and the result each must have:

* a game ends when it is won (solved if auto-solve was used), when no move is
  left, when the solver proves in the last deal that no card can come home, when
  auto-solve stops, or when it is left or quit unsaved after a move (lost, or
  solved after auto-solve);
* a game whose current position is in a save file is not counted when it is
  left or hung up;
* **the first result of a game stands**: whatever a later end of it says (an
  older save resumed and played on, another copy ending it), it records nothing.

After every step the ledger and the statistics must agree with the model; at
an end nothing may move; resuming a save says "a replay" exactly when the
model's game already has a result.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from parlour.core import ledger, paths
from parlour.midnightoil.computer import solver
from parlour.midnightoil.files import savefile
from parlour.midnightoil.files.stats import LOST, SOLVED, WON, GameRecord
from parlour.midnightoil.files.statsfile import KEEPER, load_stats
from parlour.midnightoil.game.cards import DECK_SIZE, FAN_KEYS
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import BUILD, FOUNDATION
from parlour.midnightoil.terminal import leaving
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.tui.glyphs import ASCII
from tests.hypothesis_profiles import examples
from tests.midnightoil.farewell import RECOVERED

COPIES = (0, 1)
SLOTS = ("a.json", "b.json")
DEALS = (1, 3)
"""Deal 3 is won by the solver's first line; auto-solve ends deal 1 without a win."""
SOLVE_STEPS = 400


class Copy:
    """One running copy of the game and what the model knows of its game."""

    def __init__(self, app: MidnightOilApp, game: int, saved: bool) -> None:
        self.app = app
        self.game = game
        """The model's number for the game (never the app's id: the model must not trust it)."""
        self.saved_spot = spot(app) if saved else None
        self.end_key: tuple[object, ...] | None = None
        """The last position the model knows to be an end of this copy's game."""

    def at_end(self) -> bool:
        state = self.app.game.state
        return state.is_won() or state.key() == self.end_key


def spot(app: MidnightOilApp) -> tuple[object, ...]:
    game = app.game
    return (game.state.key(), game.moves, game.solver_used)


class Lifecycle(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = paths.data_dir()
        for old in self.folder.rglob("*"):
            if old.is_file():
                old.unlink()
        self.copies: dict[int, Copy] = {}
        self.saves: dict[str, tuple[Path, int]] = {}
        self.results: dict[int, tuple[str, int]] = {}
        """Each game's result (outcome, cards home), by the model's own number for the game."""
        self.games = 0
        # Durability is not what is tested here, and fsync on a busy disk is slow.
        self.real_fsync = os.fsync
        os.fsync = lambda fd: None
        # N's "random" deal, made repeatable so that Hypothesis can replay and shrink a run.
        self.real_random_deal = leaving._random_deal
        self.new_deals = 0
        leaving._random_deal = self.next_deal

    def next_deal(self) -> int:
        self.new_deals += 1
        return DEALS[self.new_deals % len(DEALS)]

    def teardown(self) -> None:
        os.fsync = self.real_fsync
        leaving._random_deal = self.real_random_deal

    # -- the model's rules -------------------------------------------------------------

    def end(self, copy: Copy, outcome: str | None = None) -> None:
        """The copy's game ends here: its result, unless it has one already (that one stands)."""
        game = copy.app.game
        if outcome is None:
            outcome = SOLVED if game.solver_used else LOST
        copy.end_key = game.state.key()
        self.results.setdefault(copy.game, (outcome, game.state.cards_home()))

    def outcome_if_left(self, copy: Copy) -> None:
        """Leaving or quitting unsaved: a touched game not saved here ends as lost/solved."""
        game = copy.app.game
        if not game.touched or copy.saved_spot == spot(copy.app):
            return
        self.results.setdefault(
            copy.game, (SOLVED if game.solver_used else LOST, game.state.cards_home())
        )

    def after_play(self, copy: Copy) -> None:
        state = copy.app.game.state
        if state.is_won():
            self.end(copy, SOLVED if copy.app.game.solver_used else WON)
        elif state.is_stuck():
            self.end(copy)

    def press(self, copy: Copy, *keys: str) -> None:
        for key in keys:
            copy.app.handle_key(key)
        copy.app.render(24, 80)  # every screen on the way must draw

    def live(self) -> list[int]:
        """The copies still running (a copy that quit is gone)."""
        for index in [i for i, c in self.copies.items() if c.app.finished]:
            del self.copies[index]
        return sorted(self.copies)

    def running(self, index: int) -> Copy | None:
        live = self.live()
        return self.copies[live[index % len(live)]] if live else None

    def free(self) -> int:
        return next(i for i in COPIES if i not in self.copies)

    def save_to(self, copy: Copy, slot: str, quitting: bool) -> None:
        app = copy.app
        path = self.folder / slot
        if quitting:
            self.press(copy, "Q")
            if app.prompt is None:  # nothing to lose: it quit at once
                return
            self.press(copy, "y")
        else:
            self.press(copy, "S")
        assert app.prompt is not None and app.prompt.editor is not None
        app.prompt.editor.text = str(path)
        app.prompt.editor.cursor = len(str(path))
        self.press(copy, "ENTER")
        if app.prompt is not None:  # an overwrite question
            self.press(copy, "y")
        self.saves[slot] = (path, copy.game)
        copy.saved_spot = spot(app)

    # -- rules ----------------------------------------------------------------------------

    @precondition(lambda self: len(self.live()) < len(COPIES))
    @rule(deal=st.sampled_from(DEALS))
    def start(self, deal: int) -> None:
        self.games += 1
        self.copies[self.free()] = Copy(MidnightOilApp(Game(deal), ASCII), self.games, saved=False)

    @precondition(lambda self: self.saves and len(self.live()) < len(COPIES))
    @rule(choice=st.integers(0, 20))
    def resume(self, choice: int) -> None:
        """Any save, a recovery save included, in either copy (the same game may run twice)."""
        path, game = self.saves[sorted(self.saves)[choice % len(self.saves)]]
        app = MidnightOilApp(savefile.load(path), ASCII, save_path=str(path))
        self.copies[self.free()] = Copy(app, game, saved=True)
        # A save of a game that has its result is a replay, and says so as it loads.
        assert ("a replay of an ended game" in app.message) == (game in self.results)

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES), choice=st.integers(0, 40))
    def move(self, index: int, choice: int) -> None:
        copy = self.running(index)
        if copy is None:
            return
        moves = [
            m
            for m in copy.app.game.state.legal_moves(include_draw=False)
            if m.kind in (BUILD, FOUNDATION)
        ]
        if not moves:
            if copy.app.game.state.redeals_left:
                self.press(copy, "D")
            return
        move = moves[choice % len(moves)]
        target = str(move.target + 1) if move.home else FAN_KEYS[move.target]
        before, over = copy.app.game.state, copy.at_end()
        self.press(copy, FAN_KEYS[move.source], target)
        if over:  # an end is final: nothing moves
            assert copy.app.game.state == before
            return
        self.after_play(copy)

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES))
    def solver_line(self, index: int) -> None:
        """The solver's plan for this deal, played by the player (it is the player's game)."""
        copy = self.running(index)
        if copy is None or copy.at_end():
            return
        for move in solver.best_moves(copy.app.game.state):
            copy.app.play([move])
        self.after_play(copy)

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES))
    def auto_solve(self, index: int) -> None:
        copy = self.running(index)
        if copy is None:
            return
        if copy.at_end():
            self.press(copy, "!")
            assert not copy.app.assist.solving and copy.app.prompt is None  # refused at an end
            return
        self.press(copy, "!")
        if copy.app.prompt is not None:
            self.press(copy, "y")
        for _ in range(SOLVE_STEPS):
            if not copy.app.assist.solving:
                break
            copy.app.handle_key("TIMEOUT")
        assert not copy.app.assist.solving
        self.end(copy, SOLVED)  # won or stopped, the computer ended it

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES))
    def pause(self, index: int) -> None:
        copy = self.running(index)
        if copy is None:
            return
        state = copy.app.game.state
        if state.redeals_left == 0 and not copy.at_end():
            verdict = solver.can_win(state)
            if state.is_stuck() or (verdict.complete and verdict.best_home <= state.cards_home()):
                self.end(copy)
        self.press(copy, "TIMEOUT")

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES))
    def undo(self, index: int) -> None:
        copy = self.running(index)
        if copy is not None:
            self.press(copy, "u")

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES), slot=st.sampled_from(SLOTS))
    def save(self, index: int, slot: str) -> None:
        copy = self.running(index)
        if copy is not None:
            self.save_to(copy, slot, quitting=False)

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES), slot=st.sampled_from(SLOTS))
    def quit_and_save(self, index: int, slot: str) -> None:
        copy = self.running(index)
        if copy is not None:
            self.save_to(copy, slot, quitting=True)
            assert copy.app.finished

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES))
    def quit_unsaved(self, index: int) -> None:
        copy = self.running(index)
        if copy is None:
            return
        self.outcome_if_left(copy)
        self.press(copy, "Q")
        if copy.app.prompt is not None:
            self.press(copy, "n")
        assert copy.app.finished

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES), key=st.sampled_from(("N", "R")))
    def leave(self, index: int, key: str) -> None:
        copy = self.running(index)
        if copy is None:
            return
        self.outcome_if_left(copy)
        self.press(copy, key)
        if copy.app.prompt is not None:
            self.press(copy, "y")
        copy.saved_spot = None
        self.games += 1
        copy.game = self.games

    @precondition(lambda self: bool(self.live()))
    @rule(index=st.sampled_from(COPIES))
    def hang_up(self, index: int) -> None:
        copy = self.running(index)
        if copy is None:
            return
        copy.app.end_of_input()
        message = copy.app.exit_message or ""
        prefix = RECOVERED
        if message.startswith(prefix):  # nothing counted: the recovery save holds the game
            self.saves[f"recovery-{len(self.saves)}"] = (
                Path(message.removeprefix(prefix)),
                copy.game,
            )
        copy.app.finished = True

    # -- what must hold -------------------------------------------------------------------

    @invariant()
    def the_ledger_holds_each_games_first_result(self) -> None:
        reading = ledger.read(
            KEEPER.ledger_path(), GameRecord.from_dict, lambda r: r.game_id, lambda r: True
        )
        assert reading.damaged == 0 and reading.problem is None
        assert reading.replays == 0  # nothing is written after a game's result
        found = sorted((record.outcome, record.home) for record in reading.records)
        assert found == sorted(self.results.values())
        stats, warning = load_stats()
        assert warning is None
        results = list(self.results.values())
        outcomes = [outcome for outcome, _ in results]
        assert stats.played == len(results)
        assert (stats.won, stats.lost) == (outcomes.count(WON), outcomes.count(LOST))
        assert stats.computer_won == results.count((SOLVED, DECK_SIZE))
        assert stats.computer_lost == outcomes.count(SOLVED) - stats.computer_won
        assert sum(stats.histogram) == stats.own


Lifecycle.TestCase.settings = settings(
    max_examples=examples(100),
    stateful_step_count=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
test_every_game_has_one_result = Lifecycle.TestCase
