"""The hand review screen: the player's costliest decisions, a page at a time (80x24).

Each finding shows the position in short as the player saw it (both sides'
miles and miles to go, whether they could move, the limit, the safeties on
the table, the deck size and the player's hand), the card the player played
or discarded, what the strong computer would have done, and the estimated
cost with its 95% margin ("about 180 points (±60)"). Pure: no curses; the app
shows the Frame and turns the pages (:data:`FOOTER` names the keys).
"""

from __future__ import annotations

import textwrap

from parlour.core.text import fit
from parlour.mille.review import Decision, Finding
from parlour.mille.rules import Move
from parlour.mille.seat import SeatView, Tableau
from parlour.tui.frame import Frame, Style
from parlour.tui.glyphs import Glyphs

__all__ = ["FOOTER", "page_count", "progress_line", "render_review", "review_text"]

ROWS, COLS = 24, 80
FIRST_ROW = 3
LAST_ROW = 20
"""Findings fill rows FIRST_ROW..LAST_ROW; a rule and the footer follow."""
INDENT = "   "
Z95 = 1.96
"""The ± shown is a 95% margin: this many standard errors."""
ROUND_TO = 10
TITLE = "Hand review: your costliest decisions"
EXPLAIN = "Judged only from what you could see then; only clear costs are shown."
EMPTY = (
    "No clear mistakes this hand: at every decision the computer would have "
    "done the same as you, or its playouts could not tell the moves apart."
)
FOOTER = "Space: next page   P: previous page   any other key: back to the game"
LAST_FOOTER = "P: previous page   any other key: back to the game"
ONLY_FOOTER = "Any key: back to the game"


def render_review(findings: list[Finding], page: int, glyphs: Glyphs) -> Frame:
    """Page ``page`` (0-based, clamped to the pages there are) of the review."""
    frame = Frame(COLS, ROWS)
    pages = paginate(findings, glyphs)
    page = max(0, min(page, len(pages) - 1))
    frame.put(0, 0, TITLE, Style.BOLD)
    if len(pages) > 1:
        where = f"page {page + 1} of {len(pages)}"
        frame.put(0, COLS - len(where), where)
    frame.put(1, 0, EXPLAIN)
    frame.put(2, 0, glyphs.hbar * COLS, Style.DIM)
    row = FIRST_ROW
    if not findings:
        for line in textwrap.wrap(EMPTY, COLS):
            frame.put(row, 0, line)
            row += 1
    for index in pages[page]:
        lines = finding_lines(index + 1, findings[index], glyphs)
        frame.put(row, 0, lines[0], Style.BOLD)
        for offset, line in enumerate(lines[1:], start=1):
            frame.put(row + offset, 0, line)
        row += len(lines) + 1
    frame.put(ROWS - 2, 0, glyphs.hbar * COLS, Style.DIM)
    frame.put(ROWS - 1, 0, footer_for(page, len(pages)))
    return frame


def footer_for(page: int, pages: int) -> str:
    """The keys line: the next page while there is one, the previous page after the first."""
    if pages == 1:
        return ONLY_FOOTER
    return LAST_FOOTER if page == pages - 1 else FOOTER


def review_text(findings: list[Finding], page: int, glyphs: Glyphs) -> str:
    """The page as plain text, one line per screen row (for tests and logs)."""
    return render_review(findings, page, glyphs).to_text()


def page_count(findings: list[Finding], glyphs: Glyphs) -> int:
    """How many pages the review takes (at least one)."""
    return len(paginate(findings, glyphs))


def progress_line(progress: tuple[int, int]) -> str:
    """What to show while the review runs: "Reviewing your decisions: 12 of 40"."""
    done, total = progress
    return f"Reviewing your decisions: {done} of {total}"


def paginate(findings: list[Finding], glyphs: Glyphs) -> list[list[int]]:
    """The findings' indexes page by page, as many whole findings as fit on each."""
    room = LAST_ROW - FIRST_ROW + 2  # each finding is followed by a blank row
    pages: list[list[int]] = [[]]
    used = 0
    for index, finding in enumerate(findings):
        height = len(finding_lines(index + 1, finding, glyphs)) + 1
        if pages[-1] and used + height > room:
            pages.append([])
            used = 0
        pages[-1].append(index)
        used += height
    return pages


def finding_lines(number: int, finding: Finding, glyphs: Glyphs) -> list[str]:
    """One finding as screen lines: the cost, both sides, the hand, the moves."""
    view = finding.decision.view
    ascii_only = glyphs.name == "ascii"
    plus_minus = "+/-" if ascii_only else "±"
    loss = rounded(finding.loss)
    margin = max(ROUND_TO, rounded(Z95 * finding.stderr))
    header = f"{number}. About {loss} points lost ({plus_minus}{margin})"
    deck = f"deck {view.deck_count} cards"
    lines = [header + " " * max(1, COLS - len(header) - len(deck)) + deck]
    lines += wrapped("You:  " + side_text(view.mine, view.goal, ascii_only))
    lines += wrapped("Them: " + side_text(view.theirs, view.goal, ascii_only))
    lines += wrapped("Hand: " + ", ".join(card.label for card in view.held()))
    played = move_text(finding.decision, finding.decision.move, "")
    advised = move_text(finding.decision, finding.advised, "have ")
    lines += wrapped(f"You {played}; the computer would {advised}.")
    return [fit(line, COLS) for line in lines]


def rounded(points: float) -> int:
    """Points to the nearest ten (the estimates are not finer than that)."""
    return int(round(points / ROUND_TO)) * ROUND_TO


def wrapped(text: str) -> list[str]:
    """An indented line, wrapped to the screen width."""
    return textwrap.wrap(
        text, COLS, initial_indent=INDENT, subsequent_indent=INDENT * 3, break_on_hyphens=False
    )


def side_text(tab: Tableau, goal: int, ascii_only: bool) -> str:
    """One side of the table: miles, miles to go, moving or what stops it, limit, safeties."""
    parts = [f"{tab.mileage} miles, {goal - tab.mileage} to go"]
    if tab.can_go:
        parts.append("moving")
    elif tab.battle is not None and tab.battle.is_hazard:
        parts.append(f"stopped by {tab.battle.label}")
    else:
        parts.append("needs a Go")
    if tab.limited:
        parts.append("Speed Limit")
    coup = "coup fourre" if ascii_only else "coup fourré"
    safeties = [card.label + (f" ({coup})" if was_coup else "") for card, was_coup in tab.safeties]
    if safeties:
        parts.append(", ".join(safeties))
    return "; ".join(parts)


def move_text(decision: Decision, move: Move, perfect: str) -> str:
    """A move in words: "discarded Gasoline", or with ``perfect`` "have played Stop"."""
    view: SeatView = decision.view
    if move.kind == "pick":
        return f"{perfect}drawn a card" if perfect else "drew a card"
    card = view.hand[move.slot]
    label = card.label if card is not None else "?"
    verb = "played" if move.kind == "use" else "discarded"
    early = " before drawing" if not view.picked else ""
    return f"{perfect}{verb} {label}{early}"
