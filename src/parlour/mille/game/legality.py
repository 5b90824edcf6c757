"""Which card a Mille Bornes player may use now, checked in BSD's order (spec §3, §8.2).

Functions of the player to move, the opponent and the goal, so that :class:`parlour.mille.
game.rules.Game` and anything else holding a position ask the same questions: whether the
player has picked (BSD's own test), whether a safety counters the hazard on its pile,
why a use is refused, and BSD's "playable" test of the end-of-deck check (§4.7).
"""

from __future__ import annotations

from parlour.core.i18n import N_
from parlour.mille.game.cards import FIXED_REMEDIES, HAZARD_FOR, MILES, SAFETY_FOR, Card
from parlour.mille.game.table import MAX_200S, SPEED_LIMIT_MAX, IllegalMove, PlayerState


def has_picked(player: PlayerState, card: Card | None, deck_left: bool) -> bool:
    """BSD's pick test: for a safety it looks at slot 1, else at P (spec §2.1)."""
    if not deck_left:
        return True
    return player.hand[1 if card is not None and card.is_safety else 0] is not None


def is_counter(player: PlayerState, card: Card) -> bool:
    """A safety answering the hazard on one's own pile (or Right of Way under a limit)."""
    if card == Card.RIGHT_OF_WAY and player.limited:
        return True
    return player.battle is not None and SAFETY_FOR.get(player.battle) == card


def check_use(
    player: PlayerState, opponent: PlayerState, card: Card | None, goal: int, deck_left: bool
) -> None:
    """BSD's playcard() checks, in its order (spec §3, §8.2): :class:`IllegalMove` with
    BSD's message when ``player`` may not use ``card`` now."""
    if (card is None or not card.is_safety) and not has_picked(player, card, deck_left):
        # TRANSLATORS: refusals are shown on the message line: 35 columns at most.
        raise IllegalMove(N_("must pick first"))
    if card is None:
        raise IllegalMove(N_("no card there"))
    if card.is_distance:
        if card == Card.D200 and player.num_200s >= MAX_200S:
            raise IllegalMove(N_("only two 200's per hand"))
        if MILES[card] > SPEED_LIMIT_MAX and player.limited:
            raise IllegalMove(N_("limit of {limit}"), limit=SPEED_LIMIT_MAX)
        if card != Card.D25 and player.mileage + MILES[card] > goal:
            # TRANSLATORS: {goal} is 700 or 1000 (miles).
            raise IllegalMove(N_("puts you over {goal}"), goal=goal)
        if not player.can_go:
            raise IllegalMove(N_("cannot move now"))
    elif card in FIXED_REMEDIES:
        if player.battle != HAZARD_FOR[card]:
            # TRANSLATORS: {card} is Gasoline, Spare Tire or Repairs (35 columns in all).
            raise IllegalMove(N_('can\'t play "{card}"'), card=card)
    elif card == Card.GO:
        top = player.battle
        if top is not None and top != Card.STOP and top not in FIXED_REMEDIES:
            # TRANSLATORS: {go} is the card Go; {card} a hazard or Go (35 columns in all).
            raise IllegalMove(N_('cannot play "{go}" on a "{card}"'), go=Card.GO, card=top)
    elif card == Card.END_OF_LIMIT:
        if not player.limited:
            raise IllegalMove(N_("not limited"))
    elif card == Card.SPEED_LIMIT:
        if opponent.limited:
            raise IllegalMove(N_("opponent has limit"))
        if opponent.has(Card.RIGHT_OF_WAY):
            raise IllegalMove(N_("opponent is protected"))
    elif card.is_hazard:
        if not opponent.can_go:
            raise IllegalMove(N_("opponent cannot go"))
        if opponent.has(SAFETY_FOR[card]):
            raise IllegalMove(N_("opponent is protected"))
    elif not is_counter(player, card) and deck_left and not player.picked:
        raise IllegalMove(N_("must pick first"))


def playable(player: PlayerState, opponent: PlayerState, card: Card, goal: int) -> bool:
    """BSD's "playable" test of the end-of-deck check (spec §4.7)."""
    if card.is_safety:
        return True
    if card.is_distance:
        if card == Card.D200 and player.num_200s >= MAX_200S:
            return False
        if MILES[card] > SPEED_LIMIT_MAX and player.limited:
            return False
        return player.can_go and player.mileage + MILES[card] <= goal
    if card == Card.SPEED_LIMIT:
        return (
            not opponent.limited
            and not opponent.has(Card.RIGHT_OF_WAY)
            and opponent.mileage + SPEED_LIMIT_MAX < goal
        )
    if card.is_hazard:
        return opponent.can_go and not opponent.has(SAFETY_FOR[card])
    if card in FIXED_REMEDIES:
        return player.battle == HAZARD_FOR[card]
    if card == Card.GO:
        top = player.battle
        return not player.can_go and (top is None or top == Card.STOP or top in FIXED_REMEDIES)
    return player.limited  # End of Limit
