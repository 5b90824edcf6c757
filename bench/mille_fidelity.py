"""Does our model of BSD's computer choose what the real program chooses, move by move?

``bench/mille_binary.py`` compares results; this compares decisions. It plays
the human's seat of the real ``/usr/games/mille`` as that harness does, and
before each of our moves it saves the game (the ``s`` command) and reads the
save file. BSD's save is a raw dump of the program's memory, so it holds the
computer's hand and the deck: with them the computer's position at its next
decision is known exactly (its six cards, and the card it will pick, the top
of the deck). The benchmark's ``bsd`` opponent (:class:`BsdPlayer`, spec §10
as the Debian binary runs it) is asked for its move in that position, and its
choice (which card, used or discarded) is compared with what the program did.

The model is fed every computer turn of the game in order, so its memory (the
"needed" table, the Go-equivalents count) grows as the program's does. Turns
in which the computer played a safety, answered a coup fourré or reached the
Extension? question are fed but not scored: the move line shows only their
last move. The model's rolled safety decision (spec §10.2, a random margin
below the deck size) can differ by chance; those decisions are counted apart.

The save file layout (from saves the program wrote, not from its source): the
player records start at byte 0x160 (human) and 0x1E0 (computer), each with its
seven hand slots first (little-endian 16-bit card numbers in BSD's order, -1
for an empty slot); the deck is 101 such numbers at 0x68; the number of cards
left is the 32-bit integer at 0x234, and the next pick is the card at that
count less one.

    apt-get install bsdgames
    .venv/bin/python bench/mille_fidelity.py --games 100 --jobs 4
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import pickle
import struct
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import pexpect

from mille_ai import make_player
from mille_binary import (
    BINARY,
    COMP,
    ME,
    Board,
    Desync,
    Mille,
    Seat,
    play_game,
)
from parlour.core.record import replace
from parlour.mille.computer.bsd import BsdPlayer
from parlour.mille.game.cards import Card
from parlour.mille.game.seat import SeatView
from parlour.mille.game.table import Move

HAND_AT = {ME: 0x160, COMP: 0x1E0}
DECK_AT = 0x68
COUNT_AT = 0x234
SAVE_SIZE = 568


def read_save(path: str) -> tuple[dict[int, list[Card | None]], list[Card]]:
    """Both hands (seven slots each) and the cards left in the deck, next pick last."""
    with open(path, "rb") as handle:
        data = handle.read()
    if len(data) != SAVE_SIZE:
        raise Desync(f"a save of {len(data)} bytes, not {SAVE_SIZE}")
    hands: dict[int, list[Card | None]] = {}
    for who, at in HAND_AT.items():
        slots = struct.unpack_from("<7h", data, at)
        hands[who] = [None if slot < 0 else Card(slot) for slot in slots]
    deck = [Card(card) for card in struct.unpack_from("<101h", data, DECK_AT)]
    (count,) = struct.unpack_from("<i", data, COUNT_AT)
    return hands, deck[:count]


@dataclass
class Decision:
    """One computer turn: its view before and after its pick, and what the program did."""

    pre: SeatView
    post: SeatView
    card: Card
    use: bool


@dataclass
class Game:
    """The computer turns of one game against the program, in order."""

    seed: int
    decisions: list[Decision] = field(default_factory=list)
    unscored: int = 0
    problem: str = ""


@dataclass
class Tally:
    """Decisions compared, and the ones where the model chose differently."""

    agreed: Counter[str] = field(default_factory=Counter)
    differed: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)


def replay(games: list[Game], model: Callable[[int], BsdPlayer] = BsdPlayer) -> Tally:
    """Ask a fresh model (one per game, fed every turn in order) for each recorded decision."""
    tally = Tally()
    for game in games:
        player = model(game.seed)
        for decision in game.decisions:
            # With cards in the deck the model picks first; an empty deck means one decision.
            if not decision.pre.picked and player.choose_move(decision.pre).kind != "pick":
                tally.differed["coup fourré"] += 1
                continue
            state = player.rng.getstate()
            move = player.choose_move(decision.post)
            score(tally, decision, move, player.rng.getstate() != state)
    return tally


def score(tally: Tally, decision: Decision, move: Move, rolled: bool) -> None:
    view, card, use = decision.post, decision.card, decision.use
    assert move.slot is not None
    chosen = view.hand[move.slot]
    assert chosen is not None
    label = kind(card, use) + (" (rolled)" if rolled else "")
    if (chosen, move.kind == "use") == (card, use):
        tally.agreed[label] += 1
        return
    tally.differed[label] += 1
    held = ", ".join(c.label for c in view.hand if c is not None)
    tally.examples.append(
        f"program: {describe(card, use)}; model: {describe(chosen, move.kind == 'use')}; "
        f"hand [{held}]; its {view.mine.mileage} mi {view.mine.battle} "
        f"limited={view.mine.limited}; ours {view.theirs.mileage} mi "
        f"{view.theirs.battle} limited={view.theirs.limited}; deck {view.deck_count}"
    )


def describe(card: Card, use: bool) -> str:
    return ("use " if use else "discard ") + card.label


def kind(card: Card, use: bool) -> str:
    return ("use " if use else "discard ") + card.kind


class SavingMille(Mille):
    """The program, where the line a save leaves in the message window is not an error."""

    def check(self, board: Board) -> None:
        if not board.cell(15, 41, 80).startswith("sv ["):
            super().check(board)


class CheckingSeat(Seat):
    """Our seat, saving before each of our moves and asking the model what the computer will do."""

    def __init__(self, mille: Mille, folder: str, seed: int) -> None:
        super().__init__(make_player("ai", seed, 0), mille)
        self.path = os.path.join(folder, "sv")
        """Typed at the program's file: prompt as "sv" (it runs in ``folder``): a long name
        would spill over the board."""
        self.game = Game(seed)
        self.comp_slots: list[Card | None] | None = None
        self.next_pick: Card | None = None

    def snapshot(self) -> None:
        """Save the game and read the computer's hand and the next pick from the file."""
        if os.path.exists(self.path):
            os.remove(self.path)
        self.mille.child.send("s")
        deadline = time.monotonic() + 10
        while not self.mille.screen.display[10][20:40].startswith("file:"):
            if time.monotonic() > deadline:
                raise Desync("no file: prompt after s")
            with contextlib.suppress(pexpect.TIMEOUT):
                self.mille.stream.feed(self.mille.child.read_nonblocking(65536, timeout=0.05))
        self.mille.child.send("sv\r")
        self.mille.wait_still()
        hands, deck = read_save(self.path)
        self.comp_slots = hands[COMP]
        self.next_pick = deck[-1] if deck else None
        if [c for c in hands[ME] if c] != [c for c in self.hand if c]:
            raise Desync(f"saved hand {hands[ME]} != tracked {self.hand}")

    def play_turn(self, board: Board) -> Board:
        self.refresh_hand(board)
        if self.hand[0] is not None or board.deck() == 0:
            self.snapshot()  # we have picked: what the computer holds is settled
        else:
            self.comp_slots = None
        return super().play_turn(board)

    def comp_view(self, board: Board, hand: tuple[Card | None, ...], deck: int) -> SeatView:
        """The computer's view before its pick, with ``hand`` and ``deck`` cards left."""
        ours = sum(1 for c in self.hand if c is not None)
        return self.track.view(board, hand, self.track.sim.goal, "TURN", COMP, ours, deck)

    def computer_turn(self, before: Board, after: Board, first: bool = False) -> Board:
        slots = self.comp_slots
        self.comp_slots = None
        simple = (
            not first
            and slots is not None
            and after.safeties(COMP).keys() == before.safeties(COMP).keys()
            and after.prompt == ">>:Move:"
            and after.extended() == before.extended()
        )
        kind_shown, shown = after.move_line()
        if simple and slots is not None and shown is not None and kind_shown in ("PLAY", "DISCARD"):
            deck = after.deck() + (1 if self.next_pick is not None else 0)
            pre = self.comp_view(after, (None, *slots[1:]), deck)
            hand = (self.next_pick, *slots[1:]) if self.next_pick is not None else tuple(slots)
            # Picking closes the coup-fourré window.
            post = replace(
                self.comp_view(after, hand, after.deck()), fresh_battle=False, fresh_speed=False
            )
            self.game.decisions.append(Decision(pre, post, shown, kind_shown == "PLAY"))
        else:
            self.game.unscored += 1
        return super().computer_turn(before, after, first)


def check_game(seed: int) -> Game:
    """One game against the program, recording the computer's decisions."""
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)  # the program saves here, under a short name
        mille = SavingMille()
        seat = CheckingSeat(mille, folder, seed)
        seat.game.problem = play_game(seat.player, mille, seat).problem
        return seat.game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="keep the recorded decisions in this file (pickle)")
    parser.add_argument("--replay", help="compare the model with decisions recorded by --out")
    parser.add_argument("--show", type=int, default=20, help="disagreements to print")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.replay:
        with open(args.replay, "rb") as handle:
            games: list[Game] = pickle.load(handle)
    else:
        if not os.path.exists(BINARY):
            print(f"{BINARY} is missing: apt-get install bsdgames")
            return 1
        with multiprocessing.Pool(args.jobs) as pool:
            games = list(pool.imap(check_game, range(args.seed, args.seed + args.games)))
        if args.out:
            with open(args.out, "wb") as handle:
                pickle.dump(games, handle)
    problems = Counter(game.problem.split(":")[0] for game in games if game.problem)
    tally = replay(games)
    agreed = sum(tally.agreed.values())
    differed = sum(tally.differed.values())
    print(
        f"{len(games)} games against the real program ({time.perf_counter() - start:.0f} s); "
        f"{sum(problems.values())} stopped early {dict(problems)}"
    )
    if agreed + differed:
        print(
            f"  the model chose the program's move in {agreed} of {agreed + differed} decisions "
            f"({agreed / (agreed + differed):.1%}); "
            f"{sum(game.unscored for game in games)} turns not recorded"
        )
    print("  program's move              agreed  differed")
    for label in sorted(set(tally.agreed) | set(tally.differed)):
        print(f"    {label:25s} {tally.agreed[label]:7d} {tally.differed[label]:9d}")
    for example in tally.examples[: args.show]:
        print("  " + example)
    return 0


if __name__ == "__main__":
    sys.exit(main())
