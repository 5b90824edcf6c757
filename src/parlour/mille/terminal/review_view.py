"""The hand review screen: the player's costliest decisions, a page at a time (80x24).

Each finding shows the position in short as the player saw it (both sides'
miles and miles to go, whether they could move, the limit, the safeties on
the table, the deck size and the player's hand), the card the player played
or discarded (or the answer to Extension?), what the strong computer would have
done, the estimated cost with its 95% margin ("about 180 points (±60)"), why in
words, and where the hand could end the game the chance of winning it both ways.
A pattern (small losses of one kind through the hand) shows its total cost, the
turns it took and what the player did. Pure: no curses; the app shows the Frame
and turns the pages (:data:`FOOTER` names the keys).
"""

from __future__ import annotations

import textwrap
import unicodedata

from parlour.core.text import fit
from parlour.mille.computer.handlog import Answer
from parlour.mille.computer.review import Decision, Finding, Pattern
from parlour.mille.computer.review_reasons import count_words
from parlour.mille.game.seat import SeatView, Tableau
from parlour.mille.game.table import Move
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
    "done the same as you, or its playouts could not tell the moves apart, "
    "one by one or added up by kind."
)
PARTIAL = "Your decisions before the game was restored were not saved: they are not judged."
"""Said under the explanation when the hand's log does not go back to its start."""
FOOTER = "Space: next page   P: previous page   any other key: back to the game"
LAST_FOOTER = "P: previous page   any other key: back to the game"
ONLY_FOOTER = "Any key: back to the game"


Item = Finding | Pattern


def render_review(findings: list[Item], page: int, glyphs: Glyphs, complete: bool = True) -> Frame:
    """Page ``page`` (0-based, clamped to the pages there are) of the review.

    ``complete`` False: the hand's first decisions are unknown (restored from an old save).
    """
    frame = Frame(COLS, ROWS)
    pages = paginate(findings, glyphs, complete)
    page = max(0, min(page, len(pages) - 1))
    frame.put(0, 0, TITLE, Style.BOLD)
    if len(pages) > 1:
        where = f"page {page + 1} of {len(pages)}"
        frame.put(0, COLS - len(where), where)
    frame.put(1, 0, EXPLAIN)
    frame.put(2, 0, glyphs.hbar * COLS, Style.DIM)
    row = FIRST_ROW
    if not complete:
        frame.put(row, 0, PARTIAL)
        row += 2
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


def review_text(findings: list[Item], page: int, glyphs: Glyphs, complete: bool = True) -> str:
    """The page as plain text, one line per screen row (for tests and logs)."""
    return render_review(findings, page, glyphs, complete).to_text()


def page_count(findings: list[Item], glyphs: Glyphs, complete: bool = True) -> int:
    """How many pages the review takes (at least one)."""
    return len(paginate(findings, glyphs, complete))


def progress_line(progress: tuple[int, int]) -> str:
    """What to show while the review runs: "Reviewing your decisions: 12 of 40"."""
    done, total = progress
    return f"Reviewing your decisions: {done} of {total}"


def paginate(findings: list[Item], glyphs: Glyphs, complete: bool = True) -> list[list[int]]:
    """The findings' indexes page by page, as many whole findings as fit on each."""
    room = LAST_ROW - FIRST_ROW + 2  # each finding is followed by a blank row
    if not complete:
        room -= 2  # the note on the hand's unknown start, on every page
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


def finding_lines(number: int, finding: Item, glyphs: Glyphs) -> list[str]:
    """One finding as screen lines: the cost, both sides, the hand, the moves, why."""
    ascii_only = glyphs.name == "ascii"
    plus_minus = "+/-" if ascii_only else "±"
    if isinstance(finding, Pattern):
        lines = pattern_lines(number, finding, plus_minus)
    else:
        lines = decision_lines(number, finding, plus_minus, ascii_only)
    return [fit(plain(line) if ascii_only else line, COLS) for line in lines]


def headline(left: str, right: str) -> str:
    """A finding's first line: the cost on the left, the deck on the right."""
    return left + " " * max(1, COLS - len(left) - len(right)) + right


def decision_lines(number: int, finding: Finding, plus_minus: str, ascii_only: bool) -> list[str]:
    """A single decision: the cost, both sides, the hand, the moves, why, the game's chances."""
    view = finding.decision.view
    if finding.by_chance and finding.chances is not None:
        its, yours, stderr = finding.chances
        down = round((its - yours) * 100)
        margin = max(1, round(Z95 * stderr * 100))
        cost = f"{number}. Your chance to win the game down about {down}% ({plus_minus}{margin})"
    else:
        loss = rounded(finding.loss)
        margin = max(ROUND_TO, rounded(Z95 * finding.stderr))
        cost = f"{number}. About {loss} points lost ({plus_minus}{margin})"
    lines = [headline(cost, f"deck {count_words(view.deck_count, 'card')}")]
    lines += wrapped("You:  " + side_text(view.mine, view.goal, ascii_only))
    lines += wrapped("Them: " + side_text(view.theirs, view.goal, ascii_only))
    lines += wrapped("Hand: " + ", ".join(card.label for card in view.held()))
    played = move_text(finding.decision, finding.decision.move, "")
    advised = move_text(finding.decision, finding.advised, "have ")
    lines += wrapped(f"You {played}; the computer would {advised}.")
    for reason in finding.reasons:
        lines += wrapped(reason, hanging=INDENT)
    if finding.chances is not None:
        its, yours, stderr = finding.chances
        lines += wrapped(
            f"Your chance to win the game: {round(its * 100)}% the computer's way, "
            f"{round(yours * 100)}% yours."
        )
    return lines


def pattern_lines(number: int, pattern: Pattern, plus_minus: str) -> list[str]:
    """A pattern: the total cost over its turns, the deck it spanned, what the player did."""
    loss = rounded(pattern.loss)
    margin = max(ROUND_TO, rounded(Z95 * pattern.stderr))
    turns = len(pattern.members)
    cost = f"{number}. About {loss} points lost ({plus_minus}{margin}) over {turns} turns"
    first = pattern.members[0].decision.view.deck_count
    last = pattern.members[-1].decision.view.deck_count
    deck = f"deck {count_words(first, 'card')}"
    if first != last:
        deck = f"deck {first} to {count_words(last, 'card')}"
    lines = [headline(cost, deck)]
    for sentence in pattern.lines:
        lines += wrapped(sentence, hanging=INDENT)
    return lines


def plain(text: str) -> str:
    """``text`` without accents (for the ASCII screen): "coup fourré" -> "coup fourre"."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def rounded(points: float) -> int:
    """Points to the nearest ten (the estimates are not finer than that)."""
    return int(round(points / ROUND_TO)) * ROUND_TO


def wrapped(text: str, hanging: str = INDENT * 3) -> list[str]:
    """An indented line, wrapped to the screen width (later lines indented by ``hanging``)."""
    return textwrap.wrap(
        text, COLS, initial_indent=INDENT, subsequent_indent=hanging, break_on_hyphens=False
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


def move_text(decision: Decision, move: Move | Answer, perfect: str) -> str:
    """A move in words: "discarded Gasoline", or with ``perfect`` "have played Stop"."""
    view: SeatView = decision.view
    if isinstance(move, Answer):
        if move.extend:
            return f"{perfect}{'gone' if perfect else 'went'} on to 1000"
        return f"{perfect}stopped at {view.goal}"
    if move.kind == "pick":
        return f"{perfect}drawn a card" if perfect else "drew a card"
    card = view.hand[move.slot]
    label = card.label if card is not None else "?"
    verb = "played" if move.kind == "use" else "discarded"
    early = " before drawing" if not view.picked else ""
    return f"{perfect}{verb} {label}{early}"
