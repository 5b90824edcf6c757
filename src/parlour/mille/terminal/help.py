"""The in-game help (``?``, not a BSD key): the keys, the rules in short, the refusals and
the rule behind each, and the scoring table.

Pure: :func:`pages` gives the text of each page from the rule constants (so
the numbers shown are the numbers in play) and :func:`render_help` draws one
page as an 80x24 :class:`Frame`. The app shows the pages over the board and
returns to the game exactly as it was on any key but SPACE/RETURN (next page)
and BACKSPACE (previous page).
"""

from __future__ import annotations

from parlour.core.i18n import N_, _
from parlour.core.text import width
from parlour.mille.game.cards import Card
from parlour.mille.game.scoring import (
    ALL_SAFETIES_POINTS,
    COUP_POINTS,
    DELAYED_ACTION_POINTS,
    EXTENSION_POINTS,
    GAME_POINTS,
    SAFE_TRIP_POINTS,
    SAFETY_POINTS,
    SHUT_OUT_POINTS,
    TRIP_POINTS,
)
from parlour.mille.game.table import (
    EXTENDED_GOAL,
    GOAL,
    MAX_200S,
    SPEED_LIMIT_MAX,
    IllegalMove,
)
from parlour.tui.frame import Frame, Style

ROWS, COLS = 24, 80
TITLE = N_("Mille Bornes help")
# TRANSLATORS: the help pages' last row (80 columns at most); the keys stay.
FOOTER = N_("SPACE: next page   BACKSPACE: previous   any other key: back to the game")
BODY_ROWS = ROWS - 4
"""Row 0 the title, row 1 blank, then the body; the last row the footer."""

LEVEL_TEXT = {
    "strong": N_("strong (today's computer, which plans ahead)"),
    "classic": N_("classic (BSD mille's own computer strategy)"),
}


def _lines(block: str) -> list[str]:
    """A translated block of help text as its lines (the translator breaks the lines)."""
    return block.split("\n")


def _keys_page(level: str) -> list[str]:
    # TRANSLATORS: help page 1. Lines of 80 columns at most; the keys (p, u, d, o, w, s,
    # r, q, ?, y, n, v) stay as they are in every language.
    keys = _(
        "Keys at >>:Move: (either case)\n"
        "\n"
        "  p            pick the top card of the deck into the P slot\n"
        "  u # RETURN   use (play) the card in slot # (1-6, or p / 0 for P)\n"
        "  d # RETURN   discard the card in slot #  (BACKSPACE steps back, ESC drops)\n"
        "  o            order hand on/off: keep your hand sorted\n"
        "  w            switch the score window: command list / bonus table\n"
        "  s            save the game (it does not use your turn)\n"
        "  r, ^L        redraw the whole screen\n"
        "  q, ^C        quit (asks Really?; a second ^C means yes)\n"
        "  ^Z           suspend the game; fg in the shell brings it back\n"
        "  ?            this help"
    )
    questions = _(
        "Questions (Extension?, Another hand?, Another game?, Really?, Save game?)\n"
        "take y or n, or s to save and then ask again. At Another hand? and\n"
        "Another game? w switches the score window and v reviews your hand."
    )
    level_text = _(LEVEL_TEXT[level]) if level in LEVEL_TEXT else level
    return [
        *_lines(keys),
        "",
        *_lines(questions),
        "",
        _("Your opponent: {level}.").format(level=level_text),
        _("Start with --level classic or --level strong to choose."),
    ]


def _rules_page() -> list[str]:
    # TRANSLATORS: help page 2 (19 lines of 80 columns at most). {goal} is 700,
    # {extended} 1000, {most} 2, {limit} 50, {game} 5000. Name the cards as the board does.
    rules = _(
        "The rules in short: drive {goal} miles before the computer does\n"
        "\n"
        "Distance (25, 50, 75, 100, 200) needs a Go on your battle pile; the trip\n"
        "  must be exact: no card that would pass {goal} ({extended} after an extension);\n"
        "  at most {most} 200s a hand; under a Speed Limit only {limit} or less.\n"
        "Hazards, played on the opponent, and their remedies, played on yourself:\n"
        "  Out of Gas - Gasoline, Flat Tire - Spare Tire, Accident - Repairs (each\n"
        "  then needs a Go to drive again), Stop - Go, Speed Limit - End of Limit.\n"
        "  All but the Speed Limit need an opponent that can move.\n"
        "Safeties protect you for the rest of the hand and give another turn:\n"
        "  Extra Tank, Puncture Proof, Driving Ace, and Right of Way (against Stop\n"
        "  and Speed Limit; with it you drive without a Go). Never discarded.\n"
        "Coup fourre: play the safety right after the opponent lays its hazard on\n"
        "  you, before you pick: the hazard is cancelled and it scores extra.\n"
        "Extension: reaching exactly {goal}, you may go on to {extended} for a bonus\n"
        "  (Extension?); the computer decides for itself when it gets there.\n"
        "End of the deck: nobody picks any more; the hand goes on until nobody\n"
        "  holds a card to play (a trip completed then earns Delayed Action).\n"
        "A game ends after the hand in which a total reaches {game}."
    )
    return _lines(
        rules.format(
            goal=GOAL,
            extended=EXTENDED_GOAL,
            most=MAX_200S,
            limit=SPEED_LIMIT_MAX,
            game=GAME_POINTS,
        )
    )


SCORE_LABEL_WIDTH, SCORE_VALUE_WIDTH = 30, 8
"""The scoring page's columns: the item, then its points right-justified (wider when a
language's "1 a mile" is longer)."""


def _scoring_page() -> list[str]:
    # TRANSLATORS: the scoring page's items: 30 columns at most. {miles} is 1000.
    rows = [
        (_("Milestones Played"), _("1 a mile")),
        (_("Each Safety"), str(SAFETY_POINTS)),
        (_("All 4 Safeties"), str(ALL_SAFETIES_POINTS)),
        (_("Each Coup Fourre"), str(COUP_POINTS)),
        (_("Trip Completed"), str(TRIP_POINTS)),
        (_("Safe Trip (no 200s)"), str(SAFE_TRIP_POINTS)),
        (_("Delayed Action (deck gone)"), str(DELAYED_ACTION_POINTS)),
        (_("Extension ({miles} miles)").format(miles=EXTENDED_GOAL), str(EXTENSION_POINTS)),
        (_("Shut-Out (opponent at 0)"), str(SHUT_OUT_POINTS)),
    ]
    lines = [_("Scoring"), ""]
    value_width = max(SCORE_VALUE_WIDTH, *(width(value) for _label, value in rows))
    for label, value in rows:
        label_pad = " " * max(0, SCORE_LABEL_WIDTH - width(label))
        value_pad = " " * (value_width - width(value))
        lines.append(f"  {label}{label_pad}{value_pad}{value}")
    lines.append("")
    # TRANSLATORS: lines of 80 columns at most; {game} is 5000.
    notes = _(
        "Mileage, safeties and coups count as they are played; the trip items\n"
        "only for the player who completes the trip, at the end of the hand.\n"
        "The game: the higher total once a total reaches {game}."
    )
    return lines + _lines(notes.format(game=GAME_POINTS))


REFUSAL_COLUMN = 31
"""Where the rule behind a refusal starts on the refusals page (further right when a
language's messages are longer: the column after the longest and two spaces)."""


def refusals() -> list[tuple[str, tuple[str, ...]]]:
    """Each refusal as the message line shows it (``rules.Game.check``), and its rule.

    A refusal that names a card is shown with one example (``can't play "Gasoline"``)
    or with ``"..."`` for the card (``cannot play "Go" on a "..."``). The messages are
    the rules' own (:class:`IllegalMove`), so the page says what the game says, in
    every language.
    """

    def said(template: str, **fields: Card | int | str) -> str:
        return IllegalMove(template, **fields).shown()

    # TRANSLATORS: the rules behind the refusals (help page 3): each line 45 columns at most.
    entries = [
        (
            said(N_("must pick first")),
            _(
                "pick (p) first; only a safety against the\n"
                "hazard on your own pile may come before it"
            ),
        ),
        (said(N_("already picked")), _("one pick a turn")),
        (said(N_("no more cards")), _("the deck is empty: no more picking")),
        (said(N_("no card there")), _("that slot is empty")),
        (said(N_("discard a safety?")), _("safeties cannot be discarded: play them")),
        (
            said(N_("puts you over {goal}"), goal=GOAL),
            _("the trip must be exact: no card may pass {goal}\n({extended} after an extension)"),
        ),
        (said(N_("only two 200's per hand")), _("at most {most} 200s a hand")),
        (
            said(N_("limit of {limit}"), limit=SPEED_LIMIT_MAX),
            _("under a Speed Limit only 25s and 50s"),
        ),
        (said(N_("cannot move now")), _("you need a Go, or Right of Way and no hazard")),
        (
            said(N_('can\'t play "{card}"'), card=Card.GASOLINE),
            _("a remedy goes only on its own hazard"),
        ),
        (
            said(N_('cannot play "{go}" on a "{card}"'), go=Card.GO, card="..."),
            _("a Go goes on an empty pile, a Stop or a remedy"),
        ),
        (said(N_("not limited")), _("End of Limit only under a Speed Limit")),
        (
            said(N_("opponent cannot go")),
            _(
                "Out of Gas, Flat Tire, Accident and Stop need\n"
                "a moving opponent (one that could drive now)"
            ),
        ),
        (said(N_("opponent is protected")), _("it has played the safety against that hazard")),
        (said(N_("opponent has limit")), _("one Speed Limit at a time; it needs no Go")),
    ]
    return [
        (
            message,
            tuple(rule.format(goal=GOAL, extended=EXTENDED_GOAL, most=MAX_200S).split("\n")),
        )
        for message, rule in entries
    ]


def _refusals_page() -> list[str]:
    lines = [_("When a move is refused: the message, and the rule behind it"), ""]
    listed = refusals()
    column = max(REFUSAL_COLUMN, max(width(message) for message, _rule in listed) + 4)
    for message, rule in listed:
        lines.append("  " + message + " " * (column - 2 - width(message)) + rule[0])
        lines += [" " * column + more for more in rule[1:]]
    return lines


def pages(level: str = "strong") -> list[list[str]]:
    """The help pages' body lines (each fits the 80x24 body)."""
    return [_keys_page(level), _rules_page(), _refusals_page(), _scoring_page()]


def render_help(page: int, level: str = "strong", height: int = ROWS, width: int = COLS) -> Frame:
    """One help page as a whole screen."""
    all_pages = pages(level)
    body = all_pages[page]
    frame = Frame(max(width, COLS), max(height, ROWS))
    title = _("{title} ({page}/{pages})").format(
        title=_(TITLE), page=page + 1, pages=len(all_pages)
    )
    frame.put(0, 0, title, Style.REVERSE)
    for row, line in enumerate(body[:BODY_ROWS], start=2):
        frame.put(row, 0, line)
    frame.put(ROWS - 1, 0, _(FOOTER))
    frame.cursor = None
    return frame
