"""The help pages of Midnight Oil (full-screen text, spec §11); statistics: :mod:`report`.

Each page is a title and a body of lines, each marked as one message so that a
translation can break its lines where its words fall (:func:`help_page`).
"""

from __future__ import annotations

from parlour.core.i18n import N_, _

HELP_PAGES: tuple[tuple[str, str], ...] = (
    (
        N_("Midnight Oil - the rules (page 1 of 3)"),
        # TRANSLATORS: each line at most 78 columns, at most 21 lines.
        N_(
            "Move all 52 cards to the four foundations, one per suit, from ace up to king.\n"
            "\n"
            "The deck is dealt into 17 fans of three cards and one of one. Every card is\n"
            "face up, but only the top card of a fan (the right-most) can move:\n"
            "  - to its suit's foundation, if that holds the next lower card (ace first);\n"
            "  - onto another fan whose top card is the same suit and one rank higher\n"
            "    (5 of hearts onto 6 of hearts). Kings never move onto a fan.\n"
            "One card moves at a time. A fan that becomes empty stays empty for good.\n"
            "\n"
            "Redeals (D): twice per game the cards left in the fans are gathered,\n"
            "shuffled and dealt again in threes (the last fan may get one or two).\n"
            "The shuffle is fixed by the deal number: undo and redo give the same one.\n"
            "\n"
            "The draw (x): once per game you may pull one card from under the top of\n"
            "any fan and play it at once to its foundation or onto a fan.\n"
            "\n"
            "Manual-auto: press 1-4 with nothing selected and every card that can go\n"
            "to that foundation goes, again and again; * does it for all four.\n"
            "\n"
            "The score is the number of cards home. Undo (u) and redo (U) are unlimited."
        ),
    ),
    (
        N_("Midnight Oil - how a game ends (page 2 of 3)"),
        N_(
            "Won: all 52 cards are home, without auto-solve. Undo and redo are then off.\n"
            "\n"
            "Lost: the game ends with cards left, and the score is the cards home, when\n"
            '  - no move, no redeal and no draw is left ("No moves left - game over");\n'
            "  - in the last deal, no move can bring another card home, the draw counted\n"
            '    while unused: the game checks a moment after each move ("No move can\n'
            '    bring another card home"). With a redeal left a game never ends so: the\n'
            "    next shuffle may bring a card home;\n"
            "  - you give it up after a move: N, R or # (it asks first), or Q and n.\n"
            "\n"
            "Solved by computer: auto-solve (!) was used, whether it then won or not.\n"
            "It is the computer's game: never your win and never your best.\n"
            "\n"
            "An end is final: its result is recorded once, the clock stops, and there is\n"
            "no move and no hint; u undo (unless won), R, N and # stay. Play after a\n"
            "result is a replay, not recorded, as is a resumed save that has a result.\n"
            "R (restart), N and # begin a new game, which counts like any other. A game\n"
            "you save and leave is recorded when it is resumed and ends."
        ),
    ),
    (
        N_("Midnight Oil - the keys (page 3 of 3)"),
        N_(
            "a-h j-s  select that fan's top card; with a card selected, move it onto\n"
            "         that fan (the same fan again: the smart move)\n"
            "Space    smart move of the selected card: home if it can, else onto its fan\n"
            "1-4      with a card selected: move it home; with none: manual-auto\n"
            "*        every possible card home (never the draw)\n"
            "arrows   cursor mode: up/down picks a fan, Space selects or moves there\n"
            "x        the draw: a fan key, then left/right or 1-9 for the card and Space,\n"
            "         then 1-4, a fan key or Space for where it goes\n"
            "Esc      cancel the selection, cursor or draw (a cancelled draw is kept)\n"
            "D        redeal           u / U   undo / redo\n"
            "t        hint (again: the next one; Space right after plays it)\n"
            "w        can this deal still be won? (the solver's answer, only when asked)\n"
            "!        auto-solve: the computer plays on (any key stops it)\n"
            "N R #    new random deal, restart this deal, choose a deal number\n"
            "S        save the game (resume with: midnightoil FILE)\n"
            "i        statistics        ?   this help        Q   quit\n"
            "\n"
            "Mouse: click a fan to select its top card, click another fan or a\n"
            "foundation to move it there; double-click for the smart move; click a\n"
            "foundation with nothing selected for manual-auto. In draw mode click\n"
            "the card to draw, then where it goes."
        ),
    ),
)
"""Each page: its title and its lines, in English (translated when shown)."""


def help_page(index: int) -> tuple[str, list[str]]:
    """Help page ``index`` in the player's language: its title and its lines."""
    title, body = HELP_PAGES[index]
    return _(title), _(body).split("\n")
