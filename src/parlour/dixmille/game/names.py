"""Players' names (spec 2): 1 to 10 display columns, all different, one seat for ZEDX.

The limit is in display columns, as the score columns are: a wide character
(王, most emoji) takes two, a combining accent none. Names are kept in
composed form (NFC), and two names are one name when their
:func:`parlour.core.text.name_key` is the same: ``É`` typed as one character or
as E and an accent, with or without a zero-width joiner, in any case.
:mod:`parlour.dixmille.game.rules` re-exports these.
"""

from __future__ import annotations

import unicodedata

from parlour.core import text
from parlour.core.i18n import _
from parlour.dixmille.game.moves import IllegalMove

MAX_NAME = 10
"""Display columns a name may take (so six score columns fit 80 columns)."""
COMPUTER_NAME = "ZEDX"


def is_computer_name(name: str) -> bool:
    return text.name_key(name) == COMPUTER_NAME.casefold()


def check_name(name: str, taken: list[str]) -> str:
    """A name for a new seat (spaces trimmed, composed); IllegalMove with the reason if refused."""
    name = unicodedata.normalize("NFC", name.strip())
    if not name or (text.printable(name) == name and text.width(name) == 0):
        raise IllegalMove(_("A name needs at least one character you can see"))
    if text.printable(name) != name:
        raise IllegalMove(_("A name may hold only printable characters"))
    if text.width(name) > MAX_NAME:
        raise IllegalMove(
            _("A name has at most {columns} columns (a wide character takes 2)").format(
                columns=MAX_NAME
            )
        )
    if is_computer_name(name) and any(is_computer_name(t) for t in taken):
        raise IllegalMove(_("ZEDX already has a seat: only one computer player"))
    key = text.name_key(name)
    for other in taken:
        if key == text.name_key(other):
            raise IllegalMove(
                _("{name} is already playing: names must differ").format(name=other.strip())
            )
    if is_computer_name(name):
        return COMPUTER_NAME
    return name
