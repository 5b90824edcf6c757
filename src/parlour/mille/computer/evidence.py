"""What the opponent's own moves show, seen from one seat's decisions: the watch both
the computer player (:class:`SafetyEvidence`, kept in saves) and the review's deals
(:class:`parlour.mille.computer.inference.Inference`) build on.
"""

from __future__ import annotations

from typing import Any

from parlour.core.i18n import _
from parlour.mille.computer import sim as S
from parlour.mille.computer.bsd_memory import memory_count
from parlour.mille.game.cards import SAFETIES, Card
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import Move


def public_count(view: SeatView) -> int:
    """Cards used or discarded this hand: every move of either player adds exactly one."""
    return len(view.mine.public_cards()) + len(view.theirs.public_cards()) + len(view.discards)


class OpponentWatch:
    """What the opponent's own moves showed this hand, seen from one seat's decisions.

    ``deck_at`` maps a card to the deck size when the opponent was last seen not to
    hold it; it is cleared at each new hand. :meth:`observe` calls :meth:`note` only
    once the opponent has moved since the seat's last move (:meth:`moved`).
    """

    def __init__(self) -> None:
        self.deck_at: dict[int, int] = {}
        """Card -> deck size when the opponent was last seen not to hold it."""
        self.last_deck = -1
        self.public_after_move: int | None = None

    def observe(self, view: SeatView) -> None:
        """Note what the view shows; call at each of the seat's decisions, in order."""
        if view.deck_count > self.last_deck:  # a new hand
            self.deck_at.clear()
            self.public_after_move = None
        self.last_deck = view.deck_count
        if self.public_after_move is None or public_count(view) <= self.public_after_move:
            return  # the opponent has not moved since the seat's last move
        self.note(view)

    def note(self, view: SeatView) -> None:
        """What a view after a move of the opponent's shows it does not hold."""
        raise NotImplementedError

    def moved(self, view: SeatView, move: Move) -> None:
        """Note the seat's own move (a use or discard adds one public card)."""
        if move.kind != "pick":
            self.public_after_move = public_count(view) + 1


class SafetyEvidence(OpponentWatch):
    """What the opponent's own play shows about the safeties it holds.

    Every player counters a hazard with its safety as soon as it can (it is
    worth 100 points, a Go, and 300 more as a coup fourré), so an opponent
    still under a hazard after a move of its own does not hold the safety
    for it (a standing Speed Limit or Stop: no Right of Way). From then on it
    holds that safety only if it drew it since: the chance is its share of
    the draws since that moment, not since the deal. The evidence is kept for
    the current hand only; save files carry it (:meth:`to_dict`), so a
    restored game plays on as it would have. ``deck_at`` is by safety.
    """

    def note(self, view: SeatView) -> None:
        theirs = view.theirs
        top = None if theirs.battle is None else int(theirs.battle)
        if top is not None and S.OOG <= top <= S.STOP:
            self.deck_at[S.SAFETY_OF[top]] = view.deck_count
        if theirs.limited:
            self.deck_at[S.ROW] = view.deck_count

    def to_dict(self) -> dict[str, Any]:
        """The evidence as plain data (safeties by card name)."""
        return {
            "deck_at": {Card(card).name: count for card, count in sorted(self.deck_at.items())},
            "last_deck": self.last_deck,
            "public_after_move": self.public_after_move,
        }

    @classmethod
    def from_dict(cls, data: Any) -> SafetyEvidence:
        """Rebuild from :meth:`to_dict` output; ``ValueError`` naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(_("the computer's memory is not an object"))
        evidence = cls()
        deck_at = data.get("deck_at")
        if not isinstance(deck_at, dict):
            raise ValueError(_("the computer's safety evidence is not an object"))
        for name, count in deck_at.items():
            card = Card.from_name(name)
            if card not in SAFETIES:
                problem = _("the computer's safety evidence names {name}, not a safety")
                raise ValueError(problem.format(name=name))
            evidence.deck_at[int(card)] = memory_count(count, "deck_at", 0)
        evidence.last_deck = memory_count(data.get("last_deck"), "last_deck", -1)
        public = data.get("public_after_move")
        evidence.public_after_move = (
            None if public is None else memory_count(public, "public_after_move", 0)
        )
        return evidence

    def odds(self, view: SeatView) -> dict[int, float]:
        """Per safety with evidence, the chance that the opponent holds it now."""
        odds = {}
        for safety, then in self.deck_at.items():
            drawn = (then - view.deck_count) / 2
            odds[safety] = drawn / (drawn + view.deck_count) if drawn > 0 else 0.0
        return odds
