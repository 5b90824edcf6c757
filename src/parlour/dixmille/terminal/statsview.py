"""The statistics screen (spec section 10): one column per player, four pages on 80x24.

Pages: results and turns (finished solitaire games counted apart, out of
win %); where the player passes (the style table: by turn points and by dice
left); dice luck (one-die throws, hot dice, six-dice
combinations, four 2s); and the style analysis against the optimal policy
with each player's costliest decisions.
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.core.i18n import N_, _, ngettext
from parlour.core.i18n import number as count
from parlour.core.text import fit, width
from parlour.dixmille.computer.analysis import Costly, explain, optimum_from_zero
from parlour.dixmille.files.stats import BAND_LABELS, Totals, empty_text
from parlour.dixmille.game.moves import dice_count
from parlour.dixmille.game.names import MAX_NAME
from parlour.dixmille.game.rules import number, points
from parlour.dixmille.terminal.faces import dice_text
from parlour.tui.frame import Frame, Style
from parlour.tui.glyphs import ASCII, Glyphs

WIDTH, HEIGHT = 80, 24
LABEL = 20
COLUMN = 10
"""The narrowest player column (six fit beside the labels)."""
WIDE_COLUMN = MAX_NAME + 2
"""A column where a whole name fits with a space before it (up to five players)."""
MAX_COLUMNS = 6
FIRST_ROW = 4
PAGE_TITLES = (
    N_("Results and turns"),
    N_("Style: when you pass"),
    N_("Dice and luck"),
    N_("Style against the optimal policy"),
)
PAGES = len(PAGE_TITLES)

Row = tuple[str, Callable[[Totals], str]]
FOOTER = N_("SPACE/-> next page   <- previous   q back")
DICE_LABEL = "dice:"
"""Marks a row of the passes by dice left (its label is the count of dice, in words)."""


def shown_label(label: str) -> str:
    """A row's label in the player's language, its indent kept (``  abandoned``)."""
    text = label.lstrip(" ")
    indent = label[: len(label) - len(text)]
    if text.startswith(DICE_LABEL):
        return indent + dice_count(int(text.removeprefix(DICE_LABEL)))
    if text in BAND_LABELS:
        return indent + text
    return indent + _(text)


def _num(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else number(value, digits)


def _pct(a: float, b: float) -> str:
    return per_cent(100 * a / b) if b else "-"


def per_cent(value: float) -> str:
    """A whole per cent as the language writes it (``85%``, French ``85 %``)."""
    return _("{n}%").format(n=number(value))


def _solo_best(t: Totals) -> str:
    return count(min(t.solitaire_turns)) if t.solitaire_turns else "-"


def _solo_mean(t: Totals) -> str:
    turns = t.solitaire_turns
    return number(sum(turns) / len(turns), 1) if turns else "-"


RESULTS: list[Row] = [
    (N_("Games played"), lambda t: count(t.games)),
    ("  " + N_("abandoned"), lambda t: count(t.abandoned)),
    ("  " + N_("finished vs others"), lambda t: count(t.finished)),
    ("    " + N_("won"), lambda t: count(t.won)),
    ("    " + N_("shared"), lambda t: count(t.shared)),
    ("    " + N_("win %"), lambda t: _pct(t.won, t.finished)),
    ("  " + N_("finished solitaire"), lambda t: count(t.solitaire)),
    ("    " + N_("best, turns"), _solo_best),
    ("    " + N_("mean, turns"), _solo_mean),
    (N_("Turns"), lambda t: count(t.turns)),
    ("  " + N_("throws per turn"), lambda t: _num(Totals.ratio(t.throws, t.turns), 2)),
    ("  " + N_("points per turn"), lambda t: _num(Totals.ratio(t.banked, t.turns))),
    ("  " + N_("busts, % of turns"), lambda t: _pct(t.busts, t.turns)),
    ("  " + N_("lost per bust"), lambda t: _num(Totals.ratio(t.bust_lost, t.busts))),
    ("  " + N_("best turn"), lambda t: points(t.best_turn)),
    ("  " + N_("longest, throws"), lambda t: count(t.longest_turn)),
    (N_("Highest score"), lambda t: points(t.highest_score)),
]
"""Each rate sits under the count it is taken over: win % over the finished games
against others (solitaire games apart), the per-turn figures over every turn."""


def _band(i: int) -> Callable[[Totals], str]:
    return lambda t: count(t.pass_bands[i])


def _dice(i: int) -> Callable[[Totals], str]:
    return lambda t: count(t.pass_dice[i])


PASSES: list[Row] = [
    (N_("Passes"), lambda t: count(t.passes)),
    ("  " + N_("mean total banked"), lambda t: _num(Totals.ratio(t.pass_points, t.passes))),
    (N_("By turn points:"), lambda t: ""),
    *[(f"  {label}", _band(i)) for i, label in enumerate(BAND_LABELS)],
    (N_("By dice left:"), lambda t: ""),
    *[(f"  {DICE_LABEL}{i + 1}", _dice(i)) for i in range(6)],
]

LUCK: list[Row] = [
    (N_("One-die throws"), lambda t: count(t.one_die)),
    ("  " + N_("hit 1st attempt"), lambda t: count(t.one_first)),
    ("  " + N_("hit 2nd attempt"), lambda t: count(t.one_second)),
    ("  " + N_("success rate"), lambda t: _pct(t.one_first + t.one_second, t.one_die)),
    ("  " + N_("bonus points"), lambda t: points(t.bonus)),
    ("  " + N_("top bonus level"), lambda t: count(t.top_bonus)),
    (N_("Hot dice per turn"), lambda t: _num(Totals.ratio(t.hot_dice, t.turns), 2)),
    (N_("1-2-3-4-5-6 taken"), lambda t: count(t.straights)),
    (N_("Three pairs taken"), lambda t: count(t.three_pairs)),
    (N_("Four 2s disasters"), lambda t: count(t.four_twos)),
    ("  " + N_("points lost"), lambda t: points(t.four_twos_lost)),
]


def _analysed(fn: Callable[[Totals], str]) -> Callable[[Totals], str]:
    return lambda t: fn(t) if t.style.go_decisions or t.style.take_decisions else "-"


def _choices(t: Totals) -> str:
    return count(t.style.go_decisions)


def _differs(t: Totals) -> str:
    return per_cent(100 * t.style.differs) if t.style.go_decisions else "-"


STYLE: list[Row] = [
    (N_("Turns analysed"), _analysed(lambda t: count(t.style.turns))),
    ("  " + N_("points per turn"), _analysed(lambda t: _num(t.style.points_per_turn))),
    ("  " + N_("optimum per turn"), _analysed(lambda t: _num(t.style.optimum_per_turn()))),
    ("  " + N_("given away/turn"), _analysed(lambda t: number(t.style.per_turn, 1))),
    (N_("Throw/pass choices"), _analysed(_choices)),
    ("  " + N_("stopped too early"), _analysed(lambda t: count(t.style.too_early))),
    ("  " + N_("pushed too far"), _analysed(lambda t: count(t.style.too_far))),
    ("  " + N_("differ from ZEDX"), _analysed(_differs)),
    (N_("Takes analysed"), _analysed(lambda t: count(t.style.take_decisions))),
    ("  " + N_("weaker takes"), _analysed(lambda t: count(t.style.take_mistakes))),
]
"""The per-turn figures are over the turns analysed (a player's last turn, played to
win, is not), "differ from ZEDX" over the throw/pass choices."""

TABLES = (RESULTS, PASSES, LUCK, STYLE)


STYLE_PAGE = PAGES - 1


def group_count(players: list[Totals]) -> int:
    """How many groups of up to six players the columns come in (one at least)."""
    return max(1, -(-len(players) // MAX_COLUMNS))


def page_count(players: list[Totals]) -> int:
    """The pages: the four tables for the first six players, then for the next six..."""
    return PAGES * group_count(players)


def groups_line(players: list[Totals], group: int) -> str:
    """Where the other players are, on a page of one group of more than one (80 columns)."""
    first, count = group * MAX_COLUMNS, len(players)
    low, high = first + 1, min(first + MAX_COLUMNS, count)
    if group + 1 < group_count(players):
        after = players[first + MAX_COLUMNS : first + 2 * MAX_COLUMNS]
        names = _(", ").join(t.name for t in after)
        line = _("Players {low}-{high} of {count}; from page {page}: {names}").format(
            low=low, high=high, count=count, page=(group + 1) * PAGES + 1, names=names
        )
    else:
        line = _("Players {low}-{high} of {count}; players 1-{six} from page 1").format(
            low=low, high=high, count=count, six=MAX_COLUMNS
        )
    return fit(line, WIDTH)


def style_intro() -> list[str]:
    """What the style page shows, for someone who has never seen it, and its scale."""
    scale = optimum_from_zero()
    # TRANSLATORS: three lines of at most 80 columns (keep the line breaks).
    intro = _(
        "Each of your throw/pass choices and takes is compared with ZEDX's optimal play\n"
        "from the same position. Given away: the points a choice loses on average, luck\n"
        "aside (halves rounded up). For scale: the optimum averages {points} a turn from 0."
    )
    return intro.format(points=number(scale)).split("\n")


def _right(text: str, columns: int) -> str:
    """``text`` cut to ``columns`` display columns and aligned to the right."""
    cut = fit(text, columns)
    return " " * (columns - width(cut)) + cut


def render_stats(
    players: list[Totals],
    page: int,
    title: str,
    message: str = "",
    footer: str = "",
    glyphs: Glyphs = ASCII,
    empty: str = "",
) -> Frame:
    """One page of the statistics table (``message``: one to three lines).

    ``page`` counts over :func:`page_count`: the four tables for players 1-6, then
    for players 7-12, and so on, so every player has a column on some page.
    ``empty`` is said where the columns would be when ``players`` is empty.
    """
    frame = Frame(WIDTH, HEIGHT)
    pages = page_count(players)
    page = max(0, min(page, pages - 1))
    group, table = divmod(page, PAGES)
    frame.put(0, 0, fit(_("DIX MILLE STATISTICS - {title}").format(title=title), WIDTH), Style.BOLD)
    heading = _("{title} (page {page}/{pages})").format(
        title=_(PAGE_TITLES[table]), page=page + 1, pages=pages
    )
    frame.put(1, 0, heading, Style.UNDERLINE)
    # A message of two lines (the game's result, then why it was not recorded) takes row 3
    # too; three lines (a reason, then the file) row 4.
    lines = message.split("\n")[:3] if message else []
    for i, line in enumerate(lines):
        frame.put(2 + i, 0, fit(line, WIDTH), Style.BOLD)
    shown = players[group * MAX_COLUMNS : (group + 1) * MAX_COLUMNS]
    top = FIRST_ROW + max(len(lines) - 2, 0) if lines else FIRST_ROW - 1
    page = table
    if page == STYLE_PAGE and shown:
        for i, line in enumerate(style_intro()):
            frame.put(top + i, 0, line)
        top += len(style_intro())
    if not shown:
        frame.put(FIRST_ROW + 1, 2, fit(empty or empty_text(None), WIDTH - 2))
    column = max(COLUMN, min(WIDE_COLUMN, (WIDTH - LABEL) // max(len(shown), 1)))
    # two rows of names only where the table still ends above the keys (a three-line
    # message over six long names leaves none: the names are then cut to nine columns)
    last = HEIGHT - 3 if len(players) > MAX_COLUMNS else HEIGHT - 2
    top = _names(frame, shown, top, column, two_rows=top + 1 + len(TABLES[page]) <= last)
    if shown:
        for r, (label, fn) in enumerate(TABLES[page]):
            row = top + 1 + r
            frame.put(row, 0, fit(shown_label(label), LABEL))
            for i, totals in enumerate(shown):
                frame.put(row, LABEL + i * column, _right(fn(totals), column - 1))
        if page == STYLE_PAGE:
            # the row above the keys is free unless it says that players are left out
            last_row = HEIGHT - 3 if len(players) > MAX_COLUMNS else HEIGHT - 2
            _costliest(frame, shown, top + 1 + len(STYLE), glyphs, last_row)
    if len(players) > MAX_COLUMNS:
        frame.put(HEIGHT - 2, 0, groups_line(players, group))
    keys = _(footer or FOOTER)
    frame.put(HEIGHT - 1, 0, fit(keys, WIDTH), Style.DIM)
    return frame


def _names(frame: Frame, shown: list[Totals], top: int, column: int, two_rows: bool) -> int:
    """The players' names over their columns, whole; the row the last of them is on.

    A name ends where its column's figures end, one column short of the next column,
    so two names never touch. Six columns leave nine columns a name: a longer one
    (up to ten) would be cut, so the names then take two rows, every other one on
    the second row, each with the room of two columns (the first may reach into the
    labels' column, which has no text on those rows).
    """
    if not two_rows or all(width(totals.name) <= column - 1 for totals in shown):
        for i, totals in enumerate(shown):
            frame.put(top, LABEL + i * column, _right(totals.name, column - 1), Style.BOLD)
        return top
    for i, totals in enumerate(shown):
        end = LABEL + (i + 1) * column - 1  # where the column's figures end
        name = fit(totals.name, 2 * column - 1)
        frame.put(top + i % 2, end - width(name), name, Style.BOLD)
    return top + 1


def _digits(faces: tuple[int, ...]) -> str:
    """Dice as digits with spaces (``1 1 5``), two columns a die as the Unicode faces take."""
    return " ".join(str(face) for face in faces)


def costly_line(costly: Costly, glyphs: Glyphs, columns: int = WIDTH) -> str:
    """One costly decision in ``columns``, its cost always whole.

    The dice as the screen draws them (``⚀ ⚄``, ``[1][5]``); if that is too wide, as
    digits (``1 5``, as narrow as the Unicode faces); then without the words a line
    can spare (``on average``, the dice left); a line that still does not fit (none
    that a record can hold) is cut.
    """
    # 10x and more keep the space
    times = _("{n}x ").format(n=costly.times) if costly.times > 1 else ""
    line = ""

    def drawn(faces: tuple[int, ...]) -> str:
        return dice_text(faces, glyphs)

    for faces, brief in ((drawn, False), (_digits, False), (drawn, True), (_digits, True)):
        line = f"  {times}{' ' * (3 - width(times))}{explain(costly.decision, faces, brief)}"
        if width(line) <= columns:
            return line
    return fit(line, columns)


def _costliest(frame: Frame, shown: list[Totals], row: int, glyphs: Glyphs, last_row: int) -> None:
    """Each player's costly decisions, each once, most costly first, as far as the page allows.

    A heading is written only with at least one line under it; when the page has no
    room for every player's heading and line, its last row says how many are left out.
    """
    analysed = [t for t in shown if t.style.go_decisions or t.style.take_decisions]
    if row > last_row or not analysed:
        return
    costly = [t for t in analysed if t.style.costly]
    if not costly:
        none = _("Costly decisions: none, no decision gave points away.")
        frame.put(row, 0, fit(none, WIDTH), Style.UNDERLINE)
        return
    room = last_row - row + 1
    listed = costly
    if room < 2 * len(costly):
        listed = costly[: (room - 1) // 2]
        left_out = len(costly) - len(listed)
        more = ngettext(
            "({n} more player's costly decisions: dixmille --stats NAME)",
            "({n} more players' costly decisions: dixmille --stats NAME)",
            left_out,
        ).format(n=left_out)
        frame.put(last_row, 0, fit(more, WIDTH))
        room -= 1
    if not listed:
        return
    for totals, lines in zip(listed, share_rows(room, listed), strict=True):
        heading = _("{name}'s costliest decisions, and what ZEDX would do:").format(
            name=fit(totals.name, MAX_NAME)
        )
        frame.put(row, 0, fit(heading, WIDTH), Style.UNDERLINE)
        row += 1
        for costly_decision in totals.style.costliest(lines):
            frame.put(row, 0, costly_line(costly_decision, glyphs))
            row += 1


def share_rows(room: int, listed: list[Totals]) -> list[int]:
    """How many costly lines each listed player gets in ``room`` rows (a heading each).

    Every row the page has is used while a player has a decision left to show: one
    line each first, then one more in turn, a player with none left giving way.
    """
    lines = [0] * len(listed)
    spare = room - len(listed)
    while spare > 0:
        given = False
        for i, totals in enumerate(listed):
            if spare and lines[i] < len(totals.style.costly):
                lines[i] += 1
                spare -= 1
                given = True
        if not given:
            break
    return lines
