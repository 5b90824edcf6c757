"""The Midnight Oil terminal application: keys and clicks -> commands -> rules (spec §8, §11).

Holds the UI state (selection, cursor mode, draw mode, prompt, message,
hint) and the game; draws through :mod:`parlour.midnightoil.view`. Keys:
fan letters select and move, Space/Enter the smart move, 1-4 a foundation or
manual-auto, ``*`` everything home, arrows cursor mode, ``x`` the draw, ``D``
redeal, ``u``/``U`` undo/redo, ``t`` hint, ``!`` auto-solve, ``N R #`` new,
restart and choose deal, ``S`` save, ``i`` statistics, ``?`` help, ``Q`` quit.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from parlour.core import paths
from parlour.core.saves import SaveError
from parlour.midnightoil import savefile
from parlour.midnightoil.advisor import Advisor
from parlour.midnightoil.cards import FAN_COUNT, FAN_KEYS, parse_deal_number
from parlour.midnightoil.game import Game
from parlour.midnightoil.pages import HELP_PAGES, stats_lines
from parlour.midnightoil.rules import (
    DRAW,
    FOUNDATION,
    REDEAL,
    IllegalMove,
    Move,
    State,
    auto_home_moves,
)
from parlour.midnightoil.stats import LOST, SOLVED, WON, load_stats, save_stats
from parlour.midnightoil.view import Board, card_text, hit_test, render_board, render_text_page
from parlour.tui import keys
from parlour.tui.app import TerminalApp
from parlour.tui.frame import Frame
from parlour.tui.glyphs import Glyphs
from parlour.tui.prompts import Answer, LineEditor, YesNoPrompt

SOLVE_PACE = 0.35
"""Seconds between the computer's moves during auto-solve."""
VERDICT_DELAY = 0.25
"""Idle seconds before the "can this deal still be won?" answer is worked out."""
CLOCK_GAP_LIMIT = 120.0
"""Longest pause between two keys that still counts as playing time."""
RECOVERY_FILE = "midnightoil-recovery.json"
ARROWS = (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT)
CONFIRM_KEYS = (keys.ENTER, " ")


@dataclass
class DrawMode:
    """The three steps of the draw: fan, card, destination."""

    step: int = 1
    fan: int = -1
    position: int = -1


@dataclass
class Prompt:
    """A question or a text field on the message row, and what it is for."""

    kind: str
    question: YesNoPrompt | None = None
    editor: LineEditor | None = None


class MidnightOilApp(TerminalApp):
    """The game as the runner sees it."""

    program = "midnightoil"

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
        self.advisor = advisor or Advisor()
        self.save_path = save_path
        self.stats, warning = load_stats()
        self.page: int | None = None
        """A help page being shown (index), or None."""
        self.showing_stats = False
        self.selected: int | None = None
        self.cursor: tuple[int, int] | None = None
        self.draw: DrawMode | None = None
        self.prompt: Prompt | None = None
        self.message = warning or self._welcome()
        self.bell = False
        self.hint: Move | None = None
        self.hint_cycle: list[Move] = []
        self.after_hint = False
        self.solving = False
        self.recorded = game.state.is_won()
        self.restarted = False
        self.verdicts: dict[tuple[object, ...], str] = {}
        self.last_tick = time.monotonic() if now is None else now
        self.width = 80
        """The width of the last frame drawn (mouse clicks are mapped with it)."""

    # ----------------------------------------------------------------- drawing
    def render(self, height: int, width: int) -> Frame:
        self.width = width
        if self.page is not None:
            title, text = HELP_PAGES[self.page]
            last = self.page == len(HELP_PAGES) - 1
            footer = "any key: back to the game" if last else "any key: next page, Esc: back"
            return render_text_page(title, list(text), footer, width)
        if self.showing_stats:
            lines = stats_lines(self.stats, self.game.deal_number)
            return render_text_page("Midnight Oil - statistics", lines, "any key: back", width)
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
        if self.draw is not None:
            if self.draw.step == 3:
                board.draw_card = (self.draw.fan, self.draw.position)
                move_targets = self._draw_destinations()
                board.fan_targets = frozenset(m.target for m in move_targets if not m.home)
                board.foundation_targets = frozenset(m.target for m in move_targets if m.home)
            else:
                board.draw_marks = frozenset(self._drawable())
                if self.draw.step == 2:
                    board.draw_card = (self.draw.fan, self.draw.position)
        board.hint = self.hint
        if self.prompt is not None:
            if self.prompt.question is not None:
                board.prompt = self.prompt.question.question
            elif self.prompt.editor is not None:
                board.prompt = self.prompt.editor.label
                board.entry = self.prompt.editor.text
                board.entry_cursor = self.prompt.editor.cursor
        board.status, board.over = self._status()
        board.panel_notes = self._notes()
        return board

    def _status(self) -> tuple[str, bool]:
        state = self.game.state
        if state.is_won():
            phase = state.phase
            return (f"All 52 cards home in deal {phase} of 3 - N new deal, R replay, Q quit", True)
        if self.solving:
            return ("Auto-solve is playing - any key stops it", False)
        if self.hint is not None:
            return (f"Hint: {self._describe(self.hint)}", False)
        if state.is_stuck():
            return (
                f"No moves left - game over ({state.cards_home()}/52 cards home)"
                " - u undo, R restart, N new deal",
                True,
            )
        verdict = self.verdicts.get(state.key())
        return (verdict or "", False)

    def _notes(self) -> list[str]:
        minutes, seconds = divmod(int(self.game.elapsed), 60)
        notes = [f"time {minutes}:{seconds:02}   undos {self.game.undos}"]
        record = self.stats.best_for(self.game.deal_number)
        if record is not None:
            won = " (won)" if record["won"] else ""
            notes.append(f"your best {record['best']}/52{won}")
        if self.game.solver_used:
            notes.append("solved by computer")
        return notes

    def _welcome(self) -> str:
        return f"Deal {self.game.deal_number}. Press a fan letter to pick a card, ? for help."

    def _card(self, card: int | None) -> str:
        return "?" if card is None else card_text(card, self.glyphs)

    def _describe(self, move: Move) -> str:
        state = self.game.state
        if move.kind == REDEAL:
            return "redeal (no other move is left)"
        card = self._card(state.moved_card(move))
        if move.home:
            dest = f"foundation {move.target + 1} {self.glyphs.suits[move.target]}"
        else:
            dest = f"{self._card(state.top(move.target))} (fan {FAN_KEYS[move.target]})"
        if move.kind == DRAW:
            return f"draw {card} from fan {FAN_KEYS[move.source]} to {dest}"
        return f"{card} ({FAN_KEYS[move.source]}) to {dest}"

    # ------------------------------------------------------------------- clock
    def _tick(self) -> None:
        now = time.monotonic()
        gap = now - self.last_tick
        self.last_tick = now
        if not self.game.state.is_won() and gap > 0:
            self.game.elapsed += min(gap, CLOCK_GAP_LIMIT)

    def timeout(self) -> float | None:
        if self.solving:
            return SOLVE_PACE
        if (
            self.page is None
            and not self.showing_stats
            and self.prompt is None
            and self.game.state.key() not in self.verdicts
            and not self.game.state.is_won()
            and not self.game.state.is_stuck()
        ):
            return VERDICT_DELAY
        return None

    # -------------------------------------------------------------------- keys
    def handle_key(self, key: str) -> None:
        self._tick()
        if key == keys.TIMEOUT:
            self._on_timeout()
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
        if self.solving:
            self.solving = False
            self.message = "Auto-solve stopped."
            return
        if self.prompt is not None:
            self._prompt_key(key)
            return
        after_hint = self.after_hint
        self.after_hint = False
        if key == keys.INTERRUPT:
            self._quit()
        elif self.draw is not None:
            self._draw_key(key)
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
            elif after_hint and self.hint is not None:
                self._play([self.hint])
            else:
                self.message = "Pick a card first: press its fan letter (a-s)."
        elif key in "1234" and len(key) == 1:
            foundation = int(key) - 1
            if self.selected is not None:
                self._play([Move.to_foundation(self.selected, foundation)])
            else:
                self._manual_auto([foundation])
        elif key == "*":
            self._manual_auto(range(4))
        elif key in ARROWS:
            self._start_cursor(key)
        elif key == keys.ESC:
            self._cancel()
        elif key == "x":
            self._start_draw()
        elif key == "D":
            self._ask_redeal()
        elif key == "u":
            self._undo()
        elif key == "U":
            self._redo()
        elif key == "t":
            self._hint(after_hint)
        elif key == "!":
            self._ask_solve()
        elif key == "N":
            self._leave_game("new")
        elif key == "R":
            self._leave_game("restart")
        elif key == "#":
            self._leave_game("choose")
        elif key == "S":
            self._ask_save_path("save")
        elif key == "i":
            self.showing_stats = True
        elif key in ("?", "F1"):
            self.page = 0
        elif key == "Q":
            self._quit()
        else:
            self._refuse(f"{_key_label(key)} does nothing here - press ? for the keys.")

    def _refuse(self, message: str) -> None:
        self.message = message
        self.bell = True

    def _cancel(self) -> None:
        self.selected = None
        self.cursor = None
        self.hint = None
        self.message = ""

    # --------------------------------------------------------- select and move
    def _fan_key(self, fan: int) -> None:
        state = self.game.state
        if self.selected is None:
            card = state.top(fan)
            if card is None:
                self._refuse(f"Fan {FAN_KEYS[fan]} is empty.")
                return
            self.selected = fan
            self.message = self._selection_message(fan, card)
        elif self.selected == fan:
            self._smart_move(fan)
        else:
            self._play([Move.build(self.selected, fan)])

    def _selection_message(self, fan: int, card: int) -> str:
        state = self.game.state
        letter = FAN_KEYS[fan]
        dot = self.glyphs.middot
        where: list[str] = []
        choices: list[str] = []
        if state.goes_home(card):
            where.append(f"it can go home to {card // 13 + 1}")
            choices.append(str(card // 13 + 1))
        target = state.build_target(card)
        if target >= 0:
            where.append(f"it can go onto {self._card(card + 1)} (fan {FAN_KEYS[target]})")
            choices.append(FAN_KEYS[target])
        if not where:
            return f"{letter} selected: {self._card(card)} has nowhere to go now {dot} Esc cancels"
        return (
            f"{letter} selected: {self._card(card)} {dot} {' or '.join(where)} {dot} "
            f"{'/'.join(choices)}/Space moves it, Esc cancels"
        )

    def _smart_move(self, fan: int) -> None:
        state = self.game.state
        card = state.top(fan)
        if card is None:
            self._refuse(f"Fan {FAN_KEYS[fan]} is empty.")
            return
        if state.goes_home(card):
            self._play([Move.to_foundation(fan, card // 13)])
            return
        target = state.build_target(card)
        if target >= 0:
            self._play([Move.build(fan, target)])
            return
        self._refuse(f"{self._card(card)} has nowhere to go: no foundation or fan takes it.")

    def _play(self, moves: list[Move], message: str | None = None) -> bool:
        """Make ``moves`` as one undo step; on an illegal move say why and keep the state."""
        before = self.game.state
        try:
            self.game.play_step(moves)
        except IllegalMove as exc:
            self._refuse(str(exc))
            return False
        self.selected = None
        self.cursor = None
        self.draw = None
        self.hint = None
        self.hint_cycle = []
        if message is None:
            message = _move_summary(before, moves, self._card)
        self.message = message
        self._after_move()
        return True

    def _manual_auto(self, foundations: Sequence[int]) -> None:
        moves = auto_home_moves(self.game.state, foundations)
        if not moves:
            which = "any foundation" if len(foundations) > 1 else f"foundation {foundations[0] + 1}"
            self._refuse(f"No card can go to {which} now.")
            return
        self._play(moves, f"{len(moves)} card{'s' if len(moves) > 1 else ''} went home.")

    def _after_move(self) -> None:
        state = self.game.state
        if state.is_won():
            self.solving = False
            self._record(SOLVED if self.game.solver_used else WON)
            self.message = (
                "Solved by the computer: all 52 cards are home."
                if self.game.solver_used
                else f"You won! All 52 cards home, deal {state.phase} of 3, "
                f"{self.game.moves} moves."
            )

    # ------------------------------------------------------------- cursor mode
    def _start_cursor(self, key: str) -> None:
        fan = self.selected
        if fan is None:
            fan = next((i for i, f in enumerate(self.game.state.fans) if f), 0)
        self.cursor = (fan, max(len(self.game.state.fans[fan]) - 1, 0))
        self.message = "Cursor: arrows move, Space selects or moves, Esc leaves."
        if key in (keys.UP, keys.DOWN):
            self._cursor_key(key)

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
                self._play([Move.build(self.selected, fan)])
            return
        self.cursor = (fan, pos)

    # --------------------------------------------------------------- draw mode
    def _drawable(self) -> list[tuple[int, int]]:
        seen: list[tuple[int, int]] = []
        for move in self.game.state.draw_moves():
            spot = (move.source, move.position)
            if spot not in seen:
                seen.append(spot)
        return seen

    def _draw_destinations(self) -> list[Move]:
        assert self.draw is not None
        return [
            m
            for m in self.game.state.draw_moves()
            if m.source == self.draw.fan and m.position == self.draw.position
        ]

    def _start_draw(self) -> None:
        state = self.game.state
        if state.draw_used:
            self._refuse("The draw has already been used in this game.")
            return
        if not self._drawable():
            self._refuse("No card under a top card can be played anywhere now.")
            return
        self.selected = None
        self.cursor = None
        self.hint = None
        self.draw = DrawMode()
        self.message = "Draw: press the fan to draw from (underlined cards can go). Esc cancels."

    def _draw_pick_fan(self, fan: int) -> None:
        assert self.draw is not None
        spots = [pos for f, pos in self._drawable() if f == fan]
        if not spots:
            self._refuse(f"No card in fan {FAN_KEYS[fan]} can be drawn and played now.")
            return
        self.draw = DrawMode(2, fan, spots[-1])
        self._draw_message()

    def _draw_message(self) -> None:
        assert self.draw is not None
        card = self.game.state.fans[self.draw.fan][self.draw.position]
        self.message = (
            f"Draw from fan {FAN_KEYS[self.draw.fan]}: {self._card(card)} "
            f"(card {self.draw.position + 1}) - left/right or 1-9 choose, Space confirms"
        )

    def _draw_key(self, key: str) -> None:
        draw = self.draw
        assert draw is not None
        if key in (keys.ESC, "x"):
            self.draw = None
            self.message = "Draw cancelled; it is still yours to use."
            return
        fan_key = len(key) == 1 and key in FAN_KEYS
        if draw.step in (1, 2) and fan_key:
            self._draw_pick_fan(FAN_KEYS.index(key))
        elif draw.step in (1, 2) and key in (keys.UP, keys.DOWN):
            fans = sorted({f for f, _ in self._drawable()})
            step = 1 if key == keys.DOWN else -1
            current = draw.fan if draw.fan >= 0 else (-1 if step > 0 else FAN_COUNT)
            ahead = [f for f in fans if (f - current) * step > 0]
            self._draw_pick_fan(
                (ahead[0] if step > 0 else ahead[-1]) if ahead else fans[0 if step > 0 else -1]
            )
        elif draw.step == 2 and key in (keys.LEFT, keys.RIGHT):
            spots = [pos for f, pos in self._drawable() if f == draw.fan]
            index = spots.index(draw.position) + (1 if key == keys.RIGHT else -1)
            draw.position = spots[index % len(spots)]
            self._draw_message()
        elif draw.step == 2 and len(key) == 1 and key in "123456789":
            position = int(key) - 1
            if (draw.fan, position) not in self._drawable():
                self._refuse(f"Card {key} of fan {FAN_KEYS[draw.fan]} cannot be drawn now.")
                return
            draw.position = position
            self._draw_message()
        elif draw.step == 2 and key in CONFIRM_KEYS:
            draw.step = 3
            card = self.game.state.fans[draw.fan][draw.position]
            self.message = (
                f"Draw {self._card(card)}: where to? 1-4, a fan letter, or Space. Esc cancels."
            )
        elif draw.step == 3 and len(key) == 1 and key in "1234":
            self._play([Move.draw(draw.fan, draw.position, int(key) - 1, True)])
        elif draw.step == 3 and fan_key:
            self._play([Move.draw(draw.fan, draw.position, FAN_KEYS.index(key), False)])
        elif draw.step == 3 and key in CONFIRM_KEYS:
            self._play([self._draw_destinations()[0]])
        elif draw.step == 1:
            self._refuse("Draw: press a fan letter first (Esc cancels the draw).")
        else:
            self._refuse("That key does nothing in draw mode (Esc cancels the draw).")

    # ------------------------------------------------------------------- mouse
    def handle_mouse(self, row: int, col: int, button: str) -> None:
        self._tick()
        if self.page is not None or self.showing_stats:
            self.page = None
            self.showing_stats = False
            return
        if self.prompt is not None:
            return
        if self.solving:
            self.solving = False
            self.message = "Auto-solve stopped."
            return
        hit = hit_test(row, col, self.width)
        if hit is None:
            return
        kind, index, position = hit
        self.after_hint = False
        if self.draw is not None:
            self._draw_click(kind, index, position)
            return
        self.cursor = None
        if kind == "foundation":
            if self.selected is not None:
                self._play([Move.to_foundation(self.selected, index)])
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

    def _draw_click(self, kind: str, index: int, position: int) -> None:
        draw = self.draw
        assert draw is not None
        if draw.step in (1, 2):
            if kind == "fan" and (index, position) in self._drawable():
                self.draw = DrawMode(3, index, position)
                self.message = "Draw: now click where the card goes (Esc cancels)."
            else:
                self._refuse("Click an underlined card to draw it (Esc cancels the draw).")
            return
        if kind == "foundation":
            self._play([Move.draw(draw.fan, draw.position, index, True)])
        else:
            self._play([Move.draw(draw.fan, draw.position, index, False)])

    # ------------------------------------------------------------ undo, redeal
    def _undo(self) -> None:
        try:
            self.game.undo()
        except IllegalMove as exc:
            self._refuse(str(exc))
            return
        self._reset_ui()
        self.message = f"Undone ({self.game.undos} undo{'s' if self.game.undos != 1 else ''})."

    def _redo(self) -> None:
        try:
            self.game.redo()
        except IllegalMove as exc:
            self._refuse(str(exc))
            return
        self._reset_ui()
        self.message = "Redone."
        self._after_move()

    def _reset_ui(self) -> None:
        self.selected = None
        self.cursor = None
        self.draw = None
        self.hint = None
        self.hint_cycle = []

    def _ask_redeal(self) -> None:
        state = self.game.state
        if state.is_won():
            self._refuse("The game is won.")
            return
        if state.redeals_left == 0:
            self._refuse("No redeals left.")
            return
        if state.legal_moves(include_redeal=False, include_draw=False):
            self._ask("redeal", "Moves are still possible - redeal anyway? (y/n)")
            return
        self._redeal()

    def _redeal(self) -> None:
        if self._play([Move.redeal()], ""):
            state = self.game.state
            left = "the last deal" if state.redeals_left == 0 else "1 redeal left"
            self.message = f"Redealt: deal {state.phase} of 3 ({left})."

    # -------------------------------------------------------------- assistance
    def _hint(self, again: bool) -> None:
        self.selected = None
        self.cursor = None
        state = self.game.state
        if state.is_won() or state.is_stuck():
            self._refuse("No moves left." if not state.is_won() else "The game is won.")
            return
        if again and self.hint_cycle:
            index = self.hint_cycle.index(self.hint) + 1 if self.hint in self.hint_cycle else 0
            self.hint = self.hint_cycle[index % len(self.hint_cycle)]
        else:
            first = self.advisor.hint(state)
            cheap = self.advisor.cheap(state)
            if first is None and cheap:
                first = cheap[0]
            if first is None:
                self._refuse("No useful move: only the draw is left.")
                return
            self.hint_cycle = [first] + [m for m in cheap if m != first]
            self.hint = first
        self.after_hint = True
        self.message = f"Space plays the hint {self.glyphs.middot} t again: the next one"

    def _ask_solve(self) -> None:
        if self.game.state.is_won():
            self._refuse("The game is won.")
            return
        if self.game.solver_used:
            self._start_solving()
            return
        self._ask("solve", "Let the computer play on? This game then counts as solved (y/n)")

    def _start_solving(self) -> None:
        self.game.solver_used = True
        self.game.touched = True
        self.solving = True
        self._reset_ui()
        self.message = "Auto-solve: the computer plays. Any key stops it."

    def _on_timeout(self) -> None:
        state = self.game.state
        if self.solving:
            move = self.advisor.next_move(state)
            if move is None:
                self.solving = False
                self.message = "Auto-solve: no more moves."
                return
            if not self._play([move]):
                self.solving = False
                return
            if not self.game.state.is_won():
                self.message = "Auto-solve: " + _move_summary(state, [move], self._card)
            return
        if state.key() not in self.verdicts and not state.is_won():
            self.verdicts[state.key()] = self.advisor.verdict(state)

    # ---------------------------------------------------------------- prompts
    def _ask(self, kind: str, question: str) -> None:
        self.prompt = Prompt(kind, question=YesNoPrompt(question))

    def _ask_save_path(self, kind: str) -> None:
        default = self.save_path or f"midnightoil-{self.game.deal_number}.json"
        self.prompt = Prompt(kind, editor=LineEditor("Save to file:", default))

    def _prompt_key(self, key: str) -> None:
        prompt = self.prompt
        assert prompt is not None
        if prompt.editor is not None:
            answer = prompt.editor.feed(key)
            if answer == Answer.CANCEL:
                self.prompt = None
                self.message = "Cancelled."
            elif answer == Answer.DONE:
                self._editor_done(prompt.kind, prompt.editor.text.strip())
            elif answer == Answer.REFUSED:
                self.bell = True
            return
        assert prompt.question is not None
        if key in (keys.ESC, keys.INTERRUPT):
            self.prompt = None
            self.message = "Cancelled."
            return
        answer = prompt.question.feed(key)
        if answer == Answer.REFUSED:
            self.bell = True
            return
        self.prompt = None
        self.message = ""
        self._answered(prompt.kind, answer == Answer.YES)

    def _answered(self, kind: str, yes: bool) -> None:
        if kind == "redeal":
            if yes:
                self._redeal()
        elif kind == "solve":
            if yes:
                self._start_solving()
        elif kind.startswith("abandon-"):
            if yes:
                self._do_leave(kind.removeprefix("abandon-"))
        elif kind == "quit":
            if yes:
                self._ask_save_path("quit-save")
            else:
                self._end_game(restarted=False)
                self.finished = True
                self.exit_message = self._exit_line()
        elif kind == "overwrite-save" or kind == "overwrite-quit-save":
            if yes:
                self._write_save(self.pending_path, quitting=kind == "overwrite-quit-save")
            else:
                self._ask_save_path(kind.removeprefix("overwrite-"))

    def _editor_done(self, kind: str, text: str) -> None:
        self.prompt = None
        if kind == "deal":
            try:
                number = parse_deal_number(text)
            except ValueError as exc:
                self._refuse(f"{exc}.")
                return
            self._start_game(Game(number))
            return
        if not text:
            self._refuse("No file name given; not saved.")
            return
        self.pending_path = text
        quitting = kind == "quit-save"
        target = Path(text).expanduser()
        if target.exists() and text != self.save_path:
            which = "overwrite-quit-save" if quitting else "overwrite-save"
            self._ask(which, f"{text} exists - overwrite it? (y/n)")
            return
        self._write_save(text, quitting)

    pending_path = ""

    def _write_save(self, text: str, quitting: bool) -> None:
        try:
            savefile.save(Path(text).expanduser(), self.game)
        except SaveError as exc:
            self._refuse(f"Not saved: {exc}")
            return
        self.save_path = text
        if quitting:
            self.finished = True
            self.exit_message = f"Game saved to {text} - resume with: midnightoil {text}"
        else:
            self.message = f"Saved to {text}. Resume later with: midnightoil {text}"

    # ------------------------------------------------------ games and records
    def _in_progress(self) -> bool:
        return self.game.touched and not self.recorded

    def _leave_game(self, how: str) -> None:
        if self._in_progress():
            what = {"new": "Start a new deal", "restart": "Restart this deal", "choose": "Choose"}
            self._ask(
                f"abandon-{how}",
                f"{what[how]}? This game counts as "
                f"{'solved' if self.game.solver_used else 'lost'} (y/n)",
            )
            return
        self._do_leave(how)

    def _do_leave(self, how: str) -> None:
        if how == "choose":
            self.prompt = Prompt("deal", editor=LineEditor("Deal number:", ""))
            return
        self._end_game(restarted=how == "restart")
        if how == "restart":
            self._start_game(Game(self.game.deal_number), ended=True)
            self.message = f"Deal {self.game.deal_number} restarted."
        else:
            self._start_game(Game(_random_deal()), ended=True)

    def _start_game(self, game: Game, ended: bool = False) -> None:
        if not ended:
            self._end_game(restarted=False)
        self.game = game
        self.recorded = False
        self.save_path = None
        self.solving = False
        self._reset_ui()
        self.verdicts.clear()
        self.message = self._welcome()

    def _end_game(self, restarted: bool) -> None:
        """Record the current game as lost or solved if it counts and is not recorded yet."""
        if not self._in_progress():
            return
        self._record(SOLVED if self.game.solver_used else LOST, restarted)

    def _record(self, outcome: str, restarted: bool = False) -> None:
        if self.recorded:
            return
        self.stats.record(outcome, self.game, restarted=restarted)
        self.recorded = True
        warning = save_stats(self.stats)
        if warning:
            self.message = warning

    def _quit(self) -> None:
        if self._in_progress():
            self._ask("quit", "Save this game before quitting? (y/n, Esc keeps playing)")
            return
        self.finished = True
        self.exit_message = self._exit_line()

    def _exit_line(self) -> str:
        state = self.game.state
        return f"Midnight Oil deal {self.game.deal_number}: {state.cards_home()}/52 cards home."

    def end_of_input(self) -> None:
        saved = self.emergency_save()
        if saved:
            self.exit_message = f"Input ended; your game was saved to {saved}"

    def emergency_save(self) -> str | None:
        if not self._in_progress():
            return None
        path = paths.data_file(RECOVERY_FILE)
        try:
            savefile.save(path, self.game)
        except SaveError:
            return None
        return str(path)


def _random_deal() -> int:
    """A fresh deal number (any randomness may pick it, spec §9)."""
    return secrets.randbits(64)


def _key_label(key: str) -> str:
    return key if len(key) == 1 else key.title()


def _move_summary(before: State, moves: list[Move], card: Callable[[int | None], str]) -> str:
    """A short account of what a step did."""
    if len(moves) == 1 and moves[0].kind == REDEAL:
        return "Redealt."
    if all(m.kind == FOUNDATION for m in moves) and len(moves) > 1:
        return f"{len(moves)} cards went home."
    move = moves[0]
    name = card(before.moved_card(move))
    if move.kind == DRAW:
        name = "Drawn: " + name
    if move.home:
        return f"{name} went home to foundation {move.target + 1}."
    return f"{name} moved onto fan {FAN_KEYS[move.target]}."
