"""The hand log in a save (format 3): the player's decisions of the hand, checked on loading.

A saved hand is reviewed whole only if its decisions travel with it. Each decision is
kept with what the player's seat saw then, in short: the public cards of a hand only
ever pile up, so every pile the seat saw is the first part of the same pile in the
saved game, and a decision keeps the lengths of those piles (the discards, each side's
battle, speed and distance piles), the safeties each side had, the tops of the piles,
who could go, the player's seven slots, the deck size, the goal, the size of the other
hand, the hand totals, the open coup fourré, and the move made (``use 3``,
``discard P``, ``pick``) or the answer to Extension? (``extend``, ``stop``).

Loading rebuilds each :class:`~parlour.mille.game.seat.SeatView` from those and the saved
game, and refuses (``ValueError`` with the reason) a log that no real hand could have
written: piles longer than the game's, a safety the game does not show, tops that are
not the piles' (or a Go a safety laid), cards that do not add up to the 101 (the deck
and the other hand hold exactly the cards unseen), hand totals outside the game's, a
deck that grows, piles that shrink, a move the rules refuse in its view, an answer to
Extension? away from the goal, or a hand that changed between two decisions by more
than the move and the draws.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from parlour.core.i18n import N_, _, number, pgettext
from parlour.core.record import replace
from parlour.mille.computer.handlog import Decision, ExtensionAnswer, HandLog
from parlour.mille.files import reasons
from parlour.mille.files.stats import checked_bool, checked_int
from parlour.mille.game.cards import COPIES, DECK_SIZE, MILES, SAFETIES, Card
from parlour.mille.game.rules import Game
from parlour.mille.game.seat import SeatView, Tableau
from parlour.mille.game.table import EXTENDED_GOAL, GOAL, HAND_SLOTS, HUMAN, Move, Phase, other

VERSION = 1
MAX_DECISIONS = 400
"""More decisions than any hand has (a hand has at most about 110 of the player's)."""
_PHASES = (Phase.TURN.value, Phase.EXTENSION.value)
_MISSING_PILES = (
    N_("a decision shows a battle pile the game does not have"),
    N_("a decision shows a speed pile the game does not have"),
    N_("a decision shows a distance pile the game does not have"),
)
"""A decision showing a longer pile than the game's: the battle, speed or distance pile."""


def _name(card: Card | None) -> str | None:
    return None if card is None else card.name


def _pile_lengths(tab: Tableau) -> list[int]:
    return [len(tab.battle_pile), len(tab.speed_pile), len(tab.distance_played)]


def decision_to_dict(decision: Decision) -> dict[str, Any]:
    """One decision as plain data (the piles by their lengths)."""
    view = decision.view
    return {
        "move": str(decision.move),
        "hand": [_name(card) for card in view.hand],
        "deck": view.deck_count,
        "goal": view.goal,
        "phase": view.phase,
        "fresh": [view.fresh_battle, view.fresh_speed],
        "piles": [len(view.discards), *_pile_lengths(view.mine), *_pile_lengths(view.theirs)],
        "safeties": [
            [card.name for card, _coup in tab.safeties] for tab in (view.mine, view.theirs)
        ],
        "tops": [_name(view.mine.battle), _name(view.mine.speed)]
        + [_name(view.theirs.battle), _name(view.theirs.speed)],
        "can_go": [view.mine.can_go, view.theirs.can_go],
        "their_hand": view.theirs.hand_size,
        "points": [view.mine.hand_total, view.theirs.hand_total],
    }


def log_to_dict(log: HandLog) -> dict[str, Any]:
    """The whole log as plain data."""
    return {
        "version": VERSION,
        "complete": log.complete,
        "decisions": [decision_to_dict(decision) for decision in log.decisions],
    }


def _card(value: Any, what: str) -> Card | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise reasons.not_card_name(what)
    if value not in Card.__members__:
        raise reasons.unknown_card(value)
    return Card.from_name(value)


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise reasons.not_list(what, length)
    return value


def _tableau(
    game: Game, who: int, lengths: list[int], names: list[Any], tops: list[Any], can_go: bool
) -> tuple[Tableau, int]:
    """One side as the seat saw it, from the game's piles; also its hand total's base."""
    player = game.players[who]
    battle_len, speed_len, distance_len = lengths
    piles = (player.battle_pile, player.speed_pile, player.distance_played)
    for pile, length, missing in zip(piles, lengths, _MISSING_PILES, strict=True):
        if length > len(pile):
            raise ValueError(_(missing))
    battle_pile = tuple(player.battle_pile[:battle_len])
    speed_pile = tuple(player.speed_pile[:speed_len])
    distance = tuple(player.distance_played[:distance_len])
    safeties: list[tuple[Card, bool]] = []
    for name in _list(names, pgettext("save field", "the safeties of a decision")):
        card = _card(name, pgettext("save field", "a safety of a decision"))
        if card not in player.safeties or any(card is known for known, _coup in safeties):
            raise ValueError(_("a decision shows a safety the game does not"))
        safeties.append((card, player.safeties[card]))
    safeties.sort(key=lambda item: SAFETIES.index(item[0]))
    battle = _card(tops[0], pgettext("save field", "a battle top"))
    speed = _card(tops[1], pgettext("save field", "a speed top"))
    if battle not in (None, Card.GO, battle_pile[-1] if battle_pile else None):
        raise ValueError(_("a decision shows a battle top that is not its pile's"))
    if speed not in (None, speed_pile[-1] if speed_pile else None):
        raise ValueError(_("a decision shows a speed top that is not its pile's"))
    base = player.overall_total - player.hand_total
    tableau = Tableau(
        battle=battle,
        speed=speed,
        battle_pile=battle_pile,
        speed_pile=speed_pile,
        mileage=sum(MILES[card] for card in distance),
        distance_played=distance,
        safeties=tuple(safeties),
        can_go=can_go,
        hand_size=0,
        hand_total=0,
        overall_total=base,
        games_won=player.games_won,
    )
    return tableau, base


def decision_from_dict(data: Any, game: Game) -> Decision:
    """One decision rebuilt against the saved ``game`` (``ValueError`` if it cannot be)."""
    if not isinstance(data, dict):
        raise ValueError(_("a decision is not an object"))
    field = pgettext("save field", "a card of a decision")
    hand = [_card(v, field) for v in _list(data.get("hand"), pgettext("save field", "a hand"), 7)]
    deck = checked_int(
        data.get("deck"),
        pgettext("save field", "a decision's deck size"),
        game.deck_count,
        DECK_SIZE,
    )
    goal = checked_int(
        data.get("goal"), pgettext("save field", "a decision's goal"), GOAL, game.goal
    )
    if goal not in (GOAL, EXTENDED_GOAL):
        raise ValueError(
            _("a decision's goal is not {goal} or {extended}").format(
                goal=number(GOAL), extended=number(EXTENDED_GOAL)
            )
        )
    phase = data.get("phase")
    if phase not in _PHASES:
        raise ValueError(_("a decision's phase is not a turn or Extension?"))
    field = pgettext("save field", "a coup fourré flag")
    fresh_list = _list(data.get("fresh"), pgettext("save field", "fresh"), 2)
    fresh = [checked_bool(v, field) for v in fresh_list]
    piles = _list(data.get("piles"), pgettext("save field", "a decision's piles"), 7)
    field = pgettext("save field", "a pile length")
    discards_len = checked_int(piles[0], field, 0, len(game.discards))
    lengths = [checked_int(v, field, 0, DECK_SIZE) for v in piles[1:]]
    safeties = _list(data.get("safeties"), pgettext("save field", "a decision's safeties"), 2)
    tops = _list(data.get("tops"), pgettext("save field", "a decision's pile tops"), 4)
    field = pgettext("save field", "a can-go flag")
    go = [
        checked_bool(v, field)
        for v in _list(data.get("can_go"), pgettext("save field", "can go"), 2)
    ]
    their_hand = checked_int(
        data.get("their_hand"), pgettext("save field", "the other hand's size"), 0, HAND_SLOTS
    )
    points = _list(data.get("points"), pgettext("save field", "a decision's hand totals"), 2)
    sides = []
    for index, who in enumerate((HUMAN, other(HUMAN))):
        tab, base = _tableau(
            game,
            who,
            lengths[3 * index : 3 * index + 3],
            safeties[index],
            tops[2 * index : 2 * index + 2],
            go[index],
        )
        total = checked_int(
            points[index], pgettext("save field", "a hand total"), 0, game.players[who].hand_total
        )
        if tab.mileage > goal:
            raise ValueError(_("a decision shows more miles than its goal"))
        sides.append((tab, base, total))
    mine = _with(sides[0], sum(card is not None for card in hand))
    theirs = _with(sides[1], their_hand)
    view = SeatView(
        me=HUMAN,
        hand=tuple(hand),
        mine=mine,
        theirs=theirs,
        goal=goal,
        deck_count=deck,
        discards=tuple(game.discards[:discards_len]),
        turn=HUMAN,
        phase=phase,
        fresh_battle=fresh[0],
        fresh_speed=fresh[1],
    )
    _check_cards(view)
    return Decision(view, _move(data.get("move"), view))


def _with(side: tuple[Tableau, int, int], hand_size: int) -> Tableau:
    tab, base, total = side
    return replace(tab, hand_size=hand_size, hand_total=total, overall_total=base + total)


def _check_cards(view: SeatView) -> None:
    """The cards add up: none seen more often than the deck has it, the rest exactly hidden."""
    seen = view.seen()
    if any(seen[card] > COPIES[card] for card in seen):
        raise ValueError(_("a decision shows more copies of a card than the deck has"))
    if sum(view.unseen().values()) != view.deck_count + view.theirs.hand_size:
        raise ValueError(_("a decision's cards do not add up to the 101"))


def _move(text: Any, view: SeatView) -> Move | ExtensionAnswer:
    """The decision's move, legal in its view."""
    from parlour.mille.computer.seatmoves import legal_moves

    if text in ("extend", "stop"):
        at_goal = view.mine.mileage == view.goal == GOAL
        if view.phase != Phase.EXTENSION.value or not at_goal:
            raise ValueError(_("an answer to Extension? was not asked for"))
        return ExtensionAnswer(text == "extend")
    try:
        move = Move.parse(text) if isinstance(text, str) else None
    except ValueError:
        move = None
    if move is None:
        raise ValueError(_("a decision's move is not a move"))
    if move not in legal_moves(view):
        raise ValueError(_("a decision's move is not legal in its position"))
    return move


def _follows(before: Decision, after: Decision) -> None:
    """``after`` can come next after ``before`` in one hand (``ValueError`` otherwise)."""
    old, new = before.view, after.view
    in_order = (
        new.deck_count <= old.deck_count
        and new.goal >= old.goal
        and len(new.discards) >= len(old.discards)
    )
    for earlier, later in ((old.mine, new.mine), (old.theirs, new.theirs)):
        grown = zip(_pile_lengths(earlier), _pile_lengths(later), strict=True)
        in_order = (
            in_order
            and all(a <= b for a, b in grown)
            and {c for c, _coup in earlier.safeties} <= {c for c, _coup in later.safeties}
            and earlier.hand_total <= later.hand_total
        )
    if not in_order:
        raise ValueError(_("the decisions are not in the order of the hand"))
    kept = Counter(old.held())
    move = before.move
    if isinstance(move, Move) and move.kind != "pick":
        card = old.hand[move.slot]
        assert card is not None
        kept[card] -= 1
    if kept - Counter(new.held()):
        raise ValueError(_("a hand changed between two decisions by more than the moves"))


def log_from_dict(data: Any, game: Game) -> HandLog:
    """The saved log, every decision rebuilt and checked against the saved ``game``."""
    if not isinstance(data, dict):
        raise ValueError(_("the hand log is not an object"))
    version = data.get("version")
    if type(version) is not int or not 1 <= version <= VERSION:
        raise ValueError(_("the hand log has an unknown version"))
    complete = checked_bool(
        data.get("complete"), pgettext("save field", "the hand log's completeness")
    )
    raw = _list(data.get("decisions"), pgettext("save field", "the hand log's decisions"))
    if len(raw) > MAX_DECISIONS:
        raise ValueError(_("the hand log has more decisions than a hand"))
    decisions = [decision_from_dict(item, game) for item in raw]
    for before, after in zip(decisions, decisions[1:], strict=False):
        _follows(before, after)
    return HandLog(decisions, complete)
