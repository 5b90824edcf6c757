"""A Dix Mille game as plain data, and the checks that make loading it total.

:func:`game_to_dict` writes everything a resumed game needs; :func:`game_from_dict`
rebuilds it and refuses (``ValueError`` with a reason) any state a real game could
never reach:

* names obey :func:`rules.check_name` (as typed names do) and the ZEDX flag matches;
* every number is bounded by what play reaches: turn points at most
  :data:`~parlour.dixmille.files.turncheck.MAX_TURN_POINTS`, cycles at most
  ``rules.MAX_CYCLES``, throws, hot dice, one-die successes and bonuses as the turn's
  points allow, the seed below ``core.rng.SEED_LIMIT``;
* each finished turn adds up (a pass banks its points, a bust loses them, four 2s
  lose the turn and, under ``four_twos = game``, the score) and each player's
  score is what their turns add up to; a cycle after which someone had 10,000
  (or the last cycle a game has) ended the game;
* every recorded take is a legal take from the faces thrown, decisions come in
  the order play makes them, and the turn in progress (phase, dice on the
  table, dice set aside, one-die attempt) is one the rules can reach;
* the dice generator's state is one Python's generator can have.

The same turn and history checks serve the statistics file, line by line
(:mod:`parlour.dixmille.files.stats`). They are also the checks a state must pass to be
written (:func:`parlour.dixmille.files.savefile.save`): one set for reading and writing, and
every state play reaches from a state they accept passes them again.
"""

from __future__ import annotations

import math
from typing import Any

from parlour.core import ledger
from parlour.core.i18n import N_, _
from parlour.core.rng import SEED_LIMIT, restore_rng
from parlour.dixmille.files.turncheck import MAX_TURN_POINTS, check_turn
from parlour.dixmille.game.moves import IllegalMove, Phase
from parlour.dixmille.game.records import (
    FOUR_TWOS,
    PASS,
    TurnRecord,
    check_faces,
    check_int,
)
from parlour.dixmille.game.rules import (
    FOUR_TWOS_GAME,
    MAX_CYCLES,
    MAX_PLAYERS,
    ONE_DIE_ATTEMPTS,
    TARGET,
    Game,
    Player,
    check_name,
    is_computer_name,
)
from parlour.dixmille.game.scoring import (
    DICE_COUNT,
    SINGLE_POINTS,
    STEP,
    is_four_twos,
    legal_takes,
)

RNG_STATE_WORDS = 624


def game_to_dict(game: Game) -> dict[str, Any]:
    """The whole state as JSON-able data (see :meth:`Game.to_dict`)."""
    return game.to_dict()


def player_to_dict(player: Player) -> dict[str, Any]:
    return player.to_dict()


def game_from_dict(data: object, seed: int) -> Game:
    """Rebuild a game from :func:`game_to_dict` output; ValueError (the reason) if impossible."""
    if not isinstance(data, dict):
        raise ValueError(_("the game state is not an object"))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(_("the seed is out of range"))
    players = players_from_list(data["players"])
    four_twos = data["four_twos"]
    rule = four_twos if isinstance(four_twos, str) else ""
    game = Game(players, check_rng(data["rng"]), seed, rule)
    game.game_id = check_game_id(data.get("game_id"))
    game.seat = check_int(data["seat"], N_("seat"), 0, len(players) - 1)
    game.cycle = check_int(data["cycle"], N_("cycle"), 1, MAX_CYCLES)
    phase = data["phase"]
    if not isinstance(phase, str) or phase not in {p.value for p in Phase}:
        raise ValueError(_("unknown phase"))
    game.phase = Phase(phase)
    game.turn_points = check_int(data["turn_points"], N_("turn points"), 0, MAX_TURN_POINTS, STEP)
    game.dice_left = check_int(data["dice_left"], N_("dice available"), 1, DICE_COUNT)
    game.level = check_int(data["level"], N_("one-die successes"), 0, MAX_TURN_POINTS // 500)
    game.thrown = check_faces(data["thrown"], N_("thrown dice"))
    game.attempt = check_int(data["attempt"], N_("attempt"), 0, ONE_DIE_ATTEMPTS)
    game.aside = list(check_faces(data["aside"], N_("dice set aside")))
    raw_record = data["record"]
    if not isinstance(raw_record, dict):
        raise ValueError(_("the turn in progress is damaged"))
    game.record = TurnRecord.from_dict(raw_record)
    check_game(game)
    return game


def check_game_id(value: object) -> str | None:
    if value is None:
        return None
    if not ledger.is_game_id(value):
        raise ValueError(_("the game id is damaged"))
    assert isinstance(value, str)
    return value


def players_from_list(raw_players: object) -> list[Player]:
    """Seats from saved data: 1 to 6, names as typed names must be, the ZEDX flag right."""
    if not isinstance(raw_players, list) or not 1 <= len(raw_players) <= MAX_PLAYERS:
        raise ValueError(_("a game has 1 to {n} players").format(n=MAX_PLAYERS))
    players: list[Player] = []
    for raw in raw_players:
        if not isinstance(raw, dict):
            raise ValueError(_("a player is damaged"))
        name = raw["name"]
        if not isinstance(name, str):
            raise ValueError(_("a player name is not text"))
        try:
            checked = check_name(name, [p.name for p in players])
        except IllegalMove as exc:
            raise ValueError(_("a player name is refused: {reason}").format(reason=exc)) from None
        if checked != name:
            raise ValueError(_("a player name is not written as the game writes it"))
        computer = raw["computer"]
        if computer is not is_computer_name(name):
            raise ValueError(_("a player's computer flag does not match the name"))
        turns = raw["turns"]
        if not isinstance(turns, list) or len(turns) > MAX_CYCLES:
            raise ValueError(_("a player's turns are damaged"))
        if not all(isinstance(t, dict) for t in turns):
            raise ValueError(_("a turn is damaged"))
        score = check_int(raw["score"], N_("score"), 0, TARGET + MAX_TURN_POINTS, STEP)
        players.append(Player(name, computer, score, [TurnRecord.from_dict(t) for t in turns]))
    return players


def check_rng(state: object) -> Any:
    """The dice generator from its saved state; ValueError unless Python's generator has it."""
    if not (isinstance(state, list) and len(state) == 3 and isinstance(state[1], list)):
        raise ValueError(_("the dice generator's state is damaged"))
    version, internal, gauss = state
    if version != 3 or len(internal) != RNG_STATE_WORDS + 1:
        raise ValueError(_("the dice generator's state is damaged"))
    if any(type(word) is not int for word in internal):
        raise ValueError(_("the dice generator's state is damaged"))
    words, position = internal[:RNG_STATE_WORDS], internal[RNG_STATE_WORDS]
    if isinstance(position, bool) or not isinstance(position, int):
        raise ValueError(_("the dice generator's state is damaged"))
    if not 0 <= position <= RNG_STATE_WORDS or not any(words):
        raise ValueError(_("the dice generator's state is damaged"))
    if gauss is not None and not (isinstance(gauss, float) and math.isfinite(gauss)):
        raise ValueError(_("the dice generator's state is damaged"))
    return restore_rng(state)


# ----- the players' histories -----


def _score_after(player: Player, four_twos: str) -> list[int]:
    """The score after each turn; ValueError unless each turn starts where the last ended."""
    score = 0
    after: list[int] = []
    for number, turn in enumerate(player.turns, 1):
        if turn.score_before != score:
            raise ValueError(
                _(
                    "{name}'s turn {n} starts from {start}, but the turns before it add up to"
                    " {score}"
                ).format(name=player.name, n=number, start=turn.score_before, score=score)
            )
        if turn.result == PASS:
            score += turn.turn_points
        elif turn.result == FOUR_TWOS and four_twos == FOUR_TWOS_GAME:
            score = 0
        after.append(score)
    if score != player.score:
        raise ValueError(
            _("{name}'s score is not what the turns add up to").format(name=player.name)
        )
    return after


def check_history(players: list[Player], four_twos: str, over: bool) -> int:
    """Check every finished turn of every player; the number of players who moved this cycle.

    Turns go in seat order (each player has as many as the one before, or one
    fewer), each turn's cycle is its number, scores add up, a cycle after which
    someone had 10,000 ends the game, and so does cycle ``MAX_CYCLES`` (``over``
    says whether it has ended), and a turn
    is marked last exactly when another player already had 10,000.
    """
    counts = [len(p.turns) for p in players]
    moved = sum(1 for c in counts if c == counts[0])
    first, rest = counts[:moved], counts[moved:]
    if any(c != counts[0] for c in first) or any(c != counts[0] - 1 for c in rest):
        raise ValueError(_("the players have not had their turns in order"))
    if moved == len(players):
        moved = 0
    if over and (moved or not counts[0]):
        raise ValueError(_("the game is marked over in the middle of a cycle"))
    after = [_score_after(p, four_twos) for p in players]
    complete = min(counts)
    for cycle in range(1, complete + 1):
        best = max(scores[cycle - 1] for scores in after)
        final = over and cycle == complete
        if final != (best >= TARGET or cycle == MAX_CYCLES):
            if final:
                raise ValueError(_("the game is marked over but nobody reached 10,000"))
            if best >= TARGET:
                raise ValueError(_("the game went on after someone reached 10,000"))
            raise ValueError(_("the game went on after cycle {n}, its last").format(n=MAX_CYCLES))
    for seat, player in enumerate(players):
        for index, turn in enumerate(player.turns):
            if turn.cycle != index + 1:
                raise ValueError(
                    _("{name}'s turns are not numbered by cycle").format(name=player.name)
                )
            check_turn(turn, four_twos)
            others = [
                _score_at(after[s], index + (1 if s < seat else 0))
                for s in range(len(players))
                if s != seat
            ]
            last = max(others, default=0) >= TARGET
            for d in turn.decisions:
                if d.last != last:
                    raise ValueError(_("a decision is marked last on a turn that was not"))
    return moved


def _score_at(after: list[int], turns: int) -> int:
    """A player's score once they had ``turns`` turns."""
    return after[turns - 1] if turns else 0


# ----- the turn in progress -----


def check_game(game: Game) -> None:
    """Refuse a state the rules could never reach (histories, then the turn in progress)."""
    over = game.phase is Phase.OVER
    moved = check_history(game.players, game.four_twos, over)
    if over:
        if game.seat != 0 or game.cycle != len(game.players[0].turns):
            raise ValueError(_("a finished game is not at the end of its last cycle"))
        if game.record.to_dict() != game.players[-1].turns[-1].to_dict():
            raise ValueError(_("a finished game's last turn does not match"))
        return
    if game.seat != moved or game.cycle != len(game.players[-1].turns) + 1:
        raise ValueError(_("the player to move is not the one whose turn it is"))
    record = game.record
    if record.cycle != game.cycle or record.score_before != game.player.score:
        raise ValueError(_("the turn in progress does not belong to the player to move"))
    state = check_turn(record, game.four_twos, game.phase)
    others = [p.score for p in game.players if p is not game.player]
    if any(d.last != (max(others, default=0) >= TARGET) for d in record.decisions):
        raise ValueError(_("a decision is marked last on a turn that is not"))
    if (game.turn_points, game.dice_left, game.level) not in {
        (points, state.dice, state.level) for points in state.points
    }:
        raise ValueError(_("the turn points, dice or one-die successes do not match the turn"))
    _check_table(game)


def _check_table(game: Game) -> None:
    """The dice on the table and set aside, and the one-die attempt, as the phase has them."""
    phase, n = game.phase, game.dice_left
    thrown, aside = game.thrown, game.aside
    if (phase is Phase.AGAIN) != (game.attempt == 1) or game.attempt == ONE_DIE_ATTEMPTS:
        raise ValueError(_("a one-die attempt that does not match the turn"))
    hot = n == DICE_COUNT and phase is Phase.CHOOSE
    if hot:
        if len(aside) != DICE_COUNT or len(thrown) > 1 or not set(thrown) <= set(SINGLE_POINTS):
            raise ValueError(_("hot dice without six dice set aside"))
    elif phase is Phase.START:
        if thrown or aside or game.turn_points or n != DICE_COUNT:
            raise ValueError(_("a turn that has not started already has dice or points"))
    elif len(thrown) != n or len(aside) != DICE_COUNT - n:
        raise ValueError(_("the dice on the table do not match the dice available"))
    if phase is Phase.TAKE and (is_four_twos(thrown) or not legal_takes(thrown)):
        raise ValueError(_("the dice to take from allow no take"))
    if phase is Phase.AGAIN and (n != 1 or thrown[0] in SINGLE_POINTS):
        raise ValueError(_("a second one-die attempt after a first that scored"))
    if phase is Phase.CHOOSE and game.turn_points < STEP:
        raise ValueError(_("a throw-or-pass choice with nothing taken"))
    if phase in (Phase.TAKE, Phase.AGAIN) and n < DICE_COUNT and game.turn_points < STEP:
        raise ValueError(_("dice set aside without points"))
