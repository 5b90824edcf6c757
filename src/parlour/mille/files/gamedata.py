"""A Mille Bornes game to JSON-able dicts and back (:func:`game_to_dict`,
:func:`game_from_dict`), read back with strict validation.

Cards are stored by enum member name; a missing slot is ``null``. Loading
checks every field's type and range and the game's consistency (the 101 cards
with BSD's counts, mileage equal to the distance cards laid, the "can go" flag
matching the piles) and raises ``ValueError`` with a reason a player can read, in the
player's language (whole sentences: :mod:`parlour.mille.files.reasons`).
"""

from __future__ import annotations

from typing import Any

from parlour.core.i18n import N_, _, number, pgettext
from parlour.core.rng import SEED_LIMIT, restore_rng, rng_state
from parlour.mille.files import reasons
from parlour.mille.files.reasons import whose
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
    Phase,
    PlayerState,
    other,
)

_BATTLE_TOPS = (*BATTLE_HAZARDS, *FIXED_REMEDIES, Card.GO)
_SPEED_TOPS = (Card.SPEED_LIMIT, Card.END_OF_LIMIT)


STATE_VERSION = 1
"""The game's own form inside a save (``state.game``): 1 since the first save."""


def player_to_dict(player: PlayerState) -> dict[str, Any]:
    """One player's state as plain data (cards by name, a missing slot ``None``);
    :func:`player_from_dict` reads it back."""
    return {
        "hand": [None if card is None else card.name for card in player.hand],
        "battle": None if player.battle is None else player.battle.name,
        "speed": None if player.speed is None else player.speed.name,
        "battle_pile": [card.name for card in player.battle_pile],
        "speed_pile": [card.name for card in player.speed_pile],
        "mileage": player.mileage,
        "safeties": [[card.name, coup] for card, coup in player.safeties.items()],
        "distance_played": [card.name for card in player.distance_played],
        "can_go": player.can_go,
        "fresh_battle": player.fresh_battle,
        "fresh_speed": player.fresh_speed,
        "hand_total": player.hand_total,
        "overall_total": player.overall_total,
        "games_won": player.games_won,
        "bonuses": player.bonuses.to_list(),
    }


def game_to_dict(game: Game) -> dict[str, Any]:
    """The whole match as plain data (cards by name); :func:`game_from_dict` reads it back."""
    return {
        "version": STATE_VERSION,
        "seed": game.seed,
        "rng": rng_state(game.rng),
        "phase": game.phase.value,
        "turn": game.turn,
        "goal": game.goal,
        "deck": [card.name for card in game.deck],
        "discards": [card.name for card in game.discards],
        "starter": game.starter,
        "next_starter": game.next_starter,
        "hands_played": game.hands_played,
        "finisher": game.finisher,
        "players": [player_to_dict(player) for player in game.players],
    }


def _card(value: Any, what: str) -> Card:
    if not isinstance(value, str):
        raise reasons.not_card_name(what)
    if value not in Card.__members__:
        raise reasons.unknown_card(value)
    return Card.from_name(value)


def _opt_card(value: Any, what: str) -> Card | None:
    return None if value is None else _card(value, what)


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise reasons.not_cards(what)
    return [_card(item, what) for item in value]


def _dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise reasons.not_object(what)
    return value


def player_from_dict(data: Any, seat: int, goal: int) -> PlayerState:
    """Rebuild and check the state of the player in ``seat`` (HUMAN or COMPUTER)."""
    field = reasons.side(seat)
    data = _dict(data, field["player"])
    player = PlayerState()
    hand = data["hand"]
    if not isinstance(hand, list) or len(hand) != HAND_SLOTS:
        raise whose(
            seat,
            N_("the human's hand must have {slots} slots"),
            N_("the computer's hand must have {slots} slots"),
            slots=number(HAND_SLOTS),
        )
    player.hand = [_opt_card(card, field["hand"]) for card in hand]
    player.battle = _opt_card(data["battle"], field["battle"])
    if player.battle is not None and player.battle not in _BATTLE_TOPS:
        raise whose(
            seat,
            N_("the human's battle pile shows an impossible card"),
            N_("the computer's battle pile shows an impossible card"),
        )
    player.speed = _opt_card(data["speed"], field["speed"])
    if player.speed is not None and player.speed not in _SPEED_TOPS:
        raise whose(
            seat,
            N_("the human's speed pile shows an impossible card"),
            N_("the computer's speed pile shows an impossible card"),
        )
    player.battle_pile = _cards(data["battle_pile"], field["battle"])
    if any(card not in _BATTLE_TOPS for card in player.battle_pile):
        raise whose(
            seat,
            N_("the human's battle pile holds an impossible card"),
            N_("the computer's battle pile holds an impossible card"),
        )
    player.speed_pile = _cards(data["speed_pile"], field["speed"])
    if any(card not in _SPEED_TOPS for card in player.speed_pile):
        raise whose(
            seat,
            N_("the human's speed pile holds an impossible card"),
            N_("the computer's speed pile holds an impossible card"),
        )
    player.distance_played = _cards(data["distance_played"], field["mileage"])
    if any(not card.is_distance for card in player.distance_played):
        raise whose(
            seat,
            N_("the human's mileage holds a card that is not a distance"),
            N_("the computer's mileage holds a card that is not a distance"),
        )
    if player.distance_played.count(Card.D200) > MAX_200S:
        raise whose(
            seat, N_("the human has more than two 200s"), N_("the computer has more than two 200s")
        )
    player.mileage = _int(data["mileage"], field["mileage"], 0, goal)
    if player.mileage != sum(MILES[card] for card in player.distance_played):
        raise whose(
            seat,
            N_("the human's mileage does not match the distance cards"),
            N_("the computer's mileage does not match the distance cards"),
        )
    safeties = data["safeties"]
    if not isinstance(safeties, list):
        raise whose(
            seat,
            N_("the human's safeties are not a list"),
            N_("the computer's safeties are not a list"),
        )
    for entry in safeties:
        if not isinstance(entry, list) or len(entry) != 2:
            raise _malformed_safeties(seat)
        card = _card(entry[0], field["safety"])
        if card not in SAFETIES or card in player.safeties:
            raise _malformed_safeties(seat)
        player.safeties[card] = _bool(entry[1], field["coup"])
    player.can_go = _bool(data["can_go"], field["can_go"])
    expected = player.battle == Card.GO or (
        player.has(Card.RIGHT_OF_WAY) and (player.battle is None or player.battle in FIXED_REMEDIES)
    )
    if player.can_go != expected:
        raise whose(
            seat,
            N_("the human's can-go flag does not match the battle pile"),
            N_("the computer's can-go flag does not match the battle pile"),
        )
    if player.has(Card.RIGHT_OF_WAY) and player.speed == Card.SPEED_LIMIT:
        raise whose(
            seat,
            N_("the human is limited despite Right of Way"),
            N_("the computer is limited despite Right of Way"),
        )
    player.fresh_battle = _bool(data["fresh_battle"], field["window"])
    player.fresh_speed = _bool(data["fresh_speed"], field["window"])
    player.hand_total = _int(data["hand_total"], field["hand_total"], 0, MAX_HAND_POINTS)
    player.overall_total = _int(data["overall_total"], field["overall"], 0, MAX_GAME_POINTS)
    player.games_won = _int(data["games_won"], field["games_won"], 0, MAX_HANDS)
    player.bonuses = Bonuses.from_list(data["bonuses"])
    if player.hand_total > player.overall_total:
        raise whose(
            seat,
            N_("the human's hand total exceeds the overall total"),
            N_("the computer's hand total exceeds the overall total"),
        )
    return player


def _malformed_safeties(seat: int) -> ValueError:
    return whose(
        seat, N_("the human's safeties are malformed"), N_("the computer's safeties are malformed")
    )


def game_from_dict(data: Any) -> Game:
    """Rebuild a game from :func:`game_to_dict` output; ``ValueError`` if anything is wrong."""
    data = _dict(data, pgettext("save field", "the game state"))
    if data.get("version") != STATE_VERSION:
        raise ValueError(_("unknown game state version"))
    seed = data["seed"]
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise ValueError(_("the seed is invalid"))
    game = Game(seed, restore_rng(data["rng"]))
    phase = data["phase"]
    if not isinstance(phase, str) or phase not in Phase.__members__:
        raise ValueError(_("the phase is invalid"))
    game.phase = Phase[phase]
    game.turn = _int(data["turn"], pgettext("save field", "the player to move"), 0, 1)
    goal = data["goal"]
    if goal not in (GOAL, EXTENDED_GOAL) or type(goal) is not int:
        raise ValueError(
            _("the goal must be {goal} or {extended}").format(
                goal=number(GOAL), extended=number(EXTENDED_GOAL)
            )
        )
    game.goal = goal
    game.deck = _cards(data["deck"], pgettext("save field", "the deck"))
    game.discards = _cards(data["discards"], pgettext("save field", "the discard pile"))
    game.starter = _int(data["starter"], pgettext("save field", "the starting player"), 0, 1)
    game.next_starter = _int(
        data["next_starter"], pgettext("save field", "the next starting player"), 0, 1
    )
    game.hands_played = _int(
        data["hands_played"], pgettext("save field", "the hand count"), 1, MAX_HANDS
    )
    finisher = data["finisher"]
    if finisher is not None:
        finisher = _int(finisher, pgettext("save field", "the finisher"), 0, 1)
    game.finisher = finisher
    players = data["players"]
    if not isinstance(players, list) or len(players) != 2:
        raise ValueError(_("there must be two players"))
    game.players = (
        player_from_dict(players[0], HUMAN, goal),
        player_from_dict(players[1], COMPUTER, goal),
    )
    cards = game.all_cards()
    if len(cards) != DECK_SIZE or any(cards.count(card) != COPIES[card] for card in Card):
        raise ValueError(_("the cards do not add up to the 101-card deck"))
    if game.phase is Phase.TURN and any(p.mileage == goal for p in game.players):
        raise ValueError(_("a finished trip is still being played"))
    if game.phase is Phase.EXTENSION and (goal != GOAL or game.players[game.turn].mileage != GOAL):
        raise ValueError(_("the extension question does not fit the position"))
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


def _check_player(seat: int, player: PlayerState) -> None:
    """The table of one player adds up: piles show their tops, totals match the cards."""
    if player.overall_total - player.hand_total >= GAME_POINTS:
        raise whose(
            seat,
            N_("the human's overall total should have ended the game"),
            N_("the computer's overall total should have ended the game"),
        )
    if player.battle not in (None, Card.GO) and player.battle_pile[-1:] != [player.battle]:
        raise whose(
            seat,
            N_("the human's battle pile does not show its top card"),
            N_("the computer's battle pile does not show its top card"),
        )
    if player.speed is not None and player.speed_pile[-1:] != [player.speed]:
        raise whose(
            seat,
            N_("the human's speed pile does not show its top card"),
            N_("the computer's speed pile does not show its top card"),
        )
    coups = sum(player.safeties.values())
    expected_total = (
        player.mileage
        + SAFETY_POINTS * len(player.safeties)
        + (ALL_SAFETIES_POINTS if len(player.safeties) == NUM_SAFETIES else 0)
        + COUP_POINTS * coups
        + player.bonuses.total
    )
    if player.hand_total != expected_total:
        raise whose(
            seat,
            N_("the human's hand total does not match the table"),
            N_("the computer's hand total does not match the table"),
        )


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
    for seat, player in enumerate(players):
        _check_player(seat, player)
    goal = game.goal
    finished_trip = [who for who in (HUMAN, COMPUTER) if players[who].mileage == goal]
    over = game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    if goal == EXTENDED_GOAL and max(p.mileage for p in players) < GOAL:
        raise ValueError(_("the trip was extended before anyone reached 700"))
    settled = sum(p.games_won for p in players)
    if 2 * settled > game.hands_played - 1:
        raise ValueError(_("more games won than the hands played allow"))
    # A game takes two hands at least (no hand scores 5000), so the games won used up
    # two hands each; what is left is the most this game's earlier hands can be.
    earlier = game.hands_played - 1 - 2 * settled
    if any(p.overall_total - p.hand_total > earlier * MAX_HAND_POINTS for p in players):
        raise ValueError(_("the totals carry more points than the earlier hands could score"))
    if game.next_starter != starter_of(game.hands_played + 1):
        raise ValueError(_("the next starting player does not alternate"))
    if over:
        if game.finisher is None:
            if finished_trip or game.deck or game.anyone_can_play():
                raise ValueError(_("the hand ended without a reason"))
        elif finished_trip != [game.finisher]:
            raise ValueError(_("the hand's finisher did not complete the trip"))
        reached = [p.overall_total >= GAME_POINTS for p in players]
        if any(reached) != (game.phase is Phase.GAME_OVER):
            raise ValueError(_("the game's end does not match the totals"))
    else:
        if game.finisher is not None:
            raise ValueError(_("a hand in play has a finisher"))
        if game.phase is Phase.TURN and finished_trip:
            raise ValueError(_("a finished trip is still being played"))
        if game.phase is Phase.EXTENSION and finished_trip != [game.turn]:
            raise ValueError(_("the extension question does not fit the position"))
    for who, player in enumerate(players):
        if player.bonuses.total and game.finisher != who:
            raise ValueError(_("bonuses for a player who did not finish the trip"))
    if game.finisher is not None:
        finisher = players[game.finisher]
        expected = trip_bonuses(
            played_200=finisher.num_200s > 0,
            deck_empty=not game.deck,
            goal=goal,
            opponent_mileage=players[other(game.finisher)].mileage,
        )
        if finisher.bonuses != expected:
            raise ValueError(_("the trip bonuses do not match the hand"))
    if game.deck:
        for who, player in enumerate(players):
            moving = game.phase is Phase.TURN and who == game.turn
            if not _hand_shape_ok(player.hand, moving=moving):
                raise ValueError(_("a hand holds the wrong number of cards"))
    elif game.phase is Phase.TURN and (
        not game.current.cards_in_hand() or not game.anyone_can_play()
    ):
        raise ValueError(_("the hand should have ended with the deck"))
