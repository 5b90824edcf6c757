"""Mille Bornes save files: the shared envelope around the game, the screen state, the
computer player's memory, the opponent's level and the statistics of the game so far.

``save(path, game, ui_state, computer, meta)`` writes atomically; :func:`load_saved`
returns a :class:`Saved` (``load(path)`` gives ``(game, ui_state)`` and
``load_all(path)`` ``(game, ui_state, computer)``), or they raise
:class:`SaveError` naming the file and the problem. Loading is total: every
field is checked (types, ranges, the game's consistency, the screen state, the
computer's memory for its level, the hand summaries against the totals), so a
file either loads into a position that can be played to the end or is refused.

``state`` holds ``game``, ``ui``, ``computer`` and, since format 2 (the
statistics), ``game_id``, ``level`` and ``hands``; since format 3, ``hand_log``:
the player's decisions of the hand in play (or just ended), so that a restored
hand is reviewed whole (:mod:`parlour.mille.files.handlog_state`). Saves before format 3
restore with an empty log that says it is not complete. Format 1 saves load as the
``strong`` level, with a game id derived from the envelope's seed and time of
saving (the same old file always gives the same id) and the next hand's
starter derived from the hand number (they did not keep it reliably). A save
holds the phase, so a save made at the Extension? question restores the
question (BSD lost it); the next hand is started by whoever's turn it is in
the normal alternation (BSD's restore let the human start it).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from typing import Any

from parlour.core.i18n import _, pgettext
from parlour.core.ledger import GAME_ID_LENGTH, is_game_id, new_game_id
from parlour.core.saves import (
    SaveError,
    SaveFile,
    encode_save,
    load_game,
    unencodable,
    write_encoded,
)
from parlour.mille.computer.handlog import HandLog
from parlour.mille.files.gamedata import game_from_dict, game_to_dict, starter_of
from parlour.mille.files.handlog_state import log_from_dict, log_to_dict
from parlour.mille.files.meta import DEFAULT_LEVEL as DEFAULT_LEVEL
from parlour.mille.files.meta import Meta as Meta
from parlour.mille.files.stats import MAX_HANDS, HandSummary, check_hands, summarize_hand
from parlour.mille.files.uisave import validate_ui_state
from parlour.mille.game import LEVELS
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Phase

GAME = "mille"
FORMAT_VERSION = 3
"""3: ``hand_log``; 2: ``game_id``, ``level``, ``hands``, ``hands_complete`` and a kept next
starter (1: none of them)."""


@dataclass
class Saved:
    """A loaded save."""

    game: Game
    ui: dict[str, Any]
    computer: dict[str, Any]
    meta: Meta
    hand_log: HandLog
    """The player's decisions of the hand (empty and not complete before format 3)."""


def _object(path: str | os.PathLike[str], value: Any, what: str) -> dict[str, Any]:
    """``value`` (None: empty) checked to be a JSON object."""
    data = {} if value is None else value
    if not isinstance(data, dict):
        raise SaveError(path, _("{what} is not a JSON object").format(what=what))
    return data


def _refuse_unencodable(path: str | os.PathLike[str], parts: list[tuple[Any, str]]) -> None:
    """The first of ``parts`` (value, what) that JSON cannot hold, refused by name: where
    a save that did not encode went wrong (the whole state is encoded only once)."""
    for value, what in parts:
        try:
            json.dumps(value, allow_nan=False)
        except (TypeError, ValueError) as exc:
            reason = _("{what} cannot be saved ({error})").format(what=what, error=exc)
            raise SaveError(path, reason) from exc


def save(
    path: str | os.PathLike[str],
    game: Game,
    ui_state: dict[str, Any] | None = None,
    computer: dict[str, Any] | None = None,
    meta: Meta | None = None,
    hand_log: HandLog | None = None,
) -> None:
    """Write ``game``, the UI's ``ui_state``, the ``computer``'s memory, ``meta`` and the
    player's decisions of the hand (``hand_log``) to ``path``.

    Without ``meta`` the game gets a new id, no earlier hands and the level whose
    computer player the memory belongs to (the default level when there is none).
    Without ``hand_log`` the hand's decisions are saved as unknown (an empty log that
    is not complete).
    The save is encoded once, and those bytes, read back, pass the checks loading makes
    (:func:`check_state`) before they are written: a file the loader would refuse helps
    no one.
    """
    ui = _object(path, ui_state, pgettext("save field", "the screen state"))
    parts = [(ui, pgettext("save field", "the screen state"))]
    if computer is not None and not isinstance(computer, dict):
        _refuse_unencodable(path, parts)  # the earlier part's problem first, as named
    memory = _object(path, computer, pgettext("save field", "the computer's memory"))
    parts.append((memory, pgettext("save field", "the computer's memory")))
    game_data = game_to_dict(game)
    state: dict[str, Any] = {"game": game_data, "ui": ui, "computer": memory}
    if meta is None:  # the memory says whose it is: keep the level it belongs to
        meta = fresh_meta(game, "classic" if memory.get("player") == "classic" else DEFAULT_LEVEL)
    state.update(meta.to_dict())
    state["hand_log"] = log_to_dict(hand_log or HandLog(complete=False))
    try:
        data = encode_save(path, GAME, FORMAT_VERSION, game.seed, state)
    except SaveError:
        _refuse_unencodable(path, parts)
        raise
    written = json.loads(data)["state"]
    try:
        read = game_from_dict(written["game"])  # every check loading makes of the game itself
    except Exception as exc:  # a crash mid-move
        reason = _("not saved: the game is in the middle of a move ({reason})")
        raise SaveError(path, reason.format(reason=exc)) from exc
    if written["game"] != game_data:  # the bytes must hold the game as it is played
        raise unencodable(path, next(k for k in game_data if written["game"][k] != game_data[k]))
    try:
        check_state(written, game.seed, game=read)
    except Exception as exc:  # the identity, the hands or the screen do not fit the game
        raise SaveError(path, _("not saved: {reason}").format(reason=exc)) from exc
    write_encoded(path, data)


def fresh_meta(game: Game, level: str = DEFAULT_LEVEL) -> Meta:
    """A new identity for ``game`` whose earlier hands are unknown (saves made without one)."""
    over = game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    return Meta(new_game_id(), level, [summarize_hand(game)] if over else [], complete=False)


def derived_game_id(envelope: SaveFile) -> str:
    """A stable id for a save written before games had one (its seed and time of saving)."""
    digest = hashlib.sha256(f"mille|{envelope.seed}|{envelope.saved_at}".encode())
    return digest.hexdigest()[:GAME_ID_LENGTH]


def check_memory(level: str, memory: dict[str, Any]) -> None:
    """``ValueError`` unless ``memory`` is one the ``level``'s computer player could restore
    (read as the player reads it, without building one)."""
    if not memory:
        return
    if level == "classic":
        from parlour.mille.computer.bsd_memory import memory_from_dict

        memory_from_dict(memory)
    else:
        from parlour.mille.computer.ai import read_memory

        read_memory(memory)


def _meta(state: dict[str, Any], game: Game) -> Meta:
    """The game's identity, level and hand summaries, checked against the game."""
    game_id = state["game_id"]
    if not is_game_id(game_id):
        raise ValueError(_("the game id is invalid"))
    level = state["level"]
    if level not in LEVELS:
        raise ValueError(_("the computer's level is unknown"))
    raw = state["hands"]
    if not isinstance(raw, list) or len(raw) > MAX_HANDS:
        raise ValueError(_("the hand summaries are not a list"))
    hands = [HandSummary.from_dict(hand) for hand in raw]
    complete = state["hands_complete"]
    if type(complete) is not bool:
        raise ValueError(_("the hand summaries' completeness is not true or false"))
    over = game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    check_hands(hands, game.hands_played if over else game.hands_played - 1)
    if over and (not hands or hands[-1] != summarize_hand(game)):
        raise ValueError(_("the last hand's summary does not match the hand"))
    if complete:
        for who, points in ((HUMAN, "you"), (COMPUTER, "computer")):
            player = game.players[who]
            carried = player.overall_total - (0 if over else player.hand_total)
            if sum(getattr(hand, points) for hand in hands) != carried:
                raise ValueError(_("the hand summaries do not add up to the totals"))
    return Meta(str(game_id), str(level), hands, complete)


def _from_format_1(envelope: SaveFile) -> tuple[dict[str, Any], Game]:
    """A format 1 state with what format 2 added, to be checked as such, and its game.

    Format 1 kept no identity, level or hand summaries, and not the next starter
    reliably: the game id is derived from the envelope, the level is the default,
    the next starter is the one the hand number gives (:func:`starter_of`), and
    a hand just ended is summarised (the earlier ones are unknown).
    """
    state = dict(envelope.state)
    game_data = state["game"]
    if not isinstance(game_data, dict):
        raise ValueError(_("the game state is not an object"))
    game_data = dict(game_data)
    if type(game_data.get("hands_played")) is int:
        game_data["next_starter"] = starter_of(game_data["hands_played"] + 1)
    game = game_from_dict(game_data)
    over = game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    hands = [summarize_hand(game)] if over else []
    first_hand = game.hands_played == 1 and not over
    meta = Meta(derived_game_id(envelope), DEFAULT_LEVEL, hands, first_hand)
    state.update(meta.to_dict())
    return state, game


def check_state(
    state: dict[str, Any], seed: int, version: int = FORMAT_VERSION, game: Game | None = None
) -> Saved:
    """The checks a save's ``state`` passes to be loaded, and to be written.

    The screen state, the computer's memory for the level, the game itself
    (:func:`parlour.mille.files.gamedata.check_consistent`), its seed, its identity and
    hand summaries against the game, the saved question against the phase, and
    (from format 3, ``version``) the hand's decisions against the game.
    Raises what the first failed check raises (``ValueError``, ``KeyError`` ...).
    ``game``: ``state["game"]`` already read (a save reads it first, to say a refusal
    there is a move left half done).
    """
    ui = state["ui"]
    if not isinstance(ui, dict):
        raise ValueError(_("the screen state is not an object"))
    validate_ui_state(ui)
    computer = state.get("computer", {})
    if not isinstance(computer, dict):
        raise ValueError(_("the computer's memory is not an object"))
    if game is None:
        game = game_from_dict(state["game"])
    if game.seed != seed:
        raise ValueError(_("the seed does not match the game"))
    meta = _meta(state, game)
    check_memory(meta.level, computer)
    if "prompt" in ui and ui["prompt"] not in _PROMPTS_FOR[game.phase]:
        raise ValueError(_("the screen state's question does not fit the game"))
    hand_log = HandLog(complete=False)  # older saves did not keep the hand's decisions
    if version >= 3:
        hand_log = log_from_dict(state["hand_log"], game)
    return Saved(game, ui, computer, meta, hand_log)


def _parse(envelope: SaveFile) -> Saved:
    if envelope.format_version < 2:
        state, game = _from_format_1(envelope)
        return check_state(state, envelope.seed, envelope.format_version, game)
    return check_state(envelope.state, envelope.seed, envelope.format_version)


_PROMPTS_FOR = {
    Phase.TURN: ("move", "really"),
    Phase.EXTENSION: ("extension", "really"),
    Phase.HAND_OVER: ("another_hand", "really"),
    Phase.GAME_OVER: ("another_game", "really"),
}
"""The questions a save made in each phase can restore to."""


def load_saved(path: str | os.PathLike[str]) -> Saved:
    """Read a save whole; :class:`SaveError` for a missing, damaged, foreign or too-new file."""
    return load_game(path, GAME, FORMAT_VERSION, _parse)


def load_all(path: str | os.PathLike[str]) -> tuple[Game, dict[str, Any], dict[str, Any]]:
    """Read a save: the game, the screen state and the computer's memory (maybe empty)."""
    saved = load_saved(path)
    return saved.game, saved.ui, saved.computer


def load(path: str | os.PathLike[str]) -> tuple[Game, dict[str, Any]]:
    """Read a save's game and screen state; :class:`SaveError` as for :func:`load_all`."""
    saved = load_saved(path)
    return saved.game, saved.ui
