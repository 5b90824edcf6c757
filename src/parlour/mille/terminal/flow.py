"""The mille app's game flow (a part of :class:`MilleApp`): the questions each phase asks,
the next hand, and leaving.

BSD's dialogue (spec/mille.md sections 6, 9, 11): Extension? for the human who
reaches 700, Another hand? / Another game? at the end of a hand, Really? after
Q or the interrupt key, and (our departure) Save game? before leaving a game
with unsaved moves. Leaving records the game in the statistics when it is
left unsaved (:mod:`parlour.mille.files.statsfile`), and the farewell line shows the
games won, the totals, the seed and the level's statistics.
"""

from __future__ import annotations

from collections.abc import Callable

from parlour import TYPE_CHECKING
from parlour.core.record import Record
from parlour.core.text import LINE_COLUMNS, printable
from parlour.mille.files.statsfile import Recorder
from parlour.mille.game.rules import COMPUTER, HUMAN, Game, Phase
from parlour.mille.terminal import view
from parlour.mille.terminal.view import Layout

if TYPE_CHECKING:
    from typing import Any

    from parlour.mille.terminal.reviewing import HandReview

MOVE_PROMPT = view.MOVE_PROMPT
REALLY = "Really?"
EXTENSION = "Extension?"
ANOTHER_HAND = "Another hand?"
ANOTHER_GAME = "Another game?"
SAVE_GAME = "Save game?"
SAME_FILE = "Same file?"
OVERWRITE = "Overwrite file?"
FILE_PROMPT = "file:"

YES_NO_HINT = "type y or n (s saves)"
END_HINT = "type y or n (s saves, v reviews)"
"""The hint at Another hand?/Another game?, where v reviews the hand."""


class Ask(Record):
    """A yes/no question with what Y and N do; ``name`` is recorded in saves made at it."""

    text: str
    on_yes: Callable[[], None]
    on_no: Callable[[], None]
    name: str
    saves: bool
    """Whether S starts a save here (not inside the save dialogue itself)."""

    __slots__ = ("text", "on_yes", "on_no", "name", "saves")

    def __init__(
        self,
        text: str,
        on_yes: Callable[[], None],
        on_no: Callable[[], None],
        name: str,
        saves: bool = True,
    ) -> None:
        self.text = text
        self.on_yes = on_yes
        self.on_no = on_no
        self.name = name
        self.saves = saves


class FlowMixin:
    """Questions, hands and leaving, for :class:`parlour.mille.terminal.app.MilleApp`."""

    game: Game
    recorder: Recorder
    ask: Ask | None
    dialog: Any
    finished: bool
    computer_due: bool
    dirty: bool
    message: str
    last_move: tuple[str, str] | None
    end_layout: Layout
    save_path: str | None
    exit_status: int
    exit_message: str | None

    # Provided by the other parts of the app (annotations only, so nothing is shadowed).
    _start_save: Callable[[str, Callable[[], None], Callable[[], None]], None]
    review: HandReview

    def _settle(self) -> None:
        """Put up the question the game's phase calls for, or let the computer move."""
        if self.finished:
            return
        self.recorder.settle(self.game)
        phase = self.game.phase
        if phase is Phase.TURN and self.game.turn == COMPUTER:
            self.computer_due = True
            return
        if phase is Phase.EXTENSION:
            if self.game.turn == COMPUTER:
                self.computer_due = True
            else:
                self.ask = Ask(
                    EXTENSION, lambda: self._extend(True), lambda: self._extend(False), "extension"
                )
            return
        if phase is Phase.HAND_OVER:
            self.ask = Ask(ANOTHER_HAND, self._next_hand, self._decline_more, "another_hand")
        elif phase is Phase.GAME_OVER:
            self.ask = Ask(ANOTHER_GAME, self._next_hand, self._decline_more, "another_game")
        else:
            self.ask = None

    def _extend(self, extend: bool) -> None:
        self.ask = None
        self.review.log.record_answer(self.game.view(HUMAN), extend)
        self.game.answer_extension(extend)
        self.dirty = True
        self._settle()

    def _next_hand(self, keep_message: bool = False) -> None:
        self.ask = None
        if self.game.phase is Phase.GAME_OVER:
            self.recorder.new_game()
        self.game.next_hand()
        self.review.new_hand()
        self.dirty = True
        self.last_move = None
        self.end_layout = Layout.BONUSES
        if not keep_message:
            self.message = ""
        self._settle()

    def _decline_more(self) -> None:
        """N to Another hand?/game?: offer to save (if anything is unsaved), then leave."""
        self._leave(lambda: self._next_hand(True))

    def _quit(self) -> None:
        """Y to Really?: leave, offering a save when the game in progress has unsaved moves."""
        self._leave(self._settle)

    def _leave(self, on_failed_save: Callable[[], None]) -> None:
        """Exit, first asking Save game? when there are unsaved moves.

        A failed or abandoned save runs ``on_failed_save`` so play goes on (spec §9.1).
        """
        self.ask = None
        if not self.dirty:
            self._exit()
            return
        base = self._base_name()
        self.ask = Ask(
            SAVE_GAME,
            lambda: self._start_save(base, self._exit, on_failed_save),
            self._abandon,
            base,
        )

    def _abandon(self) -> None:
        """N to Save game?: the game is left unsaved (the statistics count it so)."""
        self.recorder.abandoned(self.game)
        self._exit()

    def _exit(self) -> None:
        self.ask = None
        self.dialog = None
        self.finished = True
        self.exit_status = 0
        self.exit_message = self._farewell()

    def _farewell(self) -> str:
        you, comp = self.game.players[HUMAN], self.game.players[COMPUTER]
        won_you, won_comp = you.games_won, comp.games_won
        if self.game.phase is Phase.GAME_OVER:
            winner = self.game.winner()
            won_you += winner == HUMAN
            won_comp += winner == COMPUTER
        text = (
            f"Games won: you {won_you}, computer {won_comp}. "
            f"Totals: you {you.overall_total}, computer {comp.overall_total}."
        )
        seed = f"(seed {self.game.seed})"
        # A long seed goes on a line of its own rather than past the 80 columns.
        fits = len(text) + 1 + len(seed) <= LINE_COLUMNS
        text += (" " if fits else "\n") + seed
        if self.save_path and not self.dirty:
            text += f"\nYour game is saved in {printable(self.save_path)}"
        for line in self.recorder.farewell_lines():
            text += "\n" + printable(line)
        return text

    def _base_name(self) -> str:
        phase = self.game.phase
        if phase is Phase.EXTENSION:
            return "extension"
        if phase is Phase.HAND_OVER:
            return "another_hand"
        if phase is Phase.GAME_OVER:
            return "another_game"
        return "move"
