"""What loading on first use costs: the first computer decision, hint and save (prints only).

Each run is a fresh interpreter that starts a game as its command would (``main`` with the
terminal replaced by one render of the first board), then times one first use: mille's
computer answering the human's first turn, ZEDX's first decision, Midnight Oil's first
hint (a search of up to 0.9 s), and the first save of each game. The modules that load
on first use are imported inside the timed part, so the figure is what a player waits.
``--src`` points at another checkout's ``src`` to compare (e.g. the commit before #19).

    .venv/bin/python bench/first_use.py --runs 15 [--src /tmp/base/src]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

START = """
import sys, time
import parlour.tui.runner as runner
apps = []
def keep(app):
    app.render(24, 80)
    apps.append(app)
    return 0
runner.run = keep
import importlib
cli = importlib.import_module(sys.argv[1])
if hasattr(cli, "run"):
    cli.run = keep
cli.main(sys.argv[2:-1])
app = apps[0]
data = sys.argv[-1]
"""

ACTIONS = {
    "mille: computer's first reply": (
        "parlour.mille.cli",
        ["--seed", "1"],
        """
sys.path.insert(0, ".")
from tests.mille.opponents import human_keys
t0 = time.perf_counter()
while app.opponent._player is None:  # the human's turn (its keys take microseconds) and the reply
    while app.timeout() == 0:
        app.handle_key("TIMEOUT")
    if app.opponent._player is None:
        for key in human_keys(app.game):
            app.handle_key({" ": " ", "\\r": "ENTER"}.get(key, key))
""",
    ),
    "mille: first save": (
        "parlour.mille.cli",
        ["--seed", "1"],
        """
t0 = time.perf_counter()
app._save_to(data + "/m.json", ">>:Move:")
""",
    ),
    "dixmille: ZEDX's first decision": (
        "parlour.dixmille.cli",
        ["--seed", "1", "Alice", "ZEDX"],
        """
t0 = time.perf_counter()
from parlour.dixmille.computer.ai import zedx_move
zedx_move(app.game.situation())
""",
    ),
    "dixmille: first save": (
        "parlour.dixmille.cli",
        ["--seed", "1", "Alice", "ZEDX"],
        """
t0 = time.perf_counter()
from parlour.dixmille.files import savefile
savefile.save(data + "/d.json", app.game)
""",
    ),
    "midnightoil: first hint": (
        "parlour.midnightoil.cli",
        ["--deal", "1"],
        """
t0 = time.perf_counter()
app.assist.advisor.hint(app.game.state)
""",
    ),
    "midnightoil: first save": (
        "parlour.midnightoil.cli",
        ["--deal", "1"],
        """
t0 = time.perf_counter()
from parlour.midnightoil.files import savefile
savefile.save(data + "/o.json", app.game)
""",
    ),
}


def run_once(module: str, argv: list[str], body: str, src: str | None) -> float:
    """Seconds the timed part of ``body`` took in a fresh interpreter."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if src:
        env["PYTHONPATH"] = src
    with tempfile.TemporaryDirectory() as data:
        env["PARLOUR_DATA_DIR"] = data
        code = START + body + "\nprint(time.perf_counter() - t0)\n"
        done = subprocess.run(
            [sys.executable, "-c", code, module, *argv, data],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=True,
        )
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--src", help="another checkout's src folder (default: this one)")
    args = parser.parse_args()
    times: dict[str, list[float]] = {label: [] for label in ACTIONS}
    for _ in range(args.runs):  # interleaved, so a change of load touches every figure alike
        for label, (module, argv, body) in ACTIONS.items():
            times[label].append(run_once(module, argv, body, args.src))
    print(f"first use, fresh interpreter each, median of {args.runs} (p25-p75), ms")
    for label, values in times.items():
        q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
        print(
            f"{label:34} {statistics.median(values) * 1000:8.1f} "
            f"({q[0] * 1000:.1f}-{q[2] * 1000:.1f})"
        )
    print(json.dumps({"load_average": os.getloadavg()[0]}))


if __name__ == "__main__":
    main()
