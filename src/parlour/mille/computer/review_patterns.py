"""Patterns: small losses of the same kind, repeated through a hand, gathered into one finding.

A decision can cost too little to be flagged on its own (its playouts cannot tell it from
the advice), yet the same mistake made ten times costs a trip. Every judged decision is
sorted into a kind, when it has one:

* ``dead``: the computer would throw away a card that is dead (see
  :func:`~parlour.mille.computer.review_reasons.dead_because`) and the player threw away another
  card instead (one kind per dead card: "kept dead Repairs");
* ``hoard``: the computer would attack and the player did something else, hazards in hand;
* ``early``: the player laid a safety that answered nothing on its table, where the
  computer would have held it for a coup fourré.

The decisions of one kind add up: the pattern's cost is the sum of their estimated costs
(all of them, small, clear or negative, so that the sum is not biased), its standard error
the root of the sum of their squared standard errors. A pattern of at least
:data:`MIN_TURNS` decisions is reported when that total is clear by the review's own test;
its decisions are then not listed again one by one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from parlour.mille.computer.handlog import Answer
from parlour.mille.computer.review_outcomes import Judgement
from parlour.mille.computer.review_reasons import HAZARDS_OF, count_of, dead_because, listed
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


def card_of(move: Move | Answer, judgement: Judgement) -> Card | None:
    """The card a move uses or discards in the judged decision's view."""
    if isinstance(move, Answer) or move.kind == "pick":
        return None
    return judgement.decision.view.hand[move.slot]


def kind_of(judgement: Judgement) -> tuple[str, Card | None] | None:
    """The kind of mistake a judged decision is, or None when it is none of the patterns'."""
    chosen, advised = judgement.decision.move, judgement.advised
    if isinstance(chosen, Answer) or isinstance(advised, Answer):
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
    if chosen.kind == "use" and chosen_card is not None and chosen_card.is_safety:
        answers = view.mine.battle in HAZARDS_OF[chosen_card] or (
            chosen_card is Card.RIGHT_OF_WAY and view.mine.limited
        )
        if not answers and advised_card is not chosen_card:
            return "early", None
    return None


def gather(judgements: list[Judgement], clear: float, least: float) -> list[Pattern]:
    """The patterns among ``judgements`` whose total cost exceeds ``least`` points and
    ``clear`` standard errors."""
    groups: dict[tuple[str, Card | None], list[Judgement]] = {}
    for judgement in judgements:
        key = kind_of(judgement)
        if key is not None:
            groups.setdefault(key, []).append(judgement)
    patterns = []
    for (kind, card), members in groups.items():
        if len(members) < MIN_TURNS:
            continue
        loss = sum(member.loss for member in members)
        stderr = math.sqrt(sum(member.stderr**2 for member in members))
        if loss > least and loss > clear * stderr:
            lines = tuple(describe(kind, card, members))
            patterns.append(Pattern(kind, card, tuple(members), loss, stderr, lines))
    return patterns


def move_words(members: list[Judgement]) -> list[str]:
    """The cards of the player's moves at those decisions ("75", "End of Limit")."""
    words = []
    for member in members:
        card = card_of(member.decision.move, member)
        words.append("a draw" if card is None else card.label)
    return words


def verb_words(members: list[Judgement]) -> str:
    """What the player did instead, verb by verb: "played 50 and 75, discarded 25"."""
    by_verb: dict[str, list[Judgement]] = {}
    for member in members:
        move = member.decision.move
        verb = "played" if move.kind == "use" else "discarded"
        by_verb.setdefault(verb, []).append(member)
    return ", ".join(f"{verb} {some(move_words(group))}" for verb, group in by_verb.items())


def some(words: list[str]) -> str:
    """Up to :data:`SHOWN_CARDS` words listed, the rest counted ("75, 50 and 3 more")."""
    if len(words) <= SHOWN_CARDS:
        return listed(words)
    return ", ".join(words[:SHOWN_CARDS]) + f" and {len(words) - SHOWN_CARDS} more"


def describe(kind: str, card: Card | None, members: list[Judgement]) -> list[str]:
    """A pattern in sentences (the review screen wraps them)."""
    turns = len(members)
    first, last = members[0].decision.view, members[-1].decision.view
    words = some(move_words(members))
    if kind == "dead":
        assert card is not None
        why = dead_because(last, card) or "dead"
        lines = [
            f"You kept {card.label} for {turns} turns while it was dead ({why}), "
            f"and threw away {words} instead."
        ]
    elif kind == "hoard":
        hazards = sorted({c for m in members if (c := card_of(m.advised, m)) is not None})
        start, end = first.theirs.mileage, last.theirs.mileage
        drove = (
            f"while they drove from {start} to {end} miles"
            if end > start
            else (f"while they were at {start} miles")
        )
        lines = [
            f"You held {listed([c.label for c in hazards])} for {turns} turns instead of "
            f"attacking, {drove}; you {verb_words(members)}."
        ]
    else:
        safeties = [c for m in members if (c := card_of(m.decision.move, m)) is not None]
        unseen = first.unseen()
        hazards = sorted({h for s in safeties for h in HAZARDS_OF[s] if unseen[h]})
        waiting = listed([count_of(unseen[h], h) for h in hazards])
        early = f"You played {listed([s.label for s in safeties])} before you needed to"
        if waiting:
            early += f", while {waiting} were unseen: a coup fourré was still possible"
        lines = [early + "."]
    worst = round(max(member.loss for member in members), -1)
    lines.append(f"Played out turn by turn: at most {worst:.0f} points for any one turn.")
    return lines
