"""Helpers for crafting Mille Bornes positions in tests (like BSD's hand-edited saves)."""

from __future__ import annotations

from collections import Counter

from parlour.mille.game.cards import COPIES, MILES, Card
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Event, Move, Phase

C = Card


def craft(
    *,
    hands: tuple[list[Card | None], list[Card | None]] | None = None,
    deck: list[Card] | None = None,
    turn: int = HUMAN,
    goal: int = 700,
) -> Game:
    """A game in phase TURN with the given hands (7 slots each) and deck (top = last).

    Cards not placed anywhere go to the discard pile, so the 101 cards add up.
    """
    game = Game.new(1)
    if hands is not None:
        for player, hand in zip(game.players, hands, strict=True):
            assert len(hand) == 7
            player.hand = list(hand)
    if deck is not None:
        game.deck = list(deck)
    game.turn = turn
    game.goal = goal
    game.phase = Phase.TURN
    rebalance(game)
    return game


def rebalance(game: Game) -> None:
    """Put every card not placed anywhere on the discard pile (fails if too many are placed)."""
    game.discards = []
    used = Counter(game.all_cards())
    for card in Card:
        assert used[card] <= COPIES[card], f"too many {card.name}"
    game.discards = [card for card in Card for _ in range(COPIES[card] - used[card])]


def hand(*cards: Card | None, p: Card | None = None) -> list[Card | None]:
    """A 7-slot hand: P, then the cards in slots 1.. (a full hand has six)."""
    slots: list[Card | None] = [p, *cards]
    return slots + [None] * (7 - len(slots))


def short(*cards: Card) -> list[Card | None]:
    """A short hand as BSD keeps it once the deck is gone: holes at the top, cards below."""
    return [None] * (7 - len(cards)) + list(cards)


def slot_of(game: Game, card: Card) -> int:
    """The first slot (from P) of the player to move holding ``card``."""
    return game.current.hand.index(card)


def use(game: Game, card: Card) -> list[Event]:
    """The player to move uses its first ``card``."""
    return game.apply(Move("use", slot_of(game, card)))


def discard(game: Game, card: Card) -> list[Event]:
    """The player to move discards its first ``card``."""
    return game.apply(Move("discard", slot_of(game, card)))


def go(game: Game, who: int) -> None:
    """Give ``who`` a Go on the battle pile (taken from the discards)."""
    player = game.players[who]
    player.battle_pile.append(Card.GO)
    player.battle = Card.GO
    player.can_go = True
    rebalance(game)


def both_moving(hands: tuple[list[Card | None], list[Card | None]], deck: list[Card]) -> Game:
    """Both players have a Go down and the human, to move, has picked."""
    game = craft(hands=hands, deck=deck)
    go(game, HUMAN)
    go(game, COMPUTER)
    play(game, "pick")
    return game


def play(game: Game, text: str) -> None:
    """Apply a move written as text."""
    game.apply(Move.parse(text))


def drove(game: Game, who: int, cards: list[Card]) -> None:
    """Set a player's distance cards played this hand, with mileage and totals to match."""
    player = game.players[who]
    miles = sum(MILES[card] for card in cards)
    player.hand_total += miles - player.mileage
    player.overall_total += miles - player.mileage
    player.distance_played = list(cards)
    player.mileage = miles
