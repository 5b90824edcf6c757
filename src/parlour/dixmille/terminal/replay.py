"""A resumed game's turn log, rebuilt by replaying the game from its seed.

A save holds every turn's decisions (each throw/pass choice and each take) but
not every throw's dice; the dice come from the game's generator, which starts
from the seed. Replaying the recorded decisions on a fresh game with the same
seed throws the same dice in the same order, so feeding the replay's outcomes
to a :class:`TurnLog` gives the very lines the log showed before the save.

The replay is trusted only if it arrives exactly where the save is (the
generator's state, the scores, the turn in progress); a save that was not
played from its seed (a test's forced dice, a hand-edited file) gets no rebuilt
log rather than a wrong one.
"""

from __future__ import annotations

from collections.abc import Iterator

from parlour.core.rng import make_rng
from parlour.dixmille.computer.ai import positions_of
from parlour.dixmille.game.moves import IllegalMove, Move, Pass, Phase, TakeDice, Throw
from parlour.dixmille.game.records import GO, TAKE, Decision, TurnRecord
from parlour.dixmille.game.rules import Game, Player
from parlour.dixmille.terminal.turnlog import CYCLES_KEPT, Before, TurnLog
from parlour.tui.glyphs import Glyphs

Point = tuple[object, ...]


def rebuild_log(game: Game, glyphs: Glyphs) -> TurnLog | None:
    """The turn log (this cycle and the last) as it stood when ``game`` was saved.

    None if the game cannot be replayed from its seed to the saved position.
    """
    fresh = Game(
        [Player(p.name, p.computer) for p in game.players],
        make_rng(game.seed),
        game.seed,
        game.four_twos,
    )
    log = TurnLog()
    # one cycle more than the log keeps: the log forgets a cycle only at the next cycle's first
    # move, and the replay's moves prune it just as the game's did
    first_logged = game.cycle - CYCLES_KEPT
    cycles = max(len(p.turns) for p in game.players)
    try:
        for index in range(cycles):
            for player in game.players:
                if index < len(player.turns):
                    turn = player.turns[index]
                    keep = turn.cycle >= first_logged
                    if not _replay_turn(fresh, turn, log if keep else None, glyphs):
                        return None
        if not game.over and not _replay_turn(fresh, game.record, log, glyphs, _point(game)):
            return None
    except (IllegalMove, ValueError, IndexError):
        return None
    return log if _point(fresh) == _point(game) else None


def _point(game: Game) -> Point:
    """Where a game stands, as far as a replay must agree with it."""
    return (
        game.phase,
        game.seat,
        game.cycle,
        tuple(p.score for p in game.players),
        tuple(len(p.turns) for p in game.players),
        game.turn_points,
        game.dice_left,
        game.level,
        game.attempt,
        tuple(sorted(game.thrown)),
        tuple(sorted(game.aside)),
        game.record.throws,
        len(game.record.decisions),
        game.rng.getstate(),
    )


def _replay_turn(
    game: Game,
    record: TurnRecord,
    log: TurnLog | None,
    glyphs: Glyphs,
    stop_at: Point | None = None,
) -> bool:
    """Play ``record``'s decisions for the player to move in ``game``, logging each move.

    A finished turn is played to its end; the turn in progress (``stop_at`` given)
    until the game stands where the save does. False if the record cannot be played.
    """
    decisions = iter(record.decisions)
    for _ in range(2 * (len(record.decisions) + record.throws) + 2):
        if stop_at is not None and _point(game) == stop_at:
            return True
        move = _next_move(game, decisions)
        if move is None:
            return False
        before = Before.of(game)
        out = game.apply(move)
        if log is not None:
            log.add(before, out, game, glyphs)
        if out.turn_ended:
            return stop_at is None and game.players[out.seat].turns[-1].result == record.result
    return False


def _next_move(game: Game, decisions: Iterator[Decision]) -> Move | None:
    """The move the record made next (None if it has no decision for this point)."""
    if game.phase in (Phase.START, Phase.AGAIN):
        return Throw()
    decision = next(decisions, None)
    if decision is None:
        return None
    if game.phase is Phase.CHOOSE and decision.kind == GO:
        return Throw() if decision.throw else Pass()
    if game.phase is Phase.TAKE and decision.kind == TAKE:
        return TakeDice(positions_of(game.thrown, decision.taken))
    return None
