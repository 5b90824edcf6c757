"""Are the hand review's stated costs right? Its findings played both ways on the real cards.

For each seeded deal a student plays one hand against the strong computer: the greedy
baseline on odd seeds, on even seeds the strong computer with one random legal move in
four (its mistakes are of every kind). Even seeds start from set Overall Totals near
5000 (as ``mille_endgame.py`` does), so that the hand often ends the game and the review
judges the chance of winning it. Every decision of the student is judged by the review
from the student's own view, as the app does (``Reviewer.assess``), and a copy of the
whole game (real deck, real hands) is kept with both computers' memories.

At the end of the hand the review's findings are made (``Reviewer.findings``: single
decisions, patterns, Extension? answers), and every decision in them is played on from
its copy twice: with the student's move and with the advised one, then to the end of the
hand with the strong computer in both seats, each with the memory it had there. Both
ways meet the same deck and the same computer seeds (common random numbers), so the
measured gain (the student's hand-score difference with the advice, less without)
carries no luck of the deal beyond what the move itself changes. Each finding is played
so on the real deck and on ``--reshuffles - 1`` reshuffles of it (the opponent keeps its
real hand: nobody has seen the deck's order, so any order of it is as likely as the real
one, while the hand is what the opponent chose to keep), and the gains are averaged.
The review's stated cost is compared with that measured gain, on average over the findings, with 95%
intervals, overall and by kind: by the size of the stated cost, with a shut-out at
stake (in at least a fifth of either move's playouts the finisher left the other at 0
miles), patterns (their total against the sum of their decisions' gains), Extension?,
and, where the review states it, the chance of winning the game (measured by the same
model on the totals after the hand; exact once a total reaches 5000).

    nice -n 19 .venv/bin/python bench/mille_review_calibration.py --hands 400 --jobs 1

It prints figures only and never fails on time.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import os
import sys
import time
from dataclasses import dataclass
from typing import Any

from benchstats import mean_interval
from mille_baselines import GreedyPlayer, RandomPlayer
from mille_endgame import start_totals
from mille_review_parts import parts as contrast_parts
from parlour.core.rng import below, make_rng, shuffle
from parlour.mille.computer.ai import ComputerPlayer, win_chance
from parlour.mille.computer.handlog import Decision, ExtensionAnswer, HandLog
from parlour.mille.computer.review.outcomes import Judgement, Outcome
from parlour.mille.computer.review.patterns import Pattern, advice_of
from parlour.mille.computer.review.reviewer import DEALS, Finding, Reviewer, shut_out_at_stake
from parlour.mille.files.gamedata import game_from_dict, game_to_dict
from parlour.mille.game.cards import Card
from parlour.mille.game.rules import Game
from parlour.mille.game.scoring import SHUT_OUT_POINTS
from parlour.mille.game.table import COMPUTER, HUMAN, Move, Phase

MISTAKE_ONE_IN = 4
"""The noisy student plays a random legal move one time in this many."""


class NoisyComputer:
    """The strong computer, with a random legal move one time in :data:`MISTAKE_ONE_IN`."""

    def __init__(self, seed: int) -> None:
        self.computer = ComputerPlayer(seed)
        self.random = RandomPlayer(seed)
        self.rng = make_rng(seed + 1)

    def choose_move(self, view: Any) -> Move:
        move = self.computer.decide(view)
        if below(self.rng, MISTAKE_ONE_IN) == 0:
            move = self.random.choose_move(view)
        self.computer.moved(view, move)  # its memory follows the move made
        return move

    def wants_extension(self, view: Any) -> bool:
        if below(self.rng, MISTAKE_ONE_IN) == 0:
            return below(self.rng, 2) == 0
        return self.computer.wants_extension(view)


@dataclass
class Snapshot:
    """A decision's whole position, kept to play it on both ways."""

    game: dict[str, Any]
    student_memory: dict[str, Any]
    """The review's replayed memory for the student's seat, before the decision."""
    opponent_memory: dict[str, Any]


@dataclass
class Measured:
    """One finding: what the review said and what playing on both ways gave."""

    kind: str
    """"single", "pattern" or "extension"."""
    stated: float
    stderr: float
    measured: float
    shut_out: bool
    near_end: bool
    stated_chance: float | None
    """The review's loss of winning chance (0..1) where it states one, else None."""
    measured_chance: float
    early: float = 0.0
    """Of ``stated``: the points the decisions' own moves scored at once (the rest was
    scored in the playouts after them)."""
    label: str = ""
    """The kind in words: a pattern's kind, or what the advice does (lay a safety, ...)."""
    hand: int = 0
    """The deal's seed."""
    advice: str = ""
    """The advice itself (what the computer would do, and with which card)."""
    within: bool = False
    """The stated cost is within its 95% margin (1.96 standard errors)."""
    sure: float = 0.0
    """Of the review's paired difference (before its share): the points the better move
    scored at once, never more than the difference (``mille_review_parts.parts``)..."""
    rest: float = 0.0
    """... and the rest, scored in the heuristic's playouts after the move. The review
    states ``sure + rest``, the whole difference; :func:`share_fit` finds the share of the
    rest that would make the stated costs meet the measured gains (1: as they are)."""
    shut: float = 0.0
    """Of the review's paired difference: the Shut-Out bonuses (500 a playout that ended
    in one, the finisher's side), the advised way less the player's."""


def play_on(
    snapshot: Snapshot,
    decision: Decision,
    move: Move | ExtensionAnswer,
    seed: int,
    deck: list[Card],
) -> tuple[int, float]:
    """The student's hand-score difference and winning chance after ``move`` and good play,
    the deck in the order ``deck``."""
    game = game_from_dict(snapshot.game)
    game.deck = list(deck)
    seat = decision.view.me
    student = ComputerPlayer(seed * 2 + 7)
    student.restore_memory(snapshot.student_memory)
    opponent = ComputerPlayer(seed * 2 + 1)
    opponent.restore_memory(snapshot.opponent_memory)
    view = decision.view
    if isinstance(move, ExtensionAnswer):
        game.answer_extension(move.extend)
    else:
        student.evidence.observe(view)
        student.opinion.advise(view)  # its memory sees the position ...
        student.moved(view, move)  # ... and the move made
        game.apply(move)
    players = [student, opponent] if seat == HUMAN else [opponent, student]
    while game.phase in (Phase.TURN, Phase.EXTENSION):
        now = game.view(game.turn)
        if game.phase is Phase.EXTENSION:
            game.answer_extension(players[game.turn].wants_extension(now))
        else:
            game.apply(players[game.turn].choose_move(now))
    mine, theirs = game.players[seat], game.players[1 - seat]
    chance = win_chance(mine.overall_total, theirs.overall_total) + 0.5
    return mine.hand_total - theirs.hand_total, chance


def gain(
    snapshot: Snapshot, judgement: Judgement, seed: int, reshuffles: int
) -> tuple[float, float]:
    """Points and winning chance the advice gains over the student's move, played on: the
    mean over the real deck and ``reshuffles - 1`` reshuffles of it (the same for both
    moves; the opponent keeps its real hand)."""
    decision = judgement.decision
    real = game_from_dict(snapshot.game).deck
    rng = make_rng(seed * 7919 + len(real))
    points = chance = 0.0
    for turn in range(reshuffles):
        deck = list(real)
        if turn:
            shuffle(deck, rng)
        advised = play_on(snapshot, decision, judgement.advised, seed, deck)
        chosen = play_on(snapshot, decision, decision.move, seed, deck)
        points += advised[0] - chosen[0]
        chance += advised[1] - chosen[1]
    return points / reshuffles, chance / reshuffles


def one_hand(args: tuple[int, int, int]) -> list[Measured]:
    """Play one hand with a student, review it, play its findings on both ways."""
    seed, deals, reshuffles = args
    game = Game.new(seed)
    near_end = seed % 2 == 0
    seat = HUMAN if (seed // 2) % 2 else COMPUTER
    if near_end:
        ours, theirs = start_totals(seed)
        game.players[seat].overall_total = ours
        game.players[1 - seat].overall_total = theirs
        # Totals like these take earlier hands (a save's checks, state.check_consistent,
        # hold the snapshots to that): two more, so the starting player stays the same.
        game.hands_played += 2
    student: Any = NoisyComputer(seed * 2) if near_end else GreedyPlayer(seed)
    opponent = ComputerPlayer(seed * 2 + 1)
    reviewer = Reviewer(HandLog(), seed, deals)
    snapshots: dict[int, Snapshot] = {}
    while game.phase in (Phase.TURN, Phase.EXTENSION):
        view = game.view(game.turn)
        if game.turn != seat:
            if game.phase is Phase.EXTENSION:
                game.answer_extension(opponent.wants_extension(view))
            else:
                game.apply(opponent.choose_move(view))
            continue
        move: Move | ExtensionAnswer
        if game.phase is Phase.EXTENSION:
            move = ExtensionAnswer(student.wants_extension(view))
        else:
            move = student.choose_move(view)
        decision = Decision(view, move)
        snapshot = Snapshot(game_to_dict(game), reviewer.computer.memory(), opponent.memory())
        judgement = reviewer.assess(decision)
        if judgement is not None:
            # As the app's review does (Reviewer.step): a judgement that passed the
            # screen is measured again on fresh deals, and that figure is the one stated.
            judgement = reviewer.recheck(judgement)
            reviewer.judged.append(judgement)
            snapshots[id(judgement)] = snapshot
        reviewer.follow(view, move)
        if isinstance(move, ExtensionAnswer):
            game.answer_extension(move.extend)
        else:
            game.apply(move)
    results = []
    for item in reviewer.findings():
        members = list(item.members) if isinstance(item, Pattern) else None
        if members is None:
            judgement = next(j for j in reviewer.judged if j.decision is item.decision)
            members = [judgement]
        advice = advice_of(members[0])
        if isinstance(item, Pattern) and item.kind == "held":
            # One cost: its costliest turn's, measured on that turn.
            members = [next(m for m in members if m.loss == item.loss)]
        points = 0.0
        chance = 0.0
        early = 0.0
        sure = rest = shut = 0.0
        for member in members:
            shut += shut_out_points(member.contrast.advised) - shut_out_points(
                member.contrast.chosen
            )
            parts = contrast_parts(member.contrast)
            sure += sum(p[0] for p in parts) / len(parts)
            rest += sum(p[1] for p in parts) / len(parts)
            early += sum(o.early for o in member.contrast.advised) / member.contrast.deals
            early -= sum(o.early for o in member.contrast.chosen) / member.contrast.deals
            more, likelier = gain(snapshots[id(member)], member, seed, reshuffles)
            points += more
            chance += likelier
        stated_chance = None
        if isinstance(item, Finding) and item.chances is not None:
            stated_chance = item.chances[0] - item.chances[1]
        kind = "pattern" if isinstance(item, Pattern) else "single"
        if isinstance(members[0].decision.move, ExtensionAnswer):
            kind = "extension"
        results.append(
            Measured(
                kind,
                item.loss,
                item.stderr,
                points,
                any(shut_out_at_stake(m.contrast) for m in members),
                near_end,
                stated_chance,
                chance,
                early,
                label_of(item, members[0]),
                seed,
                f"{advice[0]} {advice[1].name if advice[1] is not None else ''}".strip(),
                within_margin(item),
                sure,
                rest,
                shut,
            )
        )
    if not results:  # the hand counts for the findings per hand
        results.append(Measured("none", 0.0, 0.0, 0.0, False, near_end, None, 0.0, hand=seed))
    return results


def shut_out_points(outcomes: list[Outcome]) -> float:
    """The mean Shut-Out bonus of some playouts, the reviewed seat's less the opponent's."""
    return sum(SHUT_OUT_POINTS * o.finisher for o in outcomes if o.shut_out) / len(outcomes)


def within_margin(item: Finding | Pattern) -> bool:
    """Whether the cost the page shows is within its 95% margin (for a finding flagged by
    the chance of winning the game, that chance, which its headline shows)."""
    if isinstance(item, Finding) and item.by_chance and item.chances is not None:
        its, yours, stderr = item.chances
        return its - yours <= 1.96 * stderr
    return item.loss <= 1.96 * item.stderr


def label_of(item: Finding | Pattern, judgement: Judgement) -> str:
    """A finding's kind in words, for the figures by kind."""
    if isinstance(item, Pattern):
        return f"pattern: {item.kind}"
    kind, card = advice_of(judgement)
    if kind == "extension":
        return "single: Extension?"
    if card is None:
        return "single: draw first"
    if kind == "discard":
        return "single: discard"
    if card.is_safety:
        return "single: lay a safety"
    if card.is_hazard:
        return "single: attack"
    if card.is_remedy:
        return "single: remedy"
    return "single: drive"


def share_fit(found: list[Measured], rounds: int = 2000) -> tuple[float, float, float]:
    """The share of the playouts' later points that makes the stated costs meet the
    measured gains over ``found``: sum(measured - sure) / sum(rest), with a 95% interval
    by resampling the findings (``rounds`` times, a fixed seed)."""

    def fit(chosen: list[Measured]) -> float:
        rest = sum(f.rest for f in chosen)
        return sum(f.measured - f.sure for f in chosen) / rest if rest else float("nan")

    rng = make_rng(20261205)
    fits = sorted(fit([found[below(rng, len(found))] for _ in found]) for _ in range(rounds))
    return fit(found), fits[int(0.025 * rounds)], fits[int(0.975 * rounds) - 1]


def row(label: str, found: list[Measured]) -> str:
    """One line of figures for some findings."""
    if not found:
        return f"  {label:34s}    0"
    stated = mean_interval([f.stated for f in found])
    measured = mean_interval([f.measured for f in found])
    over = mean_interval([f.stated - f.measured for f in found])
    margin = sum(1.96 * f.stderr for f in found) / len(found)
    return (
        f"  {label:34s} {len(found):4d}  stated {stated[0]:6.0f} (±{margin:3.0f})  "
        f"measured {measured[0]:6.0f} ({measured[1]:+.0f} .. {measured[2]:+.0f})  "
        f"stated - measured {over[0]:+5.0f} ({over[1]:+.0f} .. {over[2]:+.0f})"
    )


def report(found: list[Measured], hands: int, elapsed: float, args: argparse.Namespace) -> None:
    load = os.getloadavg()
    print(
        f"Hand review calibration: {hands} hands (seeds {args.seed}..{args.seed + hands - 1}), "
        f"{args.deals} review deals per decision, {args.reshuffles} deck(s) per finding, "
        f"{args.jobs} job(s), {elapsed:.0f} s, "
        f"load average now {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"
    )
    quality(found, hands)
    found = [f for f in found if f.kind != "none"]
    print("  findings (mean per finding, 95% intervals; points of hand-score difference)")
    singles = [f for f in found if f.kind == "single"]
    print(row("single decisions", singles))
    for low, high in ((50, 150), (150, 300), (300, 10**6)):
        label = f"  stated {low}..{high}" if high < 10**6 else f"  stated {low} and more"
        print(row(label, [f for f in singles if low <= f.stated < high]))
    print(row("  a shut-out at stake (uncertain)", [f for f in singles if f.shut_out]))
    print(row("  no shut-out at stake", [f for f in singles if not f.shut_out]))
    print(row("  from a start near 5000", [f for f in singles if f.near_end]))
    print(row("  from a game's first hand", [f for f in singles if not f.near_end]))
    print(row("patterns (their totals)", [f for f in found if f.kind == "pattern"]))
    print(row("Extension? answers", [f for f in found if f.kind == "extension"]))
    print("  by kind")
    for label in sorted({f.label for f in found}):
        print(row(f"  {label}", [f for f in found if f.label == label]))
    print("  the share of the playouts' later points that fits (measured - sure) / rest:")
    for label, chosen in (
        ("all findings", found),
        ("single decisions", [f for f in found if f.kind == "single"]),
        ("patterns", [f for f in found if f.kind == "pattern"]),
        ("Extension? answers", [f for f in found if f.kind == "extension"]),
    ):
        if chosen:
            fitted = share_fit(chosen)
            print(
                f"    {label:32s} {len(chosen):4d}  share {fitted[0]:.2f} "
                f"(95% {fitted[1]:.2f} .. {fitted[2]:.2f}); sure part "
                f"{sum(f.sure for f in chosen) / len(chosen):.0f}, rest "
                f"{sum(f.rest for f in chosen) / len(chosen):.0f} a finding"
            )
    chances = [f for f in found if f.stated_chance is not None]
    if chances:
        said = [100 * (f.stated_chance or 0.0) for f in chances]
        seen = [100 * f.measured_chance for f in chances]
        stated = mean_interval(said)
        measured = mean_interval(seen)
        over = mean_interval([a - b for a, b in zip(said, seen, strict=True)])
        print(
            f"  chance of winning the game, {len(chances)} findings: stated {stated[0]:.1f} "
            f"points, measured {measured[0]:.1f} ({measured[1]:+.1f} .. {measured[2]:+.1f}), "
            f"stated - measured {over[0]:+.1f} ({over[1]:+.1f} .. {over[2]:+.1f})"
        )


def quality(found: list[Measured], hands: int) -> None:
    """The review's quality: findings per hand, advice repeated in a hand, costs within
    their margin."""
    by_hand: dict[int, list[Measured]] = {}
    for f in found:
        by_hand.setdefault(f.hand, [])
        if f.kind != "none":
            by_hand[f.hand].append(f)
    counts = [float(len(v)) for v in by_hand.values()]
    per_hand = mean_interval(counts or [0.0])
    repeated = sum(len(v) - len({f.advice for f in v}) for v in by_hand.values())
    shown = [f for v in by_hand.values() for f in v]
    within = sum(1 for f in shown if f.within)
    print(
        f"  findings per hand {per_hand[0]:.2f} (95% CI {per_hand[1]:.2f} .. {per_hand[2]:.2f}), "
        f"{sum(1 for c in counts if c == 0)} of {hands} hands with none; "
        f"the same advice twice in a hand: {repeated}; costs within their 95% margin: "
        f"{within} of {len(shown)}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400, help="deals, one hand each")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--deals", type=int, default=DEALS, help="review playout deals")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--reshuffles", type=int, default=3, help="decks per finding played both ways"
    )
    parser.add_argument("--out", help="also write every finding's figures (JSON lines) here")
    parser.add_argument(
        "--read",
        nargs="+",
        metavar="FILE",
        help="report on the findings of earlier runs' --out files instead of playing",
    )
    args = parser.parse_args(argv)
    if args.read:
        found = []
        for name in args.read:
            with open(name, encoding="utf-8") as handle:
                found += [Measured(**json.loads(line)) for line in handle if line.strip()]
        hands = len({f.hand for f in found})
        args.seed = min(f.hand for f in found)
        report(found, hands, 0.0, args)
        return 0
    tasks = [(args.seed + i, args.deals, args.reshuffles) for i in range(args.hands)]
    start = time.perf_counter()
    found: list[Measured] = []
    done = 0
    with multiprocessing.Pool(args.jobs) as pool:
        for results in pool.imap(one_hand, tasks, chunksize=1):
            found += results
            done += 1
            if done % 25 == 0:  # a running tally, for long runs
                over = mean_interval([f.stated - f.measured for f in found] or [0.0])
                print(
                    f"  {done} hands, {len(found)} findings: stated - measured "
                    f"{over[0]:+.0f} ({over[1]:+.0f} .. {over[2]:+.0f}), "
                    f"{time.perf_counter() - start:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
    report(found, done, time.perf_counter() - start, args)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            for finding in found:
                out.write(json.dumps(dataclasses.asdict(finding)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
