"""A small, fast computer player for app tests (the real one lives in parlour.mille.computer.ai)."""

from __future__ import annotations

from parlour.mille.game.cards import Card
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import Move


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


def human_keys(game: object) -> str:
    """The keys a simple human would type next: pick, else the most useful legal play.

    Order of preference: a safety, a remedy or Go, a hazard, the longest distance;
    otherwise discard the first card that is not a safety. Answers n to Extension?.
    """
    from parlour.mille.game.table import Phase

    phase = game.phase  # type: ignore[attr-defined]
    if phase is Phase.EXTENSION:
        return "n"
    moves = game.legal_moves()  # type: ignore[attr-defined]
    if any(m.kind == "pick" for m in moves):
        return "p"
    hand = game.players[0].hand  # type: ignore[attr-defined]

    def rank(move: Move) -> tuple[int, int]:
        card = hand[move.slot]
        assert card is not None
        if card.is_safety:
            return (0, 0)
        if card.is_remedy:
            return (1, 0)
        if card.is_hazard:
            return (2, 0)
        return (3, -int(card))

    plays = sorted((m for m in moves if m.kind == "use"), key=rank)
    if plays:
        move = plays[0]
        return f"u{'P' if move.slot == 0 else move.slot} "
    discards = [m for m in moves if m.kind == "discard"]
    move = discards[0]
    return f"d{'P' if move.slot == 0 else move.slot} "
