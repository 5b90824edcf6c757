"""Command line of ``midnightoil``: ``midnightoil [FILE] [--deal N] [--ascii] [--stats]``.

A FILE resumes a saved game (a bad file prints one line naming it and the
reason, exit status 1, before the screen starts). ``--deal N`` plays deal N;
without it a random deal is chosen and its number shown. ``--stats`` prints
the statistics as plain lines within 80 columns and exits (status 1 with one
line when they cannot be read).
"""

from __future__ import annotations

import sys

from parlour.core.cliutil import Argument, Command, fail, file_problem, type_error
from parlour.core.i18n import N_, _
from parlour.core.rng import random_below
from parlour.core.text import printable
from parlour.midnightoil.game.cards import DEAL_LIMIT, parse_deal_number
from parlour.midnightoil.game.history import Game

DESCRIPTION = N_(
    "Midnight Oil: the solitaire of 18 fans, two redeals and one draw.\n"
    "Move every card to the foundations, ace to king by suit. Press ? in the game\n"
    "for the rules and keys."
)


def deal_arg(text: str) -> int:
    """argparse type for ``--deal``: a whole number from 0 to 2**64-1."""
    try:
        return parse_deal_number(text)
    except ValueError as exc:
        raise type_error(str(exc)) from None


COMMAND = Command(
    "midnightoil",
    DESCRIPTION,
    [
        Argument("file", nargs="?", metavar="FILE", help=N_("resume the game saved in FILE")),
        Argument("--deal", type=deal_arg, metavar="N", help=N_("play deal number N")),
        Argument("--ascii", action="store_true", help=N_("draw suits as C D H S")),
        Argument("--stats", action="store_true", help=N_("print the statistics and exit")),
    ],
)


def print_stats() -> int:
    """``midnightoil --stats``: the statistics page as plain lines; 1 if they cannot be read."""
    import os

    from parlour.core.paths import unreadable
    from parlour.core.text import LINE_COLUMNS
    from parlour.midnightoil.files.statsfile import stats_report
    from parlour.midnightoil.terminal.report import stats_lines

    problem = unreadable("midnightoil")
    if problem is not None:
        return fail(problem)
    reading = stats_report(_("midnightoil: no statistics"), LINE_COLUMNS)
    if reading.folder_problem is not None:
        return fail(reading.folder_problem)
    if reading.ledger_problem is not None:
        return fail(_unreadable(reading.ledger_problem))
    try:
        print(_("Midnight Oil - statistics"))
        print()
        for line in stats_lines(reading.stats, note=reading.note):
            print(printable(line))
        sys.stdout.flush()
    except BrokenPipeError:  # piped into head: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _unreadable(problem: str) -> str:
    """One message: the statistics file (its name whole: the message is wrapped between
    words, never inside the name) and ``problem``."""
    from parlour.core.text import keep_whole
    from parlour.midnightoil.files.statsfile import KEEPER

    try:
        name = printable(str(KEEPER.ledger_path()))
    except OSError:
        return _("midnightoil: the statistics cannot be read: {problem}").format(problem=problem)
    # "NAME is a folder", "NAME is not a regular file"; else the system's reason.
    if problem.startswith(name):
        # TRANSLATORS: {file} is the statistics file's name, {rest} the system's words after it
        # ("is a folder"), in English.
        return _("midnightoil: the statistics file {file}{rest}").format(
            file=keep_whole(name), rest=problem[len(name) :]
        )
    return _("midnightoil: the statistics file {file} cannot be read: {problem}").format(
        file=keep_whole(name), problem=problem
    )


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``midnightoil`` command."""
    args = COMMAND.parse(argv)
    if args.stats:
        if args.file is not None or args.deal is not None:
            return fail(_("midnightoil: --stats takes no FILE or --deal"), 2)
        return print_stats()
    if args.file is not None and args.deal is not None:
        return fail(_("midnightoil: give a FILE or --deal, not both"), 2)
    if args.file is not None:
        from parlour.core.saves import SaveError
        from parlour.midnightoil.files import savefile

        try:
            game = savefile.load(args.file)
        except SaveError as exc:
            # The file name and anything quoted from the file are shown escaped.
            return fail(file_problem("midnightoil", exc.path, exc.reason))
    else:
        number = args.deal if args.deal is not None else random_below(DEAL_LIMIT)
        game = Game(number)
    # Imported late so that argument errors never touch the terminal layer.
    from parlour.midnightoil.terminal.app import MidnightOilApp
    from parlour.tui.glyphs import choose_glyphs
    from parlour.tui.runner import run

    app = MidnightOilApp(game, choose_glyphs(args.ascii), save_path=args.file)
    return run(app)


if __name__ == "__main__":
    sys.exit(main())
