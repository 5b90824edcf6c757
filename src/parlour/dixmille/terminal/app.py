"""The Dix Mille terminal application: keys -> moves, ZEDX at a readable pace, dialogues.

Modes: asking the number of players and their names; playing (a human's
throw/pass or take prompt, or ZEDX playing one step per pause); a key press
after a human's bust; the save dialogue; quitting (offers to save); the
rules and statistics pages; the end of the game (the standings, waiting for a
key, then this game's statistics). ZEDX's pauses end early on any key (for the
rest of its turn) and are zero in tests (``pace=0``).

A resumed save of a game whose result is already recorded is a *replay*
(docs/foundation.md, "One game, one result"): it says so as it starts and on its
board, and records nothing at its end, when quit or when input ends.
"""

from __future__ import annotations

import contextlib
import time
from enum import Enum, auto

from parlour import TYPE_CHECKING
from parlour.core.record import replace
from parlour.core.rng import choose_seed, make_rng
from parlour.core.text import fit, printable
from parlour.dixmille.game.records import BUST, FOUR_TWOS
from parlour.dixmille.game.rules import (
    FOUR_TWOS_GAME,
    Game,
    IllegalMove,
    Move,
    Outcome,
    Pass,
    Phase,
    TakeDice,
    Throw,
    new_game,
    parse_positions,
)
from parlour.dixmille.terminal import ending, view
from parlour.dixmille.terminal.keybar import ACK_KEYS, ZEDX_KEYS, ask
from parlour.dixmille.terminal.logview import ROOM, max_scroll, render_log
from parlour.dixmille.terminal.saving import NO_NAME, SaveDialog, Step, with_path
from parlour.dixmille.terminal.setup import SetupForm
from parlour.dixmille.terminal.statsscreen import (
    FOOTER_OVER,
    FOOTER_PLAYING,
    LEAVE,
    Action,
    StatsScreen,
)
from parlour.dixmille.terminal.takeinput import edit_take, highlighted
from parlour.dixmille.terminal.turnlog import Before, TurnLog
from parlour.dixmille.terminal.zedxturn import ZedxTurn
from parlour.tui import keys
from parlour.tui.app import TerminalApp
from parlour.tui.frame import Frame
from parlour.tui.glyphs import Glyphs

if TYPE_CHECKING:  # statistics, analysis and saving are imported when first used
    from pathlib import Path

    from parlour.dixmille.files.stats import GameLine

DEFAULT_PACE = 0.8
DEFAULT_SAVE = "dixmille-save.json"
WIDTH = view.WIDTH
SAVED_BOTH = "Saved in {path}; resume with: dixmille {path}"
SAVED_SHORT = "Saved: resume with dixmille {path}"
ZEDX_ENDED = "Going on in a moment (any key: now)"
ZEDX_ENDED_LAST = "The final standings in a moment (any key: now)"
HUMAN_ENDED = "Press any key for the next player"
HUMAN_ENDED_LAST = "Press any key for the final standings"


class Mode(Enum):
    SETUP = auto()
    PLAY = auto()
    ACK = auto()
    SAVE = auto()
    QUIT = auto()
    SAVE_FIRST = auto()
    RULES = auto()
    LOG = auto()
    STATS = auto()
    STANDINGS = auto()
    OVER = auto()


class DixMilleApp(TerminalApp):
    """One game of Dix Mille on an 80x24 terminal."""

    program = "dixmille"

    def __init__(
        self,
        glyphs: Glyphs,
        names: list[str] | None = None,
        game: Game | None = None,
        seed: int | None = None,
        pace: float = DEFAULT_PACE,
        four_twos: str = FOUR_TWOS_GAME,
        save_path: str | None = None,
    ) -> None:
        super().__init__()
        self.glyphs = glyphs
        self.pace = max(pace, 0.0)
        self.four_twos = four_twos
        self.seed = choose_seed(seed)
        self.ui = view.UiState()
        self.game: Game | None = game
        self.save_path = save_path
        self.dirty = False
        self.recorded = False
        self.names: list[str] = []
        self.setup = SetupForm()
        self.saving = SaveDialog(DEFAULT_SAVE, None)
        self.mode = Mode.SETUP
        self.back = Mode.PLAY
        self.stats = StatsScreen()
        self.skip = False
        self.due = 0.0
        self.zedx = ZedxTurn()
        self.turnlog = TurnLog()
        self.ui.log = self.turnlog.entries
        self.headline = ""
        self.log_scroll = 0
        self._ack_is_zedx = False
        self.result = ""
        self.end_notes: list[str] = []
        self.replay: GameLine | None = None
        """The recorded result of this game, when this is a replay of it."""
        if game is not None:
            self.seed = game.seed
            from parlour.dixmille.files import stats
            from parlour.dixmille.terminal.replay import rebuild_log  # a resumed game only

            self.turnlog = rebuild_log(game, glyphs) or TurnLog()  # the log as it was saved
            self.ui.log = self.turnlog.entries
            self.recorded = game.over  # a finished game was recorded when it ended
            opening = with_path(save_path, "Game resumed from {path}") if save_path else ""
            self.replay = None if game.over else stats.settled(game.game_id)
            if self.replay is not None:
                self.recorded = True  # its result is recorded: nothing more will be
                opening = ending.replay_opening(self.replay)
            self._start_play(opening)
        elif names:
            self.names = names
            self._new_game()
        else:
            self.mode = Mode.SETUP

    # ----- set-up -----
    def _new_game(self) -> None:
        self.game = new_game(self.names, make_rng(self.seed), self.seed, self.four_twos)
        self._start_play(self._opening())

    def _opening(self) -> str:
        """Who starts, and the seat order (a solitaire game has none)."""
        assert self.game is not None
        players = self.game.players
        first = players[0].name
        if len(players) == 1:
            if players[0].computer:
                return f"{first} plays a solitaire game: 10,000 in as few turns as it can"
            return f"{first}, a solitaire game: reach 10,000 in as few turns as you can"
        order = ", ".join(p.name for p in players)
        return f"{first} throws first. Seat order: {order}"

    def _start_play(self, message: str) -> None:
        self.mode = Mode.PLAY
        self.ui.message = message
        self.ui.alert = False
        self._turn_begins()

    def _setup_key(self, key: str) -> None:
        names = self.setup.feed(key)
        if self.setup.left:
            self.finished = True
            self.exit_message = "dixmille: no game started"
        elif names is not None:
            self.names = names
            self._new_game()

    # ----- turns -----
    @property
    def zedx_to_move(self) -> bool:
        return (
            self.mode is Mode.PLAY
            and self.game is not None
            and not self.game.over
            and self.game.player.computer
        )

    def _turn_begins(self) -> None:
        """Set the prompt for whoever moves now (or arm ZEDX's first step)."""
        game = self.game
        assert game is not None
        if game.over:
            self._game_over()
            return
        self.ui.highlight = frozenset()
        if game.player.computer:
            self.ui.prompt = f"{game.player.name} is playing... (any key hurries)"
            self.ui.entry = None
            self.ui.keys = ZEDX_KEYS
            self._arm()
            return
        self._human_prompt()

    def _human_prompt(self) -> None:
        game = self.game
        assert game is not None
        asked = ask(game)
        self.ui.prompt, self.ui.keys = asked.prompt, asked.keys
        if asked.take:
            self.ui.entry = self.ui.entry or ""
            self.ui.dice = game.thrown
        else:
            self.ui.entry = None
        if game.phase is Phase.START:
            self.ui.dice = ()

    def _arm(self) -> None:
        self.due = time.monotonic() + (0.0 if self.skip else self.pace)

    def timeout(self) -> float | None:
        if self.zedx_to_move or (self.mode is Mode.ACK and self._ack_is_zedx):
            return max(self.due - time.monotonic(), 0.0)
        return None

    def _apply(self, move: Move) -> Outcome:
        """Play a move, log it (the headline of a bust or four 2s is kept for the screen)."""
        from parlour.dixmille.computer import analysis

        game = self.game
        assert game is not None
        seat = game.seat
        before = Before.of(game)
        outcome = game.apply(move)
        self.dirty = True
        self.headline = self.turnlog.add(before, outcome, game, self.glyphs)
        self.ui.log = self.turnlog.entries
        if outcome.turn_ended and not game.players[seat].computer:
            analysis.annotate(game.players[seat].turns[-1], game.four_twos == FOUR_TWOS_GAME)
        return outcome

    def _zedx_step(self) -> None:
        """One step of ZEDX's turn, shown until the next pause ends."""
        game = self.game
        assert game is not None
        step = self.zedx.step(game, self._apply)
        self.ui.highlight = step.highlight
        if step.dice is not None:
            self.ui.dice = step.dice
        if step.ended is not None:
            self._after_turn(step.ended, step.message)
            return
        self.ui.message = step.message
        self.ui.alert = step.alert
        self._arm()

    def _after_turn(self, out: Outcome, message: str) -> None:
        """A turn has ended: show how (ZEDX pauses, a human's bust waits for a key)."""
        game = self.game
        assert game is not None
        was_computer = game.players[out.seat].computer
        if out.kind in (BUST, FOUR_TWOS) and self.headline:
            message = self.headline
        self.ui.message = message
        self.ui.alert = out.kind in (BUST, FOUR_TWOS)
        self.ui.dice = out.dice
        self.ui.highlight = frozenset()
        self.zedx.pending = None
        ended = f"{game.players[out.seat].name}'s turn is over."
        if was_computer:
            self.ui.ended = ended
            self.mode = Mode.ACK
            self._ack_is_zedx = True
            # it goes on by itself after a pause (none once a key has hurried ZEDX)
            self.ui.prompt = "" if self.skip else ZEDX_ENDED_LAST if game.over else ZEDX_ENDED
            self.ui.entry = None
            self._arm()
            return
        if out.kind in (BUST, FOUR_TWOS):
            self.ui.ended = ended
            self.mode = Mode.ACK
            self._ack_is_zedx = False
            self.ui.prompt = HUMAN_ENDED_LAST if game.over else HUMAN_ENDED
            self.ui.entry = None
            self.ui.keys = ACK_KEYS
            return
        self._next_turn()

    def _next_turn(self) -> None:
        self.mode = Mode.PLAY
        self.skip = False
        self._ack_is_zedx = False
        self.ui.dice = ()
        self.ui.ended = ""
        self._turn_begins()

    # ----- keys -----
    def handle_key(self, key: str) -> None:
        self.ui.bell = False
        if key == keys.RESIZE or key == keys.CTRL_L:
            return
        if self.mode is Mode.SETUP:
            self._setup_key(key)
        elif self.mode is Mode.RULES:
            self.mode = self.back
        elif self.mode is Mode.LOG:
            self._log_key(key)
        elif self.mode is Mode.STATS or self.mode is Mode.OVER:
            self._stats_key(key)
        elif self.mode is Mode.STANDINGS:
            self._standings_key(key)
        elif self.mode is Mode.SAVE:
            self._save_key(key)
        elif self.mode in (Mode.QUIT, Mode.SAVE_FIRST):
            self._quit_key(key)
        elif self.mode is Mode.ACK:
            if key == keys.TIMEOUT and not self._ack_is_zedx:
                return
            if key in ("Q", keys.INTERRUPT):
                self._ask_quit()
                return
            self._next_turn()
        elif self.zedx_to_move:
            if key == keys.TIMEOUT:
                self._zedx_step()
            elif key in ("Q", keys.INTERRUPT):
                self._ask_quit()
            else:
                self.skip = True
                self.due = 0.0
        else:
            self._human_key(key)

    def _refuse(self, reason: str) -> None:
        self.ui.message = reason
        self.ui.alert = True
        self.ui.bell = True

    def _human_key(self, key: str) -> None:
        game = self.game
        assert game is not None
        if key == keys.TIMEOUT:
            return
        if self._common_key(key):
            return
        if game.phase is Phase.TAKE:
            self._take_key(key)
            return
        lower = key.lower() if len(key) == 1 else key
        try:
            if lower == "t":
                out = self._apply(Throw())
                self.ui.highlight = frozenset()
                if out.turn_ended:
                    self._after_turn(out, out.message)
                    return
                self.ui.dice = out.dice
                self.ui.message = out.message
                self.ui.alert = out.kind == "one_miss"
                self._human_prompt()
            elif lower == "p":
                out = self._apply(Pass())
                self._after_turn(out, out.message)
            else:
                self._refuse(f"Keys here: {self.ui.keys}")
        except IllegalMove as exc:
            self._refuse(str(exc))

    def _common_key(self, key: str) -> bool:
        """The keys of every human prompt (typing a take too); True if ``key`` was one."""
        if key == "S":
            self._start_save(Mode.PLAY, None)
        elif key in ("i", "I"):
            self._show_stats(Mode.PLAY)
        elif key == "?":
            self.back = Mode.PLAY
            self.mode = Mode.RULES
        elif key in ("l", "L"):
            self.mode = Mode.LOG
            self.log_scroll = 0
        elif key in ("Q", "q", keys.INTERRUPT):
            self._ask_quit()
        elif key == "s" and self.game is not None and self.game.phase is not Phase.TAKE:
            self._start_save(Mode.PLAY, None)
        else:
            return False
        return True

    def _log_key(self, key: str) -> None:
        """Scroll the turn log page; any other key goes back to the game."""
        assert self.game is not None
        solo = len(self.game.players) == 1
        most = max_scroll(self.turnlog.entries, solo)
        steps = {keys.UP: 1, keys.DOWN: -1, keys.PGUP: ROOM, keys.PGDN: -ROOM}
        if key in steps:
            self.log_scroll = max(0, min(self.log_scroll + steps[key], most))
        elif key == keys.HOME:
            self.log_scroll = most
        elif key == keys.END:
            self.log_scroll = 0
        elif key not in (keys.TIMEOUT, keys.RESIZE):
            self.mode = Mode.PLAY

    def _take_key(self, key: str) -> None:
        game = self.game
        assert game is not None
        entry = self.ui.entry or ""
        if key == keys.ENTER:
            try:
                move = TakeDice(parse_positions(entry))
                out = self._apply(move)
            except IllegalMove as exc:
                self._refuse(str(exc))
                return
            self.ui.message = out.message
            self.ui.alert = False
            self.ui.dice = ()
            self.ui.highlight = frozenset()
            self.ui.entry = None
            self._human_prompt()
            return
        change = edit_take(entry, key, len(game.thrown))
        if change.refusal:
            self._refuse(change.refusal)
            return
        self.ui.entry = change.entry
        self.ui.highlight = highlighted(change.entry, len(game.thrown))

    # ----- saving and quitting -----
    def _start_save(self, back: Mode, then: str | None) -> None:
        self.back = back
        self.mode = Mode.SAVE
        self.saving = SaveDialog(self.save_path or DEFAULT_SAVE, self.save_path, then)

    def _save_key(self, key: str) -> None:
        step = self.saving.feed(key)
        if step is Step.CANCELLED:
            self.mode = self.back
            self.ui.message = "Not saved"
            self.ui.alert = False
            if self.saving.then == "quit":
                self._quit_now(record=True)
        elif step is Step.NO_NAME:
            self.ui.message = NO_NAME
        elif step is Step.WRITE:
            self._write(self.saving.path)

    def _write(self, path: str) -> None:
        from parlour.core.saves import SaveError, player_path
        from parlour.dixmille.files import savefile

        assert self.game is not None
        try:
            savefile.save(player_path(path), self.game)
        except SaveError as exc:
            self.saving.refused()
            self.ui.message = fit(f"Not saved: {exc.reason}", view.WIDTH)
            self.ui.alert = True
            return
        self.save_path = path
        self.dirty = False
        self.mode = self.back
        from parlour.core.shellpath import for_shell

        self.ui.message = with_path(for_shell(path), SAVED_BOTH, SAVED_SHORT)
        self.ui.alert = False
        if self.saving.then == "quit":
            self.finished = True
            self.exit_message = ending.quit_message(self.seed, path, False, self.replay)

    def _ask_quit(self) -> None:
        self.back = Mode.PLAY if self.mode is not Mode.ACK else Mode.ACK
        self.mode = Mode.QUIT

    def _quit_key(self, key: str) -> None:
        lower = key.lower() if len(key) == 1 else key
        if self.mode is Mode.QUIT:
            if lower == "y":
                if self.dirty:
                    self.mode = Mode.SAVE_FIRST
                else:
                    played = self.game is not None and any(p.turns for p in self.game.players)
                    self._quit_now(record=self.save_path is None and played)
            elif lower == "n" or key in (keys.ESC, keys.INTERRUPT):
                self.mode = self.back
                self._arm()
            return
        if lower == "y":
            self._start_save(self.back, "quit")
        elif lower == "n":
            self._quit_now(record=True)
        elif key in (keys.ESC, keys.INTERRUPT):
            self.mode = self.back

    def _record_abandoned(self) -> str | None:
        """Record the game as abandoned (once); a message if that failed."""
        from parlour.dixmille.files import stats

        if self.game is None or self.recorded:
            return None
        self._annotate_all()
        self.recorded = True
        return stats.record_game(self.game, finished=False)

    def _quit_now(self, record: bool) -> None:
        """Leave the game (recording it as abandoned if ``record``): say where it is, and
        what became of its statistics when they could not be recorded."""
        problem = self._record_abandoned() if record else None
        self.finished = True
        lines = [ending.quit_message(self.seed, self.save_path, self.dirty, self.replay)]
        self.exit_message = "\n".join([*lines, problem] if problem else lines)

    def end_of_input(self) -> None:
        """Input ended: save a recovery file (or, if none can be written, record the game)."""
        from parlour.core.saves import SaveError
        from parlour.dixmille.files import savefile

        if self.game is None or self.game.over or not self.dirty:
            return
        try:
            target = savefile.save_recovery(self.game, near=self._near())
        except SaveError as exc:
            problem = self._record_abandoned()  # the game itself is lost: keep its statistics
            lines = [f"dixmille: input ended; the game could not be saved ({exc.reason})"]
            self.exit_message = "\n".join(printable(line) for line in [*lines, problem] if line)
            return
        from parlour.core.shellpath import for_shell

        self.exit_message = printable(
            f"dixmille: input ended; your game was saved to {target}; "
            f"resume with: dixmille {for_shell(str(target))}"
        )

    def _near(self) -> Path | None:
        """The save this game came from or was last saved to (a recovery save may go
        beside it when the data folder cannot take it)."""
        from parlour.core.saves import player_path

        return None if self.save_path is None else player_path(self.save_path)

    def emergency_save(self) -> str | None:
        """After a crash: a recovery file (its path), or None (then the game is recorded)."""
        from parlour.dixmille.files import savefile

        try:
            if self.game is None or self.game.over:
                return None
            return printable(str(savefile.save_recovery(self.game, near=self._near())))
        except Exception:
            with contextlib.suppress(Exception):  # never raises: best effort only
                self._record_abandoned()
            return None

    # ----- statistics and the end -----
    def _annotate_all(self) -> None:
        from parlour.dixmille.computer import analysis

        assert self.game is not None
        wipes = self.game.four_twos == FOUR_TWOS_GAME
        for player in self.game.players:
            if not player.computer:
                for turn in player.turns:
                    analysis.annotate(turn, wipes)

    def _show_stats(self, back: Mode) -> None:
        self.back = back
        self.mode = Mode.STATS
        self.stats.show_recorded([p.name for p in self.game.players] if self.game else [])

    def _stats_key(self, key: str) -> None:
        """The statistics pages: after the game, q leaves and <- goes back to the standings."""
        over = self.mode is Mode.OVER
        action = self.stats.feed(key)
        if action is Action.LEAVE and not over:
            self.mode = self.back
        elif action is Action.LEAVE or (action is Action.DONE and over):
            self.finished = True
        elif action is Action.BEFORE_FIRST and over:
            self.mode = Mode.STANDINGS
        elif action is Action.FILTER and not over and self.game is not None:
            self.stats.next_filter([p.name for p in self.game.players])
        elif action is Action.BELL or action is Action.FILTER:
            self.ui.bell = True

    def _standings_key(self, key: str) -> None:
        """The standings wait for a key: q leaves, any other key shows this game's statistics."""
        if key in LEAVE:
            self.finished = True
        elif key != keys.TIMEOUT:
            self.mode = Mode.OVER
            self.stats.page = 0

    def _game_over(self) -> None:
        """Record the finished game (a replay is not) and show the standings."""
        from parlour.dixmille.files import stats

        game = self.game
        assert game is not None
        self._annotate_all()
        problem = None
        if not self.recorded:
            problem = stats.record_game(game, finished=True)
            self.recorded = True
        self.result = ending.game_result(game)
        self.end_notes = [problem] if problem else []
        if self.replay is not None:
            self.end_notes.append(ending.replay_note(self.replay))
        self.mode = Mode.STANDINGS
        self.stats.show_game(game, "\n".join([f"GAME OVER: {self.result}", *self.end_notes]))
        self.exit_message = ending.farewell(game, game.seed, self.end_notes)
        self.dirty = False

    def _seed_label(self) -> str:
        """The seed on the board's title line (a replay says so beside it)."""
        if self.replay is not None:
            return f"{ending.REPLAY_LABEL}   seed {self.seed}"
        return f"seed {self.seed}"

    # ----- drawing -----
    def render(self, height: int, width: int) -> Frame:
        if self.mode is Mode.SETUP:
            return self.setup.render(self.glyphs)
        if self.mode is Mode.LOG:
            assert self.game is not None
            solo = len(self.game.players) == 1
            return render_log(self.turnlog.entries, self.glyphs, self.log_scroll, solo)
        if self.mode is Mode.RULES:
            return view.render_rules(self.game is None or self.game.four_twos == FOUR_TWOS_GAME)
        if self.mode is Mode.STANDINGS:
            assert self.game is not None
            return ending.render_standings(
                self.game, self.turnlog.entries, self.glyphs, self._seed_label(), self.end_notes
            )
        if self.mode in (Mode.STATS, Mode.OVER):
            return self.stats.render(
                FOOTER_OVER if self.mode is Mode.OVER else FOOTER_PLAYING, self.glyphs
            )
        assert self.game is not None
        ui = self.ui
        shown = replace(ui)
        if self.mode is Mode.QUIT:
            shown.prompt, shown.entry, shown.keys = "Quit this game? (y/n)", None, ""
        elif self.mode is Mode.SAVE_FIRST:
            shown.prompt, shown.entry = "Save it before quitting? (y/n, ESC back)", None
            shown.keys = ""
        elif self.mode is Mode.SAVE:
            asked = self.saving.prompt()
            shown.prompt, shown.entry, shown.keys = asked.prompt, asked.entry, asked.keys
        frame = view.render(self.game, shown, self.glyphs, self._seed_label())
        if self.mode is Mode.SAVE:
            self.saving.draw(frame)
        return frame
