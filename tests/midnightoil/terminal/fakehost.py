"""A stand-in for the app, for the parts tried on their own (issue #29): a real game and a
message row, recording what the parts ask of it."""

from __future__ import annotations

from parlour.midnightoil.computer.advisor import Advisor
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import Move
from parlour.midnightoil.terminal.ending import Ending
from parlour.tui.glyphs import ASCII


class Host:
    """A host with a real game and a message row (it is the parts' rows too), recording
    what the parts ask of it."""

    def __init__(self, deal: int = 1) -> None:
        self.game = Game(deal)
        self.ending = Ending()
        self.advisor = Advisor()
        self.glyphs = ASCII
        self.message = ""
        self.asked: list[tuple[str, str]] = []
        self.refusals: list[str] = []
        self.played: list[list[Move]] = []
        self.cleared = 0

    def say(self, message: str) -> None:
        self.message = message

    def refuse(self, message: str) -> None:
        self.refusals.append(message)

    def play(self, moves: list[Move], message: str | None = None) -> bool:
        self.game.apply_step(moves)
        self.played.append(moves)
        return True

    def card(self, card: int | None) -> str:
        return "?" if card is None else str(card)

    def clear_choice(self) -> None:
        self.cleared += 1

    def drop_selection(self) -> None:
        self.cleared += 1

    def game_over(self, kind: str, message: str | None = None) -> None:
        self.asked.append(("over", kind))

    def ask(self, kind: str, question: str) -> None:
        self.asked.append((kind, question))

    def reset_ui(self) -> None:
        self.cleared += 1
