"""Patterns: small losses of the same kind, repeated through a hand, gathered into one finding.

A decision can cost too little to be flagged on its own (its playouts cannot tell it from
the advice), yet the same mistake made ten times costs a trip. Every judged decision is
sorted into a kind, when it has one:

* ``dead``: the computer would throw away a card that is dead (see
  :func:`~parlour.mille.computer.review.reasons.dead_because`) and the player threw away another
  card instead (one kind per dead card: "kept dead Repairs");
* ``hoard``: the computer would attack and the player did something else, hazards in hand;
* ``early``: the player laid a safety that answered nothing on its table, where the
  computer would have held it for a coup fourré;
* ``held``: the computer would lay a safety and the player kept it (one kind per safety:
  "held Driving Ace").

The decisions of one kind add up: the pattern's cost is the sum of their estimated costs
(all of them, small, clear or negative, so that the sum is not biased), its standard error
the root of the sum of their squared standard errors. A pattern of at least
:data:`MIN_TURNS` decisions is reported when that total is clear by the review's own test;
its decisions are then not listed again one by one. For a card held over several turns
(a safety, a dead card), each turn's cost is that of keeping it one turn more (the
playouts from the player's move lay or throw it when the computer would), so their sum is
the cost of keeping it for all of them: one mistake, one cost, its turns counted.

Where a kind's total is not clear, its decisions that are clear on their own are listed
one by one; :func:`one_each` then keeps only the costliest of those giving the same advice
(the same card to play, or to throw away), so no advice is given twice in a hand.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from parlour.core.i18n import _, ngettext, number, pgettext
from parlour.mille.computer.handlog import ExtensionAnswer
from parlour.mille.computer.review.outcomes import Judgement
from parlour.mille.computer.review.reasons import (
    HAZARDS_OF,
    count_of,
    dead_because,
    listed,
    reason_lines,
)
from parlour.mille.game.cards import Card
from parlour.mille.game.table import Move

MIN_TURNS = 2
"""A pattern is a mistake made at least this many times in a hand."""
SHOWN_CARDS = 6
"""Cards listed by name in a pattern's lines; the rest are counted."""


@dataclass(frozen=True)
class Pattern:
    """Decisions of one kind whose costs add up to a clear loss."""

    kind: str
    card: Card | None
    """The dead card kept (kind ``dead``), else None."""
    members: tuple[Judgement, ...]
    loss: float
    stderr: float
    lines: tuple[str, ...]
    """What the player did, in sentences (the review screen wraps them)."""

    @property
    def weight(self) -> float:
        """What orders the findings: the total cost."""
        return self.loss


def card_of(move: Move | ExtensionAnswer, judgement: Judgement) -> Card | None:
    """The card a move uses or discards in the judged decision's view."""
    if isinstance(move, ExtensionAnswer) or move.kind == "pick":
        return None
    return judgement.decision.view.hand[move.slot]


def kind_of(judgement: Judgement) -> tuple[str, Card | None] | None:
    """The kind of mistake a judged decision is, or None when it is none of the patterns'."""
    chosen, advised = judgement.decision.move, judgement.advised
    if isinstance(chosen, ExtensionAnswer) or isinstance(advised, ExtensionAnswer):
        return None
    view = judgement.decision.view
    chosen_card, advised_card = card_of(chosen, judgement), card_of(advised, judgement)
    if (
        advised.kind == chosen.kind == "discard"
        and advised_card is not None
        and chosen_card is not advised_card
        and dead_because(view, advised_card)
    ):
        return "dead", advised_card
    attacks = advised.kind == "use" and advised_card is not None and advised_card.is_hazard
    if attacks and not (chosen.kind == "use" and chosen_card and chosen_card.is_hazard):
        return "hoard", None
    held = advised.kind == "use" and advised_card is not None and advised_card.is_safety
    coup = chosen.kind == "pick" and (view.fresh_battle or view.fresh_speed)
    if held and not coup and not (chosen.kind == "use" and chosen_card is advised_card):
        return "held", advised_card
    if chosen.kind == "use" and chosen_card is not None and chosen_card.is_safety:
        answers = view.mine.battle in HAZARDS_OF[chosen_card] or (
            chosen_card is Card.RIGHT_OF_WAY and view.mine.limited
        )
        if not answers and advised_card is not chosen_card:
            return "early", None
    return None


def gather(
    judgements: list[Judgement],
    clear: float,
    least: float,
    shown: Callable[[Judgement], bool] = lambda judgement: judgement.rechecked,
) -> list[Pattern]:
    """The patterns among ``judgements`` whose total cost exceeds ``least`` points and
    ``clear`` standard errors.

    A safety held over several turns (kind ``held``) is one cost, not a sum: each turn's
    playouts compare laying it now with keeping it as the player did, then playing on as
    the computer's heuristic would, so every turn measures much the same thing. Its cost
    is the costliest of its turns whose own cost is ``shown`` (measured again on fresh
    deals and clear: the review passes its test), and it is reported only when one is."""
    groups: dict[tuple[str, Card | None], list[Judgement]] = {}
    for judgement in judgements:
        key = kind_of(judgement)
        if key is not None:
            groups.setdefault(key, []).append(judgement)
    patterns = []
    for (kind, card), members in groups.items():
        if len(members) < MIN_TURNS:
            continue
        if kind == "held":
            costly = [member for member in members if shown(member)]
            if costly:
                worst = max(costly, key=lambda member: member.loss)
                lines = tuple(describe(kind, card, members, worst))
                patterns.append(
                    Pattern(kind, card, tuple(members), worst.loss, worst.stderr, lines)
                )
            continue
        loss = sum(member.loss for member in members)
        stderr = math.sqrt(sum(member.stderr**2 for member in members))
        if loss > least and loss > clear * stderr:
            lines = tuple(describe(kind, card, members))
            patterns.append(Pattern(kind, card, tuple(members), loss, stderr, lines))
    return patterns


def advice_of(judgement: Judgement) -> tuple[str, Card | None]:
    """The advice itself: what the computer would do, and with which card."""
    advised = judgement.advised
    if isinstance(advised, ExtensionAnswer):
        return advised.kind, None
    return advised.kind, card_of(advised, judgement)


def one_each(judgements: list[Judgement], patterns: list[Pattern]) -> list[Judgement]:
    """Of ``judgements`` (each clear on its own), the costliest of each advice, leaving out
    the advice a pattern already gives (a card held or kept over its turns)."""
    given = {advice_of(p.members[0]) for p in patterns if p.kind in ("dead", "held")}
    best: dict[tuple[str, Card | None], Judgement] = {}
    for judgement in judgements:
        key = advice_of(judgement)
        if key in given:
            continue
        if key not in best or judgement.loss > best[key].loss:
            best[key] = judgement
    return list(best.values())


def move_words(members: list[Judgement]) -> list[str]:
    """The cards of the player's moves at those decisions ("75", "End of Limit")."""
    words = []
    for member in members:
        card = card_of(member.decision.move, member)
        # TRANSLATORS: a drawn card, listed among the cards the player played or discarded.
        words.append(pgettext("move", "a draw") if card is None else card.label)
    return words


def verb_words(members: list[Judgement]) -> str:
    """What the player did instead, verb by verb: "played 50 and 75, discarded 25"."""
    by_verb: dict[str, list[Judgement]] = {}
    for member in members:
        move = member.decision.move
        by_verb.setdefault("use" if move.kind == "use" else "discard", []).append(member)
    phrases = []
    for verb, group in by_verb.items():
        # TRANSLATORS: what the player did (after "you", as in "...; you played 50 and 75,
        # discarded 25."); {cards} lists cards.
        text = _("played {cards}") if verb == "use" else _("discarded {cards}")
        phrases.append(text.format(cards=some(move_words(group))))
    # TRANSLATORS: between the phrases "played {cards}" and "discarded {cards}".
    return pgettext("verbs", ", ").join(phrases)


def some(words: list[str]) -> str:
    """Up to :data:`SHOWN_CARDS` words listed, the rest counted ("75, 50 and 3 more")."""
    if len(words) <= SHOWN_CARDS:
        return listed(words)
    more = len(words) - SHOWN_CARDS
    # TRANSLATORS: {cards} lists the first cards, {n} counts the others.
    text = ngettext("{cards} and {n} more", "{cards} and {n} more", more)
    return text.format(cards=pgettext("list", ", ").join(words[:SHOWN_CARDS]), n=number(more))


def describe(
    kind: str, card: Card | None, members: list[Judgement], worst: Judgement | None = None
) -> list[str]:
    """A pattern in sentences (the review screen wraps them)."""
    turns = len(members)
    last = members[-1].decision.view
    if kind == "held":
        assert card is not None
        text = ngettext(
            "You held {card} for {turns} turn where the computer would have played it; "
            "you {verbs}.",
            "You held {card} for {turns} turns where the computer would have played it; "
            "you {verbs}.",
            turns,
        )
        lines = [text.format(card=card.label, turns=number(turns), verbs=verb_words(members))]
    elif kind == "dead":
        assert card is not None
        why = dead_because(last, card) or pgettext("card", "dead")
        text = ngettext(
            "You kept {card} for {turns} turn while it was dead ({why}), "
            "and threw away {cards} instead.",
            "You kept {card} for {turns} turns while it was dead ({why}), "
            "and threw away {cards} instead.",
            turns,
        )
        cards = some(move_words(members))
        lines = [text.format(card=card.label, turns=number(turns), why=why, cards=cards)]
    elif kind == "hoard":
        lines = [hoarded(members)]
    else:
        lines = [too_early(members)]
    if kind == "held" and worst is not None:
        deck = worst.decision.view.deck_count
        text = ngettext(
            "The cost is its costliest turn's (deck {n} card): the turns do not add up.",
            "The cost is its costliest turn's (deck {n} cards): the turns do not add up.",
            deck,
        )
        lines.append(text.format(n=number(deck)))
        lines += reason_lines(worst.decision, worst.advised, worst.contrast)
        return lines
    most = int(round(max(member.loss for member in members), -1))
    text = ngettext(
        "Played out turn by turn: at most {points} point for any one turn.",
        "Played out turn by turn: at most {points} points for any one turn.",
        most,
    )
    lines.append(text.format(points=number(most)))
    return lines


def hoarded(members: list[Judgement]) -> str:
    """Hazards held instead of attacking: which, for how long, while the opponent drove."""
    first, last = members[0].decision.view, members[-1].decision.view
    turns = len(members)
    hazards = sorted({c for m in members if (c := card_of(m.advised, m)) is not None})
    start, end = first.theirs.mileage, last.theirs.mileage
    if end > start:
        text = ngettext(
            "You held {hazards} for {turns} turn instead of attacking, while they drove "
            "from {start} to {end} miles; you {verbs}.",
            "You held {hazards} for {turns} turns instead of attacking, while they drove "
            "from {start} to {end} miles; you {verbs}.",
            turns,
        )
    else:
        # TRANSLATORS: {start} is the opponent's miles (the message's count is {turns}).
        text = ngettext(
            "You held {hazards} for {turns} turn instead of attacking, while they were at "
            "{start} miles; you {verbs}.",
            "You held {hazards} for {turns} turns instead of attacking, while they were at "
            "{start} miles; you {verbs}.",
            turns,
        )
    return text.format(
        hazards=listed([c.label for c in hazards]),
        turns=number(turns),
        start=number(start),
        end=number(end),
        verbs=verb_words(members),
    )


def too_early(members: list[Judgement]) -> str:
    """Safeties laid before they were needed, while a coup fourré was still possible."""
    first = members[0].decision.view
    safeties = [c for m in members if (c := card_of(m.decision.move, m)) is not None]
    unseen = first.unseen()
    hazards = sorted({h for s in safeties for h in HAZARDS_OF[s] if unseen[h]})
    played = listed([s.label for s in safeties])
    if not hazards:
        return _("You played {safeties} before you needed to.").format(safeties=played)
    waiting = listed([count_of(unseen[h], h) for h in hazards])
    # TRANSLATORS: {hazards} lists counts of hazard cards ("2 Stops and 1 Speed Limit").
    text = ngettext(
        "You played {safeties} before you needed to, while {hazards} was unseen: "
        "a coup fourré was still possible.",
        "You played {safeties} before you needed to, while {hazards} were unseen: "
        "a coup fourré was still possible.",
        sum(unseen[h] for h in hazards),
    )
    return text.format(safeties=played, hazards=waiting)
