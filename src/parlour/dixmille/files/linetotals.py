"""The totals a statistics line carries: what its one game adds, read without its turns.

A game is recorded as ``SUMMARY<TAB>RECORD`` (:mod:`parlour.core.ledgerline`): the
record as before, led by a checked summary whose body is

    {"v": 1, "game_id": ID, "final": BOOL,
     "totals": [[KEY, TOTALS, LOSSES], ...]}

one entry per player (by :func:`parlour.core.text.name_key`, in seat order): TOTALS
what counting this one game gives that player, in the form the kept totals file
uses (:func:`~parlour.dixmille.files.keptform.dump_totals`, loaded with the same
strict checks), LOSSES the losses of that player's analysed decisions in order (the
points given away are a sum of floats: only adding them one by one in the same
order gives the same sum). The summary is made from the record itself, read back as
a reading reads it (:func:`parlour.dixmille.files.stats.record_line`), so it says what
the record's own check and count say. A reading whose summary's checksum and checks
hold adds these totals (:func:`add`) and never decodes the record; anything else
reads the record as before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from parlour.core.gameid import is_game_id
from parlour.core.text import name_key
from parlour.dixmille.files.keptform import AllTotals, dump_totals, key_of, load_totals, merge
from parlour.dixmille.files.totals import GameLine, Totals, count_game
from parlour.dixmille.game.records import MAX_LOSS

VERSION = 1
"""The layout of a line's summary body; a body of another version is not believed."""


@dataclass(frozen=True, slots=True)
class LineTotals:
    """A game read from its line's summary: its id, whether it is a result, its totals."""

    game_id: str
    finished: bool
    players: tuple[tuple[str, Totals, list[float]], ...]
    """(name key, what the game adds to that player, the losses in order) per player."""


def summary(line: GameLine) -> dict[str, Any]:
    """The summary body of the checked record ``line`` (which has a game id)."""
    found: AllTotals = {}
    count_game(found, line)
    losses: dict[str, list[float]] = {key: [] for key in found}
    for seat, name in enumerate(line.names):
        into = losses[name_key(name)]
        for turn in line.turns[seat]:
            into.extend(d.loss for d in turn.decisions if d.loss is not None)
    players = [[key, dump_totals(entry), losses[key]] for key, entry in found.items()]
    return {"v": VERSION, "game_id": line.game_id, "final": line.finished, "totals": players}


def load(body: Any) -> LineTotals:
    """The game a summary body describes; ValueError unless counting one game could
    have made it (the kept totals' checks, and each player counted once)."""
    if not isinstance(body, dict) or body["v"] != VERSION or len(body) != 4:
        raise ValueError("not a summary of this layout")
    game_id, finished, players = body["game_id"], body["final"], body["totals"]
    if not isinstance(game_id, str) or not is_game_id(game_id):
        raise ValueError("a summary without a game id")
    if not isinstance(finished, bool) or not isinstance(players, list) or not players:
        raise ValueError("a summary is damaged")
    found: list[tuple[str, Totals, list[float]]] = []
    keys = set()
    for item in players:
        if not isinstance(item, list) or len(item) != 3 or not isinstance(item[0], str):
            raise ValueError("a player's summary is damaged")
        key, entry, losses = item[0], load_totals(item[1]), _losses(item[2])
        if key in keys or key != key_of(entry.name):
            raise ValueError("a player's summary is under the wrong name")
        keys.add(key)
        _one_game(entry, finished, losses)
        found.append((key, entry, losses))
    return LineTotals(game_id, finished, tuple(found))


def _losses(value: object) -> list[float]:
    if not isinstance(value, list):
        raise ValueError("a summary's losses are not a list")
    for loss in value:
        if type(loss) is not float or not 0 <= loss < MAX_LOSS:
            raise ValueError("a summary's loss is out of range")
    return value


def _one_game(entry: Totals, finished: bool, losses: list[float]) -> None:
    """ValueError unless ``entry`` is one game's count, of that result, with those losses."""
    if entry.games != 1 or (entry.abandoned == 1) == finished:
        raise ValueError("a summary does not count one game")
    style = entry.style
    if len(losses) != style.go_decisions + style.take_decisions:
        raise ValueError("a summary's losses do not match its decisions")
    given = 0.0
    for loss in losses:
        given += loss
    if given != style.given_away or not math.isfinite(given):
        raise ValueError("a summary's losses do not add up")


def add(totals: AllTotals, game: LineTotals) -> None:
    """Add the game read from its summary, as counting its record would."""
    for key, entry, losses in game.players:
        merge(totals, key, entry, losses)
