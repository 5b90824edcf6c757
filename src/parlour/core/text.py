"""Text that came from outside (files, file names, typed names), made safe to show.

Two jobs, used by every message, error line and screen:

* :func:`printable` escapes control characters (C0, DEL, C1 and the bidirectional
  and other format controls that can reorder or hide text), so a save file or a
  name can never set the window title, write the clipboard or clear the screen;
* :func:`width`, :func:`fit` and :func:`shorten_middle` measure and cut text by
  display columns (wide CJK and emoji take two, combining marks none), the way
  the terminal will draw it, using the ``wcwidth`` tables.

``wcwidth`` is imported the first time a text needs it: text made only of
characters that are certainly one column each and never join a neighbour
(:func:`is_plain`, e.g. ASCII, card suits, dice, box lines) is measured without
it, so the first board of a game does not wait for its tables.
"""

from __future__ import annotations

import unicodedata

from parlour import TYPE_CHECKING

if TYPE_CHECKING:
    from types import ModuleType

ELLIPSIS = "…"
ASCII_ELLIPSIS = "..."
LINE_COLUMNS = 80
"""Columns of a line the games print or show across their 80-column screen."""

INVISIBLE_JOINERS = frozenset({"\u200d", "\u200c", "\ufe0e", "\ufe0f"})
"""The format characters :func:`printable` lets through: joiners and variation selectors,
which change how a text is drawn, never what it says."""

_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r", "\x1b": "^["}


def is_control(ch: str) -> bool:
    """Whether ``ch`` must never reach the terminal as it is."""
    category = unicodedata.category(ch)
    if category == "Cc":
        return True
    # Format characters (bidi overrides, zero-width joiners are allowed only inside text
    # runs wcwidth understands). Bidi embedding/override/isolate controls reorder a line.
    return category == "Cf" and ch not in INVISIBLE_JOINERS


def _escape(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if code < 0x20:
        return "^" + chr(code + 0x40)
    if code == 0x7F:
        return "^?"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character shown escaped (``^[``, ``\\x9b``, ``\\u202e``).

    Surrogates (from undecodable file names) are escaped too, so the result
    always encodes as UTF-8.
    """
    if text.isprintable() and text.isascii():
        return text
    out: list[str] = []
    for ch in text:
        if is_control(ch) or 0xD800 <= ord(ch) <= 0xDFFF:
            out.append(_escape(ch))
        else:
            out.append(ch)
    return "".join(out)


ZWJ = "\u200d"


def name_key(name: str) -> str:
    """What makes two typed names one name: the key to compare and look names up by.

    Spaces around the name, case, the form an accent was typed in (``é`` as one
    character or as ``e`` and a combining accent: canonical caseless matching,
    ``NFD(casefold(NFD(name)))``, compared in NFC), and joiners or variation
    selectors (:data:`INVISIBLE_JOINERS`, which one way of typing a name keeps and
    another drops) do not count.
    """
    kept = "".join(ch for ch in name.strip() if ch not in INVISIBLE_JOINERS)
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", kept).casefold())


_PLAIN_RANGES = (
    (0x00A0, 0x00AC),  # Latin-1 symbols (U+00AD, the soft hyphen, is a format control)
    (0x00AE, 0x00FF),  # Latin-1 symbols and letters
    (0x2010, 0x2027),  # dashes, quotes, bullets, the ellipsis
    (0x2500, 0x25FC),  # box drawing, blocks, geometric shapes ...
    (0x25FF, 0x25FF),  # ... except U+25FD and U+25FE, drawn wide as emoji
    (0x2660, 0x2667),  # card suits
    (0x2680, 0x2685),  # die faces
)
"""Code points outside ASCII that are one column and never join a neighbour into one
cluster: the symbols Parlour's screens draw and the accented Latin-1 letters.
tests/core checks every one against ``wcwidth``."""
_PLAIN_CHARS = frozenset(chr(c) for low, high in _PLAIN_RANGES for c in range(low, high + 1))


def is_plain(text: str) -> bool:
    """Whether every character of ``text`` is a one-column cluster of its own (no wcwidth)."""
    if text.isascii():
        return text.isprintable()
    return all(" " <= ch <= "~" or ch in _PLAIN_CHARS for ch in text)


WIDE_RANGES = (
    (0x3001, 0x3003),  # 、。〃
    (0x3008, 0x3011),  # 〈〉《》「」『』【】
    (0x3041, 0x3096),  # hiragana (not U+3099 and U+309A, the combining sound marks)
    (0x309B, 0x309E),  # ゛゜ゝゞ
    (0x30A1, 0x30FE),  # katakana, ・, ー, ヽヾ
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xFF01, 0xFF60),  # full-width forms (！ to ｠; the half-width katakana after are narrow)
)
"""Code points that are two columns and never join a neighbour into one cluster: Japanese
kana, the common ideographs and full-width punctuation, measured without wcwidth.
tests/core checks every one against ``wcwidth``. Ranges, not a set: building a set of
twenty thousand ideographs would cost the first board more than the tables it spares."""


def is_wide(ch: str) -> bool:
    """Whether ``ch`` is one of :data:`WIDE_RANGES` (two columns, a cluster of its own)."""
    code = ord(ch)
    return code >= 0x3001 and any(low <= code <= high for low, high in WIDE_RANGES)


def is_simple(text: str) -> bool:
    """Whether every character of ``text`` is a cluster of its own, one column
    (:func:`is_plain`) or two (:func:`is_wide`): measured without wcwidth."""
    return all(" " <= ch <= "~" or ch in _PLAIN_CHARS or is_wide(ch) for ch in text)


_wcwidth_module: ModuleType | None = None


def wcwidth_module() -> ModuleType:
    """The ``wcwidth`` package, imported on first use (its tables take a while to load)."""
    global _wcwidth_module
    if _wcwidth_module is None:
        import wcwidth

        _wcwidth_module = wcwidth
    return _wcwidth_module


def _is_emoji(ch: str) -> bool:
    """Whether ``ch`` is in the blocks that hold the emoji (symbols, pictographs)."""
    return 0x2600 <= ord(ch) <= 0x27BF or 0x1F000 <= ord(ch) <= 0x1FAFF


def _old_graphemes(text: str, wcwidth: ModuleType) -> list[str]:
    """Clusters as wcwidth < 0.3 (no ``iter_graphemes``) lets us find them.

    A character takes the zero-width ones after it (combining marks, joiners,
    variation selectors); a zero-width joiner glues the next character in only
    between two emoji (👩‍💻), told by their blocks as these versions have no emoji table.
    """
    out: list[str] = []
    for ch in text:
        joins = out and (
            wcwidth.wcswidth(ch) == 0
            or (out[-1].endswith(ZWJ) and _is_emoji(ch) and _is_emoji(out[-1][0]))
        )
        if joins:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def graphemes(text: str) -> list[str]:
    """The grapheme clusters of ``text``: what one terminal cell (or two, if wide) shows.

    The one clustering every measure and every screen uses, so that a text is drawn in
    exactly the columns :func:`width` counts: Unicode's rules (``wcwidth.iter_graphemes``)
    where the installed wcwidth has them, a simpler rule before (:func:`_old_graphemes`).
    A joiner between two letters or two wide non-emoji characters does not join them:
    terminals draw both.
    """
    if is_plain(text) or is_simple(text):
        return list(text)
    wcwidth = wcwidth_module()
    iter_graphemes = getattr(wcwidth, "iter_graphemes", None)
    if iter_graphemes is None:
        return _old_graphemes(text, wcwidth)
    return list(iter_graphemes(text))


def cell(cluster: str) -> tuple[str, int]:
    """A cluster as a terminal cell may show it, and the columns it takes (0, 1 or 2).

    A cluster holding a control character, or one wcwidth cannot measure, is shown as
    ``?`` in one column; a cluster wcwidth measures wider than two (a flag, a long
    emoji sequence) takes the two columns terminals give it.
    """
    if len(cluster) == 1 and is_plain(cluster):
        return cluster, 1
    if len(cluster) == 1 and is_wide(cluster):
        return cluster, 2
    if any(is_control(ch) for ch in cluster):
        return "?", 1
    columns = wcwidth_module().wcswidth(cluster)
    if columns < 0:
        return "?", 1
    return cluster, min(columns, 2)


def _columns(text: str) -> list[tuple[str, int]]:
    """The clusters of ``text`` and the columns each takes."""
    if is_plain(text):
        return [(ch, 1) for ch in text]
    if is_simple(text):
        return [(ch, 2 if is_wide(ch) else 1) for ch in text]
    return [(cluster, cell(cluster)[1]) for cluster in graphemes(text)]


def width(text: str) -> int:
    """The columns ``text`` takes on a terminal (control characters counted as escaped)."""
    return sum(columns for _, columns in _columns(printable(text)))


def _cut(text: str, columns: int) -> str:
    """The longest start of ``text`` that fits in ``columns``, never splitting a cluster."""
    kept: list[str] = []
    used = 0
    for cluster, w in _columns(text):
        if used + w > columns:
            break
        used += w
        kept.append(cluster)
    return "".join(kept)


def fit(text: str, columns: int, ellipsis: str = ELLIPSIS) -> str:
    """``text`` made printable and cut to at most ``columns`` columns, marked when cut."""
    safe = printable(text)
    if width(safe) <= columns:
        return safe
    if columns <= width(ellipsis):
        return _cut(safe, columns)
    return _cut(safe, columns - width(ellipsis)) + ellipsis


def pad(text: str, columns: int) -> str:
    """``text`` fitted to ``columns`` and padded with spaces to exactly that width."""
    fitted = fit(text, columns)
    return fitted + " " * (columns - width(fitted))


def shorten_middle(text: str, columns: int, ellipsis: str = ELLIPSIS) -> str:
    """``text`` made printable and, if too wide, cut from the middle (``/home/…/s1.json``)."""
    safe = printable(text)
    if width(safe) <= columns:
        return safe
    room = columns - width(ellipsis)
    if room <= 1:
        return _cut(safe, columns)
    tail_room = room // 2 + room % 2
    head = _cut(safe, room - tail_room)
    # The tail: the longest end of the text that fits in tail_room.
    tail: list[str] = []
    used = 0
    for cluster, w in reversed(_columns(safe)):
        if used + w > tail_room:
            break
        used += w
        tail.append(cluster)
    return head + ellipsis + "".join(reversed(tail))


GLUE = "\ue000"
"""Stands for a space that must not become a line break (inside a path) until
:func:`wrap_lines` has wrapped; never shown (a private-use character)."""


def keep_whole(text: str) -> str:
    """``text`` (a path, a command) marked so that :func:`wrap_lines` never breaks inside it."""
    return text.replace(GLUE, "\\ue000").replace(" ", GLUE)


NO_LINE_START = frozenset(
    "、。，．・：；？！）」』】〕〉》〙〗｝］’”ー々ゝゞヽヾ"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ…‥"
)
"""Wide characters a line never begins with (Japanese kinsoku): closing brackets and
punctuation, the long-vowel mark, iteration marks and the small kana."""
NO_LINE_END = frozenset("（「『【〔〈《〘〖｛［‘“")
"""Wide characters a line never ends with: the opening brackets."""


def pieces(word: str) -> list[str]:
    """``word`` (no space in it) in the pieces a line may break between: between two wide
    characters (Japanese writes no spaces), never before a closing or after an opening
    one (:data:`NO_LINE_START`, :data:`NO_LINE_END`); a Latin word, a number or a path
    (a word with a ``/`` or ``\\``, or kept whole by :func:`keep_whole`) stays one piece."""
    if word.isascii() or GLUE in word or "/" in word or "\\" in word:
        return [word]  # a path, marked or not, is never cut
    clusters = _columns(word)
    out = [clusters[0][0]]
    for (before, before_width), (after, after_width) in zip(clusters, clusters[1:], strict=False):
        breaks = (
            before_width == 2
            and after_width == 2
            and after[0] not in NO_LINE_START
            and before[-1] not in NO_LINE_END
        )
        if breaks:
            out.append(after)
        else:
            out[-1] += after
    return out


def wrap_lines(message: str, columns: int = LINE_COLUMNS) -> list[str]:
    """``message`` made printable and wrapped, line by line, to ``columns`` display columns.

    The one wrapping every line a game prints on leaving goes through: a line is broken
    at spaces (the spaces at the break dropped, the indent of the line kept) and between
    two wide characters of Japanese (:func:`pieces`), so a Latin word, and a path marked
    by :func:`keep_whole`, is never cut; a word wider than a whole line (a long path) goes
    on a line of its own and only then passes ``columns``.
    """
    out: list[str] = []
    for raw in message.split("\n"):
        line = printable(raw)
        body = line.lstrip(" ")
        indent = line[: len(line) - len(body)]
        if width(line) <= columns and GLUE not in line:
            out.append(line)
            continue
        current = indent
        gap = ""
        for word in body.split(" "):
            if not word:
                gap += " "
                continue
            for piece in pieces(word):
                joined = current + gap + piece if current.strip() else indent + piece
                if current.strip() and width(joined.replace(GLUE, " ")) > columns:
                    out.append(current)
                    current = indent + piece
                else:
                    current = joined
                gap = ""  # the pieces of one word join without a space
            gap = " "
        out.append(current)
    return [line.replace(GLUE, " ") for line in out]
