"""Play each game under Windows CPython (Wine) in an 80x24 pseudo-terminal, as a player would.

For each game, in English, French and Japanese (``--lang``): start it, wait for its first
board, make a move, save, quit. (A Japanese game speaks English on Windows, whose console
curses cannot draw two-column characters: the Japanese trip checks that it does, whole.)
The same game runs beside it in this (Linux) process, fed the same keys: the Windows screens must be
exactly the screens it draws (same deal, same moves, Unicode glyphs), the saved file must
load here into the same game, and after the quit the console must be as it was: the
farewell on lines of its own, no board left under it.

usage: python tools/windows/play.py PYTHON_EXE   (run by tools/windows/check.sh; needs
WINEPREFIX set, pexpect and pyte, and this checkout's src/ and tests/ on sys.path)
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from tests.e2e.terminal import Terminal  # noqa: E402

from parlour.core import i18n  # noqa: E402
from parlour.tui import glyphs as glyphs_module  # noqa: E402
from parlour.tui.app import TerminalApp  # noqa: E402

START_SECONDS = 90.0
"""Wine's first start in a fresh prefix takes a while; a busy machine more."""
STEP_SECONDS = 30.0
CLOCK = re.compile(r"\b\d+:\d\d\b")
"""Midnight Oil's clock, in any language (``time 0:01``, ``temps 0:01``, ``時間 0:01``)."""
SAVED_AT = re.compile(r"\[[^\]\n]*\d\d:\d\d:\d\d[^\]\n]*\]")
"""Mille's save banner: the time the file was written (in each language's form), which the two
runs do not share."""


WIDE_TEXT = re.compile("[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")
"""Japanese text: the Windows console cannot draw it (core.i18n.fall_back_for_console)."""


def wine_path(path: Path) -> str:
    """A Linux path as Windows programs under Wine see it (drive Z: is the root)."""
    return "Z:" + str(path).replace("/", "\\")


class Mirror:
    """The game in this process, started as its command starts it, fed the keys sent."""

    def __init__(self, game: str, argv: list[str], folder: Path) -> None:
        self.folder = folder
        captured: list[TerminalApp] = []
        cli = importlib.import_module(f"parlour.{game}.cli")
        runner = importlib.import_module("parlour.tui.runner")
        with (
            _patched(
                [
                    (runner, "run", lambda app: captured.append(app) or 0),
                    (cli, "run", lambda app: captured.append(app) or 0),
                    (glyphs_module, "console_draws_unicode", lambda: True),
                    # as on Windows: a Japanese game speaks English there
                    (i18n, "NARROW_CONSOLES", (sys.platform,)),
                ]
            ),
            _chdir(folder),
        ):
            cli.main(argv)
        self.app = captured[0]

    def feed(self, keys: str) -> None:
        with _chdir(self.folder):
            for key in keys:
                self.app.handle_key({"\r": "ENTER", "\x1b": "ESC"}.get(key, key))
                for _ in range(10_000):  # the computer's turns and the animations
                    if self.app.finished or self.app.timeout() != 0:
                        break
                    self.app.handle_key("TIMEOUT")

    def screen(self) -> str:
        return _plain(self.app.render(24, 80).to_text())


def _plain(screen: str) -> str:
    """A screen without what changes with the clock (Midnight Oil's time, Mille's save time)."""
    lines = "\n".join(line.rstrip() for line in screen.split("\n"))
    return CLOCK.sub("_:__", SAVED_AT.sub("[saved]", lines))


@contextlib.contextmanager
def _patched(changes: list[tuple[Any, str, Any]]) -> Iterator[None]:
    saved = [(obj, name, getattr(obj, name, None)) for obj, name, _ in changes]
    for obj, name, value in changes:
        if hasattr(obj, name):
            setattr(obj, name, value)
    try:
        yield
    finally:
        for obj, name, value in saved:
            if value is not None:
                setattr(obj, name, value)


@contextlib.contextmanager
def _chdir(folder: Path) -> Iterator[None]:
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def wait_same(term: Terminal, mirror: Mirror, timeout: float = STEP_SECONDS) -> None:
    """Wait until the terminal shows exactly the mirror's screen."""
    want = mirror.screen()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        term.pump(0.05)
        if _plain(term.text()) == want:
            return
    got = _plain(term.text()).split("\n")
    rows = [(r, g, w) for r, (g, w) in enumerate(zip(got, want.split("\n"), strict=True)) if g != w]
    raise AssertionError(f"the Windows screen differs from the game's own: {rows}")


class Trip:
    """One game's visit: its command line, a move, how to save and how to quit."""

    def __init__(
        self,
        game: str,
        argv: list[str],
        move: str,
        save: list[tuple[str, str | None]],
        quit_keys: list[tuple[str, str | None]],
        saved_name: str,
        same_game: Callable[[Path, Path], bool],
    ) -> None:
        self.game, self.argv, self.move = game, argv, move
        self.save, self.quit_keys = save, quit_keys
        self.saved_name, self.same_game = saved_name, same_game
        self.lang = "en"

    def speaking(self, lang: str) -> Trip:
        """The same trip in ``lang``: ``--lang`` added; a step's English words to wait for
        become None (wait for the very screen the game draws here, in that language)."""

        def words(steps: list[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
            return [(keys, shown if not shown else None) for keys, shown in steps]

        trip = Trip(
            self.game,
            [*self.argv, "--lang", lang],
            self.move,
            words(self.save),
            words(self.quit_keys),
            self.saved_name,
            self.same_game,
        )
        trip.lang = lang
        return trip


def _mille_same(ours: Path, theirs: Path) -> bool:
    from parlour.mille.files import savefile

    return bool(savefile.load(ours)[0] == savefile.load(theirs)[0])


def _dixmille_same(ours: Path, theirs: Path) -> bool:
    from parlour.dixmille.files import savefile

    return bool(savefile.load(ours).to_dict() == savefile.load(theirs).to_dict())


def _midnightoil_same(ours: Path, theirs: Path) -> bool:
    from parlour.midnightoil.files import savefile

    a, b = savefile.load(ours), savefile.load(theirs)
    return bool(a.state == b.state and a.moves == b.moves and a.deal_number == b.deal_number)


TRIPS = [
    Trip(
        "mille",
        ["--seed", "7"],
        "p",
        [("s", "file:"), ("trip.json\r", "trip.json [")],
        [("q", "Really?"), ("y", "")],
        "trip.json",
        _mille_same,
    ),
    Trip(
        "dixmille",
        ["Alice", "ZEDX", "--seed", "3", "--pace", "0"],
        "t",
        [("S", "Save to file:"), ("\r", "Saved")],
        [("Q", "Quit this game? (y/n)"), ("y", "")],
        "dixmille-save.json",
        _dixmille_same,
    ),
    Trip(
        "midnightoil",
        ["--deal", "1"],
        "b ",
        [("S", "Save to file: midnightoil-1.json"), ("\r", "Resume later with")],
        [("Q", "")],
        "midnightoil-1.json",
        _midnightoil_same,
    ),
]


def play(trip: Trip, python: Path, work: Path) -> float:
    """One game from start to quit under Windows; the seconds it took."""
    started = time.monotonic()
    on_windows, here = work / trip.game / "windows", work / trip.game / "mirror"
    for folder in (on_windows / "data", here / "data"):
        folder.mkdir(parents=True)
    os.environ["PARLOUR_DATA_DIR"] = str(here / "data")
    mirror = Mirror(trip.game, trip.argv, here)
    env = {"PARLOUR_DATA_DIR": wine_path(on_windows / "data"), "WINEDEBUG": "-all"}
    launcher = Path(__file__).with_name("wine_start.py")
    argv = ["wine", str(python), str(launcher), f"parlour.{trip.game}.cli", *trip.argv]
    with Terminal(argv, env=env, cwd=on_windows) as term:
        wait_same(term, mirror, START_SECONDS)  # the first board
        if trip.lang == "ja":  # English screens, whole: nothing Japanese left on them
            assert not WIDE_TEXT.search(term.text()), f"Japanese on the screen:\n{term.text()}"
        term.send(trip.move)
        mirror.feed(trip.move)
        wait_same(term, mirror)
        for keys, shown in [*trip.save, *trip.quit_keys]:
            term.send(keys)
            mirror.feed(keys)
            if shown:
                term.wait_for(shown, STEP_SECONDS)
            if shown or shown is None:
                wait_same(term, mirror)
        status = term.wait_exit(STEP_SECONDS)
        assert status == 0, f"{trip.game} ended with status {status}"
        assert mirror.app.finished and mirror.app.exit_message
        farewell(term.text(), mirror.app.exit_message, trip.game)
    saved = on_windows / trip.saved_name
    assert saved.exists(), f"{trip.game}: no save file {saved}"
    assert trip.same_game(saved, here / trip.saved_name), f"{trip.game}: the saves differ"
    return time.monotonic() - started


def farewell(screen: str, message: str, game: str) -> None:
    """The exit message on lines of its own, wrapped between words at 80 columns as every
    game's leaving lines are (``core.text.wrap_lines``), no board left around it."""
    from parlour.core.text import wrap_lines

    rows = [row.rstrip() for row in screen.split("\n")]
    expected = [line.rstrip() for line in wrap_lines(message)]
    found = [i for i, row in enumerate(rows) if row == expected[0]]
    assert found, f"{game}: the farewell {expected[0]!r} is not a line of its own:\n{screen}"
    first = found[0]
    assert rows[first : first + len(expected)] == expected, f"{game}: farewell broken:\n{screen}"
    others = [row for i, row in enumerate(rows) if row and not first <= i < first + len(expected)]
    assert not others, f"{game}: the board is still on the screen after quitting:\n{screen}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("python", type=Path, help="the Windows python.exe (under Wine)")
    args = parser.parse_args()
    failures = 0
    with tempfile.TemporaryDirectory(prefix="parlour-windows-play-") as folder:
        trips = [*TRIPS, *(t.speaking(lang) for lang in ("fr", "ja") for t in TRIPS)]
        if os.environ.get("PLAY_ONLY"):
            trips = [t for t in trips if f"{t.game}-{t.lang}" == os.environ["PLAY_ONLY"]]
        for trip in trips:
            label = f"{trip.game} ({trip.lang})"
            try:
                seconds = play(trip, args.python, Path(folder) / trip.lang)
            except AssertionError as exc:
                failures += 1
                print(f"windows: {label}: FAILED: {exc}", flush=True)
            else:
                print(
                    f"windows: {label}: first board, a move, a save, a clean quit "
                    f"({seconds:.1f} s)",
                    flush=True,
                )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
