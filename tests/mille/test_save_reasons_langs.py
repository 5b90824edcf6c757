"""A damaged mille save says why in the player's language (issue 42, point 2).

``mille FILE`` on a damaged save prints ``mille: FILE: is damaged: <reason>``; the reasons
come from the checks of ``mille/files`` (the game, each side's table, the hand's decisions,
the screen state, the hand summaries) and are whole sentences translated as the file is
read. Here: hand-damaged saves give their English reasons byte for byte as before, and in
French and Japanese a reason with no English left that fits 80 columns once wrapped; a
fuzzed sweep of every mille sample save finds no damaged reason left in English but the
computer's memory's (its own room, not translated yet).
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parlour.core import i18n
from parlour.core.cliutil import file_problem
from parlour.core.saves import SaveError
from parlour.core.text import LINE_COLUMNS, width, wrap_lines
from parlour.mille.cli import load_saved
from parlour.mille.files.stats import GameRecord
from tests.savefuzz import mutate_randomly, raw_bytes

SAVES = Path(__file__).resolve().parents[2] / "saves"
SAMPLE = SAVES / "mille-v3-another-hand-kept-dead-repairs.json"
"""A hand just over: the human holds every safety, the computer has Go on its battle pile."""
DOMAINS = ("mille", "millereview")
LANGUAGES = ("fr", "ja")
ENGLISH_WORDS = frozenset(
    re.findall(
        r"\S+",
        """the is are not must does has have human human's computer computer's should match
        holds shows whole number from list cards card object unknown hand decision decision's
        safety flag goal count move screen state summary summaries level deck discard
        mileage slots""",
    )
)
"""Words of the English reasons that no French or Japanese reason holds."""
NAMED_IN_FILES = re.compile(r"'[^']*'")
"""Text quoted from the file (a card's name, a field's), kept as it is there."""

Damage = Callable[[dict[str, Any]], None]


def _set(path: tuple[str | int, ...], value: Any) -> Damage:
    def damage(state: dict[str, Any]) -> None:
        place: Any = state
        for key in path[:-1]:
            place = place[key]
        place[path[-1]] = value

    return damage


def _push(path: tuple[str | int, ...], value: Any) -> Damage:
    def damage(state: dict[str, Any]) -> None:
        place: Any = state
        for key in path:
            place = place[key]
        place.append(value)

    return damage


HUMAN = ("game", "players", 0)
COMPUTER = ("game", "players", 1)
DECISION = ("hand_log", "decisions", 0)
DAMAGES: dict[str, tuple[Damage, str]] = {
    "computer battle pile": (
        _push((*COMPUTER, "battle_pile"), "D25"),
        "the computer's battle pile holds an impossible card",
    ),
    "human hand slots": (
        _set((*HUMAN, "hand"), [None, None, None]),
        "the human's hand must have 7 slots",
    ),
    "computer hand slots": (
        _set((*COMPUTER, "hand"), []),
        "the computer's hand must have 7 slots",
    ),
    "unknown card": (_set((*HUMAN, "hand", 1), "JOKER"), "unknown card 'JOKER'"),
    "not a card name": (
        _set((*COMPUTER, "speed_pile"), [7]),
        "the computer's speed pile is not a card name",
    ),
    "not a list of cards": (
        _set((*HUMAN, "distance_played"), "D50"),
        "the human's mileage is not a list of cards",
    ),
    "mileage range": (
        _set((*COMPUTER, "mileage"), 99999),
        "the computer's mileage must be a whole number from 0 to 1000",
    ),
    "coup flag": (
        _set((*HUMAN, "safeties", 0, 1), "yes"),
        "the human's coup flag must be true or false",
    ),
    "malformed safeties": (
        _set((*HUMAN, "safeties", 1), ["DRIVING_ACE", False]),
        "the human's safeties are malformed",
    ),
    "side not an object": (_set(COMPUTER, [1, 2]), "the computer is not an object"),
    "hand total": (
        _set((*COMPUTER, "overall_total"), 0),
        "the computer's hand total exceeds the overall total",
    ),
    "deck": (_set(("game", "deck"), {}), "the deck is not a list of cards"),
    "goal": (_set(("game", "goal"), 800), "the goal must be 700 or 1000"),
    "101 cards": (
        _push(("game", "discards"), "GO"),
        "the cards do not add up to the 101-card deck",
    ),
    "bonuses": (_set((*HUMAN, "bonuses"), [0]), "bonuses must be a list of five numbers"),
    "bonus value": (
        _set((*HUMAN, "bonuses"), [0, 0, 0, 0, 7]),
        "bad bonus value 7",
    ),
    "decision goal": (
        _set((*DECISION, "goal"), 5),
        "a decision's goal must be a whole number from 700 to 1000",
    ),
    "decision piles": (
        _set((*DECISION, "piles"), [0, 0]),
        "a decision's piles is not a list of 7",
    ),
    "decision can go": (
        _set((*DECISION, "can_go"), [0, 1]),
        "a can-go flag must be true or false",
    ),
    "decision move": (_set((*DECISION, "move"), "fly"), "a decision's move is not a move"),
    "hand log": (_set(("hand_log",), []), "the hand log is not an object"),
    "screen layout": (
        _set(("ui", "layout"), "sideways"),
        "unknown window layout in the screen state",
    ),
    "last move": (
        _set(("ui", "last_move"), ["PLAY", "Joker"]),
        "the computer's last move is unreadable",
    ),
    "hand summary": (
        _set(("hands", 0, "safeties"), 9),
        "a safety count must be a whole number from 0 to 4",
    ),
    "summaries": (
        _set(("hands", 0, "you"), 200),
        "the hand summaries do not add up to the totals",
    ),
    "level": (_set(("level",), "grand master"), "the computer's level is unknown"),
}


def damaged_save(tmp_path: Path, damage: Damage) -> Path:
    """The sample with ``damage`` done to its state, written as ``damaged.json``."""
    document = json.loads(SAMPLE.read_text(encoding="utf-8"))
    damage(document["state"])
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    """Why loading ``path`` failed, as the save error keeps it."""
    with pytest.raises(SaveError) as caught:
        load_saved(str(path))
    return caught.value.reason


def detail(reason: str) -> str:
    """The game's own part of a "damaged" reason, without core's wrapper of the language."""
    before, _marker, after = i18n._("is damaged: {detail}").partition("{detail}")
    assert reason.startswith(before) and reason.endswith(after), reason
    return reason[len(before) : len(reason) - len(after)]


def english_left(text: str) -> set[str]:
    """The English words of a reason still in ``text`` (quotes from the file apart)."""
    words = re.findall(r"[A-Za-z][A-Za-z'-]*", NAMED_IN_FILES.sub("", text))
    return {word for word in words if word.lower() in ENGLISH_WORDS}


@pytest.mark.parametrize("name", sorted(DAMAGES))
def test_the_english_reasons_are_those_of_before(name: str, tmp_path: Path) -> None:
    damage, expected = DAMAGES[name]
    assert refusal(damaged_save(tmp_path, damage)) == "is damaged: " + expected


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(DAMAGES))
def test_a_reason_is_whole_in_the_players_language(name: str, lang: str, tmp_path: Path) -> None:
    damage, english = DAMAGES[name]
    path = damaged_save(tmp_path, damage)
    i18n.use(lang, DOMAINS)
    reason = refusal(path)
    said = detail(reason)
    assert said != english
    assert not english_left(said), said
    if lang == "ja":
        assert re.search("[\u3040-\u30ff\u4e00-\u9fff]", said), said
    # the name as a player types it (a temporary folder's path can pass 80 columns alone)
    lines = wrap_lines(file_problem("mille", path.name, reason))
    assert all(width(line) <= LINE_COLUMNS for line in lines), lines
    # The file carries no language: the same file in English says what it said before.
    i18n.use("en")
    assert refusal(path) == "is damaged: " + english


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_two_sides_are_named_apart(lang: str, tmp_path: Path) -> None:
    """The human's reason and the computer's differ (never one sentence for both)."""
    human = damaged_save(tmp_path, DAMAGES["human hand slots"][0])
    i18n.use(lang, DOMAINS)
    mine = refusal(human)
    computer = damaged_save(tmp_path, DAMAGES["computer hand slots"][0])
    assert refusal(computer) != mine


SWEEP = 40
"""Fuzzed copies of each sample save (seeded): a few seconds in all."""


@pytest.mark.parametrize("sample", sorted(SAVES.glob("mille-*.json")), ids=lambda p: p.name)
def test_fuzzed_saves_are_refused_in_the_players_language(sample: Path, tmp_path: Path) -> None:
    document = json.loads(sample.read_text(encoding="utf-8"))
    rng = random.Random(sample.name)
    path = tmp_path / "fuzzed.json"
    damaged = 0
    for _copy in range(SWEEP):
        path.write_bytes(raw_bytes(mutate_randomly(copy.deepcopy(document), rng).document))
        i18n.use("en")
        try:
            load_saved(str(path))
        except SaveError as exc:
            english = exc.reason
        else:
            continue
        if not english.startswith("is damaged: "):
            continue
        damaged += 1
        for lang in LANGUAGES:
            i18n.use(lang, DOMAINS)
            said = detail(refusal(path))
            assert said != english.removeprefix("is damaged: "), f"{lang}: {said}"
    assert damaged >= SWEEP // 4


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_damaged_statistics_line_says_why_in_the_players_language(lang: str) -> None:
    line = {
        "version": 1,
        "game_id": "0123456789abcdef" * 2,
        "level": "strong",
        "outcome": "won",
        "you": 6000,
        "computer": 99999,
        "hands": [],
        "seed": 1,
        "complete": False,
    }
    with pytest.raises(ValueError) as english:
        GameRecord.from_dict(line)
    assert str(english.value) == "a total must be a whole number from 0 to 9599"
    i18n.use(lang, DOMAINS)
    with pytest.raises(ValueError) as translated:
        GameRecord.from_dict(line)
    said = str(translated.value)
    field = i18n.pgettext("save field", "a total")
    assert field != "a total" and field in said, said
    assert i18n.number(9599) in said and not english_left(said)
