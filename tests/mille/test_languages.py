"""Mille in French and Japanese (issue #42): files carry no language, every translated
text fits its place on BSD's 80x24 screen, and ``mille --stats`` speaks the language.

The screens themselves are golden files (tests/mille/test_view_golden_langs.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.core import i18n
from parlour.core.ledger import new_game_id
from parlour.core.text import width
from parlour.mille import cli
from parlour.mille.files import statsfile
from parlour.mille.files.gamedata import game_to_dict
from parlour.mille.files.savefile import Meta, load_saved
from parlour.mille.game.cards import LABELS
from parlour.mille.game.rules import Game
from parlour.mille.terminal import flow, help, names, view
from parlour.mille.terminal.app import HELP_HINT, MilleApp
from parlour.mille.terminal.messages import MESSAGE_WIDTH
from tests.mille.drive import near_the_end, play_until_question, press
from tests.mille.opponents import FirstLegal, human_keys
from tests.mille.test_view_golden_langs import check_golden

LANGUAGES = ("fr", "ja")
DOMAINS = ("mille", "millereview")
GAME_ID = new_game_id()


def speak(lang: str) -> None:
    i18n.use(lang, DOMAINS)


def played_app(seed: int = 5, turns: int = 6) -> MilleApp:
    """A few turns of a real game, the computer having moved (its last move on the board)."""
    game = Game.new(seed)
    app = MilleApp(game, FirstLegal(game), meta=Meta(GAME_ID, "classic", [], complete=True))
    for _turn in range(turns):
        press(app, human_keys(app.game))
    assert app.last_move is not None
    return app


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_save_written_in_another_language_is_the_english_save(lang: str, tmp_path: Path) -> None:
    """The same game saved in a French (Japanese) session and in an English one: the same
    bytes; the file loads the same in every language and shows the same English board."""
    speak(lang)
    app = played_app()
    app.ordering = True
    app._save_to(str(tmp_path / "there.json"), "move")
    speak("en")
    english = played_app()
    english.ordering = True
    english._save_to(str(tmp_path / "here.json"), "move")
    there = (tmp_path / "there.json").read_bytes()
    assert there == (tmp_path / "here.json").read_bytes()
    assert b"Speed Limit" in there or b"PLAY" in there or b"DISCARD" in there
    loaded = {}
    for reader in ("fr", "ja", "en"):
        speak(reader)
        saved = load_saved(str(tmp_path / "there.json"))
        loaded[reader] = (game_to_dict(saved.game), saved.ui, saved.computer, saved.meta.to_dict())
    assert loaded["fr"] == loaded["ja"] == loaded["en"]
    assert tuple(loaded["en"][1]["last_move"]) == english.last_move
    assert english.last_move[1] in LABELS.values()
    speak("en")
    restored = cli.restored_app(
        str(tmp_path / "there.json"), load_saved(str(tmp_path / "there.json")), FirstLegal(app.game)
    )
    rows = restored.render(24, 80).to_text().split("\n")
    assert rows[:15] == english.render(24, 80).to_text().split("\n")[:15]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_recorded_in_another_language_reads_the_same(lang: str) -> None:
    """The statistics line of a game finished in French (Japanese) is the English session's
    line, and ``mille --stats`` in English shows it as if it had been played in English."""
    lines = {}
    for session in (lang, "en"):
        speak(session)
        game = near_the_end(3)
        app = MilleApp(game, FirstLegal(game), meta=Meta(GAME_ID, "classic", [], complete=False))
        play_until_question(app, (flow.ANOTHER_GAME,))
        path = statsfile.KEEPER.ledger_path()
        lines[session] = path.read_text(encoding="utf-8").splitlines()
        path.unlink()
    assert lines[lang] == lines["en"] and len(lines["en"]) == 1
    record = json.loads(lines["en"][0])
    assert record["outcome"] in ("won", "lost", "tied") and record["level"] == "classic"


def stats_ledger() -> None:
    """A ledger of games of both levels: finished, abandoned, one and many hands."""
    speak("en")
    for seed, texts in ((3, (flow.ANOTHER_GAME,)), (4, (flow.ANOTHER_GAME,))):
        game = near_the_end(seed)
        app = MilleApp(game, FirstLegal(game), meta=Meta(new_game_id(), "classic", [], False))
        play_until_question(app, texts)
    game = Game.new(6)
    app = MilleApp(game, FirstLegal(game), meta=Meta(new_game_id(), "strong", [], True))
    play_until_question(app, (flow.ANOTHER_HAND,))
    press(app, "y")
    app.recorder.abandoned(app.game)  # left in its second hand, unsaved


@pytest.mark.parametrize("lang", LANGUAGES)
def test_stats_golden(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    speak(lang)
    stats_ledger()
    capsys.readouterr()
    assert cli.main(["--lang", lang, "--stats"]) == 0
    out = capsys.readouterr().out
    assert all(width(line) <= 80 for line in out.splitlines())
    check_golden(lang, "stats", out.rstrip("\n"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_fixed_place_holds_its_translation(lang: str) -> None:
    """BSD's fixed columns: card names in 17 (a space before what follows), score labels
    in 18, questions in 20 (row 10 from column 20), message-line texts in 35, the help
    pages in 80x20; nothing is cut, since each text is worded to fit."""
    speak(lang)
    for label in LABELS.values():
        assert width(names.card_name(label)) <= names.CARD_ROOM, label
    for label in (*(row[0] for row in view.HAND_ROWS + view.BONUS_ROWS), view.HAND_TOTAL):
        assert width(i18n._(label)) <= view.LABEL_END_COL - view.SCORE_COL, label
    for left, right in view.COMMANDS:
        assert width(i18n._(left)) <= 18 and width(i18n._(right or view.ORDER_OFF)) <= 19
    assert width(i18n._(view.ORDER_ON)) <= 19
    for question in (
        flow.REALLY,
        flow.EXTENSION,
        flow.ANOTHER_HAND,
        flow.ANOTHER_GAME,
        flow.SAVE_GAME,
        flow.SAME_FILE,
        flow.OVERWRITE,
        view.MOVE_PROMPT,
    ):
        assert width(i18n._(question)) <= view.SCORE_COL - view.PROMPT_COL - 2, question
    for text in (flow.YES_NO_HINT, flow.END_HINT, HELP_HINT):
        assert width(i18n._(text)) <= MESSAGE_WIDTH, text
    for message, _rule in help.refusals():
        assert width(message) <= MESSAGE_WIDTH, message
    for page in help.pages("classic"):
        assert len(page) <= help.BODY_ROWS
        assert all(width(line) <= help.COLS for line in page), page
    assert width(i18n._(help.FOOTER)) <= help.COLS


def test_a_long_french_card_name_keeps_its_whole_words_in_hand() -> None:
    """'Limitation de vitesse' (21 columns) is shown 'Limite de vitesse' in a hand slot,
    never cut to 'Limitation de vite'; English is untouched."""
    assert names.card_name("Speed Limit") == "Speed Limit"
    speak("fr")
    assert names.card_name("Speed Limit") == "Limite de vitesse"
    assert names.card_name("Right of Way") == "Prioritaire"
    assert names.card_name("End of Limit") == "Fin de limitation"
    assert i18n._("Speed Limit") == "Limitation de vitesse"  # messages keep the full name


def test_the_save_banner_dates_in_digits_outside_english() -> None:
    """BSD's ``name [ctime]`` stays in English; French and Japanese get the date in digits
    in their own order rather than English day and month names."""
    from datetime import datetime

    from parlour.mille.terminal.messages import fit_banner

    when = datetime(2026, 12, 2, 9, 5, 7)
    assert fit_banner("g", when) == "g [Wed Dec  2 09:05:07 2026]"
    speak("fr")
    assert fit_banner("g", when) == "g [02/12/2026 09:05:07]"
    speak("ja")
    assert fit_banner("g", when) == "g [2026/12/02 09:05:07]"
