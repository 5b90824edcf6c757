"""A small, fast computer player for app tests (the real one lives in parlour.mille.ai)."""

from __future__ import annotations

from parlour.mille.cards import Card
from parlour.mille.rules import Move
from parlour.mille.seat import SeatView


class FirstLegal:
    """Picks when it must, plays the first card the rules accept, else discards slot 1.

    Decides from the seat view only; legality is tried against a copy of the
    rules through ``game``, which the test hands it, never through hidden cards.
    """

    def __init__(self, game: object | None = None, prefer: tuple[Card, ...] = ()) -> None:
        self.game = game
        self.prefer = prefer

    def choose_move(self, view: SeatView) -> Move:
        game = self.game
        assert game is not None
        moves = game.legal_moves()  # type: ignore[attr-defined]
        plays = [m for m in moves if m.kind == "use"]
        if any(m.kind == "pick" for m in moves):
            return Move("pick")
        liked = [m for m in plays if view.hand[m.slot] in self.prefer]
        if liked:
            return liked[0]
        return plays[0] if plays else moves[0]

    def wants_extension(self, view: SeatView) -> bool:
        return False
