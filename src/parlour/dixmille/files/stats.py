"""Statistics: every game recorded in the data folder, totals per player (spec section 10).

One JSON line per game in ``<data folder>/dixmille/games.jsonl`` (a
:mod:`parlour.core.ledger`): the game's id, date, rule options, seed, players in
seat order (ZEDX marked), final scores, winners, whether it finished, and every
turn of every player. Lines are only ever appended (two copies of the game both
land). One game, one result (docs/foundation.md): reading keeps, of each game id,
its first finished line for good, else its last line, so a game recorded as
abandoned and later resumed from a save and finished counts once, finished, and a
finished game replayed from an older save stays as it ended (:func:`settled`
finds that result when a save is resumed, so the replay is told and not recorded).
Each line is checked as a save is (:mod:`parlour.dixmille.files.gamedata`); a damaged
line is skipped and reported, the others shown; the file is never rewritten. A
record the file cannot take is kept and written later (:func:`record_game`,
:mod:`parlour.core.pending`).
Totals are keyed by name (:func:`parlour.core.text.name_key`: case, the way an
accent was typed and joiners do not count); abandoned games count for turns but not
for wins, and solitaire games (no opponent) are kept out of win % and shown apart.
The pages read them through :mod:`parlour.dixmille.files.statsfold` (kept beside the file,
so a long file is parsed once); :func:`totals` sums records already read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from parlour.core import ledger
from parlour.core.rng import SEED_LIMIT
from parlour.core.text import LINE_COLUMNS, name_key, printable
from parlour.dixmille.computer.analysis import Style
from parlour.dixmille.files.gamedata import (
    check_game_id,
    check_history,
    player_to_dict,
    players_from_list,
)
from parlour.dixmille.files.savefile import ensure_game_id
from parlour.dixmille.files.statsfile import FILE_NAME as FILE_NAME
from parlour.dixmille.files.statsfile import data_folder_problem
from parlour.dixmille.files.statsfile import stats_path as stats_path
from parlour.dixmille.game.records import BUST, FOUR_TWOS, PASS, TurnRecord, check_int
from parlour.dixmille.game.rules import FOUR_TWOS_GAME, FOUR_TWOS_RULES, TARGET, Game
from parlour.dixmille.game.scoring import DICE_COUNT, STRAIGHT, THREE_PAIRS

PASS_BANDS = ((0, 300), (300, 500), (500, 1000), (1000, 2000), (2000, 5000), (5000, None))
BAND_LABELS = ("< 300", "300-499", "500-999", "1000-1999", "2000-4999", ">= 5000")
MAX_DATE = 64


def games_label(count: int) -> str:
    """``1 recorded game`` / ``3 recorded games``."""
    return f"{count} recorded game{'' if count == 1 else 's'}"


def title(games: int, rows: list[Totals], name: str | None) -> str:
    """The statistics page's title: the games it counts (``games`` in all), and whose.

    For one player, that player's games (``5 recorded games, Ann``), not every
    game in the file, so the title agrees with the columns under it; the name as
    it was recorded (``ann`` typed finds ``Ann``), as the column above it writes it.
    For several players (``--stats Ann Bob``), each column counts its own player's.
    """
    if name is None:
        return f"{games_label(games)}, all players"
    if len(rows) > 1:
        return f"{len(rows)} players, each one's recorded games"
    recorded = rows[0].name if rows else name
    return f"{games_label(sum(row.games for row in rows))}, {printable(recorded)}"


def empty_text(name: str | None) -> str:
    """What the page says where the columns would be when no game is recorded (for ``name``)."""
    if name is None:
        return "No games recorded yet."
    return f"No games recorded yet for {printable(name)}."


def game_record(game: Game, finished: bool) -> dict[str, Any]:
    """One line of the statistics file for ``game``."""
    winners = [game.players[i].name for i in game.winners()] if finished else []
    return {
        "game_id": ensure_game_id(game),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "rules": {"four_twos": game.four_twos},
        "seed": game.seed,
        "finished": finished,
        "cycles": game.cycle,
        "players": [player_to_dict(p) for p in game.players],
        "winners": winners,
    }


def record_game(game: Game, finished: bool) -> str | None:
    """Append the game to the statistics file; a line for the player if it is not there.

    Through :func:`parlour.core.pending.record`: a record the file cannot take (a
    full disk, a data folder that cannot be used) is kept to be written the next
    time, and the lines say why and where it is kept (each at most 80 columns: the
    reason whole, the kept file's name on a line of its own when one line cannot
    hold both).
    """
    from parlour.core import pending

    problem = data_folder_problem()
    try:
        path = stats_path()
    except OSError as exc:  # no folder can even be named: there is nowhere to keep it
        written = pending.Written(reason=problem or exc.strerror or str(exc))
    else:
        written = pending.record(path, game_record(game, finished), problem)
    return "\n".join(written.lines(LINE_COLUMNS)) or None


@dataclass(frozen=True)
class GameLine:
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


def parse_record(data: dict[str, Any]) -> GameLine:
    """Validate one decoded line as a save is validated; ValueError (or another) if damaged."""
    players = players_from_list(data["players"])
    rules = data["rules"]
    four = rules.get("four_twos") if isinstance(rules, dict) else None
    if four not in FOUR_TWOS_RULES:
        raise ValueError("bad rules")
    assert isinstance(four, str)
    finished = data["finished"]
    if not isinstance(finished, bool):
        raise ValueError("bad result")
    date = data["date"]
    if not isinstance(date, str) or len(date) > MAX_DATE:
        raise ValueError("bad date")
    check_int(data["seed"], "seed", 0, SEED_LIMIT - 1)
    check_history(players, four, over=finished)
    cycles = len(players[-1].turns) + (0 if finished else 1)
    if check_int(data["cycles"], "cycles") != cycles:
        raise ValueError("the cycles do not match the turns")
    best = max(p.score for p in players)
    winners = [p.name for p in players if p.score == best] if finished else []
    if data["winners"] != winners:
        raise ValueError("the winners are not the players with the highest score")
    return GameLine(
        finished=finished,
        four_twos=four,
        names=tuple(p.name for p in players),
        scores=tuple(p.score for p in players),
        winners=tuple(winners),
        turns=tuple(tuple(p.turns) for p in players),
        game_id=check_game_id(data.get("game_id")),
    )


def is_final(line: GameLine) -> bool:
    """A finished game is a result (an abandoned one is not): the first one of an id stands."""
    return line.finished


def load_games() -> tuple[list[GameLine], str | None]:
    """Every recorded game (each id once: its first finished line, else its last line),
    and a message about what was skipped."""
    try:
        path = stats_path()
    except OSError as exc:
        return [], printable(f"Statistics could not be read: {exc}")
    reading = ledger.read(path, parse_record, lambda line: line.game_id, is_final)
    if reading.problem:
        problem = printable(f"Statistics could not be read: {reading.problem} ({path})")
        return reading.records, problem
    message = reading.message()
    return reading.records, printable(message) if message else None


def settled(game_id: str | None) -> GameLine | None:
    """The recorded result of the game ``game_id`` (its first finished line), or None.

    A resumed save whose game has one is a replay (docs/foundation.md, "One game,
    one result"). The records kept to be written later (:mod:`parlour.core.pending`:
    the statistics file could not take them yet) are looked at too, after the file.
    A file that cannot be read counts as no result: the replay is then passed over
    when the statistics are read.
    """
    from parlour.core import pending

    if game_id is None:
        return None
    try:
        path = stats_path()
    except OSError:
        return None
    for place in [path, *pending.places(path)]:
        found = ledger.settled_record(place, game_id, parse_record, is_final)
        if found is not None:
            return found
    return None


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
    style: Style = field(default_factory=Style)

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


def totals(games: list[GameLine], name_filter: str | None = None) -> list[Totals]:
    """Per-player totals over ``games`` (first-seen order), optionally for one name."""
    found: dict[str, Totals] = {}
    wanted = name_key(name_filter) if name_filter else None
    for game in games:
        count_game(found, game, wanted)
    return list(found.values())


def count_game(found: dict[str, Totals], game: GameLine, wanted: str | None = None) -> None:
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


def game_line(game: Game, finished: bool = True) -> GameLine:
    """The current game as a statistics line (for the screen after a game)."""
    return parse_record(json.loads(json.dumps(game_record(game, finished))))
