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

The app is made of parts with their own state: ``turns`` (:class:`Turns`: the turn
log, ZEDX's steps and pace, a turn's end), ``keep`` (:class:`Keeping`: the save
file and dialogue, the statistics record, the words on leaving), ``stats`` (the
statistics pages) and ``setup`` (the players' names). What is left here is which
screen shows and the keys every screen shares.
"""

from __future__ import annotations

from enum import Enum, auto

from parlour import TYPE_CHECKING
from parlour.core.i18n import _
from parlour.core.record import replace
from parlour.core.rng import choose_seed, make_rng
from parlour.core.text import width
from parlour.dixmille.game.rules import (
    FOUR_TWOS_GAME,
    TARGET,
    Game,
    Phase,
    new_game,
    points,
)
from parlour.dixmille.terminal import ending, view
from parlour.dixmille.terminal.keeping import QUIT, Keeping, Next
from parlour.dixmille.terminal.logview import ROOM, max_scroll, render_log
from parlour.dixmille.terminal.saving import with_path
from parlour.dixmille.terminal.setup import SetupForm
from parlour.dixmille.terminal.statsscreen import (
    FOOTER_OVER,
    FOOTER_PLAYING,
    LEAVE,
    Action,
    StatsScreen,
)
from parlour.dixmille.terminal.turnlog import TurnLog
from parlour.dixmille.terminal.turns import Turns
from parlour.tui import keys
from parlour.tui.app import TerminalApp
from parlour.tui.frame import Frame
from parlour.tui.glyphs import Glyphs

if TYPE_CHECKING:  # statistics, analysis and saving are imported when first used
    from parlour.dixmille.files.stats import GameRecord

DEFAULT_PACE = 0.8
WIDTH = view.WIDTH


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
        self.four_twos = four_twos
        self.seed = choose_seed(seed)
        self.ui = view.UiState()
        self.game: Game | None = game
        self.names: list[str] = []
        self.setup = SetupForm()
        self.mode = Mode.SETUP
        self.back = Mode.PLAY
        self.stats = StatsScreen(self._repaint)
        self.turns = Turns(self.ui, glyphs, pace, self)
        """The turn in play: the log, ZEDX's steps and pace, a turn's end (a part)."""
        self.log_scroll = 0
        self.result = ""
        self.end_notes: list[str] = []
        replay: GameRecord | None = None
        """The recorded result of this game, when this is a replay of it."""
        if game is not None:
            self.seed = game.seed
            from parlour.dixmille.files.statsfile import KEEPER

            replay = None if game.over else KEEPER.settled_result(game.game_id)
        # a finished game was recorded when it ended
        recorded = game is not None and game.over
        self.keep = Keeping(self.ui, self.seed, save_path, replay, recorded)
        """The save file, the statistics record and the words on leaving (a part)."""
        if game is not None:
            from parlour.dixmille.terminal.replay import rebuild_log  # a resumed game only

            self.turns.use_log(rebuild_log(game, glyphs) or TurnLog())  # the log as saved
            opening = with_path(save_path, _("Game resumed from {path}")) if save_path else ""
            if replay is not None:  # its result is recorded: nothing more will be
                opening = ending.replay_opening(replay)
            self._start_play(opening)
        elif names:
            self.names = names
            self._new_game()
        else:
            self.mode = Mode.SETUP

    def _repaint(self) -> None:
        self.clear_screen = True

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
            target = points(TARGET)
            if players[0].computer:
                return _(
                    "{name} plays a solitaire game: {target} in as few turns as it can"
                ).format(name=first, target=target)
            return _("{name}, a solitaire game: reach {target} in as few turns as you can").format(
                name=first, target=target
            )
        order = _(", ").join(p.name for p in players)
        line = _("{name} throws first. Seat order: {order}").format(name=first, order=order)
        if width(line) <= WIDTH:
            return line
        # six long names: the scores above show the seats in order, left to right
        return _("{name} throws first; the seats play in order, left to right.").format(name=first)

    def _start_play(self, message: str) -> None:
        self.mode = Mode.PLAY
        self.ui.message = message
        self.ui.alert = False
        self._turn_begins()

    def _setup_key(self, key: str) -> None:
        if key == "?" and not self.setup.count and not self.setup.asking:
            self.back = Mode.SETUP  # the rules, then back to the form as it was
            self.mode = Mode.RULES
            return
        names = self.setup.feed(key)
        if self.setup.left:
            self.finished = True
            self.exit_message = _("dixmille: no game started")
        elif names is not None:
            self.names = names
            self._new_game()

    # ----- turns (the Turns part plays them; what it asks of the app) -----
    @property
    def zedx_to_move(self) -> bool:
        return (
            self.mode is Mode.PLAY
            and self.game is not None
            and not self.game.over
            and self.game.player.computer
        )

    def _turn_begins(self) -> None:
        assert self.game is not None
        self.turns.begin(self.game)

    def turn_end_shown(self) -> None:
        self.mode = Mode.ACK

    def turn_begins(self) -> None:
        self.mode = Mode.PLAY

    def keep_moves(self) -> None:
        self.keep.moves_made()

    def timeout(self) -> float | None:
        if self.zedx_to_move or (self.mode is Mode.ACK and self.turns.ack_is_zedx):
            return self.turns.wait()
        return None

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
        else:
            self._play_key(key)

    def _play_key(self, key: str) -> None:
        """A key while the game is played: a turn's end on screen, ZEDX's turn, a human's."""
        game = self.game
        assert game is not None
        if self.mode is Mode.ACK:
            if key == keys.TIMEOUT and not self.turns.ack_is_zedx:
                return
            if key in ("Q", keys.INTERRUPT):
                self._ask_quit()
                return
            self.turns.next_turn(game)
        elif self.zedx_to_move:
            if key == keys.TIMEOUT:
                self.turns.zedx_step(game)
            elif key in ("Q", keys.INTERRUPT):
                self._ask_quit()
            else:
                self.turns.hurry()
        elif key != keys.TIMEOUT and not self._common_key(key):
            self.turns.human_key(game, key)

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
        most = max_scroll(self.turns.log.entries, solo)
        steps = {keys.UP: 1, keys.DOWN: -1, keys.PGUP: ROOM, keys.PGDN: -ROOM}
        if key in steps:
            self.log_scroll = max(0, min(self.log_scroll + steps[key], most))
        elif key == keys.HOME:
            self.log_scroll = most
        elif key == keys.END:
            self.log_scroll = 0
        elif key not in (keys.TIMEOUT, keys.RESIZE):
            self.mode = Mode.PLAY

    # ----- saving and quitting -----
    def _start_save(self, back: Mode, then: str | None) -> None:
        self.back = back
        self.mode = Mode.SAVE
        self.keep.start_save(then)

    def _save_key(self, key: str) -> None:
        assert self.game is not None
        step = self.keep.save_key(key, self.game)
        if step is not Next.STAY:
            self.mode = self.back
        if step is Next.LEAVE:
            self._leave(self.keep.exit_message)

    def _leave(self, message: str | None) -> None:
        self.finished = True
        self.exit_message = message

    def _ask_quit(self) -> None:
        self.back = Mode.PLAY if self.mode is not Mode.ACK else Mode.ACK
        self.mode = Mode.QUIT

    def _quit_key(self, key: str) -> None:
        lower = key.lower() if len(key) == 1 else key
        if self.mode is Mode.QUIT:
            if lower == "y":
                if self.keep.dirty:
                    self.mode = Mode.SAVE_FIRST
                else:
                    played = self.game is not None and any(p.turns for p in self.game.players)
                    self._quit_now(record=self.keep.save_path is None and played)
            elif lower == "n" or key in (keys.ESC, keys.INTERRUPT):
                self.mode = self.back
                self.turns.arm()
            return
        if lower == "y":
            self._start_save(self.back, QUIT)
        elif lower == "n":
            self._quit_now(record=True)
        elif key in (keys.ESC, keys.INTERRUPT):
            self.mode = self.back

    def _quit_now(self, record: bool) -> None:
        self._leave(self.keep.quit_now(self.game, record))

    def end_of_input(self) -> None:
        """Input ended: a recovery file, or the game recorded (:meth:`Keeping.end_of_input`)."""
        said = self.keep.end_of_input(self.game)
        if said is not None:
            self.exit_message = said

    def emergency_save(self) -> str | None:
        """After a crash: a recovery file (its path), or None (then the game is recorded)."""
        return self.keep.emergency_save(self.game)

    # ----- statistics and the end -----
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
            self.stats.rewind()

    def game_over(self) -> None:
        """Record the finished game (a replay is not) and show the standings."""
        game = self.game
        assert game is not None
        problem = self.keep.record_finished(game)
        self.result = ending.game_result(game)
        self.end_notes = problem.split("\n") if problem else []
        if self.keep.replay is not None:
            self.end_notes.append(ending.replay_note(self.keep.replay))
        self.mode = Mode.STANDINGS
        over = _("GAME OVER: {result}").format(result=self.result)
        self.stats.show_game(game, "\n".join([over, *self.end_notes]))
        self.exit_message = ending.farewell(game, game.seed, self.end_notes)

    def _seed_label(self) -> str:
        """The seed on the board's title line (a replay says so beside it)."""
        if self.keep.replay is not None:
            return _("{replay}   seed {seed}").format(replay=_(ending.REPLAY_LABEL), seed=self.seed)
        return _("seed {seed}").format(seed=self.seed)

    # ----- drawing -----
    def render(self, height: int, width: int) -> Frame:
        if self.mode is Mode.SETUP:
            return self.setup.render(self.glyphs)
        if self.mode is Mode.LOG:
            assert self.game is not None
            solo = len(self.game.players) == 1
            return render_log(self.turns.log.entries, self.glyphs, self.log_scroll, solo)
        if self.mode is Mode.RULES:
            return view.render_rules(self.game is None or self.game.four_twos == FOUR_TWOS_GAME)
        if self.mode is Mode.STANDINGS:
            assert self.game is not None
            return ending.render_standings(
                self.game, self.turns.log.entries, self.glyphs, self._seed_label(), self.end_notes
            )
        if self.mode in (Mode.STATS, Mode.OVER):
            return self.stats.render(
                FOOTER_OVER if self.mode is Mode.OVER else FOOTER_PLAYING, self.glyphs
            )
        assert self.game is not None
        ui = self.ui
        shown = replace(ui)
        if self.mode is Mode.QUIT:
            shown.prompt, shown.entry, shown.keys = _("Quit this game? (y/n)"), None, ""
        elif self.mode is Mode.SAVE_FIRST:
            shown.prompt, shown.entry = _("Save it before quitting? (y/n, ESC back)"), None
            shown.keys = ""
        elif self.mode is Mode.SAVE:
            asked = self.keep.saving.prompt()
            shown.prompt, shown.entry, shown.keys = asked.prompt, asked.entry, asked.keys
        frame = view.render(self.game, shown, self.glyphs, self._seed_label())
        if self.mode is Mode.SAVE:
            self.keep.saving.draw(frame)
        return frame
