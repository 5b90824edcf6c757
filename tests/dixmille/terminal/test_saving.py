"""The save dialogue as a part of its own (issue #29): what each key does, and what it shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.dixmille.terminal.saving import EDIT_KEYS, LABEL, SaveDialog, SaveReply
from parlour.tui import keys


def typed(dialog: SaveDialog, text: str) -> None:
    dialog.feed(keys.CTRL_U)
    for char in text:
        assert dialog.feed(char) is SaveReply.GOING_ON


def test_a_new_file_name_is_written_at_once(tmp_path: Path) -> None:
    dialog = SaveDialog("dixmille-save.json", None)
    assert dialog.prompt().prompt == LABEL and dialog.prompt().entry == "dixmille-save.json"
    assert dialog.prompt().keys == EDIT_KEYS
    typed(dialog, f"  {tmp_path / 'new.json'} ")
    assert dialog.feed(keys.ENTER) is SaveReply.WRITE
    assert dialog.path == str(tmp_path / "new.json")


def test_another_file_already_there_is_overwritten_only_when_the_player_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    there = Path("there.json")
    there.write_text("{}", encoding="utf-8")
    dialog = SaveDialog("x.json", None, then="quit")
    typed(dialog, str(there))
    assert dialog.feed(keys.ENTER) is SaveReply.GOING_ON and dialog.overwriting
    asked = dialog.prompt()
    assert asked.prompt == f"{there} exists: overwrite it? (y/n)"
    assert (asked.entry, asked.keys) == (None, "")
    assert dialog.feed("x") is SaveReply.GOING_ON and dialog.overwriting
    assert dialog.feed("n") is SaveReply.GOING_ON and not dialog.overwriting
    assert dialog.prompt().entry == str(there)  # back to the name, as it was typed
    assert dialog.feed(keys.ENTER) is SaveReply.GOING_ON and dialog.overwriting
    assert dialog.feed(keys.ESC) is SaveReply.GOING_ON and not dialog.overwriting
    dialog.feed(keys.ENTER)
    assert dialog.feed("Y") is SaveReply.WRITE and dialog.then == "quit"


def test_the_file_the_game_came_from_is_saved_over_without_asking(tmp_path: Path) -> None:
    there = tmp_path / "mine.json"
    there.write_text("{}", encoding="utf-8")
    dialog = SaveDialog(str(there), str(there))
    assert dialog.feed(keys.ENTER) is SaveReply.WRITE


def test_an_empty_name_and_escape() -> None:
    dialog = SaveDialog("x.json", None)
    typed(dialog, "   ")
    assert dialog.feed(keys.ENTER) is SaveReply.NO_NAME
    assert dialog.feed(keys.ESC) is SaveReply.CANCELLED


def test_a_refused_write_goes_back_to_the_name(tmp_path: Path) -> None:
    there = tmp_path / "there.json"
    there.write_text("{}", encoding="utf-8")
    dialog = SaveDialog(str(there), None)
    dialog.feed(keys.ENTER)
    assert dialog.feed("y") is SaveReply.WRITE
    dialog.refused()
    assert not dialog.overwriting and dialog.prompt().prompt == LABEL
