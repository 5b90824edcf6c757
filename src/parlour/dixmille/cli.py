"""Command line of ``dixmille``: names, a saved game to resume, or the statistics.

``dixmille`` asks for the players; ``dixmille NAME...`` takes them (ZEDX is
the computer); ``dixmille FILE`` resumes a saved game (a bad file gets one
line naming it and the reason, and exit status 1, before the screen starts);
``dixmille -- NAME...`` takes every word after ``--`` as a name, even one that
is also a file's name; ``dixmille --stats [NAME...]`` shows the recorded
statistics (of the players named, each in a column).
"""

from __future__ import annotations

import os
import sys

from parlour.core.cliutil import Argument, Command, fail, file_problem, say, seed_arg, type_error
from parlour.core.i18n import N_, _
from parlour.core.text import printable
from parlour.dixmille.files.statsfile import KEEPER
from parlour.dixmille.game.rules import FOUR_TWOS_RULES, MAX_PLAYERS, IllegalMove, check_name
from parlour.dixmille.terminal.app import DEFAULT_PACE, DixMilleApp
from parlour.tui.glyphs import Glyphs, choose_glyphs
from parlour.tui.runner import run

EPILOG = N_("""\
examples:
  dixmille                      ask for the players
  dixmille Alice ZEDX           Alice against the computer
  dixmille Alice Bob --seed 7   a reproducible game
  dixmille dixmille-save.json   resume a saved game
  dixmille -- Bob Ann           players Bob and Ann, even with a file named Bob
  dixmille --stats Alice Bob    Alice's and Bob's statistics, all recorded games
""")


STOPPED = N_(
    "dixmille: reading the statistics stopped; the totals are kept every 256 MB read,"
    " and the next --stats goes on from there."
)


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise type_error(_("not a number of seconds: {text}").format(text=repr(text))) from None
    if not 0 <= value <= 10:
        raise type_error(_("must be between 0 and 10 seconds"))
    return value


COMMAND = Command(
    "dixmille",
    N_("Dix Mille: the dice game to 10,000 for 1 to 6 players."),
    [
        Argument(
            "names",
            nargs="*",
            metavar="NAME|FILE",
            help=N_(
                "player names in seat order (ZEDX = the computer), or a saved game; "
                "after -- every word is a name"
            ),
        ),
        Argument("--seed", type=seed_arg, help=N_("seed for the dice (a whole number)")),
        Argument("--ascii", action="store_true", help=N_("draw dice as digits, ASCII only")),
        Argument(
            "--pace",
            type=_pace,
            default=DEFAULT_PACE,
            help=N_("seconds between ZEDX's steps (default %(default)s)"),
        ),
        Argument("--fast", action="store_true", help=N_("ZEDX plays without pauses")),
        Argument(
            "--four-twos",
            choices=FOUR_TWOS_RULES,
            default="game",
            help=N_("four 2s lose the whole score (game, default) or the turn's points"),
        ),
        Argument(
            "--stats",
            action="store_true",
            help=N_("show the statistics (of the players named, if any) and leave"),
        ),
    ],
    EPILOG,
)


def _looks_like_file(arg: str) -> bool:
    return os.path.exists(arg) or arg.endswith(".json") or os.sep in arg or "/" in arg


def split_names(argv: list[str]) -> tuple[list[str], list[str] | None]:
    """The arguments before a first ``--``, and the words after it (None without one)."""
    if "--" not in argv:
        return argv, None
    at = argv.index("--")
    return argv[:at], argv[at + 1 :]


def _name_hint(word: str) -> str | None:
    """For a word read as a save that could be a player's name: how to say it is one."""
    if word.endswith(".json") or os.sep in word or "/" in word:
        return None
    try:
        name = check_name(word, [])
    except IllegalMove:
        return None
    from parlour.core.shellpath import for_shell

    return _("To play with a player named {name}: dixmille -- {word}").format(
        name=name, word=for_shell(word)
    )


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``dixmille`` command."""
    options, marked = split_names(list(sys.argv[1:] if argv is None else argv))
    args = COMMAND.parse(options)
    glyphs = choose_glyphs(args.ascii)
    pace = 0.0 if args.fast else args.pace
    names: list[str] = args.names + (marked or [])
    if args.stats:
        from parlour.core.paths import unreadable

        problem = unreadable("dixmille")  # one message, never a page that says "no games"
        if problem is not None:
            return fail(problem)
        return _stats([name.strip() for name in names if name.strip()], glyphs)
    KEEPER.flush()  # records an earlier game could not write go in now
    if marked is None and len(names) == 1 and _looks_like_file(names[0]):
        from parlour.core.saves import SaveError
        from parlour.dixmille.files import savefile

        try:
            game = savefile.load(names[0])
        except SaveError as exc:
            problem = file_problem("dixmille", exc.path, exc.reason)
            hint = _name_hint(names[0])
            return fail(f"{problem}\n{hint}" if hint else problem)
        return run(DixMilleApp(glyphs, game=game, pace=pace, save_path=names[0]))
    if len(names) > MAX_PLAYERS:
        COMMAND.error(_("at most {n} players").format(n=MAX_PLAYERS))
    checked: list[str] = []
    for name in names:
        try:
            checked.append(check_name(name, checked))
        except IllegalMove as exc:
            COMMAND.error(printable(_("name {name}: {reason}").format(name=repr(name), reason=exc)))
    app = DixMilleApp(
        glyphs, names=checked or None, seed=args.seed, pace=pace, four_twos=args.four_twos
    )
    return run(app)


def _stats(names: list[str], glyphs: Glyphs) -> int:
    """``--stats [NAME...]``: the pages on a terminal, else as text; a name never recorded
    is one line on stderr and exit status 1 (nothing else shown)."""
    from parlour.core.tally import TerminalProgress
    from parlour.dixmille.files import stats, statsfile
    from parlour.dixmille.terminal import statsview
    from parlour.dixmille.terminal.statsapp import StatsApp

    progress = TerminalProgress()
    try:
        read = statsfile.stats_report(names, progress=progress)
    except KeyboardInterrupt:
        progress.close()
        say(_(STOPPED), sys.stderr)
        return 130
    finally:
        progress.close()
    rows, title, message = read.rows, read.title, read.message
    unknown = statsfile.missing(names, rows)
    if unknown:
        for name in unknown:
            if message:
                said = _("dixmille: no recorded games for {name} ({why})").format(
                    name=name, why=message.replace("\n", " ")
                )
            else:
                said = _("dixmille: no recorded games for {name}").format(name=name)
            say(printable(said), sys.stderr)
        return 1
    empty = stats.empty_text(names[0] if len(names) == 1 else None)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        try:
            for page in range(statsview.page_count(rows)):
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
