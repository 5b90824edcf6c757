"""Midnight Oil in French and Japanese (issue 42).

The main screens of each language are golden files (``golden/fr``, ``golden/ja``) made from
the code and read as a player of that language reads them; every translated line fits the
place it is shown in (the message row, the status row, the panel, a help page), measured
in display columns; the keys are the same in every language; and a save or statistics
written in a French session load and read the same in a Japanese or English one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.core import i18n
from parlour.core.text import width
from parlour.midnightoil import cli
from parlour.midnightoil.files import savefile
from parlour.midnightoil.files.stats import LOST
from parlour.midnightoil.files.statsfile import KEEPER, load_stats, record_game
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import Move
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.midnightoil.terminal.help import HELP_PAGES, help_page
from parlour.midnightoil.terminal.report import LINE_WIDTH, stats_lines
from parlour.midnightoil.terminal.view import KEY_SUMMARY, PANEL_LABEL
from parlour.tui import keys
from parlour.tui.glyphs import UNICODE
from tests.golden import assert_golden
from tests.midnightoil.terminal.test_report import LONG_DEAL, lost_game, the_issues_ledger

GOLDEN = Path(__file__).parent / "golden"
LANGUAGES = ("fr", "ja")
MESSAGE_COLUMNS = 76
"""The message row: 80 columns less the margins and the "> " mark."""
STATUS_COLUMNS = 78
PANEL_COLUMNS = 24
HELP_LINES = 21


def speak(lang: str) -> None:
    i18n.use(lang, ("midnightoil",))


def one_form_plurals() -> bool:
    """The floor reads a Japanese (one-form) plural; before the core fix it fell back."""
    speak("ja")
    try:
        return i18n.ngettext("{n} card went home.", "{n} cards went home.", 2) != (
            "{n} cards went home."
        )
    finally:
        i18n.use("en")


def _text(app: MidnightOilApp, *keys: str) -> str:
    for key in keys:
        app.handle_key(key)
    return app.render(24, 80).to_text() + "\n"


def screens(lang: str) -> dict[str, str]:
    """The main screens in ``lang``: the first board, a hint, a selection, the redeal
    question, the three help pages, the statistics, an end, the quit question, the save
    form and the deal field."""
    speak(lang)
    shown: dict[str, str] = {}
    app = MidnightOilApp(Game(42), UNICODE)
    shown["board"] = _text(app)
    shown["hint"] = _text(app, "t")
    shown["selected"] = _text(app, keys.ESC, "b")
    shown["redeal"] = _text(app, keys.ESC, "D")
    app.handle_key("n")
    for page in range(len(HELP_PAGES)):
        shown[f"help{page + 1}"] = _text(app, *(["?"] if page == 0 else [" "]))
    app.handle_key(" ")
    shown["quit"] = _text(app, "b", "1", "Q")
    shown["save"] = _text(app, "y")
    app.handle_key(keys.ESC)
    shown["deal"] = _text(app, keys.ESC, "#")
    the_issues_ledger()
    statistics = MidnightOilApp(Game(4), UNICODE)
    shown["stats"] = _text(statistics, "i")
    over = Game(9)
    over.state = lost_game(9, 45).state
    shown["end"] = _text(MidnightOilApp(over, UNICODE), "t")
    return shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_main_screens_are_the_golden_ones(lang: str) -> None:
    made = screens(lang)
    for name, text in made.items():
        if name == "stats" and lang == "ja":
            continue  # its own test below
        assert_golden(GOLDEN / lang / f"{name}.txt", text, f"{lang}/{name}")


@pytest.mark.skipif(
    not one_form_plurals(), reason="needs the floor's one-form (Japanese) plurals, core/i18n"
)
def test_the_japanese_statistics_page_is_the_golden_one() -> None:
    assert_golden(GOLDEN / "ja" / "stats.txt", screens("ja")["stats"], "ja/stats")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_fits_the_status_row(lang: str) -> None:
    speak(lang)
    from parlour.core.i18n import _

    for move in (
        "redeal (only the draw could still bring a card home; keep it)",
        "redeal (no card can go home in this deal)",
        "draw {card} from fan {source} to foundation {number} {suit}",
        "{card} ({source}) to foundation {number} {suit}",
        "draw {card} from fan {source} to {top} (fan {fan})",
        "{card} ({source}) to {top} (fan {fan})",
    ):
        line = _("Hint: {move}").format(move=_(move).format_map(Fields(SAMPLES)))
        assert width(line) <= STATUS_COLUMNS, line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_fits_80_columns_and_nothing_is_cut(lang: str) -> None:
    for name, text in screens(lang).items():
        rows = text[:-1].split("\n")
        assert len(rows) == 24, name
        for row in rows:
            assert width(row) <= 80, (name, row)
        assert "…" not in text, name  # a message or status fitted with an ellipsis
    # the statistics page's lines are cut at the page's edge: each must fit before it
    the_issues_ledger()
    for deal in (4, LONG_DEAL):
        for line in stats_lines(load_stats()[0], deal):
            assert width(line) <= LINE_WIDTH, line


SAMPLES = {
    "card": "T♠", "above": "J♠", "top": "Q♥", "fan": "k", "source": "m", "number": "4",
    "letter": "k", "dot": "·", "suit": "♠", "best": "52", "plain": "50", "home": "52",
    "deck": "52", "phase": "3", "phases": "3", "moves": "123", "undos": "12",
    "clock": "12:34", "n": "12", "won": "123", "lost": "123", "restarted": "12",
    "games": "123", "played": "12", "key": "F5", "position": "9", "limit": "0",
}  # fmt: skip
"""Wide values of each field as the game fills it (file names, reasons and the results
and moves put in other messages are measured apart)."""
WRAPPED = ("Resume with", "Input ended", "Midnight Oil deal", "midnightoil:", "Game saved")
"""Lines printed after the game or by the command line: wrapped, never on a row."""
STATUS_ROW = ("Yes:", "No:", "Only with the draw", "- u undo", "N new deal, R restart, Q quit")


class Fields(dict[str, str]):
    """The sample values; a file name, reason, result or move put in is measured apart."""

    def __missing__(self, key: str) -> str:
        return ""


def _catalog_lines(lang: str) -> list[tuple[str, str]]:
    """Every message of the game's catalog in ``lang``, filled with wide values."""
    from tests.catalog_texts import entries

    found = []
    for _context, english, _plural, forms in entries(lang, "midnightoil"):
        if english.count("\n") > 3:
            continue  # a help page: measured by its own test
        for form in forms:
            # a deal number may have 20 digits (a foundation's number has one)
            deal = {"number": "18446744073709551615"} if "eal {number}" in english else {}
            found.append((english, form.format_map(Fields({**SAMPLES, **deal}))))
    return found


def _limit(english: str) -> int | None:
    if english.startswith(WRAPPED) or "{counted}" in english or "\n" in english:
        return None
    if english.startswith(STATUS_ROW) or any(part in english for part in STATUS_ROW):
        return STATUS_COLUMNS
    return MESSAGE_COLUMNS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_fits_its_row(lang: str) -> None:
    lines = _catalog_lines(lang)
    assert len(lines) > 200
    for english, shown in lines:
        limit = _limit(english)
        if limit is not None:
            assert width(shown) <= limit, (english, shown)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_panel_and_the_help_pages_fit_and_say_the_same_keys(lang: str) -> None:
    speak(lang)
    from parlour.core.i18n import _, pgettext

    for line in KEY_SUMMARY:
        shown = _(line)
        assert width(shown) <= PANEL_COLUMNS, shown
        # the keys stay: each English key starts its word in the translation too
        keys = [word for word in line.split() if len(word) == 1]
        assert [w for w in shown.split() if w in keys] == keys, shown
    notes = (
        _("time {clock}   undos {undos}").format(clock="99:59", undos="999"),
        _("your best {best}/52 (won)").format(best="52"),
        _("your best {best}/52").format(best="52"),
        _("solved by computer"),
    )
    for note in notes:  # the panel's notes are cut at its edge: each must fit before it
        assert width(note) <= PANEL_COLUMNS, note
    for label in (_("redeals left"), _("draw")):
        assert width(label) < PANEL_LABEL
    for value in (pgettext("the draw", "used"), pgettext("the draw", "ready")):
        assert PANEL_LABEL + width(value) <= PANEL_COLUMNS
    for page in range(len(HELP_PAGES)):
        title, lines = help_page(page)
        assert lines != list(HELP_PAGES[page][1].split("\n")), "translated"
        assert len(lines) <= HELP_LINES
        assert all(width(line) <= STATUS_COLUMNS for line in lines), title
    keys_page = "\n".join(help_page(len(HELP_PAGES) - 1)[1])
    for key in ("a-h j-s", "1-4", "*", "x", "D", "u / U", "t", "w", "!", "N R #", "S", "i", "Q"):
        assert key in keys_page, key


def test_the_help_and_the_errors_of_the_command_line_are_translated(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for lang, words in (("fr", "éventails"), ("ja", "扇")):
        with pytest.raises(SystemExit):
            cli.main(["--lang", lang, "--help"])
        out = capsys.readouterr().out
        assert words in out
        # --lang's help is the floor's (core/cliutil), measured there
        assert all(width(line) <= 80 for line in out.splitlines() if "--lang" not in line)
        assert cli.main(["--lang", lang, "--stats", "--deal", "3"]) == 2
        err = capsys.readouterr().err
        assert "--stats" in err and "takes no" not in err


def test_a_save_and_statistics_written_in_french_read_the_same_in_japanese_and_english(
    tmp_path: Path,
) -> None:
    game = Game(42)
    for text in ("b -> 1", "b -> m"):
        game.apply(Move.parse(text))
    game.undo()
    speak("fr")
    french = tmp_path / "fr.json"
    savefile.save(french, game)
    record_game(game, LOST)
    french_ledger = KEEPER.ledger_path().read_bytes()
    i18n.use("en")
    english = tmp_path / "en.json"
    savefile.save(english, game)
    written = [json.loads(p.read_text(encoding="utf-8")) for p in (french, english)]
    for data in written:
        data.pop("saved_at", None)
    assert written[0] == written[1]  # the French session stored nothing of its language
    assert french.read_bytes().isascii() and french_ledger.isascii()
    english_page = stats_lines(load_stats()[0], 42)
    speak("ja")
    loaded = savefile.load(french)
    assert (loaded.state, loaded.moves, loaded.undos) == (game.state, game.moves, game.undos)
    assert loaded.to_dict() == game.to_dict()
    japanese_page = stats_lines(load_stats()[0], 42)
    assert japanese_page[0].split()[:3] == ["あなたのゲーム", "1", "勝ち"]
    assert "配り 42：1 回遊び、最高 1/52、まだ勝っていません。" in japanese_page
    i18n.use("en")
    assert stats_lines(load_stats()[0], 42) == english_page
    assert english_page[0] == "Your games       1  won 0  lost 1"
    assert "Deal 42: you played 1, best 1/52, not won yet." in english_page
