"""The rules of Midnight Oil: positions, legal moves, redeals, the draw (spec §2–§6, §9).

Pure Python, no terminal. API (stable; the solver depends on it):

* cards: ints 0..51 (``suit*13 + rank``), helpers re-exported from
  :mod:`parlour.midnightoil.game.cards`: ``rank suit card_name parse_card
  deal_layout redeal_layout deal_in_threes fan_key fan_index``.
* :class:`Move` (from :mod:`~parlour.midnightoil.game.moves`) — frozen; kinds
  ``FOUNDATION`` ("fan->foundation"), ``BUILD`` ("fan->fan"), ``DRAW`` ("draw") and
  ``REDEAL`` ("redeal"). Fans are 0..17, foundations 0..3 (suit order C D H S).
  ``str(move)`` is ``"c -> 1"``, ``"c -> o"``, ``"draw k2 -> 3"`` (the 2nd card
  from the bottom of fan k), ``"draw k2 -> o"`` or ``"redeal"``; :meth:`Move.parse`
  reads it back.
* :class:`State` — one immutable position: ``deal_number``, ``fans`` (18
  tuples, bottom..top), ``foundations`` (4 counts of cards home per suit, so
  the top rank + 1; 0 = empty), ``redeals_left`` (2..0), ``draw_used``.
  ``legal_moves()``, ``apply(move)`` (raises :class:`IllegalMove`),
  ``is_won()``, ``is_stuck()``, ``cards_home()``, ``key()`` (hashable, for
  search), ``phase`` (1..3). Applying ``REDEAL`` performs the real shuffle
  fixed by the deal number; a solver must not use it to peek (it may call
  :meth:`State.redealt_with` with a shuffle of its own instead).
* :func:`auto_home_moves` — manual-auto: every foundation move, repeatedly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parlour import TYPE_CHECKING
from parlour.core.i18n import _
from parlour.core.record import Frozen
from parlour.midnightoil.game.cards import (
    DECK_SIZE,
    FAN_COUNT,
    FAN_KEYS,
    KING,
    RANK_COUNT,
    SUIT_COUNT,
    SUITS,
    Fan,
    card_name,
    check_deal_number,
    deal_in_threes,
    deal_layout,
    fan_index,
    fan_key,
    next_rank_word,
    parse_card,
    rank,
    redeal_layout,
    suit,
)
from parlour.midnightoil.game.moves import (
    BUILD,
    DRAW,
    FOUNDATION,
    KINDS,
    REDEAL,
    IllegalMove,
    Move,
)

if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "BUILD",
    "DRAW",
    "FOUNDATION",
    "REDEAL",
    "REDEALS",
    "IllegalMove",
    "Move",
    "State",
    "auto_home_moves",
    "card_name",
    "deal_in_threes",
    "deal_layout",
    "fan_index",
    "fan_key",
    "parse_card",
    "rank",
    "redeal_layout",
    "suit",
]

REDEALS = 2
"""Redeals per game: the deck is shuffled three times in all."""
PHASES = REDEALS + 1


def _fan_letter(index: int) -> str:
    return FAN_KEYS[index] if 0 <= index < FAN_COUNT else "?"


class State(Frozen):
    """One position of one game (immutable; :meth:`apply` returns a new state)."""

    deal_number: int
    fans: tuple[Fan, ...]
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0)
    redeals_left: int = REDEALS
    draw_used: bool = False

    @staticmethod
    def new(deal_number: int) -> State:
        """The opening position of deal ``deal_number``."""
        return State(deal_number, deal_layout(deal_number))

    @property
    def phase(self) -> int:
        """Which deal of three this is (1, 2 or 3)."""
        return PHASES - self.redeals_left

    def key(self) -> tuple[object, ...]:
        """A hashable summary for search tables (the deal number left out)."""
        return (self.fans, self.foundations, self.redeals_left, self.draw_used)

    def cards_home(self) -> int:
        """Cards on the foundations (the score, 0..52)."""
        return sum(self.foundations)

    def cards_left(self) -> list[int]:
        """The cards still in the fans."""
        return [c for fan in self.fans for c in fan]

    def is_won(self) -> bool:
        """All 52 cards are home."""
        return self.cards_home() == DECK_SIZE

    def is_stuck(self) -> bool:
        """Not won, and no move, no redeal and no usable draw is left."""
        return not self.is_won() and not self.legal_moves()

    def top(self, fan: int) -> int | None:
        """The top card of a fan, or None when it is empty."""
        cards = self.fans[fan]
        return cards[-1] if cards else None

    def goes_home(self, card: int) -> bool:
        """True if ``card`` is the next card of its suit's foundation."""
        return self.foundations[card // RANK_COUNT] == card % RANK_COUNT

    def fan_holding_top(self, card: int) -> int:
        """The fan whose top card is ``card``, or -1."""
        for i, fan in enumerate(self.fans):
            if fan and fan[-1] == card:
                return i
        return -1

    def build_target(self, card: int, exclude: int = -1) -> int:
        """The unique fan ``card`` may be built on (its successor is on top), or -1."""
        if card % RANK_COUNT == KING:
            return -1
        target = self.fan_holding_top(card + 1)
        return -1 if target == exclude else target

    def legal_moves(self, include_redeal: bool = True, include_draw: bool = True) -> list[Move]:
        """All legal moves: foundation moves, builds, draws, then the redeal."""
        if self.is_won():
            return []
        fans = self.fans
        found = self.foundations
        tops = {fan[-1]: i for i, fan in enumerate(fans) if fan}
        homes: list[Move] = []
        builds: list[Move] = []
        for i, fan in enumerate(fans):
            if not fan:
                continue
            c = fan[-1]
            s, r = divmod(c, RANK_COUNT)
            if found[s] == r:
                homes.append(Move(FOUNDATION, i, s, True))
            if r != KING:
                t = tops.get(c + 1, -1)
                if t >= 0:
                    builds.append(Move(BUILD, i, t, False))
        moves = homes + builds
        if include_draw and not self.draw_used:
            moves.extend(self._draw_moves(tops))
        if include_redeal and self.redeals_left > 0:
            moves.append(Move(REDEAL))
        return moves

    def _draw_moves(self, tops: dict[int, int]) -> list[Move]:
        moves: list[Move] = []
        for i, fan in enumerate(self.fans):
            for pos in range(len(fan) - 1):
                c = fan[pos]
                s, r = divmod(c, RANK_COUNT)
                if self.foundations[s] == r:
                    moves.append(Move(DRAW, i, s, True, pos))
                if r != KING:
                    t = tops.get(c + 1, -1)
                    if t >= 0:
                        moves.append(Move(DRAW, i, t, False, pos))
        return moves

    def draw_moves(self) -> list[Move]:
        """The legal draws (empty once the draw is used)."""
        if self.draw_used or self.is_won():
            return []
        return self._draw_moves({fan[-1]: i for i, fan in enumerate(self.fans) if fan})

    def moved_card(self, move: Move) -> int | None:
        """The card a move would move (None for a redeal or a bad source)."""
        if move.kind == REDEAL or not 0 <= move.source < FAN_COUNT:
            return None
        fan = self.fans[move.source]
        if move.kind == DRAW:
            return fan[move.position] if 0 <= move.position < len(fan) else None
        return fan[-1] if fan else None

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMove` with the player's message if ``move`` is not legal."""
        if self.is_won():
            raise IllegalMove(_("The game is won: every card is home."))
        if move.kind == REDEAL:
            if self.redeals_left <= 0:
                raise IllegalMove(_("No redeals left."))
            return
        if move.kind not in KINDS or not 0 <= move.source < FAN_COUNT:
            raise IllegalMove(_("There is no such move."))
        fan = self.fans[move.source]
        letter = _fan_letter(move.source)
        if not fan:
            raise IllegalMove(_("Fan {fan} is empty.").format(fan=letter))
        if move.kind == DRAW:
            if self.draw_used:
                raise IllegalMove(_("The draw has already been used in this game."))
            if not 0 <= move.position < len(fan) - 1:
                raise IllegalMove(
                    _("The draw takes a card under the top of fan {fan}.").format(fan=letter)
                )
            card = fan[move.position]
        else:
            if move.position != -1 or move.kind not in (FOUNDATION, BUILD):
                raise IllegalMove(_("There is no such move."))
            if move.home != (move.kind == FOUNDATION):
                raise IllegalMove(_("There is no such move."))
            card = fan[-1]
        name = card_name(card)
        if move.home:
            if not 0 <= move.target < SUIT_COUNT:
                raise IllegalMove(_("There is no such foundation."))
            if move.target != suit(card):
                raise IllegalMove(
                    _("{card} belongs on foundation {number}.").format(
                        card=name, number=suit(card) + 1
                    )
                )
            if not self.goes_home(card):
                have = self.foundations[move.target]
                if have == 0:
                    why = _("{card} cannot go to an empty foundation: it takes only an ace.")
                    raise IllegalMove(why.format(card=name))
                # TRANSLATORS: {rank} is the next rank the foundation takes: 2 to 10, jack,
                # queen, king (translated with the context "the rank next").
                why = _("{card} cannot go to its foundation: it takes the {rank} next.")
                raise IllegalMove(why.format(card=name, rank=next_rank_word(have)))
            return
        if not 0 <= move.target < FAN_COUNT:
            raise IllegalMove(_("There is no such fan."))
        if move.target == move.source and move.kind == BUILD:
            raise IllegalMove(_("{card} is already on fan {fan}.").format(card=name, fan=letter))
        dest = self.fans[move.target]
        if not dest:
            raise IllegalMove(
                _("Fan {fan} is empty: nothing goes there.").format(fan=_fan_letter(move.target))
            )
        if rank(card) == KING:
            raise IllegalMove(_("{card} is a king: it can only go home.").format(card=name))
        if dest[-1] != card + 1:
            raise IllegalMove(
                _("{card} goes only on {above}, not on {top}.").format(
                    card=name, above=card_name(card + 1), top=card_name(dest[-1])
                )
            )

    def apply(self, move: Move) -> State:
        """The state after ``move``; :class:`IllegalMove` if it is not legal."""
        self.check(move)
        if move.kind == REDEAL:
            redeal = REDEALS - self.redeals_left + 1
            return self.redealt_with(redeal_layout(self.cards_left(), self.deal_number, redeal))
        fans = list(self.fans)
        src = fans[move.source]
        if move.kind == DRAW:
            card = src[move.position]
            fans[move.source] = src[: move.position] + src[move.position + 1 :]
        else:
            card = src[-1]
            fans[move.source] = src[:-1]
        found = self.foundations
        if move.home:
            f = list(found)
            f[move.target] += 1
            found = (f[0], f[1], f[2], f[3])
        else:
            fans[move.target] = fans[move.target] + (card,)
        return State(
            self.deal_number,
            tuple(fans),
            found,
            self.redeals_left,
            self.draw_used or move.kind == DRAW,
        )

    def redealt_with(self, fans: Sequence[Fan]) -> State:
        """This state after a redeal that produced ``fans`` (a solver's sampled shuffle)."""
        if self.redeals_left <= 0:
            raise IllegalMove(_("No redeals left."))
        return State(
            self.deal_number,
            tuple(tuple(f) for f in fans),
            self.foundations,
            self.redeals_left - 1,
            self.draw_used,
        )

    def describe(self, move: Move) -> str:
        """The move in words for the player: ``"4♣ (k) to foundation 1"``-style, ASCII names."""
        if move.kind == REDEAL:
            return "redeal"
        card = self.moved_card(move)
        name = card_name(card) if card is not None else "?"
        letter = _fan_letter(move.source)
        dest = f"foundation {move.target + 1}" if move.home else f"fan {_fan_letter(move.target)}"
        if move.kind == DRAW:
            return f"draw {name} from fan {letter} to {dest}"
        return f"{name} ({letter}) to {dest}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict, cards by name."""
        return {
            "deal_number": self.deal_number,
            "fans": [[card_name(c) for c in fan] for fan in self.fans],
            "foundations": {SUITS[s]: self.foundations[s] for s in range(SUIT_COUNT)},
            "redeals_left": self.redeals_left,
            "draw_used": self.draw_used,
        }

    @staticmethod
    def from_dict(data: Any) -> State:
        """Rebuild and validate a state; ``ValueError``/``TypeError``/``KeyError`` if bad."""
        if not isinstance(data, dict):
            raise TypeError(_("the position is not an object"))
        deal = check_deal_number(data["deal_number"])
        raw_fans = data["fans"]
        if not isinstance(raw_fans, list) or len(raw_fans) != FAN_COUNT:
            raise ValueError(_("the position must have {count} fans").format(count=FAN_COUNT))
        fans: list[Fan] = []
        for fan in raw_fans:
            if not isinstance(fan, list):
                raise TypeError(_("a fan is not a list of cards"))
            fans.append(tuple(parse_card(c) for c in fan))
        raw_found = data["foundations"]
        if not isinstance(raw_found, dict) or set(raw_found) != set(SUITS):
            raise ValueError(_("the foundations must be given for C, D, H and S"))
        counts: list[int] = []
        for s in SUITS:
            n = raw_found[s]
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= RANK_COUNT:
                raise ValueError(
                    _("foundation {suit} holds {count} cards").format(suit=s, count=repr(n))
                )
            counts.append(n)
        home = [s * RANK_COUNT + r for s in range(SUIT_COUNT) for r in range(counts[s])]
        _check_all_cards(home + [c for fan in fans for c in fan])
        redeals = data["redeals_left"]
        if isinstance(redeals, bool) or not isinstance(redeals, int) or not 0 <= redeals <= REDEALS:
            raise ValueError(_("redeals left must be 0 to {limit}").format(limit=REDEALS))
        draw_used = data["draw_used"]
        if not isinstance(draw_used, bool):
            raise TypeError(_("draw_used must be true or false"))
        return State(
            deal, tuple(fans), (counts[0], counts[1], counts[2], counts[3]), redeals, draw_used
        )


def rank_word(count: int) -> str:
    """The name of the rank that follows ``count`` cards home (for messages)."""
    names = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
    return names[count] if 0 <= count < RANK_COUNT else "nothing"


def _check_all_cards(cards: Iterable[int]) -> None:
    seen = sorted(cards)
    if seen != list(range(DECK_SIZE)):
        counts: dict[int, int] = {}
        for c in seen:
            counts[c] = counts.get(c, 0) + 1
        twice = [card_name(c) for c, n in counts.items() if n > 1]
        missing = [card_name(c) for c in range(DECK_SIZE) if c not in counts]
        detail = []
        if twice:
            detail.append(_("twice: {cards}").format(cards=" ".join(twice[:5])))
        if missing:
            detail.append(_("missing: {cards}").format(cards=" ".join(missing[:5])))
        # TRANSLATORS: {detail} is "twice: ..." and/or "missing: ...", joined by "; ".
        why = _("the cards do not add up ({detail})")
        raise ValueError(why.format(detail="; ".join(detail)))


def auto_home_moves(state: State, foundations: Iterable[int]) -> list[Move]:
    """Manual-auto: every fan->foundation move to these foundations, repeatedly, in order.

    Never builds and never draws. Returns the moves (possibly none); apply them
    in order to ``state``.
    """
    wanted = set(foundations)
    moves: list[Move] = []
    current = state
    progress = True
    while progress:
        progress = False
        for i, fan in enumerate(current.fans):
            if fan and suit(fan[-1]) in wanted and current.goes_home(fan[-1]):
                move = Move.to_foundation(i, suit(fan[-1]))
                current = current.apply(move)
                moves.append(move)
                progress = True
    return moves
