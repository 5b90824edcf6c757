"""Mille Bornes rules as BSD mille plays them (spec §1–5), with four BSD bugs fixed.

One :class:`Game` is the whole match: both players, totals, games won and the
current hand. The player to move calls :meth:`Game.apply` with a :class:`Move`
("pick", "use N", "discard N"; slot 0 is P). Illegal moves raise
:class:`IllegalMove` with BSD's message, checked in BSD's order (spec §8.2).

Turn: pick into P (two cards when slot 1 is empty, §2.2), then use or discard
one card; the hole is filled from the lowest occupied slot (§2.1 step 3); a
safety gives another turn; a safety countering the hazard on one's own pile
may be played before picking, and is a coup fourré while the hazard is fresh.
Once the deck is empty nobody picks, a player with no card is skipped, and the
hand ends as soon as neither player holds a playable card (BSD's test, §4.7).
Reaching exactly 700 puts the game in phase EXTENSION for that player:
:meth:`Game.answer_extension` raises the goal to 1000 or ends the hand.

Bugs of BSD fixed here (see docs/mille.md):
1. Right of Way scores a coup fourré only when the fresh attack is a Stop or a
   Speed Limit (BSD also paid one for a fresh Out of Gas under an old limit).
2. Once the deck is empty the coup window closes with the victim's first move
   of its next turn, as the pick would have closed it (BSD never closed it).
3. Empty slots are never cards: they are not playable, valued or counted, and a
   player with an empty hand is skipped (no phantom cards).
4. The EXTENSION phase is part of the saved state, so a save made at the
   question restores the question.

Settled details beyond the contract: which card may be used now is ``legality.py``'s
answer, the pieces (moves, events, a player's state) are ``table.py``'s, the seat view
lives in ``seat.py`` (:class:`SeatView`); :attr:`Game.next_starter` says who starts the
next hand (kept in saves: the alternation goes on after a restore).
"""

from __future__ import annotations

import random

from parlour.core.i18n import N_
from parlour.core.rng import make_rng, shuffle
from parlour.mille.game import legality
from parlour.mille.game.cards import (
    COPIES,
    DECK_SIZE,
    FIXED_REMEDIES,
    MILES,
    Card,
    full_deck,
)
from parlour.mille.game.scoring import (
    ALL_SAFETIES_POINTS,
    COUP_POINTS,
    GAME_POINTS,
    NUM_SAFETIES,
    SAFETY_POINTS,
    HandScore,
    trip_bonuses,
)
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import (
    COMPUTER,
    DEAL_SIZE,
    EXTENDED_GOAL,
    GOAL,
    HAND_SLOTS,
    HUMAN,
    Event,
    IllegalMove,
    Move,
    Phase,
    PlayerState,
    compact_hand,
    other,
)


class Game:
    """The whole Mille Bornes match (see the module docstring for the rules)."""

    def __init__(self, seed: int, rng: random.Random) -> None:
        self.seed = seed
        self.rng = rng
        self.players: tuple[PlayerState, PlayerState] = (PlayerState(), PlayerState())
        self.phase = Phase.TURN
        self.turn = HUMAN
        self.goal = GOAL
        self.deck: list[Card] = []
        self.discards: list[Card] = []
        self.starter = HUMAN
        self.next_starter = HUMAN
        self.hands_played = 0
        self.finisher: int | None = None

    # ----------------------------------------------------------------- set-up
    @classmethod
    def new(cls, seed: int) -> Game:
        """A new match from ``seed``; the human starts the first hand."""
        game = cls(seed, make_rng(seed))
        game.next_starter = HUMAN
        game._deal()
        return game

    def _deal(self) -> None:
        self.deck = full_deck()
        shuffle(self.deck, self.rng)
        self.discards = []
        self.goal = GOAL
        self.finisher = None
        for player in self.players:
            player.new_hand()
        for player in self.players:
            for slot in range(1, DEAL_SIZE + 1):
                player.hand[slot] = self.deck.pop()
        self.starter = self.next_starter
        self.next_starter = other(self.starter)
        self.turn = self.starter
        self.phase = Phase.TURN
        self.hands_played += 1

    def next_hand(self) -> None:
        """Deal the next hand; after GAME_OVER first award the game won and reset the totals."""
        if self.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            raise IllegalMove("the hand is not over")
        if self.phase is Phase.GAME_OVER:
            self.award_game()
        self._deal()

    def award_game(self) -> None:
        """Award the game to the higher total (ties to nobody) and reset the totals."""
        human, computer = self.players
        if human.overall_total != computer.overall_total:
            winner = human if human.overall_total > computer.overall_total else computer
            winner.games_won += 1
        for player in self.players:
            player.overall_total = 0
            player.hand_total = 0

    # ------------------------------------------------------------ properties
    @property
    def deck_count(self) -> int:
        """Cards left to pick."""
        return len(self.deck)

    @property
    def discard_top(self) -> Card | None:
        """The card shown on the discard pile."""
        return self.discards[-1] if self.discards else None

    @property
    def current(self) -> PlayerState:
        """The player whose move it is."""
        return self.players[self.turn]

    def winner(self) -> int | None:
        """In GAME_OVER, the player with the higher total (None on a tie)."""
        human, computer = self.players
        if human.overall_total == computer.overall_total:
            return None
        return HUMAN if human.overall_total > computer.overall_total else COMPUTER

    # ------------------------------------------------------------- legality
    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMove` if ``move`` is not allowed now (changes nothing)."""
        if self.phase is Phase.EXTENSION:
            # TRANSLATORS: refusals are shown on the message line: 35 columns at most.
            raise IllegalMove(N_("answer the extension question first"))
        if self.phase is not Phase.TURN:
            raise IllegalMove(N_("the hand is over"))
        player = self.current
        if move.kind == "pick":
            if not self.deck:
                raise IllegalMove(N_("no more cards"))
            if player.picked:
                raise IllegalMove(N_("already picked"))
            return
        card = player.hand[move.slot]
        if move.kind == "discard":
            if not legality.has_picked(player, card, bool(self.deck)):
                raise IllegalMove(N_("must pick first"))
            if card is None:
                raise IllegalMove(N_("no card there"))
            if card.is_safety:
                raise IllegalMove(N_("discard a safety?"))
            return
        opponent = self.players[other(self.turn)]
        legality.check_use(player, opponent, card, self.goal, bool(self.deck))

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` would be accepted."""
        try:
            self.check(move)
        except IllegalMove:
            return False
        return True

    def legal_moves(self) -> list[Move]:
        """Every accepted move of the player to move: pick, then uses, then discards."""
        if self.phase is not Phase.TURN:
            return []
        moves = [Move("pick")]
        moves += [Move("use", slot) for slot in range(HAND_SLOTS)]
        moves += [Move("discard", slot) for slot in range(HAND_SLOTS)]
        return [move for move in moves if self.is_legal(move)]

    def playable(self, who: int, card: Card) -> bool:
        """BSD's "playable" test of the end-of-deck check (spec §4.7)."""
        return legality.playable(self.players[who], self.players[other(who)], card, self.goal)

    def anyone_can_play(self) -> bool:
        """Whether either player holds a card passing :meth:`playable`."""
        return any(
            self.playable(who, card)
            for who in (HUMAN, COMPUTER)
            for card in self.players[who].cards_in_hand()
        )

    # ------------------------------------------------------------- applying
    def apply(self, move: Move) -> list[Event]:
        """Carry out ``move`` for the player to move; :class:`IllegalMove` if refused."""
        self.check(move)
        who = self.turn
        player = self.current
        events: list[Event] = []
        if move.kind == "pick":
            self._pick(player, who, events)
            self._after_move(events, pass_turn=False)
            return events
        card = player.hand[move.slot]
        assert card is not None
        deck_was_empty = not self.deck
        player.hand[move.slot] = None
        extra_turn = False
        if move.kind == "discard":
            self.discards.append(card)
            events.append(Event(who, "discard", card, move.slot))
        elif card.is_safety:
            coup = self._play_safety(player, card)
            events.append(Event(who, "coup" if coup else "safety", card, move.slot))
            extra_turn = True
        else:
            self._play_card(player, card)
            events.append(Event(who, "play", card, move.slot))
        compact_hand(player.hand)
        if deck_was_empty:
            # Fix of BSD bug 2: with no pick left, the victim's first move closes the window.
            player.fresh_battle = player.fresh_speed = False
        if card.is_distance and move.kind == "use" and player.mileage == self.goal:
            if self.goal == GOAL:
                self.phase = Phase.EXTENSION
                events.append(Event(who, "reach", card))
                return events
            self._end_hand(who, events)
            return events
        self._after_move(events, pass_turn=not extra_turn)
        return events

    def _pick(self, player: PlayerState, who: int, events: list[Event]) -> None:
        """Draw into P, and into slot 1 too when it is empty (spec §2.2)."""
        player.hand[0] = self.deck.pop()
        events.append(Event(who, "pick", player.hand[0], 0))
        if player.hand[1] is None and self.deck:
            player.hand[1] = self.deck.pop()
            events.append(Event(who, "pick", player.hand[1], 1))
        player.fresh_battle = player.fresh_speed = False

    def _play_card(self, player: PlayerState, card: Card) -> None:
        """Lay a checked distance, remedy or hazard card."""
        opponent = self.players[other(self.turn)]
        if card.is_distance:
            player.distance_played.append(card)
            player.mileage += MILES[card]
            player.score(MILES[card])
        elif card in FIXED_REMEDIES:
            player.battle_pile.append(card)
            player.battle = card
            if player.has(Card.RIGHT_OF_WAY):
                player.can_go = True
        elif card == Card.GO:
            player.battle_pile.append(card)
            player.battle = card
            player.can_go = True
        elif card == Card.END_OF_LIMIT:
            player.speed_pile.append(card)
            player.speed = card
        elif card == Card.SPEED_LIMIT:
            opponent.speed_pile.append(card)
            opponent.speed = card
            opponent.fresh_speed = True
        else:
            opponent.battle_pile.append(card)
            opponent.battle = card
            opponent.can_go = False
            opponent.fresh_battle = True

    def _play_safety(self, player: PlayerState, card: Card) -> bool:
        """Lay a safety (spec §3.4); return whether it was a coup fourré."""
        coup = False
        if legality.is_counter(player, card):
            top = player.battle
            if card != Card.RIGHT_OF_WAY or top is None or top in FIXED_REMEDIES:
                player.battle = Card.GO
                player.can_go = True
            if card == Card.RIGHT_OF_WAY:
                # Fix of BSD bug 1: only a fresh Stop or a fresh Speed Limit is a coup.
                coup = (player.fresh_battle and top == Card.STOP) or (
                    player.fresh_speed and player.limited
                )
                if player.limited:
                    player.speed = None
            else:
                coup = player.fresh_battle
        player.safeties[card] = coup
        player.score(SAFETY_POINTS)
        if len(player.safeties) == NUM_SAFETIES:
            player.score(ALL_SAFETIES_POINTS)
        if coup:
            player.score(COUP_POINTS)
        if card == Card.RIGHT_OF_WAY:
            player.speed = None if player.limited else player.speed
            if player.battle in (Card.STOP, None):
                player.battle = None
                player.can_go = True
            if not player.can_go and player.battle in FIXED_REMEDIES:
                player.can_go = True
        return coup

    def _after_move(self, events: list[Event], *, pass_turn: bool) -> None:
        """Pass the turn (skipping an empty hand once the deck is gone); end a dead hand."""
        if pass_turn:
            self.turn = other(self.turn)
        if not self.deck:
            if not self.current.cards_in_hand() and self.players[other(self.turn)].cards_in_hand():
                skipped = self.current
                skipped.fresh_battle = skipped.fresh_speed = False
                events.append(Event(self.turn, "skip"))
                self.turn = other(self.turn)
            if not self.anyone_can_play():
                self._end_hand(None, events)

    def answer_extension(self, extend: bool) -> list[Event]:
        """In phase EXTENSION: go on to 1000, or stop here and end the hand."""
        if self.phase is not Phase.EXTENSION:
            raise IllegalMove("no extension question is open")
        who = self.turn
        events: list[Event] = []
        self.phase = Phase.TURN
        if extend:
            self.goal = EXTENDED_GOAL
            events.append(Event(who, "extension"))
            self._after_move(events, pass_turn=True)
        else:
            self._end_hand(who, events)
        return events

    def _end_hand(self, finisher: int | None, events: list[Event]) -> None:
        """Add the trip bonuses and close the hand (GAME_OVER at 5000)."""
        self.finisher = finisher
        if finisher is not None:
            player = self.players[finisher]
            bonus = trip_bonuses(
                played_200=player.num_200s > 0,
                deck_empty=not self.deck,
                goal=self.goal,
                opponent_mileage=self.players[other(finisher)].mileage,
            )
            player.bonuses = bonus
            player.score(bonus.total)
        over = any(p.overall_total >= GAME_POINTS for p in self.players)
        self.phase = Phase.GAME_OVER if over else Phase.HAND_OVER
        events.append(Event(finisher if finisher is not None else self.turn, "hand_over"))

    # ---------------------------------------------------------------- views
    def view(self, who: int) -> SeatView:
        """Everything the seat ``who`` may see (its own hand, never the deck or the other hand)."""
        player = self.players[who]
        return SeatView(
            me=who,
            hand=tuple(player.hand),
            mine=player.tableau(),
            theirs=self.players[other(who)].tableau(),
            goal=self.goal,
            deck_count=len(self.deck),
            discards=tuple(self.discards),
            turn=self.turn,
            phase=self.phase.value,
            fresh_battle=player.fresh_battle,
            fresh_speed=player.fresh_speed,
        )

    def hand_result(self) -> HandScore:
        """The score window's rows for both players."""
        return HandScore((self.players[0].score_row(), self.players[1].score_row()))

    def all_cards(self) -> list[Card]:
        """Every card of the hand wherever it is (101 in a consistent state)."""
        cards = list(self.deck) + list(self.discards)
        for player in self.players:
            cards += player.cards_in_hand()
            cards += player.battle_pile + player.speed_pile + player.distance_played
            cards += list(player.safeties)
        return cards

    # ---------------------------------------------------------- equality
    def __eq__(self, other_game: object) -> bool:
        """The same match: position, totals and generator, safeties in the order laid
        (what a save writes: :func:`parlour.mille.files.gamedata.game_to_dict`)."""
        if not isinstance(other_game, Game):
            return NotImplemented
        return self._fields() == other_game._fields()

    def _fields(self) -> tuple[object, ...]:
        laid = tuple(list(player.safeties) for player in self.players)
        return (
            self.seed,
            self.rng.getstate(),
            self.phase,
            self.turn,
            self.goal,
            self.deck,
            self.discards,
            self.starter,
            self.next_starter,
            self.hands_played,
            self.finisher,
            self.players,
            laid,
        )

    __hash__ = None  # type: ignore[assignment]


def card_total_ok(game: Game) -> bool:
    """Whether the 101 cards are all accounted for with BSD's counts."""
    cards = game.all_cards()
    return len(cards) == DECK_SIZE and all(cards.count(c) == COPIES[c] for c in Card)
