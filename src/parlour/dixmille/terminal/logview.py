"""The turn log on a page of its own (key ``l``): this cycle and the last one, scrollable."""

from __future__ import annotations

from parlour.core.i18n import N_, _
from parlour.core.text import fit, width
from parlour.dixmille.terminal.turnlog import LogEntry
from parlour.dixmille.terminal.view import HEIGHT, WIDTH, log_line
from parlour.tui.frame import Frame, Style
from parlour.tui.glyphs import Glyphs

FIRST = 3
LAST = HEIGHT - 3
ROOM = LAST - FIRST + 1
KEYS = N_("UP/DOWN PGUP/PGDN scroll   any other key: back to the game")


def lines(entries: list[LogEntry], solitaire: bool) -> list[tuple[str, Style]]:
    """The log as lines: a heading for each cycle (or turn, in solitaire), then its throws."""
    out: list[tuple[str, Style]] = []
    cycle = None
    for entry in entries:
        if entry.cycle != cycle:
            cycle = entry.cycle
            heading = _("Turn {n}") if solitaire else _("Cycle {n}")
            out.append((heading.format(n=cycle), Style.UNDERLINE))
        out.append(("  " + log_line(entry, WIDTH - 2), Style.NORMAL))
    return out


def max_scroll(entries: list[LogEntry], solitaire: bool) -> int:
    """How many lines the page can scroll back from the newest."""
    return max(len(lines(entries, solitaire)) - ROOM, 0)


def render_log(entries: list[LogEntry], glyphs: Glyphs, scroll: int, solitaire: bool) -> Frame:
    """The page; ``scroll`` lines back from the newest (0 shows the end)."""
    frame = Frame(WIDTH, HEIGHT)
    title = _("DIX MILLE - turn log: every throw of this cycle and the last")
    frame.put(0, 0, fit(title, WIDTH), Style.BOLD)
    frame.put(1, 0, glyphs.hbar * WIDTH, Style.DIM)
    shown = lines(entries, solitaire)
    if not shown:
        frame.put(FIRST, 2, _("Nothing thrown yet."))
    scroll = max(0, min(scroll, max(len(shown) - ROOM, 0)))
    end = len(shown) - scroll
    start = max(end - ROOM, 0)
    for row, (text, style) in enumerate(shown[start:end]):
        frame.put(FIRST + row, 0, text, style)
    if start > 0:
        above = _("({n} above)").format(n=start)
        frame.put(2, min(WIDTH - 16, WIDTH - width(above)), above, Style.DIM)
    if scroll:
        below = _("({n} below)").format(n=scroll)
        frame.put(LAST + 1, min(WIDTH - 16, WIDTH - width(below)), below, Style.DIM)
    frame.put(HEIGHT - 1, 0, fit(_(KEYS), WIDTH), Style.DIM)
    return frame
