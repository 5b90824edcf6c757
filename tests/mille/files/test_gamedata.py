"""A damaged Mille Bornes save names what is wrong, word for word (spec §8, issue #15).

The player reads ``FILE: is damaged: REASON``; each case below damages one field of a
real game and pins REASON. The valid neighbours of each check load, so a check that
refuses too much shows too.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parlour.core import i18n
from parlour.core.rng import SEED_LIMIT
from parlour.core.saves import SaveError
from parlour.mille.files import savefile
from parlour.mille.files.gamedata import check_consistent, game_from_dict, game_to_dict
from parlour.mille.game.rules import Game
from parlour.mille.game.table import Phase
from tests.mille.test_save_reasons_langs import DOMAINS, LANGUAGES, english_left

Edit = Callable[[dict[str, Any]], object]


def fresh() -> dict[str, Any]:
    """A game just dealt (seed 5): the human to move, nothing on the table."""
    return game_to_dict(Game.new(5))


def human(d: dict[str, Any]) -> dict[str, Any]:
    player: dict[str, Any] = d["players"][0]
    return player


def tally(d: dict[str, Any], who: int = 0) -> None:
    """Make ``who``'s hand total what the table shows, as play keeps it (the overall total
    moves with it): miles, 100 a safety, 300 a coup, 300 for all four, and the bonuses."""
    player = d["players"][who]
    table = (
        player["mileage"]
        + 100 * len(player["safeties"])
        + 300 * sum(1 for _, coup in player["safeties"] if coup)
        + (300 if len(player["safeties"]) == 4 else 0)
        + sum(player["bonuses"])
    )
    player["overall_total"] += table - player["hand_total"]
    player["hand_total"] = table


def take(d: dict[str, Any], name: str) -> None:
    """Take one ``name`` card off the deck (from a hand if the deck has none left: the hand
    gets the deck's top card instead), so that the 101 cards still add up."""
    if name in d["deck"]:
        d["deck"].remove(name)
        return
    for player in d["players"]:
        if name in player["hand"]:
            player["hand"][player["hand"].index(name)] = d["deck"].pop()
            return
    raise AssertionError(f"no {name} left to take")


def lay(d: dict[str, Any], where: str, *names: str, who: int = 0) -> None:
    """Move cards from the deck to ``who``'s ``where`` (a list, or a one-card slot)."""
    player = d["players"][who]
    for name in names:
        take(d, name)
        if isinstance(player[where], list):
            player[where].append(name)
        else:
            player[where] = name


def on_the_road(d: dict[str, Any], who: int = 0) -> None:
    """``who`` (the human unless said) has a GO on the battle pile and may roll."""
    lay(d, "battle_pile", "GO", who=who)
    d["players"][who].update(battle="GO", can_go=True)


def miles(d: dict[str, Any], *names: str, who: int = 0) -> None:
    on_the_road(d, who)
    lay(d, "distance_played", *names, who=who)
    d["players"][who]["mileage"] = sum(int(n[1:]) for n in names)
    tally(d, who)


def hand_over(d: dict[str, Any], finisher: int, bonuses: list[int]) -> None:
    """``finisher`` has completed the trip: the hand is over and their bonuses are scored."""
    d.update(phase="HAND_OVER", finisher=finisher)
    d["players"][finisher]["bonuses"] = bonuses
    tally(d, finisher)


def every_bonus(d: dict[str, Any]) -> None:
    """The human went to 1000 without a 200 after the deck ran out; the computer never rolled."""
    d["goal"] = 1000
    miles(d, *["D100"] * 10)
    d["discards"].extend(d["deck"])
    d["deck"] = []
    hand_over(d, 0, [400, 300, 300, 200, 500])


def computer_finished(d: dict[str, Any]) -> None:
    """The computer reached 700 with a 200 while the human never rolled."""
    miles(d, "D200", "D200", "D100", "D100", "D100", who=1)
    hand_over(d, 1, [400, 0, 0, 0, 500])


def safety(d: dict[str, Any], name: str, coup: object = False) -> None:
    take(d, name)
    human(d)["safeties"].append([name, coup])
    tally(d)


def put(path: tuple[object, ...], value: object) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        target: Any = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


def both(*edits: Edit) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        for e in edits:
            e(d)

    return edit


HAND_3 = put(("hands_played",), 3)
"""Hand 3 (the human starts it, the computer the next, as in the fresh deal)."""
NEXT_HUMAN = put(("next_starter",), 0)
"""The human starts the next hand (the odd ones)."""


def right_of_way_limited(d: dict[str, Any]) -> None:
    safety(d, "RIGHT_OF_WAY")
    human(d)["can_go"] = True
    lay(d, "speed_pile", "SPEED_LIMIT")
    human(d)["speed"] = "SPEED_LIMIT"


def trip_done_still_playing(d: dict[str, Any]) -> None:
    miles(d, "D200", "D200", "D100", "D100", "D100")


def extension_on_1000(d: dict[str, Any]) -> None:
    d["phase"] = "EXTENSION"
    d["goal"] = 1000
    miles(d, "D200", "D200", "D100", "D100", "D100")


def extension_short_of_700(d: dict[str, Any]) -> None:
    d["phase"] = "EXTENSION"
    miles(d, "D200", "D200", "D100", "D100")


def swap_one(d: dict[str, Any]) -> None:
    """101 cards still, but one more Right of Way and one GO fewer."""
    d["deck"][d["deck"].index("GO")] = "RIGHT_OF_WAY"


def to_deck(who: int, *slots: int) -> Edit:
    """Put the cards in ``slots`` of ``who``'s hand back on the deck (the cards add up)."""

    def edit(d: dict[str, Any]) -> None:
        hand = d["players"][who]["hand"]
        for slot in slots:
            d["deck"].append(hand[slot])
            hand[slot] = None

    return edit


def carried(points: int) -> Edit:
    """The human carries ``points`` from earlier hands."""
    return lambda d: human(d).update(overall_total=human(d)["hand_total"] + points)


def computer_at(points: int, phase: str) -> Edit:
    """The computer finished the hand with ``points`` overall, in ``phase``."""

    def edit(d: dict[str, Any]) -> None:
        computer_finished(d)
        d["players"][1]["overall_total"] = points
        d["phase"] = phase

    return edit


def unfinished_bonus(d: dict[str, Any]) -> None:
    human(d)["bonuses"] = [400, 0, 0, 0, 0]
    tally(d)


def wrong_bonuses(d: dict[str, Any]) -> None:
    """The computer finished with a 200 but is scored as if it had none."""
    computer_finished(d)
    d["players"][1]["bonuses"] = [400, 0, 0, 0, 0]
    tally(d, 1)


def asked_holding_seven(d: dict[str, Any]) -> None:
    """The extension question is put to a player who has picked and not played."""
    d["phase"] = "EXTENSION"
    trip_done_still_playing(d)
    human(d)["hand"][0] = d["deck"].pop()


def deck_out(d: dict[str, Any]) -> None:
    """The deck has run out (its cards are discards): the human, to move, can still play."""
    d["discards"].extend(d["deck"])
    d["deck"] = []


def deck_out_empty_handed(d: dict[str, Any]) -> None:
    deck_out(d)
    d["discards"].extend(card for card in human(d)["hand"] if card)
    human(d)["hand"] = [None] * 7


def both_at_700(d: dict[str, Any]) -> None:
    """The extension question while both players have completed the trip."""
    d["phase"] = "EXTENSION"
    trip_done_still_playing(d)
    miles(d, "D200", "D200", "D100", "D100", "D100", who=1)


def over_stuck_with_a_deck(d: dict[str, Any]) -> None:
    """The hand is over with cards left on the deck, both players holding only miles they
    cannot roll: nobody could play, but the deck had not run out."""
    for player in d["players"]:
        d["deck"].extend(card for card in player["hand"] if card)
        kept = [card for card in d["deck"] if card.startswith("D")][:6]
        for card in kept:
            d["deck"].remove(card)
        player["hand"] = [None, *kept]
    d["phase"] = "HAND_OVER"


H = ("players", 0)
C = ("players", 1)
DAMAGE: list[tuple[str, Edit, str]] = [
    ("battle type", put((*H, "battle"), 5), "the human's battle pile is not a card name"),
    ("speed type", put((*H, "speed"), 5), "the human's speed pile is not a card name"),
    (
        "battle pile type",
        put((*H, "battle_pile"), "GO"),
        "the human's battle pile is not a list of cards",
    ),
    (
        "speed pile type",
        put((*H, "speed_pile"), 3),
        "the human's speed pile is not a list of cards",
    ),
    (
        "mileage type",
        put((*H, "distance_played"), {}),
        "the human's mileage is not a list of cards",
    ),
    ("safety type", put((*H, "safeties"), [[5, False]]), "the human's safety is not a card name"),
    ("version", put(("version",), 2), "unknown game state version"),
    ("seed", put(("seed",), -1), "the seed is invalid"),
    ("seed type", put(("seed",), "5"), "the seed is invalid"),
    ("phase", put(("phase",), "LUNCH"), "the phase is invalid"),
    ("phase type", put(("phase",), 3), "the phase is invalid"),
    ("turn", put(("turn",), 2), "the player to move must be a whole number from 0 to 1"),
    ("turn type", put(("turn",), True), "the player to move must be a whole number from 0 to 1"),
    ("goal", put(("goal",), 800), "the goal must be 700 or 1000"),
    ("goal type", put(("goal",), 700.0), "the goal must be 700 or 1000"),
    ("deck", put(("deck",), "GO"), "the deck is not a list of cards"),
    ("deck card", put(("deck", 0), 7), "the deck is not a card name"),
    ("deck name", put(("deck", 0), "JOKER"), "unknown card 'JOKER'"),
    ("discards", put(("discards",), {}), "the discard pile is not a list of cards"),
    ("starter", put(("starter",), 2), "the starting player must be a whole number from 0 to 1"),
    (
        "next starter",
        put(("next_starter",), -1),
        "the next starting player must be a whole number from 0 to 1",
    ),
    (
        "hands",
        put(("hands_played",), 0),
        "the hand count must be a whole number from 1 to 1000000",
    ),
    ("finisher", put(("finisher",), 2), "the finisher must be a whole number from 0 to 1"),
    ("players", put(("players",), []), "there must be two players"),
    ("players type", put(("players",), {"a": 1, "b": 2}), "there must be two players"),
    ("human", put(("players", 0), []), "the human is not an object"),
    ("computer", put(("players", 1), "me"), "the computer is not an object"),
    ("hand", put((*H, "hand"), [None] * 6), "the human's hand must have 7 slots"),
    ("hand type", put((*H, "hand"), "GO"), "the human's hand must have 7 slots"),
    ("hand card", put((*H, "hand", 0), 3), "the human's hand is not a card name"),
    ("battle", put((*H, "battle"), "D25"), "the human's battle pile shows an impossible card"),
    ("speed", put((*C, "speed"), "GO"), "the computer's speed pile shows an impossible card"),
    (
        "battle pile",
        put((*H, "battle_pile"), ["D25"]),
        "the human's battle pile holds an impossible card",
    ),
    (
        "speed pile",
        put((*H, "speed_pile"), ["STOP"]),
        "the human's speed pile holds an impossible card",
    ),
    (
        "mileage cards",
        put((*H, "distance_played"), ["GO"]),
        "the human's mileage holds a card that is not a distance",
    ),
    (
        "three 200s",
        lambda d: miles(d, "D200", "D200", "D200"),
        "the human has more than two 200s",
    ),
    (
        "mileage over the goal",
        put((*H, "mileage"), 725),
        "the human's mileage must be a whole number from 0 to 700",
    ),
    (
        "mileage without cards",
        put((*H, "mileage"), 25),
        "the human's mileage does not match the distance cards",
    ),
    ("safeties", put((*H, "safeties"), {}), "the human's safeties are not a list"),
    (
        "safety entry",
        put((*H, "safeties"), [["DRIVING_ACE"]]),
        "the human's safeties are malformed",
    ),
    (
        "safety entry type",
        put((*H, "safeties"), ["DRIVING_ACE"]),
        "the human's safeties are malformed",
    ),
    ("not a safety", put((*H, "safeties"), [["GO", False]]), "the human's safeties are malformed"),
    (
        "safety twice",
        put((*H, "safeties"), [["DRIVING_ACE", False], ["DRIVING_ACE", False]]),
        "the human's safeties are malformed",
    ),
    (
        "coup flag",
        lambda d: safety(d, "DRIVING_ACE", 1),
        "the human's coup flag must be true or false",
    ),
    ("can go", put((*H, "can_go"), 1), "the human's can-go flag must be true or false"),
    (
        "can go without a GO",
        put((*H, "can_go"), True),
        "the human's can-go flag does not match the battle pile",
    ),
    (
        "stopped with a GO",
        both(on_the_road, put((*H, "can_go"), False)),
        "the human's can-go flag does not match the battle pile",
    ),
    (
        "right of way, stopped",
        lambda d: safety(d, "RIGHT_OF_WAY"),
        "the human's can-go flag does not match the battle pile",
    ),
    (
        "right of way, limited",
        right_of_way_limited,
        "the human is limited despite Right of Way",
    ),
    ("coup window", put((*H, "fresh_battle"), 0), "the human's coup window must be true or false"),
    (
        "speed window",
        put((*H, "fresh_speed"), "no"),
        "the human's coup window must be true or false",
    ),
    (
        "hand total",
        put((*H, "hand_total"), -1),
        "the human's hand total must be a whole number from 0 to 4600",
    ),
    (
        "overall total",
        put((*H, "overall_total"), 9599 + 1),
        "the human's overall total must be a whole number from 0 to 9599",
    ),
    (
        "games won",
        put((*H, "games_won"), 10**6 + 1),
        "the human's games won must be a whole number from 0 to 1000000",
    ),
    ("bonuses", put((*H, "bonuses"), [0, 0, 0, 0]), "bonuses must be a list of five numbers"),
    (
        "bonuses type",
        put((*H, "bonuses"), {"a": 0, "b": 0, "c": 0, "d": 0, "e": 0}),
        "bonuses must be a list of five numbers",
    ),
    ("bonus value", put((*H, "bonuses"), [0, 0, 0, 0, 7]), "bad bonus value 7"),
    ("bonus in the wrong place", put((*H, "bonuses"), [300, 0, 0, 0, 0]), "bad bonus value 300"),
    ("bonus type", put((*H, "bonuses"), [0, 0, 0, 0, 500.0]), "bad bonus value 500.0"),
    (
        "totals",
        both(put((*H, "hand_total"), 100), put((*H, "overall_total"), 50)),
        "the human's hand total exceeds the overall total",
    ),
    (
        "hand total off the table",
        both(
            lambda d: miles(d, "D25"),
            lambda d: human(d).update(hand_total=50, overall_total=50),
        ),
        "the human's hand total does not match the table",
    ),
    ("a card lost", lambda d: d["deck"].pop(), "the cards do not add up to the 101-card deck"),
    ("a card swapped", swap_one, "the cards do not add up to the 101-card deck"),
    (
        "a card made up",
        lambda d: d["deck"].append("GO"),
        "the cards do not add up to the 101-card deck",
    ),
    ("trip done", trip_done_still_playing, "a finished trip is still being played"),
    ("extension on 1000", extension_on_1000, "the extension question does not fit the position"),
    (
        "extension short",
        extension_short_of_700,
        "the extension question does not fit the position",
    ),
    ("waiting hand short", to_deck(1, 1), "a hand holds the wrong number of cards"),
    (
        "waiting hand picked",
        lambda d: d["players"][1]["hand"].__setitem__(0, d["deck"].pop()),
        "a hand holds the wrong number of cards",
    ),
    ("mover's gap", to_deck(0, 3), "a hand holds the wrong number of cards"),
    ("mover with three", to_deck(0, 1, 2, 3), "a hand holds the wrong number of cards"),
    (
        "battle top",
        put((*H, "battle"), "STOP"),
        "the human's battle pile does not show its top card",
    ),
    (
        "speed top",
        put((*H, "speed"), "SPEED_LIMIT"),
        "the human's speed pile does not show its top card",
    ),
    ("5000 carried", carried(5000), "the human's overall total should have ended the game"),
    (
        "computer's speed top",
        put((*C, "speed"), "SPEED_LIMIT"),
        "the computer's speed pile does not show its top card",
    ),
    ("1000 too soon", put(("goal",), 1000), "the trip was extended before anyone reached 700"),
    ("a game won", put((*H, "games_won"), 1), "more games won than the hands played allow"),
    ("over unended", put(("phase",), "HAND_OVER"), "the hand ended without a reason"),
    ("over, stuck", over_stuck_with_a_deck, "the hand ended without a reason"),
    (
        "over unfinished",
        both(put(("phase",), "HAND_OVER"), put(("finisher",), 0)),
        "the hand's finisher did not complete the trip",
    ),
    (
        "5000 in a hand",
        both(computer_at(5000, "HAND_OVER"), HAND_3),
        "the game's end does not match the totals",
    ),
    ("finisher in play", put(("finisher",), 1), "a hand in play has a finisher"),
    ("bonus unfinished", unfinished_bonus, "bonuses for a player who did not finish the trip"),
    ("wrong bonuses", wrong_bonuses, "the trip bonuses do not match the hand"),
    ("asked holding seven", asked_holding_seven, "a hand holds the wrong number of cards"),
    ("deck out, no cards", deck_out_empty_handed, "the hand should have ended with the deck"),
    ("asked with both at 700", both_at_700, "the extension question does not fit the position"),
    ("seed past its range", put(("seed",), SEED_LIMIT), "the seed is invalid"),
    (
        "points carried into hand 1",
        carried(25),
        "the totals carry more points than the earlier hands could score",
    ),
    (
        "more carried than hand 1 scores",
        both(carried(4625), put(("hands_played",), 2), NEXT_HUMAN),
        "the totals carry more points than the earlier hands could score",
    ),
    (
        "carried past a game won",
        both(carried(25), put((*H, "games_won"), 1), HAND_3),
        "the totals carry more points than the earlier hands could score",
    ),
    (
        "next starter out of turn",
        put(("next_starter",), 0),
        "the next starting player does not alternate",
    ),
    (
        # two faults: the load's own extension check comes before the consistency checks
        "extension on 1000, next starter out of turn",
        both(extension_on_1000, put(("next_starter",), 0)),
        "the extension question does not fit the position",
    ),
]


def test_the_consistency_check_names_a_finished_trip_still_played() -> None:
    """A game made in play, not loaded, is refused with the same words as a loaded one."""
    data = fresh()
    trip_done_still_playing(data)
    data["phase"] = "EXTENSION"
    game = game_from_dict(data)
    game.phase = Phase.TURN
    with pytest.raises(ValueError) as refusal:
        check_consistent(game)
    assert str(refusal.value) == "a finished trip is still being played"


@pytest.mark.parametrize(
    ("edit", "reason"), [(e, r) for _, e, r in DAMAGE], ids=[n for n, *_ in DAMAGE]
)
def test_each_damage_is_named(edit: Edit, reason: str) -> None:
    data = fresh()
    edit(data)
    with pytest.raises(ValueError) as refusal:
        game_from_dict(data)
    assert str(refusal.value) == reason


SEATS = ("the human", "the computer")
MIRRORED = [(n, e, r) for n, e, r in DAMAGE if r.startswith(SEATS)]


@pytest.mark.parametrize(
    ("edit", "reason"), [(e, r) for _, e, r in MIRRORED], ids=[n for n, *_ in MIRRORED]
)
def test_the_same_damage_in_the_other_seat_names_that_seat(edit: Edit, reason: str) -> None:
    # Each seat's words are a message of their own (translated whole): both are checked.
    data = fresh()
    edit(data)
    data["players"].reverse()  # the damaged player now sits in the other seat
    said, other = SEATS if reason.startswith(SEATS[0]) else SEATS[::-1]
    with pytest.raises(ValueError) as refusal:
        game_from_dict(data)
    assert str(refusal.value) == other + reason.removeprefix(said)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("edit", "reason"), [(e, r) for _, e, r in DAMAGE], ids=[n for n, *_ in DAMAGE]
)
def test_each_damage_is_named_in_the_players_language(edit: Edit, reason: str, lang: str) -> None:
    # The field a reason names is looked up in its context ("save field"): a reason with
    # an English word left in it has lost its translation somewhere on the way.
    data = fresh()
    edit(data)
    i18n.use(lang, DOMAINS)
    with pytest.raises(ValueError) as refusal:
        game_from_dict(data)
    said = str(refusal.value)
    assert said != reason and not english_left(said), said


VALID: list[tuple[str, Edit]] = [
    ("as dealt", lambda d: None),
    ("rolling", lambda d: miles(d, "D200", "D200", "D25")),
    (
        "two 200s on 1000",
        both(put(("goal",), 1000), lambda d: miles(d, "D200", "D200", "D100", "D100", "D100")),
    ),
    ("right of way rolls", both(lambda d: safety(d, "RIGHT_OF_WAY"), put((*H, "can_go"), True))),
    (
        "right of way over a repair",
        lambda d: (
            safety(d, "RIGHT_OF_WAY", True),
            lay(d, "battle_pile", "GASOLINE"),
            human(d).update(battle="GASOLINE", can_go=True),
        ),
    ),
    ("every bonus", every_bonus),
    ("equal totals", lambda d: miles(d, "D50")),
    ("finisher", computer_finished),
    (
        "the trip done, hand over",
        both(trip_done_still_playing, lambda d: hand_over(d, 0, [400, 0, 0, 0, 500])),
    ),
    ("extension asked at 700", both(put(("phase",), "EXTENSION"), trip_done_still_playing)),
    (
        "upper bounds",
        both(
            put(("turn",), 1),
            put(("starter",), 1),
            put(("hands_played",), 10**6),
            put(("next_starter",), 0),
        ),
    ),
    ("hand 2 the human started (a format 1 save)", both(put(("hands_played",), 2), NEXT_HUMAN)),
    ("mover after two coups, not yet picked", to_deck(0, 1, 2)),
    ("4950 carried", both(carried(4950), HAND_3)),
    ("4600 carried into hand 2", both(carried(4600), put(("hands_played",), 2), NEXT_HUMAN)),
    ("a game won in three hands", both(put((*H, "games_won"), 1), put(("hands_played",), 3))),
    ("5000 ends the game", both(computer_at(5000, "GAME_OVER"), HAND_3)),
    ("deck out, the mover plays on", deck_out),
    ("the greatest seed", put(("seed",), SEED_LIMIT - 1)),
]


@pytest.mark.parametrize("edit", [e for _, e in VALID], ids=[n for n, _ in VALID])
def test_what_a_real_game_can_reach_loads_and_saves_back_the_same(edit: Edit) -> None:
    data = fresh()
    edit(data)
    assert game_to_dict(game_from_dict(data)) == data


def test_the_player_reads_the_file_and_the_reason(tmp_path: Path) -> None:
    game = Game.new(5)
    path = tmp_path / "mille.json"
    savefile.save(path, game)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"games_won": 0', '"games_won": -3', 1), encoding="utf-8")
    with pytest.raises(SaveError) as refusal:
        savefile.load(path)
    assert str(refusal.value) == (
        f"{path}: is damaged: the human's games won must be a whole number from 0 to 1000000"
    )


def test_a_game_state_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(ValueError) as refusal:
        game_from_dict([])
    assert str(refusal.value) == "the game state is not an object"
    i18n.use("fr", DOMAINS)
    with pytest.raises(ValueError) as refusal:
        game_from_dict([])
    assert not english_left(str(refusal.value)), str(refusal.value)
