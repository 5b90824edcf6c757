"""Cards, notation and the portable deals of Midnight Oil (spec §1, §2, §4, §9).

A card is an int ``suit * 13 + rank``: suits ``C D H S`` are 0..3, ranks
``A 2 .. 9 T J Q K`` are 0..12. Its text form is two characters (``"TH"``).
A fan is a tuple of cards, bottom first; its last card is the top.

Deals are exact on every platform: deal N shuffles the sorted deck with
SplitMix64 seeded with N; redeal r (1 or 2) shuffles the sorted ids of the
cards left with SplitMix64 seeded with ``N*4 + r`` (mod 2**64). Cards are then
dealt fan by fan, three to a fan, the last card dealt to a fan on top.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parlour.core.i18n import N_, _, pgettext
from parlour.core.rng import MASK64, SplitMix64

SUITS = "CDHS"
RANKS = "A23456789TJQK"
SUIT_COUNT = 4
RANK_COUNT = 13
DECK_SIZE = SUIT_COUNT * RANK_COUNT
KING = RANK_COUNT - 1
FAN_COUNT = 18
FAN_SIZE = 3
FAN_KEYS = "abcdefghjklmnopqrs"
"""Fan keys 1..18: there is no ``i`` (it opens the statistics)."""
DEAL_LIMIT = 2**64
"""Deal numbers are 0 <= N < 2**64."""
REDEAL_SEED_FACTOR = 4

Fan = tuple[int, ...]


def rank(card: int) -> int:
    """The rank 0 (ace) .. 12 (king)."""
    return card % RANK_COUNT


def suit(card: int) -> int:
    """The suit 0 (clubs) .. 3 (spades)."""
    return card // RANK_COUNT


def make_card(suit_index: int, rank_index: int) -> int:
    """The card of this suit and rank."""
    return suit_index * RANK_COUNT + rank_index


def card_name(card: int) -> str:
    """Two-character notation: ``"AC"``, ``"TD"``, ``"KS"``."""
    if not 0 <= card < DECK_SIZE:
        raise ValueError(f"no such card: {card}")
    return RANKS[rank(card)] + SUITS[suit(card)]


def parse_card(text: str) -> int:
    """The card named by ``text`` (``"TH"``, case-insensitive; ``10H`` also works)."""
    if not isinstance(text, str):
        raise TypeError(f"a card name must be text, not {type(text).__name__}")
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(_("not a card: {text}").format(text=repr(text)))
    return make_card(SUITS.index(t[1]), RANKS.index(t[0]))


def fan_key(index: int) -> str:
    """The key letter of fan ``index`` (0..17)."""
    return FAN_KEYS[index]


def fan_index(key: str) -> int:
    """The fan index 0..17 of a key letter; ``ValueError`` for anything else."""
    if len(key) != 1 or key.lower() not in FAN_KEYS:
        raise ValueError(_("not a fan: {text}").format(text=repr(key)))
    return FAN_KEYS.index(key.lower())


DEAL_RANGE = N_("a deal number is a whole number from 0 to {limit}")
"""The one refusal of a deal number that is not one (the range worded one way everywhere)."""


def parse_deal_number(text: str) -> int:
    """A deal number typed in decimal; ``ValueError`` with a player message otherwise."""
    t = text.strip()
    # A long run of digits is refused before int() (which stops at 4300 digits).
    if not t.isascii() or not t.isdigit() or len(t) > 40 or int(t, 10) >= DEAL_LIMIT:
        raise ValueError(_(DEAL_RANGE).format(limit=DEAL_LIMIT - 1))
    return int(t, 10)


def check_deal_number(number: int) -> int:
    """Return ``number`` if it is a valid deal number, else ``ValueError``."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < DEAL_LIMIT:
        raise ValueError(f"bad deal number: {number!r}")
    return number


def shuffled(cards: Iterable[int], seed: int) -> list[int]:
    """The cards sorted, then Fisher–Yates shuffled by SplitMix64 seeded with ``seed``."""
    deck = sorted(cards)
    SplitMix64(seed & MASK64).shuffle(deck)
    return deck


def deal_in_threes(cards: Sequence[int]) -> tuple[Fan, ...]:
    """Deal ``cards`` in order into 18 fans, three to a fan, the rest empty."""
    fans = [tuple(cards[i : i + FAN_SIZE]) for i in range(0, len(cards), FAN_SIZE)]
    if len(fans) > FAN_COUNT:
        raise ValueError("too many cards for 18 fans")
    return tuple(fans) + ((),) * (FAN_COUNT - len(fans))


def deal_layout(deal_number: int) -> tuple[Fan, ...]:
    """The first deal of game N: 17 fans of three and one of one (spec §2, §9)."""
    return deal_in_threes(shuffled(range(DECK_SIZE), check_deal_number(deal_number)))


def redeal_seed(deal_number: int, redeal: int) -> int:
    """The SplitMix64 seed of redeal ``redeal`` (1 or 2) of game N."""
    return (deal_number * REDEAL_SEED_FACTOR + redeal) & MASK64


def redeal_layout(cards_left: Iterable[int], deal_number: int, redeal: int) -> tuple[Fan, ...]:
    """Redeal ``redeal`` (1 or 2) of game N with these cards left in the fans (spec §4, §9)."""
    return deal_in_threes(shuffled(cards_left, redeal_seed(deal_number, redeal)))


def next_rank_word(count: int) -> str:
    """The rank that follows ``count`` (1 to 12) cards home, in the player's language (the
    English words of :func:`rank_word`)."""
    words = (
        pgettext("the rank next", "2"),
        pgettext("the rank next", "3"),
        pgettext("the rank next", "4"),
        pgettext("the rank next", "5"),
        pgettext("the rank next", "6"),
        pgettext("the rank next", "7"),
        pgettext("the rank next", "8"),
        pgettext("the rank next", "9"),
        pgettext("the rank next", "10"),
        pgettext("the rank next", "jack"),
        pgettext("the rank next", "queen"),
        pgettext("the rank next", "king"),
    )
    return words[count - 1] if 1 <= count < RANK_COUNT else "nothing"
