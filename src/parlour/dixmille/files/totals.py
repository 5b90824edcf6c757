"""One player's totals over recorded games, and a checked game line they are counted from.

:class:`GameRecord` is a statistics line once checked
(:func:`parlour.dixmille.files.stats.parse_record`); :func:`count_game` adds one to
per-player :class:`Totals` (spec section 10). All are re-exported by
:mod:`parlour.dixmille.files.stats`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from parlour.core.text import name_key
from parlour.dixmille.computer.analysis import PlayStyle
from parlour.dixmille.game.records import BUST, FOUR_TWOS, PASS, TurnRecord
from parlour.dixmille.game.rules import FOUR_TWOS_GAME, TARGET
from parlour.dixmille.game.scoring import DICE_COUNT, STRAIGHT, THREE_PAIRS

PASS_BANDS = ((0, 300), (300, 500), (500, 1000), (1000, 2000), (2000, 5000), (5000, None))


@dataclass(frozen=True)
class GameRecord:
    """A validated line of the statistics file."""

    finished: bool
    four_twos: str
    names: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[str, ...]
    turns: tuple[tuple[TurnRecord, ...], ...]
    game_id: str | None = None
    """None on lines written before games had ids (each such line is its own game)."""

    @property
    def solitaire(self) -> bool:
        """A game without an opponent (kept out of win %)."""
        return len(self.names) == 1


@dataclass
class Totals:
    """One player's figures over a set of games (spec section 10)."""

    name: str
    games: int = 0
    """Every game recorded: abandoned + finished + solitaire."""
    abandoned: int = 0
    """Games left unfinished (their turns count, they have no result)."""
    finished: int = 0
    """Finished games against at least one opponent (the games win % is taken over)."""
    solitaire: int = 0
    """Finished solitaire games (shown apart: no win or loss)."""
    won: int = 0
    shared: int = 0
    solitaire_turns: list[int] = field(default_factory=list)
    turns: int = 0
    throws: int = 0
    banked: int = 0
    passes: int = 0
    pass_points: int = 0
    busts: int = 0
    bust_lost: int = 0
    four_twos: int = 0
    four_twos_lost: int = 0
    pass_bands: list[int] = field(default_factory=lambda: [0] * len(PASS_BANDS))
    pass_dice: list[int] = field(default_factory=lambda: [0] * DICE_COUNT)
    one_die: int = 0
    one_first: int = 0
    one_second: int = 0
    bonus: int = 0
    top_bonus: int = 0
    hot_dice: int = 0
    straights: int = 0
    three_pairs: int = 0
    best_turn: int = 0
    longest_turn: int = 0
    highest_score: int = 0
    style: PlayStyle = field(default_factory=PlayStyle)

    def add_turn(self, turn: TurnRecord, four_twos_wipes: bool = True) -> None:
        """Count one turn; ``four_twos_wipes`` is the game's rule (the optimum depends on it)."""
        self.turns += 1
        self.throws += turn.throws
        self.hot_dice += turn.hot_dice
        self.straights += turn.six_dice.count(STRAIGHT)
        self.three_pairs += turn.six_dice.count(THREE_PAIRS)
        self.longest_turn = max(self.longest_turn, turn.throws)
        self.one_die += len(turn.one_die)
        self.one_first += turn.one_die.count(1)
        self.one_second += turn.one_die.count(2)
        self.bonus += turn.bonus
        self.top_bonus = max(self.top_bonus, sum(1 for a in turn.one_die if a))
        if turn.result == PASS:
            self.banked += turn.turn_points
            self.passes += 1
            self.pass_points += turn.turn_points
            self.best_turn = max(self.best_turn, turn.turn_points)
            self.highest_score = max(self.highest_score, turn.score_before + turn.turn_points)
            for i, (low, high) in enumerate(PASS_BANDS):
                if turn.turn_points >= low and (high is None or turn.turn_points < high):
                    self.pass_bands[i] += 1
            if 1 <= turn.dice_at_pass <= DICE_COUNT:
                self.pass_dice[turn.dice_at_pass - 1] += 1
        elif turn.result == BUST:
            self.busts += 1
            self.bust_lost += turn.lost
        elif turn.result == FOUR_TWOS:
            self.four_twos += 1
            self.four_twos_lost += turn.lost
        self.style.add_turn(turn, four_twos_wipes)

    @staticmethod
    def ratio(a: float, b: float) -> float | None:
        return a / b if b else None


def totals(games: list[GameRecord], name_filter: str | None = None) -> list[Totals]:
    """Per-player totals over ``games`` (first-seen order), optionally for one name."""
    found: dict[str, Totals] = {}
    wanted = name_key(name_filter) if name_filter else None
    for game in games:
        count_game(found, game, wanted)
    return list(found.values())


def count_game(found: dict[str, Totals], game: GameRecord, wanted: str | None = None) -> None:
    """Add ``game`` to the totals ``found`` (keyed by :func:`name_key`), or only the seat
    of the player whose key is ``wanted``."""
    for seat, name in enumerate(game.names):
        key = name_key(name)
        if wanted is not None and key != wanted:
            continue
        entry = found.get(key)
        if entry is None:
            entry = found[key] = Totals(name)
        entry.name = name
        entry.games += 1
        wipes = game.four_twos == FOUR_TWOS_GAME
        for turn in game.turns[seat]:
            entry.add_turn(turn, wipes)
        entry.highest_score = max(entry.highest_score, game.scores[seat])
        if not game.finished:
            entry.abandoned += 1
            continue
        if game.solitaire:
            entry.solitaire += 1
            if game.scores[0] >= TARGET:
                entry.solitaire_turns.append(len(game.turns[0]))
            continue
        entry.finished += 1
        if name in game.winners:
            if len(game.winners) > 1:
                entry.shared += 1
            else:
                entry.won += 1
