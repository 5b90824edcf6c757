"""Build rare positions quickly by moving real cards around (the 101 cards stay conserved)."""

from __future__ import annotations

from parlour.mille.game.cards import MILES, Card
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN


def extract(game: Game, card: Card) -> Card:
    """Take one ``card`` out of the deck, or out of a hand (refilled from the deck)."""
    if card in game.deck:
        game.deck.remove(card)
        return card
    for who in (COMPUTER, HUMAN):
        hand = game.players[who].hand
        for slot, held in enumerate(hand):
            if held == card:
                spare = next(c for c in reversed(game.deck) if c != card)
                game.deck.remove(spare)
                hand[slot] = spare
                return card
    raise LookupError(f"no {card.name} left to take")


def put_in_hand(game: Game, who: int, slot: int, card: Card) -> None:
    """Place ``card`` in a slot; the card it replaces goes back to the deck bottom."""
    taken = extract(game, card)
    old = game.players[who].hand[slot]
    if old is not None:
        game.deck.insert(0, old)
    game.players[who].hand[slot] = taken


def drive(game: Game, who: int, miles: list[Card]) -> None:
    """Give a player a Go and the given distance cards already played."""
    player = game.players[who]
    player.battle_pile.append(extract(game, Card.GO))
    player.battle = Card.GO
    player.can_go = True
    for card in miles:
        player.distance_played.append(extract(game, card))
        player.mileage += MILES[card]
        player.score(MILES[card])


def hazard_on(game: Game, who: int, hazard: Card) -> None:
    """Lay ``hazard`` on a player's battle pile, fresh (a coup fourre is open)."""
    player = game.players[who]
    player.battle_pile.append(extract(game, hazard))
    player.battle = hazard
    player.can_go = False
    player.fresh_battle = True


def empty_deck_into_discards(game: Game, keep: int = 0) -> None:
    """Move all but ``keep`` deck cards to the discard pile."""
    while len(game.deck) > keep:
        game.discards.append(game.deck.pop(0))
