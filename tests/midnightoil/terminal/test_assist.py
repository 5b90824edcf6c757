"""Midnight Oil's assistance as a part of its own, no app: hints cycle, auto-solve asked first."""

from __future__ import annotations

from parlour.midnightoil.terminal.assist import Assist
from tests.midnightoil.terminal.fakehost import Host


def test_hints_cycle_best_first_and_a_reset_drops_them() -> None:
    host = Host()
    part = Assist(host, host, host.ending, host.advisor, host.glyphs)
    part.give_hint(again=False)
    first = part.hint
    assert first is not None and part.hint_cycle[0] == first and part.after_hint
    assert len(part.hint_cycle) > 1  # deal 1 opens with several useful moves
    part.give_hint(again=True)
    assert part.hint == part.hint_cycle[1]
    part.reset()
    assert part.hint is None and part.hint_cycle == [] and part.verdict is None


def test_auto_solve_is_asked_first_then_counts_the_game_as_solved() -> None:
    host = Host()
    part = Assist(host, host, host.ending, host.advisor, host.glyphs)
    part.ask_solve()
    assert host.asked[-1][0] == "solve" and not part.solving and not host.game.solver_used
    part.start_solving()
    assert part.solving and host.game.solver_used and host.game.touched
    part.on_timeout()
    assert host.played  # the computer made a move
    part.stop_solving()
    assert not part.solving and host.message == "Auto-solve stopped."
