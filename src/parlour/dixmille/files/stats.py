"""Statistics: every game recorded in the data folder, totals per player (spec section 10).

One JSON line per game in ``<data folder>/dixmille/games.jsonl`` (a
:mod:`parlour.core.ledger`): the game's id, date, rule options, seed, players in
seat order (ZEDX marked), final scores, winners, whether it finished, and every
turn of every player. Lines are only ever appended (two copies of the game both
land). One game, one result (docs/foundation.md): reading keeps, of each game id,
its first finished line for good, else its last line, so a game recorded as
abandoned and later resumed from a save and finished counts once, finished, and a
finished game replayed from an older save stays as it ended
(:meth:`~parlour.core.keeper.Keeper.settled_result` finds that result when a save is
resumed, so the replay is told and not recorded).
Each line is checked as a save is (:mod:`parlour.dixmille.files.gamedata`); a damaged
line is skipped and reported, the others shown; the file is never rewritten. A
record the file cannot take is kept and written later
(:func:`parlour.dixmille.files.statsfile.record_game`, :mod:`parlour.core.keeper`).
Totals are keyed by name (:func:`parlour.core.text.name_key`: case, the way an
accent was typed and joiners do not count); abandoned games count for turns but not
for wins, and solitaire games (no opponent) are kept out of win % and shown apart.
The pages read them through :mod:`parlour.dixmille.files.statsfold` (kept beside the file,
so a long file is parsed once: :func:`parlour.dixmille.files.statsfile.stats_report`);
:func:`totals` sums records already read.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from parlour.core import ledger, ledgerline, strictjson
from parlour.core.i18n import N_, _, ngettext
from parlour.core.rng import SEED_LIMIT
from parlour.core.text import printable
from parlour.dixmille.files import linetotals
from parlour.dixmille.files.gamedata import (
    check_game_id,
    check_history,
    player_to_dict,
    players_from_list,
)
from parlour.dixmille.files.savefile import ensure_game_id
from parlour.dixmille.files.totals import PASS_BANDS as PASS_BANDS
from parlour.dixmille.files.totals import GameRecord as GameRecord
from parlour.dixmille.files.totals import Totals as Totals
from parlour.dixmille.files.totals import count_game as count_game
from parlour.dixmille.files.totals import totals as totals
from parlour.dixmille.game.records import check_int
from parlour.dixmille.game.rules import FOUR_TWOS_RULES, Game, number

BAND_LABELS = ("< 300", "300-499", "500-999", "1000-1999", "2000-4999", ">= 5000")
MAX_DATE = 64


def games_label(count: int) -> str:
    """``1 recorded game`` / ``3 recorded games``."""
    return ngettext("{n} recorded game", "{n} recorded games", count).format(n=number(count))


def title(games: int, rows: list[Totals], name: str | None) -> str:
    """The statistics page's title: the games it counts (``games`` in all), and whose.

    For one player, that player's games (``5 recorded games, Ann``), not every
    game in the file, so the title agrees with the columns under it; the name as
    it was recorded (``ann`` typed finds ``Ann``), as the column above it writes it.
    For several players (``--stats Ann Bob``), each column counts its own player's.
    """
    if name is None:
        return _("{games}, all players").format(games=games_label(games))
    if len(rows) > 1:
        return _("{n} players, each one's recorded games").format(n=len(rows))
    recorded = rows[0].name if rows else name
    return _("{games}, {name}").format(
        games=games_label(sum(row.games for row in rows)), name=printable(recorded)
    )


def empty_text(name: str | None) -> str:
    """What the page says where the columns would be when no game is recorded (for ``name``)."""
    if name is None:
        return _("No games recorded yet.")
    return _("No games recorded yet for {name}.").format(name=printable(name))


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


def record_line(record: dict[str, Any]) -> bytes:
    """The statistics line for ``record`` (:func:`game_record`): led by the totals its
    game adds (:mod:`parlour.dixmille.files.linetotals`), worked out from the record as a
    reading decodes and checks it, so a reading need not decode the record. A record
    without a game id, or one its own check refuses, is written alone (read as before)."""
    detail = ledger.encode(record)
    try:
        line = parse_record(strictjson.loads(detail))
        if line.game_id is None:
            return detail
        return ledgerline.with_summary(linetotals.summary(line), detail[:-1])
    except Exception:  # not a record a reading would count: written as it is
        return detail


def parse_record(data: dict[str, Any]) -> GameRecord:
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
    check_int(data["seed"], N_("seed"), 0, SEED_LIMIT - 1)
    check_history(players, four, over=finished)
    cycles = len(players[-1].turns) + (0 if finished else 1)
    if check_int(data["cycles"], N_("cycles")) != cycles:
        raise ValueError("the cycles do not match the turns")
    best = max(p.score for p in players)
    winners = [p.name for p in players if p.score == best] if finished else []
    if data["winners"] != winners:
        raise ValueError("the winners are not the players with the highest score")
    return GameRecord(
        finished=finished,
        four_twos=four,
        names=tuple(p.name for p in players),
        scores=tuple(p.score for p in players),
        winners=tuple(winners),
        turns=tuple(tuple(p.turns) for p in players),
        game_id=check_game_id(data.get("game_id")),
    )


def game_line(game: Game, finished: bool = True) -> GameRecord:
    """The current game as a statistics line (for the screen after a game)."""
    return parse_record(json.loads(json.dumps(game_record(game, finished))))
