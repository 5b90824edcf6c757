"""The hand review's pages as ``V`` builds them, for a greedy player against the computer.

For each seed, the first hand of ``mille --seed N`` is played with the greedy baseline
(``mille_baselines.GreedyPlayer``) in the human seat against the default computer
(``ComputerPlayer(N)``, as the app makes it); every decision is recorded as the app
records it (the human seat's view just before the move, the answer to Extension?), and
the review is built as the app builds it (``Reviewer(log, N)``, stepped to its end). It
prints every page as the 80x24 screen shows it, and the time the review took.

    .venv/bin/python bench/mille_review_pages.py --seeds 9001-9020
"""

from __future__ import annotations

import argparse
import sys
import time

from mille_baselines import GreedyPlayer
from parlour.mille.computer.ai import ComputerPlayer
from parlour.mille.computer.handlog import HandLog
from parlour.mille.computer.review.reviewer import Reviewer
from parlour.mille.game.rules import Game
from parlour.mille.game.table import HUMAN, Phase
from parlour.mille.terminal.review_view import page_count, review_text
from parlour.tui.glyphs import UNICODE


def greedy_hand(seed: int) -> tuple[Game, HandLog]:
    """The first hand of game ``seed``, greedy in the human seat; its log as the app keeps it."""
    game = Game.new(seed)
    players = [GreedyPlayer(seed), ComputerPlayer(seed)]
    log = HandLog()
    while game.phase in (Phase.TURN, Phase.EXTENSION):
        view = game.view(game.turn)
        player = players[game.turn]
        if game.phase is Phase.EXTENSION:
            extend = player.wants_extension(view)
            if game.turn == HUMAN:
                log.record_answer(view, extend)
            game.answer_extension(extend)
        else:
            move = player.choose_move(view)
            if game.turn == HUMAN:
                log.record(view, move)
            game.apply(move)
    return game, log


def review_of(seed: int) -> tuple[Reviewer, float]:
    """The review of that hand, built to its end as ``V`` does; processor seconds taken."""
    _, log = greedy_hand(seed)
    start = time.process_time()
    reviewer = Reviewer(log, seed)
    while reviewer.step():
        pass
    return reviewer, time.process_time() - start


def seeds_of(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="9001-9020", help="a seed or a range A-B")
    args = parser.parse_args(argv)
    for seed in seeds_of(args.seeds):
        game, _ = greedy_hand(seed)
        reviewer, took = review_of(seed)
        findings = reviewer.findings()
        you, them = game.players[HUMAN].hand_total, game.players[1 - HUMAN].hand_total
        print(
            f"===== seed {seed}: hand {you}-{them}, {len(reviewer.decisions)} decisions, "
            f"{len(findings)} findings, review {took:.1f} s"
        )
        for page in range(page_count(findings, UNICODE, reviewer.complete)):
            print(review_text(findings, page, UNICODE, reviewer.complete))
            print("-" * 80)
    return 0


if __name__ == "__main__":
    sys.exit(main())
