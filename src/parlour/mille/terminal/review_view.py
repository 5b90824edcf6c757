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

import unicodedata

from parlour.core.i18n import N_, _, ngettext, number, percent, pgettext
from parlour.core.text import fit, width
from parlour.mille.computer.handlog import Decision, ExtensionAnswer
from parlour.mille.computer.review.patterns import Pattern
from parlour.mille.computer.review.reviewer import Finding
from parlour.mille.computer.review.wrap import wrap
from parlour.mille.game.cards import Card
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
# TRANSLATORS: the review's title; with "page {page} of {pages}" it must fit 80 columns.
TITLE = N_("Hand review: your costliest decisions")
# TRANSLATORS: one line of 80 columns at most.
EXPLAIN = N_("Judged only from what you could see then; only clear costs are shown.")
EMPTY = N_(
    "No clear mistakes this hand: at every decision the computer would have "
    "done the same as you, or its playouts could not tell the moves apart, "
    "one by one or added up by kind."
)
# TRANSLATORS: one line of 80 columns at most.
PARTIAL = N_("Your decisions before the game was restored were not saved: they are not judged.")
"""Said under the explanation when the hand's log does not go back to its start."""
# TRANSLATORS: the keys line of the review (80 columns at most); the keys themselves
# (Space, P) are the same in every language.
FOOTER = N_("Space: next page   P: previous page   any other key: back to the game")
# TRANSLATORS: the keys line of the review's last page (80 columns at most).
LAST_FOOTER = N_("P: previous page   any other key: back to the game")
# TRANSLATORS: the keys line of a review of one page (80 columns at most).
ONLY_FOOTER = N_("Any key: back to the game")


Item = Finding | Pattern

ASCII_PUNCTUATION = {
    "\u00a0": " ",
    "\u202f": " ",
    "«": '"',
    "»": '"',
    "\u2019": "'",
    "\u2018": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u2026": "...",
    "±": "+/-",
}
"""What the ASCII screen shows for the typography of the languages (French spaces and
quotes)."""


def render_review(findings: list[Item], page: int, glyphs: Glyphs, complete: bool = True) -> Frame:
    """Page ``page`` (0-based, clamped to the pages there are) of the review.

    ``complete`` False: the hand's first decisions are unknown (restored from an old save).
    """
    frame = Frame(COLS, ROWS)
    pages = paginate(findings, glyphs, complete)
    page = max(0, min(page, len(pages) - 1))
    shown = plain if glyphs.name == "ascii" else str

    def put(row: int, text: str, style: Style = Style.NORMAL, right: bool = False) -> None:
        text = shown(text)
        frame.put(row, COLS - width(text) if right else 0, text, style)

    put(0, _(TITLE), Style.BOLD)
    if len(pages) > 1:
        where = _("page {page} of {pages}").format(page=number(page + 1), pages=number(len(pages)))
        put(0, where, right=True)
    put(1, _(EXPLAIN))
    put(2, glyphs.hbar * COLS, Style.DIM)
    row = FIRST_ROW
    if not complete:
        put(row, _(PARTIAL))
        row += 2
    if not findings:
        for line in wrap(_(EMPTY), COLS):
            put(row, line)
            row += 1
    for index in pages[page]:
        lines = finding_lines(index + 1, findings[index], glyphs)
        frame.put(row, 0, lines[0], Style.BOLD)
        for offset, line in enumerate(lines[1:], start=1):
            frame.put(row + offset, 0, line)
        row += len(lines) + 1
    put(ROWS - 2, glyphs.hbar * COLS, Style.DIM)
    put(ROWS - 1, footer_for(page, len(pages)))
    return frame


def footer_for(page: int, pages: int) -> str:
    """The keys line: the next page while there is one, the previous page after the first."""
    if pages == 1:
        return _(ONLY_FOOTER)
    return _(LAST_FOOTER) if page == pages - 1 else _(FOOTER)


def review_text(findings: list[Item], page: int, glyphs: Glyphs, complete: bool = True) -> str:
    """The page as plain text, one line per screen row (for tests and logs)."""
    return render_review(findings, page, glyphs, complete).to_text()


def page_count(findings: list[Item], glyphs: Glyphs, complete: bool = True) -> int:
    """How many pages the review takes (at least one)."""
    return len(paginate(findings, glyphs, complete))


def progress_line(progress: tuple[int, int]) -> str:
    """What to show while the review runs: "Reviewing your decisions: 12 of 40"."""
    done, total = progress
    # TRANSLATORS: shown on the message line while the review works.
    text = _("Reviewing your decisions: {done} of {total}")
    return text.format(done=number(done), total=number(total))


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


def finding_lines(index: int, finding: Item, glyphs: Glyphs) -> list[str]:
    """One finding as screen lines: the cost, both sides, the hand, the moves, why."""
    ascii_only = glyphs.name == "ascii"
    plus_minus = "+/-" if ascii_only else "±"
    if isinstance(finding, Pattern):
        lines = pattern_lines(index, finding, plus_minus)
    else:
        lines = decision_lines(index, finding, plus_minus, ascii_only)
    return [fit(plain(line) if ascii_only else line, COLS) for line in lines]


def headline(left: str, right: str) -> str:
    """A finding's first line: the cost on the left, the deck on the right."""
    return left + " " * max(1, COLS - width(left) - width(right)) + right


def deck_words(count: int) -> str:
    """The deck at a decision, on a finding's first line: "deck 10 cards"."""
    return ngettext("deck {n} card", "deck {n} cards", count).format(n=number(count))


def decision_lines(index: int, finding: Finding, plus_minus: str, ascii_only: bool) -> list[str]:
    """A single decision: the cost, both sides, the hand, the moves, why, the game's chances."""
    view = finding.decision.view
    if finding.by_chance and finding.chances is not None:
        its, yours, stderr = finding.chances
        down = percent((its - yours) * 100)
        margin = number(max(1, round(Z95 * stderr * 100)))
        # TRANSLATORS: a finding's first line, left of "deck {n} cards": {number} is the
        # finding's number, {down} a percentage, {pm} "±" (or "+/-"), {margin} a number.
        text = _("{number}. Your chance to win the game down about {down} ({pm}{margin})")
        cost = text.format(number=number(index), down=down, pm=plus_minus, margin=margin)
    else:
        loss = rounded(finding.loss)
        margin = number(max(ROUND_TO, rounded(Z95 * finding.stderr)))
        # TRANSLATORS: a finding's first line, left of "deck {n} cards": {number} is the
        # finding's number, {loss} points, {pm} "±" (or "+/-"), {margin} points.
        text = ngettext(
            "{number}. About {loss} point lost ({pm}{margin})",
            "{number}. About {loss} points lost ({pm}{margin})",
            loss,
        )
        cost = text.format(number=number(index), loss=number(loss), pm=plus_minus, margin=margin)
    lines = [headline(cost, deck_words(view.deck_count))]
    # TRANSLATORS: the three labels "You:  ", "Them: ", "Hand: " start lines one above
    # the other: keep the text after them lined up.
    lines += labelled(_("You:  {side}"), side=side_text(view.mine, view.goal, ascii_only))
    lines += labelled(_("Them: {side}"), side=side_text(view.theirs, view.goal, ascii_only))
    cards = pgettext("list", ", ").join(card.label for card in view.held())
    lines += labelled(_("Hand: {cards}"), cards=cards)
    played = move_text(finding.decision, finding.decision.move, False)
    advised = move_text(finding.decision, finding.advised, True)
    # TRANSLATORS: {yours} is what the player did ("You discarded 25"), {advised} what
    # the computer would have done ("the computer would have played 25").
    lines += wrapped(_("{yours}; {advised}.").format(yours=played, advised=advised))
    for reason in finding.reasons:
        lines += wrapped(reason, hanging=INDENT)
    if finding.uncertain:
        text = _(
            "An uncertain cost: with a shut-out at stake, the playouts have overstated "
            "costs like this one."
        )
        lines += wrapped(text, hanging=INDENT)
    if finding.chances is not None:
        its, yours, stderr = finding.chances
        text = _("Your chance to win the game: {its} the computer's way, {yours} yours.")
        lines += wrapped(text.format(its=percent(its * 100), yours=percent(yours * 100)))
    return lines


def pattern_lines(index: int, pattern: Pattern, plus_minus: str) -> list[str]:
    """A pattern: the total cost over its turns, the deck it spanned, what the player did."""
    loss = number(rounded(pattern.loss))
    margin = number(max(ROUND_TO, rounded(Z95 * pattern.stderr)))
    turns = len(pattern.members)
    # TRANSLATORS: a pattern's first line, left of "deck {first} to {last} cards": {loss}
    # points (always more than one), {pm} "±" (or "+/-"), {margin} points.
    text = ngettext(
        "{number}. About {loss} points lost ({pm}{margin}) over {turns} turn",
        "{number}. About {loss} points lost ({pm}{margin}) over {turns} turns",
        turns,
    )
    cost = text.format(
        number=number(index), loss=loss, pm=plus_minus, margin=margin, turns=number(turns)
    )
    first = pattern.members[0].decision.view.deck_count
    last = pattern.members[-1].decision.view.deck_count
    deck = deck_words(first)
    if first != last:
        text = ngettext(
            "deck {first} to {last} card", "deck {first} to {last} cards", max(first, last)
        )
        deck = text.format(first=number(first), last=number(last))
    lines = [headline(cost, deck)]
    for sentence in pattern.lines:
        lines += wrapped(sentence, hanging=INDENT)
    return lines


def plain(text: str) -> str:
    """``text`` without accents (for the ASCII screen): "coup fourré" -> "coup fourre";
    French spacing and quotes made ASCII too. Letters that are not Latin (Japanese) are
    left as they are: taking their marks off would change the words."""
    out = []
    for ch in text:
        if ord(ch) < 0x250:
            decomposed = unicodedata.normalize("NFKD", ch)
            ch = "".join(c for c in decomposed if not unicodedata.combining(c))
        out.append(ASCII_PUNCTUATION.get(ch, ch))
    return "".join(out)


def rounded(points: float) -> int:
    """Points to the nearest ten (the estimates are not finer than that)."""
    return int(round(points / ROUND_TO)) * ROUND_TO


def wrapped(text: str, hanging: str = INDENT * 3) -> list[str]:
    """An indented line, wrapped to the screen width by display columns (later lines
    indented by ``hanging``)."""
    return wrap(text, COLS, initial_indent=INDENT, subsequent_indent=hanging)


def labelled(template: str, **fields: str) -> list[str]:
    """A labelled line ("You:  675 miles, ..."), wrapped with its later lines starting
    where the text after the label starts."""
    label = template.split("{", 1)[0]
    return wrapped(template.format(**fields), hanging=INDENT + " " * width(label))


def side_text(tab: Tableau, goal: int, ascii_only: bool) -> str:
    """One side of the table: miles, miles to go, moving or what stops it, limit, safeties."""
    text = ngettext("{miles} mile, {left} to go", "{miles} miles, {left} to go", tab.mileage)
    parts = [text.format(miles=number(tab.mileage), left=number(goal - tab.mileage))]
    if tab.can_go:
        parts.append(pgettext("side", "moving"))
    elif tab.battle is not None and tab.battle.is_hazard:
        parts.append(_("stopped by {hazard}").format(hazard=tab.battle.label))
    else:
        parts.append(_("needs a {go}").format(go=Card.GO.label))
    if tab.limited:
        parts.append(Card.SPEED_LIMIT.label)
    safeties = [
        _("{safety} (coup fourré)").format(safety=card.label) if was_coup else card.label
        for card, was_coup in tab.safeties
    ]
    if safeties:
        parts.append(pgettext("list", ", ").join(safeties))
    # TRANSLATORS: between the facts of one side ("675 miles, 25 to go; moving").
    text = pgettext("side", "; ").join(parts)
    return plain(text) if ascii_only else text


def move_text(decision: Decision, move: Move | ExtensionAnswer, advised: bool) -> str:
    """A move in words: "You discarded Gasoline", or ``advised``: "the computer would have
    played Stop"."""
    view: SeatView = decision.view
    if isinstance(move, ExtensionAnswer):
        if move.extend:
            return (
                _("the computer would have gone on to 1000")
                if advised
                else _("You went on to 1000")
            )
        goal = number(view.goal)
        if advised:
            return _("the computer would have stopped at {goal}").format(goal=goal)
        return _("You stopped at {goal}").format(goal=goal)
    if move.kind == "pick":
        return _("the computer would have drawn a card") if advised else _("You drew a card")
    card = view.hand[move.slot]
    label = card.label if card is not None else "?"
    early = not view.picked
    if move.kind == "use" and advised:
        if early:
            text = _("the computer would have played {card} before drawing")
        else:
            text = _("the computer would have played {card}")
    elif move.kind == "use":
        text = _("You played {card} before drawing") if early else _("You played {card}")
    elif advised:
        if early:
            text = _("the computer would have discarded {card} before drawing")
        else:
            text = _("the computer would have discarded {card}")
    else:
        text = _("You discarded {card} before drawing") if early else _("You discarded {card}")
    return text.format(card=label)
