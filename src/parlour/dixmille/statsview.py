"""The statistics screen (spec section 10): one column per player, four pages on 80x24.

Pages: results and turns; where the player passes (the style table: by turn
points and by dice left); dice luck (one-die throws, hot dice, six-dice
combinations, four 2s); and the style analysis against the optimal policy
with each player's costliest decisions.
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.dixmille.rules import points
from parlour.dixmille.stats import BAND_LABELS, Totals
from parlour.tui.frame import Frame, Style

WIDTH, HEIGHT = 80, 24
LABEL = 20
COLUMN = 10
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
    ("  won", lambda t: str(t.won)),
    ("  shared", lambda t: str(t.shared)),
    ("  win %", lambda t: _pct(t.won, t.finished)),
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
    ("Decisions analysed", _analysed(lambda t: str(t.style.go_decisions + t.style.take_decisions))),
    ("Given away per turn", _analysed(lambda t: f"{t.style.per_turn:.1f}")),
    ("Stopped too early", _analysed(lambda t: str(t.style.too_early))),
    ("Pushed too far", _analysed(lambda t: str(t.style.too_far))),
    ("Weaker takes", _analysed(lambda t: str(t.style.take_mistakes))),
    ("Differs from ZEDX", _analysed(lambda t: f"{100 * t.style.differs:.0f}%")),
]

TABLES = (RESULTS, PASSES, LUCK, STYLE)


def render_stats(
    players: list[Totals], page: int, title: str, message: str = "", footer: str = ""
) -> Frame:
    """One page of the statistics table for up to six players."""
    frame = Frame(WIDTH, HEIGHT)
    page = max(0, min(page, PAGES - 1))
    frame.put(0, 0, f"DIX MILLE STATISTICS - {title}", Style.BOLD)
    heading = f"{PAGE_TITLES[page]} (page {page + 1}/{PAGES})"
    frame.put(1, 0, heading, Style.UNDERLINE)
    if message:
        frame.put(2, 0, message[:WIDTH], Style.BOLD)
    shown = players[:MAX_COLUMNS]
    if not shown:
        frame.put(FIRST_ROW + 1, 2, "No games recorded yet.")
    top = FIRST_ROW if message else FIRST_ROW - 1
    for i, totals in enumerate(shown):
        frame.put(top, LABEL + i * COLUMN, totals.name[:COLUMN].rjust(COLUMN), Style.BOLD)
    if shown:
        for r, (label, fn) in enumerate(TABLES[page]):
            row = top + 1 + r
            frame.put(row, 0, label[:LABEL])
            for i, totals in enumerate(shown):
                text = fn(totals)
                frame.put(row, LABEL + i * COLUMN, text[:COLUMN].rjust(COLUMN))
        if page == PAGES - 1:
            _costliest(frame, shown, top + 2 + len(STYLE))
    if len(players) > MAX_COLUMNS:
        frame.put(
            HEIGHT - 2, 0, f"({len(players) - MAX_COLUMNS} more players: dixmille --stats NAME)"
        )
    keys = footer or "SPACE/-> next page   <- previous   q back"
    frame.put(HEIGHT - 1, 0, keys[:WIDTH], Style.DIM)
    return frame


def _costliest(frame: Frame, shown: list[Totals], row: int) -> None:
    """The costliest decisions of each analysed player, as far as the page allows."""
    last_row = HEIGHT - 3
    if row > last_row:
        return
    frame.put(row, 0, "Costliest decisions (expected points given away):", Style.UNDERLINE)
    row += 1
    if not any(totals.style.worst for totals in shown):
        frame.put(row, 2, "none: no human decision gave points away")
    for totals in shown:
        for loss, text in totals.style.worst:
            if row > last_row:
                return
            frame.put(row, 0, f"{totals.name[:10]:<10} -{loss:,.0f}  {text}"[:WIDTH])
            row += 1
