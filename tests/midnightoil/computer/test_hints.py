"""The cheap tier of hints, pinned move by move (spec §8): what ``t`` offers, in what order.

Each position below has one move of every tier, so a changed tier, a changed order or
a move that should not be offered shows as a different list.
"""

from __future__ import annotations

from parlour.midnightoil.computer.hints import is_safe_build, ranked_moves
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import Move, State
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.tui.glyphs import ASCII
from tests.midnightoil.game.test_rules import position

# Clubs home to 3, spades to 5, diamonds and hearts complete.
EVERY_TIER = [
    "KC QS",  # a: QS can go on KS (fan g)
    "9S JS",  # b: JS onto QS (fan a): an ordinary build, 9S then shows
    "4C",  # c: goes home; or onto 5C, which sits on its successor 6C
    "9C",  # d: a one-card fan
    "TS 8C",  # e: 8C onto 9C (safe); 7C may come onto 8C
    "6S 7C",  # f: 7C onto 8C frees 6S, which goes home; 6S is also a draw
    "TC KS",  # g: a king on top
    "8S",  # h: a one-card fan
    "JC 7S",  # j: 7S onto 8S (safe)
    "QC 6C 5C",  # k
]
EVERY_TIER_HOME = (3, 13, 13, 5)


def texts(moves: list[Move]) -> list[str]:
    return [str(m) for m in moves]


def every_tier(redeals: int = 2, draw_used: bool = False) -> State:
    return position(EVERY_TIER, EVERY_TIER_HOME, redeals, draw_used)


def test_home_then_safe_builds_then_builds_that_free_a_card_then_other_builds_then_draws() -> None:
    state = every_tier()
    assert texts(state.legal_moves()) == [
        "c -> 1", "a -> g", "b -> a", "c -> k", "e -> d", "f -> e", "j -> h",
        "draw e1 -> b", "draw f1 -> 4", "draw f1 -> j", "draw k2 -> f", "redeal",
    ]  # fmt: skip
    assert texts(ranked_moves(state)) == [
        "c -> 1",  # foundation moves first
        "a -> g",  # safe: onto a king
        "c -> k",  # safe: 5C already sits on 6C
        "e -> d",  # safe: onto a one-card fan
        "j -> h",  # safe: onto a one-card fan
        "f -> e",  # frees 6S, which can then go home
        "b -> a",  # an ordinary build (9S shows, and cannot go home)
        "draw f1 -> 4",  # 6S home: 7S (fan j) can follow
        "draw f1 -> j",  # 6S onto 7S, where it can go home
    ]  # the draws that free nothing and the redeal are not offered


def test_with_the_draw_used_and_no_redeals_only_the_plain_moves_are_ranked() -> None:
    state = every_tier(redeals=0, draw_used=True)
    assert texts(ranked_moves(state)) == [
        "c -> 1", "a -> g", "c -> k", "e -> d", "j -> h", "f -> e", "b -> a",
    ]  # fmt: skip


def test_which_builds_are_safe() -> None:
    state = every_tier()
    safe = {str(m): is_safe_build(state, m) for m in state.legal_moves() if m.kind == "fan->fan"}
    assert safe == {
        "a -> g": True,  # KS: a king can only go home
        "b -> a": False,  # QS on KC: QS may yet be wanted on KS
        "c -> k": True,  # 5C on 6C
        "e -> d": True,  # 9C alone
        "f -> e": False,  # 8C on TS
        "j -> h": True,  # 8S alone
    }


def test_the_redeal_is_offered_only_when_no_card_can_move_without_the_draw() -> None:
    # QC is under KC: only the draw moves it (home, or onto KC on its own fan).
    state = position(["QC KC"], (11, 13, 13, 13), redeals=1)
    assert texts(ranked_moves(state)) == ["draw a1 -> 1", "draw a1 -> a", "redeal"]
    assert texts(ranked_moves(position(["QC KC"], (11, 13, 13, 13), 0))) == [
        "draw a1 -> 1",
        "draw a1 -> a",
    ]
    used = position(["QC KC"], (11, 13, 13, 13), 1, draw_used=True)
    assert texts(ranked_moves(used)) == ["redeal"]
    assert ranked_moves(position(["QC KC"], (11, 13, 13, 13), 0, draw_used=True)) == []


def test_t_again_walks_the_cheap_tier_in_its_order() -> None:
    app = MidnightOilApp(Game(7), ASCII)
    app.game.state = every_tier()
    app.handle_key("t")
    first = app.assist.hint
    assert first is not None
    cycle = [first] + [m for m in ranked_moves(app.game.state) if m != first]
    seen = [first]
    for _ in range(len(cycle)):
        app.handle_key("t")
        assert app.assist.hint is not None
        seen.append(app.assist.hint)
    assert seen == cycle + [first]  # and round again
    app.assist.hint = Move.to_foundation(2, 0)
    assert "Hint: 4C (c) to foundation 1 C" in app.render(24, 80).to_text()
    app.assist.hint = Move.build(5, 4)
    assert "Hint: 7C (f) to 8C (fan e)" in app.render(24, 80).to_text()
    app.assist.hint = Move.draw(5, 0, 3, True)
    assert "Hint: draw 6S from fan f to foundation 4 S" in app.render(24, 80).to_text()
