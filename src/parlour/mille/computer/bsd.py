"""BSD mille's own computer strategy (spec §10): :class:`BsdPlayer`, ``mille --level classic``.

It follows the counter/coup check, the safety timing with its d10 roll, the
play and discard valuations and the extension rule, with the program's
memory: the "Go-equivalents" counter kept from its own draws (initial deal
counted only when it starts the hand), the "needed" table that grows for the
whole game (§10.1), and the "one card from finishing" test reading the 100s
(§10.4). By default it has the Debian binary's boolean playable count
(§10.6); ``debian_count=False`` gives it a real count. Where §10 leaves a
detail open it does what the Debian binary was seen to do, move by move
(``bench/mille_fidelity.py``): it chooses the program's move in 99.9% of its
decisions. :meth:`BsdPlayer.memory` / :meth:`BsdPlayer.restore_memory` carry
that memory through a save file.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from parlour.core.rng import below, make_rng
from parlour.mille.computer import sim as S
from parlour.mille.computer.bsd_memory import NEEDED, Memory, memory_from_dict, memory_to_dict
from parlour.mille.computer.seatmoves import base_sim, counter_or_pick, move_of
from parlour.mille.game.cards import COPIES, Card
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import Move


@dataclass
class _Scan:
    """What one valuation pass over BSD's hand remembers from slot to slot."""

    play: bool
    go_equivalents: int
    held: Counter[int]
    """Copies of each card still counted; Gos and remedies lower it as they are valued."""
    one_away: bool
    about_to_finish: bool
    d200s: int = 0
    finisher: bool = False
    low_kept: bool = False
    hazards: int = 0

    def next_hazard(self) -> int:
        """The running count that divides hazard values in discard mode (1, 2, 3 ...)."""
        self.hazards += 1
        return self.hazards


REMEDY_OF = {S.OOG: S.GAS, S.FLAT: S.SPARE, S.ACC: S.REP, S.STOP: S.GO, S.LIMIT: S.EOL}
SAFE_ROLL = 10
SAFE_DECK = 25
SHUTOUT_SHIFT = 7
FULL_DECK_AFTER_DEAL = 89


class BsdPlayer:
    """BSD mille's computer strategy (spec §10).

    ``debian_count`` (the default) reproduces the program as the Debian binary
    runs it (spec §10.6): its playable-card count is a C99 ``bool``, so it
    saturates at 1 and the first card marked by the "don't get stuck" rule
    drops it to 0, sending the computer into discard mode even when it holds
    the finishing card. ``debian_count=False`` uses a real count, as the 1982 source meant.
    """

    def __init__(self, seed: int = 0, debian_count: bool = True) -> None:
        self.seed = seed
        self.rng = make_rng(seed)
        self.debian_count = debian_count
        self.needed = dict(NEEDED)
        """Grows for the whole game, as in the program (never reset, §10.1)."""
        self._held: Counter[int] = Counter()
        """My hand after my last move (new cards since then are draws)."""
        self._hand_marker = (-1, -1)
        self._go_equivalents = 0
        self._last_distance = S.NONE

    # ------------------------------------------------------------- memory
    def memory(self) -> dict[str, Any]:
        """Everything the player carries from decision to decision, as plain data (a save)."""
        return memory_to_dict(
            Memory(
                self.rng,
                self.needed,
                self._held,
                self._hand_marker,
                self._go_equivalents,
                self._last_distance,
            )
        )

    def restore_memory(self, memory: Any) -> None:
        """Take back :meth:`memory` output; ``ValueError`` (and no change) if it is damaged."""
        self.take_memory(memory_from_dict(memory))

    def take_memory(self, restored: Memory) -> None:
        """Take back a memory already read (:func:`memory_from_dict`)."""
        self.rng = restored.rng
        self.needed = restored.needed
        self._held = restored.held
        self._hand_marker = restored.hand_marker
        self._go_equivalents = restored.go_equivalents
        self._last_distance = restored.last_distance

    def _remember(self, view: SeatView, seen: list[int]) -> None:
        """Count my draws since my last move into the Go-equivalents (§10.1)."""
        hand = Counter(int(card) for card in view.held())
        public = (
            len(view.discards) + len(view.mine.public_cards()) + len(view.theirs.public_cards())
        )
        marker = (view.deck_count, public)
        new_hand = marker[0] > self._hand_marker[0] or (
            marker[0] == self._hand_marker[0] and marker[1] < self._hand_marker[1]
        )
        self._hand_marker = marker
        if new_hand:
            self._go_equivalents = 0
            self._last_distance = S.NONE
            if view.deck_count < FULL_DECK_AFTER_DEAL:
                # Bug: the initial six only count when the computer starts the hand.
                self._held = hand
                return
            self._held = Counter()
        for card, count in (hand - self._held).items():
            if S.OOG <= card <= S.STOP:
                self._go_equivalents += count
            elif card in (S.ET, S.PP, S.DA):
                hazard = S.COUNTERED[card]
                self._go_equivalents += count * (COPIES[Card(hazard)] - seen[hazard])
        self._held = hand

    def _moved(self, view: SeatView, move: Move) -> Move:
        """Note the hand I keep after ``move``."""
        self._last_distance = S.NONE
        if move.kind != "pick" and move.slot is not None:
            card = view.hand[move.slot]
            if card is not None:
                self._held[int(card)] -= 1
                if move.kind == "use" and card.is_distance:
                    self._last_distance = int(card)
        return move

    # ----------------------------------------------------------- knowledge
    def _seen(self, view: SeatView) -> list[int]:
        seen = view.seen()
        return [seen.get(card, 0) for card in Card]

    def _one_from_finish(self, view: SeatView, seen: list[int], base: S.Sim) -> bool:
        """§10.4 as the program runs it: where it means "Right of Way seen" it reads the 100s."""
        tab = view.theirs
        opp = base.sides[1 - view.me]
        pre = opp.can_go
        top = tab.battle
        if not pre and (
            top is None
            or top in (Card.GASOLINE, Card.SPARE_TIRE, Card.REPAIRS, Card.STOP)
            or tab.limited
        ):
            pre = seen[S.D100] > 0
        if not pre and top is not None:
            guard = {
                Card.OUT_OF_GAS: S.ET,
                Card.GASOLINE: S.ET,
                Card.FLAT_TIRE: S.PP,
                Card.SPARE_TIRE: S.PP,
                Card.ACCIDENT: S.DA,
                Card.REPAIRS: S.DA,
                Card.STOP: S.ROW,
                Card.GO: S.ROW,
            }.get(top)
            pre = guard is not None and seen[guard] > 0
        if not pre:
            return False
        rem = view.goal - tab.mileage
        card = {25: S.D25, 50: S.D50, 75: S.D75, 100: S.D100, 200: S.D200}.get(rem)
        if card is None:
            return False
        if card == S.D200 and tab.num_200s >= 2:
            return False
        if card >= S.D75 and tab.limited:
            return seen[S.D100] == 0
        return seen[card] < COPIES[Card(card)]

    # ----------------------------------------------------------- decisions
    def choose_move(self, view: SeatView) -> Move:
        """BSD's decision procedure (spec §10.2)."""
        return self._moved(view, self.advise(view))

    def advise(self, view: SeatView) -> Move:
        """The move BSD's procedure makes in ``view``, its memory not yet told of any move:
        follow it with :meth:`note_move` of the move actually made (the strong computer
        asks this player's opinion and may play another card)."""
        base = base_sim(view)
        seen = self._seen(view)
        self._remember(view, seen)
        return self._decide(view, base, seen)

    def note_move(self, view: SeatView, move: Move) -> None:
        """Note the move made in ``view`` after :meth:`advise`."""
        self._moved(view, move)

    def _decide(self, view: SeatView, base: S.Sim, seen: list[int]) -> Move:
        me = view.me
        opening = counter_or_pick(view, base)
        if opening is not None:
            return opening
        side = base.sides[me]
        opp = base.sides[1 - me]
        one_away = self._one_from_finish(view, seen, base)
        hand = side.hand
        playable = {c: base.playable(me, c) for c in set(hand)}
        can_attack = any(
            playable[c]
            and (S.OOG <= c <= S.STOP or (c == S.LIMIT and seen[S.D25] + seen[S.D50] == 20))
            for c in hand
        )
        rem = base.goal - side.mileage
        finishing = any(c <= S.D200 and playable[c] and S.MILES[c] == rem for c in hand)
        about_to_finish = finishing and not self._would_extend(view, base, seen)
        others_playable = any(playable[c] for c in hand if c < S.ET)
        for card in hand:
            if card < S.ET:
                continue
            if one_away or (about_to_finish and others_playable and not can_attack):
                return move_of(view, card, True)
            hazards = (S.STOP, S.LIMIT) if card == S.ROW else (S.COUNTERED[card],)
            if all(seen[h] == COPIES[Card(h)] for h in hazards):
                return move_of(view, card, True)
            if not others_playable and (opp.can_go or not side.can_go):
                margin = view.deck_count - below(self.rng, SAFE_ROLL)
                if (side.mileage == 0) != (opp.mileage == 0):
                    margin -= SHUTOUT_SHIFT
                if margin < SAFE_DECK:
                    return move_of(view, card, True)
        if S.OOG <= side.battle <= S.STOP:
            # Bug kept: the entry for the remedy it needs grows by two at every such decision.
            self.needed[REMEDY_OF[side.battle]] += 2
        return self._valuate(view, base, seen, playable, one_away, about_to_finish)

    def _valuate(
        self,
        view: SeatView,
        base: S.Sim,
        seen: list[int],
        playable: dict[int, bool],
        one_away: bool,
        about_to_finish: bool,
    ) -> Move:
        me = view.me
        side = base.sides[me]
        hand = side.hand
        rem = base.goal - side.mileage
        count = sum(1 for c in hand if c < S.ET and playable[c])
        stuck: set[int] = set()
        if view.deck_count and rem <= 100:
            for c in set(hand):
                if not playable[c]:
                    continue
                if c == S.D25 and rem // 25 > hand.count(S.D25):
                    stuck.add(c)
                if c == S.D50 and rem in (50, 100) and rem // 50 > hand.count(S.D50):
                    stuck.add(c)
            knocked = sum(hand.count(c) for c in stuck)
            if self.debian_count:
                # The count is a bool: it saturates at 1, and the first card the
                # rule marks drops it to 0, which switches to discard mode.
                count = 0 if knocked else int(count > 0)
            else:
                count -= knocked
        play_mode = count > 0
        scan = _Scan(play_mode, self._go_equivalents, Counter(hand), one_away, about_to_finish)
        best_slot_value: tuple[float, int] | None = None
        for index, card in enumerate(hand):
            if play_mode:
                if card >= S.ET or not playable[card] or card in stuck:
                    value = 0.0
                else:
                    value = self._value(card, view, base, seen, scan)
            elif card >= S.ET or playable[card]:
                # Never discarded; a card the "don't get stuck" rule marked is still playable.
                value = 101.0
            else:
                value = self._value(card, view, base, seen, scan)
            key = (value if play_mode else -value, index)
            if best_slot_value is None or key >= best_slot_value:
                best_slot_value = key
        assert best_slot_value is not None
        card = hand[best_slot_value[1]]
        if play_mode:
            return move_of(view, card, True)
        if card >= S.ET:
            return move_of(view, card, True)
        return move_of(view, card, False)

    def _value(self, card: int, view: SeatView, base: S.Sim, seen: list[int], scan: _Scan) -> float:
        """One card's value in the scan of the hand, slot by slot (spec §10.2 step 7).

        Where the spec leaves the details open they follow the Debian binary's
        observed choices (``bench/mille_fidelity.py``): a card's value can
        depend on the copies scanned before it.
        """
        side = base.sides[view.me]
        if card <= S.D200:
            return self._distance_value(card, base, seen, side, scan)
        if card in (S.GAS, S.SPARE, S.REP, S.EOL):
            return self._remedy_value(card, base, seen, side, scan)
        if card == S.GO:
            if side.has(S.ROW):
                return -1.0
            if S.ROW in side.hand:
                return 2.0
            gos = scan.held[card]
            scan.held[card] = max(1, gos - 1)  # each Go evaluated lowers the count for the next
            if side.can_go and scan.go_equivalents + gos == self.needed[S.GO]:
                return 0.0
            return float((3 * self.needed[S.GO] + seen[S.GO] - scan.go_equivalents) // gos**2)
        return self._hazard_value(card, view, base, seen, scan)

    @staticmethod
    def _distance_value(
        card: int, base: S.Sim, seen: list[int], side: S.Side, scan: _Scan
    ) -> float:
        rem = base.goal - side.mileage
        miles = S.MILES[card]
        overshoot = float(card if base.goal == S.GOAL else 0)
        if card == S.D200:
            # The 200s played and the 200s scanned before this one: a third is worth nothing.
            counted = side.n200 + scan.d200s
            scan.d200s += 1
            if counted >= 2:
                return 0.0
        if card != S.D25 and miles > rem:
            return overshoot
        if miles == rem:
            if scan.finisher:
                return overshoot  # only the first finishing card is worth 40
            scan.finisher = True
            return 40.0
        face = miles // 8 + (1 if (card <= S.D50) == side.limited else -1)
        if not scan.play:
            defended = S.EOL in side.hand or side.has(S.ROW) or S.ROW in side.hand
            defended = defended or seen[S.LIMIT] == COPIES[Card.SPEED_LIMIT]
            first_low = S.D50 if S.D50 in side.hand else S.D25
            if not defended and card == first_low and not scan.low_kept:
                scan.low_kept = True  # one copy only
                return 20.0 if side.mileage == 0 else 10.0
        return float(face)

    @staticmethod
    def _remedy_value(card: int, base: S.Sim, seen: list[int], side: S.Side, scan: _Scan) -> float:
        hazard = S.LIMIT if card == S.EOL else card - 5
        safety = S.SAFETY_OF[hazard]
        if side.has(safety):
            return -1.0
        if safety in side.hand:
            return 1.0
        if card == S.EOL:
            if side.limited and base.goal - side.mileage <= 50:
                return 1.0
            if seen[S.LIMIT] == COPIES[Card.SPEED_LIMIT] and not side.limited:
                return 0.0
        copies = scan.held[card]
        scan.held[card] = max(1, copies - 1)  # as for Go: the next copy counts one fewer
        needed_now = side.battle == hazard or (card == S.EOL and side.limited)
        unseen_hazards = COPIES[Card(hazard)] - seen[hazard]
        if card != S.EOL and not needed_now and copies > unseen_hazards:
            return 0.0
        value = 6 * COPIES[Card(hazard)] + seen[card] - seen[hazard]
        return float(value if scan.play else value // copies**2)

    def _hazard_value(
        self, card: int, view: SeatView, base: S.Sim, seen: list[int], scan: _Scan
    ) -> float:
        me = view.me
        side = base.sides[me]
        opp = base.sides[1 - me]
        danger = scan.one_away or scan.about_to_finish or side.mileage == 0
        if card == S.STOP:
            if opp.has(S.ROW):
                return -1.0
            own = S.ROW in side.hand or side.has(S.ROW)
            value = (3 if own else 4) * (4 + seen[S.GO]) + (5 if danger else 0)
            if not scan.play:
                value //= scan.next_hazard()
            value += 5 if opp.mileage == 0 else 0
            value -= 5 if not opp.can_go else 0
            if scan.play and own:
                value += 5
            return float(value)
        if card == S.LIMIT:
            safety, remedy, top = S.ROW, S.EOL, 3
            if base.goal - opp.mileage <= 50:
                return 1.0  # even against Right of Way
            if scan.play and (
                not opp.can_go
                or any(
                    S.OOG <= c <= S.STOP and base.playable(me, c) for c in side.hand if c != card
                )
            ):
                return 1.0  # a better attack, or the opponent is already stopped
        else:
            safety, remedy, top = S.SAFETY_OF[card], REMEDY_OF[card], 4
        if opp.has(safety):
            return -1.0
        own = side.has(safety) or safety in side.hand
        value = (top - 1 if own else top) * (self.needed[remedy] + seen[remedy] + 2)
        value += 5 if danger else 0
        value += 5 if (opp.mileage == 0 or scan.one_away) else 0
        value -= 3 if opp.limited else 0
        if scan.play and own:
            value += 3
        if not scan.play:
            value //= scan.next_hazard()  # surplus hazards go first
        return float(value)

    def _would_extend(self, view: SeatView, base: S.Sim, seen: list[int]) -> bool:
        """BSD's extension rule (spec §4.5)."""
        side = base.sides[view.me]
        tab = view.theirs
        safeties = len(view.mine.safeties) + sum(1 for c in side.hand if c >= S.ET)
        if safeties < 2 or tab.mileage == 0:
            return False
        if self._one_from_finish(view, seen, base):
            return False
        if tab.can_go and tab.mileage >= 500:
            return False
        if not tab.safeties:
            return True
        miles = sum(S.MILES[c] for c in side.hand if c <= S.D200)
        if self._last_distance != S.NONE:  # the card just played still counts (§4.5)
            miles += S.MILES[self._last_distance]
        return miles + 3 * view.deck_count > 1000

    def wants_extension(self, view: SeatView) -> bool:
        """BSD's extension rule."""
        base = base_sim(view)
        return self._would_extend(view, base, self._seen(view))
