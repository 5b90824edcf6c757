"""The statistics screen (spec section 10): one column per player, four pages on 80x24.

Pages: results and turns (finished solitaire games counted apart, out of
win %); where the player passes (the style table: by turn points and by dice
left); dice luck (one-die throws, hot dice, six-dice
combinations, four 2s); and the style analysis against the optimal policy
with each player's costliest decisions.
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.core.text import fit, width
from parlour.dixmille.analysis import explain, optimum_from_zero
from parlour.dixmille.faces import dice_text
from parlour.dixmille.names import MAX_NAME
from parlour.dixmille.rules import points
from parlour.dixmille.stats import BAND_LABELS, Totals
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
    "Results and turns",
    "Style: when you pass",
    "Dice and luck",
    "Style against the optimal policy",
)
PAGES = len(PAGE_TITLES)

Row = tuple[str, Callable[[Totals], str]]


def _num(value: float | None, digits: int = 0) -> str:
    if value is None:
        return "-"
    if digits == 0:
        return points(round(value))
    return f"{value:,.{digits}f}"


def _pct(a: float, b: float) -> str:
    return f"{100 * a / b:.0f}%" if b else "-"


def _solo_best(t: Totals) -> str:
    return str(min(t.solitaire_turns)) if t.solitaire_turns else "-"


def _solo_mean(t: Totals) -> str:
    turns = t.solitaire_turns
    return f"{sum(turns) / len(turns):.1f}" if turns else "-"


RESULTS: list[Row] = [
    ("Games played", lambda t: str(t.games)),
    ("  solitaire", lambda t: str(t.solitaire)),
    ("  won", lambda t: str(t.won)),
    ("  shared", lambda t: str(t.shared)),
    ("  win % (vs others)", lambda t: _pct(t.won, t.finished)),
    ("Solitaire best turns", _solo_best),
    ("  mean turns", _solo_mean),
    ("Turns", lambda t: str(t.turns)),
    ("Throws per turn", lambda t: _num(Totals.ratio(t.throws, t.turns), 2)),
    ("Points per turn", lambda t: _num(Totals.ratio(t.banked, t.turns))),
    ("Mean total at pass", lambda t: _num(Totals.ratio(t.pass_points, t.passes))),
    ("Bust rate", lambda t: _pct(t.busts, t.turns)),
    ("Lost per bust", lambda t: _num(Totals.ratio(t.bust_lost, t.busts))),
    ("Best turn", lambda t: points(t.best_turn)),
    ("Longest turn, throws", lambda t: str(t.longest_turn)),
    ("Highest score", lambda t: points(t.highest_score)),
]


def _band(i: int) -> Callable[[Totals], str]:
    return lambda t: str(t.pass_bands[i])


def _dice(i: int) -> Callable[[Totals], str]:
    return lambda t: str(t.pass_dice[i])


PASSES: list[Row] = [
    ("Passes", lambda t: str(t.passes)),
    ("By turn points:", lambda t: ""),
    *[(f"  {label}", _band(i)) for i, label in enumerate(BAND_LABELS)],
    ("By dice left:", lambda t: ""),
    *[(f"  {i + 1} {'die' if i == 0 else 'dice'}", _dice(i)) for i in range(6)],
]

LUCK: list[Row] = [
    ("One-die throws", lambda t: str(t.one_die)),
    ("  hit 1st attempt", lambda t: str(t.one_first)),
    ("  hit 2nd attempt", lambda t: str(t.one_second)),
    ("  success rate", lambda t: _pct(t.one_first + t.one_second, t.one_die)),
    ("  bonus points", lambda t: points(t.bonus)),
    ("  top bonus level", lambda t: str(t.top_bonus)),
    ("Hot dice per turn", lambda t: _num(Totals.ratio(t.hot_dice, t.turns), 2)),
    ("1-2-3-4-5-6 taken", lambda t: str(t.straights)),
    ("Three pairs taken", lambda t: str(t.three_pairs)),
    ("Four 2s disasters", lambda t: str(t.four_twos)),
    ("  points lost", lambda t: points(t.four_twos_lost)),
]


def _analysed(fn: Callable[[Totals], str]) -> Callable[[Totals], str]:
    return lambda t: fn(t) if t.style.go_decisions or t.style.take_decisions else "-"


STYLE: list[Row] = [
    ("Your points per turn", _analysed(lambda t: _num(t.style.points_per_turn))),
    ("Optimum, same scores", _analysed(lambda t: _num(t.style.optimum_per_turn()))),
    ("Given away per turn", _analysed(lambda t: f"{t.style.per_turn:.1f}")),
    ("Decisions analysed", _analysed(lambda t: str(t.style.go_decisions + t.style.take_decisions))),
    ("Stopped too early", _analysed(lambda t: str(t.style.too_early))),
    ("Pushed too far", _analysed(lambda t: str(t.style.too_far))),
    ("Weaker takes", _analysed(lambda t: str(t.style.take_mistakes))),
    ("Differs from ZEDX", _analysed(lambda t: f"{100 * t.style.differs:.0f}%")),
]

TABLES = (RESULTS, PASSES, LUCK, STYLE)


STYLE_PAGE = PAGES - 1


def style_intro() -> list[str]:
    """What the style page shows, for someone who has never seen it, and its scale."""
    scale = optimum_from_zero()
    return [
        "Each of your throw/pass choices and takes is compared with ZEDX's optimal play",
        "from the same position. Given away: the points a choice loses on average, luck",
        f"aside. For scale: the optimum scores about {scale:,.0f} points per turn from 0.",
    ]


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
) -> Frame:
    """One page of the statistics table for up to six players (``message``: one line or two)."""
    frame = Frame(WIDTH, HEIGHT)
    page = max(0, min(page, PAGES - 1))
    frame.put(0, 0, fit(f"DIX MILLE STATISTICS - {title}", WIDTH), Style.BOLD)
    heading = f"{PAGE_TITLES[page]} (page {page + 1}/{PAGES})"
    frame.put(1, 0, heading, Style.UNDERLINE)
    # A message of two lines (the game's result, then why it was not recorded) takes row 3 too.
    for i, line in enumerate(message.split("\n")[:2] if message else ()):
        frame.put(2 + i, 0, fit(line, WIDTH), Style.BOLD)
    shown = players[:MAX_COLUMNS]
    top = FIRST_ROW if message else FIRST_ROW - 1
    if page == STYLE_PAGE and shown:
        for i, line in enumerate(style_intro()):
            frame.put(top + i, 0, line)
        top += len(style_intro())
    if not shown:
        frame.put(FIRST_ROW + 1, 2, "No games recorded yet.")
    column = max(COLUMN, min(WIDE_COLUMN, (WIDTH - LABEL) // max(len(shown), 1)))
    for i, totals in enumerate(shown):
        # one column less than the column, so that two names never touch
        frame.put(top, LABEL + i * column, _right(totals.name, column - 1), Style.BOLD)
    if shown:
        for r, (label, fn) in enumerate(TABLES[page]):
            row = top + 1 + r
            frame.put(row, 0, fit(label, LABEL))
            for i, totals in enumerate(shown):
                frame.put(row, LABEL + i * column, _right(fn(totals), column - 1))
        if page == STYLE_PAGE:
            _costliest(frame, shown, top + 1 + len(STYLE), glyphs)
    if len(players) > MAX_COLUMNS:
        frame.put(
            HEIGHT - 2, 0, f"({len(players) - MAX_COLUMNS} more players: dixmille --stats NAME)"
        )
    keys = footer or "SPACE/-> next page   <- previous   q back"
    frame.put(HEIGHT - 1, 0, keys[:WIDTH], Style.DIM)
    return frame


def _costliest(frame: Frame, shown: list[Totals], row: int, glyphs: Glyphs) -> None:
    """Each player's costly decisions, each once, most costly first, as far as the page allows."""
    last_row = HEIGHT - 3
    analysed = [t for t in shown if t.style.go_decisions or t.style.take_decisions]
    if row > last_row or not analysed:
        return
    if not any(t.style.costly for t in analysed):
        frame.put(row, 0, "Costly decisions: none, no decision gave points away.", Style.UNDERLINE)
        return
    each = max((last_row - row + 1) // len(analysed) - 1, 1)
    for totals in analysed:
        if row > last_row or not totals.style.costly:
            continue
        heading = f"{fit(totals.name, MAX_NAME)}'s costliest decisions, and what ZEDX would do:"
        frame.put(row, 0, heading, Style.UNDERLINE)
        row += 1
        for costly in totals.style.costliest(each):
            if row > last_row:
                return
            times = f"{costly.times}x" if costly.times > 1 else ""
            line = explain(costly.decision, lambda faces: dice_text(faces, glyphs))
            frame.put(row, 0, fit(f"  {times:<3}{line}", WIDTH))
            row += 1
