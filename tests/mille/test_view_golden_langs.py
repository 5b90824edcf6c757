"""Golden 80x24 screens of mille in French and Japanese (issue #42), beside the English
ones (tests/mille/golden/): the first board, a board in mid-hand with piles, safeties and
long card names, a refusal, the questions, the end-of-hand score, the save dialogue, the
help pages and ``mille --stats``. Made from the code; set PARLOUR_UPDATE_GOLDEN=1 to
rewrite them after a deliberate change (and read them again).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from parlour.core import i18n
from parlour.mille.game.cards import Card
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN
from parlour.mille.terminal import flow
from parlour.mille.terminal import help as help_pages
from parlour.mille.terminal.app import MilleApp
from tests.mille import crafting
from tests.mille.drive import near_the_end, play_until_question, press
from tests.mille.opponents import FirstLegal
from tests.mille.reference import check_golden
from tests.mille.terminal import test_view as english

LANGUAGES = ("fr", "ja")


def mid_hand() -> MilleApp:
    """Piles, safeties (one a coup fourre) and the longest card names in hand."""
    game = Game.new(english.SEED)
    crafting.drive(game, HUMAN, [Card.D100, Card.D75, Card.D25])
    crafting.drive(game, COMPUTER, [Card.D50, Card.D200])
    you, comp = game.players[HUMAN], game.players[COMPUTER]
    you.speed_pile.append(crafting.extract(game, Card.SPEED_LIMIT))
    you.speed = Card.SPEED_LIMIT
    you.safeties[crafting.extract(game, Card.RIGHT_OF_WAY)] = True
    you.safeties[crafting.extract(game, Card.EXTRA_TANK)] = False
    comp.safeties[crafting.extract(game, Card.PUNCTURE_PROOF)] = False
    crafting.hazard_on(game, COMPUTER, Card.OUT_OF_GAS)
    for slot, card in enumerate(
        (Card.SPEED_LIMIT, Card.END_OF_LIMIT, Card.DRIVING_ACE, Card.SPARE_TIRE, Card.D200),
        start=1,
    ):
        crafting.put_in_hand(game, HUMAN, slot, card)
    app = MilleApp(game, FirstLegal(game))
    app.last_move = ("PLAY", "Speed Limit")
    press(app, "u3 ")  # refused: the message line shows why
    return app


def end_of_game() -> MilleApp:
    """The last hand's score and Another game? (totals past 5000)."""
    game = near_the_end(3)
    app = MilleApp(game, FirstLegal(game))
    play_until_question(app, (flow.ANOTHER_GAME,))
    return app


def help_page(page: int) -> Callable[[], MilleApp]:
    def build() -> MilleApp:
        app = english.start_of_game()
        press(app, ["?", *(" " * page)])
        return app

    return build


SCREENS: dict[str, Callable[[], MilleApp]] = {
    "start-of-game": english.start_of_game,
    "mid-hand": mid_hand,
    "error-line": english.error_line,
    "hazard-on-you": english.hazard_on_you,
    "extension-question": english.extension_question,
    "end-of-hand-bonuses": english.end_of_hand_bonuses,
    "end-of-hand-commands": english.end_of_hand_commands,
    "end-of-game": end_of_game,
    "save-game-prompt": english.save_game_prompt,
    "file-name-prompt": english.file_name_prompt,
    **{f"help-{page + 1}": help_page(page) for page in range(len(help_pages.pages()))},
}


def screen_text(name: str) -> str:
    return SCREENS[name]().render(24, 80).to_text()


SCENARIOS = {name: (lambda name=name: screen_text(name)) for name in SCREENS}
"""Each screen's text, in the language chosen before it is built."""


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_golden_screen(lang: str, name: str) -> None:
    i18n.use(lang, ("mille", "millereview"))
    check_golden(lang, name, screen_text(name))
