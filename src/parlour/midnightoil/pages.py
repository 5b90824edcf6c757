"""The help and statistics pages of Midnight Oil (full-screen text, spec §10, §11)."""

from __future__ import annotations

from parlour.midnightoil.stats import Stats

HELP_PAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Midnight Oil - the rules (page 1 of 2)",
        (
            "Move all 52 cards to the four foundations, one per suit, from ace up to king.",
            "",
            "The deck is dealt into 17 fans of three cards and one of one. Every card is",
            "face up, but only the top card of a fan (the right-most) can move:",
            "  - to its suit's foundation, if that holds the next lower card (ace first);",
            "  - onto another fan whose top card is the same suit and one rank higher",
            "    (5 of hearts onto 6 of hearts). Kings never move onto a fan.",
            "One card moves at a time. A fan that becomes empty stays empty for good.",
            "",
            "Redeals (D): twice per game the cards left in the fans are gathered,",
            "shuffled and dealt again in threes (the last fan may get one or two).",
            "The shuffle is fixed by the deal number: undo and redo give the same one.",
            "",
            "The draw (x): once per game you may pull one card from under the top of",
            "any fan and play it at once to its foundation or onto a fan.",
            "",
            "Manual-auto: press 1-4 with nothing selected and every card that can go",
            "to that foundation goes, again and again; * does it for all four.",
            "",
            "The score is the number of cards home. Undo (u) and redo (U) are unlimited.",
        ),
    ),
    (
        "Midnight Oil - the keys (page 2 of 2)",
        (
            "a-h j-s  select that fan's top card; with a card selected, move it onto",
            "         that fan (the same fan again: the smart move)",
            "Space    smart move of the selected card: home if it can, else onto its fan",
            "1-4      with a card selected: move it home; with none: manual-auto",
            "*        every possible card home (never the draw)",
            "arrows   cursor mode: up/down picks a fan, Space selects or moves there",
            "x        the draw: a fan key, then left/right or 1-9 for the card and Space,",
            "         then 1-4, a fan key or Space for where it goes",
            "Esc      cancel the selection, cursor or draw (a cancelled draw is kept)",
            "D        redeal           u / U   undo / redo",
            "t        hint (again: the next one; Space right after plays it)",
            "w        can this deal still be won? (the solver's answer, only when asked)",
            "!        auto-solve: the computer plays on (any key stops it)",
            "N R #    new random deal, restart this deal, choose a deal number",
            "S        save the game (resume with: midnightoil FILE)",
            "i        statistics        ?   this help        Q   quit",
            "",
            "Mouse: click a fan to select its top card, click another fan or a",
            "foundation to move it there; double-click for the smart move; click a",
            "foundation with nothing selected for manual-auto. In draw mode click",
            "the card to draw, then where it goes.",
        ),
    ),
)

HISTOGRAM_BUCKETS = ((0, 9), (10, 19), (20, 29), (30, 39), (40, 49), (50, 51), (52, 52))
BAR_WIDTH = 40


def stats_lines(stats: Stats, deal_number: int, note: str | None = None) -> list[str]:
    """The statistics screen as lines of text (``note``: what reading them found)."""
    lines = [
        f"Games played {stats.played:6}    won {stats.won}   lost {stats.lost}   "
        f"solved by computer {stats.solved}",
        f"Win rate     {stats.win_rate:5.1f}%    restarted {stats.restarted}",
        f"Streak       {stats.current_streak:6}    best streak {stats.best_streak}",
        f"Cards home   mean {stats.mean_home:4.1f}   best {stats.best_home}/52",
        "",
        "Cards home in each game you played (games solved by the computer left out):",
    ]
    counts = [sum(stats.histogram[lo : hi + 1]) for lo, hi in HISTOGRAM_BUCKETS]
    most = max(counts) if any(counts) else 1
    for (lo, hi), count in zip(HISTOGRAM_BUCKETS, counts, strict=True):
        label = f"{lo}" if lo == hi else f"{lo}-{hi}"
        bar = "#" * (round(BAR_WIDTH * count / most) if count else 0)
        lines.append(f"  {label:>6} {count:5}  {bar}")
    lines.append("")
    record = stats.best_for(deal_number)
    if record is None:
        lines.append(f"Deal {deal_number}: not played before.")
    else:
        won = "won" if record["won"] else "not won yet"
        lines.append(
            f"Deal {deal_number}: played {record['played']}, your best {record['best']}/52, {won}."
        )
    if stats.wins:
        last = stats.wins[-1]
        minutes, seconds = divmod(int(last.get("seconds", 0)), 60)
        draw = "with the draw" if last.get("draw_used") else "without the draw"
        lines.append(
            f"Last win: deal {last.get('deal_number')}, in deal {last.get('phase')} of 3, "
            f"{draw}, {last.get('moves')} moves, {last.get('undos')} undos, "
            f"{minutes}:{seconds:02}."
        )
    if note:
        lines.append(note)
    return lines
