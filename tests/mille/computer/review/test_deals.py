"""The review's deals keep out of the opponent's hand the remedies its play showed it lacked."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.rng import below, make_rng
from parlour.mille.computer import sim as S
from parlour.mille.computer.ai import ComputerPlayer, unseen_list
from parlour.mille.computer.inference import Inference, hazards_on, own_moves
from parlour.mille.computer.review.deals import review_deals
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase
from tests.mille.craft import C, craft, go, hand, play, rebalance


def stuck_opponent() -> Game:
    """The computer has just moved and still needs a Go; the human, to move, has not picked."""
    game = craft(
        hands=(
            hand(C.D25, C.D50, C.STOP, C.GASOLINE, C.SPARE_TIRE, C.REPAIRS),
            hand(C.D75, C.D100, C.OUT_OF_GAS, C.D200, C.D25, C.D50),
        ),
        deck=[C.GO] * 10 + [C.D100] * 10 + [C.D75] * 6,
    )
    go(game, HUMAN)
    rebalance(game)
    return game


def test_an_opponent_still_needing_a_go_after_its_move_holds_none() -> None:
    game = stuck_opponent()
    evidence = Inference()
    view = game.view(HUMAN)
    evidence.observe(view)
    assert evidence.deck_at == {}  # nothing known before the player's own first move
    evidence.moved(view, Move("pick"))
    play(game, "pick")
    view = game.view(HUMAN)
    evidence.observe(view)
    evidence.moved(view, Move("discard", 1))
    play(game, "discard 1")
    assert evidence.deck_at == {}  # the opponent has not moved since
    play(game, "pick")  # the computer draws ...
    play(game, "discard 1")  # ... and moves, still without a Go
    view = game.view(HUMAN)
    evidence.observe(view)
    assert evidence.deck_at == {S.GO: view.deck_count}
    assert evidence.limits(view) == {S.GO: 0}
    later = view.deck_count - 4
    assert evidence.limits(view.__class__(**{**_fields(view), "deck_count": later})) == {S.GO: 2}


def moved_since(view: object) -> Inference:
    """Evidence in this hand, the opponent having moved since the player's last move."""
    evidence = Inference()
    evidence.last_deck = view.deck_count  # type: ignore[attr-defined]
    evidence.public_after_move = 0
    evidence.own_before = own_moves(view.theirs)  # type: ignore[attr-defined]
    evidence.attacked_before = hazards_on(view.mine)  # type: ignore[attr-defined]
    return evidence


def _fields(view: object) -> dict[str, object]:
    return {name: getattr(view, name) for name in view._fields}  # type: ignore[attr-defined]


def test_the_deals_give_that_opponent_no_go_and_keep_every_card() -> None:
    game = stuck_opponent()
    view = game.view(HUMAN)
    evidence = moved_since(view)
    evidence.observe(view)
    computer = ComputerPlayer(3)
    plain = computer.deals(view, 5, 40)
    assert any(S.GO in sim.sides[COMPUTER].hand for sim in plain)
    dealt = review_deals(computer, evidence, view, 5, 40)
    unseen = Counter(unseen_list(view))
    for sim in dealt:
        assert S.GO not in sim.sides[COMPUTER].hand
        assert Counter(sim.sides[COMPUTER].hand + sim.deck) == unseen
        assert len(sim.sides[COMPUTER].hand) == view.theirs.hand_size
    assert [s.sides[COMPUTER].hand for s in dealt] == [
        s.sides[COMPUTER].hand for s in review_deals(computer, evidence, view, 5, 40)
    ]


def test_a_stopped_opponent_lacks_that_remedy_and_a_new_hand_forgets() -> None:
    game = stuck_opponent()
    computer = game.players[COMPUTER]
    computer.battle_pile = [C.GO, C.FLAT_TIRE]
    computer.battle = C.FLAT_TIRE
    rebalance(game)
    evidence = moved_since(game.view(HUMAN))
    evidence.observe(game.view(HUMAN))
    assert set(evidence.deck_at) == {S.SPARE, S.PP}
    evidence.observe(Game.new(4).view(HUMAN))  # a bigger deck: the next hand
    assert evidence.deck_at == {} and evidence.public_after_move is None


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 120))
def test_review_deals_conserve_the_unseen_cards_and_respect_the_evidence(
    seed: int, steps: int
) -> None:
    game = Game.new(seed)
    rng = make_rng(seed)
    evidence = Inference()
    for _ in range(steps):
        if game.phase is not Phase.TURN:
            break
        moves = game.legal_moves()
        move = moves[below(rng, len(moves))]
        if game.turn == HUMAN:
            evidence.observe(game.view(HUMAN))
            evidence.moved(game.view(HUMAN), move)
        game.apply(move)
    if game.phase is not Phase.TURN or game.turn != HUMAN:
        return
    view = game.view(HUMAN)
    evidence.observe(view)
    allowed = evidence.limits(view)
    unseen = Counter(unseen_list(view))
    for sim in review_deals(ComputerPlayer(seed), evidence, view, 5, 12):
        theirs = sim.sides[COMPUTER].hand
        assert Counter(theirs + sim.deck) == unseen
        for remedy, room in allowed.items():
            assert theirs.count(remedy) <= room or all(card in allowed for card in sim.deck)
