"""The totals a statistics line carries: what its one game adds, read without its turns.

A game is recorded as ``SUMMARY<TAB>RECORD`` (:mod:`parlour.core.ledgerline`): the
record as before, led by a checked summary whose body is

    {"v": 2, "game_id": ID, "final": BOOL,
     "totals": [[KEY, TOTALS, LOSSES], ...]}

one entry per player (by :func:`parlour.core.text.name_key`, in seat order): TOTALS
what counting this one game gives that player, in the form the kept totals file
uses (:func:`~parlour.dixmille.files.keptform.dump_totals`, loaded with the same
strict checks, no field more), but for the banked scores and costly decisions of its
style analysis, in a compact form (:mod:`parlour.dixmille.files.compactform`) checked as
strictly, a decision built only when it is kept in the running totals (layout 1,
written by the build of 2026-12-05, held them in the kept file's form; it is still
read). LOSSES the losses of that player's analysed decisions in order, a loss of
nothing written 0 (the points given away are a sum of floats: only adding them one
by one in the same order gives the same sum). The summary is made from the record
itself, read back as a reading reads it (:func:`parlour.dixmille.files.stats.record_line`),
so it says what the record's own check and count say. A reading whose summary's checksum and checks
hold adds these totals (:func:`add`) and never decodes the record; anything else
reads the record as before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from parlour.core.gameid import is_game_id
from parlour.core.text import name_key
from parlour.dixmille.files import compactform
from parlour.dixmille.files.compactform import Compact
from parlour.dixmille.files.keptform import (
    STYLE_FIELDS,
    TOTALS_FIELDS,
    AllTotals,
    dump_totals,
    key_of,
    load_style_counts,
    load_totals,
    merge,
)
from parlour.dixmille.files.totals import GameRecord, Totals, count_game
from parlour.dixmille.game.records import MAX_LOSS

VERSION = 2
"""The layout of a line's summary body written now; 1 is still read, any other is not believed."""


@dataclass(frozen=True, slots=True)
class LineTotals:
    """A game read from its line's summary: its id, whether it is a result, its totals."""

    game_id: str
    finished: bool
    players: tuple[tuple[str, Totals, list[float], Compact | None], ...]
    """(name key, what the game adds to that player, the losses in order, its banked
    scores and costly decisions) per player; those are in the totals' style (and the
    last is None) when read from a body of layout 1."""


def summary(line: GameRecord, version: int = VERSION) -> dict[str, Any]:
    """The summary body of the checked record ``line`` (which has a game id), in
    layout ``version`` (1 only for the tests: that layout is read, no longer written)."""
    found: AllTotals = {}
    count_game(found, line)
    losses: dict[str, list[float]] = {key: [] for key in found}
    for seat, name in enumerate(line.names):
        into = losses[name_key(name)]
        for turn in line.turns[seat]:
            into.extend(d.loss for d in turn.decisions if d.loss is not None)
    if version != 1:  # a loss of nothing as 0: shorter, read faster, the same sum
        losses = {key: [0 if x == 0 else x for x in found] for key, found in losses.items()}
    players = [[key, _dump(entry, version), losses[key]] for key, entry in found.items()]
    return {"v": version, "game_id": line.game_id, "final": line.finished, "totals": players}


def _dump(entry: Totals, version: int) -> dict[str, Any]:
    out = dump_totals(entry)
    if version != 1:
        out["style"]["levels"] = compactform.dump_levels(entry.style.levels)
        out["style"]["costly"] = [compactform.dump_row(c) for c in entry.style.costly.values()]
    return out


def load(body: Any) -> LineTotals:
    """The game a summary body describes; ValueError unless counting one game could
    have made it (the kept totals' checks, and each player counted once)."""
    if not isinstance(body, dict) or len(body) != 4:
        raise ValueError("not a summary")
    version = body["v"]
    if type(version) is not int or (version != VERSION and version != 1):
        raise ValueError("not a summary of a layout this version reads")
    game_id, finished, players = body["game_id"], body["final"], body["totals"]
    if not isinstance(game_id, str) or not is_game_id(game_id):
        raise ValueError("a summary without a game id")
    if not isinstance(finished, bool) or not isinstance(players, list) or not players:
        raise ValueError("a summary is damaged")
    found: list[tuple[str, Totals, list[float], Compact | None]] = []
    keys = set()
    for item in players:
        if not isinstance(item, list) or len(item) != 3 or not isinstance(item[0], str):
            raise ValueError("a player's summary is damaged")
        if version == 1:
            key, entry, compact = item[0], load_totals(item[1]), None
        else:
            key, (entry, compact) = item[0], _load(item[1])
        losses, given = _losses(item[2], whole_zero=version != 1)
        if key in keys or key != key_of(entry.name):
            raise ValueError("a player's summary is under the wrong name")
        keys.add(key)
        _one_game(entry, finished, losses, given)
        found.append((key, entry, losses, compact))
    return LineTotals(game_id, finished, tuple(found))


def _load(data: object) -> tuple[Totals, Compact]:
    """One player's totals in layout 2: every field checked, none more, the compact ones apart."""
    if type(data) is not dict or len(data) != TOTALS_FIELDS:
        raise ValueError("a player's summary is damaged")
    kept = data["style"]
    if type(kept) is not dict or len(kept) != STYLE_FIELDS:
        raise ValueError("a player's summary is damaged")
    style = load_style_counts(kept, levels=False)
    wipes, levels = compactform.load_levels(kept["levels"], style.turns)
    rows = compactform.load_rows(kept["costly"], style)
    return load_totals(data, style), Compact(wipes, levels, rows)


def _losses(value: object, whole_zero: bool) -> tuple[list[float], float]:
    """The losses, each checked, and their sum in order; ``whole_zero``: a loss of
    nothing may be written 0 (layout 2)."""
    if type(value) is not list:
        raise ValueError("a summary's losses are not a list")
    given = 0.0
    for loss in value:
        if type(loss) is float:
            if not 0 <= loss < MAX_LOSS:
                raise ValueError("a summary's loss is out of range")
        elif not whole_zero or type(loss) is not int or loss != 0:
            raise ValueError("a summary's loss is out of range")
        given += loss
    return value, given


def _one_game(entry: Totals, finished: bool, losses: list[float], given: float) -> None:
    """ValueError unless ``entry`` is one game's count, of that result, with those losses
    (``given`` their sum in order)."""
    if entry.games != 1 or (entry.abandoned == 1) == finished:
        raise ValueError("a summary does not count one game")
    style = entry.style
    if len(losses) != style.go_decisions + style.take_decisions:
        raise ValueError("a summary's losses do not match its decisions")
    if given != style.given_away or not math.isfinite(given):
        raise ValueError("a summary's losses do not add up")


def add(totals: AllTotals, game: LineTotals) -> None:
    """Add the game read from its summary, as counting its record would."""
    for key, entry, losses, compact in game.players:
        merge(totals, key, entry, losses)
        if compact is not None:
            compactform.merge_compact(totals[key].style, compact)
