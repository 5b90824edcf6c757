"""Statistics at scale: 100,000 recorded games per game, and what every start and --stats costs.

Builds, in a data folder of its own, each game's ledger from real records: a few dozen
games really played to their end by the computer (mille: two greedy players to 5000; Dix
Mille: ZEDX against one to three threshold players, whose decisions are analysed as a
human's are; Midnight Oil: the solver's play of real deals, won, lost or solved), each
recorded by the game's own record function; the ledger is then those records repeated,
each under a fresh game id, to the count asked (about one in twenty also first recorded
abandoned, then finished, as a resumed game is; Midnight Oil, where every end is a
result, has one in twenty recorded twice, the second line a replay passed over). Then it
times, each in a fresh process and several times over (mille also restoring a save,
``mille FILE``: the replay check searches the ledger for the game's id):

* ``GAME --stats`` (to the end of its output),
* the start of each game in an 80x24 pseudo-terminal to its complete first board,

the first run (which reads the whole ledger and keeps its totals) apart from the runs
after it, with the peak memory (maximum resident set) of each run.

    .venv/bin/python bench/stats_scale.py --games 100000 [--runs 5] [--keep FOLDER]
        [--only GAME] [--distinct-deals]

``--keep FOLDER`` builds the ledgers there (or reuses them when they are there).
``--distinct-deals`` gives every Midnight Oil record a deal number of its own, as a
player's random deals have (by default the real games' deals 1-24 repeat, which keeps
the per-deal table small).
``--only GAME`` (mille, dixmille or midnightoil; may be given more than once) builds
and times only that game's ledger and commands.
``--sample N`` (with ``--keep``) says where a Dix Mille line's bytes and reading time go
over its first N lines (JSON decoding, the check, the adding up; for lines led by their
totals, both from those totals and from the record), and ``--progress N`` reads N games
cold in a pseudo-terminal and says when the progress line appeared.
Dix Mille's lines are written as the game writes them now, each led by the totals its
game adds (``stats.record_line``); ``--old-lines`` writes them as before, records alone
(a ledger already in the folder is reused as it is, whatever its lines).

The peak memory is the measured program's own: a forked child's ``ru_maxrss`` would
count the bench's memory it inherited before ``exec``, so ``--stats`` runs under
``/usr/bin/time -f %M`` (a small process, whose own size is all its child inherits) and
a start's peak is read from ``/proc/PID/status`` (``VmHWM``, which ``exec`` starts
afresh) once the board is on the screen. Where neither is available the column shows
``?``. Prints figures, never asserts.
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
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from parlour.core import ledger  # noqa: E402

BIN = Path(sys.executable).parent
REAL_GAMES = 24


def mille_records(count: int) -> list[dict[str, object]]:
    """Records of whole mille games between two greedy players, as the game writes them."""
    from mille_ai import OPPONENTS, play_hand
    from parlour.mille.files import stats
    from parlour.mille.game.rules import Game
    from parlour.mille.game.table import Phase

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
    from parlour.dixmille.computer import analysis
    from parlour.dixmille.computer.ai import threshold_move, zedx_move
    from parlour.dixmille.files import stats
    from parlour.dixmille.game.rules import FOUR_TWOS_GAME, new_game

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
    from parlour.midnightoil.computer.solver.planner import plan
    from parlour.midnightoil.files import stats
    from parlour.midnightoil.game.history import Game

    records = []
    for deal in range(1, count + 1):
        game = Game(deal)
        for _ in range(3):
            moves = plan(game.state).moves
            if not moves:
                break
            for move in moves:
                game.apply_step([move])
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


def build(
    folder: Path,
    games: int,
    only: list[str],
    distinct_deals: bool = False,
    old_lines: bool = False,
) -> None:
    """Write each game's ledger of ``games`` records (left as it is when already there).

    ``distinct_deals``: each Midnight Oil record gets a deal number of its own, as a
    player's random deals do (else the real games' deals 1-24 repeat). Dix Mille's
    lines are led by their own totals, as the game writes them now
    (``stats.record_line``), unless ``old_lines``: records alone, as written before.
    """
    import random

    deals = random.Random(26)
    for name, (relative, make) in LEDGERS.items():
        if name not in only:
            continue
        path = folder / relative
        if path.exists():
            print(f"{name}: reusing {path} ({path.stat().st_size / 1e6:.0f} MB)")
            continue
        started = time.perf_counter()
        real = make(REAL_GAMES)
        write = (
            _summarised(real)
            if name == "dixmille" and not old_lines
            else lambda record, n: ledger.encode(record)
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as handle:
            for n in range(games):
                record = dict(real[n % len(real)])
                record["game_id"] = ledger.new_game_id()
                if distinct_deals and name == "midnightoil":
                    record["deal_number"] = deals.getrandbits(64)
                if n % 20 == 7 and name == "mille":  # resumed after abandoning
                    handle.write(ledger.encode(record | {"outcome": "abandoned"}))
                elif n % 20 == 7 and name == "dixmille":
                    handle.write(write(_abandoned_dixmille(record), -1 - n % len(real)))
                elif n % 20 == 7 and name == "midnightoil":
                    # Every end is a result: a second copy ending the same game is a replay.
                    handle.write(ledger.encode(record))
                handle.write(write(record, n % len(real)))
        size = path.stat().st_size / 1e6
        took = time.perf_counter() - started
        print(f"{name}: {games} games from {len(real)} real ones, {size:.0f} MB in {took:.0f} s")


def _summarised(real: list[dict[str, object]]) -> Callable[[dict[str, object], int], bytes]:
    """Writes a Dix Mille record as the game does, led by its totals: ``write(record, which)``,
    ``which`` naming the real record it copies (negative: its abandoned form), so each real
    record's totals are worked out once (``stats.record_line``), then given the copy's id."""
    from parlour.core import ledgerline
    from parlour.dixmille.files import stats

    bodies: dict[int, dict[str, object]] = {}

    def write(record: dict[str, object], which: int) -> bytes:
        detail = ledger.encode(record)
        if which not in bodies:
            line = stats.record_line(record)
            summary, tab, _ = line.partition(b"\t")
            if not tab:
                return line
            bodies[which] = ledgerline.summary_body(summary, line[len(summary) + 1 : -1])
        body = bodies[which] | {"game_id": record["game_id"]}
        return ledgerline.with_summary(body, detail[:-1])

    return write


def _abandoned_dixmille(record: dict[str, object]) -> dict[str, object]:
    """The same game recorded earlier, abandoned one cycle before its end."""
    from parlour.dixmille.files.stats import parse_record

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
    """Seconds and peak memory (MB, None when unknown) of one command run to its end."""
    with tempfile.NamedTemporaryFile(prefix="stats-scale-", suffix=".rss") as rss:
        wrapped = [str(TIME), "-f", "%M", "-o", rss.name, *argv] if TIME.exists() else argv
        started = time.perf_counter()
        child = subprocess.Popen(
            wrapped, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        _, status = os.waitpid(child.pid, 0)
        took = time.perf_counter() - started
        if status:
            print(f"  {' '.join(argv[-2:])} exited with {status}: {child.stderr.read()[:200]!r}")
        child.stderr.close()
        text = Path(rss.name).read_text().strip()
    kib = text.splitlines()[-1] if text else ""
    return took, int(kib) / 1024 if kib.isdigit() else None


def _high_water(pid: int) -> float | None:
    """The peak resident memory (MB) of the live process ``pid`` since its ``exec``."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return None


def _board(argv: list[str], env: dict[str, str], marker: str) -> tuple[float, float | None]:
    """Seconds to a first board showing ``marker`` in an 80x24 pty, and the peak memory."""
    import pexpect

    started = time.perf_counter()
    child = pexpect.spawn(argv[0], argv[1:], env=env, dimensions=(24, 80), timeout=60)
    child.expect(marker)
    took = time.perf_counter() - started
    peak = _high_water(child.pid)
    child.sendcontrol("c")
    child.terminate(force=True)
    child.close()
    return took, peak


COMMANDS = [
    ("mille --stats", [str(BIN / "mille"), "--stats"], None),
    ("dixmille --stats", [str(BIN / "dixmille"), "--stats"], None),
    ("midnightoil --stats", [str(BIN / "midnightoil"), "--stats"], None),
    ("mille FILE start", [str(BIN / "mille"), "RESTORE"], "Move:"),
    ("mille start", [str(BIN / "mille"), "--seed", "1"], "Move:"),
    ("dixmille start", [str(BIN / "dixmille"), "--seed", "1", "Ann", "ZEDX"], "throw"),
    ("midnightoil start", [str(BIN / "midnightoil"), "--deal", "1"], "home 0/52"),
]


RESTORE_SAMPLE = Path(__file__).resolve().parents[1] / "saves" / "mille-v2-classic-hand2.json"
"""A save whose game the ledger does not hold: the replay check reads the whole ledger."""


def measure(folder: Path, runs: int, only: list[str]) -> None:
    env = dict(os.environ, PARLOUR_DATA_DIR=str(folder), TERM="xterm")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    restore = folder / "restore.json"
    restore.write_bytes(RESTORE_SAMPLE.read_bytes())
    print(f"\n{'command':<22} {'first run':>10} {'then: median':>13} {'max':>7} {'peak MB':>8}")
    for label, command, marker in COMMANDS:
        if label.split()[0] not in only:
            continue
        argv = [str(restore) if part == "RESTORE" else part for part in command]
        for kept in folder.glob("*/*.totals.json"):
            kept.unlink()  # the first run reads the whole ledger
        times, peaks = [], []
        for _ in range(runs + 1):
            took, peak = _run(argv, env) if marker is None else _board(argv, env, marker)
            times.append(took)
            peaks.append(peak)
        rest = times[1:]
        known = [peak for peak in peaks if peak is not None]
        shown = f"{max(known):>8.0f}" if len(known) == len(peaks) else f"{'?':>8}"
        print(
            f"{label:<22} {times[0]:>9.2f}s {statistics.median(rest):>12.3f}s "
            f"{max(rest):>6.3f}s {shown}"
        )


def sample(folder: Path, games: int) -> None:
    """Where a Dix Mille record's bytes and its reading's time go, over ``games`` lines of
    the ledger in ``folder``: bytes a game, the share of the decisions, and per game the
    JSON decoding, the check (every turn replayed) and the adding up, each timed alone.
    Lines led by their own totals are timed both ways: as a reading takes them (the
    checksum and the summary's JSON, its checks, the merge) and through the record."""
    from parlour.core import ledgerline, strictjson
    from parlour.dixmille.files import linetotals, stats

    path = folder / LEDGERS["dixmille"][0]
    with open(path, "rb") as handle:
        raw = [handle.readline() for _ in range(games)]
    raw = [line.rstrip(b"\n") for line in raw if line.endswith(b"\n")]
    size = sum(len(line) + 1 for line in raw)
    led = [line.partition(b"\t") for line in raw]
    summarised = [(summary, detail) for summary, tab, detail in led if tab]
    records = [detail if tab else summary for summary, tab, detail in led]
    decided = 0
    for record in records:
        for player in json.loads(record)["players"]:
            for turn in player["turns"]:
                decided += len(json.dumps(turn["decisions"], separators=(",", ":")))
    count = len(raw)
    print(
        f"\nsample: {count} lines, {size / count / 1024:.1f} KB a line, decisions "
        f"{100 * decided / size:.0f}% of the bytes, {len(summarised)} led by their totals "
        f"({sum(len(summary) for summary, _ in summarised) / max(len(summarised), 1):.0f} "
        "bytes a summary)"
    )
    # one line at a time, as a reading goes (nothing held: holding every decoded line
    # makes the garbage collector's passes, not the reading, the cost)
    clock = time.perf_counter
    if summarised:
        decoding = checking = adding = 0.0
        found: dict[str, stats.Totals] = {}
        for summary, detail in summarised:
            started = clock()
            body = ledgerline.summary_body(summary, detail)
            decoded = clock()
            game = linetotals.load(body)
            checked = clock()
            linetotals.add(found, game)
            added = clock()
            decoding += decoded - started
            checking += checked - decoded
            adding += added - checked
        _times("from the totals a line carries", len(summarised), decoding, checking, adding)
    decoding = checking = adding = 0.0
    found = {}
    for record in records:
        started = clock()
        value = strictjson.loads(record)
        decoded = clock()
        line = stats.parse_record(value)
        checked = clock()
        stats.count_game(found, line)
        added = clock()
        decoding += decoded - started
        checking += checked - decoded
        adding += added - checked
    _times("from the record (every turn replayed)", count, decoding, checking, adding)


def _times(way: str, count: int, decoding: float, checking: float, adding: float) -> None:
    print(f"  {way}:")
    for label, took in (("JSON", decoding), ("check", checking), ("add up", adding)):
        print(f"    {label:<7} {1000 * took / count:.3f} ms a line")
    total = decoding + checking + adding
    print(
        f"    total   {1000 * total / count:.3f} ms a line: {100_000 * total / count:.0f} s "
        "for 100,000 games"
    )


def progress_shown(folder: Path, games: int) -> None:
    """``dixmille --stats`` read cold in an 80x24 pseudo-terminal over the first ``games``
    lines of the ledger: whether and when its progress line appears."""
    import pexpect

    with tempfile.TemporaryDirectory() as scratch:
        target = Path(scratch) / LEDGERS["dixmille"][0]
        target.parent.mkdir(parents=True)
        with open(folder / LEDGERS["dixmille"][0], "rb") as source, open(target, "wb") as out:
            for _ in range(games):
                out.write(source.readline())
        env = dict(os.environ, PARLOUR_DATA_DIR=scratch, TERM="xterm")
        started = time.perf_counter()
        child = pexpect.spawn(
            str(BIN / "dixmille"), ["--stats"], env=env, dimensions=(24, 80), timeout=600
        )
        first = None
        if child.expect(["Reading the statistics: ", "DIX MILLE STATISTICS"]) == 0:
            first = time.perf_counter() - started
        child.expect("DIX MILLE STATISTICS")
        board = time.perf_counter() - started
        child.sendline("q")
        child.terminate(force=True)
        shown = f"first progress line after {first:.2f} s" if first else "no progress line"
        print(f"\nprogress, {games} games cold: {shown}, pages after {board:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", type=Path)
    parser.add_argument("--only", action="append", choices=sorted(LEDGERS), metavar="GAME")
    parser.add_argument(
        "--distinct-deals",
        action="store_true",
        help="give every Midnight Oil game a deal number of its own (random deals)",
    )
    parser.add_argument(
        "--old-lines",
        action="store_true",
        help="write Dix Mille's lines as before this version: records without their totals",
    )
    parser.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help="with --keep: where the bytes and the reading time of N Dix Mille lines go",
    )
    parser.add_argument(
        "--progress",
        type=int,
        metavar="N",
        help="with --keep: when dixmille --stats shows its progress, N games read cold",
    )
    options = parser.parse_args()
    only = options.only or sorted(LEDGERS)
    if options.keep is not None and (options.sample or options.progress):
        build(options.keep, options.games, ["dixmille"], old_lines=options.old_lines)
        if options.sample:
            sample(options.keep, options.sample)
        if options.progress:
            progress_shown(options.keep, options.progress)
        return
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    if options.keep is not None:
        options.keep.mkdir(parents=True, exist_ok=True)
        build(options.keep, options.games, only, options.distinct_deals, options.old_lines)
        measure(options.keep, options.runs, only)
        print(f"load average at end: {os.getloadavg()[0]:.2f}")
        return
    with tempfile.TemporaryDirectory() as folder:
        build(Path(folder), options.games, only, options.distinct_deals, options.old_lines)
        measure(Path(folder), options.runs, only)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
