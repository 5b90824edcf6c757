"""Dix Mille's recorded turns and decisions in a save, pinned word for word (#15).

Every turn of a save keeps its facts and the player's decisions (each throw
or pass, each take) for the statistics and the style page. A damaged turn or
decision makes the save refuse to load with the one line a player reads,
``PATH: is damaged: <reason>``; these pin that line for each field, and the
decision as the game writes it back.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parlour.core.saves import SaveError
from parlour.dixmille.computer.analysis import explain
from parlour.dixmille.files import savefile
from parlour.dixmille.game.records import GO, TAKE, Decision, TurnRecord

SAMPLE = Path(__file__).resolve().parents[3] / "saves" / "dixmille-v1-alice-zedx-midturn.json"
BASE = json.loads(SAMPLE.read_text(encoding="utf-8"))
Change = Callable[[list[dict[str, Any]]], None]


def _saved(tmp_path: Path, change: Change) -> Path:
    """The sample save with the decisions of Alice's second turn changed. There, at 400
    banked, decision 0 takes a 1 of 6 dice, 1 throws the other 5 at 100 in hand, 2 takes
    two 1s of those 5 and 3 passes at 300 with 3 dice."""
    data = copy.deepcopy(BASE)
    change(data["state"]["players"][0]["turns"][1]["decisions"])
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _set(index: int, key: str, value: object) -> Change:
    def change(decisions: list[dict[str, Any]]) -> None:
        decisions[index][key] = value

    return change


def _drop(index: int, key: str) -> Change:
    def change(decisions: list[dict[str, Any]]) -> None:
        del decisions[index][key]

    return change


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (_set(0, "d", "bet"), "unknown decision kind 'bet'"),
        (_set(0, "n", 7), "dice available is out of range"),
        (_set(0, "n", 0), "dice available is out of range"),
        (_set(0, "n", "6"), "dice available is not a whole number"),
        (_set(0, "last", 0), "decision 'last' is not true/false"),
        (_set(0, "loss", -1), "decision loss is out of range"),
        (_set(0, "loss", 1e6), "decision loss is out of range"),
        (_set(0, "loss", True), "decision loss is out of range"),
        (_set(0, "loss", "1"), "decision loss is out of range"),
        (_set(0, "best", 3), "decision 'best' is not text"),
        (_set(0, "s", 425), "banked score is out of range"),
        (_set(0, "s", "400"), "banked score is not a whole number"),
        (_set(0, "t", 125), "turn points is out of range"),
        (_set(0, "t", None), "turn points is not a whole number"),
        (_set(0, "k", -1), "one-die successes is out of range"),
        (_set(1, "throw", 1), "decision 'throw' is not true/false"),
        (_set(0, "thrown", [1, 1, 2, 3]), "thrown dice is not a list of dice"),
        (_set(0, "thrown", [1, 1, 2, 3, 4, 4, 5]), "thrown dice is not a list of dice"),
        (_set(0, "thrown", [1, 1, 2, 3, 4, 7]), "thrown dice is out of range"),
        (_set(0, "taken", []), "taken dice is not a list of dice"),
        (_set(0, "taken", [1, 1, 1, 1, 1, 1, 1]), "taken dice is not a list of dice"),
        (_set(0, "taken", [1, "1"]), "taken dice is not a whole number"),
    ],
)
def test_a_damaged_decision_is_refused_with_its_reason(
    tmp_path: Path, change: Change, reason: str
) -> None:
    path = _saved(tmp_path, change)
    with pytest.raises(SaveError) as caught:
        savefile.load(path)
    assert str(caught.value) == f"{path}: is damaged: {reason}"


def test_a_take_of_more_dice_than_were_thrown_is_refused_at_the_thrown_dice(
    tmp_path: Path,
) -> None:
    # Decision 1 throws 5 dice; the take after it lists 6 thrown.
    def change(decisions: list[dict[str, Any]]) -> None:
        decisions[2]["thrown"] = [*decisions[2]["thrown"], 6]

    path = _saved(tmp_path, change)
    with pytest.raises(SaveError) as caught:
        savefile.load(path)
    assert str(caught.value) == f"{path}: is damaged: thrown dice is not a list of dice"


def test_a_valued_decision_without_advice_loads_with_none(tmp_path: Path) -> None:
    game = savefile.load(_saved(tmp_path, _drop(0, "best")))
    decision = game.players[0].turns[1].decisions[0]
    assert decision.best == ""
    faces = "".join
    assert explain(decision, lambda dice: faces(map(str, dice))) == (
        "took 1 of 134466:  averages less than 1 more"
    )


def test_the_loss_is_written_to_three_decimals(tmp_path: Path) -> None:
    game = savefile.load(_saved(tmp_path, _set(0, "loss", 2.75949)))
    out = tmp_path / "again.json"
    savefile.save(out, game)
    again = json.loads(out.read_text(encoding="utf-8"))
    decision = again["state"]["players"][0]["turns"][1]["decisions"][0]
    assert decision["loss"] == 2.759
    assert decision["best"] == BASE["state"]["players"][0]["turns"][1]["decisions"][0]["best"]


@pytest.mark.parametrize(
    ("key", "value", "reason"),
    [
        ("result", "won", "unknown turn result 'won'"),
        ("one_die", {}, "turn record lists are damaged"),
        ("six_dice", "x", "turn record lists are damaged"),
        ("decisions", {}, "turn decisions are damaged"),
        ("six_dice", ["five"], "unknown six-dice combination"),
        ("cycle", 0, "cycle is out of range"),
        ("cycle", 2.0, "cycle is not a whole number"),
        ("score_before", -50, "score before is out of range"),
        ("score_before", 425, "score before is out of range"),
        ("turn_points", 325, "turn points is out of range"),
        ("throws", -1, "throws is out of range"),
        ("throws", True, "throws is not a whole number"),
        ("dice_at_pass", 7, "dice at pass is out of range"),
        ("dice_at_pass", -1, "dice at pass is out of range"),
        ("hot_dice", -1, "hot dice is out of range"),
        ("one_die", [3], "one-die attempt is out of range"),
        ("one_die", [-1], "one-die attempt is out of range"),
        ("bonus", 25, "bonus is out of range"),
        ("lost", -50, "points lost is out of range"),
        ("lost", 25, "points lost is out of range"),
        ("lost", None, "points lost is not a whole number"),
    ],
)
def test_a_damaged_turn_is_refused_with_its_reason(
    tmp_path: Path, key: str, value: object, reason: str
) -> None:
    data = copy.deepcopy(BASE)
    data["state"]["players"][0]["turns"][1][key] = value
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        savefile.load(path)
    assert str(caught.value) == f"{path}: is damaged: {reason}"


def test_a_decision_read_back_is_the_decision_written() -> None:
    """A go decision has no dice thrown or taken, a take decision no throw; a whole-number
    loss (as JSON may write 12.0) reads back as that number."""
    go = Decision(GO, 400, 250, 3, 0, False, throw=True)
    back = Decision.from_dict(go.to_dict())
    assert back == go and back.thrown == () and back.taken == ()
    take = Decision(TAKE, 0, 0, 6, 0, False, thrown=(1, 1, 5, 2, 3, 4), taken=(1,))
    back = Decision.from_dict(take.to_dict())
    assert back == take and back.throw is False
    data = dict(take.to_dict(), loss=12, best="take 1 1 5")
    assert Decision.from_dict(data).loss == 12.0


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"result": "won"}, "unknown turn result 'won'"),
        ({"one_die": {}}, "turn record lists are damaged"),
        ({"six_dice": "straight"}, "turn record lists are damaged"),
        ({"decisions": {}}, "turn decisions are damaged"),
        ({"six_dice": ["four pairs"]}, "unknown six-dice combination"),
        ({"one_die": [1, "2"]}, "one-die attempt is not a whole number"),
        ({"one_die": [True]}, "one-die attempt is not a whole number"),
        ({"one_die": [3]}, "one-die attempt is out of range"),
    ],
)
def test_a_damaged_turn_record_is_refused_in_words(change: dict[str, Any], words: str) -> None:
    data = TurnRecord(cycle=1, score_before=0).to_dict()
    assert TurnRecord.from_dict(dict(data)) == TurnRecord(cycle=1, score_before=0)
    data.update(change)
    with pytest.raises(ValueError) as info:
        TurnRecord.from_dict(data)
    assert str(info.value) == words
