"""Test helpers: games with forced dice."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from parlour.core.rng import make_rng
from parlour.dixmille.game.rules import Game, new_game, parse_move

if TYPE_CHECKING:
    from parlour.dixmille.files.stats import GameRecord
    from parlour.dixmille.terminal.app import DixMilleApp


class Scripted:
    """A dice roller that returns the given throws in order (and fails loudly when out)."""

    def __init__(self, throws: Iterable[Iterable[int]]) -> None:
        self.throws = [tuple(t) for t in throws]

    def __call__(self, rng: random.Random, count: int) -> tuple[int, ...]:
        if not self.throws:
            raise AssertionError("the test ran out of scripted throws")
        dice = self.throws.pop(0)
        assert len(dice) == count, f"expected a throw of {count} dice, scripted {dice}"
        return dice


def scripted_game(names: list[str], *throws: Iterable[int], four_twos: str = "game") -> Game:
    """A game whose dice are the given throws."""
    game = new_game(names, make_rng(1), 1, four_twos)
    game.roller = Scripted(throws)
    return game


def kept_note(reason: str, place: object) -> list[str]:
    """The lines saying a record was kept, not recorded: why, whole, and where (issue 39):
    one line when both fit 80 columns, else the kept file's name on a line of its own."""
    from parlour.core.text import ASCII_ELLIPSIS, shorten_middle

    whole = f"Statistics not recorded yet ({reason}); kept in {place}, written next time."
    if len(whole) <= 80:
        return [whole]
    lead = f"Statistics not recorded yet ({reason}); kept for next time in:"
    return [lead, shorten_middle(str(place), 80, ASCII_ELLIPSIS)]


STRAIGHT = (1, 2, 3, 4, 5, 6)


def play(game: Game, *moves: str) -> None:
    for move in moves:
        game.apply(parse_move(move))


def two_cycle_game() -> Game:
    """Ann banks 200 then loses it to four 2s; Bob loses nothing to four 2s, then wins 10,500."""
    game = scripted_game(
        ["Ann", "Bob"],
        (1, 2, 3, 4, 6, 6),
        (5, 5, 2, 3, 4),
        (2, 2, 2, 2, 1, 5),
        (2, 2, 2, 2, 3, 4),
        STRAIGHT,
        (2, 2, 3, 3, 4, 4),
        STRAIGHT,
        STRAIGHT,
    )
    play(game, "t", "take 1", "t", "take 1 2", "p")  # Ann: 100, then 5 5: 200 with 3 dice
    play(game, "t")  # Bob: four 2s with nothing banked
    play(game, "t")  # Ann: four 2s, 200 lost
    play(game, "t", "take 1 2 3 4 5 6", "t", "take 1 2 3 4 5 6")  # 3000 + 1500
    play(game, "t", "take 1 2 3 4 5 6", "t", "take 1 2 3 4 5 6", "p")  # 10,500 banked
    assert game.over
    return game


def solitaire_game(name: str = "Ann") -> Game:
    game = scripted_game([name], *[STRAIGHT] * 4)
    for _ in range(4):
        play(game, "t", "take 1 2 3 4 5 6")
    play(game, "p")
    assert game.over
    return game


def run_zedx(app: DixMilleApp, limit: int = 500) -> None:
    """Feed the app TIMEOUTs while ZEDX plays (at pace 0), until it hands over."""
    for _ in range(limit):
        if app.timeout() is None:
            return
        app.handle_key("TIMEOUT")
    raise AssertionError("ZEDX never handed over")


def log_game(player: str) -> DixMilleApp:
    """``player`` against ZEDX with a scripted first round (the turn-log screens): the player
    takes one die on the second attempt, ZEDX throws four 2s at 0, the player busts at once;
    returned at the key after that bust."""
    from parlour.dixmille.terminal.app import DixMilleApp
    from parlour.tui.glyphs import ASCII

    app = DixMilleApp(ASCII, names=[player, "ZEDX"], seed=1, pace=0)
    assert app.game is not None
    app.game.roller = Scripted(
        [
            *[(1, 1, 5, 2, 3, 4), (1, 5, 2), (3,), (5,)],  # one die on the 2nd attempt
            (2, 2, 2, 2, 1, 5),  # ZEDX: four 2s at 0
            (2, 3, 4, 6, 6, 3),  # the player busts at once
            *[(1, 2, 3, 4, 6, 6), (2, 3, 4, 6, 6)],  # ZEDX takes a 1, throws on, busts
        ]
    )
    for key in ["t", *"123", "ENTER", "t", *"12", "ENTER", "t", "t", "p"]:
        app.handle_key(key)
    run_zedx(app)
    app.handle_key("t")  # the player's bust: the end of the turn waits for a key
    return app


def read_games() -> tuple[list[GameRecord], str | None]:
    """Every game in the statistics file (each id once: its first finished record, else its
    last) and what reading it found: why it could not be read, or the lines it skipped."""
    from parlour.dixmille.files.statsfile import KEEPER

    reading = KEEPER.read()
    return list(reading.records), reading.problem or reading.message()


def recorded_games() -> list[GameRecord]:
    """:func:`read_games`'s games, the file read whole with nothing skipped or unreadable."""
    games, message = read_games()
    assert message is None, message
    return games
