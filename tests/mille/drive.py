"""Driving the mille app to the points the statistics care about (hand and game ends)."""

from __future__ import annotations

from parlour.mille.app import MilleApp
from parlour.mille.rules import HUMAN, Game
from parlour.mille.savefile import Meta
from tests.mille.opponents import FirstLegal, human_keys
from tests.mille.test_app import press

MAX_STEPS = 5000


def near_the_end(seed: int, total: int = 4900) -> Game:
    """A new hand in which both players already carry ``total`` points (the game ends soon).

    Consistent as the app sees it: totals from earlier hands, none of this hand yet.
    """
    game = Game.new(seed)
    for player in game.players:
        player.overall_total = total
    return game


def make(game: Game, meta: Meta | None = None, **kwargs: object) -> MilleApp:
    """The app over ``game`` against the quick first-legal computer."""
    return MilleApp(game, FirstLegal(game), meta=meta, **kwargs)  # type: ignore[arg-type]


def play_until_question(app: MilleApp, texts: tuple[str, ...]) -> None:
    """Play simple human moves (n to Extension?) until one of the questions ``texts`` shows."""
    for _ in range(MAX_STEPS):
        ask = app.ask
        if ask is not None and ask.text in texts:
            return
        if ask is not None:
            press(app, "n" if ask.text == "Extension?" else "y")
        elif app.game.turn == HUMAN:
            press(app, human_keys(app.game))
        else:  # pragma: no cover - the app plays the computer on its own
            raise AssertionError("the computer did not move")
    raise AssertionError(f"never reached {texts}")
