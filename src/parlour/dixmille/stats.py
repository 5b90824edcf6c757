"""Statistics: every game recorded in the data folder, totals per player (spec section 10).

One JSON line per game in ``<data folder>/dixmille/games.jsonl``: date, rule
options, seed, players in seat order (ZEDX marked), final scores, winners,
whether it finished, and every turn of every player. Totals are computed from
the file when shown, keyed by name (case-insensitive); abandoned games count
for turns but not for wins. A damaged file is kept aside and a new one started
with the lines that could be read; the player is told, the game never crashes.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from parlour.core.paths import data_dir
from parlour.dixmille.analysis import Style
from parlour.dixmille.records import BUST, FOUR_TWOS, PASS, TurnRecord, check_int
from parlour.dixmille.rules import FOUR_TWOS_RULES, TARGET, Game
from parlour.dixmille.scoring import DICE_COUNT, STRAIGHT, THREE_PAIRS

FILE_NAME = "games.jsonl"
PASS_BANDS = ((0, 300), (300, 500), (500, 1000), (1000, 2000), (2000, 5000), (5000, None))
BAND_LABELS = ("< 300", "300-499", "500-999", "1000-1999", "2000-4999", ">= 5000")


def games_label(count: int) -> str:
    """``1 recorded game`` / ``3 recorded games``."""
    return f"{count} recorded game{'' if count == 1 else 's'}"


def stats_path() -> Path:
    """Where the games are recorded."""
    return data_dir() / "dixmille" / FILE_NAME


def game_record(game: Game, finished: bool) -> dict[str, Any]:
    """One line of the statistics file for ``game``."""
    winners = [game.players[i].name for i in game.winners()] if finished else []
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "rules": {"four_twos": game.four_twos},
        "seed": game.seed,
        "finished": finished,
        "cycles": game.cycle,
        "players": [
            {
                "name": p.name,
                "computer": p.computer,
                "score": p.score,
                "turns": [t.to_dict() for t in p.turns],
            }
            for p in game.players
        ],
        "winners": winners,
    }


def record_game(game: Game, finished: bool) -> str | None:
    """Append the game to the statistics file; a message if that failed (else None)."""
    path = stats_path()
    line = json.dumps(game_record(game, finished), separators=(",", ":"), allow_nan=False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(line + "\n")
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        return f"Statistics not recorded: {exc.strerror or exc}"
    return None


@dataclass(frozen=True)
class GameLine:
    """A validated line of the statistics file."""

    finished: bool
    four_twos: str
    names: tuple[str, ...]
    computer: tuple[bool, ...]
    scores: tuple[int, ...]
    winners: tuple[str, ...]
    turns: tuple[tuple[TurnRecord, ...], ...]


def parse_line(text: str) -> GameLine:
    """Validate one line; ValueError/KeyError/TypeError if it is damaged."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not an object")
    players = data["players"]
    if not isinstance(players, list) or not 1 <= len(players) <= 6:
        raise ValueError("bad players")
    four = data["rules"]["four_twos"]
    if four not in FOUR_TWOS_RULES:
        raise ValueError("bad rules")
    finished = data["finished"]
    winners = data["winners"]
    if not isinstance(finished, bool) or not isinstance(winners, list):
        raise ValueError("bad result")
    names = tuple(str(p["name"]) for p in players)
    if not all(isinstance(w, str) and w in names for w in winners):
        raise ValueError("a winner is not a player")
    computer = tuple(p["computer"] for p in players)
    if not all(isinstance(c, bool) for c in computer):
        raise ValueError("bad computer flag")
    return GameLine(
        finished=finished,
        four_twos=four,
        names=names,
        computer=computer,
        scores=tuple(check_int(p["score"], "score", step=50) for p in players),
        winners=tuple(winners),
        turns=tuple(tuple(TurnRecord.from_dict(t) for t in p["turns"]) for p in players),
    )


def load_games() -> tuple[list[GameLine], str | None]:
    """Every recorded game, and a message when the file was damaged (and set aside)."""
    path = stats_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return [], None
    except (OSError, UnicodeDecodeError) as exc:
        return [], _set_aside(path, [], f"could not be read ({exc})")
    games: list[GameLine] = []
    good: list[str] = []
    bad = 0
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            games.append(parse_line(line))
            good.append(line)
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            bad += 1
    if bad:
        return games, _set_aside(path, good, f"had {bad} damaged line{'s' if bad > 1 else ''}")
    return games, None


def _set_aside(path: Path, good: list[str], problem: str) -> str:
    """Keep the damaged file aside, start a new one with the good lines; the message."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    try:
        os.replace(path, aside)
        with open(path, "w", encoding="utf-8") as handle:
            handle.writelines(line + "\n" for line in good)
    except OSError as exc:
        return f"Statistics file {path} {problem} and could not be repaired: {exc}"
    return f"Statistics file {problem}: kept aside as {aside.name}; {len(good)} games kept"


@dataclass
class Totals:
    """One player's figures over a set of games (spec section 10)."""

    name: str
    games: int = 0
    finished: int = 0
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
    style: Style = field(default_factory=Style)

    def add_turn(self, turn: TurnRecord) -> None:
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
        self.style.add_turn(turn)

    @staticmethod
    def ratio(a: float, b: float) -> float | None:
        return a / b if b else None


def totals(games: list[GameLine], name_filter: str | None = None) -> list[Totals]:
    """Per-player totals over ``games`` (first-seen order), optionally for one name."""
    found: dict[str, Totals] = {}
    wanted = name_filter.strip().casefold() if name_filter else None
    for game in games:
        for seat, name in enumerate(game.names):
            key = name.casefold()
            if wanted is not None and key != wanted:
                continue
            entry = found.setdefault(key, Totals(name))
            entry.name = name
            entry.games += 1
            for turn in game.turns[seat]:
                entry.add_turn(turn)
            entry.highest_score = max(entry.highest_score, game.scores[seat])
            if not game.finished:
                continue
            entry.finished += 1
            if len(game.names) == 1:
                if game.scores[0] >= TARGET:
                    entry.solitaire_turns.append(len(game.turns[0]))
            elif name in game.winners:
                if len(game.winners) > 1:
                    entry.shared += 1
                else:
                    entry.won += 1
    return list(found.values())


def game_line(game: Game, finished: bool = True) -> GameLine:
    """The current game as a statistics line (for the screen after a game)."""
    return parse_line(json.dumps(game_record(game, finished)))
