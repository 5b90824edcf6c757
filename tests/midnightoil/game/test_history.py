"""Undo and redo (spec §7): unlimited, exact across redeals and the draw, one step per action."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from parlour.core.saves import SaveError
from parlour.midnightoil.files import savefile
from parlour.midnightoil.game.cards import DECK_SIZE
from parlour.midnightoil.game.history import MAX_ELAPSED, MAX_UNDOS, Game, Step
from parlour.midnightoil.game.rules import DRAW, REDEAL, IllegalMove, Move, State
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.tui.glyphs import ASCII


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


# ------------------------------------------------------------------------------------------
# Undo, redo, the counters and a saved game's checks, pinned word for word (spec §7, §10).
#
# Deal 1 (spec §9): b = 8H 8D 5S, g = 2C AD 6S, l = 6C 7C AS.


FIVE_ONTO_SIX = Move.parse("b -> g")
ACE_HOME = Move.parse("l -> 4")


def played() -> Game:
    """Deal 1 after two steps, the second undone: one step to undo, one to redo."""
    game = Game(1)
    game.apply(FIVE_ONTO_SIX)
    game.apply(ACE_HOME)
    game.undo()
    game.elapsed = 61.23456
    return game


def won_game() -> Game:
    game = Game(9)
    game.state = State(9, ((), (51,)) + ((),) * 16, (13, 13, 13, 12), 1, False)
    game.apply(Move.to_foundation(1, 3))
    return game


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises((ValueError, TypeError)) as caught:
        Game.from_dict(data)
    return str(caught.value)


def test_undo_and_redo_restore_exact_states_and_count() -> None:
    game = Game(1)
    start = game.state
    assert (game.moves, game.undos, game.touched) == (0, 0, False)
    assert not game.can_undo() and not game.can_redo()
    after_one = game.apply(FIVE_ONTO_SIX)
    assert game.touched and game.moves == 1 and game.can_undo() and not game.can_redo()
    game.apply(ACE_HOME)
    step = game.undo()
    assert step.moves == (ACE_HOME,) and step.before == after_one
    assert game.state == after_one and game.undos == 1 and game.moves == 1 and game.can_redo()
    game.undo()
    assert game.state == start and game.undos == 2 and game.moves == 0
    with pytest.raises(IllegalMove, match=r"^Nothing to undo\.$"):
        game.undo()
    game.redo()
    assert game.state == after_one and game.undos == 2 and game.moves == 1
    game.apply(ACE_HOME)  # a new step forgets what redo would replay
    with pytest.raises(IllegalMove, match=r"^Nothing to redo\.$"):
        game.redo()


def test_a_step_of_several_moves_is_one_undo() -> None:
    game = Game(1)
    assert game.manual_auto([3]) == 1  # AS home; 2S is not free
    assert game.moves == 1 and len(game.history) == 1
    assert game.manual_auto([0]) == 0 and len(game.history) == 1  # nothing went: no step
    with pytest.raises(IllegalMove, match=r"^Nothing to do\.$"):
        game.apply_step([])
    before = game.state
    with pytest.raises(IllegalMove):
        game.apply_step([FIVE_ONTO_SIX, Move.parse("a -> 1")])  # all or nothing
    assert game.state == before and len(game.history) == 1


def test_a_won_game_refuses_undo_and_redo() -> None:
    game = won_game()
    assert game.state.is_won() and game.history and not game.can_undo()
    with pytest.raises(IllegalMove, match=r"^The game is won: undo is off\.$"):
        game.undo()
    game.future.append(game.history[-1])
    assert not game.can_redo()
    with pytest.raises(IllegalMove, match=r"^The game is won: redo is off\.$"):
        game.redo()


def test_a_saved_game_comes_back_whole() -> None:
    game = played()
    game.solver_used = True
    data = game.to_dict()
    assert data["history"] == [["b -> g"]] and data["redo"] == [["l -> 4"]]
    assert data["elapsed"] == 61.235 and data["undos"] == 1
    back = Game.from_dict(data)
    assert back.to_dict() == data
    assert back.solver_used is True  # a computer solve never becomes a win
    assert back.elapsed == 61.235 and back.undos == 1 and back.moves == 1
    assert back.redo().moves == (ACE_HOME,) and back.state.foundations == (0, 0, 0, 1)


def test_touched_survives_a_save_and_follows_the_history() -> None:
    data = Game(1).to_dict()
    assert Game.from_dict(data).touched is False
    assert Game.from_dict(dict(data, touched=True)).touched is True  # moved, then undone
    moved = played().to_dict()
    assert Game.from_dict(dict(moved, touched=False)).touched is True


@pytest.mark.parametrize("elapsed", [0, 7, 0.5])
def test_any_clock_from_zero_loads(elapsed: float) -> None:
    assert Game.from_dict(dict(Game(1).to_dict(), elapsed=elapsed)).elapsed == elapsed


DAMAGE = [
    ("elapsed", -0.001, "the clock is not a number of seconds a game can reach"),
    ("elapsed", "60", "the clock is not a number of seconds a game can reach"),
    ("elapsed", True, "the clock is not a number of seconds a game can reach"),
    ("elapsed", None, "the clock is not a number of seconds a game can reach"),
    ("undos", -1, "undos must be a whole number from 0 to 1000000000"),
    ("undos", 2.0, "undos must be a whole number from 0 to 1000000000"),
    ("undos", False, "undos must be a whole number from 0 to 1000000000"),
    ("solver_used", 1, "solver_used must be true or false"),
    ("touched", "no", "touched must be true or false"),
    ("deal_number", -1, "bad deal number: -1"),
    ("deal_number", 2, "history step 1 is not legal (2D goes only on 3D, not on 4D.)"),
    ("history", {}, "history is not a list"),
    ("history", [[]], "history holds an empty or malformed step"),
    ("history", ["b -> g"], "history holds an empty or malformed step"),
    ("history", [[3]], "history holds a move that is not text"),
    ("history", [["b -> a"]], "history step 1 is not legal (5S goes only on 6S, not on 4D.)"),
    ("history", [["b -> g"], ["b -> g"]],
     "history step 2 is not legal (8D goes only on 9D, not on 5S.)"),
    ("history", [], "the position does not match the moves that led to it"),
    ("position", Game(1).state.to_dict(), "the position does not match the moves that led to it"),
    ("redo", "l -> 4", "redo is not a list"),
    ("redo", [["l -> 1"]], "redo step 1 is not legal (AS belongs on foundation 4.)"),
    ("redo", [["l -> 4"], ["l -> 4"]], "redo step 2 is not legal (7C belongs on foundation 1.)"),
]  # fmt: skip


@pytest.mark.parametrize(("field", "value", "reason"), DAMAGE)
def test_each_damage_to_a_saved_game_is_named(field: str, value: object, reason: str) -> None:
    data = played().to_dict()
    data[field] = value
    assert refusal(data) == reason


def test_a_game_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(TypeError, match=r"^the game is not an object$"):
        Game.from_dict([])


def test_a_new_game_starts_with_the_clock_and_counters_at_zero() -> None:
    game = Game(1)
    data = game.to_dict()
    assert (data["elapsed"], data["undos"], data["history"], data["redo"]) == (0, 0, [], [])
    assert (data["solver_used"], data["touched"]) == (False, False)
    app = MidnightOilApp(game, ASCII)
    assert "time 0:00   undos 0" in app.render(24, 80).to_text()


def test_a_save_whose_redo_steps_outnumber_the_undos_is_refused() -> None:
    data = played().to_dict()
    data["undos"] = 0
    assert refusal(data) == "there are more steps to redo than undos were made"


def test_a_game_id_parlour_does_not_make_is_refused() -> None:
    assert refusal(dict(played().to_dict(), game_id="not-an-id")) == (
        "the game id is not one Parlour makes"
    )


def _unsaved(game: Game, tmp_path: Path) -> str:
    path = tmp_path / "s.json"
    with pytest.raises(SaveError) as caught:
        savefile.save(path, game)
    assert not path.exists()
    lead = f"{path}: not saved: the game is in the middle of a move "
    return str(caught.value).removeprefix(lead)


def _lose_a_card(game: Game) -> None:
    fans = list(game.state.fans)
    fans[1] = fans[1][1:]
    old = game.state
    game.state = State(1, tuple(fans), old.foundations, old.redeals_left, old.draw_used)


def _other_start(game: Game) -> None:
    first = game.history[0]
    game.history[0] = Step(first.moves, game.state)


def _other_position(game: Game) -> None:
    game.state = Game(1).state


def _other_redo(game: Game) -> None:
    game.future[0] = Step(game.future[0].moves, Game(1).state)


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (_lose_a_card, "the cards do not add up"),
        (_other_start, "the undo history does not follow from the deal"),
        (_other_position, "the undo history does not reach the position"),
        (_other_redo, "the redo steps do not follow from the position"),
    ],
)
def test_a_half_applied_game_is_not_saved_and_says_why(
    tmp_path: Path, damage: Callable[[Game], None], reason: str
) -> None:
    game = played()
    damage(game)
    assert _unsaved(game, tmp_path) == f"({reason})"


def test_a_won_game_with_steps_to_redo_is_not_saved(tmp_path: Path) -> None:
    game = won_game()
    game.future = [Step((ACE_HOME,), game.state)]
    game.undos = 1
    assert _unsaved(game, tmp_path) == "(a won game has nothing to redo)"


def test_the_most_undos_a_game_can_count_load() -> None:
    assert Game.from_dict(dict(played().to_dict(), undos=MAX_UNDOS)).undos == MAX_UNDOS


def test_the_clock_counts_every_share_of_a_second_and_stops_at_its_bound() -> None:
    game = Game(3)
    game.add_time(0.5)
    game.add_time(0.25)
    assert game.elapsed == 0.75
    game.add_time(0)
    game.add_time(-4)  # a clock set back counts nothing
    assert game.elapsed == 0.75
    game.add_time(MAX_ELAPSED * 2)
    assert game.elapsed == MAX_ELAPSED


def test_a_game_no_play_can_reach_is_refused_in_words() -> None:
    """check_consistent is the one set of checks for saving and loading: its words."""
    game = Game(3)
    game.solver_used = 1  # type: ignore[assignment]
    with pytest.raises(TypeError, match="^solver_used must be true or false$"):
        game.check_consistent()
    game = Game(3)
    move = game.state.legal_moves()[0]
    game.apply(move)
    game.touched = False
    with pytest.raises(ValueError, match="^a game with moves is marked untouched$"):
        game.check_consistent()


def test_a_game_id_that_is_not_text_is_refused_before_anything_else() -> None:
    data = Game(3).to_dict()
    data.update(game_id=5, deal_number=-1)
    with pytest.raises(ValueError) as info:
        Game.from_dict(data)
    assert str(info.value) == "the game id is not one Parlour makes"
