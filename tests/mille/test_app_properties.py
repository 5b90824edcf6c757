"""Random key sequences never crash the app and never lose or invent a card."""

from __future__ import annotations

import os
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.mille.game.rules import Game, card_total_ok
from parlour.mille.terminal.app import MilleApp
from tests.mille.opponents import FirstLegal

KEYS = [
    *"pudoqswrePUDOQSWR0123456789yYnNxz. /~",
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


def _press_and_wait(app: MilleApp, key: str) -> None:
    app.handle_key(key)
    while app.timeout() == 0:
        app.handle_key("TIMEOUT")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    keys=st.lists(st.sampled_from(PLAYING + ["w", "o", "q", "n"]), max_size=150),
)
def test_a_save_at_any_prompt_restores_that_screen(seed: int, keys: list[str]) -> None:
    from parlour.mille.cli import load_for_play

    game = Game.new(seed)
    app = MilleApp(game, FirstLegal(game))
    for key in keys:
        if app.finished:
            return
        _press_and_wait(app, key)
    if app.finished or app.saving.dialog is not None:
        return
    if app.command is not None:
        _press_and_wait(app, "ESC")  # leave a half-typed U/D command first
    if app.flow.ask is not None and app.flow.ask.text == "Save game?":
        return  # restores to the question that led there, by design
    before = app.render(24, 80).to_text().split("\n")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "p.json")
        if app.saving.save_path is not None:
            _press_and_wait(app, "s")
            _press_and_wait(app, "n")
        else:
            _press_and_wait(app, "s")
        for ch in path:
            _press_and_wait(app, ch)
        _press_and_wait(app, "ENTER")
        if app.saving.dialog is not None:  # Overwrite file? cannot happen in a fresh folder
            raise AssertionError("save dialogue still open")
        loaded, ui, _ = load_for_play(path)
        assert isinstance(loaded, Game)
        restored = MilleApp(loaded, FirstLegal(loaded), ui_state=ui, save_path=path)
        after = restored.render(24, 80).to_text().split("\n")
    assert [r for i, r in enumerate(after) if i != 15] == [
        r for i, r in enumerate(before) if i != 15
    ]
