"""The ``mille`` command: ``mille [FILE] [--seed N] [--level strong|classic] [--ascii]``,
``mille --stats``.

With no file a new game starts (``--seed`` deals reproducibly, ``--level``
chooses the computer). With a file the saved game is restored, at the level
it was saved with; any problem with it (missing, empty, a folder, another
game's save, a BSD mille binary save, damaged, too new) is reported in one
line naming the file (escaped) and the reason, with exit status 1, before the
screen is touched. ``--stats`` prints the statistics as plain text.
"""

from __future__ import annotations

import os
import sys

from parlour import TYPE_CHECKING
from parlour.core.cliutil import Argument, Command, fail, file_problem, seed_arg
from parlour.core.i18n import N_, _
from parlour.core.text import printable
from parlour.mille.game import LEVELS

if TYPE_CHECKING:
    from parlour.mille.computer.ai import ComputerPlayer
    from parlour.mille.computer.bsd import BsdPlayer
    from parlour.mille.files.savefile import Saved
    from parlour.mille.game.seat import SeatView
    from parlour.mille.game.table import Move
    from parlour.mille.terminal.app import MilleApp, Opponent
    from parlour.tui.glyphs import Glyphs

# TRANSLATORS: mille --help (lines of 80 columns at most); the keys and options stay.
DESCRIPTION = N_("""\
Mille Bornes against the computer, as BSD mille plays it.

Keys at >>:Move:  p pick   u# use card #   d# discard card #   (# = 1-6 or p,
then RETURN or SPACE)   o order hand   w toggle window   s save   r or ^L
reprint   q quit   ? help.  Questions take y, n, or s (save, then ask again).

Two opponents: --level strong (the default) is this program's computer, which
plans ahead and wins about two games in three against BSD's; --level classic
plays BSD mille's own strategy (it makes the real program's move in 99.9% of
its decisions), for the opponent you know. A saved game keeps its level.""")

EPILOG = N_("""\
A save file written by the S command restores with: mille FILE
mille --stats prints games and hands won per level, mean hand score, trips,
safeties, coups fourres, shut-outs and the best hand.""")

BSD_SAVE_SIZE = 568
"""BSD mille's save files are raw 568-byte memory images (spec section 9.3)."""
BSD_DECK_AT = 0x68
BSD_HANDS_AT = (0x160, 0x1E0)
BSD_COUNT_AT = 0x234
BSD_DECK_SIZE = 101
BSD_HAND_SLOTS = 7
BSD_LAST_CARD = 18
"""Cards are 0 (25) .. 18 (Right of Way) in BSD's order; -1 is an empty slot."""


def looks_like_bsd_save(data: bytes) -> bool:
    """Whether ``data`` has the shape of BSD mille's raw save (docs/mille.md, "How faithful").

    568 bytes; the deck at 0x68 is 101 card numbers in range (BSD's 101 cards,
    shuffled but never changed); each hand at 0x160 and 0x1E0 is seven slots,
    a card or -1; the count of cards left at 0x234 is 0..101. Random bytes of
    that size fail at once.
    """
    if len(data) != BSD_SAVE_SIZE:
        return False
    import struct

    from parlour.mille.game.cards import COPIES, Card

    deck = struct.unpack_from(f"<{BSD_DECK_SIZE}h", data, BSD_DECK_AT)
    if sorted(deck) != sorted(int(card) for card in Card for _ in range(COPIES[card])):
        return False
    for at in BSD_HANDS_AT:
        slots = struct.unpack_from(f"<{BSD_HAND_SLOTS}h", data, at)
        if any(not -1 <= slot <= BSD_LAST_CARD for slot in slots):
            return False
    count: int = struct.unpack_from("<i", data, BSD_COUNT_AT)[0]
    return 0 <= count <= BSD_DECK_SIZE


def _bsd_binary(path: str) -> bool:
    """Whether the file at ``path`` is a BSD mille save (never raises)."""
    try:
        if os.path.getsize(path) != BSD_SAVE_SIZE:
            return False
        with open(path, "rb") as handle:
            head = handle.read(BSD_SAVE_SIZE + 1)
    except (OSError, ValueError):
        return False
    return looks_like_bsd_save(head)


def make_player(level: str, seed: int) -> ComputerPlayer | BsdPlayer:
    """The computer player of ``level``."""
    if level == "classic":
        from parlour.mille.computer.bsd import BsdPlayer

        return BsdPlayer(seed)
    from parlour.mille.computer.ai import ComputerPlayer

    return ComputerPlayer(seed)


class LazyComputer:
    """The computer player, imported on its first decision so the first board appears sooner.

    ``memory`` is what a save file gave back of the player's memory (already
    checked by :func:`load_for_play`); it is handed over when the player is made.
    """

    def __init__(
        self, seed: int, memory: dict[str, object] | None = None, level: str = "strong"
    ) -> None:
        self.seed = seed
        self.level = level
        self._memory = memory or {}
        self._player: ComputerPlayer | BsdPlayer | None = None

    def _get(self) -> ComputerPlayer | BsdPlayer:
        if self._player is None:
            self._player = make_player(self.level, self.seed)
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


def load_saved(path: str) -> Saved:
    """Load a save for the app, everything in it checked; :class:`SaveError` on any problem."""
    from parlour.core.saves import SaveError
    from parlour.mille.files import savefile

    if _bsd_binary(path):
        raise SaveError(
            path, _("is a BSD mille save file; those cannot be read (only Parlour saves)")
        )
    return savefile.load_saved(path)


def load_for_play(path: str) -> tuple[object, dict[str, object], dict[str, object]]:
    """The game, the screen state and the computer's memory of a save (see :func:`load_saved`)."""
    saved = load_saved(path)
    return saved.game, saved.ui, saved.computer


def restored_app(
    path: str,
    saved: Saved,
    opponent: Opponent,
    *,
    colour: bool = False,
    glyphs: Glyphs | None = None,
) -> MilleApp:
    """The app over a loaded save: BSD's ``name [date]`` banner (the file's time), or, when
    the ledger already holds the game's result, a replay that says so and records nothing
    (docs/foundation.md, "One game, one result")."""
    from datetime import datetime

    from parlour.mille.files.statsfile import KEEPER
    from parlour.mille.terminal.app import MilleApp
    from parlour.mille.terminal.messages import fit_banner
    from parlour.tui.glyphs import ASCII

    try:
        when = datetime.fromtimestamp(os.stat(path).st_mtime)
    except (OSError, ValueError, OverflowError):  # gone since it was read: the time now
        when = datetime.now()
    return MilleApp(
        saved.game,
        opponent,
        ui_state=saved.ui,
        save_path=path,
        banner=fit_banner(path, when),
        colour=colour,
        meta=saved.meta,
        glyphs=ASCII if glyphs is None else glyphs,
        replay_of=KEEPER.settled_result(saved.meta.game_id),
        hand_log=saved.hand_log,
    )


def print_stats() -> int:
    """``mille --stats``: the statistics per level as plain text; a data folder or a
    statistics file that cannot be read is one message, exit status 1."""
    from parlour.core.paths import unreadable
    from parlour.mille.files.statsfile import stats_report

    problem = unreadable("mille")
    if problem is not None:
        return fail(problem)
    report = stats_report()
    if report.problem is not None:
        return fail(f"mille: {report.problem[0].lower()}{report.problem[1:]}")
    for line in report.shown():
        print(printable(line))
    return 0


COMMAND = Command(
    "mille",
    DESCRIPTION,
    [
        Argument("file", nargs="?", help=N_("a saved game to continue")),
        Argument("--seed", type=seed_arg, help=N_("deal reproducibly from this number")),
        Argument(
            "--level",
            choices=LEVELS,
            help=N_("the computer: strong (default, plans ahead) or classic (BSD mille's own)"),
        ),
        Argument("--stats", action="store_true", help=N_("print the statistics and exit")),
        Argument(
            "--ascii",
            action="store_true",
            help=N_("plain ASCII and no colour (the board is ASCII anyway)"),
        ),
    ],
    EPILOG,
    domains=("mille", "millereview"),
)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``mille`` command."""
    args = COMMAND.parse(argv)
    if args.stats:
        if args.file is not None or args.seed is not None or args.level is not None:
            COMMAND.error(_("--stats takes no FILE, --seed or --level"))
        return print_stats()

    from parlour.mille.files.statsfile import KEEPER

    KEEPER.flush()  # records kept while the data folder was full or read-only
    from parlour.mille.game.rules import Game
    from parlour.mille.terminal.app import MilleApp
    from parlour.tui.glyphs import choose_glyphs
    from parlour.tui.runner import run

    colour = not args.ascii and "NO_COLOR" not in os.environ
    glyphs = choose_glyphs(args.ascii)
    if args.file is not None:
        if args.seed is not None or args.level is not None:
            return fail(_("mille: --seed and --level cannot be used with a saved game"), 2)
        from parlour.core.saves import SaveError

        try:
            saved = load_saved(args.file)
        except SaveError as exc:
            return fail(file_problem("mille", exc.path, exc.reason))
        game = saved.game
        opponent = LazyComputer(game.seed, saved.computer, saved.meta.level)
        app = restored_app(args.file, saved, opponent, colour=colour, glyphs=glyphs)
    else:
        from parlour.core.rng import choose_seed

        level = args.level or "strong"
        game = Game.new(choose_seed(args.seed))
        app = MilleApp(
            game, LazyComputer(game.seed, level=level), colour=colour, level=level, glyphs=glyphs
        )
    return run(app)


if __name__ == "__main__":
    sys.exit(main())
