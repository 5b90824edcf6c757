"""Driving the mille app without curses: keys as the runner feeds them, what the screen
shows, and the points the statistics care about (hand and game ends)."""

from __future__ import annotations

from collections.abc import Iterable

from parlour.mille.files.gamedata import check_consistent
from parlour.mille.files.savefile import Meta
from parlour.mille.game.rules import Game
from parlour.mille.game.table import HUMAN
from parlour.mille.terminal.app import MilleApp
from tests.mille.opponents import FirstLegal, human_keys

SEED = 11


def make_app(game: Game | None = None, **kwargs: object) -> MilleApp:
    game = game or Game.new(SEED)
    return MilleApp(game, FirstLegal(game), **kwargs)  # type: ignore[arg-type]


def press(app: MilleApp, keys: Iterable[str]) -> None:
    """Feed keys like the runner does: a TIMEOUT whenever the computer is due."""
    for key in keys:
        app.handle_key(key)
        while app.timeout() == 0:
            app.handle_key("TIMEOUT")


def screen(app: MilleApp) -> list[str]:
    return app.render(24, 80).to_text().split("\n")


def prompt(app: MilleApp) -> str:
    return screen(app)[10][20:40].strip()


def message(app: MilleApp) -> str:
    return screen(app)[15][45:].strip()


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
