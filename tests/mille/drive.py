"""Driving the mille app to the points the statistics care about (hand and game ends)."""

from __future__ import annotations

from parlour.mille.files.gamedata import check_consistent
from parlour.mille.files.savefile import Meta
from parlour.mille.game.rules import Game
from parlour.mille.game.table import HUMAN
from parlour.mille.terminal.app import MilleApp
from tests.mille.opponents import FirstLegal, human_keys
from tests.mille.test_app import press

MAX_STEPS = 5000
EARLIER_HANDS = 2


def near_the_end(seed: int, total: int = 4900) -> Game:
    """Hand 3 of a game in which both players already carry ``total`` points (it ends soon).

    A position a real game reaches (it passes the consistency check): the
    totals come from the two earlier hands (no hand scores more than 4600),
    the human starts hand 3 as the alternation has it.
    """
    game = Game.new(seed)
    game.hands_played = EARLIER_HANDS + 1
    for player in game.players:
        player.overall_total = total
    check_consistent(game)
    return game


def make(game: Game, meta: Meta | None = None, **kwargs: object) -> MilleApp:
    """The app over ``game`` against the quick first-legal computer."""
    return MilleApp(game, FirstLegal(game), meta=meta, **kwargs)  # type: ignore[arg-type]


def play_until_question(app: MilleApp, texts: tuple[str, ...]) -> None:
    """Play simple human moves (n to Extension?) until one of the questions ``texts`` shows."""
    for _ in range(MAX_STEPS):
        ask = app.flow.ask
        if ask is not None and ask.text in texts:
            return
        if ask is not None:
            press(app, "n" if ask.text == "Extension?" else "y")
        elif app.game.turn == HUMAN:
            press(app, human_keys(app.game))
        else:  # pragma: no cover - the app plays the computer on its own
            raise AssertionError("the computer did not move")
    raise AssertionError(f"never reached {texts}")
