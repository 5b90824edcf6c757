"""A Dix Mille move as written and read back, and an outcome's defaults (game/moves.py).

The pins of how a move is read were what the first mutation run of game/moves.py found
unnoticed (issue #29); a default left out of a call is behaviour too."""

from __future__ import annotations

import pytest

from parlour.dixmille.game.moves import (
    IllegalMove,
    Outcome,
    Pass,
    TakeDice,
    Throw,
    parse_move,
    parse_positions,
)


@pytest.mark.parametrize("text", ["t", "throw", " THROW ", "Throw"])
def test_a_throw_is_read_by_its_letter_or_its_word(text: str) -> None:
    assert parse_move(text) == Throw()


@pytest.mark.parametrize("text", ["p", "pass", "PASS", " Pass"])
def test_a_pass_is_read_by_its_letter_or_its_word(text: str) -> None:
    assert parse_move(text) == Pass()


@pytest.mark.parametrize(
    ("text", "positions"),
    [("take 1 5", (1, 5)), ("take15", (1, 5)), ("TAKE 2,3", (2, 3)), ("46", (4, 6))],
)
def test_a_take_is_read_with_or_without_its_word(text: str, positions: tuple[int, ...]) -> None:
    assert parse_move(text) == TakeDice(positions)


def test_every_move_reads_back_from_how_it_is_written() -> None:
    for move in (Throw(), Pass(), TakeDice((1, 2, 6))):
        assert parse_move(str(move)) == move
    assert (str(Throw()), str(Pass()), str(TakeDice((3, 4)))) == ("t", "p", "take 3 4")


@pytest.mark.parametrize("junk", ["X", "1X5", "x", "1-2"])
def test_only_digits_spaces_and_commas_are_positions(junk: str) -> None:
    with pytest.raises(IllegalMove) as info:
        parse_positions(junk)
    bad = next(ch for ch in junk if not ch.isdigit())
    assert str(info.value) == f"'{bad}' is not a die position: type the numbers under the dice"


def test_an_outcome_says_nothing_unless_given_words() -> None:
    outcome = Outcome("pass", 1)
    assert (outcome.kind, outcome.seat, outcome.dice, outcome.points) == ("pass", 1, (), 0)
    assert outcome.message == "" and outcome.turn_ended is False
