"""The review's wrapping: a paragraph cut into lines of at most so many display columns.

English and French text (one column a character, words between spaces) is wrapped exactly
as :func:`textwrap.wrap` wraps it, so the English pages stay as they were. Text with wide
characters (Japanese) is measured by display columns (:func:`parlour.core.text.width`) and
may also break between two characters where one is wide, as Japanese lines break, but
never before a closing mark (、。」）...) or after an opening one (「（...), and never inside
a run of narrow characters ("Driving Ace" and "25" stay whole) unless a word is wider than
a whole line. :func:`parlour.core.text.wrap_lines` breaks at spaces only, so Japanese
sentences, which have none, would not wrap there.
"""

from __future__ import annotations

import textwrap

from parlour.core.text import cell, graphemes, is_plain

NO_LINE_START = frozenset(
    "、。，．・：；？！）」』】〕〉》ー…‥ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々"
    ",.:;!?)]}%％\u00a0"
)
"""Characters a Japanese line never starts with (closing marks, small kana, the long
vowel mark)."""
NO_LINE_END = frozenset("（「『【〔〈《([{")
"""Characters a Japanese line never ends with (opening marks)."""


def wrap(
    text: str, columns: int, initial_indent: str = "", subsequent_indent: str = ""
) -> list[str]:
    """``text`` wrapped to ``columns`` display columns, the first line starting with
    ``initial_indent``, the others with ``subsequent_indent`` (textwrap's way for plain text)."""
    if is_plain(text) and is_plain(initial_indent + subsequent_indent):
        return textwrap.wrap(
            text,
            columns,
            initial_indent=initial_indent,
            subsequent_indent=subsequent_indent,
            break_on_hyphens=False,
        )
    return _wrap_wide(text, columns, initial_indent, subsequent_indent)


def _units(word: str) -> list[tuple[str, int]]:
    """A word cut where a line may break inside it, each piece with its columns."""
    units: list[tuple[str, int]] = []
    previous, previous_wide = "", False
    for cluster in graphemes(word):
        columns = cell(cluster)[1]
        wide = columns == 2
        breaks = bool(units) and (wide or previous_wide)
        if breaks and (cluster[0] in NO_LINE_START or previous[-1:] in NO_LINE_END):
            breaks = False
        if units and not breaks:
            text, used = units[-1]
            units[-1] = (text + cluster, used + columns)
        else:
            units.append((cluster, columns))
        previous, previous_wide = cluster, wide
    return units


def _split_long(unit: str, room: int) -> list[tuple[str, int]]:
    """A piece wider than a whole line, cut by clusters into pieces of at most ``room``."""
    pieces: list[tuple[str, int]] = [("", 0)]
    for cluster in graphemes(unit):
        columns = cell(cluster)[1]
        text, used = pieces[-1]
        if used and used + columns > room:
            pieces.append((cluster, columns))
        else:
            pieces[-1] = (text + cluster, used + columns)
    return pieces


def _words(text: str) -> list[tuple[int, str]]:
    """The words of ``text`` between spaces, each with the spaces before it (lined-up
    labels keep theirs, except at a line's start)."""
    words: list[tuple[int, str]] = []
    spaces = 0
    for word in text.split(" "):
        if word:
            words.append((spaces, word))
            spaces = 1
        else:
            spaces += 1
    return words


def _wrap_wide(text: str, columns: int, first: str, later: str) -> list[str]:
    """Greedy wrapping by display columns, breaking at spaces and between wide characters."""
    lines: list[str] = []
    indent = first
    line, used = "", 0
    limit = columns - sum(cell(c)[1] for c in graphemes(indent))
    for spaces, word in _words(text):
        for position, (unit, width) in enumerate(_units(word)):
            gap = spaces if line and position == 0 else 0
            if line and used + gap + width > limit:
                lines.append(indent + line)
                indent = later
                limit = columns - sum(cell(c)[1] for c in graphemes(indent))
                line, used, gap = "", 0, 0
            if not line and width > limit:
                pieces = _split_long(unit, max(1, limit))
                for piece, _columns in pieces[:-1]:
                    lines.append(indent + piece)
                    indent = later
                    limit = columns - sum(cell(c)[1] for c in graphemes(indent))
                unit, width = pieces[-1]
            line += " " * gap + unit
            used += gap + width
    if line:
        lines.append(indent + line)
    return lines
