"""How a Midnight Oil game ends, and its one result (docs/foundation.md, "One game, one result").

A game ends when it is won (all 52 home), when no move, redeal or draw is
left (*stuck*), when the solver proves in the last deal that no move can
bring another card home (*proven*), or when auto-solve finds no card it can
bring home (*gave up*). An end is final: the game's result is recorded once,
the clock stops, and at the end no move and no hint is offered; undo (unless
the game is won), restart, new deal and choose deal are.

The first result a game gets is its result for good. Play after it (an undo
past the end, or a save of an ended game resumed: a *replay*) is never
recorded, and the board says so. "Replay" means only that: ``R`` is
"restart" everywhere, after a win too, and starts a new game of the same
deal that counts like any other (issue 39). :class:`Ending` is the part of the app
that keeps this; the texts here are what the player reads.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.i18n import N_, _, number
from parlour.midnightoil.files.stats import LOST, WON, GameRecord
from parlour.midnightoil.game.cards import DECK_SIZE

if TYPE_CHECKING:
    from parlour.midnightoil.game.rules import State

STUCK, PROVEN, GAVE_UP = "stuck", "proven", "gave up"
"""The ends other than a win: no move at all, none brings a card home, auto-solve found none."""

WON_REFUSAL = N_("The game is won: N new deal, R restart, # choose a deal, Q quit.")
OVER_REFUSAL = N_("The game is over: u undo, R restart, N new deal, # choose a deal, Q quit.")
UNDONE_PAST_THE_END = N_("Undone. The result stands: nothing played from here is recorded.")
REPLAY_OVER = N_("Game over in a replay: nothing is recorded.")
REPLAY_WON = N_("All 52 cards home in a replay: nothing is recorded.")
SOLVE_STOPPED = {
    STUCK: N_("Auto-solve stopped: no move is left."),
    PROVEN: N_("Auto-solve stopped: moves are left, but none can bring another card home."),
    GAVE_UP: N_("Auto-solve stopped: its search found no way to bring another card home."),
}
"""Auto-solve's last line: why it stopped. These texts are English, shown with ``_()``."""


def end_status(state: State, kind: str) -> str:
    """The status row at an end of ``kind`` (a win when all 52 are home)."""
    home = number(state.cards_home())
    # TRANSLATORS: the status row at an end: at most 78 columns; the keys unchanged.
    if state.is_won():
        return _("All 52 cards home in deal {phase} of 3 - N new deal, R restart, Q quit").format(
            phase=state.phase
        )
    if kind == STUCK:
        words = _(
            "No moves left - game over ({home}/52 cards home) - u undo, R restart, N new deal"
        )
    elif kind == GAVE_UP:
        words = _(
            "Auto-solve found no card to bring home: {home}/52 - u undo, R restart, N new deal"
        )
    else:
        words = _("No move can bring another card home: {home}/52 - u undo, R restart, N new deal")
    return words.format(home=home)


def result_label(record: GameRecord) -> str:
    """What a recorded result was, to follow "this game was"."""
    if record.outcome == WON:
        return _("won")
    home = number(record.home)
    if record.outcome == LOST:
        return _("lost with {home}/{deck} home").format(home=home, deck=DECK_SIZE)
    if record.home == DECK_SIZE:
        return _("solved by the computer")
    return _("lost by the computer with {home}/{deck} home").format(home=home, deck=DECK_SIZE)


def proven_end(state: State) -> str | None:
    """The kind of end ``state`` is (STUCK or PROVEN), or None while a card can still come home.

    Only in the last deal: with a redeal left, the next shuffle may always bring
    a card home. The solver's verdict counts the draw while it is unused.
    """
    if state.is_won() or state.redeals_left:
        return None
    if state.is_stuck():
        return STUCK
    from parlour.midnightoil.computer.solver.verdict import can_win

    verdict = can_win(state)
    if verdict.complete and verdict.best_home <= state.cards_home():
        return PROVEN
    return None


def why_solve_stopped(state: State) -> str:
    """Why auto-solve found no move in ``state``: STUCK, PROVEN, or GAVE_UP (not proven)."""
    return proven_end(state) or GAVE_UP


class Ending:
    """The end of the game in play and its result: what the session asks before it acts.

    ``result`` is the game's result once it has one: recorded by this session
    at its first end, or found in the ledger (a save of an ended game resumed,
    another copy of the game ending first). ``recorded_at`` is where this
    session recorded it; anywhere else, play is a replay and records nothing.
    """

    def __init__(self) -> None:
        self.start_over()

    def start_over(self) -> None:
        """A new game: no result, no end found, nothing checked."""
        self.result: GameRecord | None = None
        self.recorded_at: tuple[object, ...] | None = None
        """The spot (position, line, auto-solve) where this session recorded the result."""
        self.ended_at: tuple[object, ...] | None = None
        """The last position found to be an end (its state key)."""
        self.kind = PROVEN
        """What kind of end ``ended_at`` is."""
        self.end_checked: tuple[object, ...] | None = None
        """The last-deal position the solver last checked for an end."""

    def mark_checked(self, state: State) -> None:
        """The solver has been asked whether ``state`` (in the last deal) is an end."""
        self.end_checked = state.key()

    def at_end(self, state: State) -> bool:
        """``state`` is an end: won, or found to be an end (stuck, proven, auto-solve gave up)."""
        return state.is_won() or self.ended_at == state.key()

    def end(self, state: State, kind: str) -> None:
        """``state`` is an end of ``kind``."""
        self.ended_at = state.key()
        self.kind = kind

    def note_result(self, result: GameRecord, spot: tuple[object, ...] | None) -> None:
        """The game has its result (recorded here at ``spot``, or found: ``spot`` None)."""
        self.result = result
        self.recorded_at = spot

    def replaying(self, spot: tuple[object, ...]) -> bool:
        """The game has a result and the position is not where this session recorded it."""
        return self.result is not None and spot != self.recorded_at

    def replay_status(self) -> str:
        """The status row during a replay."""
        assert self.result is not None
        # TRANSLATORS: {result} is "won", "lost with 30/52 home", "solved by the computer"...
        return _("Replay, not recorded: this game was {result}.").format(
            result=result_label(self.result)
        )

    def not_recorded(self) -> str:
        """The message when an end comes after a result found in the ledger meanwhile."""
        assert self.result is not None
        return _("Not recorded: this game was already {result}.").format(
            result=result_label(self.result)
        )
