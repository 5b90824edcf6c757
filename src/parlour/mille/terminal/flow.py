"""The mille app's game flow, :class:`Flow` (a part of the app): the questions each phase
asks, the next hand, and leaving.

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
from parlour.core.i18n import N_, _, number
from parlour.core.record import Record
from parlour.core.text import LINE_COLUMNS, keep_whole, printable, width
from parlour.mille.files.statsfile import Recorder
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Phase
from parlour.mille.terminal import view
from parlour.mille.terminal.reviewing import REVIEW_KEY
from parlour.mille.terminal.view import Layout
from parlour.tui import keys

if TYPE_CHECKING:  # typing is not loaded at start
    from typing import Protocol

    from parlour.mille.terminal.messages import MessageLine
    from parlour.mille.terminal.reviewing import HandReview
    from parlour.mille.terminal.saving import Saving

    class Host(Protocol):
        """What the flow asks of the app it is part of."""

        def hand_begins(self) -> None:
            """A new hand is dealt: the board forgets the computer's last move."""

        def leave(self, farewell: str) -> None:
            """The game is over for this session: the app ends, showing ``farewell``."""


MOVE_PROMPT = view.MOVE_PROMPT
# TRANSLATORS: BSD's questions, at row 10 from column 20: 20 columns at most. The keys
# stay y and n in every language: a translation says so ("(y/n)").
REALLY = N_("Really?")
EXTENSION = N_("Extension?")
ANOTHER_HAND = N_("Another hand?")
ANOTHER_GAME = N_("Another game?")
SAVE_GAME = N_("Save game?")
SAME_FILE = N_("Same file?")
OVERWRITE = N_("Overwrite file?")
# TRANSLATORS: the save dialogue's prompt for a file name (row 10, column 20).
FILE_PROMPT = N_("file:")

# TRANSLATORS: the message line (35 columns at most); the keys y, n, s, v stay.
YES_NO_HINT = N_("type y or n (s saves)")
END_HINT = N_("type y or n (s saves, v reviews)")
"""The hint at Another hand?/Another game?, where v reviews the hand."""


class Ask(Record):
    """A yes/no question with what Y and N do; ``name`` is recorded in saves made at it."""

    text: str
    on_yes: Callable[[], None]
    on_no: Callable[[], None]
    name: str
    saves: bool = True
    """Whether S starts a save here (not inside the save dialogue itself)."""


class Flow:
    """The questions each phase asks, the next hand and leaving: a part of the app.

    Its own state is the question showing (``ask``), whether the computer is to
    move (``computer_due``), the score layout at an end-of-hand question
    (``end_layout``) and whether the game has been left (``left``). It works on
    the game, the statistics, the hand review, the saving part and the message
    line it is given, and tells the app through ``host`` when a hand begins and
    when to leave.
    """

    def __init__(
        self,
        game: Game,
        recorder: Recorder,
        review: HandReview,
        saving: Saving,
        line: MessageLine,
        host: Host,
    ) -> None:
        self.game = game
        self.recorder = recorder
        self.review = review
        self.saving = saving
        self.line = line
        self.host = host
        self.ask: Ask | None = None
        self.computer_due = False
        self.end_layout = Layout.BONUSES
        """The score layout at an end-of-hand question (the bonus table first; W toggles)."""
        self.left = False

    def resume(self) -> None:
        """Go on from where the game stands: the question its phase calls for, or the
        computer to move (the statistics keeper records a game that has just ended)."""
        if self.left:
            return
        self.recorder.summarize(self.game)
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
            self.ask = Ask(ANOTHER_HAND, self.next_hand, self._decline_more, "another_hand")
        elif phase is Phase.GAME_OVER:
            self.ask = Ask(ANOTHER_GAME, self.next_hand, self._decline_more, "another_game")
        else:
            self.ask = None

    def computer_moves(self) -> None:
        """The app plays the computer's turn now: it is no longer due."""
        self.computer_due = False

    def key(self, key: str) -> None:
        """A key at the question showing: Y, N, S (save), W and V at the end of a hand."""
        ask = self.ask
        assert ask is not None
        lower = key.lower() if len(key) == 1 else key
        at_end = ask.text in (ANOTHER_HAND, ANOTHER_GAME)
        if lower in ("y", "n"):
            self.line.clear(_(YES_NO_HINT), _(END_HINT))
            (ask.on_yes if lower == "y" else ask.on_no)()
        elif lower == "s" and ask.saves:
            self._save(ask.name, self.back_to(ask), self.back_to(ask))
        elif key == keys.INTERRUPT:
            if ask.text == REALLY:
                ask.on_yes()  # a second interrupt means yes
            else:
                self.ask_really(back=ask)
        elif lower == REVIEW_KEY and at_end:
            refusal = self.review.open(self.game.seed)
            if refusal is not None:
                self.line.error(refusal)
        elif lower == "w" and at_end:
            self.end_layout = (
                Layout.COMMANDS if self.end_layout is Layout.BONUSES else Layout.BONUSES
            )
        elif key != "CTRL_L":
            self.line.error(_(END_HINT if at_end else YES_NO_HINT))

    def ask_really(self, back: Ask | None = None) -> None:
        """Q or the interrupt key: ``Really?``; N returns to ``back`` (or the move prompt)."""
        self.ask = Ask(REALLY, self._quit, self.back_to(back) if back else self.resume, "really")

    def back_to(self, ask: Ask) -> Callable[[], None]:
        """What puts ``ask`` back on the screen (after a save or Really? at it)."""

        def back() -> None:
            self.ask = ask

        return back

    def save_here(self) -> None:
        """S at the move prompt: the save dialogue, then the move prompt again."""
        self._save("move", self.resume, self.resume)

    def _save(
        self, origin: str, on_success: Callable[[], None], on_failure: Callable[[], None]
    ) -> None:
        """The question gives way to the save dialogue for a save made at ``origin``."""
        self.ask = None
        self.saving.start(origin, on_success, on_failure)

    def _extend(self, extend: bool) -> None:
        self.ask = None
        self.review.record_answer(self.game.view(HUMAN), extend)
        self.game.answer_extension(extend)
        self.saving.changed()
        self.resume()

    def next_hand(self, keep_message: bool = False) -> None:
        self.ask = None
        if self.game.phase is Phase.GAME_OVER:
            self.recorder.new_game()
        self.game.next_hand()
        self.review.new_hand()
        self.saving.changed()
        self.host.hand_begins()
        self.end_layout = Layout.BONUSES
        if not keep_message:
            self.line.clear()
        self.resume()

    def _decline_more(self) -> None:
        """N to Another hand?/game?: offer to save (if anything is unsaved), then leave."""
        self._leave(lambda: self.next_hand(True))

    def _quit(self) -> None:
        """Y to Really?: leave, offering a save when the game in progress has unsaved moves."""
        self._leave(self.resume)

    def _leave(self, on_failed_save: Callable[[], None]) -> None:
        """Exit, first asking Save game? when there are unsaved moves.

        A failed or abandoned save runs ``on_failed_save`` so play goes on (spec §9.1).
        """
        self.ask = None
        if not self.saving.dirty:
            self._exit()
            return
        base = self.base_name()
        self.ask = Ask(
            SAVE_GAME, lambda: self._save(base, self._exit, on_failed_save), self._abandon, base
        )

    def _abandon(self) -> None:
        """N to Save game?: the game is left unsaved (the statistics count it so)."""
        self.recorder.abandoned(self.game)
        self._exit()

    def _exit(self) -> None:
        self.ask = None
        self.saving.close()
        self.left = True
        self.host.leave(self.farewell())

    def farewell(self) -> str:
        """The lines left on the terminal: games won, totals, seed, the file, statistics."""
        you, comp = self.game.players[HUMAN], self.game.players[COMPUTER]
        won_you, won_comp = you.games_won, comp.games_won
        if self.game.phase is Phase.GAME_OVER:
            winner = self.game.winner()
            won_you += winner == HUMAN
            won_comp += winner == COMPUTER
        text = _(
            "Games won: you {won_you}, computer {won_comp}. "
            "Totals: you {total_you}, computer {total_comp}."
        ).format(
            won_you=number(won_you),
            won_comp=number(won_comp),
            total_you=number(you.overall_total),
            total_comp=number(comp.overall_total),
        )
        seed = _("(seed {seed})").format(seed=self.game.seed)
        # A long seed goes on a line of its own rather than past the 80 columns.
        fits = width(text) + 1 + width(seed) <= LINE_COLUMNS
        text += (" " if fits else "\n") + seed
        if self.saving.save_path and not self.saving.dirty:
            text += "\n" + _("Your game is saved in {file}").format(
                file=keep_whole(printable(self.saving.save_path))
            )
        for line in self.recorder.farewell_lines():
            text += "\n" + printable(line)
        return text

    def base_name(self) -> str:
        """The prompt a save made now restores to (``move``, ``extension``, ...)."""
        phase = self.game.phase
        if phase is Phase.EXTENSION:
            return "extension"
        if phase is Phase.HAND_OVER:
            return "another_hand"
        if phase is Phase.GAME_OVER:
            return "another_game"
        return "move"
