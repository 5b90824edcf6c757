"""The Midnight Oil terminal application: keys and clicks -> commands -> rules (spec §8, §11).

Holds the UI state (selection, cursor mode, draw mode, prompt, message,
hint) and the game; draws through :mod:`parlour.midnightoil.terminal.view`. Keys:
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

from collections.abc import Sequence

from parlour.core.i18n import _, ngettext, number
from parlour.core.text import printable
from parlour.midnightoil.files.statsfile import load_stats
from parlour.midnightoil.game.cards import FAN_COUNT, FAN_KEYS
from parlour.midnightoil.game.rules import (
    REDEAL,
    IllegalMove,
    Move,
    auto_home_moves,
)
from parlour.midnightoil.terminal.assist import END_CHECK_DELAY, SOLVE_PACE
from parlour.midnightoil.terminal.draw import CONFIRM_KEYS
from parlour.midnightoil.terminal.ending import (
    OVER_REFUSAL,
    STUCK,
    UNDONE_PAST_THE_END,
    WON_REFUSAL,
    end_status,
)
from parlour.midnightoil.terminal.help import HELP_PAGES, help_page
from parlour.midnightoil.terminal.messages import cards_went_home, selection_message
from parlour.midnightoil.terminal.report import stats_lines
from parlour.midnightoil.terminal.session import GameSession
from parlour.midnightoil.terminal.view import Board, hit_test, render_board, render_text_page
from parlour.tui import keys
from parlour.tui.frame import Frame

KEY_NAMES = {"PGUP": "PgUp", "PGDN": "PgDn", "BTAB": "Shift-Tab"}
ARROWS = (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT)
AT_AN_END = frozenset(("u", "N", "R", "#", "S", "i", "?", "F1", "Q", keys.ESC))
"""The keys that do something at an end; every other key is refused there."""


class MidnightOilApp(GameSession):
    """The game as the runner sees it: drawing, keys, clicks, cursor mode.

    The session below holds the game and its parts (the draw, the assistance, leaving);
    this class routes keys and clicks to them and draws the board.
    """

    uses_mouse = True

    def timeout(self) -> float | None:
        if self.assist.solving:
            return SOLVE_PACE
        quiet = self.page is None and not self.showing_stats and self.prompt is None
        if quiet and self.assist.end_check_due():
            return END_CHECK_DELAY
        return None

    def render(self, height: int, width: int) -> Frame:
        if width != self.width and self.resumed_from is not None:
            # The resume message was fitted before the terminal's width was known.
            showing = self.message == self.resumed_message()
            self.width = width
            if showing:
                self.message = self.resumed_message()
            else:
                self.resumed_from = None
        self.width = width
        if self.page is not None:
            title, text = help_page(self.page)
            last = self.page == len(HELP_PAGES) - 1
            footer = _("any key: back to the game") if last else _("any key: next page, Esc: back")
            return render_text_page(title, text, footer, width)
        if self.showing_stats:
            lines = stats_lines(self.stats, self.game.deal_number, self.stats_note)
            title = _("Midnight Oil - statistics")
            return render_text_page(title, lines, _("any key: back"), width)
        frame = render_board(self._board(), self.glyphs, width)
        frame.bell = self.bell
        self.bell = False
        return frame

    def _board(self) -> Board:
        state = self.game.state
        board = Board(state=state, moves=self.game.moves, message=self.message)
        board.selected = self.selected
        board.cursor = self.cursor
        if self.selected is not None:
            card = state.top(self.selected)
            if card is not None:
                if state.goes_home(card):
                    board.foundation_targets = frozenset({card // 13})
                target = state.build_target(card)
                if target >= 0:
                    board.fan_targets = frozenset({target})
        draw = self.drawing.mode
        if draw is not None:
            if draw.step == 3:
                board.draw_card = (draw.fan, draw.position)
                move_targets = self.drawing.destinations()
                board.fan_targets = frozenset(m.target for m in move_targets if not m.home)
                board.foundation_targets = frozenset(m.target for m in move_targets if m.home)
            else:
                board.draw_marks = frozenset(self.drawing.drawable())
                if draw.step == 2:
                    board.draw_card = (draw.fan, draw.position)
        board.hint = self.assist.hint
        if self.prompt is not None:
            if self.prompt.question is not None:
                board.prompt = self.prompt.question.question
            elif self.prompt.editor is not None:
                editor = self.prompt.editor
                # a full field says its limit beside the label (a key is never cut silently)
                board.prompt = f"{editor.label} ({editor.limit()})" if editor.full else editor.label
                board.entry = self.prompt.editor.text
                board.entry_cursor = self.prompt.editor.cursor
        board.status, board.over = self._status()
        board.panel_notes = self._notes()
        return board

    def _status(self) -> tuple[str, bool]:
        state = self.game.state
        if self.prompt is not None and self.prompt.note:
            return (self.prompt.note, True)
        if self.ending.at_end(state):
            return (end_status(state, self.ending.kind), True)
        if state.is_stuck():  # not declared yet (a save resumed here): it is an end all the same
            return (end_status(state, STUCK), True)
        assist = self.assist
        if assist.solving:
            return (_("Auto-solve is playing - any key stops it"), False)
        if assist.hint is not None:
            return (_("Hint: {move}").format(move=assist.describe(assist.hint)), False)
        if assist.verdict is not None and assist.verdict[0] == state.key():
            return (assist.verdict[1], False)
        if self.ending.replaying(self.spot()):
            return (self.ending.replay_status(), False)
        return ("", False)

    def _notes(self) -> list[str]:
        minutes, seconds = divmod(int(self.game.elapsed), 60)
        clock = f"{number(minutes)}:{seconds:02}"
        # TRANSLATORS: the panel's notes, each at most 24 columns.
        notes = [
            _("time {clock}   undos {undos}").format(clock=clock, undos=number(self.game.undos))
        ]
        record = self.stats.best_for(self.game.deal_number)
        if record is not None and (record.played or record.best or record.won):
            # Only the player's own games: a deal only the computer played shows no best.
            best = number(record.best)
            if record.won:
                notes.append(_("your best {best}/52 (won)").format(best=best))
            else:
                notes.append(_("your best {best}/52").format(best=best))
        if self.game.solver_used:
            notes.append(_("solved by computer"))
        return notes

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
        after_hint = self.assist.after_hint
        self.assist.after_hint = False
        if key == keys.INTERRUPT:
            self.leaving.quit()
        elif self.ending.at_end(self.game.state) and key not in AT_AN_END:
            self.refuse(_(WON_REFUSAL if self.game.state.is_won() else OVER_REFUSAL))
        elif self.drawing.mode is not None:
            self.drawing.key(key)
        elif self.cursor is not None and key in (*ARROWS, *CONFIRM_KEYS):
            self._cursor_key(key)
        else:
            self._main_key(key, after_hint)

    def _main_key(self, key: str, after_hint: bool) -> None:
        if key in FAN_KEYS and len(key) == 1:
            self.cursor = None
            self._fan_key(FAN_KEYS.index(key))
        elif key in CONFIRM_KEYS:
            if self.selected is not None:
                self._smart_move(self.selected)
            elif after_hint and self.assist.hint is not None and self.assist.hint.kind == REDEAL:
                self._ask_redeal()  # the question D asks
            elif after_hint and self.assist.hint is not None:
                self.play([self.assist.hint])
            else:
                self.message = _("Pick a card first: press its fan letter (a-s).")
        elif key in "1234" and len(key) == 1:
            foundation = int(key) - 1
            if self.selected is not None:
                self.play([Move.to_foundation(self.selected, foundation)])
            else:
                self._manual_auto([foundation])
        elif key == "*":
            self._manual_auto(range(4))
        elif key in ARROWS:
            self._start_cursor()
        elif key == keys.ESC:
            self._cancel()
        elif key == "x":
            self.drawing.start()
        elif key == "D":
            self._ask_redeal()
        elif key == "u":
            self._undo()
        elif key == "U":
            self._redo()
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
            self.ask_save_path("save")
        elif key == "i":
            # Read again: another copy of the game may have recorded games since.
            self.stats, self.stats_note = load_stats()
            self.showing_stats = True
        elif key in ("?", "F1"):
            self.page = 0
        elif key == "Q":
            self.leaving.quit()
        else:
            self.refuse(
                _("{key} does nothing here - press ? for the keys.").format(key=_key_label(key))
            )

    def _cancel(self) -> None:
        self.clear_choice()
        self.message = ""

    def _fan_key(self, fan: int) -> None:
        state = self.game.state
        if self.selected is None:
            card = state.top(fan)
            if card is None:
                self.refuse(_("Fan {fan} is empty.").format(fan=FAN_KEYS[fan]))
                return
            self.selected = fan
            self.message = self._selection_message(fan, card)
        elif self.selected == fan:
            self._smart_move(fan)
        else:
            self.play([Move.build(self.selected, fan)])

    def _selection_message(self, fan: int, card: int) -> str:
        return selection_message(self.game.state, fan, card, self.card, self.glyphs.middot)

    def _smart_move(self, fan: int) -> None:
        state = self.game.state
        card = state.top(fan)
        if card is None:
            self.refuse(_("Fan {fan} is empty.").format(fan=FAN_KEYS[fan]))
            return
        if state.goes_home(card):
            self.play([Move.to_foundation(fan, card // 13)])
            return
        target = state.build_target(card)
        if target >= 0:
            self.play([Move.build(fan, target)])
            return
        self.refuse(
            _("{card} has nowhere to go: no foundation or fan takes it.").format(
                card=self.card(card)
            )
        )

    def _manual_auto(self, foundations: Sequence[int]) -> None:
        moves = auto_home_moves(self.game.state, foundations)
        if not moves:
            if len(foundations) > 1:
                self.refuse(_("No card can go to any foundation now."))
            else:
                which = foundations[0] + 1
                self.refuse(_("No card can go to foundation {number} now.").format(number=which))
            return
        self.play(moves, cards_went_home(len(moves)))

    def _start_cursor(self) -> None:
        fan = self.selected
        if fan is None:
            fan = next((i for i, f in enumerate(self.game.state.fans) if f), 0)
        self.cursor = (fan, max(len(self.game.state.fans[fan]) - 1, 0))
        self.message = _("Cursor: arrows move, Space selects or moves, Esc leaves.")

    def _cursor_key(self, key: str) -> None:
        assert self.cursor is not None
        fan, pos = self.cursor
        fans = self.game.state.fans
        if key in (keys.UP, keys.DOWN):
            fan = (fan + (1 if key == keys.DOWN else -1)) % FAN_COUNT
            pos = max(len(fans[fan]) - 1, 0)
        elif key in (keys.LEFT, keys.RIGHT):
            pos = min(max(pos + (1 if key == keys.RIGHT else -1), 0), max(len(fans[fan]) - 1, 0))
        else:
            if self.selected is None:
                self._fan_key(fan)
            elif self.selected == fan:
                self._smart_move(fan)
            else:
                self.play([Move.build(self.selected, fan)])
            return
        self.cursor = (fan, pos)

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
            self.refuse(_(WON_REFUSAL if self.game.state.is_won() else OVER_REFUSAL))
            return
        hit = hit_test(row, col, self.width)
        if hit is None:
            return
        kind, index, position = hit
        self.assist.after_hint = False
        if self.drawing.mode is not None:
            self.drawing.click(kind, index, position)
            return
        self.cursor = None
        if kind == "foundation":
            if self.selected is not None:
                self.play([Move.to_foundation(self.selected, index)])
            else:
                self._manual_auto([index])
            return
        if button == "DOUBLE":
            self.selected = None
            if self.game.state.fans[index]:
                self._smart_move(index)
            return
        if self.selected == index:
            self._cancel()
        else:
            self._fan_key(index)

    def _undo(self) -> None:
        at_the_result = self.ending.result is not None and self.spot() == self.ending.recorded_at
        try:
            self.game.undo()
        except IllegalMove as exc:
            self.refuse(str(exc))
            return
        self.reset_ui()
        undos = self.game.undos
        self.message = ngettext("Undone ({n} undo).", "Undone ({n} undos).", undos).format(
            n=number(undos)
        )
        if at_the_result:
            self.message = _(UNDONE_PAST_THE_END)

    def _redo(self) -> None:
        try:
            self.game.redo()
        except IllegalMove as exc:
            self.refuse(str(exc))
            return
        self.reset_ui()
        self.message = _("Redone.")
        self._after_move()

    def _ask_redeal(self) -> None:
        state = self.game.state
        if state.is_won():
            self.refuse(_("The game is won."))
            return
        if state.redeals_left == 0:
            self.refuse(_("No redeals left."))
            return
        if state.legal_moves(include_redeal=False, include_draw=False):
            self.ask("redeal", _("Moves are still possible - redeal anyway? (y/n)"))
            return
        self._redeal()


def _key_label(key: str) -> str:
    """A key as players write it: ``z``, ``^D``, ``F1``, ``PgUp``, ``Tab``."""
    if len(key) == 1:
        return printable(key)
    if key.startswith("CTRL_") and len(key) == 6:
        return "^" + key[-1]
    return KEY_NAMES.get(key, key.title())
