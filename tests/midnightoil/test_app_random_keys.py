"""Any keys and clicks at all: the app never crashes, keeps the 52 cards, draws 80x24."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.midnightoil.app import MidnightOilApp
from parlour.midnightoil.game import Game
from parlour.tui.glyphs import UNICODE

KEYS = list("abcdefghjklmnopqrs1234*xDuUtNR#SQi?!yn 0957") + [
    "ENTER", "ESC", "UP", "DOWN", "LEFT", "RIGHT", "BACKSPACE", "INTERRUPT", "F1", "TIMEOUT",
    "UNKNOWN", "RESIZE",
]  # fmt: skip
EVENTS = st.one_of(
    st.sampled_from(KEYS),
    st.tuples(st.integers(0, 23), st.integers(0, 79), st.sampled_from(["CLICK", "DOUBLE"])),
)


@given(st.integers(0, 2**64 - 1), st.lists(EVENTS, max_size=80))
@settings(max_examples=40, deadline=None)
def test_random_input_never_breaks_the_game(deal: int, events: list[object]) -> None:
    app = MidnightOilApp(Game(deal), UNICODE)
    for event in events:
        if app.finished:
            break
        prompt = app.prompt
        if event == "ENTER" and prompt and prompt.editor is not None and prompt.kind != "deal":
            event = "ESC"  # never write save files into the working folder
        if isinstance(event, tuple):
            app.handle_mouse(*event)
        else:
            assert isinstance(event, str)
            app.handle_key(event)
        state = app.game.state
        assert sum(len(f) for f in state.fans) + state.cards_home() == 52
        frame = app.render(24, 80)
        assert frame.width == 80 and frame.height == 24
