"""Any keys and clicks at all: the app never crashes, keeps each of the 52 cards exactly
once, saves what is on the board, and draws 80x24."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import event as hypothesis_event
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.midnightoil.files import savefile
from parlour.midnightoil.game.cards import DECK_SIZE
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import State
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.tui.glyphs import UNICODE

KEYS = list("abcdefghjklmnopqrs1234*xDuUtNR#SQi?!yn 0957") + [
    "ENTER", "ESC", "UP", "DOWN", "LEFT", "RIGHT", "BACKSPACE", "INTERRUPT", "F1", "TIMEOUT",
    "UNKNOWN", "RESIZE",
]  # fmt: skip
SAVING = [["S", "ENTER"], ["Q", "y", "ENTER"], ["S", "ENTER", "y"]]
"""Key runs that save, which single random keys would almost never type."""
EVENTS = st.one_of(
    st.sampled_from(KEYS),
    st.tuples(st.integers(0, 23), st.integers(0, 79), st.sampled_from(["CLICK", "DOUBLE"])),
    st.sampled_from(SAVING),
)
SAVE_NAMES = ("one.json", "two.json")
"""Two names, so that saving again sometimes meets the overwrite question."""


def every_card_once(state: State) -> bool:
    home = [s * 13 + r for s in range(4) for r in range(state.foundations[s])]
    return sorted(state.cards_left() + home) == list(range(DECK_SIZE))


def keys_of(events: list[object]) -> list[object]:
    out: list[object] = []
    for event in events:
        out.extend(event if isinstance(event, list) else [event])
    return out


@given(st.integers(0, 2**64 - 1), st.lists(EVENTS, max_size=80))
@settings(max_examples=40, deadline=None)
def test_random_input_never_breaks_the_game(deal: int, events: list[object]) -> None:
    app = MidnightOilApp(Game(deal), UNICODE)
    with tempfile.TemporaryDirectory() as folder:
        written: dict[Path, bytes] = {}
        for count, event in enumerate(keys_of(events)):
            if app.finished:
                break
            prompt = app.prompt
            if event == "ENTER" and prompt and prompt.editor is not None and prompt.kind != "deal":
                # Saves go to this test's folder, never to the working folder.
                prompt.editor.text = str(Path(folder) / SAVE_NAMES[count % 2])
                prompt.editor.cursor = len(prompt.editor.text)
            if isinstance(event, tuple):
                app.handle_mouse(*event)
            else:
                assert isinstance(event, str)
                app.handle_key(event)
            state = app.game.state
            assert every_card_once(state)
            assert State.from_dict(state.to_dict()) == state
            for path in Path(folder).iterdir():
                content = path.read_bytes()
                if written.get(path) != content:  # written by this event: the game as it is
                    assert savefile.load(path).to_dict() == app.game.to_dict()
                    written[path] = content
                    hypothesis_event("saved a game")
            frame = app.render(24, 80)
            assert frame.width == 80 and frame.height == 24
