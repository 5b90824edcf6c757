"""Midnight Oil's draw as a part of its own (issue #29), no app: fan, card, destination,
played once; a cancelled draw stays the player's."""

from __future__ import annotations

from parlour.midnightoil.game.cards import FAN_KEYS
from parlour.midnightoil.game.rules import State
from parlour.midnightoil.terminal.draw import Draw
from parlour.tui import keys
from tests.midnightoil.terminal.fakehost import Host


def test_a_draw_goes_fan_card_destination_and_plays_once() -> None:
    host = Host()
    part = Draw(host, host)
    part.start()
    assert part.mode is not None and part.mode.step == 1 and host.cleared == 1
    fan, position = part.drawable()[0]
    part.key(FAN_KEYS[fan])
    assert part.mode.step == 2 and part.mode.fan == fan
    part.mode.position = position
    part.key(" ")
    assert part.mode.step == 3 and host.message.startswith("Draw ")
    part.key(" ")  # the smart destination
    assert len(host.played) == 1 and host.played[0][0].kind == "draw"
    assert host.game.state.draw_used


def test_a_cancelled_draw_is_still_the_players_and_a_used_one_is_refused() -> None:
    host = Host()
    part = Draw(host, host)
    part.start()
    part.key(keys.ESC)
    assert part.mode is None and "still yours" in host.message and not host.played
    part.start()
    part.key("?")
    assert host.refusals[-1].startswith("Draw: press a fan letter first")
    state = host.game.state
    host.game.state = State(state.deal_number, state.fans, state.foundations, 2, True)
    part.mode = None
    part.start()
    assert part.mode is None and host.refusals[-1].startswith("The draw has already been used")
