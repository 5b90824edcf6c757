"""The Midnight Oil terminal application: keys and clicks -> commands -> rules (spec §8, §11).

Holds the game and its parts, each owning its own state and given only the few
collaborators it uses: the rows (message, bell, prompt: :mod:`.rows`), the table
(selection and cursor: :mod:`.table`), the draw (:mod:`.draw`), the assistance
(:mod:`.assist`), the results (the ending, the record, the statistics: :mod:`.results`),
the save file (:mod:`.saving`) and leaving (:mod:`.leaving`). It routes keys and
clicks to them, makes each step of moves and what follows it, and draws through
:mod:`parlour.midnightoil.terminal.view` (:mod:`.showing` reads the parts). Keys:
fan letters select and move, Space/Enter the smart move, 1-4 a foundation or
manual-auto, ``*`` everything home, arrows cursor mode, ``x`` the draw, ``D``
redeal, ``u``/``U`` undo/redo, ``t`` hint, ``w`` "can it still be won?",
``!`` auto-solve, ``N R #`` new, restart and choose deal, ``S`` save, ``i``
statistics, ``?`` help, ``Q`` quit.

Assistance comes only when asked (issue 18): the verdict shows after ``w``.
What the game does by itself, a moment after a move in the last deal, is ask
the solver whether any move can still bring a card home; when it proves
none can (the draw, if left, included), the game is over, said on the
status row and recorded once. At an end only undo (unless won), restart, new
deal, choose deal, save, statistics, help and quit are offered
(:mod:`parlour.midnightoil.terminal.ending`).
"""

from __future__ import annotations

import re
import time

from parlour.core.i18n import _
from parlour.core.text import printable
from parlour.midnightoil.computer.advisor import Advisor
from parlour.midnightoil.files.stats import Stats
from parlour.midnightoil.game.cards import FAN_KEYS
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import REDEAL, Move
from parlour.midnightoil.terminal.assist import END_CHECK_DELAY, SOLVE_PACE, Assist
from parlour.midnightoil.terminal.draw import CONFIRM_KEYS, Draw
from parlour.midnightoil.terminal.ending import (
    OVER_REFUSAL,
    WON_REFUSAL,
    Ending,
)
from parlour.midnightoil.terminal.help import HELP_PAGES, help_page
from parlour.midnightoil.terminal.leaving import Leaving
from parlour.midnightoil.terminal.messages import Prompt
from parlour.midnightoil.terminal.report import stats_lines
from parlour.midnightoil.terminal.results import Results
from parlour.midnightoil.terminal.rows import Rows
from parlour.midnightoil.terminal.saving import Saving
from parlour.midnightoil.terminal.showing import board_of
from parlour.midnightoil.terminal.steps import Steps
from parlour.midnightoil.terminal.table import Table
from parlour.midnightoil.terminal.view import card_text, hit_test, render_board, render_text_page
from parlour.tui import keys
from parlour.tui.app import TerminalApp
from parlour.tui.frame import Frame
from parlour.tui.glyphs import Glyphs

KEY_NAMES = {"PGUP": "PgUp", "PGDN": "PgDn", "BTAB": "Shift-Tab"}
ARROWS = (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT)
AT_AN_END = frozenset(("u", "N", "R", "#", "S", "i", "?", "F1", "Q", keys.ESC))
"""The keys that do something at an end; every other key is refused there."""
CLOCK_GAP_LIMIT = 120.0
"""Longest pause between two keys that still counts as playing time."""
CARD_NAME = re.compile(r"\b([A2-9TJQK])([CDHS])\b")
"""A card named in the rules' notation inside a message."""


class MidnightOilApp(TerminalApp):
    """The game as the runner sees it: its parts, keys and clicks routed to them, the board."""

    program = "midnightoil"
    uses_mouse = True

    def __init__(
        self,
        game: Game,
        glyphs: Glyphs,
        advisor: Advisor | None = None,
        save_path: str | None = None,
        now: float | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.glyphs = glyphs
        self.page: int | None = None
        """A help page being shown (index), or None."""
        self.showing_stats = False
        self.rows = Rows(glyphs.name == "unicode")
        """The message row, the bell and the open question or field."""
        self.results = Results()
        """The game's end and result, recorded once, and the statistics shown."""
        warning = self.results.stats_note
        self.rows.say(warning or self.welcome())
        self.results.look_up(game, self.spot())
        self.resumed_from: str | None = None
        """The save this game was resumed from while its message is up (refitted to the width)."""
        if save_path is not None and not warning:
            self.resumed_from = save_path
            self.rows.say(self.resumed_message())
        self.saving = Saving(self, self.rows, save_path)
        """The save file: its name and the position it holds."""
        self.last_tick = time.monotonic() if now is None else now
        self.table = Table(self, self.rows, glyphs)
        """The selected fan and the cursor."""
        self.drawing = Draw(self, self.rows)
        """The draw in progress (a part with its own state)."""
        self.assist = Assist(self, self.rows, self.ending, advisor or Advisor(), glyphs)
        """Hints, the verdict, auto-solve and the end check (a part with its own state)."""
        self.leaving = Leaving(self, self.rows, self.results, self.saving)
        """Another deal, a restart, quitting and the terminal going away, each counted."""
        self.steps = Steps(self, self.rows, self.ending, self.card, glyphs)
        """Each step of moves, undo, redo and the redeal, and what follows them."""

    # What tests and the runner read of the parts.
    @property
    def message(self) -> str:
        return self.rows.message

    @property
    def prompt(self) -> Prompt | None:
        return self.rows.prompt

    @property
    def selected(self) -> int | None:
        return self.table.selected

    @property
    def cursor(self) -> tuple[int, int] | None:
        return self.table.cursor

    @property
    def ending(self) -> Ending:
        return self.results.ending

    @property
    def stats(self) -> Stats:
        return self.results.stats

    def spot(self) -> tuple[object, ...]:
        """The current position with its line of play (what a record or a save holds)."""
        return (self.game.state.key(), self.game.moves, self.game.solver_used)

    def resumed_message(self) -> str:
        """ "Resumed FILE: deal N..." with the file name fitted to the last frame's width."""
        if self.ending.replaying(self.spot()):
            words = _("Resumed {file}: a replay of an ended game; nothing is recorded.")
        else:
            words = _("Resumed {file}: deal {number}. Press ? for help.")
        rest = words.format(file="", number=self.game.deal_number)
        shown = self.rows.path_in(self.resumed_from or "", rest)
        return words.format(file=shown, number=self.game.deal_number)

    def welcome(self) -> str:
        return _("Deal {number}. Press a fan letter to pick a card, ? for help.").format(
            number=self.game.deal_number
        )

    def card(self, card: int | None) -> str:
        return "?" if card is None else card_text(card, self.glyphs)

    def _tick(self) -> None:
        now = time.monotonic()
        gap = now - self.last_tick
        self.last_tick = now
        # The clock stops at an end, and a game with a result (a replay) has none running.
        stopped = self.ending.result is not None or self.ending.at_end(self.game.state)
        if not stopped:
            self.game.add_time(min(gap, CLOCK_GAP_LIMIT))

    def drop_selection(self) -> None:
        self.table.drop()

    def clear_choice(self) -> None:
        """No fan selected, no cursor, no hint (the draw takes over)."""
        self.table.drop()
        self.assist.drop_hint()

    def reset_ui(self) -> None:
        self.table.drop()
        self.drawing.drop()
        self.assist.reset()

    def play(self, moves: list[Move], message: str | None = None) -> bool:
        """Make ``moves`` as one undo step (:meth:`.steps.Steps.play`)."""
        return self.steps.play(moves, message)

    def game_over(self, kind: str, message: str | None = None) -> None:
        """The position is an end of ``kind`` (:meth:`.steps.Steps.game_over`)."""
        self.steps.game_over(kind, message)

    def after_win(self) -> None:
        self.assist.stop()
        self.drawing.drop()

    def after_end(self) -> None:
        self.table.drop()
        self.drawing.drop()
        self.assist.drop_answers()

    def record(self, outcome: str, restarted: bool = False) -> None:
        """Record this game's result, its first only (:meth:`.results.Results.record`)."""
        said = self.results.record(self.game, outcome, self.spot(), restarted)
        if said:
            self.rows.say(said)

    def start(self, game: Game) -> None:
        """Play ``game`` from now on: no result, no save, no choice, its welcome."""
        self.game = game
        warning = self.results.start_over()
        self.saving.forget()
        self.assist.stop()
        self.reset_ui()
        self.rows.say(warning or self.welcome())

    def finish(self, line: str) -> None:
        """The session ends; ``line`` is left on the terminal."""
        self.finished = True
        self.exit_message = line

    def quit_saved(self, path: str) -> None:
        self.leaving.saved_and_quit(path)

    def end_of_input(self) -> None:
        self.exit_message = self.leaving.end_of_input()

    def emergency_save(self) -> str | None:
        return self.leaving.emergency_save()

    def timeout(self) -> float | None:
        if self.assist.solving:
            return SOLVE_PACE
        quiet = self.page is None and not self.showing_stats and self.prompt is None
        if quiet and self.assist.end_check_due():
            return END_CHECK_DELAY
        return None

    def render(self, height: int, width: int) -> Frame:
        if width != self.rows.width and self.resumed_from is not None:
            # The resume message was fitted before the terminal's width was known.
            showing = self.rows.message == self.resumed_message()
            self.rows.width = width
            if showing:
                self.rows.say(self.resumed_message())
            else:
                self.resumed_from = None
        self.rows.width = width
        if self.page is not None:
            title, text = help_page(self.page)
            last = self.page == len(HELP_PAGES) - 1
            footer = _("any key: back to the game") if last else _("any key: next page, Esc: back")
            return render_text_page(title, text, footer, width)
        if self.showing_stats:
            lines = stats_lines(self.stats, self.game.deal_number, self.results.stats_note)
            title = _("Midnight Oil - statistics")
            return render_text_page(title, lines, _("any key: back"), width)
        board = board_of(
            self.game, self.spot(), self.table, self.drawing, self.assist, self.rows, self.results
        )
        frame = render_board(board, self.glyphs, width)
        frame.bell = self.rows.take_bell()
        return frame

    def handle_key(self, key: str) -> None:
        self._tick()
        if key == keys.TIMEOUT:
            self.assist.on_timeout()
            return
        if key in (keys.RESIZE, keys.MOUSE, keys.CTRL_L):
            return
        if self.page is not None:
            self.page = self.page + 1 if key != keys.ESC else None
            if self.page is not None and self.page >= len(HELP_PAGES):
                self.page = None
            return
        if self.showing_stats:
            self.showing_stats = False
            return
        if self.assist.solving:
            self.assist.stop_solving()
            return
        if self.prompt is not None:
            self._prompt_key(key)
            return
        after_hint = self.assist.take_after_hint()
        if key == keys.INTERRUPT:
            self.leaving.quit()
        elif self.ending.at_end(self.game.state) and key not in AT_AN_END:
            self.rows.refuse(_(WON_REFUSAL if self.game.state.is_won() else OVER_REFUSAL))
        elif self.drawing.mode is not None:
            self.drawing.key(key)
        elif self.table.cursor is not None and key in (*ARROWS, *CONFIRM_KEYS):
            self.table.cursor_key(key)
        else:
            self._main_key(key, after_hint)

    def _main_key(self, key: str, after_hint: bool) -> None:
        if key in FAN_KEYS and len(key) == 1:
            self.table.leave_cursor()
            self.table.fan_key(FAN_KEYS.index(key))
        elif key in CONFIRM_KEYS:
            if self.table.selected is not None:
                self.table.smart_move(self.table.selected)
            elif after_hint and self.assist.hint is not None and self.assist.hint.kind == REDEAL:
                self.steps.ask_redeal()  # the question D asks
            elif after_hint and self.assist.hint is not None:
                self.play([self.assist.hint])
            else:
                self.rows.say(_("Pick a card first: press its fan letter (a-s)."))
        elif key in "1234" and len(key) == 1:
            self.table.to_foundation(int(key) - 1)
        elif key == "*":
            self.table.manual_auto(range(4))
        elif key in ARROWS:
            self.table.start_cursor()
        elif key == keys.ESC:
            self._cancel()
        elif key == "x":
            self.drawing.start()
        elif key == "D":
            self.steps.ask_redeal()
        elif key == "u":
            self.steps.undo()
        elif key == "U":
            self.steps.redo()
        elif key == "t":
            self.assist.give_hint(after_hint)
        elif key == "w":
            self.assist.ask_verdict()
        elif key == "!":
            self.assist.ask_solve()
        elif key == "N":
            self.leaving.leave_game("new")
        elif key == "R":
            self.leaving.leave_game("restart")
        elif key == "#":
            self.leaving.leave_game("choose")
        elif key == "S":
            self.saving.ask_path("save")
        elif key == "i":
            self.results.reread()
            self.showing_stats = True
        elif key in ("?", "F1"):
            self.page = 0
        elif key == "Q":
            self.leaving.quit()
        else:
            self.rows.refuse(
                _("{key} does nothing here - press ? for the keys.").format(key=_key_label(key))
            )

    def _cancel(self) -> None:
        self.clear_choice()
        self.rows.say("")

    def handle_mouse(self, row: int, col: int, button: str) -> None:
        self._tick()
        if self.page is not None or self.showing_stats:
            self.page = None
            self.showing_stats = False
            return
        if self.prompt is not None:
            return
        if self.assist.solving:
            self.assist.stop_solving()
            return
        if self.ending.at_end(self.game.state):
            self.rows.refuse(_(WON_REFUSAL if self.game.state.is_won() else OVER_REFUSAL))
            return
        hit = hit_test(row, col, self.rows.width)
        if hit is None:
            return
        kind, index, position = hit
        self.assist.take_after_hint()
        if self.drawing.mode is not None:
            self.drawing.click(kind, index, position)
            return
        self.table.leave_cursor()
        if kind == "foundation":
            self.table.to_foundation(index)
            return
        if button == "DOUBLE":
            self.table.unselect()
            if self.game.state.fans[index]:
                self.table.smart_move(index)
            return
        if self.table.selected == index:
            self._cancel()
        else:
            self.table.fan_key(index)

    def _prompt_key(self, key: str) -> None:
        answer = self.rows.feed(key)
        if answer is None:
            return
        kind, given = answer
        if isinstance(given, bool):
            self._answered(kind, given)
        elif kind == "deal":
            self.leaving.editor_done(kind, given)
        else:
            self.saving.typed(kind, given)

    def _answered(self, kind: str, yes: bool) -> None:
        if self.leaving.answered(kind, yes) or self.saving.answered(kind, yes):
            return
        if kind == "redeal":
            if yes:
                self.steps.redeal()
        elif kind == "solve" and yes:
            self.assist.start_solving()


def _key_label(key: str) -> str:
    """A key as players write it: ``z``, ``^D``, ``F1``, ``PgUp``, ``Tab``."""
    if len(key) == 1:
        return printable(key)
    if key.startswith("CTRL_") and len(key) == 6:
        return "^" + key[-1]
    return KEY_NAMES.get(key, key.title())
