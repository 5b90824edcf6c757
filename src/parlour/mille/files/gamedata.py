"""Mille Bornes game state to and from JSON-able dicts, with strict validation.

Cards are stored by enum member name; a missing slot is ``null``. Loading
checks every field's type and range and the game's consistency (the 101 cards
with BSD's counts, mileage equal to the distance cards laid, the "can go" flag
matching the piles) and raises ``ValueError`` with a reason a player can read.
"""

from __future__ import annotations

from typing import Any

from parlour.core.rng import SEED_LIMIT, restore_rng
from parlour.mille.files.stats import MAX_GAME_POINTS, MAX_HAND_POINTS, MAX_HANDS
from parlour.mille.files.stats import checked_bool as _bool
from parlour.mille.files.stats import checked_int as _int
from parlour.mille.game.cards import (
    BATTLE_HAZARDS,
    COPIES,
    DECK_SIZE,
    FIXED_REMEDIES,
    MILES,
    SAFETIES,
    Card,
)
from parlour.mille.game.rules import Game
from parlour.mille.game.scoring import (
    ALL_SAFETIES_POINTS,
    COUP_POINTS,
    GAME_POINTS,
    NUM_SAFETIES,
    SAFETY_POINTS,
    Bonuses,
    trip_bonuses,
)
from parlour.mille.game.table import (
    COMPUTER,
    EXTENDED_GOAL,
    GOAL,
    HAND_SLOTS,
    HUMAN,
    MAX_200S,
    STATE_VERSION,
    Phase,
    PlayerState,
    other,
)

_BATTLE_TOPS = (*BATTLE_HAZARDS, *FIXED_REMEDIES, Card.GO)
_SPEED_TOPS = (Card.SPEED_LIMIT, Card.END_OF_LIMIT)


def player_to_dict(player: PlayerState) -> dict[str, Any]:
    """One player's state as plain data."""
    return player.to_dict()


def game_to_dict(game: Game) -> dict[str, Any]:
    """The whole match as plain data."""
    return game.to_dict()


def _card(value: Any, what: str) -> Card:
    if not isinstance(value, str):
        raise ValueError(f"{what} is not a card name")
    return Card.from_name(value)


def _opt_card(value: Any, what: str) -> Card | None:
    return None if value is None else _card(value, what)


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise ValueError(f"{what} is not a list of cards")
    return [_card(item, what) for item in value]


def _dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{what} is not an object")
    return value


def player_from_dict(data: Any, who: str, goal: int) -> PlayerState:
    """Rebuild and check one player's state."""
    data = _dict(data, who)
    player = PlayerState()
    hand = data["hand"]
    if not isinstance(hand, list) or len(hand) != HAND_SLOTS:
        raise ValueError(f"{who}'s hand must have {HAND_SLOTS} slots")
    player.hand = [_opt_card(card, f"{who}'s hand") for card in hand]
    player.battle = _opt_card(data["battle"], f"{who}'s battle pile")
    if player.battle is not None and player.battle not in _BATTLE_TOPS:
        raise ValueError(f"{who}'s battle pile shows an impossible card")
    player.speed = _opt_card(data["speed"], f"{who}'s speed pile")
    if player.speed is not None and player.speed not in _SPEED_TOPS:
        raise ValueError(f"{who}'s speed pile shows an impossible card")
    player.battle_pile = _cards(data["battle_pile"], f"{who}'s battle pile")
    if any(card not in _BATTLE_TOPS for card in player.battle_pile):
        raise ValueError(f"{who}'s battle pile holds an impossible card")
    player.speed_pile = _cards(data["speed_pile"], f"{who}'s speed pile")
    if any(card not in _SPEED_TOPS for card in player.speed_pile):
        raise ValueError(f"{who}'s speed pile holds an impossible card")
    player.distance_played = _cards(data["distance_played"], f"{who}'s mileage")
    if any(not card.is_distance for card in player.distance_played):
        raise ValueError(f"{who}'s mileage holds a card that is not a distance")
    if player.distance_played.count(Card.D200) > MAX_200S:
        raise ValueError(f"{who} has more than two 200s")
    player.mileage = _int(data["mileage"], f"{who}'s mileage", 0, goal)
    if player.mileage != sum(MILES[card] for card in player.distance_played):
        raise ValueError(f"{who}'s mileage does not match the distance cards")
    safeties = data["safeties"]
    if not isinstance(safeties, list):
        raise ValueError(f"{who}'s safeties are not a list")
    for entry in safeties:
        if not isinstance(entry, list) or len(entry) != 2:
            raise ValueError(f"{who}'s safeties are malformed")
        card = _card(entry[0], f"{who}'s safety")
        if card not in SAFETIES or card in player.safeties:
            raise ValueError(f"{who}'s safeties are malformed")
        player.safeties[card] = _bool(entry[1], f"{who}'s coup flag")
    player.can_go = _bool(data["can_go"], f"{who}'s can-go flag")
    expected = player.battle == Card.GO or (
        player.has(Card.RIGHT_OF_WAY) and (player.battle is None or player.battle in FIXED_REMEDIES)
    )
    if player.can_go != expected:
        raise ValueError(f"{who}'s can-go flag does not match the battle pile")
    if player.has(Card.RIGHT_OF_WAY) and player.speed == Card.SPEED_LIMIT:
        raise ValueError(f"{who} is limited despite Right of Way")
    player.fresh_battle = _bool(data["fresh_battle"], f"{who}'s coup window")
    player.fresh_speed = _bool(data["fresh_speed"], f"{who}'s coup window")
    player.hand_total = _int(data["hand_total"], f"{who}'s hand total", 0, MAX_HAND_POINTS)
    player.overall_total = _int(data["overall_total"], f"{who}'s overall total", 0, MAX_GAME_POINTS)
    player.games_won = _int(data["games_won"], f"{who}'s games won", 0, MAX_HANDS)
    player.bonuses = Bonuses.from_list(data["bonuses"])
    if player.hand_total > player.overall_total:
        raise ValueError(f"{who}'s hand total exceeds the overall total")
    return player


def game_from_dict(data: Any) -> Game:
    """Rebuild a game from :func:`game_to_dict` output; ``ValueError`` if anything is wrong."""
    data = _dict(data, "the game state")
    if data.get("version") != STATE_VERSION:
        raise ValueError("unknown game state version")
    seed = data["seed"]
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise ValueError("the seed is invalid")
    game = Game(seed, restore_rng(data["rng"]))
    phase = data["phase"]
    if not isinstance(phase, str) or phase not in Phase.__members__:
        raise ValueError("the phase is invalid")
    game.phase = Phase[phase]
    game.turn = _int(data["turn"], "the player to move", 0, 1)
    goal = data["goal"]
    if goal not in (GOAL, EXTENDED_GOAL) or type(goal) is not int:
        raise ValueError("the goal must be 700 or 1000")
    game.goal = goal
    game.deck = _cards(data["deck"], "the deck")
    game.discards = _cards(data["discards"], "the discard pile")
    game.starter = _int(data["starter"], "the starting player", 0, 1)
    game.next_starter = _int(data["next_starter"], "the next starting player", 0, 1)
    game.hands_played = _int(data["hands_played"], "the hand count", 1, MAX_HANDS)
    finisher = data["finisher"]
    if finisher is not None:
        finisher = _int(finisher, "the finisher", 0, 1)
    game.finisher = finisher
    players = data["players"]
    if not isinstance(players, list) or len(players) != 2:
        raise ValueError("there must be two players")
    game.players = (
        player_from_dict(players[0], "the human", goal),
        player_from_dict(players[1], "the computer", goal),
    )
    cards = game.all_cards()
    if len(cards) != DECK_SIZE or any(cards.count(card) != COPIES[card] for card in Card):
        raise ValueError("the cards do not add up to the 101-card deck")
    if game.phase is Phase.TURN and any(p.mileage == goal for p in game.players):
        raise ValueError("a finished trip is still being played")
    if game.phase is Phase.EXTENSION and (goal != GOAL or game.players[game.turn].mileage != GOAL):
        raise ValueError("the extension question does not fit the position")
    check_consistent(game)
    return game


def _hand_shape_ok(hand: list[Card | None], *, moving: bool) -> bool:
    """Between turns a hand holds its six cards in slots 1-6; the mover may have picked
    (seven) or played up to two countering safeties before picking (P and 1-2 empty)."""
    held = sum(card is not None for card in hand)
    if not moving:
        return hand[0] is None and held == HAND_SLOTS - 1
    return held == HAND_SLOTS or (
        held >= HAND_SLOTS - 3 and all(card is None for card in hand[: HAND_SLOTS - held])
    )


def _check_player(who: str, player: PlayerState) -> None:
    """The table of one player adds up: piles show their tops, totals match the cards."""
    if player.overall_total - player.hand_total >= GAME_POINTS:
        raise ValueError(f"{who}'s overall total should have ended the game")
    if player.battle not in (None, Card.GO) and player.battle_pile[-1:] != [player.battle]:
        raise ValueError(f"{who}'s battle pile does not show its top card")
    if player.speed is not None and player.speed_pile[-1:] != [player.speed]:
        raise ValueError(f"{who}'s speed pile does not show its top card")
    coups = sum(player.safeties.values())
    expected_total = (
        player.mileage
        + SAFETY_POINTS * len(player.safeties)
        + (ALL_SAFETIES_POINTS if len(player.safeties) == NUM_SAFETIES else 0)
        + COUP_POINTS * coups
        + player.bonuses.total
    )
    if player.hand_total != expected_total:
        raise ValueError(f"{who}'s hand total does not match the table")


def starter_of(hand: int) -> int:
    """Who starts hand number ``hand``: the human the odd hands, the computer the even ones
    (BSD's alternation, kept across saves and restores)."""
    return HUMAN if hand % 2 else COMPUTER


def check_consistent(game: Game) -> None:
    """``ValueError`` unless ``game`` is a position a real match can reach and play on from.

    Beyond the per-field checks: the phase fits the mileages, the finisher and
    its bonuses, the totals fit the phase (5000 ends a game), the hands hold
    what the turn order allows while cards remain, an empty deck leaves the
    player to move something to play, the games won and the points carried from
    earlier hands fit the hands played, and the next hand's starter is the one the
    hand number gives (:func:`starter_of`).
    """
    players = game.players
    for name, seat in zip(("the human", "the computer"), players, strict=True):
        _check_player(name, seat)
    goal = game.goal
    finished_trip = [who for who in (HUMAN, COMPUTER) if players[who].mileage == goal]
    over = game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    if goal == EXTENDED_GOAL and max(p.mileage for p in players) < GOAL:
        raise ValueError("the trip was extended before anyone reached 700")
    settled = sum(p.games_won for p in players)
    if 2 * settled > game.hands_played - 1:
        raise ValueError("more games won than the hands played allow")
    # A game takes two hands at least (no hand scores 5000), so the games won used up
    # two hands each; what is left is the most this game's earlier hands can be.
    earlier = game.hands_played - 1 - 2 * settled
    if any(p.overall_total - p.hand_total > earlier * MAX_HAND_POINTS for p in players):
        raise ValueError("the totals carry more points than the earlier hands could score")
    if game.next_starter != starter_of(game.hands_played + 1):
        raise ValueError("the next starting player does not alternate")
    if over:
        if game.finisher is None:
            if finished_trip or game.deck or game.anyone_can_play():
                raise ValueError("the hand ended without a reason")
        elif finished_trip != [game.finisher]:
            raise ValueError("the hand's finisher did not complete the trip")
        reached = [p.overall_total >= GAME_POINTS for p in players]
        if any(reached) != (game.phase is Phase.GAME_OVER):
            raise ValueError("the game's end does not match the totals")
    else:
        if game.finisher is not None:
            raise ValueError("a hand in play has a finisher")
        if game.phase is Phase.TURN and finished_trip:
            raise ValueError("a finished trip is still being played")
        if game.phase is Phase.EXTENSION and finished_trip != [game.turn]:
            raise ValueError("the extension question does not fit the position")
    for who, player in enumerate(players):
        if player.bonuses.total and game.finisher != who:
            raise ValueError("bonuses for a player who did not finish the trip")
    if game.finisher is not None:
        finisher = players[game.finisher]
        expected = trip_bonuses(
            played_200=finisher.num_200s > 0,
            deck_empty=not game.deck,
            goal=goal,
            opponent_mileage=players[other(game.finisher)].mileage,
        )
        if finisher.bonuses != expected:
            raise ValueError("the trip bonuses do not match the hand")
    if game.deck:
        for who, player in enumerate(players):
            moving = game.phase is Phase.TURN and who == game.turn
            if not _hand_shape_ok(player.hand, moving=moving):
                raise ValueError("a hand holds the wrong number of cards")
    elif game.phase is Phase.TURN and (
        not game.current.cards_in_hand() or not game.anyone_can_play()
    ):
        raise ValueError("the hand should have ended with the deck")
