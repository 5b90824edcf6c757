"""The words and small records the Midnight Oil session and its parts share: the prompt
on the message row, the deal-number field, a path as it is typed after the command, and
what a step of moves did, in words.
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.core.i18n import _, ngettext, number
from parlour.core.record import Record
from parlour.core.text import printable
from parlour.midnightoil.game.cards import DEAL_LIMIT, FAN_KEYS
from parlour.midnightoil.game.rules import DRAW, FOUNDATION, REDEAL, Move, State
from parlour.tui.prompts import LineEditor, YesNoPrompt


def deal_prompt() -> str:
    """The ``#`` field's label: the range worded as the refusal words it."""
    return _("Deal number, from 0 to {limit}:").format(limit=DEAL_LIMIT - 1)


class Prompt(Record):
    """A question or a text field on the message row, and what it is for.

    ``note``: why the entry was refused, shown on the status row while the
    field stays open for correction (issue 39: a refused entry never closes
    its field, so no key typed for it reaches the board).
    """

    kind: str
    question: YesNoPrompt | None = None
    editor: LineEditor | None = None
    note: str = ""


def command_path(path: str) -> str:
    """A path as it is typed after ``midnightoil``: quoted for the shell, made printable."""
    return printable(shell_quoted(path))


def shell_quoted(path: str) -> str:
    """``path`` quoted for the player's shell (POSIX or Windows: ``core.shellpath``)."""
    from parlour.core.shellpath import for_shell

    return for_shell(path)


def move_summary(before: State, moves: list[Move], card: Callable[[int | None], str]) -> str:
    """A short account of what a step did."""
    if len(moves) == 1 and moves[0].kind == REDEAL:
        return _("Redealt.")
    if all(m.kind == FOUNDATION for m in moves) and len(moves) > 1:
        return cards_went_home(len(moves))
    move = moves[0]
    name = card(before.moved_card(move))
    if move.kind == DRAW:
        if move.home:
            return _("Drawn: {card} went home to foundation {number}.").format(
                card=name, number=move.target + 1
            )
        return _("Drawn: {card} moved onto fan {fan}.").format(card=name, fan=FAN_KEYS[move.target])
    if move.home:
        return _("{card} went home to foundation {number}.").format(
            card=name, number=move.target + 1
        )
    return _("{card} moved onto fan {fan}.").format(card=name, fan=FAN_KEYS[move.target])


def cards_went_home(count: int) -> str:
    """``N cards went home.`` (manual-auto, several at once)."""
    return ngettext("{n} card went home.", "{n} cards went home.", count).format(n=number(count))


def selection_message(
    state: State, fan: int, card: int, card_text: Callable[[int | None], str], dot: str
) -> str:
    """What the message row says when the top card of ``fan`` is selected: where it can go."""
    letter = FAN_KEYS[fan]
    home = card // 13 + 1 if state.goes_home(card) else 0
    target = state.build_target(card)
    name = card_text(card)
    if home and target >= 0:
        where = _(
            "it can go home to {number} or it can go onto {above} (fan {fan}) {dot} "
            "{number}/{fan}/Space moves it, Esc cancels"
        )
    elif home:
        where = _("it can go home to {number} {dot} {number}/Space moves it, Esc cancels")
    elif target >= 0:
        where = _("it can go onto {above} (fan {fan}) {dot} {fan}/Space moves it, Esc cancels")
    else:
        return _("{letter} selected: {card} has nowhere to go now {dot} Esc cancels").format(
            letter=letter, card=name, dot=dot
        )
    above = card_text(card + 1) if target >= 0 else ""
    shown = where.format(number=home, above=above, fan=FAN_KEYS[max(target, 0)], dot=dot)
    # TRANSLATORS: {where} is one of the "it can go ..." messages.
    return _("{letter} selected: {card} {dot} {where}").format(
        letter=letter, card=name, dot=dot, where=shown
    )
