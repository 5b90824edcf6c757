"""The mille terminal application: keys -> commands -> rules, through its parts.

Reproduces BSD mille's dialogue (spec/mille.md sections 6, 8, 9, 11):
``>>:Move:`` takes P, U #, D # (a slot 1-6 or P, 0 meaning P, then RETURN or
SPACE), O, Q, S, R / ^L, W and E; every yes/no question takes Y, N and S (save,
then ask again). The interrupt key asks ``Really?`` like Q. Departures from
BSD, all deliberate: every message shows at once (with the bell) instead of
after the next move; a save made at any question restores to that question;
once saved, ``Same file?`` is offered for the file just written; quitting a
game in progress offers to save it; end of input saves a recovery file.

The computer plays right after the human's move, but on the next TIMEOUT key
(``timeout()`` returns 0 while it is due), so the human's own move is drawn
first and the computer's answer follows at once.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.gameid import new_game_id
from parlour.core.i18n import N_, _
from parlour.core.text import keep_whole, printable, width
from parlour.mille.computer.handlog import HandLog
from parlour.mille.files import uisave
from parlour.mille.files.meta import DEFAULT_LEVEL, Meta
from parlour.mille.files.statsfile import Recorder, replay_note
from parlour.mille.game.cards import LABELS
from parlour.mille.game.rules import Game
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import COMPUTER, HUMAN, Event, IllegalMove, Move, Phase
from parlour.mille.terminal import help as help_pages
from parlour.mille.terminal import view
from parlour.mille.terminal.flow import FILE_PROMPT, MOVE_PROMPT, OVERWRITE, SAME_FILE, Flow
from parlour.mille.terminal.messages import (
    MESSAGE_WIDTH,
    MessageLine,
    key_text,
    read_ui_state,
)
from parlour.mille.terminal.reviewing import HandReview
from parlour.mille.terminal.saving import CRASH_STEM, RECOVERY_STEM, Saving
from parlour.mille.terminal.view import Layout, ScreenState
from parlour.tui import keys
from parlour.tui.app import TerminalApp
from parlour.tui.frame import Frame
from parlour.tui.glyphs import ASCII, Glyphs

if TYPE_CHECKING:
    from typing import Any, Protocol

    from parlour.mille.files.stats import GameRecord

    class Opponent(Protocol):
        """What the app needs from a computer player."""

        def choose_move(self, view: SeatView) -> Move: ...

        def wants_extension(self, view: SeatView) -> bool: ...


HELP_KEY = "?"
# TRANSLATORS: the message line (35 columns at most) of a new game's first screen.
HELP_HINT = N_("press ? for help")
"""The message line of a new game's first screen, until the first key (BSD's layout kept:
the message line is where BSD's own messages go)."""
# TRANSLATORS: added after "unknown command: x" when the message line has room.
UNKNOWN_HINT = N_(" (? for help)")
"""Added to BSD's ``unknown command: x`` where the message line has room."""
MAX_COMPUTER_MOVES = 500
"""Safety net: a computer turn longer than this is a bug, not a turn."""


def _inert(key: str) -> bool:
    """Arrows, function keys, ESC, ^L and the like: keys that change nothing on the board."""
    return key == "CTRL_L" or keys.is_named(key) and not key.startswith("CTRL_")


class MilleApp(TerminalApp):
    """BSD mille against our computer player, drawn by :mod:`parlour.mille.terminal.view`.

    ``meta`` is the game's identity, level and hand summaries (from a save, or
    a new game id at ``level``); the statistics are kept by :class:`Recorder`.
    ``hand_log`` is the player's decisions of the hand so far, from a save; the
    :class:`HandReview` part (``review``) keeps them and reviews them.
    ``replay_of`` is the recorded result of a restored game that has one: the
    game is then a replay, says so on the message line and records nothing.

    The app is made of parts, each with its own state: ``line`` (the message
    line), ``saving`` (the save dialogue and recovery saves), ``flow`` (the
    questions, the next hand, leaving) and ``review``. What is left here is the
    move prompt, the computer's turn, the help pages and drawing.
    """

    program = "mille"

    def __init__(
        self,
        game: Game,
        opponent: Opponent,
        *,
        ui_state: dict[str, Any] | None = None,
        save_path: str | None = None,
        banner: str | None = None,
        colour: bool = False,
        meta: Meta | None = None,
        level: str = DEFAULT_LEVEL,
        glyphs: Glyphs = ASCII,
        replay_of: GameRecord | None = None,
        hand_log: HandLog | None = None,
    ) -> None:
        super().__init__()
        self.glyphs = glyphs
        self.review = HandReview(glyphs, hand_log)  # the hand's decisions before the save
        self.recorder = Recorder(meta or Meta(new_game_id(), level), replay_of)
        self.clear_screen = False
        """Set by R and ^L: the runner clears the whole terminal before the next paint."""
        self.help_page: int | None = None
        """The help page showing over the game (None: the game)."""
        self.game = game
        self.opponent = opponent
        self.colour = colour
        self.layout = Layout.COMMANDS
        self.ordering = False
        self.last_move: tuple[str, str] | None = None
        first = _(HELP_HINT) if ui_state is None and banner is None else ""
        self.line = MessageLine(replay_note(replay_of) if replay_of else banner or first)
        """The message line; a replay says so in place of the restore banner, and a new
        game's first screen says once how to find the help."""
        self.saving = Saving(self._save_to, self.line, save_path)
        self.flow = Flow(game, self.recorder, self.review, self.saving, self.line, self)
        self.command: str | None = None
        """"U" or "D" while a card is being chosen."""
        self.slot: int | None = None
        if ui_state:
            self.layout, self.ordering, self.last_move = read_ui_state(ui_state)
        self.flow.resume()
        if ui_state and ui_state.get("prompt") == "really" and self.flow.ask is None:
            self.flow.ask_really()

    # ------------------------------------------------------ what the flow asks
    def hand_begins(self) -> None:
        """A new hand: the computer's last move belongs to the hand before."""
        self.last_move = None

    def leave(self, farewell: str) -> None:
        """The player has left the game: the app ends with ``farewell`` on the terminal."""
        self.finished = True
        self.exit_status = 0
        self.exit_message = farewell

    # --------------------------------------------------------- the computer
    def _run_computer(self) -> None:
        """Play the computer's whole turn (extra turns included)."""
        self.flow.computer_moves()
        for _turn in range(MAX_COMPUTER_MOVES):
            game = self.game
            if game.phase is Phase.TURN and game.turn == COMPUTER:
                self._computer_move()
            elif game.phase is Phase.EXTENSION and game.turn == COMPUTER:
                game.answer_extension(self.opponent.wants_extension(game.view(COMPUTER)))
            else:
                break
        self.flow.resume()

    def _computer_move(self) -> None:
        seat = self.game.view(COMPUTER)
        move = self.opponent.choose_move(seat)
        try:
            events = self.game.apply(move)
        except IllegalMove:
            # A computer player's mistake must never stop the game: take the first legal move.
            events = self.game.apply(self.game.legal_moves()[0])
        self._note_computer(events)

    def _note_computer(self, events: list[Event]) -> None:
        for event in events:
            if event.who != COMPUTER or event.card is None:
                continue
            if event.kind == "discard":  # BSD's names, translated as drawn (saves keep them)
                self.last_move = ("DISCARD", LABELS[event.card])
            elif event.kind in ("play", "safety", "coup"):
                self.last_move = ("PLAY", LABELS[event.card])

    # --------------------------------------------------------------- keys
    def timeout(self) -> float | None:
        """Zero while the computer's move is due (it plays on the TIMEOUT key), else wait."""
        due = self.flow.computer_due or self.review.due()
        return 0.0 if due and not self.finished else None

    def handle_key(self, key: str) -> None:
        """Dispatch one key to the save dialogue, a question or the move prompt."""
        if self.finished:
            return
        if self.flow.computer_due:
            self._run_computer()
        if self.review.showing:
            self.review.key(key)
            return
        if key == keys.TIMEOUT:
            return
        if key == keys.EOF:
            self.end_of_input()
            self.finished = True
            return
        if key in (keys.RESIZE, keys.MOUSE):
            return
        if not _inert(key):  # the help hint is said once, till a key acts
            self.line.clear(_(HELP_HINT))
        if self.help_page is not None:
            self._help_key(key)
        elif key == HELP_KEY and self.saving.dialog is None:
            self.help_page = 0
        elif self.saving.dialog is not None:
            self.saving.key(key)
        elif self.flow.ask is not None:
            self.flow.key(key)
        else:
            self._move_key(key)

    def _help_key(self, key: str) -> None:
        """SPACE/RETURN: next page (after the last: the game); BACKSPACE: back; else: the game."""
        assert self.help_page is not None
        if key in (" ", keys.ENTER):
            self.help_page += 1
            if self.help_page >= len(help_pages.pages(self.level)):
                self.help_page = None
        elif key in (keys.BACKSPACE, keys.DELETE):
            self.help_page = max(0, self.help_page - 1)
        elif key != "CTRL_L":
            self.help_page = None

    @property
    def level(self) -> str:
        """The computer's level (``strong`` or ``classic``)."""
        return self.recorder.level

    def _move_key(self, key: str) -> None:
        if key == keys.INTERRUPT:
            self._reset_command()
            self.flow.ask_really()
            return
        if self.command is not None:
            self._card_key(key)
            return
        lower = key.lower() if len(key) == 1 else key
        if lower == "p":
            self._play(Move("pick"))
        elif lower in ("u", "d"):
            self.command = lower.upper()
        elif lower == "o":
            self.ordering = not self.ordering
            if self.ordering:
                self._sort_hand()
        elif lower == "q":
            self.flow.ask_really()
        elif lower == "s":
            self.flow.save_here()
        elif lower == "w":
            self.layout = Layout.BONUSES if self.layout is Layout.COMMANDS else Layout.COMMANDS
        elif lower == "e":
            # TRANSLATORS: BSD's answer to E (35 columns at most).
            self.line.error(_("E: command not implemented"))
        elif lower == "r":
            self.clear_screen = True  # BSD treats R as ^L: a full clear and redraw
        elif key in ("CTRL_L", keys.ENTER, " ", keys.BACKSPACE, keys.DELETE):
            pass
        elif key == keys.CTRL_U or keys.is_named(key) and not key.startswith("CTRL_"):
            pass  # arrows, function keys, ESC: nothing harmful
        else:
            # BSD's words, and the hint if it fits
            words = _("unknown command: {key}").format(key=key_text(key))
            hint = _(UNKNOWN_HINT)
            fits = width(words + hint) <= MESSAGE_WIDTH
            self.line.error(words + hint if fits else words)

    def _reset_command(self) -> None:
        self.command = None
        self.slot = None

    def _card_key(self, key: str) -> None:
        """After U or D: a slot (1-6, P, 0), then RETURN or SPACE; backspace steps back."""
        if self.slot is None:
            lower = key.lower() if len(key) == 1 else key
            if lower in ("p", "0"):
                self.slot = 0
            elif lower in "123456" and len(lower) == 1:
                self.slot = int(lower)
            elif key in (keys.ENTER, " "):
                pass
            elif key in (keys.BACKSPACE, keys.DELETE, keys.CTRL_U, keys.ESC):
                self._reset_command()
            else:
                self.line.ring()
            return
        if key in (keys.ENTER, " "):
            kind = "use" if self.command == "U" else "discard"
            slot = self.slot
            self._reset_command()
            self._play(Move(kind, slot))
        elif key in (keys.BACKSPACE, keys.DELETE):
            self.slot = None
        elif key in (keys.CTRL_U, keys.ESC):
            self._reset_command()
        else:
            self.line.ring()

    def _play(self, move: Move) -> None:
        """Apply the human's move; a refusal shows BSD's message with the bell and costs nothing."""
        self.review.record(self.game.view(HUMAN), move)  # refused moves are left out
        try:
            self.game.apply(move)
        except IllegalMove as exc:
            self.line.error(exc.shown())
            return
        self.saving.changed()
        if move.kind != "pick":
            self.line.clear()
            if self.ordering:
                self._sort_hand()
        self.flow.resume()

    def _sort_hand(self) -> None:
        """Order-hand option: sort all seven slots by BSD's card order, empty slots first."""
        hand = self.game.players[HUMAN].hand
        hand.sort(key=lambda card: -1 if card is None else int(card))

    # --------------------------------------------------------- UI state
    @property
    def meta(self) -> Meta:
        """The game's identity, level and hand summaries (what saves keep of them)."""
        return self.recorder.meta

    def ui_state(self, prompt: str) -> dict[str, Any]:
        """What a save records besides the game, so that it restores to ``prompt``."""
        return {
            "version": uisave.UI_STATE_VERSION,
            "prompt": prompt,
            "layout": self.layout.value,
            "ordering": self.ordering,
            "last_move": list(self.last_move) if self.last_move else None,
        }

    def computer_memory(self) -> dict[str, Any] | None:
        """What the computer player remembers beyond the position, for a save (None: nothing)."""
        memory = getattr(self.opponent, "memory", None)
        return memory() if callable(memory) else None

    def _save_to(self, path: str, prompt: str) -> None:
        """Write the game to ``path`` as a save that restores to ``prompt``."""
        from parlour.mille.files import savefile

        memory = self.computer_memory()
        savefile.save(path, self.game, self.ui_state(prompt), memory, self.meta, self.review.log)

    # ---------------------------------------------------------- lost terminal
    def end_of_input(self) -> None:
        """Input ended: save the game (a recovery file, :meth:`Saving.recovery_save`) and
        say where; a game no folder could take is recorded and said in one line."""
        saved, why = self.saving.recovery_save(RECOVERY_STEM, self.flow.base_name())
        if saved is None:
            self.recorder.abandoned(self.game)
            lines = [
                _("mille: input ended; the game could not be saved: {reason}").format(
                    reason=printable(why)
                )
            ]
            if self.recorder.problem:  # the statistics could not be written either
                lines.append(printable(self.recorder.problem))
            self.exit_message = "\n".join(lines)
        else:
            from parlour.core.shellpath import for_shell

            shown = keep_whole(printable(saved))
            resume = _("continue it with: mille {file}").format(
                file=keep_whole(printable(for_shell(saved)))
            )
            saved_to = _("mille: input ended; your game was saved to {file}").format(file=shown)
            self.exit_message = f"{saved_to}\n{resume}"
        self.exit_status = 1

    def emergency_save(self) -> str | None:
        """After a crash: the game goes to a fresh file (see :meth:`Saving.recovery_save`)."""
        saved, _why = self.saving.recovery_save(CRASH_STEM, self.flow.base_name())
        if saved is None:
            self.recorder.abandoned(self.game)
        return saved

    # ------------------------------------------------------------ drawing
    def screen(self) -> ScreenState:
        """The view's UI state for what is showing now."""
        echo = ""
        cursor: int | None = None
        dialog = self.saving.dialog
        if dialog is not None:
            stage = dialog.stage
            prompt = {"same": SAME_FILE, "overwrite": OVERWRITE}.get(stage, FILE_PROMPT)
            if stage == "name":  # the view scrolls the field to its cursor
                echo, cursor = dialog.editor.text, dialog.editor.cursor
        elif self.flow.ask is not None:
            prompt = self.flow.ask.text
        else:
            prompt = MOVE_PROMPT
            if self.command is not None:
                echo = self.command + ("" if self.slot is None else view.SLOT_NAMES[self.slot])
        over = self.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        return ScreenState(
            prompt=prompt,
            echo=echo,
            echo_cursor=cursor,
            last_move=self.last_move,
            message=self.review.progress() or self.line.text,
            layout=self.flow.end_layout if over else self.layout,
            ordering=self.ordering,
            colour=self.colour,
            bell=self.line.bell,
            # TRANSLATORS: the score window's row 0 (18 columns at most); {level} is the
            # computer's level as typed after --level (classic).
            level_note=""
            if self.level == DEFAULT_LEVEL
            else _("vs {level}").format(level=self.level),
        )

    def render(self, height: int, width: int) -> Frame:
        """The whole screen; rings the bell once for a new message or a refused key."""
        if self.help_page is not None:
            return help_pages.render_help(self.help_page, self.level, height, width)
        review = self.review.frame()
        if review is not None:
            return review
        over = self.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        board = view.board_from_view(
            self.game.view(HUMAN), self.game.hand_result() if over else None
        )
        frame = view.render(board, self.screen(), height, width)
        self.line.rang()
        return frame
