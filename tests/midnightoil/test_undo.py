"""Undo and redo (spec §7): unlimited, exact across redeals and the draw, one step per action."""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from parlour.midnightoil.game.cards import DECK_SIZE
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import DRAW, REDEAL, IllegalMove, Move, State


def all_cards(state: State) -> list[int]:
    home = [s * 13 + r for s in range(4) for r in range(state.foundations[s])]
    return sorted(state.cards_left() + home)


class UndoMachine(RuleBasedStateMachine):
    """Any sequence of moves, undos and redos: cards conserved, states identical on return."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.line: list[State] = []
        """The states along the current line: line[i] is the state after i steps."""
        self.undone: list[State] = []
        """States that redo would restore, the next one last."""

    @rule(deal=st.integers(0, 2**64 - 1))
    @precondition(lambda self: self.game is None)
    def start(self, deal: int) -> None:
        self.game = Game(deal)
        self.line = [self.game.state]

    @rule(pick=st.integers(0, 1000), prefer=st.sampled_from(["any", REDEAL, DRAW]))
    @precondition(lambda self: self.game is not None)
    def move(self, pick: int, prefer: str) -> None:
        assert self.game is not None
        moves = self.game.state.legal_moves()
        if not moves:
            return
        chosen = [m for m in moves if m.kind == prefer] or moves
        self.game.apply(chosen[pick % len(chosen)])
        self.line.append(self.game.state)
        self.undone.clear()

    @rule(which=st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    @precondition(lambda self: self.game is not None)
    def manual_auto(self, which: list[int]) -> None:
        assert self.game is not None
        if self.game.state.is_won():
            return
        count = self.game.manual_auto(which)
        if count:
            self.line.append(self.game.state)
            self.undone.clear()
        else:
            assert self.game.state == self.line[-1]

    @rule()
    @precondition(lambda self: self.game is not None)
    def undo(self) -> None:
        assert self.game is not None
        if self.game.state.is_won() or len(self.line) == 1:
            with pytest.raises(IllegalMove):
                self.game.undo()
            return
        self.game.undo()
        self.undone.append(self.line.pop())
        assert self.game.state == self.line[-1]

    @rule()
    @precondition(lambda self: self.game is not None)
    def redo(self) -> None:
        assert self.game is not None
        if self.game.state.is_won() or not self.undone:
            with pytest.raises(IllegalMove):
                self.game.redo()
            return
        self.game.redo()
        self.line.append(self.undone.pop())
        assert self.game.state == self.line[-1]

    @invariant()
    def consistent(self) -> None:
        if self.game is None:
            return
        state = self.game.state
        assert all_cards(state) == list(range(DECK_SIZE))
        assert state == self.line[-1]
        assert len(self.game.history) == len(self.line) - 1
        assert self.game.moves >= len(self.game.history)
        # Redeals left and the draw are part of what undo restores.
        assert state.redeals_left == 2 - sum(
            1 for step in self.game.history for m in step.moves if m.kind == REDEAL
        )
        draws = sum(1 for step in self.game.history for m in step.moves if m.kind == DRAW)
        assert state.draw_used == (draws == 1)

    @invariant()
    def save_round_trip(self) -> None:
        if self.game is None:
            return
        again = Game.from_dict(self.game.to_dict())
        assert again.state == self.game.state
        assert [s.moves for s in again.history] == [s.moves for s in self.game.history]
        assert [s.moves for s in again.future] == [s.moves for s in self.game.future]


UndoMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=40, deadline=None)
TestUndoMachine = UndoMachine.TestCase


def test_undo_a_redeal_and_redo_gives_the_same_layout() -> None:
    game = Game(42)
    before = game.state
    game.apply(Move.redeal())
    after = game.state
    game.undo()
    assert game.state == before and game.state.redeals_left == 2
    game.redo()
    assert game.state == after and game.state.redeals_left == 1
    # And a fresh redeal from the same position is the same too: no fishing.
    game.undo()
    game.apply(Move.redeal())
    assert game.state == after


def test_undo_gives_the_draw_back() -> None:
    game = Game(1)
    draw = game.state.draw_moves()[0]
    game.apply(draw)
    assert game.state.draw_used
    game.undo()
    assert not game.state.draw_used
    assert game.undos == 1


def test_manual_auto_is_one_undo_step_and_nothing_is_no_step() -> None:
    game = Game(1)
    # Deal 1: l -> 4 is the ace of spades; play it through manual-auto for spades.
    assert game.manual_auto([3]) == 1
    assert game.state.foundations == (0, 0, 0, 1)
    assert len(game.history) == 1
    assert game.manual_auto([3]) == 0
    assert len(game.history) == 1
    game.undo()
    assert game.state == State.new(1)


def test_won_game_refuses_undo_and_redo() -> None:
    game = Game(5)
    game.state = State(5, ((),) * 17 + ((51,),), (13, 13, 13, 12), 2, False)
    game.apply(Move.to_foundation(17, 3))
    assert game.state.is_won()
    with pytest.raises(IllegalMove, match="won"):
        game.undo()
    with pytest.raises(IllegalMove, match="won"):
        game.redo()


def test_a_new_move_clears_redo() -> None:
    game = Game(1)
    game.apply(Move.parse("l -> 4"))
    game.undo()
    game.apply(Move.parse("b -> g"))
    with pytest.raises(IllegalMove, match="Nothing to redo"):
        game.redo()


def test_check_consistent_accepts_real_play_and_names_what_is_wrong() -> None:
    import pytest

    from parlour.midnightoil.game.history import Game
    from parlour.midnightoil.game.rules import Move, State

    game = Game(1)
    game.apply(Move.parse("l -> 4"))
    game.apply(Move.parse("b -> g"))
    game.undo()
    game.check_consistent()
    game.undos = 0
    with pytest.raises(ValueError, match="more steps to redo"):
        game.check_consistent()
    game.undos = 1
    game.elapsed = float("nan")
    with pytest.raises(ValueError, match="clock"):
        game.check_consistent()
    game.elapsed = 0.0
    game.state = State.new(2)
    with pytest.raises(ValueError, match="does not reach"):
        game.check_consistent()
