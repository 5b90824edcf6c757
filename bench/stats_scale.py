"""Statistics at scale: 100,000 recorded games per game, and what every start and --stats costs.

Builds, in a data folder of its own, each game's ledger from real records: a few dozen
games really played to their end by the computer (mille: two greedy players to 5000;
Dix Mille: ZEDX against one to three threshold players, whose decisions are analysed as
a human's are; Midnight Oil: the solver's play of real deals, won, lost or solved),
each recorded by the game's own record function; the ledger is then those records
repeated, each under a fresh game id, to the count asked (about one in twenty also
first recorded abandoned, then finished, as a resumed game is). Then it times, each in
a fresh process and several times over:

* ``GAME --stats`` (to the end of its output),
* the start of each game in an 80x24 pseudo-terminal to its complete first board,

the first run (which reads the whole ledger and keeps its totals) apart from the runs
after it, with the peak memory (maximum resident set) of each run: the game's process
alone, measured by ``/usr/bin/time -f %M`` or, for a start, the process's ``VmHWM`` in
/proc (a child forked from the bench would count the bench's own memory in ``ru_maxrss``).

    .venv/bin/python bench/stats_scale.py --games 100000 [--runs 5] [--keep FOLDER]
                                          [--only GAME]

``--keep FOLDER`` builds the ledgers there (or reuses them when they are there);
``--only GAME`` builds and times that game alone (it may be given more than once).
Prints figures, never asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from parlour.core import ledger  # noqa: E402

BIN = Path(sys.executable).parent
REAL_GAMES = 24


def mille_records(count: int) -> list[dict[str, object]]:
    """Records of whole mille games between two greedy players, as the game writes them."""
    from mille_ai import OPPONENTS, play_hand
    from parlour.mille import stats
    from parlour.mille.rules import Game, Phase

    records = []
    for seed in range(1, count + 1):
        game = Game.new(seed)
        players = [OPPONENTS["greedy"](seed * 2), OPPONENTS["greedy"](seed * 2 + 1)]
        hands = []
        while True:
            play_hand(game, players)
            hands.append(stats.summarize_hand(game))
            if game.phase is Phase.GAME_OVER:
                break
            game.next_hand()
        level = stats.LEVELS[seed % 2]
        record = stats.game_record(game, ledger.new_game_id(), level, hands, complete=True)
        records.append(record.to_dict())
    return records


def dixmille_records(count: int) -> list[dict[str, object]]:
    """Records of whole Dix Mille games, as the game writes them: ZEDX against one to three
    players who pass at 300 or with fewer than 3 dice (``ai.threshold_move``), their
    decisions analysed against the optimum as the game does before recording them."""
    from parlour.core.rng import make_rng
    from parlour.dixmille import analysis, stats
    from parlour.dixmille.ai import threshold_move, zedx_move
    from parlour.dixmille.rules import FOUR_TWOS_GAME, new_game

    records = []
    for seed in range(1, count + 1):
        seats = 2 + seed % 3
        names = ["ZEDX", "Ann", "Bob", "Zoë"][:seats]
        game = new_game(names, make_rng(seed), seed)
        while not game.over:
            move = zedx_move if game.player.computer else threshold_move
            game.apply(move(game.situation()))
        for player in game.players:
            if not player.computer:
                for turn in player.turns:
                    analysis.annotate(turn, game.four_twos == FOUR_TWOS_GAME)
        records.append(stats.game_record(game, finished=True))
    return records


def midnightoil_records(count: int) -> list[dict[str, object]]:
    """Records of real Midnight Oil deals played by the solver, as the game writes them."""
    from parlour.midnightoil import stats
    from parlour.midnightoil.game import Game
    from parlour.midnightoil.solver import best_moves

    records = []
    for deal in range(1, count + 1):
        game = Game(deal)
        for _ in range(3):
            moves = best_moves(game.state)
            if not moves:
                break
            for move in moves:
                game.play_step([move])
        if game.state.is_won():
            outcome = stats.SOLVED if deal % 3 == 0 else stats.WON
        else:
            outcome = stats.LOST
        records.append(stats.record_of(game, outcome).to_dict())
    return records


LEDGERS = {
    "mille": ("mille/games.jsonl", mille_records),
    "dixmille": ("dixmille/games.jsonl", dixmille_records),
    "midnightoil": ("midnightoil/games.jsonl", midnightoil_records),
}


def build(folder: Path, games: int, only: list[str]) -> None:
    """Write each game's ledger of ``games`` records (left as it is when already there)."""
    for name, (relative, make) in LEDGERS.items():
        if name not in only:
            continue
        path = folder / relative
        if path.exists():
            print(f"{name}: reusing {path} ({path.stat().st_size / 1e6:.0f} MB)")
            continue
        started = time.perf_counter()
        real = make(REAL_GAMES)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as handle:
            for n in range(games):
                record = dict(real[n % len(real)])
                record["game_id"] = ledger.new_game_id()
                if n % 20 == 7 and "outcome" in record:  # mille: resumed after abandoning
                    handle.write(ledger.encode(record | {"outcome": "abandoned"}))
                elif n % 20 == 7 and "finished" in record:  # dixmille
                    handle.write(ledger.encode(_abandoned_dixmille(record)))
                handle.write(ledger.encode(record))
        size = path.stat().st_size / 1e6
        took = time.perf_counter() - started
        print(f"{name}: {games} games from {len(real)} real ones, {size:.0f} MB in {took:.0f} s")


def _abandoned_dixmille(record: dict[str, object]) -> dict[str, object]:
    """The same game recorded earlier, abandoned one cycle before its end."""
    from parlour.dixmille.stats import parse_record

    players = json.loads(json.dumps(record["players"]))
    for player in players:
        if player["turns"]:
            player["turns"].pop()
    early = record | {"finished": False, "winners": [], "players": players}
    try:
        parse_record(early)
    except Exception:
        return record  # not a state the game could have written: record it finished only
    return early


TIME = Path("/usr/bin/time")


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float | None]:
    """Seconds and peak memory (MB) of one command run to its end.

    The peak is the command's own: GNU ``time`` (a small C program) reports it,
    since the ``ru_maxrss`` of a child forked from this bench starts from the
    bench's own memory. None where there is no ``/usr/bin/time``.
    """
    with tempfile.NamedTemporaryFile("r") as peak_file:
        timed = [str(TIME), "-f", "%M", "-o", peak_file.name] if TIME.exists() else []
        started = time.perf_counter()
        child = subprocess.Popen(
            [*timed, *argv], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        _, status, _ = os.wait4(child.pid, 0)
        took = time.perf_counter() - started
        if status:
            print(f"  {' '.join(argv[-2:])} exited with {status}: {child.stderr.read()[:200]!r}")
        child.stderr.close()
        kib = peak_file.read().strip().splitlines()[-1:] if timed else []
    return took, int(kib[0]) / 1024 if kib and kib[0].isdigit() else None


def _peak_of(pid: int) -> float | None:
    """The peak resident memory (MB) of the running process ``pid`` (VmHWM), where known."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return None


def _board(argv: list[str], env: dict[str, str], marker: str) -> tuple[float, float | None]:
    """Seconds to a first board showing ``marker`` in an 80x24 pty, and the peak memory
    of the game's process so far (its own: read from /proc while it runs)."""
    import pexpect

    started = time.perf_counter()
    child = pexpect.spawn(argv[0], argv[1:], env=env, dimensions=(24, 80), timeout=60)
    child.expect(marker)
    took = time.perf_counter() - started
    peak = _peak_of(child.pid)
    child.sendcontrol("c")
    child.terminate(force=True)
    child.close()
    return took, peak


COMMANDS = [
    ("mille --stats", [str(BIN / "mille"), "--stats"], None),
    ("dixmille --stats", [str(BIN / "dixmille"), "--stats"], None),
    ("midnightoil --stats", [str(BIN / "midnightoil"), "--stats"], None),
    ("mille start", [str(BIN / "mille"), "--seed", "1"], "Move:"),
    ("dixmille start", [str(BIN / "dixmille"), "--seed", "1", "Ann", "ZEDX"], "throw"),
    ("midnightoil start", [str(BIN / "midnightoil"), "--deal", "1"], "home 0/52"),
]


def measure(folder: Path, runs: int, only: list[str]) -> None:
    env = dict(os.environ, PARLOUR_DATA_DIR=str(folder), TERM="xterm")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    print(f"\n{'command':<22} {'first run':>10} {'then: median':>13} {'max':>7} {'peak MB':>8}")
    for label, argv, marker in COMMANDS:
        if label.split()[0] not in only:
            continue
        for kept in folder.glob("*/*.totals.json"):
            kept.unlink()  # the first run reads the whole ledger
        times, peaks = [], []
        for _ in range(runs + 1):
            took, peak = _run(argv, env) if marker is None else _board(argv, env, marker)
            times.append(took)
            peaks.append(peak)
        rest = times[1:]
        known = [peak for peak in peaks if peak is not None]
        peak_text = f"{max(known):>8.0f}" if known else f"{'n/a':>8}"
        print(
            f"{label:<22} {times[0]:>9.2f}s {statistics.median(rest):>12.3f}s "
            f"{max(rest):>6.3f}s {peak_text}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", type=Path)
    parser.add_argument(
        "--only",
        choices=sorted(LEDGERS),
        action="append",
        help="build and time this game only (may be given more than once)",
    )
    options = parser.parse_args()
    only = options.only or list(LEDGERS)
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    if options.keep is not None:
        options.keep.mkdir(parents=True, exist_ok=True)
        build(options.keep, options.games, only)
        measure(options.keep, options.runs, only)
    else:
        with tempfile.TemporaryDirectory() as folder:
            build(Path(folder), options.games, only)
            measure(Path(folder), options.runs, only)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
