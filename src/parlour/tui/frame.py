"""Frame: a grid of text cells with styles that apps render into.

Views are pure functions ``state -> Frame``; the runner paints a Frame on a
curses window, and tests compare ``frame.to_text()`` with golden files. Wide
(double-width) characters are not used by any game, so one character is one
cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntFlag


class Style(IntFlag):
    """Attributes and one optional colour for a cell.

    Colour never carries meaning alone: every coloured thing also differs in
    text or in another attribute.
    """

    NORMAL = 0
    BOLD = 1
    REVERSE = 2
    UNDERLINE = 4
    DIM = 8
    RED = 16
    GREEN = 32
    YELLOW = 64
    BLUE = 128
    MAGENTA = 256
    CYAN = 512


COLOURS = (Style.RED, Style.GREEN, Style.YELLOW, Style.BLUE, Style.MAGENTA, Style.CYAN)


@dataclass
class Frame:
    """A ``width`` x ``height`` grid of characters, each with a :class:`Style`."""

    width: int = 80
    height: int = 24
    chars: list[list[str]] = field(init=False)
    styles: list[list[Style]] = field(init=False)
    cursor: tuple[int, int] | None = None
    """Where the terminal cursor rests (row, col), or None to hide it."""
    bell: bool = False
    """Ring the terminal bell when this frame is painted."""

    def __post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[Style.NORMAL] * self.width for _ in range(self.height)]

    def put(self, row: int, col: int, text: str, style: Style = Style.NORMAL) -> int:
        """Write ``text`` at (row, col), clipped to the frame; returns the column after it."""
        if not 0 <= row < self.height:
            return col + len(text)
        line_chars = self.chars[row]
        line_styles = self.styles[row]
        for offset, ch in enumerate(text):
            c = col + offset
            if c < 0:
                continue
            if c >= self.width:
                break
            line_chars[c] = ch if ch.isprintable() else "?"
            line_styles[c] = style
        return col + len(text)

    def style_span(self, row: int, col: int, length: int, style: Style) -> None:
        """Set the style of ``length`` cells without changing their text."""
        if not 0 <= row < self.height:
            return
        for c in range(max(col, 0), min(col + length, self.width)):
            self.styles[row][c] = style

    def clear_row(self, row: int, start: int = 0) -> None:
        """Blank a row from ``start`` to its end."""
        if 0 <= row < self.height:
            for c in range(max(start, 0), self.width):
                self.chars[row][c] = " "
                self.styles[row][c] = Style.NORMAL

    def row_text(self, row: int) -> str:
        """One row's text with trailing blanks removed."""
        return "".join(self.chars[row]).rstrip()

    def to_text(self) -> str:
        """All rows, trailing blanks stripped, joined by newlines (one line per row)."""
        return "\n".join(self.row_text(r) for r in range(self.height))

    def runs(self, row: int) -> list[tuple[int, str, Style]]:
        """The row split into maximal runs of one style: (col, text, style)."""
        out: list[tuple[int, str, Style]] = []
        chars, styles = self.chars[row], self.styles[row]
        start = 0
        for c in range(1, self.width + 1):
            if c == self.width or styles[c] != styles[start]:
                out.append((start, "".join(chars[start:c]), styles[start]))
                start = c
        return out

    def blit(self, other: Frame, top: int, left: int) -> None:
        """Copy ``other`` into this frame at (top, left), clipped."""
        for r in range(other.height):
            tr = top + r
            if not 0 <= tr < self.height:
                continue
            for c in range(other.width):
                tc = left + c
                if 0 <= tc < self.width:
                    self.chars[tr][tc] = other.chars[r][c]
                    self.styles[tr][tc] = other.styles[r][c]
        if other.cursor is not None:
            self.cursor = (other.cursor[0] + top, other.cursor[1] + left)
        self.bell = self.bell or other.bell
