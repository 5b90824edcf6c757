"""The computer player: a first opinion and a card-counting heuristic, checked by
determinized playouts.

It decides only from a :class:`~parlour.mille.game.seat.SeatView` (its hand, both
tableaux, the discards, the deck size, the scores), never from the deck order
or the other hand.

0. The first opinion on each move is BSD's own strategy (spec §10, ``bsd.py``) with
   the Debian binary's count bug fixed; a sure play of the heuristic (finishing the
   trip, a countering or cashed safety) comes first.
1. The heuristic of ``policy.py`` ranks every distinct option (use or discard
   of each card): safety timing for the coup fourré, attacks valued by the
   chance that the opponent lacks the remedy and the safety, discards that
   keep what the unseen cards say is still needed, distance planned for an
   exact finish. Its best options are the alternatives to the first opinion,
   and it plays both sides of the playouts.
2. :class:`SafetyEvidence` sharpens the chance that the opponent holds a
   safety: an opponent still under a hazard after its own move does not hold
   the safety for it, and can only have drawn it since.
3. The search deals the unseen cards at random into an opponent hand of the
   known size and a deck (determinization), plays each of the best options
   out to the end of the hand with the same heuristic on both sides (each
   side deciding only from its own cards and the open ones), and compares the
   options on the same deals. It keeps the first choice unless another
   option is clearly better.
4. Playouts are scored by what the hand's result is worth towards winning the
   game (:class:`Stakes`): about its score difference early in a game, only
   winning or losing once a total reaches 5000. So the computer does not risk
   a won game for more points, and takes any chance when stopping would lose.

Everything random comes from a generator seeded by the player's seed and the
position, so the same seed and the same game give the same decisions.
"""

from __future__ import annotations

import math
import random
import statistics
from typing import Any

from parlour.core.i18n import _
from parlour.core.rng import make_rng
from parlour.mille.computer import sim as S
from parlour.mille.computer.bsd import BsdPlayer
from parlour.mille.computer.bsd_memory import Memory, memory_from_dict
from parlour.mille.computer.evidence import SafetyEvidence
from parlour.mille.computer.policy import (
    DEFAULT_WEIGHTS,
    SURE_PLAY,
    Heuristic,
    Option,
    Weights,
    finish_move,
    opponent_safety_share,
    playout,
    pre_pick_counter,
)
from parlour.mille.computer.seatmoves import sim_from_view
from parlour.mille.game.cards import Card
from parlour.mille.game.scoring import GAME_POINTS
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import Move

__all__ = ["DEFAULT_WEIGHTS", "ComputerPlayer", "Option", "Weights", "sim_from_view"]

MEMORY_VERSION = 2
"""Version of :meth:`ComputerPlayer.memory`'s format (kept in save files); 2 added the
first opinion's memory (a version 1 memory restores with a fresh one)."""
OPINION_SALT = 7919
"""The first opinion's seed is the player's seed plus this."""

SAMPLES = 24
"""Deals of the unseen cards per decision (each candidate is played out on every deal)."""
MAX_CANDIDATES = 4
CLEAR_MARGIN = 40.0
"""Mean hand-score gain a searched option needs over the heuristic's choice..."""
CLEAR_Z = 2.0
"""... and how many standard errors of the paired gains that mean must exceed."""
EXTENSION_SAMPLES = 96
"""Playouts for Extension? (asked at most once a hand, so it can take more time)."""
HAND_SPREAD = 1230.0
"""Spread (standard deviation) of one hand's score difference, as measured in the benchmark."""
HAND_POINTS = 1070.0
"""Points a player scores in an average hand, as measured in the benchmark."""
EQUITY_SCALE = 6700.0
"""Game-winning chances are reported in points: at the start of a game, one point of
hand-score difference is worth about one point of this scale."""


def blank_sim(view: SeatView) -> S.Sim:
    """The seat's view as a simulator position, the hidden cards left blank."""
    return sim_from_view(view, [S.NONE] * view.theirs.hand_size, [S.NONE] * view.deck_count)


class Stakes:
    """What a hand's result is worth towards winning the game, in points.

    Early in a game a point of hand-score difference is worth about a point,
    but a hand that ends the game (a total reaching 5000) is worth only
    winning or losing it: a lead big enough to win is not worth risking, and
    a deficit the opponent will close the game on must be made up at any risk.
    Between the two, the chance of winning comes from the lead and the hands
    likely left, with the spread of a hand's score difference.
    """

    def __init__(self, view: SeatView, for_game: bool = True) -> None:
        self.me = view.me
        self.for_game = for_game
        """False: score by the hand-score difference alone (for comparison in bench/)."""
        self.before = (
            view.mine.overall_total - view.mine.hand_total,
            view.theirs.overall_total - view.theirs.hand_total,
        )

    def value(self, sim: S.Sim) -> float:
        """The game-winning chances after the hand ``sim`` ends, as points."""
        if not self.for_game:
            return float(sim.diff(self.me))
        mine = self.before[0] + sim.sides[self.me].points
        theirs = self.before[1] + sim.sides[1 - self.me].points
        return win_chance(mine, theirs) * EQUITY_SCALE


def win_chance(mine: int, theirs: int) -> float:
    """Chance of winning the game from these totals at the end of a hand, minus one half."""
    lead = mine - theirs
    if max(mine, theirs) >= GAME_POINTS:
        return 0.5 if lead > 0 else (-0.5 if lead < 0 else 0.0)
    hands_left = max(1.0, (GAME_POINTS - max(mine, theirs)) / HAND_POINTS)
    return 0.5 * math.erf(lead / (HAND_SPREAD * math.sqrt(2 * hands_left)))


def deal_hidden(
    view: SeatView,
    unseen: list[int],
    rng: random.Random,
    safety_odds: dict[int, float] | None = None,
) -> tuple[list[int], list[int]]:
    """Deal the unseen cards into an opponent hand and a deck, safeties biased to the hand.

    Each unseen safety goes to the hand with its chance from ``safety_odds``,
    else with the opponent's share of the draws.
    """
    size = view.theirs.hand_size
    share = opponent_safety_share(view.deck_count)
    odds = safety_odds or {}
    hand: list[int] = []
    rest: list[int] = []
    for card in unseen:
        if card >= S.ET and len(hand) < size and rng.random() < odds.get(card, share):
            hand.append(card)
        else:
            rest.append(card)
    filler, deck = S.deal_unseen(rest, size - len(hand), rng)
    return hand + filler, deck


def unseen_list(view: SeatView) -> list[int]:
    """The unseen cards as a sorted list of card numbers."""
    return [int(card) for card, n in sorted(view.unseen().items()) for _ in range(n)]


def read_memory(memory: Any) -> tuple[SafetyEvidence, Memory | None]:
    """:meth:`ComputerPlayer.memory` output read back, without a player: the safety
    evidence and the first opinion's memory (None before version 2); ``ValueError``
    naming what is damaged (a save checks a memory with it)."""
    if not isinstance(memory, dict):
        raise ValueError(_("the computer's memory is not an object"))
    version = memory.get("version")
    if type(version) is not int or not 1 <= version <= MEMORY_VERSION:
        raise ValueError(_("the computer's memory has an unknown version"))
    evidence = SafetyEvidence.from_dict(memory.get("evidence"))
    if version < 2:
        return evidence, None
    try:
        return evidence, memory_from_dict(memory.get("opinion"))
    except ValueError as exc:
        problem = _("the computer's first-opinion memory is missing or damaged")
        raise ValueError(problem) from exc


class ComputerPlayer:
    """Mille Bornes computer opponent; deterministic for a given seed."""

    def __init__(
        self,
        seed: int = 0,
        samples: int = SAMPLES,
        search: bool = True,
        weights: Weights = DEFAULT_WEIGHTS,
        play_for_game: bool = True,
        first_opinion: bool = True,
    ) -> None:
        self.weights = weights
        self.first_opinion = first_opinion
        """False: the heuristic's best is the first choice (the computer before 3 December 2026)."""
        self.play_for_game = play_for_game
        self.seed = seed
        self.samples = samples
        self.search = search
        self.evidence = SafetyEvidence()
        self.opinion = BsdPlayer(seed + OPINION_SALT, debian_count=False)
        """The first opinion on each move: BSD's strategy (spec §10) with its count bug fixed."""

    def memory(self) -> dict[str, Any]:
        """What the player remembers beyond the position (for save files), as plain data."""
        return {
            "version": MEMORY_VERSION,
            "evidence": self.evidence.to_dict(),
            "opinion": self.opinion.memory(),
        }

    def restore_memory(self, memory: Any) -> None:
        """Take back :meth:`memory` output; ``ValueError`` (and no change) if it is damaged."""
        evidence, kept = read_memory(memory)
        opinion = BsdPlayer(self.seed + OPINION_SALT, debian_count=False)
        if kept is not None:
            opinion.take_memory(kept)
        self.evidence, self.opinion = evidence, opinion

    def safety_odds(self, view: SeatView) -> dict[int, float]:
        """Per safety with evidence, the chance that the opponent holds it (see SafetyEvidence)."""
        return self.evidence.odds(view)

    def position_rng(self, view: SeatView, salt: int) -> random.Random:
        """The generator for one use (``salt``) in one position: the same game, the same draws."""
        return make_rng(position_key(view, self.seed, salt))

    def deals(self, view: SeatView, salt: int, count: int) -> list[S.Sim]:
        """``count`` guesses at the hidden cards, each as a simulator position.

        The search and the extension decision take their deals from here, so a
        subclass can deal differently (``bench/mille_oracle.py`` deals the true cards).
        """
        rng = self.position_rng(view, salt)
        unseen = unseen_list(view)
        odds = self.safety_odds(view)
        base = blank_sim(view)
        sims = []
        for _deal in range(count):
            sim = base.copy()
            sim.sides[1 - view.me].hand, sim.deck = deal_hidden(view, unseen, rng, odds)
            sims.append(sim)
        return sims

    def choose_move(self, view: SeatView) -> Move:
        """The move to make now (a pick, a use or a discard of one slot)."""
        if view.phase != "TURN" or view.turn != view.me:
            raise ValueError("it is not this player's move")
        move = self.decide(view)
        self.moved(view, move)
        return move

    def decide(self, view: SeatView) -> Move:
        """The move to make in ``view``, not yet noted: :meth:`moved` notes the move made."""
        self.evidence.observe(view)
        return self._decide(view, self.opinion.advise(view))

    def moved(self, view: SeatView, move: Move) -> None:
        """Note the move made in ``view`` (this player's, or in a review the player's own)."""
        self.evidence.moved(view, move)
        self.opinion.note_move(view, move)

    def _decide(self, view: SeatView, advice: Move) -> Move:
        base = blank_sim(view)
        if not view.picked:
            counter = pre_pick_counter(base, view.me)
            if counter != S.NONE:
                return Move("use", view.hand.index(Card(counter)))
            return Move("pick")
        card = view.hand[advice.slot] if advice.kind != "pick" else None
        use = advice.kind == "use"
        first = None if card is None or not self.first_opinion else Option(int(card), use)
        option = self.choose_option(view, base, first)
        slot = view.hand.index(Card(option.card))
        return Move("use" if option.use else "discard", slot)

    def choose_option(self, view: SeatView, base: S.Sim, first: Option | None = None) -> Option:
        """The post-pick choice: the first opinion (else, or for a sure play, the heuristic's
        best), then playouts against the heuristic's best options when the choice is a real one."""
        ranked = Heuristic(base, view.me, self.weights, self.safety_odds(view)).options()
        top = [option for _, option in ranked[:MAX_CANDIDATES]]
        sure = ranked[0][0] >= SURE_PLAY  # finishing the trip, a countering or cashed safety
        best = top[0] if first is None or sure else first
        if not self.search or (best == top[0] and not self.worth_searching(ranked)):
            return best
        candidates = [best, *(option for option in top if option != best)][:MAX_CANDIDATES]
        stakes = Stakes(view, self.play_for_game)
        results = self.playout_values(view, candidates, self.samples, stakes)
        best_gain = 0.0
        choice = best
        for index in range(1, len(candidates)):
            mean, spread = paired_gain(results[index], results[0])
            if mean > max(CLEAR_MARGIN, CLEAR_Z * spread) and mean > best_gain:
                best_gain = mean
                choice = candidates[index]
        return choice

    def playout_values(
        self, view: SeatView, options: list[Option], deals: int, stakes: Stakes, salt: int = 1
    ) -> list[list[float]]:
        """Per option, its playouts' values on the same ``deals`` guesses at the hidden cards."""
        results: list[list[float]] = [[] for _ in options]
        for sim in self.deals(view, salt, deals):
            for index, option in enumerate(options):
                trial = sim.copy()
                finish_move(trial, view.me, option.card, option.use)
                playout(trial, self.weights)
                results[index].append(stakes.value(trial))
        return results

    @staticmethod
    def worth_searching(ranked: list[tuple[float, Option]]) -> bool:
        """Search only real choices: a play is on offer and is not a sure thing.

        Pure discard choices and the sure plays (finishing the trip, a
        countering or cashed safety) are left to the heuristic, which keeps the
        decision time low where playouts have little to add.
        """
        top_score, top = ranked[0]
        plays = sum(1 for _, option in ranked[:MAX_CANDIDATES] if option.use)
        return len(ranked) > 1 and top.use and top_score < SURE_PLAY and plays >= 1

    def wants_extension(self, view: SeatView) -> bool:
        """Whether to go on to 1000: playouts of going on against the bonus of stopping now."""
        me = view.me
        stakes = Stakes(view, self.play_for_game)
        stop_sim = blank_sim(view)
        stop_sim.end(me)
        stop_value = stakes.value(stop_sim)
        total = 0.0
        for sim in self.deals(view, 2, EXTENSION_SAMPLES):
            sim.goal = S.EXTENDED
            sim.turn = 1 - me
            if not sim.deck and not sim.anyone_can_play():
                sim.end(S.NONE)
            playout(sim, self.weights)
            total += stakes.value(sim)
        return total / EXTENSION_SAMPLES > stop_value + CLEAR_MARGIN


def paired_gain(values: list[float], base: list[float]) -> tuple[float, float]:
    """Mean gain of ``values`` over ``base`` (paired, deal by deal) and its standard error."""
    gains = [a - b for a, b in zip(values, base, strict=True)]
    return statistics.fmean(gains), statistics.pstdev(gains) / math.sqrt(len(gains))


def position_key(view: SeatView, seed: int, salt: int) -> int:
    """A stable number for (seed, position): Python's hash() of strings varies per process."""
    key = (seed * 1_000_003 + salt) & 0x7FFFFFFFFFFFFFFF
    numbers = [*(-1 if card is None else int(card) for card in view.hand), view.deck_count]
    numbers += [view.mine.mileage, view.theirs.mileage, len(view.discards)]
    numbers += [view.mine.hand_total, view.theirs.hand_total]
    for number in numbers:
        key = (key * 31 + number + 7) & 0x7FFFFFFFFFFFFFFF
    return key
