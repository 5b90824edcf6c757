"""The statistics as lines of text: the ``i`` page and ``midnightoil --stats``.

Every rate says what it is over, and the player's own games stand apart from
the games auto-solve played (the computer's): "your best" and the histogram
come only from the player's games, and the computer's wins are told apart from
its losses. Every line fits :data:`LINE_WIDTH` columns (the page starts a line
in column 1 of 80), whatever the counts and deal numbers.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.text import ASCII_ELLIPSIS, fit
from parlour.midnightoil.game.cards import DECK_SIZE

if TYPE_CHECKING:
    from parlour.midnightoil.files.stats import Stats

LINE_WIDTH = 79
"""Columns of a statistics line: the page's 80 less its left margin."""
PAGE_LINES = 21
"""Lines the statistics page has room for (rows 2 to 22)."""
HISTOGRAM_BUCKETS = ((0, 9), (10, 19), (20, 29), (30, 39), (40, 49), (50, 51), (52, 52))
BAR_WIDTH = 40
NO_GAMES = "No games recorded yet."


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def _clock(seconds: float) -> str:
    """``m:ss``, or ``h:mm:ss`` from an hour on."""
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def totals_lines(stats: Stats) -> list[str]:
    """The totals: the player's own games, their rate and streaks, then the computer's."""
    own = stats.own
    if own:
        restarted = f"  restarted {stats.restarted}" if stats.restarted else ""
        lines = [
            f"Your games  {own:>6}  won {stats.won}  lost {stats.lost}{restarted}",
            f"Win rate    {stats.win_rate:>5.1f}%  of your {_games(own)}",
            f"Streak      {stats.current_streak:>6}  wins in a row, best {stats.best_streak}",
            f"Cards home  {stats.mean_home:>6.1f}  mean of your {_games(own)}, "
            f"best {stats.best_home}/{DECK_SIZE}",
        ]
    else:
        lines = ["Your games       0  (none yet without auto-solve)"]
    if stats.computer:
        lines.append(
            f"Auto-solve  {stats.computer:>6}  the computer won {stats.computer_won}, "
            f"lost {stats.computer_lost}"
        )
        if stats.earlier_solved:
            lines.append(
                f"            {stats.earlier_solved:>6}  of them from the earlier file, "
                "won or lost not kept"
            )
    return lines


def histogram_lines(stats: Stats) -> list[str]:
    """Cards home in each of the player's own games, in buckets with a bar each."""
    lines = ["Cards home in each of your games:"]
    counts = [sum(stats.histogram[lo : hi + 1]) for lo, hi in HISTOGRAM_BUCKETS]
    most = max(counts) if any(counts) else 1
    for (lo, hi), count in zip(HISTOGRAM_BUCKETS, counts, strict=True):
        label = f"{lo}" if lo == hi else f"{lo}-{hi}"
        bar = "#" * (round(BAR_WIDTH * count / most) if count else 0)
        lines.append(f"  {label:>6} {count:5}  {bar}".rstrip())
    return lines


def deal_lines(stats: Stats, deal_number: int) -> list[str]:
    """This deal's record: the player's games and best, the computer's, the earlier file's."""
    entry = stats.best_for(deal_number)
    if entry is None:
        return [f"Deal {deal_number}: not played before."]
    lines = []
    if entry.played or entry.best or entry.won:
        won = "won" if entry.won else "not won yet"
        lines.append(
            f"Deal {deal_number}: you played {entry.played}, best {entry.best}/{DECK_SIZE}, {won}."
        )
    else:
        lines.append(f"Deal {deal_number}: not played by you yet.")
    if entry.computer:
        lost = entry.computer - entry.computer_won
        lines.append(
            f"  With auto-solve {entry.computer}: the computer won {entry.computer_won}, "
            f"lost {lost}."
        )
    if entry.earlier:
        lines.append(
            f"  And {entry.earlier} in the earlier statistics file (yours or the computer's)."
        )
    return lines


def last_win_lines(stats: Stats) -> list[str]:
    """The details of the player's last win, on two lines (none without a win)."""
    if not stats.wins:
        return []
    last = stats.wins[-1]
    draw = "with the draw" if last["draw_used"] else "without the draw"
    return [
        f"Last win: deal {last['deal_number']}, in deal {last['phase']} of 3, {draw},",
        f"          {last['moves']} moves, {last['undos']} undos, {_clock(last['seconds'])}.",
    ]


def stats_lines(stats: Stats, deal_number: int | None = None, note: str | None = None) -> list[str]:
    """The statistics as lines, each within :data:`LINE_WIDTH` columns.

    ``deal_number``: the deal being played (its record is shown); ``note``: what
    reading the statistics found (damaged lines skipped...), fitted to a line.
    """
    if not stats.played:
        lines = [NO_GAMES]
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
