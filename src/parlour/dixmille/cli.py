"""Command line of ``dixmille``: names, a saved game to resume, or the statistics.

``dixmille`` asks for the players; ``dixmille NAME...`` takes them (ZEDX is
the computer); ``dixmille FILE`` resumes a saved game (a bad file gets one
line naming it and the reason, and exit status 1, before the screen starts);
``dixmille --stats [NAME]`` shows the recorded statistics.
"""

from __future__ import annotations

import os
import sys

from parlour.core.cliutil import Argument, Command, fail, file_problem, seed_arg, type_error
from parlour.core.text import printable
from parlour.dixmille.files.statsfile import flush_pending
from parlour.dixmille.game.rules import FOUR_TWOS_RULES, MAX_PLAYERS, IllegalMove, check_name
from parlour.dixmille.terminal.app import DEFAULT_PACE, DixMilleApp
from parlour.tui.glyphs import Glyphs, choose_glyphs
from parlour.tui.runner import run

EPILOG = """\
examples:
  dixmille                      ask for the players
  dixmille Alice ZEDX           Alice against the computer
  dixmille Alice Bob --seed 7   a reproducible game
  dixmille dixmille-save.json   resume a saved game
  dixmille --stats Alice        Alice's statistics over all recorded games
"""


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise type_error(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= 10:
        raise type_error("must be between 0 and 10 seconds")
    return value


COMMAND = Command(
    "dixmille",
    "Dix Mille: the dice game to 10,000 for 1 to 6 players.",
    [
        Argument(
            "names",
            nargs="*",
            metavar="NAME|FILE",
            help="player names in seat order (ZEDX = the computer), or a saved game",
        ),
        Argument("--seed", type=seed_arg, help="seed for the dice (a whole number)"),
        Argument("--ascii", action="store_true", help="draw dice as digits, ASCII only"),
        Argument(
            "--pace",
            type=_pace,
            default=DEFAULT_PACE,
            help=f"seconds between ZEDX's steps (default {DEFAULT_PACE})",
        ),
        Argument("--fast", action="store_true", help="ZEDX plays without pauses"),
        Argument(
            "--four-twos",
            choices=FOUR_TWOS_RULES,
            default="game",
            help="four 2s lose the whole score (game, default) or the turn's points",
        ),
        Argument(
            "--stats",
            nargs="?",
            const="",
            default=None,
            metavar="NAME",
            help="show the statistics (of one player) and leave",
        ),
    ],
    EPILOG,
)


def _looks_like_file(arg: str) -> bool:
    return os.path.exists(arg) or arg.endswith(".json") or os.sep in arg or "/" in arg


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``dixmille`` command."""
    args = COMMAND.parse(argv)
    glyphs = choose_glyphs(args.ascii)
    pace = 0.0 if args.fast else args.pace
    if args.stats is not None:
        from parlour.core.paths import unreadable

        problem = unreadable("dixmille")  # one message, never a page that says "no games"
        if problem is not None:
            return fail(problem)
        return _stats(args.stats.strip() or None, glyphs)
    flush_pending()  # records an earlier game could not write go in now
    names: list[str] = args.names
    if len(names) == 1 and _looks_like_file(names[0]):
        from parlour.core.saves import SaveError
        from parlour.dixmille.files import savefile

        try:
            game = savefile.load(names[0])
        except SaveError as exc:
            return fail(file_problem("dixmille", exc.path, exc.reason))
        return run(DixMilleApp(glyphs, game=game, pace=pace, save_path=names[0]))
    if len(names) > MAX_PLAYERS:
        COMMAND.error(f"at most {MAX_PLAYERS} players")
    checked: list[str] = []
    for name in names:
        try:
            checked.append(check_name(name, checked))
        except IllegalMove as exc:
            COMMAND.error(printable(f"name {name!r}: {exc}"))
    app = DixMilleApp(
        glyphs, names=checked or None, seed=args.seed, pace=pace, four_twos=args.four_twos
    )
    return run(app)


def _stats(name: str | None, glyphs: Glyphs) -> int:
    """``--stats [NAME]``: the pages on a terminal, else as text; a name never recorded
    is one line on stderr and exit status 1."""
    from parlour.dixmille.files import stats, statsfold
    from parlour.dixmille.terminal import statsview
    from parlour.dixmille.terminal.statsapp import StatsApp

    read = statsfold.summary(name)
    rows, title, message = read.rows, read.title, read.message
    if name is not None and not rows:
        why = f" ({message})" if message else ""
        return fail(printable(f"dixmille: no recorded games for {name}{why}"))
    empty = stats.empty_text(name)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        try:
            for page in range(statsview.PAGES):
                frame = statsview.render_stats(rows, page, title, message, " ", glyphs, empty)
                print(frame.to_text().rstrip("\n"))
                print()
            sys.stdout.flush()
        except BrokenPipeError:  # e.g. piped into head: stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return run(StatsApp(rows, title, message, glyphs, empty))


if __name__ == "__main__":
    sys.exit(main())
