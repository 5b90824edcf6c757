"""The statistics as lines of text: the ``i`` page and ``midnightoil --stats``.

Every rate says what it is over, and the player's own games stand apart from
the games auto-solve played (the computer's): "your best" and the histogram
come only from the player's games, and the computer's wins are told apart from
its losses. Every line fits :data:`LINE_WIDTH` columns (the page starts a line
in column 1 of 80), whatever the counts and deal numbers.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.i18n import N_, _, ngettext, number, percent
from parlour.core.text import ASCII_ELLIPSIS, fit, width
from parlour.midnightoil.game.cards import DECK_SIZE

if TYPE_CHECKING:
    from parlour.midnightoil.files.stats import Stats

LINE_WIDTH = 79
"""Columns of a statistics line: the page's 80 less its left margin."""
PAGE_LINES = 21
"""Lines the statistics page has room for (rows 2 to 22)."""
HISTOGRAM_BUCKETS = ((0, 9), (10, 19), (20, 29), (30, 39), (40, 49), (50, 51), (52, 52))
BAR_WIDTH = 40
NO_GAMES = N_("No games recorded yet.")
LABEL_COLUMNS = 12
"""Columns of the totals' labels in English ("Your games  "); wider if a translation is."""


def _clock(seconds: float) -> str:
    """``m:ss``, or ``h:mm:ss`` from an hour on."""
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{number(hours)}:{minutes:02}:{secs:02}"
    return f"{minutes}:{secs:02}"


def _right(text: str, columns: int = 6) -> str:
    """``text`` right-aligned in ``columns`` display columns."""
    return " " * max(columns - width(text), 0) + text


def _labels() -> tuple[str, str, str, str, str]:
    """The totals' labels, each padded to the widest (at least :data:`LABEL_COLUMNS`)."""
    # TRANSLATORS: the statistics' labels, left of a number: keep them short.
    words = (_("Your games"), _("Win rate"), _("Streak"), _("Cards home"), _("Auto-solve"))
    columns = max(LABEL_COLUMNS, *(width(w) + 2 for w in words))
    padded = tuple(w + " " * (columns - width(w)) for w in words)
    return padded[0], padded[1], padded[2], padded[3], padded[4]


def totals_lines(stats: Stats) -> list[str]:
    """The totals: the player's own games, their rate and streaks, then the computer's."""
    yours, rate, streak, home, solve = _labels()
    own = stats.own
    if own:
        if stats.restarted:
            results = _("won {won}  lost {lost}  restarted {restarted}")
        else:
            results = _("won {won}  lost {lost}")
        results = results.format(
            won=number(stats.won), lost=number(stats.lost), restarted=number(stats.restarted)
        )
        of_yours = ngettext("of your {n} game", "of your {n} games", own).format(n=number(own))
        mean = ngettext(
            "mean of your {n} game, best {best}/{deck}",
            "mean of your {n} games, best {best}/{deck}",
            own,
        ).format(n=number(own), best=number(stats.best_home), deck=DECK_SIZE)
        in_a_row = _("wins in a row, best {best}").format(best=number(stats.best_streak))
        lines = [
            f"{yours}{_right(number(own))}  {results}",
            f"{rate}{_right(percent(stats.win_rate, 1))}  {of_yours}",
            f"{streak}{_right(number(stats.current_streak))}  {in_a_row}",
            f"{home}{_right(number(stats.mean_home, 1))}  {mean}",
        ]
    else:
        lines = [f"{yours}{_right('0')}  " + _("(none yet without auto-solve)")]
    if stats.computer:
        computer = _("the computer won {won}, lost {lost}").format(
            won=number(stats.computer_won), lost=number(stats.computer_lost)
        )
        lines.append(f"{solve}{_right(number(stats.computer))}  {computer}")
        if stats.earlier_solved:
            earlier = _("of them from the earlier file, won or lost not kept")
            lines.append(" " * width(solve) + f"{_right(number(stats.earlier_solved))}  {earlier}")
    return lines


def histogram_lines(stats: Stats) -> list[str]:
    """Cards home in each of the player's own games, in buckets with a bar each."""
    lines = [_("Cards home in each of your games:")]
    counts = [sum(stats.histogram[lo : hi + 1]) for lo, hi in HISTOGRAM_BUCKETS]
    most = max(counts) if any(counts) else 1
    for (lo, hi), count in zip(HISTOGRAM_BUCKETS, counts, strict=True):
        label = f"{lo}" if lo == hi else f"{lo}-{hi}"
        bar = "#" * (round(BAR_WIDTH * count / most) if count else 0)
        lines.append(f"  {label:>6} {_right(number(count), 5)}  {bar}".rstrip())
    return lines


def deal_lines(stats: Stats, deal_number: int) -> list[str]:
    """This deal's record: the player's games and best, the computer's, the earlier file's."""
    entry = stats.best_for(deal_number)
    if entry is None:
        return [_("Deal {number}: not played before.").format(number=deal_number)]
    lines = []
    if entry.played or entry.best or entry.won:
        if entry.won:
            words = _("Deal {number}: you played {played}, best {best}/{deck}, won.")
        else:
            words = _("Deal {number}: you played {played}, best {best}/{deck}, not won yet.")
        lines.append(
            words.format(
                number=deal_number,
                played=number(entry.played),
                best=number(entry.best),
                deck=DECK_SIZE,
            )
        )
    else:
        lines.append(_("Deal {number}: not played by you yet.").format(number=deal_number))
    if entry.computer:
        lost = entry.computer - entry.computer_won
        lines.append(
            _("  With auto-solve {games}: the computer won {won}, lost {lost}.").format(
                games=number(entry.computer), won=number(entry.computer_won), lost=number(lost)
            )
        )
    if entry.earlier:
        lines.append(
            _("  And {games} in the earlier statistics file (yours or the computer's).").format(
                games=number(entry.earlier)
            )
        )
    return lines


def last_win_lines(stats: Stats) -> list[str]:
    """The details of the player's last win, on two lines (none without a win)."""
    if not stats.wins:
        return []
    last = stats.wins[-1]
    if last["draw_used"]:
        where = _("deal {number}, in deal {phase} of 3, with the draw,")
    else:
        where = _("deal {number}, in deal {phase} of 3, without the draw,")
    label = _("Last win:")
    # TRANSLATORS: the last win's second line, under the first after "Last win:".
    how = _("{moves} moves, {undos} undos, {clock}.").format(
        moves=number(last["moves"]), undos=number(last["undos"]), clock=_clock(last["seconds"])
    )
    return [
        f"{label} " + where.format(number=last["deal_number"], phase=last["phase"]),
        " " * (width(label) + 1) + how,
    ]


def stats_lines(stats: Stats, deal_number: int | None = None, note: str | None = None) -> list[str]:
    """The statistics as lines, each within :data:`LINE_WIDTH` columns.

    ``deal_number``: the deal being played (its record is shown); ``note``: what
    reading the statistics found (damaged lines skipped...), fitted to a line.
    """
    if not stats.played:
        lines = [_(NO_GAMES)]
    else:
        lines = totals_lines(stats)
        if stats.own:
            lines += ["", *histogram_lines(stats)]
    tail: list[str] = []
    if deal_number is not None and stats.played:
        tail += deal_lines(stats, deal_number)
    tail += last_win_lines(stats)
    if tail:
        lines += ["", *tail]
    if note:
        lines.append(fit(note, LINE_WIDTH, ASCII_ELLIPSIS))
    while len(lines) > PAGE_LINES and "" in lines:
        lines.remove("")  # the blank lines go first when every part is there
    return lines
