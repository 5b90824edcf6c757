"""The contract between a game and the terminal runner (pure: no curses here)."""

from __future__ import annotations

from parlour.tui.frame import Frame

MIN_ROWS = 24
MIN_COLS = 80


class TerminalApp:
    """Base class for a game's terminal application.

    The runner calls :meth:`render` whenever the screen may have changed and
    feeds every key to :meth:`handle_key` as a key name (:mod:`parlour.tui.keys`).
    Subclasses override what they need.
    """

    program = "parlour"
    centre = False
    """Place the frame in the middle of a larger terminal (else top-left)."""
    uses_mouse = False
    """Switch the terminal's mouse reporting on (it takes away the terminal's own text
    selection, so only an app that handles clicks asks for it)."""

    def __init__(self) -> None:
        self.finished = False
        self.exit_status = 0
        self.exit_message: str | None = None
        """Printed on the restored terminal after the app ends."""
        self.clear_screen = False
        """Set by ``handle_key`` to have the whole screen cleared and drawn afresh (a
        repaint key such as mille's ``R``); the runner resets it."""

    def render(self, height: int, width: int) -> Frame:
        """The whole screen as a Frame (at least 80x24)."""
        raise NotImplementedError

    def handle_key(self, key: str) -> None:
        """React to one key name."""
        raise NotImplementedError

    def handle_mouse(self, row: int, col: int, button: str) -> None:
        """React to a mouse event at a frame position; ``button`` is CLICK or DOUBLE."""

    def timeout(self) -> float | None:
        """Seconds to wait for a key before a TIMEOUT key is fed, or None to wait forever."""
        return None

    def end_of_input(self) -> None:
        """Input has ended (terminal closed or hung up): keep the player's game safe.

        Set ``exit_message`` to say where it went. The runner ends the app afterwards.
        """

    def emergency_save(self) -> str | None:
        """Best effort after a crash: save the game somewhere and return that path."""
        return None
