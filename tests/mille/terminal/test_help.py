"""The help pages and the refusals agree (issue 25): every refusal the rules raise is
explained on the refusals page, word for word, and nothing else is listed there."""

from __future__ import annotations

import random
import re

from parlour.mille.game.rules import Game
from parlour.mille.game.table import EXTENDED_GOAL, GOAL, HUMAN, IllegalMove, Move, Phase
from parlour.mille.terminal import help as help_pages
from tests.mille.craft import C, both_moving, drove, hand

SEEDS = range(4)
"""Random games that, between them, meet every refusal (checked below)."""
CANDIDATES = [Move("pick")] + [Move(kind, slot) for kind in ("use", "discard") for slot in range(7)]
REMEDIES = ("Gasoline", "Spare Tire", "Repairs")


def refusals_met_in_play() -> set[str]:
    """Every refusal message of every move tried at every turn of a few random games."""
    seen: set[str] = set()
    for seed in SEEDS:
        game, rng = Game.new(seed), random.Random(seed)
        while game.phase is not Phase.GAME_OVER:
            if game.phase is Phase.EXTENSION:
                game.answer_extension(rng.random() < 0.5)
                continue
            if game.phase is Phase.HAND_OVER:
                game.next_hand()
                continue
            for move in CANDIDATES:
                try:
                    game.check(move)
                except IllegalMove as refusal:
                    seen.add(refusal.message)
            game.apply(rng.choice(game.legal_moves()))
    # Random play rarely lays two 200s: the third one's refusal from a crafted position.
    game = both_moving((hand(C.D200, C.D25, C.D50), hand(C.D25)), deck=[C.D75, C.D100])
    drove(game, HUMAN, [C.D200, C.D200])
    try:
        game.check(Move("use", 1))
    except IllegalMove as refusal:
        seen.add(refusal.message)
    return seen


def pattern(listed: str) -> re.Pattern[str]:
    """A listed refusal as the messages it stands for: ``"..."`` any card, the remedy named
    any of the three, the goal either goal."""
    text = re.escape(listed)
    text = text.replace(re.escape('"..."'), '"[A-Za-z ]+"')
    text = text.replace(re.escape('"Gasoline"'), '"(' + "|".join(REMEDIES) + ')"')
    text = text.replace(f"over\\ {GOAL}", f"over\\ ({GOAL}|{EXTENDED_GOAL})")
    return re.compile(text)


def test_help_lists_exactly_the_refusals_the_rules_raise() -> None:
    seen = refusals_met_in_play()
    listed = [message for message, _ in help_pages.refusals()]
    patterns = {message: pattern(message) for message in listed}
    unexplained = {m for m in seen if not any(p.fullmatch(m) for p in patterns.values())}
    assert unexplained == set()
    never_raised = {m for m, p in patterns.items() if not any(p.fullmatch(s) for s in seen)}
    assert never_raised == set()
    assert len(seen) == 21  # every refusal met, in its forms: these games still cover them all


def test_the_refusals_page_word_for_word() -> None:
    page = help_pages.pages()[2]
    assert page[0] == "When a move is refused: the message, and the rule behind it"
    lines = "\n".join(page)
    for rule in (
        "  puts you over 700            the trip must be exact: no card may pass 700\n"
        "                               (1000 after an extension)",
        "  discard a safety?            safeties cannot be discarded: play them",
        "  opponent cannot go           Out of Gas, Flat Tire, Accident and Stop need\n"
        "                               a moving opponent (one that could drive now)",
        "  opponent is protected        it has played the safety against that hazard",
        "  opponent has limit           one Speed Limit at a time; it needs no Go",
        "  cannot move now              you need a Go, or Right of Way and no hazard",
    ):
        assert rule in lines


def test_the_rules_and_keys_pages_say_the_rules_behind_the_refusals() -> None:
    keys, rules = ("\n".join(page) for page in help_pages.pages()[:2])
    assert "  ^Z           suspend the game; fg in the shell brings it back" in keys
    assert "must be exact: no card that would pass 700 (1000 after an extension);" in rules
    assert "  All but the Speed Limit need an opponent that can move." in rules
    assert "with it you drive without a Go). Never discarded." in rules


def test_every_page_fits_80x24() -> None:
    for number in range(len(help_pages.pages())):
        frame = help_pages.render_help(number)
        rows = frame.to_text().split("\n")
        assert len(rows) == 24 and all(len(row) <= 80 for row in rows)
        assert rows[0].startswith(f"Mille Bornes help ({number + 1}/4)")
        assert rows[23] == help_pages.FOOTER
        body = help_pages.pages()[number]
        assert len(body) <= help_pages.BODY_ROWS  # nothing cut at the footer
        assert rows[2 : 2 + len(body)] == body
