"""The ``mille`` command: ``mille [FILE] [--seed N] [--ascii]``.

With no file a new game starts (``--seed`` deals reproducibly). With a file the
saved game is restored; any problem with it (missing, empty, a folder, another
game's save, a BSD mille binary save, damaged, too new) is reported in one line
naming the file and the reason, with exit status 1, before the screen is touched.
"""

from __future__ import annotations

import os
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from parlour.core.cliutil import base_parser, seed_arg
from parlour.core.rng import choose_seed
from parlour.core.saves import SaveError

if TYPE_CHECKING:
    from parlour.mille.ai import ComputerPlayer
    from parlour.mille.rules import Move
    from parlour.mille.seat import SeatView

DESCRIPTION = """\
Mille Bornes against the computer, as BSD mille plays it.

Keys at >>:Move:  p pick   u# use card #   d# discard card #   (# = 1-6 or p,
then RETURN or SPACE)   o order hand   w toggle window   s save   r or ^L
reprint   q quit.  Questions take y, n, or s (save, then ask again)."""

EPILOG = "A save file written by the S command restores with: mille FILE"

BSD_SAVE_SIZE = 568
"""BSD mille's save files are raw 568-byte memory images (spec section 9.3)."""


def _bsd_binary(path: str) -> bool:
    """Whether ``path`` looks like a BSD mille save: 568 bytes that are not text."""
    try:
        if os.path.getsize(path) != BSD_SAVE_SIZE:
            return False
        with open(path, "rb") as handle:
            head = handle.read(BSD_SAVE_SIZE)
    except OSError:
        return False
    return not head.lstrip().startswith(b"{")


class LazyComputer:
    """The computer player, imported on its first decision so the first board appears sooner.

    ``memory`` is what a save file gave back of the player's memory (already
    checked by :func:`load_for_play`); it is handed over when the player is made.
    """

    def __init__(self, seed: int, memory: dict[str, object] | None = None) -> None:
        self.seed = seed
        self._memory = memory or {}
        self._player: ComputerPlayer | None = None

    def _get(self) -> ComputerPlayer:
        if self._player is None:
            from parlour.mille.ai import ComputerPlayer

            self._player = ComputerPlayer(self.seed)
            if self._memory:
                self._player.restore_memory(self._memory)
        return self._player

    def memory(self) -> dict[str, object]:
        """The player's memory for a save file (as restored, if it has not decided yet)."""
        return self._memory if self._player is None else self._player.memory()

    def choose_move(self, view: SeatView) -> Move:
        """The real player's move."""
        return self._get().choose_move(view)

    def wants_extension(self, view: SeatView) -> bool:
        """The real player's extension decision."""
        return self._get().wants_extension(view)


def load_for_play(path: str) -> tuple[object, dict[str, object], dict[str, object]]:
    """Load a save for the app: the game, the screen state and the computer's memory.

    The screen state and the memory are checked too; :class:`SaveError` on any problem.
    """
    from parlour.mille import savefile
    from parlour.mille.uistate import validate_ui_state

    if _bsd_binary(path):
        raise SaveError(path, "is a BSD mille save file; those cannot be read (only Parlour saves)")
    game, ui, memory = savefile.load_all(path)
    try:
        validate_ui_state(ui)
        if memory:
            from parlour.mille.ai import ComputerPlayer

            ComputerPlayer().restore_memory(memory)
    except ValueError as exc:
        raise SaveError(path, f"is damaged: {exc}") from exc
    return game, ui, memory


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``mille`` command."""
    parser = base_parser("mille", DESCRIPTION, EPILOG)
    parser.add_argument("file", nargs="?", help="a saved game to continue")
    parser.add_argument("--seed", type=seed_arg, help="deal reproducibly from this number")
    parser.add_argument(
        "--ascii", action="store_true", help="plain ASCII and no colour (the board is ASCII anyway)"
    )
    args = parser.parse_args(argv)

    from parlour.mille.app import MilleApp
    from parlour.mille.rules import Game
    from parlour.mille.uistate import fit_banner
    from parlour.tui.runner import run

    colour = not args.ascii and "NO_COLOR" not in os.environ
    if args.file is not None:
        if args.seed is not None:
            print("mille: --seed cannot be used with a saved game", file=sys.stderr)
            return 2
        try:
            game, ui, memory = load_for_play(args.file)
        except SaveError as exc:
            print(f"mille: {exc}", file=sys.stderr)
            return 1
        assert isinstance(game, Game)
        try:
            when = datetime.fromtimestamp(Path(args.file).stat().st_mtime)
        except OSError:  # gone since it was read: the banner shows the present time
            when = datetime.now()
        app = MilleApp(
            game,
            LazyComputer(game.seed, memory),
            ui_state=ui,
            save_path=args.file,
            banner=fit_banner(args.file, when),
            colour=colour,
        )
    else:
        game = Game.new(choose_seed(args.seed))
        app = MilleApp(game, LazyComputer(game.seed), colour=colour)
    return run(app)


if __name__ == "__main__":
    sys.exit(main())
