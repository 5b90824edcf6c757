"""What the rule-based players share: a seat's move for a card, the position as the
simulator sees it, and the opening of a turn (a countering safety at once, else pick).
"""

from __future__ import annotations

from parlour.mille.computer import sim as S
from parlour.mille.game.cards import Card
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import Move


def sim_from_view(
    view: SeatView, opponent_hand: list[int], deck: list[int], *, count_hidden: bool = True
) -> S.Sim:
    """A simulator position from the seat's view and one guess at the hidden cards.

    Pass blanks (``S.NONE``) for cards that are not guessed: the heuristic
    never reads the opponent's hand or the deck, only their sizes.
    ``count_hidden=False`` skips counting the unseen cards, for positions used
    only to check what is legal (the heuristic refuses those).
    """
    sides = [S.Side(), S.Side()]
    mine = sides[view.me]
    theirs = sides[1 - view.me]
    mine.hand = [int(card) for card in view.held()]
    theirs.hand = opponent_hand
    for side, tab in ((mine, view.mine), (theirs, view.theirs)):
        side.mileage = tab.mileage
        side.battle = S.NONE if tab.battle is None else int(tab.battle)
        side.limited = tab.limited
        side.can_go = tab.can_go
        side.safeties = sum(S.SAFETY_BIT[int(card)] for card, _ in tab.safeties)
        side.n200 = tab.num_200s
        side.points = tab.hand_total
    mine.fresh_battle = view.fresh_battle
    mine.fresh_speed = view.fresh_speed
    if not count_hidden:
        return S.Sim(sides, deck, view.goal, view.me)
    unseen = view.unseen()
    hidden = [unseen.get(Card(card), 0) for card in range(len(S.COPIES))]
    for card in mine.hand:
        hidden[card] += 1
    return S.Sim(sides, deck, view.goal, view.me, hidden)


def move_of(view: SeatView, card: int, use: bool) -> Move:
    """Use or discard the first slot holding ``card``."""
    return Move("use" if use else "discard", view.hand.index(Card(card)))


def base_sim(view: SeatView) -> S.Sim:
    """The seat's position for the simulator, hidden cards left blank."""
    return sim_from_view(view, [], [S.NONE] * view.deck_count, count_hidden=False)


def seat_moves(view: SeatView) -> list[Move]:
    """The moves the rules accept from the seat to move, worked out from its view alone."""
    base = base_sim(view)
    moves: list[Move] = []
    if not view.picked:
        moves.append(Move("pick"))
        for slot, card in enumerate(view.hand):
            if card is not None and card.is_safety and base.is_counter(view.me, int(card)):
                moves.append(Move("use", slot))
        return moves
    for slot, card in enumerate(view.hand):
        if card is None:
            continue
        if base.can_use(view.me, int(card)):
            moves.append(Move("use", slot))
        if not card.is_safety:
            moves.append(Move("discard", slot))
    return moves


def legal_moves(view: SeatView) -> list[Move]:
    """The moves the rules accept in ``view`` (none when it is not this seat's move)."""
    if view.phase != "TURN" or view.turn != view.me:
        return []
    return seat_moves(view)


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
