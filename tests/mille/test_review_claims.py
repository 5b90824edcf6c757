"""Every claim a review's "Why" makes is true in the position (point 4 of the review issue).

Positions come from many hands played to their end (greedy and random players against
the strong computer's heuristic-only play, for speed); at each of the human's decisions,
every pair of different options (the player's move, the advised one) has its facts
gathered, and each fact is checked against the position by rules written here apart
from the review's own code: a card said to finish the trip can be laid and makes the
miles exactly; a card said dead is held and dead for the reason given; every count of
unseen cards is the count; "they can finish with one card" holds under their Speed Limit.
"""

from __future__ import annotations

import re
from collections import Counter

from bench.mille_baselines import GreedyPlayer

from parlour.core.rng import below, make_rng
from parlour.mille.computer.ai import ComputerPlayer
from parlour.mille.computer.handlog import Decision, ExtensionAnswer
from parlour.mille.computer.review.reasons import PLURALS, Facts
from parlour.mille.computer.seatmoves import legal_moves
from parlour.mille.game.cards import COPIES, MILES, Card
from parlour.mille.game.rules import Game
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase

BY_LABEL = {card.label: card for card in Card}
BY_PLURAL = {
    **{f"{c.label}s": c for c in Card if c.is_distance},
    **{v: k for k, v in PLURALS.items()},
}
BY_PLURAL.update({c.label: c for c in Card})  # "2 Out of Gas", "1 Stop"


def named(words: str) -> Card:
    return BY_LABEL.get(words) or BY_PLURAL[words]


def unseen_count(view: SeatView, card: Card) -> int:
    """Copies not in the seat's hand, on either tableau or in the discards (counted here)."""
    seen = Counter(view.held()) + Counter(view.discards)
    for tab in (view.mine, view.theirs):
        seen.update(tab.battle_pile)
        seen.update(tab.speed_pile)
        seen.update(tab.distance_played)
        seen.update(card for card, _ in tab.safeties)
    return COPIES[card] - seen[card]


def may_drive(view: SeatView, card: Card) -> bool:
    mine = view.mine
    if not mine.can_go or (mine.limited and MILES[card] > 50):
        return False
    if card is Card.D200 and sum(1 for c in mine.distance_played if c is Card.D200) >= 2:
        return False
    return mine.mileage + MILES[card] <= view.goal


def check(view: SeatView, fact: str) -> None:  # noqa: C901 (one rule per kind of claim)
    """Fail unless ``fact`` is true in ``view``."""
    mine, theirs = view.mine, view.theirs
    held = view.held()
    if m := re.fullmatch(r"(.+) finishes the trip now", fact):
        card = named(m[1])
        assert card in held and view.goal - mine.mileage == MILES[card] and may_drive(view, card)
    elif m := re.fullmatch(r"(.+) is (?:dead|no use) \((.+)\)", fact):
        card, why = named(m[1]), m[2]
        assert card in held
        if w := re.fullmatch(r"their (.+)", why):
            safety = named(w[1])
            assert safety in [c for c, _ in theirs.safeties] and card.is_hazard
        elif w := re.fullmatch(r"they need only (\d+)", why):
            assert card is Card.SPEED_LIMIT and int(w[1]) == view.goal - theirs.mileage <= 50
        elif why == "two 200s played":
            assert card is Card.D200 and mine.distance_played.count(Card.D200) >= 2
        elif w := re.fullmatch(r"(.+) (played|in hand)", why):
            safety = named(w[1])
            assert safety in (held if w[2] == "in hand" else [c for c, _ in mine.safeties])
        elif w := re.fullmatch(r"(\d+) to go", why):
            assert int(w[1]) == view.goal - mine.mileage < MILES[card]
        elif why == "two 200s played":
            assert card is Card.D200 and mine.distance_played.count(Card.D200) >= 2
        elif w := re.fullmatch(r"(?:both|all \d+|the) (.+) seen", why):
            assert unseen_count(view, named(w[1])) == 0
        else:
            raise AssertionError(f"unchecked reason {why!r}")
    elif m := re.fullmatch(r"(.+) answers (\d+) (.+) still unseen", fact):
        assert named(m[1]) in held and unseen_count(view, named(m[3])) == int(m[2])
    elif m := re.fullmatch(r"(.+) unseen: (.+) could still make a coup fourré", fact):
        for part in re.split(r", | and ", m[1]):
            count, name = part.split(" ", 1)
            assert unseen_count(view, named(name)) == int(count) > 0
    elif m := re.fullmatch(r"they can finish with one card \((\d+) to go\)", fact):
        left = int(m[1])
        assert left == view.goal - theirs.mileage and theirs.can_go
        assert not (theirs.limited and left > 50)
        card = next(c for c in MILES if MILES[c] == left)
        assert unseen_count(view, card) > 0
    elif m := re.fullmatch(r"at (\d+) to go, (\d+) (.+) unseen finish it", fact):
        assert int(m[1]) == view.goal - mine.mileage
        assert unseen_count(view, named(m[3])) == int(m[2])
    elif m := re.fullmatch(r"(.+) leaves (\d+): none in hand, (\d+) unseen", fact):
        left = view.goal - mine.mileage - MILES[named(m[1])]
        assert left == int(m[2])
        exact = next(c for c in MILES if MILES[c] == left)
        assert unseen_count(view, exact) == int(m[3])
    elif m := re.fullmatch(r"(.+) leaves (\d+): your (.+?)(?: and (.+))? finish(?:es)? it", fact):
        assert int(m[2]) == view.goal - mine.mileage - MILES[named(m[1])]
        cards = [named(m[3])] + ([named(m[4])] if m[4] else [])
        assert sum(MILES[c] for c in cards) == int(m[2])
        rest = Counter(held)
        rest[named(m[1])] -= 1
        assert all(rest[c] >= cards.count(c) for c in cards)
        assert all(not mine.limited or MILES[c] <= 50 for c in cards)
    elif m := re.fullmatch(r"the deck is nearly out \((\d+) cards?\)", fact):
        assert int(m[1]) == view.deck_count and fact.endswith("card)") == (view.deck_count == 1)
    elif m := re.fullmatch(r"you hold (\d+) safeties", fact):
        assert sum(1 for c in held if c.is_safety) == int(m[1])
    elif fact.startswith("they have 0 miles"):
        assert theirs.mileage == 0 < mine.mileage
    elif fact.startswith("you have 0 miles"):
        assert mine.mileage == 0 < theirs.mileage
    elif m := re.fullmatch(r"(.+) makes all four safeties \(300 more\)", fact):
        laid = {c for c, _ in mine.safeties}
        assert len(laid) == 3 and named(m[1]) not in laid and named(m[1]) in held
    elif m := re.fullmatch(r"(.+) also gives you another turn", fact):
        assert named(m[1]).is_safety and named(m[1]) in held
    elif m := re.fullmatch(r"lay (.+) first and still finish with (.+)", fact):
        safety, card = named(m[1]), named(m[2])
        assert safety.is_safety and safety in held and card in held
        assert view.goal - mine.mileage == MILES[card]
        assert may_drive(view, card) or safety is Card.RIGHT_OF_WAY and mine.limited
    elif m := re.fullmatch(r"(.+) gives you another turn and you keep (.+)", fact):
        assert named(m[1]).is_safety and named(m[1]) in held and named(m[2]) in held
    elif m := re.fullmatch(r"(.+) stops them at (\d+) miles; (\d+) (.+) unseen", fact):
        assert int(m[2]) == theirs.mileage and unseen_count(view, named(m[4])) == int(m[3])
    elif m := re.fullmatch(r"they are moving, (\d+) to go", fact):
        assert theirs.can_go and int(m[1]) == view.goal - theirs.mileage


def positions(hands: int) -> list[SeatView]:
    """The human's views at every decision of ``hands`` hands (greedy or random humans)."""
    views = []
    for seed in range(1, hands + 1):
        game = Game.new(seed)
        rng = make_rng(seed)
        human = GreedyPlayer(seed)
        computer = ComputerPlayer(seed, search=False)
        while game.phase in (Phase.TURN, Phase.EXTENSION):
            view = game.view(game.turn)
            if game.phase is Phase.EXTENSION:
                if game.turn == HUMAN:
                    views.append(view)
                game.answer_extension(below(rng, 2) == 0)
                continue
            if game.turn == HUMAN:
                views.append(view)
                moves = game.legal_moves()
                move = human.choose_move(view) if seed % 2 else moves[below(rng, len(moves))]
            else:
                move = computer.choose_move(view)
            game.apply(move)
        assert game.players[COMPUTER] is not None
    return views


def test_every_claim_of_every_why_is_true_in_its_position() -> None:
    checked = Counter[str]()
    for view in positions(150):
        if view.phase == "EXTENSION":
            pairs = [
                (ExtensionAnswer(True), ExtensionAnswer(False)),
                (ExtensionAnswer(False), ExtensionAnswer(True)),
            ]
        else:
            options: dict[tuple[str, Card | None], Move] = {}
            for move in legal_moves(view):
                card = None if move.kind == "pick" else view.hand[move.slot]
                options.setdefault((move.kind, card), move)
            moves = list(options.values())
            pairs = [(a, b) for a in moves for b in moves if a is not b]
        for chosen, advised in pairs:
            for _, fact in Facts(Decision(view, chosen), advised).gather():
                check(view, fact)
                checked[re.sub(r"\d+", "N", fact)] += 1
    assert sum(checked.values()) > 5000
    kinds = (
        "finishes the trip now",
        "is dead",
        "answers",
        "could still make",
        "they can finish with one card",
        "leaves",
        "also gives you another turn",
        "gives you another turn and you keep",
        "makes all four",
    )
    for kind in kinds:
        assert any(kind in fact for fact in checked), kind
