"""Mutation testing of the modules whose mistakes a player would feel (issue #15).

Runs mutmut 3 (``[tool.mutmut]`` in pyproject.toml; it needs fork, so Linux or
macOS) one module at a time, then prints the kill rate per module and over
all: the share of mutants the tests (``-m "not e2e"``) notice. A kill rate
is a count over every mutant of the module, not a sample, so it has no
confidence interval. docs/testing.md has the figures and the equivalent
mutants.

    .venv/bin/python bench/mutation.py                          # every module
    .venv/bin/python bench/mutation.py --modules mille.game.rules midnightoil.computer.hints
    .venv/bin/python bench/mutation.py --report-only --survivors   # no new run
    .venv/bin/python bench/mutation.py --rerun-survivors           # after new tests
    .venv/bin/python bench/mutation.py --unrun --modules mille.game.rules   # go on after a stop
    .venv/bin/python bench/mutation.py --record-equivalents     # after judging each listed one
    .venv/bin/python bench/mutation.py --list-equivalents       # each with why, and its change

mutmut keeps its copy of the tree and its results in ./mutants (git ignores
it); ``mutmut show NAME`` prints the change a survivor makes.
"""

from __future__ import annotations

import argparse
import functools
import json
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from mutant_changes import change, mutated_path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT_CHANGES = Path(__file__).with_name("mutation_equivalents.json")
"""The change each listed equivalent made when it was judged (bench/mutant_changes.py):
a listed name counts as equivalent only while its mutant still makes that change."""

MODULES = (
    "core.saves",
    "core.paths",
    "core.keeper",
    "mille.game.cards",
    "mille.game.rules",
    "mille.game.legality",
    "mille.files.gamedata",
    "mille.game.table",
    "mille.game.scoring",
    "mille.files.savefile",
    "dixmille.game.scoring",
    "dixmille.game.rules",
    "dixmille.game.moves",
    "dixmille.game.records",
    "dixmille.files.savefile",
    "dixmille.files.gamedata",
    "dixmille.files.turncheck",
    "dixmille.files.stats",
    "dixmille.files.statsfile",
    "dixmille.computer.analysis",
    "midnightoil.game.cards",
    "midnightoil.game.rules",
    "midnightoil.game.moves",
    "midnightoil.game.history",
    "midnightoil.files.savefile",
    "midnightoil.files.stats",
    "midnightoil.files.statsfile",
    "midnightoil.files.stats_earlier",
    "midnightoil.files.dealtable",
    "midnightoil.computer.hints",
)
"""Every module #15 names, dixmille.files.gamedata (the save checks #14 moved out of rules),
core.paths (the data folder's lines all three games show), core.keeper (the records kit's
keeper, which took the statistics files' shared code, #43) and the modules cut out of the
listed ones (#29's rooms: legality, table, the moves, turncheck; and the statistics files,
earlier file and deal table that took code out of the listed stats modules), as
``package.module`` under parlour (the pyproject list)."""

_PERSIST = "parlour.dixmille.files.gamedata."
_TURNCHECK = "parlour.dixmille.files.turncheck."

EQUIVALENT: dict[str, str] = {
    # name: why it cannot change behaviour (docs/testing.md lists the same, in words).
    # Names hold while the function's code is unchanged; a stale name is reported.
    "parlour.midnightoil.computer.hints.x__home_moves__mutmut_2": (
        "counting 2 per move doubles both sides of the one comparison that uses the count"
    ),
    **{
        f"parlour.midnightoil.computer.hints.x__home_moves__mutmut_{n}": (
            "the redeal/draw flags only add moves that the foundation filter drops"
        )
        for n in range(3, 9)
    },
    "parlour.midnightoil.computer.hints.x_ranked_moves__mutmut_34": (
        "sorting (tier, order, move) tuples without a key: order is unique, moves never compared"
    ),
    **{
        f"parlour.mille.game.scoring.xǁBonusesǁfrom_list__mutmut_{n}": (
            "zip strict or not: the line before already refused a list of another length"
        )
        for n in (16, 19, 20)
    },
    **{
        f"parlour.dixmille.game.scoring.x_score_take__mutmut_{n}": (
            "dice[1] for dice[0] in a three of a kind: the three sorted dice are equal"
        )
        for n in (29, 30)
    },
    **{
        f"parlour.midnightoil.game.cards.{name}": (
            "rindex for index: each key, suit and rank letter occurs once in its string"
        )
        for name in ("x_fan_index__mutmut_13", "x_parse_card__mutmut_32", "x_parse_card__mutmut_35")
    },
    "parlour.dixmille.computer.analysis.xǁPlayStyleǁadd_turn__mutmut_2": (
        "counted = None for False: it is only ever tested for truth"
    ),
    "parlour.midnightoil.game.rules.x_auto_home_moves__mutmut_7": (
        "progress = None for False: it is only ever tested for truth"
    ),
    "parlour.midnightoil.game.moves.xǁMoveǁparse__mutmut_23": (
        "not words[1] for not words[0]: split() never yields an empty word, so both are False"
    ),
    "parlour.midnightoil.game.moves.xǁMoveǁbuild__mutmut_8": (
        "home=False left out: False is its default"
    ),
    "parlour.midnightoil.game.rules.xǁStateǁlegal_moves__mutmut_53": (
        "home=False left out: False is its default"
    ),
    **{
        f"parlour.midnightoil.game.rules.{name}": (
            "-2 for -1 as the 'no fan' default: the next line asks only t >= 0"
        )
        for name in ("xǁStateǁlegal_moves__mutmut_42", "xǁStateǁ_draw_moves__mutmut_34")
    },
    **{
        f"parlour.mille.game.rules.xǁGameǁ{name}": (
            ">= for > between the two totals: equal totals were handled just before"
        )
        for name in ("award_game__mutmut_6", "winner__mutmut_5")
    },
    "parlour.mille.game.rules.xǁGameǁ_end_hand__mutmut_30": (
        "self.turn for the finisher in the hand_over event: a finisher is always the mover"
    ),
    "parlour.mille.game.table.x_compact_hand__mutmut_3": (
        "range(HAND_SLOTS) for range(1, HAND_SLOTS): a card the extra step moves into an"
        " empty P is the lowest occupied slot when slot 1 is filled next, so it goes back"
    ),
    "parlour.mille.game.table.xǁMoveǁparse__mutmut_35": "slot 0 left out: 0 is its default",
    "parlour.mille.game.table.xǁMoveǁparse__mutmut_38": (
        "'XX123456XX' for '123456': the text is lower-cased, so no X ever reaches the test"
    ),
    "parlour.mille.game.legality.x_check_use__mutmut_7": (
        "None for the card in has_picked: the test runs only for no card or one that is"
        " not a safety, so it looks at P either way"
    ),
    "parlour.mille.game.rules.xǁGameǁ_play_safety__mutmut_31": (
        "never clearing the speed after right of way: a limit was cleared just above, so"
        " player.limited is false here"
    ),
    **{
        f"parlour.mille.game.rules.xǁGameǁapply__mutmut_{n}": (
            "None for False as pass_turn or extra_turn: both are only tested for truth"
        )
        for n in (15, 24)
    },
    "parlour.dixmille.game.rules.xǁGameǁ_pass__mutmut_19": (
        "throw=False left out: False is its default"
    ),
    "parlour.dixmille.game.rules.xǁGameǁ_take__mutmut_14": (
        "six_dice_combination of fewer than six dice is None anyway"
    ),
    "parlour.dixmille.game.rules.xǁGameǁcheck_take__mutmut_44": (
        "size <= 6 for size < 6 or n == 6: a take of six dice needs six thrown, so both hold"
    ),
    **{
        f"parlour.dixmille.game.rules.xǁGameǁcheck_take__mutmut_{n}": (
            "reached only without a three of a kind, so the count is below 3 either way"
        )
        for n in (54, 55)
    },
    **{
        f"parlour.dixmille.game.rules.xǁGameǁcheck_take__mutmut_{n}": (
            "the message of the last refusal, which no take reaches: dice that pass the"
            " loop are all 1s and 5s, which score"
        )
        for n in (62, 63, 64, 65, 66)
    },
    **{
        f"parlour.midnightoil.game.cards.x_parse_deal_number__mutmut_{n}": (
            "int(t) for int(t, 10): t is ASCII digits only, and base 10 is the default"
        )
        for n in (12, 23)
    },
    "parlour.core.saves.x__detail__mutmut_14": (
        "None for '' as the detail of an unprintable complaint: `detail or type name` treats"
        " both as empty"
    ),
    "parlour.core.saves.x_encode_save__mutmut_26": (
        "allow_nan=None for False: json only tests the flag for truth"
    ),
    "parlour.core.paths.x_folder_problem__mutmut_12": (
        "\\uFF08 for \\uff08 in a pattern: the same escape, hex digits have no case"
    ),
    "parlour.core.paths.x_unreadable__mutmut_2": (
        "create=None for False: data_dir only tests the flag for truth"
    ),
    **{
        f"parlour.dixmille.game.scoring.x_number__mutmut_{n}": (
            "the English fast path skipped: i18n.number writes in English what it writes"
            " (the same on 20,000 values, whole and with one decimal, checked by hand)"
        )
        for n in (8, 9)
    },
    "parlour.dixmille.game.scoring.x_rounded__mutmut_12": (
        "Decimal(2) for Decimal(1) as quantize's pattern: quantize reads only its exponent"
    ),
    "parlour.core.keeper.x_places__mutmut_13": "'UTF-8' for 'utf-8': the same codec",
    "parlour.core.keeper.xǁKeeperǁledger_path__mutmut_3": (
        "create=None for False: data_dir only tests the flag for truth"
    ),
    "parlour.core.keeper.xǁWrittenǁmessage__mutmut_65": (
        "forms[+1] for forms[-1] when no form fits: the first form (the kept file's name"
        " shortened) is made only when it fits, so the list that reaches this line has two"
    ),
    "parlour.core.saves.x__opens_like_a_save__mutmut_11": ("'UTF-8' for 'utf-8': the same codec"),
    "parlour.core.saves.x__undecodable__mutmut_32": (
        "< for <= between what follows a number and '.eE+-': at most two characters never"
        " hold all five"
    ),
    **{
        name: ("the hand number less one for plus one: starter_of looks only at its parity")
        for name in (
            "parlour.mille.files.savefile.x__from_format_1__mutmut_22",
            "parlour.mille.files.gamedata.x_check_consistent__mutmut_47",
        )
    },
    "parlour.midnightoil.game.history.xǁGameǁadd_time__mutmut_1": (
        ">= 0 for > 0: adding no time leaves the clock as it is (it is never past its"
        " bound: loading refuses more)"
    ),
    **{
        f"parlour.dixmille.computer.analysis.x__exact_start__mutmut_{n}": (
            "the start value at 0 from the optimum's tables instead of the table of start"
            " values: the table holds that very number"
        )
        for n in (3, 4)
    },
    "parlour.core.saves.x_encode_save__mutmut_35": ("'UTF-8' for 'utf-8': the same codec"),
    "parlour.mille.files.gamedata.x_game_from_dict__mutmut_230": (
        "None for COMPUTER as the computer's seat: player_from_dict and the reasons it gives"
        " only ask whether a seat is the human's"
    ),
    "parlour.mille.files.savefile.x__refuse_unencodable__mutmut_2": (
        "allow_nan=None for False: json only tests the flag for truth"
    ),
    "parlour.mille.files.savefile.x_save__mutmut_25": (
        "or for and before checking the parts so far: with a memory given or none, the"
        " early check of the screen state says nothing the check after encoding would not"
        " say first (the parts are checked in order, the screen state first)"
    ),
    **{
        f"parlour.mille.files.savefile.x_save__mutmut_{n}": (
            "check_state without the game read one line before: it then reads the same"
            " written['game'] again"
        )
        for n in (134, 137)
    },
    "parlour.mille.files.savefile.x__meta__mutmut_23": (
        ">= for > MAX_HANDS: a million hand summaries take over 60 MB, past the 32 MiB a"
        " save may be, so no save reaches the bound"
    ),
    "parlour.midnightoil.files.statsfile.x__read_baseline__mutmut_3": (
        "create_dir=None for create_dir=False: data_dir only tests the flag for truth"
    ),
    "parlour.midnightoil.files.statsfile.x_stats_report__mutmut_5": (
        "create=None for create=False: data_dir only tests the flag for truth"
    ),
    "parlour.midnightoil.files.statsfile.x_stats_report__mutmut_38": (
        "lower() for upper() of the note's first character: with no problem the note is"
        " the count of damaged lines, so it starts with a digit (in Japanese with a"
        " character that has no case)"
    ),
    **{
        f"parlour.midnightoil.files.statsfile.x__unreadable__mutmut_{n}": (
            "None or 'XXXX' for '' as the ledger's unnamable path: read_stats named the"
            " ledger a moment before (else it returned a folder problem and no ledger"
            " problem), so the branch is not reached"
        )
        for n in (4, 5)
    },
    **{
        f"parlour.midnightoil.files.dealtable.xǁDealTableǁof_columns__mutmut_{n}": (
            "zip strict or not between the deal numbers and the range of their count: the"
            " same length always"
        )
        for n in (6, 9, 11)
    },
    "parlour.midnightoil.files.statsfile.x__read_baseline__mutmut_19": (
        "'UTF-8' for 'utf-8': the same codec"
    ),
    **{
        f"parlour.midnightoil.files.stats_earlier.x__clean_win__mutmut_{n}": (
            "None for 0 as a missing time: the next line turns anything not a number into 0"
        )
        for n in (3, 5)
    },
    "parlour.midnightoil.files.stats_earlier.x__clean_win__mutmut_68": (
        "0 < seconds for 0 <= seconds: a time of 0 gives 0.0 either way"
    ),
    # dixmille.files.gamedata: checks that an earlier check makes unreachable, and bounds never met.
    f"{_PERSIST}x__check_table__mutmut_24": (
        "< for <= between the hot dice on the table and {1, 5}: they are equal only for two"
        " dice, refused just before"
    ),
    f"{_PERSIST}x__check_table__mutmut_31": (
        "and for or in the unstarted turn's points and dice: check_game has matched both with"
        " the replay, which has 0 and 6 before the first throw"
    ),
    **{
        f"{_PERSIST}x__check_table__mutmut_{n}": (
            "a throw-or-pass choice with nothing taken, dice set aside without points: check_game"
            " has matched the turn points with the replay, which has 50 or more once a die is"
            " taken, so neither check (nor its message) is reached"
        )
        for n in (71, 72, 73, 74, 77, 80, 81, 82, 83)
    },
    f"{_PERSIST}x__score_at__mutmut_5": (
        "1 for 0 as the score before any turn: it is only compared with 10,000"
    ),
    f"{_PERSIST}x_check_game__mutmut_46": (
        "None for the four-2s rule of the turn in progress: the rule only sets a four-2s turn's"
        " loss, and the turn in progress has no result yet"
    ),
    **{
        name: "1 for 0 as the best other score of a solitaire game: both are below 10,000"
        for name in (f"{_PERSIST}x_check_game__mutmut_59", f"{_PERSIST}x_check_history__mutmut_103")
    },
    f"{_PERSIST}x_check_history__mutmut_94": (
        "s <= seat for s < seat: the player's own seat is left out of the list just below"
    ),
    **{
        f"{_PERSIST}x_check_rng__mutmut_{n}": (
            "the position's type check: the line before has refused every word that is not an"
            " int, the position included"
        )
        for n in (29, 31, 32, 33, 34)
    },
    **{
        f"{_TURNCHECK}x_check_turn__mutmut_{n}": (
            "a turn's cycle above 10,000 or its score from 10,000: check_history and check_game"
            " have refused both before (turns numbered by cycle, the cycle at most 10,000, the"
            " game over after a cycle with 10,000)"
        )
        for n in (4, 5, 6, 7, 8, 9, 10, 11, 12)
    },
    f"{_TURNCHECK}x__stop__mutmut_22": (
        "None for the level of a turn that ended: only a turn in progress has its level read"
    ),
    **{
        f"{_TURNCHECK}x_replay__mutmut_{n}": (
            "break for continue: the line before has set the state, so the loop ends either way"
        )
        for n in (55, 72, 143, 154)
    },
    f"{_TURNCHECK}x_replay__mutmut_61": (
        "None for the dice of a one-die bust: only a pass has its dice read"
    ),
    **{
        f"{_TURNCHECK}x_replay__mutmut_{n}": (
            "None for the level of a one-die bust or a pass: only a turn in progress has its"
            " level read"
        )
        for n in (62, 175)
    },
    f"{_TURNCHECK}x_replay__mutmut_106": (
        "'XXXX' for '' as the name of a six-dice take that is neither: a legal take of six"
        " dice is always a straight or three pairs"
    ),
    f"{_PERSIST}x_game_from_dict__mutmut_136": (
        "200.0 for 200 as the bound of one-die successes: check_int compares them alike"
    ),
}
"""Surviving mutants that are equivalent: they are left out of the kill rate's base."""

KILLED = "killed"
SURVIVED = "survived"
NO_TESTS = "no tests"
TIMEOUT = "timeout"
UNCHECKED = "not checked"
OTHER = "other"
EQUIVALENT_SURVIVOR = "equivalent"
CAUGHT = (KILLED, TIMEOUT)
"""What counts as noticed: a failing test, or a test that no longer ends."""

STATUS_BY_CODE: dict[int | None, str] = {
    1: KILLED,
    3: KILLED,
    0: SURVIVED,
    5: NO_TESTS,
    33: NO_TESTS,
    36: TIMEOUT,
    -24: TIMEOUT,
    24: TIMEOUT,
    152: TIMEOUT,
    255: TIMEOUT,
    None: UNCHECKED,
}
"""mutmut's exit codes (mutmut/stats.py); anything else is suspicious, shown as other."""


@dataclass
class Tally:
    """The mutants of one module by outcome."""

    module: str
    counts: Counter[str]
    survivors: list[str]
    equivalent: list[str]
    unrun: list[str]
    moved: list[str]
    """Listed as equivalent, but the name now makes another change: counted as survivors."""
    killed_listed: list[str]
    """Listed as equivalent, yet killed: the list is out of date."""

    @property
    def checked(self) -> int:
        """Mutants run, the equivalent ones left out."""
        return sum(
            n for status, n in self.counts.items() if status not in (UNCHECKED, EQUIVALENT_SURVIVOR)
        )

    @property
    def caught(self) -> int:
        return sum(self.counts[s] for s in CAUGHT)

    def rate(self) -> float | None:
        return self.caught / self.checked if self.checked else None


def module_name(text: str) -> str:
    """``mille.game.rules`` from itself, ``parlour.mille.game.rules`` or
    ``src/parlour/mille/game/rules.py``."""
    name = text.removesuffix(".py").replace("/", ".")
    name = name.removeprefix("src.").removeprefix("parlour.")
    if name not in MODULES:
        raise argparse.ArgumentTypeError(f"not one of the mutated modules: {text}")
    return name


def meta_path(module: str) -> Path:
    """mutmut's record of what became of each mutant of ``module``."""
    path = mutated_path(module)
    return path.with_name(path.name + ".meta")


def tally(module: str) -> Tally | None:
    """The recorded outcome of every mutant of ``module``; None before its first run."""
    path = meta_path(module)
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    counts: Counter[str] = Counter()
    survivors: list[str] = []
    equivalent: list[str] = []
    unrun: list[str] = []
    moved: list[str] = []
    killed_listed: list[str] = []
    for name, code in data["exit_code_by_key"].items():
        status = STATUS_BY_CODE.get(code, OTHER)
        if status == SURVIVED and name in EQUIVALENT:
            if judged_change(name) == current_change(name):
                status = EQUIVALENT_SURVIVOR
            else:
                moved.append(name)
        elif status in CAUGHT and name in EQUIVALENT:
            killed_listed.append(name)
        counts[status] += 1
        if status in (SURVIVED, NO_TESTS, OTHER):
            survivors.append(name)
        elif status == EQUIVALENT_SURVIVOR:
            equivalent.append(name)
        elif status == UNCHECKED:
            unrun.append(name)
    return Tally(
        module, counts, sorted(survivors, key=_natural), equivalent, unrun, moved, killed_listed
    )


def _natural(name: str) -> tuple[str, int]:
    head, _, number = name.rpartition("__mutmut_")
    return head, int(number) if number.isdigit() else 0


def run_module(
    module: str, max_children: int, limit_minutes: float, names: list[str] | None = None
) -> bool:
    """Run mutmut over one module's mutants (or just ``names``); False if it failed or was
    stopped at the time limit. mutmut's own output goes to mutants/mutmut-MODULE.log."""
    mutmut = Path(sys.executable).with_name("mutmut")
    wanted = names if names is not None else [f"parlour.{module}.*"]
    command = [str(mutmut), "run", "--max-children", str(max_children), *wanted]
    shown = " ".join(command[1:4]) + (f" ({len(names)} mutants)" if names else f" {wanted[0]}")
    print(f"== {module}: {shown}", flush=True)
    log = ROOT / "mutants" / f"mutmut-{module}.log"
    log.parent.mkdir(exist_ok=True)
    started = time.monotonic()
    with (
        log.open("w", encoding="utf-8") as out,
        subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT) as proc,
    ):
        try:
            proc.wait(timeout=limit_minutes * 60)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGINT)  # mutmut stops its workers and keeps its results
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:  # busy in a worker: each result is saved already
                proc.terminate()
                proc.wait()
            print(f"   stopped after {limit_minutes:g} minutes", flush=True)
            return False
    print(f"   {time.monotonic() - started:.0f} s, mutmut exit status {proc.returncode}")
    if proc.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").replace("\r", "\n")
        print("   " + "\n   ".join(tail.strip().splitlines()[-15:]))
    return proc.returncode == 0


def percent(value: float | None) -> str:
    return "   -  " if value is None else f"{100 * value:5.1f}%"


def report(modules: list[str], survivors: bool) -> None:
    header = f"{'module':<32}{'mutants':>8}{'killed':>7}{'timeout':>8}{'survived':>9}"
    print(header + f"{'no tests':>9}{'equiv':>6}{'unrun':>6}{'kill rate':>10}")
    total: Counter[str] = Counter()
    tallies = [t for t in (tally(m) for m in modules) if t is not None]
    rows = [(t.module, t.counts) for t in tallies]
    if len(rows) > 1:
        for t in tallies:
            total.update(t.counts)
        rows.append(("overall", total))
    for name, c in rows:
        checked = sum(n for s, n in c.items() if s not in (UNCHECKED, EQUIVALENT_SURVIVOR))
        caught = sum(c[s] for s in CAUGHT)
        print(
            f"{name:<32}{sum(c.values()):>8}{c[KILLED]:>7}{c[TIMEOUT]:>8}"
            f"{c[SURVIVED] + c[OTHER]:>9}{c[NO_TESTS]:>9}{c[EQUIVALENT_SURVIVOR]:>6}"
            f"{c[UNCHECKED]:>6}{percent(caught / checked if checked else None):>10}"
        )
    print("kill rate = (killed + timeout) / (mutants run - equivalent survivors)")
    missing = [m for m in modules if tally(m) is None]
    if missing:
        print("not run yet: " + " ".join(missing))
    stale = [name for t in tallies for name in t.killed_listed]
    if stale:
        print("listed as equivalent but no longer surviving (check the list): " + " ".join(stale))
    for name in (name for t in tallies for name in t.moved):
        print(f"listed as equivalent for another change (judge it again): {name}")
        print(f"  judged: {judged_change(name)}\n  now:    {current_change(name)}")
    if survivors:
        for t in tallies:
            for name in t.survivors:
                print(f"  {name}")


def _module_of(name: str) -> str:
    """``mille.game.rules`` from ``parlour.mille.game.rules.xǁGameǁapply__mutmut_15``."""
    return name.removeprefix("parlour.").rpartition(".")[0]


def current_change(name: str) -> str | None:
    """What mutant ``name`` changes in mutmut's copy of the tree today."""
    return change(_module_of(name), name.rpartition(".")[2])


@functools.cache
def _judged() -> dict[str, str]:
    try:
        data = json.loads(EQUIVALENT_CHANGES.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {str(k): str(v) for k, v in data.items()}


def judged_change(name: str) -> str | None:
    """The change listed equivalent ``name`` made when it was judged; None if not recorded."""
    return _judged().get(name)


def list_equivalents(modules: list[str]) -> None:
    """Every listed equivalent of ``modules``: why it cannot change behaviour, and its change."""
    for module in modules:
        names = sorted((n for n in EQUIVALENT if _module_of(n) == module), key=_natural)
        if names:
            print(module)
        for name in names:
            print(f"  {name.rpartition('.')[2]}: {EQUIVALENT[name]}")
            print(f"    {judged_change(name) or '(change not recorded)'}")


def record_changes() -> None:
    """Keep each listed equivalent's change as it is today (after reading each one)."""
    kept = {name: _judged()[name] for name in EQUIVALENT if name in _judged()}
    for name in EQUIVALENT:
        now = current_change(name)
        if now is not None:
            kept[name] = now
    EQUIVALENT_CHANGES.write_text(
        json.dumps(dict(sorted(kept.items())), indent=1, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    missing = [name for name in EQUIVALENT if name not in kept]
    print(f"{len(kept)} changes kept in {EQUIVALENT_CHANGES.name}")
    if missing:
        print("not found in mutants/ (generate them first): " + " ".join(missing))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", nargs="+", type=module_name, default=list(MODULES))
    parser.add_argument("--max-children", type=int, default=1, help="mutmut workers (default 1)")
    parser.add_argument(
        "--limit-minutes", type=float, default=20.0, help="stop one module's run after this long"
    )
    parser.add_argument("--report-only", action="store_true", help="print the last results")
    parser.add_argument("--survivors", action="store_true", help="list the mutants not killed")
    parser.add_argument(
        "--rerun-survivors",
        action="store_true",
        help="run again only the mutants not killed last time (after adding tests);"
        " a module never run is run whole, mutants not yet run stay so",
    )
    parser.add_argument(
        "--unrun",
        action="store_true",
        help="run only the mutants an earlier, stopped run did not reach",
    )
    parser.add_argument(
        "--record-equivalents",
        action="store_true",
        help="keep each listed equivalent's change as mutants/ has it (after judging each)",
    )
    parser.add_argument(
        "--list-equivalents",
        action="store_true",
        help="print each listed equivalent, why it is one, and its change",
    )
    args = parser.parse_args(argv)
    if args.list_equivalents:
        list_equivalents(args.modules)
        return 0
    if args.record_equivalents:
        record_changes()
        return 0
    if not args.report_only:
        for module in args.modules:
            names = None
            last = tally(module)
            if last is not None and (args.rerun_survivors or args.unrun):
                names = (last.survivors if args.rerun_survivors else []) + (
                    last.unrun if args.unrun else []
                )
                if not names:
                    continue
            run_module(module, args.max_children, args.limit_minutes, names)
    report(args.modules, args.survivors)
    return 0


if __name__ == "__main__":
    sys.exit(main())
