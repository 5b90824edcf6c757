"""The computer player: legal, deterministic, blind to hidden cards, sound on key decisions."""

from __future__ import annotations

import json

import pytest
from bench.mille_baselines import GreedyPlayer, RandomPlayer
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.record import replace
from parlour.core.rng import below, make_rng
from parlour.mille.computer import sim as S
from parlour.mille.computer.ai import OPINION_SALT, ComputerPlayer, sim_from_view, win_chance
from parlour.mille.computer.bsd import BsdPlayer
from parlour.mille.computer.policy import (
    SURE_PLAY,
    Heuristic,
    finish_move,
    playout,
    pre_pick_counter,
)
from parlour.mille.files.gamedata import game_from_dict, game_to_dict
from parlour.mille.game.cards import MILES, Card
from parlour.mille.game.rules import Game
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase
from tests.mille.craft import C, both_moving, craft, go, hand, play, rebalance, use

SEEDS = st.integers(min_value=0, max_value=2**32)


def advance(game: Game, steps: int, seed: int) -> None:
    """Random legal play for ``steps`` actions (dealing new hands as needed)."""
    rng = make_rng(seed)
    for _ in range(steps):
        if game.phase is Phase.EXTENSION:
            game.answer_extension(below(rng, 2) == 0)
        elif game.phase is Phase.TURN:
            moves = game.legal_moves()
            game.apply(moves[below(rng, len(moves))])
        else:
            game.next_hand()


def play_out(game: Game, players: list, max_actions: int = 600) -> None:  # type: ignore[type-arg]
    for _ in range(max_actions):
        if game.phase not in (Phase.TURN, Phase.EXTENSION):
            return
        view = game.view(game.turn)
        if game.phase is Phase.EXTENSION:
            game.answer_extension(players[game.turn].wants_extension(view))
        else:
            move = players[game.turn].choose_move(view)
            assert game.is_legal(move), f"{type(players[game.turn]).__name__} chose {move}"
            game.apply(move)
    raise AssertionError("the hand did not end")


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, steps=st.integers(0, 120))
def test_every_player_chooses_legal_moves_and_hands_end(seed: int, steps: int) -> None:
    for opponent in (RandomPlayer, GreedyPlayer, BsdPlayer):
        game = Game.new(seed)
        advance(game, steps, seed)
        if game.phase not in (Phase.TURN, Phase.EXTENSION):
            game.next_hand()
        play_out(game, [ComputerPlayer(seed, samples=6), opponent(seed)])
        assert game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def test_computer_against_itself_finishes_a_whole_game() -> None:
    game = Game.new(2024)
    players = [ComputerPlayer(1, samples=4), ComputerPlayer(2, samples=4)]
    for _ in range(60):
        play_out(game, players)
        if game.phase is Phase.GAME_OVER:
            break
        game.next_hand()
    assert game.phase is Phase.GAME_OVER


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, steps=st.integers(0, 100))
def test_decision_depends_only_on_the_seat_view(seed: int, steps: int) -> None:
    game = Game.new(seed)
    advance(game, steps, seed)
    if game.phase is not Phase.TURN:
        return
    me = game.turn
    other = game.players[1 - me]
    twin = game_from_dict(game_to_dict(game))
    # deal the hidden cards (opponent hand + deck) differently in the twin
    hidden = [c for c in twin.players[1 - me].hand if c is not None] + twin.deck
    rng = make_rng(seed + 5)
    for i in range(len(hidden) - 1, 0, -1):
        j = below(rng, i + 1)
        hidden[i], hidden[j] = hidden[j], hidden[i]
    slots = [i for i, c in enumerate(other.hand) if c is not None]
    for slot in slots:
        twin.players[1 - me].hand[slot] = hidden.pop()
    twin.deck = hidden
    assert twin.view(me) == game.view(me)
    assert ComputerPlayer(9).choose_move(twin.view(me)) == ComputerPlayer(9).choose_move(
        game.view(me)
    )


def test_same_seed_same_decisions() -> None:
    game = Game.new(77)
    advance(game, 40, 3)
    while game.phase is not Phase.TURN:
        game.next_hand()
    view = game.view(game.turn)
    moves = {ComputerPlayer(5).choose_move(view) for _ in range(3)}
    assert len(moves) == 1


def test_takes_the_coup_fourre_before_picking() -> None:
    game = both_moving(
        (
            hand(C.OUT_OF_GAS, C.D50, C.D50, C.D50, C.D50, C.D50),
            hand(C.D25, C.D100, C.D100, C.GASOLINE, C.EXTRA_TANK, C.D75),
        ),
        [C.D200] * 4,
    )
    use(game, C.OUT_OF_GAS)
    assert game.turn == COMPUTER and game.players[COMPUTER].fresh_battle
    move = ComputerPlayer(1).choose_move(game.view(COMPUTER))
    assert move == Move("use", 5)


def test_cashes_safeties_when_the_deck_runs_low() -> None:
    game = craft(
        hands=(hand(C.D25, C.D25, C.D25, C.D25, C.D25, C.D25), hand(C.D50)),
        deck=[C.D50] * 6,
    )
    game.players[HUMAN].hand[1] = C.PUNCTURE_PROOF
    go(game, HUMAN)
    rebalance(game)
    play(game, "pick")
    move = ComputerPlayer(1, search=False).choose_move(game.view(HUMAN))
    assert move == Move("use", 1)


def test_holds_a_safety_for_the_coup_early_in_the_hand() -> None:
    game = craft(
        hands=(hand(C.PUNCTURE_PROOF, C.D25, C.D50, C.D75, C.D100, C.GO), hand(C.D50)),
        deck=[C.FLAT_TIRE, C.FLAT_TIRE] + [C.D100] * 10 + [C.D75] * 9,  # no coup is ruled out
    )
    play(game, "pick")
    move = ComputerPlayer(1).choose_move(game.view(HUMAN))
    assert move != Move("use", 1)
    assert move == Move("use", game.players[HUMAN].hand.index(C.GO))


def on_the_road(
    hands: tuple[list[Card | None], list[Card | None]],
    deck: list[Card],
    played: list[Card],
    limited: bool = False,
) -> Game:
    """Both players have a Go down, the human has laid ``played`` (and a Speed Limit when
    ``limited``) and, to move, has picked."""
    game = craft(hands=hands, deck=deck)
    go(game, HUMAN)
    go(game, COMPUTER)
    human = game.players[HUMAN]
    human.distance_played = list(played)
    human.mileage = sum(MILES[card] for card in played)
    if limited:
        human.speed_pile.append(C.SPEED_LIMIT)
        human.speed = C.SPEED_LIMIT
    rebalance(game)
    play(game, "pick")
    return game


def test_finishes_the_trip_when_it_can() -> None:
    game = on_the_road(
        (hand(C.D100, C.D25, C.D50, C.D75, C.STOP, C.GO), hand(C.D50)),
        [C.D50] * 8,
        [C.D200, C.D200, C.D100, C.D100],
    )
    assert ComputerPlayer(3).choose_move(game.view(HUMAN)) == Move("use", 1)


def test_simulator_agrees_with_the_rules() -> None:
    """For many positions, the simulator's legality and effects match rules.Game."""
    for seed in range(40):
        game = Game.new(seed)
        advance(game, seed * 3 % 150, seed)
        if game.phase is not Phase.TURN or not (game.current.picked or not game.deck):
            continue
        me = game.turn
        view = game.view(me)
        for slot, card in enumerate(game.current.hand):
            if card is None:
                continue
            sim = sim_from_view(view, [int(c) for c in game.players[1 - me].cards_in_hand()], [])
            sim.deck = [int(c) for c in game.deck]
            assert sim.can_use(me, int(card)) == game.is_legal(Move("use", slot)), card
            if not game.is_legal(Move("use", slot)):
                continue
            twin = game_from_dict(game_to_dict(game))
            twin.apply(Move("use", slot))
            sim.use(me, int(card))
            for who in (HUMAN, COMPUTER):
                real, fake = twin.players[who], sim.sides[who]
                assert fake.mileage == real.mileage
                assert fake.battle == (S.NONE if real.battle is None else int(real.battle))
                assert fake.limited == real.limited and fake.can_go == real.can_go
                assert fake.points == real.hand_total
                assert sorted(fake.hand) == sorted(int(c) for c in real.cards_in_hand())
            assert sim.hidden == hidden_cards(twin)


def hidden_cards(game: Game) -> list[int]:
    """Per card, the copies not in the open: in the deck or in either hand."""
    hidden = [0] * len(S.COPIES)
    for card in [*game.deck, *game.players[0].cards_in_hand(), *game.players[1].cards_in_hand()]:
        hidden[int(card)] += 1
    return hidden


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS)
def test_heuristic_playouts_end_and_keep_the_cards_accounted_for(seed: int) -> None:
    """The search's playouts: every hand ends, and what is hidden is exactly deck + hands."""
    rng = make_rng(seed)
    cards = [card for card in range(len(S.COPIES)) for _ in range(S.COPIES[card])]
    for i in range(len(cards) - 1, 0, -1):
        j = below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    sides = [S.Side(), S.Side()]
    for side in sides:
        side.hand = [cards.pop() for _ in range(6)]
    sim = S.Sim(sides, cards, S.GOAL, seed % 2, list(S.COPIES))
    replay = sim.copy()
    playout(sim)
    assert sim.over
    # the playouts' short cut picks what the full ranking puts first, at every decision
    while not replay.over:
        who = replay.turn
        if replay.deck:
            counter = pre_pick_counter(replay, who)
            if counter != S.NONE:
                replay.use(who, counter)
                continue
            replay.pick(who)
            if not replay.deck and not replay.anyone_can_play():
                replay.end(S.NONE)
                break
        elif not replay.sides[who].hand:
            replay.turn = 1 - who
            continue
        heuristic = Heuristic(replay, who)
        top = heuristic.options()[0][1]
        assert heuristic.best() == (top.card, top.use)
        finish_move(replay, who, top.card, top.use)
    held = [0] * len(S.COPIES)
    for card in [*sim.deck, *sim.sides[0].hand, *sim.sides[1].hand]:
        held[card] += 1
    assert sim.hidden == held
    assert all(side.mileage <= sim.goal for side in sim.sides)
    if sim.finisher != S.NONE:
        assert sim.sides[sim.finisher].mileage == sim.goal


def test_an_opponent_left_under_a_hazard_is_read_as_not_holding_its_safety() -> None:
    """It did not counter the Flat Tire on its own move, so no Puncture Proof then;
    later the chance grows only with what it has drawn since."""
    game = both_moving(
        (
            hand(C.FLAT_TIRE, C.D25, C.D25, C.D25, C.D25, C.D25),
            hand(C.D50, C.D50, C.D50, C.D50, C.D50, C.D50),
        ),
        [C.D75] * 9 + [C.D100] * 11 + [C.D200] * 4,
    )
    ours = ComputerPlayer(1, search=False)
    assert ours.choose_move(game.view(HUMAN)) == Move("use", 1)
    game.apply(Move("use", 1))
    play(game, "pick")  # the computer: no safety, no Spare Tire, so it discards
    play(game, "discard 1")
    assert game.players[COMPUTER].battle is C.FLAT_TIRE
    view = game.view(HUMAN)
    ours.choose_move(view)
    assert ours.evidence.odds(view) == {int(C.PUNCTURE_PROOF): 0.0}
    later = view.deck_count - 10  # five more draws by the opponent
    assert ours.evidence.odds(replace(view, deck_count=later))[int(C.PUNCTURE_PROOF)] == (
        pytest.approx(5 / (5 + later))
    )


def test_the_safety_evidence_survives_a_save() -> None:
    """A restored computer keeps what the human's play showed and decides as it would have."""
    game = both_moving(
        (
            hand(C.FLAT_TIRE, C.D25, C.D25, C.D25, C.D25, C.D25),
            hand(C.D50, C.D50, C.D50, C.D50, C.D50, C.D50),
        ),
        [C.D75] * 9 + [C.D100] * 11 + [C.D200] * 4,
    )
    ours = ComputerPlayer(1, samples=6)
    game.apply(ours.choose_move(game.view(HUMAN)))
    play(game, "pick")
    play(game, "discard 1")
    view = game.view(HUMAN)
    game.apply(ours.choose_move(view))
    memory = ours.memory()
    assert memory["evidence"]["deck_at"] == {"PUNCTURE_PROOF": view.deck_count}
    restored = ComputerPlayer(1, samples=6)
    restored.restore_memory(json.loads(json.dumps(memory)))
    assert restored.memory() == memory
    copy = game_from_dict(game_to_dict(game))
    now = copy.view(HUMAN)
    odds = restored.safety_odds(now)
    assert odds == ours.safety_odds(now)
    assert list(odds) == [int(C.PUNCTURE_PROOF)] and odds[int(C.PUNCTURE_PROOF)] < 0.05
    assert ComputerPlayer(1).safety_odds(now) == {}  # what a restore used to start with
    opponent = GreedyPlayer(5)
    play_out(game, [ours, opponent])
    play_out(copy, [restored, GreedyPlayer(5)])
    assert copy == game


@pytest.mark.parametrize(
    ("memory", "reason"),
    [
        ([], "not an object"),
        ({"version": 3, "evidence": {}}, "unknown version"),
        ({"version": 0, "evidence": {}}, "unknown version"),
        ({"version": 2, "evidence": {"deck_at": {}, "last_deck": 4}}, "first-opinion memory is"),
        ({"version": 1, "evidence": "x"}, "not an object"),
        ({"version": 1, "evidence": {"deck_at": {"GO": 3}, "last_deck": 3}}, "not a safety"),
        ({"version": 1, "evidence": {"deck_at": {"NOPE": 3}, "last_deck": 3}}, "unknown card"),
        ({"version": 1, "evidence": {"deck_at": {"ROW": 3}}}, "unknown card"),
        (
            {"version": 1, "evidence": {"deck_at": {"RIGHT_OF_WAY": 300}, "last_deck": 3}},
            "not 0 to 101",
        ),
        ({"version": 1, "evidence": {"deck_at": {}, "last_deck": True}}, "not -1 to 101"),
        (
            {"version": 1, "evidence": {"deck_at": {}, "last_deck": 4, "public_after_move": -2}},
            "not 0 to 101",
        ),
    ],
)
def test_a_damaged_memory_is_refused_and_changes_nothing(memory: object, reason: str) -> None:
    player = ComputerPlayer(1)
    before = player.memory()
    with pytest.raises(ValueError, match=reason):
        player.restore_memory(memory)
    assert player.memory() == before


def extension_offer(
    before: tuple[int, int],
    their_miles: int,
    stopped: bool = False,
    rest: tuple[Card, ...] = (C.D75, C.D25, C.D50, C.GO),
) -> Game:
    """The human seat has just reached 700 (no 200s) and is asked Extension?.

    ``before`` holds both Overall Totals before this hand; the opponent has
    ``their_miles`` and is moving, or under a Stop when ``stopped``; the deck is long.
    The human then holds a 100, a 50 and ``rest`` (by default the 300 miles to 1000).
    """
    game = craft(
        hands=(
            hand(C.D100, C.D100, *rest, p=C.D50),
            hand(C.D25, C.D50, C.D100, C.D25, C.STOP, C.REPAIRS),
        ),
        deck=[C.D50, C.GO, C.GASOLINE, C.D25] * 6,
    )
    go(game, HUMAN)
    go(game, COMPUTER)
    if stopped:
        game.players[COMPUTER].battle_pile.append(C.STOP)
        game.players[COMPUTER].battle = C.STOP
        game.players[COMPUTER].can_go = False
    for who, miles in ((HUMAN, 600), (COMPUTER, their_miles)):
        player = game.players[who]
        player.distance_played = [C.D100] * 6 if who == HUMAN else [C.D100] * 3
        player.distance_played += [C.D75] * ((miles - 300) // 75) if who == COMPUTER else []
        player.mileage = miles
        player.hand_total = miles
        player.overall_total = before[who] + miles
    rebalance(game)
    use(game, C.D100)
    assert game.phase is Phase.EXTENSION
    return game


def test_declines_the_extension_when_stopping_wins_the_game() -> None:
    # Stopping now: 4200 + 600 miles + trip, safe trip = 5500 against 4300. Game won.
    game = extension_offer((4200, 4000), 300)
    assert not ComputerPlayer(1).wants_extension(game.view(HUMAN))


def test_extends_when_stopping_loses_the_game() -> None:
    # The opponent already has 5000, so this hand ends the game; stopping leaves us
    # 100 behind, only the extension can still win it.
    game = extension_offer((3600, 4400), 600)
    assert ComputerPlayer(1).wants_extension(game.view(HUMAN))
    # Early in a game it weighs the hand: holding the 300 miles to 1000 it goes on
    # (about 1390 against 1100 in long playouts), holding only 150 of them with the
    # opponent at 600 it stops (about 610 against 800).
    game = extension_offer((0, 0), 300)
    assert ComputerPlayer(1).wants_extension(game.view(HUMAN))
    game = extension_offer((0, 0), 600, rest=(C.STOP, C.SPARE_TIRE, C.REPAIRS, C.END_OF_LIMIT))
    assert not ComputerPlayer(1).wants_extension(game.view(HUMAN))


def test_a_hand_that_ends_the_game_is_worth_only_winning_it() -> None:
    assert win_chance(5100, 5000) == win_chance(7000, 3000) == 0.5
    assert win_chance(4900, 5000) == -0.5
    assert win_chance(5000, 5000) == 0.0
    # Before that, a lead is worth more the fewer hands are left to catch up.
    assert 0 < win_chance(1000, 0) < win_chance(4000, 3000) < 0.5
    assert win_chance(0, 1000) == -win_chance(1000, 0)
    # Early in a game, chances grow about in step with the lead.
    assert win_chance(400, 0) == pytest.approx(2 * win_chance(200, 0), rel=0.05)


def test_drives_on_when_the_miles_left_can_still_be_made() -> None:
    """200 to go with 25, 50 and 75: the 75 leaves 125, which a 100 and a 25 or a 75 and a
    50 still unseen can make; it is no dead end (it used to discard and wait)."""
    game = on_the_road(
        (
            hand(C.D25, C.D50, C.D75, C.SPARE_TIRE, C.SPARE_TIRE, C.EXTRA_TANK),
            hand(C.D50, C.D50, C.D50, C.D50, C.D50, C.D50),
        ),
        [C.D100] * 8 + [C.D25] * 8 + [C.OUT_OF_GAS] * 2 + [C.SPARE_TIRE],
        [C.D200, C.D200, C.D100],
    )
    assert ComputerPlayer(3, search=False).choose_move(game.view(HUMAN)) == Move("use", 3)


def test_drives_on_under_a_limit_when_the_rest_can_come_after_it() -> None:
    """Limited at 500 with one 50: the 150 left cannot be made of 25s and 50s alone, but the
    limit will not last; the 50 is no dead end (it used to discard a Gasoline)."""
    game = on_the_road(
        (
            hand(C.D50, C.GASOLINE, C.GASOLINE, C.GASOLINE, C.GO, C.GO),
            hand(C.D25, C.D25, C.D25, C.D25, C.D25, C.D25),
        ),
        [C.D75] * 6 + [C.D100] * 6 + [C.END_OF_LIMIT] * 2 + [C.GASOLINE],
        [C.D200, C.D200, C.D100],
        limited=True,
    )
    assert ComputerPlayer(3, search=False).choose_move(game.view(HUMAN)) == Move("use", 1)


def test_without_search_it_plays_its_first_opinion_except_a_sure_play() -> None:
    """The first opinion is BSD's strategy with the count fixed; sure plays stay the heuristic's."""
    differing = sure = 0
    for seed in range(1, 7):
        game = Game.new(seed)
        ours = ComputerPlayer(seed, search=False)
        plain = ComputerPlayer(seed, search=False, first_opinion=False)
        twin = BsdPlayer(seed + OPINION_SALT, debian_count=False)  # the same opinion
        rival = GreedyPlayer(seed)
        while game.phase in (Phase.TURN, Phase.EXTENSION):
            view = game.view(game.turn)
            if game.phase is Phase.EXTENSION:
                game.answer_extension(False)
                continue
            if game.turn == COMPUTER:
                game.apply(rival.choose_move(view))
                continue
            advice = twin.advise(view)
            move = ours.choose_move(view)
            twin.note_move(view, move)
            own = plain.decide(view)  # without the first opinion: the heuristic's best
            if view.picked:
                sim = sim_from_view(view, [], [S.NONE] * view.deck_count)
                top = Heuristic(sim, 0, safety_odds=plain.safety_odds(view)).options()[0][1]
                assert (own.kind == "use", view.hand[own.slot]) == (top.use, Card(top.card))
            plain.moved(view, move)
            ranked = Heuristic(sim_from_view(view, [], [S.NONE] * view.deck_count), 0).options()
            if view.picked and ranked[0][0] >= SURE_PLAY:
                sure += 1
                card, use = ranked[0][1].card, ranked[0][1].use
                assert (move.kind == "use") == use and view.hand[move.slot] == Card(card)
            elif view.picked:
                assert (move.kind, view.hand[move.slot]) == (advice.kind, view.hand[advice.slot])
                differing += Heuristic(
                    sim_from_view(view, [], [S.NONE] * view.deck_count), 0
                ).best() != (int(view.hand[move.slot]), move.kind == "use")
            game.apply(move)
    assert sure > 0 and differing > 0  # both kinds of decision came up


def test_a_memory_from_before_the_first_opinion_restores_with_a_fresh_one() -> None:
    old = {"version": 1, "evidence": {"deck_at": {"EXTRA_TANK": 70}, "last_deck": 70}}
    player = ComputerPlayer(3)
    player.restore_memory(old)
    assert player.memory()["evidence"]["deck_at"] == {"EXTRA_TANK": 70}
    assert player.memory()["opinion"] == ComputerPlayer(3).memory()["opinion"]
    assert player.memory()["version"] == 2


def test_the_first_opinion_remembers_the_move_made_not_the_one_it_gave() -> None:
    """Its memory follows the card actually played (here the heuristic's sure finish)."""
    game = on_the_road(
        (hand(C.D100, C.D25, C.D50, C.D75, C.STOP, C.GO), hand(C.D50)),
        [C.D50] * 8,
        [C.D200, C.D200, C.D100, C.D100],
    )
    ours = ComputerPlayer(3, search=False)
    view = game.view(HUMAN)
    advice = ours.opinion.advise(view)  # BSD's strategy attacks first
    assert advice.kind == "use" and view.hand[advice.slot] == C.STOP
    assert ours.choose_move(view) == Move("use", 1)  # the finishing 100
    memory = ours.memory()["opinion"]
    assert memory["last_distance"] == "D100"
    assert memory["held"].get("STOP") == 1 and "D100" not in memory["held"]
