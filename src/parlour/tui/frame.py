"""Frame: a grid of text cells with styles that apps render into.

Views are pure functions ``state -> Frame``; the runner paints a Frame on a
curses window, and tests compare ``frame.to_text()`` with golden files. A cell
holds one grapheme cluster (a character with its combining marks); a wide
character (CJK, most emoji) takes two cells, the second one holding ``""``, so
a row's text has exactly the display width the terminal will draw.
"""

from __future__ import annotations

from enum import IntFlag

from parlour.core.record import Record
from parlour.core.text import GLUE, cell, graphemes

WIDE = ""
"""The content of the cell a wide character's right half occupies."""


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


class Frame(Record):
    """A ``width`` x ``height`` grid of characters, each with a :class:`Style`."""

    width: int
    height: int
    chars: list[list[str]]
    styles: list[list[Style]]
    cursor: tuple[int, int] | None
    """Where the terminal cursor rests (row, col), or None to hide it."""
    bell: bool
    """Ring the terminal bell when this frame is painted."""

    def __init__(
        self,
        width: int = 80,
        height: int = 24,
        cursor: tuple[int, int] | None = None,
        bell: bool = False,
    ) -> None:
        self.width = width
        self.height = height
        self.cursor = cursor
        self.bell = bell
        self.__post_init__()

    def __post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[Style.NORMAL] * self.width for _ in range(self.height)]

    def put(self, row: int, col: int, text: str, style: Style = Style.NORMAL) -> int:
        """Write ``text`` at (row, col), clipped to the frame; returns the column after it.

        Columns are display columns: a wide character takes two cells, a
        combining mark joins the cell before it.
        """
        c = col
        text = text.replace(GLUE, " ")  # a path kept whole for wrapping shows its spaces
        line_chars = self.chars[row] if 0 <= row < self.height else None
        line_styles = self.styles[row] if 0 <= row < self.height else None
        last = -1
        for cluster in graphemes(text):
            shown, columns = cell(cluster)
            if columns == 0:
                if line_chars is not None and 0 <= last < self.width:
                    line_chars[last] += shown
                continue
            if line_chars is not None and line_styles is not None and 0 <= c < self.width:
                if columns == 2 and c + 1 >= self.width:
                    shown, columns = " ", 1  # half a wide character cannot be drawn
                self._claim(line_chars, c)
                line_chars[c] = shown
                line_styles[c] = style
                if columns == 2:
                    self._claim(line_chars, c + 1)
                    line_chars[c + 1] = WIDE
                    line_styles[c + 1] = style
                last = c
            c += columns
        return c

    def _claim(self, line: list[str], c: int) -> None:
        """Before cell ``c`` is written, blank the other half of a wide character there."""
        if line[c] == WIDE and c > 0:
            line[c - 1] = " "
        if c + 1 < self.width and line[c + 1] == WIDE:
            line[c + 1] = " "

    def style_span(self, row: int, col: int, length: int, style: Style) -> None:
        """Set the style of ``length`` cells without changing their text."""
        if not 0 <= row < self.height:
            return
        for c in range(max(col, 0), min(col + length, self.width)):
            self.styles[row][c] = style

    def clear_row(self, row: int, start: int = 0) -> None:
        """Blank a row from ``start`` to its end."""
        if 0 <= row < self.height:
            if 0 < start < self.width and self.chars[row][start] == WIDE:
                self.chars[row][start - 1] = " "
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
