"""Random key sequences never crash the app and never lose or invent a card."""

from __future__ import annotations

import os
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.mille.app import MilleApp
from parlour.mille.rules import Game, card_total_ok
from tests.mille.opponents import FirstLegal

KEYS = [
    *"pudoqswrePUDOQSWR0123456789yYnNxz. /",
    "ENTER",
    "BACKSPACE",
    "DELETE",
    "ESC",
    "UP",
    "DOWN",
    "LEFT",
    "RIGHT",
    "HOME",
    "F1",
    "CTRL_L",
    "CTRL_U",
    "CTRL_W",
    "INTERRUPT",
    "TIMEOUT",
    "RESIZE",
    "MOUSE",
    "UNKNOWN",
    "TAB",
]
# Weighted towards the keys that move the game on, so sequences reach later hands.
PLAYING = ["p", "u", "d", "1", "2", "3", "4", "5", "6", " ", "y", "n"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    keys=st.lists(st.sampled_from(KEYS + PLAYING * 4), max_size=400),
)
def test_random_keys_never_crash_or_break_card_count(seed: int, keys: list[str]) -> None:
    game = Game.new(seed)
    app = MilleApp(game, FirstLegal(game))
    old = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            for key in keys:
                if app.finished:
                    break
                app.handle_key(key)
                while app.timeout() == 0:
                    app.handle_key("TIMEOUT")
                frame = app.render(24, 80)
                assert frame.width == 80 and frame.height == 24
                assert card_total_ok(app.game)
                assert len(frame.row_text(15)) <= 80
                assert frame.row_text(16)[40:] == "|" + "_" * 39
        finally:
            os.chdir(old)
