"""ZEDX's turn one visible step at a time (spec 8): throw, show the take, set it aside, decide.

Each call of :meth:`ZedxTurn.step` makes one step and says what the screen
should show until the next one; the app paces the calls. The decisions are
:func:`parlour.dixmille.computer.ai.zedx_move`'s, from what the seat may see.
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.core.i18n import _
from parlour.core.record import Frozen
from parlour.dixmille.game.moves import dice_count
from parlour.dixmille.game.rules import Game, Move, Outcome, Pass, Phase, TakeDice, Throw, points


class ZedxStep(Frozen):
    """What one step of ZEDX's turn shows."""

    message: str
    alert: bool = False
    dice: tuple[int, ...] | None = None
    """The dice to draw from now on (None: keep those on the table)."""
    highlight: frozenset[int] = frozenset()
    """The positions of the take ZEDX is about to set aside."""
    ended: Outcome | None = None
    """The move that ended the turn, if this step did."""


class ZedxTurn:
    """The move ZEDX has announced and will make at its next step."""

    def __init__(self) -> None:
        self.pending: TakeDice | Throw | None = None

    def reset(self) -> None:
        """The turn is over: no move announced."""
        self.pending = None

    def step(self, game: Game, apply: Callable[[Move], Outcome]) -> ZedxStep:
        """Make the next step of the turn of ``game``'s player (ZEDX) through ``apply``."""
        from parlour.dixmille.computer.ai import zedx_move, zedx_take

        situation = game.situation()
        name = game.player.name
        if isinstance(self.pending, TakeDice):
            move, self.pending = self.pending, None
            apply(move)
            return self._decide(game, apply, dice=())
        if situation.phase is Phase.TAKE:
            chosen = zedx_move(situation)
            assert isinstance(chosen, TakeDice)
            self.pending = chosen
            return ZedxStep(
                _("{name} takes {take}").format(name=name, take=zedx_take(situation)),
                highlight=frozenset(chosen.positions),
            )
        if situation.phase is Phase.CHOOSE and not isinstance(self.pending, Throw):
            # after a one-die success (or in a resumed game) the decision comes first
            return self._decide(game, apply)
        self.pending = None
        out = apply(Throw())
        if out.turn_ended:
            return ZedxStep(out.message, dice=out.dice, ended=out)
        return ZedxStep(out.message, alert=out.kind == "one_miss", dice=out.dice)

    def _decide(
        self, game: Game, apply: Callable[[Move], Outcome], dice: tuple[int, ...] | None = None
    ) -> ZedxStep:
        """Throw or pass: a pass ends the turn, a throw is announced one step ahead."""
        from parlour.dixmille.computer.ai import zedx_move

        name = game.player.name
        decision = zedx_move(game.situation())
        if isinstance(decision, Pass):
            out = apply(decision)
            passes = _("{name} passes with {points}").format(name=name, points=points(out.points))
            return ZedxStep(passes, ended=out)
        self.pending = Throw()
        throws = _("{name} throws {dice}").format(name=name, dice=dice_count(game.dice_left))
        return ZedxStep(throws, dice=dice)
