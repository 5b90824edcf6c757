"""The in-game help (``?``, not a BSD key): the keys, the rules in short, the refusals and
the rule behind each, and the scoring table.

Pure: :func:`pages` gives the text of each page from the rule constants (so
the numbers shown are the numbers in play) and :func:`render_help` draws one
page as an 80x24 :class:`Frame`. The app shows the pages over the board and
returns to the game exactly as it was on any key but SPACE/RETURN (next page)
and BACKSPACE (previous page).
"""

from __future__ import annotations

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
from parlour.mille.game.table import EXTENDED_GOAL, GOAL, MAX_200S, SPEED_LIMIT_MAX
from parlour.tui.frame import Frame, Style

ROWS, COLS = 24, 80
TITLE = "Mille Bornes help"
FOOTER = "SPACE: next page   BACKSPACE: previous   any other key: back to the game"
BODY_ROWS = ROWS - 4
"""Row 0 the title, row 1 blank, then the body; the last row the footer."""

LEVEL_TEXT = {
    "strong": "strong (today's computer, which plans ahead)",
    "classic": "classic (BSD mille's own computer strategy)",
}


def _keys_page(level: str) -> list[str]:
    return [
        "Keys at >>:Move: (either case)",
        "",
        "  p            pick the top card of the deck into the P slot",
        "  u # RETURN   use (play) the card in slot # (1-6, or p / 0 for P)",
        "  d # RETURN   discard the card in slot #  (BACKSPACE steps back, ESC drops)",
        "  o            order hand on/off: keep your hand sorted",
        "  w            switch the score window: command list / bonus table",
        "  s            save the game (it does not use your turn)",
        "  r, ^L        redraw the whole screen",
        "  q, ^C        quit (asks Really?; a second ^C means yes)",
        "  ^Z           suspend the game; fg in the shell brings it back",
        "  ?            this help",
        "",
        "Questions (Extension?, Another hand?, Another game?, Really?, Save game?)",
        "take y or n, or s to save and then ask again. At Another hand? and",
        "Another game? w switches the score window and v reviews your hand.",
        "",
        f"Your opponent: {LEVEL_TEXT.get(level, level)}.",
        "Start with --level classic or --level strong to choose.",
    ]


def _rules_page() -> list[str]:
    return [
        f"The rules in short: drive {GOAL} miles before the computer does",
        "",
        "Distance (25, 50, 75, 100, 200) needs a Go on your battle pile; the trip",
        f"  must be exact: no card that would pass {GOAL} ({EXTENDED_GOAL} after an extension);",
        f"  at most {MAX_200S} 200s a hand; under a Speed Limit only {SPEED_LIMIT_MAX} or less.",
        "Hazards, played on the opponent, and their remedies, played on yourself:",
        "  Out of Gas - Gasoline, Flat Tire - Spare Tire, Accident - Repairs (each",
        "  then needs a Go to drive again), Stop - Go, Speed Limit - End of Limit.",
        "  All but the Speed Limit need an opponent that can move.",
        "Safeties protect you for the rest of the hand and give another turn:",
        "  Extra Tank, Puncture Proof, Driving Ace, and Right of Way (against Stop",
        "  and Speed Limit; with it you drive without a Go). Never discarded.",
        "Coup fourre: play the safety right after the opponent lays its hazard on",
        "  you, before you pick: the hazard is cancelled and it scores extra.",
        f"Extension: reaching exactly {GOAL}, you may go on to {EXTENDED_GOAL} for a bonus",
        "  (Extension?); the computer decides for itself when it gets there.",
        "End of the deck: nobody picks any more; the hand goes on until nobody",
        "  holds a card to play (a trip completed then earns Delayed Action).",
        f"A game ends after the hand in which a total reaches {GAME_POINTS}.",
    ]


def _scoring_page() -> list[str]:
    rows = [
        ("Milestones Played", "1 a mile"),
        ("Each Safety", SAFETY_POINTS),
        ("All 4 Safeties", ALL_SAFETIES_POINTS),
        ("Each Coup Fourre", COUP_POINTS),
        ("Trip Completed", TRIP_POINTS),
        ("Safe Trip (no 200s)", SAFE_TRIP_POINTS),
        ("Delayed Action (deck gone)", DELAYED_ACTION_POINTS),
        (f"Extension ({EXTENDED_GOAL} miles)", EXTENSION_POINTS),
        ("Shut-Out (opponent at 0)", SHUT_OUT_POINTS),
    ]
    lines = ["Scoring", ""]
    lines += [f"  {label:<30}{value!s:>8}" for label, value in rows]
    lines += [
        "",
        "Mileage, safeties and coups count as they are played; the trip items",
        "only for the player who completes the trip, at the end of the hand.",
        f"The game: the higher total once a total reaches {GAME_POINTS}.",
    ]
    return lines


REFUSAL_COLUMN = 31
"""Where the rule behind a refusal starts on the refusals page."""


def refusals() -> list[tuple[str, tuple[str, ...]]]:
    """Each refusal as the message line shows it (``rules.Game.check``), and its rule.

    A refusal that names a card is shown with one example (``can't play "Gasoline"``)
    or with ``"..."`` for the card (``cannot play "Go" on a "..."``).
    """
    return [
        (
            "must pick first",
            (
                "pick (p) first; only a safety against the",
                "hazard on your own pile may come before it",
            ),
        ),
        ("already picked", ("one pick a turn",)),
        ("no more cards", ("the deck is empty: no more picking",)),
        ("no card there", ("that slot is empty",)),
        ("discard a safety?", ("safeties cannot be discarded: play them",)),
        (
            f"puts you over {GOAL}",
            (
                f"the trip must be exact: no card may pass {GOAL}",
                f"({EXTENDED_GOAL} after an extension)",
            ),
        ),
        ("only two 200's per hand", (f"at most {MAX_200S} 200s a hand",)),
        (f"limit of {SPEED_LIMIT_MAX}", ("under a Speed Limit only 25s and 50s",)),
        ("cannot move now", ("you need a Go, or Right of Way and no hazard",)),
        ('can\'t play "Gasoline"', ("a remedy goes only on its own hazard",)),
        ('cannot play "Go" on a "..."', ("a Go goes on an empty pile, a Stop or a remedy",)),
        ("not limited", ("End of Limit only under a Speed Limit",)),
        (
            "opponent cannot go",
            (
                "Out of Gas, Flat Tire, Accident and Stop need",
                "a moving opponent (one that could drive now)",
            ),
        ),
        ("opponent is protected", ("it has played the safety against that hazard",)),
        ("opponent has limit", ("one Speed Limit at a time; it needs no Go",)),
    ]


def _refusals_page() -> list[str]:
    lines = ["When a move is refused: the message, and the rule behind it", ""]
    for message, rule in refusals():
        lines.append(f"  {message:<{REFUSAL_COLUMN - 2}}{rule[0]}")
        lines += [" " * REFUSAL_COLUMN + more for more in rule[1:]]
    return lines


def pages(level: str = "strong") -> list[list[str]]:
    """The help pages' body lines (each fits the 80x24 body)."""
    return [_keys_page(level), _rules_page(), _refusals_page(), _scoring_page()]


def render_help(page: int, level: str = "strong", height: int = ROWS, width: int = COLS) -> Frame:
    """One help page as a whole screen."""
    all_pages = pages(level)
    body = all_pages[page]
    frame = Frame(max(width, COLS), max(height, ROWS))
    frame.put(0, 0, f"{TITLE} ({page + 1}/{len(all_pages)})", Style.REVERSE)
    for row, line in enumerate(body[:BODY_ROWS], start=2):
        frame.put(row, 0, line)
    frame.put(ROWS - 1, 0, FOOTER)
    frame.cursor = None
    return frame
