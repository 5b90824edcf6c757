"""The hand review: the player's costliest decisions of a hand, judged by the strong computer.

At each of the human's moves the app records what the human's seat could see
(:class:`~parlour.mille.seat.SeatView`: its own hand, both tableaux, the
discards, the deck size) and the move made (:meth:`HandLog.record`). After the
hand, a :class:`Reviewer` goes over the decisions one at a time
(:meth:`Reviewer.step`, so the screen can show progress):

1. It asks the strong computer (:class:`~parlour.mille.ai.ComputerPlayer`,
   its safety evidence replayed from the same views in order) what it would
   have done in that seat. Where that is the player's own choice, or the
   player had no choice, there is nothing to judge.
2. Otherwise it deals the unseen cards at random into an opponent hand and a
   deck, as the computer's search does (never from the real deck or the real
   opponent hand, which the review does not have), plays both moves out to the
   end of the hand on the same deals with the computer's heuristic on both
   sides, and takes the paired difference of the hand-score differences: its
   mean is the estimated cost of the player's move in points, with a
   standard error.
3. A decision is flagged only when the cost is clear: above ``MIN_LOSS``
   points and above ``CLEAR_Z`` standard errors.

The review's deals use their own salt, not the ones the computer chose its
move on, so a move that only looked good on those deals is not credited
twice. Everything random comes from the seed: the same seed and the same
hand give the same findings.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.mille import sim as S
from parlour.mille.ai import ComputerPlayer, Stakes, paired_gain
from parlour.mille.cards import Card
from parlour.mille.handlog import Decision, HandLog
from parlour.mille.players import RandomPlayer
from parlour.mille.policy import Heuristic, Option, Weights, finish_move, playout
from parlour.mille.rules import Move
from parlour.mille.seat import SeatView

__all__ = ["CLEAR_Z", "DEALS", "MIN_LOSS", "Decision", "Finding", "HandLog", "Reviewer"]

DEALS = 160
"""Deals of the unseen cards per judged decision (both moves are played out on each)."""
CLEAR_Z = 2.5
"""A cost is clear when it exceeds this many standard errors of the paired differences..."""
MIN_LOSS = 50.0
"""... and this many points."""
REVIEW_SALT = 5
"""The review's own stream of deals (the computer uses salts 1 and 2 for its decisions)."""


@dataclass(frozen=True)
class Finding:
    """A decision that clearly cost points: ``loss`` (> 0) is the estimated cost, in hand points."""

    decision: Decision
    advised: Move
    """What the strong computer would have done instead."""
    loss: float
    stderr: float
    """Standard error of ``loss`` (paired over the deals)."""


def legal_moves(view: SeatView) -> list[Move]:
    """The moves the rules accept in ``view`` (none when it is not this seat's move)."""
    if view.phase != "TURN" or view.turn != view.me:
        return []
    return RandomPlayer().legal(view)


def option_of(view: SeatView, move: Move) -> tuple[str, Card | None]:
    """What a move does, whatever the slot: ("pick", None), ("use", card), ("discard", card)."""
    return move.kind, None if move.kind == "pick" else view.hand[move.slot]


class Reviewer:
    """Judges a hand's decisions one :meth:`step` at a time; reproducible for a seed."""

    def __init__(self, log: HandLog, seed: int, deals: int = DEALS) -> None:
        self.decisions = list(log.decisions)
        self.deals = deals
        self.computer = ComputerPlayer(seed)
        self.done = 0
        self._findings: list[Finding] = []

    @property
    def progress(self) -> tuple[int, int]:
        """(decisions judged, decisions in the hand)."""
        return self.done, len(self.decisions)

    def step(self) -> bool:
        """Judge the next decision; False once every decision has been judged."""
        if self.done < len(self.decisions):
            decision = self.decisions[self.done]
            finding = self.judge(decision)
            if finding is not None:
                self._findings.append(finding)
            self.follow(decision.view, decision.move)
            self.done += 1
        return self.done < len(self.decisions)

    def findings(self) -> list[Finding]:
        """The clear costs found so far, costliest first."""
        return sorted(self._findings, key=lambda finding: -finding.loss)

    def advise(self, view: SeatView) -> Move:
        """The strong computer's move in ``view``, seeing what it would see in this seat.

        Call it for the decisions in order, each followed by :meth:`follow`:
        the computer's safety evidence comes from these views and moves.
        """
        evidence = self.computer.evidence
        before = evidence.public_after_move
        advised = self.computer.choose_move(view)
        evidence.public_after_move = before  # the move made is the player's (see follow)
        return advised

    def follow(self, view: SeatView, move: Move) -> None:
        """Note the move actually made in ``view`` (for the computer's safety evidence)."""
        self.computer.evidence.moved(view, move)

    def judge(self, decision: Decision) -> Finding | None:
        """The finding for one decision, or None when its cost is not clear."""
        view, move = decision.view, decision.move
        moves = legal_moves(view)
        if move not in moves:
            return None
        advised = self.advise(view)
        if len({option_of(view, legal) for legal in moves}) < 2:
            return None
        if option_of(view, advised) == option_of(view, move):
            return None
        better, chosen = self.values(view, [advised, move])
        loss, stderr = paired_gain(better, chosen)
        if loss > MIN_LOSS and loss > CLEAR_Z * stderr:
            return Finding(decision, advised, loss, stderr)
        return None

    def values(self, view: SeatView, moves: list[Move]) -> list[list[float]]:
        """Per move, the hand-score differences of its playouts on the same deals."""
        stakes = Stakes(view, for_game=False)
        if view.picked:
            options = []
            for move in moves:
                card = view.hand[move.slot]
                assert card is not None
                options.append(Option(int(card), move.kind == "use"))
            return self.computer.playout_values(view, options, self.deals, stakes, REVIEW_SALT)
        results: list[list[float]] = [[] for _ in moves]
        for sim in self.computer.deals(view, REVIEW_SALT, self.deals):
            for index, move in enumerate(moves):
                trial = sim.copy()
                open_turn(trial, view, move, self.computer.weights)
                playout(trial, self.computer.weights)
                results[index].append(stakes.value(trial))
        return results


def open_turn(sim: S.Sim, view: SeatView, move: Move, weights: Weights) -> None:
    """Make a turn's first move (a pick, or a countering safety before it) on a simulator.

    After a pick the rest of the turn is the heuristic's, as in every playout.
    """
    me = view.me
    if move.kind == "use":
        card = view.hand[move.slot]
        assert card is not None
        sim.use(me, int(card))  # a safety: the same player moves again
        return
    sim.pick(me)
    if not sim.deck and not sim.anyone_can_play():
        sim.end(S.NONE)
        return
    card_number, use = Heuristic(sim, me, weights).best()
    finish_move(sim, me, card_number, use)
