"""Starting a game (issue #25): a forgiving names form."""

from __future__ import annotations

import pytest

from parlour.dixmille.terminal.app import DixMilleApp, Mode
from parlour.dixmille.terminal.setup import SetupForm
from parlour.tui.glyphs import ASCII

QUESTION = "Leave without playing? The names typed are lost. (y/n)"
KEYS = "ENTER confirm   BACKSPACE in an empty field: back one field   ESC leave"


def typed(*keys: str) -> DixMilleApp:
    app = DixMilleApp(ASCII, seed=1, pace=0)
    for key in keys:
        app.handle_key(key)
    return app


def screen(app: DixMilleApp) -> list[str]:
    return app.render(24, 80).to_text().splitlines()


@pytest.mark.parametrize("leave", ["ESC", "INTERRUPT"])
def test_leaving_with_names_typed_asks_first(leave: str) -> None:
    app = typed("2", "ENTER", *"Ann", "ENTER", *"Bo", leave)
    assert not app.finished
    lines = screen(app)
    assert lines[20] == QUESTION and lines[22] == "y leave   n stay"
    app.handle_key("x")  # neither: the question stays
    assert not app.finished and screen(app)[20] == QUESTION
    app.handle_key("n")
    lines = screen(app)
    assert lines[20] == "" and lines[22] == KEYS
    assert "    1. Ann" in lines and any(
        line.startswith("  Name of player 2: Bo") for line in lines
    )
    for key in ("ESC", "y"):
        app.handle_key(key)
    assert app.finished and app.exit_message == "dixmille: no game started"


@pytest.mark.parametrize(
    "keys",
    [(), ("2",), ("2", "ENTER"), ("2", "ENTER", " ")],
)
def test_leaving_before_any_name_is_typed_leaves_at_once(keys: tuple[str, ...]) -> None:
    app = typed(*keys, "ESC")
    assert app.finished and app.exit_message == "dixmille: no game started"


def test_a_name_typed_but_not_confirmed_counts_as_typed() -> None:
    app = typed("1", "ENTER", "A", "ESC")
    assert not app.finished and screen(app)[20] == QUESTION
    app.handle_key("y")
    assert app.finished


def test_backspace_in_an_empty_field_goes_back_to_fix_the_field_before() -> None:
    form = SetupForm()
    for key in ("3", "ENTER", *"Ann", "ENTER", *"Bpb", "ENTER"):
        assert form.feed(key) is None
    assert form.editor.label == "Name of player 3:" and form.editor.text == ""
    form.feed("BACKSPACE")  # back to Bob's field, with what was typed there
    assert (form.editor.label, form.editor.text, form.names) == (
        "Name of player 2:",
        "Bpb",
        ["Ann"],
    )
    for key in ("BACKSPACE", "BACKSPACE", *"ob", "ENTER"):
        form.feed(key)
    assert form.names == ["Ann", "Bob"] and form.editor.label == "Name of player 3:"
    form.feed("BACKSPACE")
    assert (form.editor.label, form.editor.text) == ("Name of player 2:", "Bob")
    for _ in range(3):
        form.feed("BACKSPACE")
    form.feed("BACKSPACE")  # empty: back to Ann's
    assert (form.editor.label, form.editor.text, form.names) == ("Name of player 1:", "Ann", [])
    for _ in range(4):
        form.feed("BACKSPACE")  # Ann erased, then back to the number of players
    assert (form.editor.label, form.editor.text, form.count) == ("Number of players (1-6):", "3", 0)
    form.feed("BACKSPACE")
    assert form.editor.text == "" and not form.bell
    form.feed("BACKSPACE")  # nothing before the first field
    assert form.bell and form.editor.label == "Number of players (1-6):"
    for key in ("2", "ENTER", *"Cy", "ENTER"):
        form.feed(key)
    assert form.feed("ENTER") is None  # an empty name is refused, not a step back
    assert form.feed("D") is None
    assert form.feed("ENTER") == ["Cy", "D"]


def test_the_form_says_its_keys() -> None:
    lines = screen(typed("2", "ENTER"))
    assert lines[22] == KEYS


def test_the_game_starts_from_names_fixed_on_the_way_back() -> None:
    app = typed(
        "2", "ENTER", *"Ann", "ENTER", "BACKSPACE", "BACKSPACE", *"a", "ENTER", *"Bob", "ENTER"
    )
    assert app.mode is Mode.PLAY and app.game is not None
    assert [p.name for p in app.game.players] == ["Ana", "Bob"]
