"""Command line of ``midnightoil``: ``midnightoil [FILE] [--deal N] [--ascii]``.

A FILE resumes a saved game (a bad file prints one line naming it and the
reason, exit status 1, before the screen starts). ``--deal N`` plays deal N;
without it a random deal is chosen and its number shown.
"""

from __future__ import annotations

import sys

from parlour.core.cliutil import Argument, Command, type_error
from parlour.core.rng import random_below
from parlour.core.text import printable
from parlour.midnightoil.cards import DEAL_LIMIT, parse_deal_number
from parlour.midnightoil.game import Game

DESCRIPTION = """\
Midnight Oil: the solitaire of 18 fans, two redeals and one draw.
Move every card to the foundations, ace to king by suit. Press ? in the game
for the rules and keys."""


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
        Argument("file", nargs="?", metavar="FILE", help="resume the game saved in FILE"),
        Argument("--deal", type=deal_arg, metavar="N", help="play deal number N"),
        Argument("--ascii", action="store_true", help="draw suits as C D H S"),
    ],
)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``midnightoil`` command."""
    args = COMMAND.parse(argv)
    if args.file is not None and args.deal is not None:
        print("midnightoil: give a FILE or --deal, not both", file=sys.stderr)
        return 2
    if args.file is not None:
        from parlour.core.saves import SaveError
        from parlour.midnightoil import savefile

        try:
            game = savefile.load(args.file)
        except SaveError as exc:
            # The file name and anything quoted from the file are shown escaped.
            print(f"midnightoil: {printable(str(exc))}", file=sys.stderr)
            return 1
    else:
        number = args.deal if args.deal is not None else random_below(DEAL_LIMIT)
        game = Game(number)
    # Imported late so that argument errors never touch the terminal layer.
    from parlour.midnightoil.app import MidnightOilApp
    from parlour.tui.glyphs import choose_glyphs
    from parlour.tui.runner import run

    app = MidnightOilApp(game, choose_glyphs(args.ascii), save_path=args.file)
    return run(app)


if __name__ == "__main__":
    sys.exit(main())
