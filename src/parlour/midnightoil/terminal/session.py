"""The life of one Midnight Oil session: the game, prompts, saving, statistics, the clock.

The base of :class:`parlour.midnightoil.terminal.app.MidnightOilApp`, which adds the
keys, the clicks and the drawing. It holds the state every part of the UI shares
(the game, selection, cursor, prompt, message, the game's
:class:`~parlour.midnightoil.terminal.ending.Ending`), does what does not depend on
which key was pressed (making a step of moves, asking yes/no questions and file names,
saving, recording the game's result once in the statistics, spec §10), and holds three
parts with their own state: ``drawing`` (:class:`~parlour.midnightoil.terminal.draw.Draw`),
``assist`` (:class:`~parlour.midnightoil.terminal.assist.Assist`) and ``leaving``
(:class:`~parlour.midnightoil.terminal.leaving.Leaving`). Each part knows the session
only through the few members its host protocol names.

What is recorded when (docs/midnightoil.md, "Statistics"): a win at once; a
game that can bring no more cards home once that is proven; a game left
(new deal, restart, choose deal, quit without saving) as lost. A game whose
current position is saved is not recorded when it is left or when input
ends: it counts when the resumed game ends, under the same game id. The first
result of a game is its result for good (:mod:`parlour.midnightoil.terminal.ending`):
play after it, or a save of an ended game resumed, is a replay and records
nothing.
"""

from __future__ import annotations

import re
import time

from parlour.core.i18n import _, ngettext, number
from parlour.core.text import (
    ASCII_ELLIPSIS,
    ELLIPSIS,
    keep_whole,
    printable,
    shorten_middle,
    width,
)
from parlour.midnightoil.computer.advisor import Advisor
from parlour.midnightoil.files.stats import LOST, SOLVED, WON, Stats, record_of
from parlour.midnightoil.files.statsfile import KEEPER, append_record, load_stats
from parlour.midnightoil.game.cards import SUITS
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import IllegalMove, Move
from parlour.midnightoil.terminal.assist import Assist
from parlour.midnightoil.terminal.draw import Draw
from parlour.midnightoil.terminal.ending import REPLAY_OVER, REPLAY_WON, STUCK, Ending
from parlour.midnightoil.terminal.leaving import Leaving
from parlour.midnightoil.terminal.messages import Prompt, command_path, move_summary, shell_quoted
from parlour.midnightoil.terminal.view import card_text
from parlour.tui import keys
from parlour.tui.app import TerminalApp
from parlour.tui.glyphs import Glyphs
from parlour.tui.prompts import PATH_LENGTH, Answer, LineEditor, YesNoPrompt

CLOCK_GAP_LIMIT = 120.0
"""Longest pause between two keys that still counts as playing time."""
MESSAGE_MARGIN = 4
"""Columns of the message row not available to a message (margins and the "> " mark)."""
CARD_NAME = re.compile(r"\b([A2-9TJQK])([CDHS])\b")
"""A card named in the rules' notation inside a message."""


class GameSession(TerminalApp):
    """Shared UI state and everything around the moves themselves."""

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
        self.stats: Stats
        self.stats, warning = load_stats()
        self.width = 80
        """The width of the last frame drawn (mouse clicks and messages are fitted to it)."""
        self.page: int | None = None
        """A help page being shown (index), or None."""
        self.showing_stats = False
        self.selected: int | None = None
        self.cursor: tuple[int, int] | None = None
        self.prompt: Prompt | None = None
        self.message = warning or self.welcome()
        self.ending = Ending()
        """The game's end and its result (recorded here, or found: then play is a replay)."""
        self._look_up_result()
        self.resumed_from: str | None = None
        """The save this game was resumed from while its message is up (refitted to the width)."""
        if save_path is not None and not warning:
            self.resumed_from = save_path
            self.message = self.resumed_message()
        self.pending_path = ""
        """The file name a save is waiting to write (after an overwrite question)."""
        self.bell = False
        self.saved_at: tuple[object, ...] | None = self.spot() if save_path else None
        """The position the save file ``save_path`` holds (None: nothing saved)."""
        self.stats_note = warning
        """What the statistics page says about the ledger (damaged lines skipped...)."""
        self.record_warning: str | None = None
        """Why the last record could not be made (kept over the next deal's welcome)."""
        self.record_problem: str | None = None
        """Why the last record is not in the ledger (kept for next time, or lost): a game
        left on quitting or a hang-up says so in its last line."""
        self.last_tick = time.monotonic() if now is None else now
        self.drawing = Draw(self)
        """The draw in progress (a part with its own state)."""
        self.assist = Assist(self)
        """Hints, the verdict, auto-solve and the end check (a part with its own state)."""
        self.leaving = Leaving(self)
        """Another deal, a restart, quitting and the terminal going away, each counted."""

    def _look_up_result(self) -> None:
        """A game played before (resumed) may already have its result: then this is a replay.

        A won game without a result in the ledger (its record could not be written)
        is taken as ended here: there is nothing left to play or record.
        """
        game = self.game
        found = None if game.new_id else KEEPER.settled_result(game.game_id)
        if found is not None:
            self.ending.settle(found, None)
        elif game.state.is_won():
            self.ending.settle(record_of(game, SOLVED if game.solver_used else WON), self.spot())

    def spot(self) -> tuple[object, ...]:
        """The current position with its line of play (what a record or a save holds)."""
        return (self.game.state.key(), self.game.moves, self.game.solver_used)

    def path_in(self, path: str, rest: str) -> str:
        """``path`` made printable and shortened from the middle to fit beside ``rest``."""
        room = max(self.width - MESSAGE_MARGIN - width(rest), 12)
        mark = ELLIPSIS if self.glyphs.name == "unicode" else ASCII_ELLIPSIS
        return shorten_middle(printable(path), room, mark)

    def resumed_message(self) -> str:
        """ "Resumed FILE: deal N..." with the file name fitted to the last frame's width."""
        if self.ending.replaying(self.spot()):
            words = _("Resumed {file}: a replay of an ended game; nothing is recorded.")
        else:
            words = _("Resumed {file}: deal {number}. Press ? for help.")
        rest = words.format(file="", number=self.game.deal_number)
        shown = self.path_in(self.resumed_from or "", rest)
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

    def _with_glyphs(self, text: str) -> str:
        """The rules' card names (``2C``) in ``text`` drawn as on the board (``2♣``)."""
        return CARD_NAME.sub(
            lambda m: m.group(1) + self.glyphs.suits[SUITS.index(m.group(2))], text
        )

    def refuse(self, message: str) -> None:
        self.message = message
        self.bell = True

    def refuse_entry(self, note: str) -> None:
        """The entry in the open field is refused: it stays open, ``note`` says why."""
        assert self.prompt is not None
        self.prompt.note = note
        self.bell = True

    def drop_selection(self) -> None:
        self.selected = None
        self.cursor = None

    def clear_choice(self) -> None:
        """No fan selected, no cursor, no hint (the draw takes over)."""
        self.drop_selection()
        self.assist.hint = None

    def reset_ui(self) -> None:
        self.drop_selection()
        self.drawing.mode = None
        self.assist.reset()

    def play(self, moves: list[Move], message: str | None = None) -> bool:
        """Make ``moves`` as one undo step; on an illegal move say why and keep the state."""
        before = self.game.state
        try:
            self.game.play_step(moves)
        except IllegalMove as exc:
            self.refuse(self._with_glyphs(str(exc)))
            return False
        self.reset_ui()
        if message is None:
            message = move_summary(before, moves, self.card)
        self.message = message
        self._after_move()
        return True

    def _after_move(self) -> None:
        state = self.game.state
        if state.is_won():
            self.assist.solving = False
            self.drawing.mode = None
            if self.ending.result is not None:
                self.message = _(REPLAY_WON)
                return
            if self.game.solver_used:
                self.message = _("Solved by the computer: all 52 cards are home.")
            else:
                moves = self.game.moves
                self.message = ngettext(
                    "You won! All 52 cards home, deal {phase} of 3, {n} move.",
                    "You won! All 52 cards home, deal {phase} of 3, {n} moves.",
                    moves,
                ).format(phase=state.phase, n=number(moves))
            self.record(SOLVED if self.game.solver_used else WON)
        elif state.is_stuck():
            self.game_over(STUCK)

    def game_over(self, kind: str, message: str | None = None) -> None:
        """The position is an end of ``kind``: nothing is left to select; record the result once.

        ``message``: what to say (auto-solve's reason for stopping); a replay's end
        otherwise says that nothing is recorded, and a failed record says why.
        """
        self.ending.end(self.game.state, kind)
        self.drop_selection()
        self.drawing.mode = None
        self.assist.hint = None
        self.assist.verdict = None
        if message is not None:
            self.message = message
        if self.ending.result is not None:
            if message is None:
                self.message = _(REPLAY_OVER)
            return
        self.record(SOLVED if self.game.solver_used else LOST)

    def _redeal(self) -> None:
        if self.play([Move.redeal()], ""):
            state = self.game.state
            if state.redeals_left == 0:
                self.message = _("Redealt: deal {phase} of 3 (the last deal).")
            else:
                self.message = _("Redealt: deal {phase} of 3 (1 redeal left).")
            self.message = self.message.format(phase=state.phase)

    def ask(self, kind: str, question: str) -> None:
        self.prompt = Prompt(kind, question=YesNoPrompt(question))

    def ask_save_path(self, kind: str, typed: str | None = None) -> None:
        """The file name field, offering ``typed`` (a name to correct) or the usual name."""
        default = typed or self.save_path or f"midnightoil-{self.game.deal_number}.json"
        editor = LineEditor(_("Save to file:"), default, max_length=PATH_LENGTH)
        self.prompt = Prompt(kind, editor=editor)

    def _prompt_key(self, key: str) -> None:
        prompt = self.prompt
        assert prompt is not None
        if prompt.editor is not None:
            answer = prompt.editor.feed(key)
            if answer == Answer.CANCEL:
                self.prompt = None
                self.message = _("Cancelled.")
            elif answer == Answer.DONE:
                self._editor_done(prompt.kind, prompt.editor.text.strip())
            elif answer == Answer.REFUSED:
                self.bell = True
            return
        assert prompt.question is not None
        if key in (keys.ESC, keys.INTERRUPT):
            self.prompt = None
            self.message = _("Cancelled.")
            return
        answer = prompt.question.feed(key)
        if answer == Answer.REFUSED:
            self.bell = True
            return
        self.prompt = None
        self.message = ""
        self._answered(prompt.kind, answer == Answer.YES)

    def _answered(self, kind: str, yes: bool) -> None:
        if self.leaving.answered(kind, yes):
            return
        if kind == "redeal":
            if yes:
                self._redeal()
        elif kind == "solve":
            if yes:
                self.assist.start_solving()
        elif kind == "overwrite-save" or kind == "overwrite-quit-save":
            if yes:
                self._write_save(self.pending_path, quitting=kind == "overwrite-quit-save")
            else:
                # Not that file: the field comes back with the name typed, to change it.
                self.ask_save_path(kind.removeprefix("overwrite-"), self.pending_path)

    def _editor_done(self, kind: str, text: str) -> None:
        """A file name typed to save to (``kind``: "save" or "quit-save"), or a deal number."""
        if self.leaving.editor_done(kind, text):
            return
        if not text:
            self.refuse_entry(_("No file name given: type one, or Esc to cancel."))
            return
        self.prompt = None
        self.pending_path = text
        quitting = kind == "quit-save"
        from parlour.core.saves import file_exists, player_path

        if file_exists(player_path(text)) and text != self.save_path:
            which = "overwrite-quit-save" if quitting else "overwrite-save"
            question = _("Overwrite {file}? It already exists. (y/n)")
            self.ask(which, question.format(file=self.path_in(text, question.format(file=""))))
            return
        self._write_save(text, quitting)

    def _write_save(self, text: str, quitting: bool) -> None:
        from parlour.core.saves import SaveError, player_path
        from parlour.midnightoil.files import savefile

        try:
            savefile.save(player_path(text), self.game)
        except SaveError as exc:
            reason = printable(exc.reason)
            words = _("Not saved: {file}: {reason}")
            shown = self.path_in(text, words.format(file="", reason=reason))
            why = words.format(file=shown, reason=reason)
            # The field comes back with the name typed, to correct it (Esc cancels).
            self.ask_save_path("quit-save" if quitting else "save", text)
            self.refuse_entry(why)
            return
        self.save_path = text
        self.saved_at = self.spot()
        if quitting:
            self.finished = True
            command = keep_whole(command_path(text))  # never broken by the wrapping
            counted = self.leaving.how_counted()
            # TRANSLATORS: {counted} is a sentence on how the game counts; {command} a file name.
            self.exit_message = _(
                "Game saved. {counted} Resume with: midnightoil {command}"
            ).format(counted=counted, command=command)
        else:
            words = _("Saved. Resume later with: midnightoil {command}")
            shown = self.path_in(shell_quoted(text), words.format(command=""))
            self.message = words.format(command=shown)

    def is_saved(self) -> bool:
        """The save file holds the current position: leaving loses nothing."""
        return self.saved_at is not None and self.saved_at == self.spot()

    def record(self, outcome: str, restarted: bool = False) -> None:
        """Record this game's result: its first, so only while it has none.

        Another copy of the game (resumed from the same save) may have ended it
        meanwhile: then that result stands, nothing is written, and the player is told.
        """
        if self.ending.result is not None:
            return
        found = KEEPER.settled_result(self.game.game_id)
        if found is not None:
            self.ending.settle(found, None)
            self.message = self.ending.not_recorded()
            return
        record = record_of(self.game, outcome, restarted)
        self.ending.settle(record, self.spot())
        self.record_problem = append_record(record)
        self.stats, read_warning = load_stats()
        self.record_warning = self.record_problem or read_warning
        if self.record_warning:
            self.message = self.record_warning

    def last_words(self, line: str) -> str:
        """``line`` for the terminal after the game, and what became of its record if it
        did not go into the ledger."""
        return line if self.record_problem is None else f"{line}\n{self.record_problem}"

    def end_of_input(self) -> None:
        self.leaving.end_of_input()

    def emergency_save(self) -> str | None:
        return self.leaving.emergency_save()
