"""What the rule-based players share: a seat's move for a card, the position as the
simulator sees it, and the opening of a turn (a countering safety at once, else pick).
"""

from __future__ import annotations

from parlour.mille import sim as S
from parlour.mille.ai import sim_from_view
from parlour.mille.cards import Card
from parlour.mille.rules import Move
from parlour.mille.seat import SeatView


def move_of(view: SeatView, card: int, use: bool) -> Move:
    """Use or discard the first slot holding ``card``."""
    return Move("use" if use else "discard", view.hand.index(Card(card)))


def base_sim(view: SeatView) -> S.Sim:
    """The seat's position for the simulator, hidden cards left blank."""
    return sim_from_view(view, [], [S.NONE] * view.deck_count, count_hidden=False)


def _counter(view: SeatView, base: S.Sim) -> int:
    for card in base.sides[view.me].hand:
        if card >= S.ET and base.is_counter(view.me, card):
            return card
    return S.NONE


def counter_or_pick(view: SeatView, base: S.Sim) -> Move | None:
    """Both rule-based baselines open a turn alike: a countering safety at once, else pick."""
    counter = _counter(view, base)
    if counter != S.NONE:
        return move_of(view, counter, True)
    if not view.picked:
        return Move("pick")
    return None
