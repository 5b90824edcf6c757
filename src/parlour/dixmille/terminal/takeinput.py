"""Typing a take: the positions of the dice to set aside, edited key by key (spec 7).

Digits, spaces and commas are typed (12 at most); BACKSPACE erases one, ESC
or ^U clears the field. A take refused at ENTER stays in the field *selected*
(drawn in reverse video): the next digit replaces it, BACKSPACE or ESC clears
it, so a corrected take is never glued to the refused one. ``t``/``p`` are
refused with the reason (a take comes first); other keys are refused with what
to type. The keys that work at every prompt (save, statistics, rules, log, quit)
are the app's, not this field's.
"""

from __future__ import annotations

from parlour.core.i18n import _
from parlour.core.record import Frozen
from parlour.dixmille.game.moves import take_first
from parlour.dixmille.game.rules import IllegalMove, parse_positions
from parlour.tui import keys

MAX_TYPED = 12


class Edit(Frozen):
    """The field after a key, and the refusal to show (empty if the key was taken)."""

    entry: str
    refusal: str = ""


def edit_take(entry: str, key: str, dice: int, selected: bool = False) -> Edit:
    """Apply one key (not ENTER) to the typed positions for a throw of ``dice`` dice.

    ``selected``: the field holds a refused take, which the next digit replaces and
    BACKSPACE clears whole.
    """
    if key in (keys.BACKSPACE, keys.DELETE):
        return Edit("" if selected else entry[:-1])
    if key in (keys.ESC, keys.CTRL_U):
        return Edit("")
    if len(key) == 1 and (key.isdigit() or key in " ,"):
        if selected:
            return Edit(key)
        return Edit(entry + key if len(entry) < MAX_TYPED else entry)
    if len(key) == 1 and key.lower() in "tp":
        return Edit(entry, take_first())
    return Edit(entry, _("Type the positions of the dice to take (1 to {n})").format(n=dice))


def highlighted(entry: str, dice: int) -> frozenset[int]:
    """The positions typed so far that name a die (drawn highlighted)."""
    try:
        typed = parse_positions(entry)
    except IllegalMove:
        typed = ()
    return frozenset(p for p in typed if 1 <= p <= dice)
