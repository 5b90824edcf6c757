"""The Dix Mille screen (spec section 7) as a pure function: game + UI state -> Frame.

Layout on 80x24: a title line; every player's name and score with the
current player marked; the turn (points, dice available, one-die successes
and the next bonus, the dice set aside); the thrown dice drawn as faces
(pips, or digits with ``--ascii``) with their position numbers under them; the
last events of the turn; a message line, the prompt and the keys.
"""

from __future__ import annotations

from parlour.core.i18n import N_, _, ngettext, pgettext
from parlour.core.record import Record, field
from parlour.core.text import fit, pad, width
from parlour.dixmille.game.moves import dice_count
from parlour.dixmille.game.names import MAX_NAME
from parlour.dixmille.game.rules import Game, points
from parlour.dixmille.terminal.faces import dice_text
from parlour.dixmille.terminal.turnlog import LogEntry
from parlour.tui.frame import Frame, Style
from parlour.tui.glyphs import Glyphs

WIDTH, HEIGHT = 80, 24
COLUMN = 13
"""Width of one player's score column (six fit in 80)."""
DIE_WIDTH = 9
PIPS: dict[int, tuple[str, str, str]] = {
    1: ("     ", "  o  ", "     "),
    2: ("o    ", "     ", "    o"),
    3: ("o    ", "  o  ", "    o"),
    4: ("o   o", "     ", "o   o"),
    5: ("o   o", "  o  ", "o   o"),
    6: ("o   o", "o   o", "o   o"),
}
ROW_SCORES = 2
ROW_TURN = 6
ROW_ASIDE = 7
ROW_DICE = 9
ROW_LOG = 16
LOG_LINES = 3
ROW_MESSAGE = 20
ROW_PROMPT = 21
ROW_KEYS = 22


class UiState(Record):
    """What the app shows besides the game."""

    message: str = ""
    alert: bool = False
    """The message is a refusal or a loss (shown bold)."""
    prompt: str = ""
    entry: str | None = None
    """Text being typed at the prompt (None: no text field)."""
    selected: bool = False
    """The text in the field is a refused take, selected: the next digit replaces it."""
    keys: str = ""
    dice: tuple[int, ...] = ()
    """The dice to draw (the current throw, or the throw that ended a turn)."""
    highlight: frozenset[int] = frozenset()
    """Positions (1-based) drawn highlighted: typed or chosen by ZEDX."""
    log: list[LogEntry] = field(default_factory=list)
    """The turn log (this cycle and the last); the screen shows its last lines."""
    bell: bool = False
    ended: str = ""
    """Shown instead of the turn line while the end of a turn is on screen."""


def _box(glyphs: Glyphs) -> tuple[str, str, str, str, str, str]:
    if glyphs.name == "unicode":
        return "┌", "┐", "└", "┘", "─", "│"
    return "+", "+", "+", "+", "-", "|"


def draw_die(frame: Frame, row: int, col: int, face: int, glyphs: Glyphs, style: Style) -> None:
    """One die, 7 wide and 5 high: pips in Unicode, the digit in ASCII."""
    tl, tr, bl, br, h, v = _box(glyphs)
    frame.put(row, col, tl + h * 5 + tr, style)
    if glyphs.name == "unicode":
        inner = tuple(line.replace("o", "●") for line in PIPS[face])
    else:
        inner = ("     ", f"  {face}  ", "     ")
    for i, line in enumerate(inner):
        frame.put(row + 1 + i, col, v + line + v, style)
    frame.put(row + 4, col, bl + h * 5 + br, style)


def render(game: Game, ui: UiState, glyphs: Glyphs, seed_label: str = "") -> Frame:
    """The game screen; every text is cut to its columns, so nothing spills into another."""
    frame = Frame(WIDTH, HEIGHT)
    title = "DIX MILLE"
    frame.put(0, 0, title, Style.BOLD)
    cycle = _("Cycle {n}").format(n=game.cycle)
    if len(game.players) == 1:
        cycle = _("Turn {n}").format(n=game.cycle)
    frame.put(0, 14, cycle)
    if seed_label:
        frame.put(0, WIDTH - width(seed_label), seed_label, Style.DIM)
    frame.put(1, 0, glyphs.hbar * WIDTH, Style.DIM)
    _scores(frame, game)
    if ui.ended:
        frame.put(ROW_TURN, 1, fit(ui.ended, WIDTH - 1), Style.BOLD)
    else:
        _turn(frame, game, glyphs)
    _dice(frame, ui, glyphs)
    for i, entry in enumerate(ui.log[-LOG_LINES:]):
        frame.put(ROW_LOG + i, 2, log_line(entry, WIDTH - 2))
    frame.put(ROW_MESSAGE - 1, 0, glyphs.hbar * WIDTH, Style.DIM)
    if ui.message:
        frame.put(ROW_MESSAGE, 0, fit(ui.message, WIDTH), Style.BOLD if ui.alert else Style.NORMAL)
    prompt = fit(ui.prompt, WIDTH - (13 if ui.entry is not None else 0))
    end = frame.put(ROW_PROMPT, 0, prompt, Style.BOLD)
    if ui.entry is not None:
        col = end + 1
        look = Style.REVERSE if ui.selected and ui.entry else Style.UNDERLINE
        frame.put(ROW_PROMPT, col, fit(ui.entry, WIDTH - col - 1, ""), look)
        # a selected take is replaced whole: the cursor stands at its start
        typed = 0 if ui.selected and ui.entry else width(ui.entry)
        frame.cursor = (ROW_PROMPT, min(col + typed, WIDTH - 1))
    frame.put(ROW_KEYS, 0, fit(ui.keys, WIDTH), Style.DIM)
    frame.bell = ui.bell
    return frame


def draw_field(frame: Frame, row: int, col: int, text: str, cursor: int) -> None:
    """A text field being typed (already cut to its columns), the cursor ``cursor`` columns in."""
    frame.put(row, col, text, Style.UNDERLINE)
    frame.cursor = (row, min(col + cursor, WIDTH - 1))


def log_line(entry: LogEntry, columns: int) -> str:
    """One turn-log entry: the player's name in a column of its own, then what happened."""
    return fit(f"{pad(entry.name, MAX_NAME)} {entry.text}", columns)


def _scores(frame: Frame, game: Game) -> None:
    """Every player's name and score; the player to move marked with > and reverse video."""
    winners = set(game.winners()) if game.over else set()
    for seat, player in enumerate(game.players):
        col = seat * COLUMN
        current = seat == game.seat and not game.over
        mark = ">" if current else ("*" if seat in winners else " ")
        label = f"{mark}{player.name}"
        if player.computer:
            label += pgettext("computer player", " (c)")
        style = Style.REVERSE | Style.BOLD if current else Style.BOLD
        frame.put(ROW_SCORES, col, pad(label, COLUMN - 1), style)
        score_style = Style.BOLD if current else Style.NORMAL
        frame.put(ROW_SCORES + 1, col + 1, points(player.score), score_style)
    if winners:
        if len(winners) > 1:
            marks = _("* marks the winners (a shared win)")
        else:
            marks = _("* marks the winner")
        frame.put(ROW_SCORES + 2, 1, marks)
    needed = game.needed_to_lead()
    if needed is not None:
        lead = _("Last turn: {points} needed to take the lead").format(points=points(needed))
        frame.put(ROW_SCORES + 2, 1, fit(lead, WIDTH - 1), Style.BOLD)


def _turn(frame: Frame, game: Game, glyphs: Glyphs) -> None:
    if game.over:
        return
    whose = _("{name}'s turn:").format(name=fit(game.player.name, MAX_NAME))
    end = frame.put(ROW_TURN, 1, whose, Style.BOLD)
    # TRANSLATORS: English says "0 turn points" (the same both forms); French "0 point".
    state = ngettext(
        "{points} turn points   {dice} available",
        "{points} turn points   {dice} available",
        game.turn_points,
    ).format(points=points(game.turn_points), dice=dice_count(game.dice_left))
    frame.put(ROW_TURN, end + 1, fit(state, WIDTH - end - 1))
    bonus = _("One-die successes: {n}  next bonus {points}").format(
        n=game.level, points=points(game.next_bonus())
    )
    frame.put(ROW_ASIDE, 1, bonus)
    if game.aside:
        aside = _("Set aside: {dice}").format(dice=dice_text(game.aside, glyphs))
    else:
        aside = _("Set aside: none")
    frame.put(ROW_ASIDE + 1, 1, aside)


def _dice(frame: Frame, ui: UiState, glyphs: Glyphs) -> None:
    for i, face in enumerate(ui.dice):
        col = 4 + i * DIE_WIDTH
        chosen = (i + 1) in ui.highlight
        style = Style.REVERSE | Style.BOLD if chosen else Style.NORMAL
        draw_die(frame, ROW_DICE + 1, col, face, glyphs, style)
        label = f"[{i + 1}]" if chosen else f" {i + 1} "
        frame.put(ROW_DICE + 6, col + 2, label, Style.BOLD if chosen else Style.NORMAL)


def render_rules(four_twos_wipe: bool = True) -> Frame:
    """The rules page (``?``)."""
    frame = Frame(WIDTH, HEIGHT)
    for i, line in enumerate(rules_text(four_twos_wipe)):
        frame.put(i, 0, line, Style.BOLD if i == 0 else Style.NORMAL)
    return frame


def rules_text(four_twos_wipe: bool = True) -> list[str]:
    """The rules summary shown by ``?`` (fits 80x24)."""
    if four_twos_wipe:
        four_twos = _("FOUR OR MORE 2s on one throw: your whole score becomes 0.")
    else:
        four_twos = _("FOUR OR MORE 2s on one throw: the turn's points are lost.")
    return [
        _("DIX MILLE - the rules"),
        "",
        *_(RULES_TOP).split("\n"),
        "",
        four_twos,
        *_(RULES_BOTTOM).split("\n"),
        "",
        _("Press any key to return to the game."),
    ]


# TRANSLATORS: the rules page (key ?): at most 78 columns a line and 16 lines in all
# (with the four-2s line and the keys); the keys t, p, l, S, i, ?, Q stay as they are.
RULES_TOP = N_(
    "Throw six dice; after each scoring throw set aside at least one scoring die,\n"
    "then throw the rest (t) or pass (p) to bank the turn's points. A throw with\n"
    "nothing to score is a BUST: the turn's points are lost.\n"
    "\n"
    "Scores: 5 = 50   1 = 100   three 1s = 1000   three of a kind = 100 x face\n"
    "        1-2-3-4-5-6 = 3000   three pairs = 1500 (both: all six dice at once)\n"
    "At most three dice per throw (except those six-dice combinations)."
)
# TRANSLATORS: the rest of the rules page, under the four-2s line (see above).
RULES_BOTTOM = N_(
    "All six dice set aside: hot dice - throw all six again or pass.\n"
    "One die left: two attempts to throw a 1 or 5; success scores the die plus a\n"
    "bonus of 500 for the first success in the turn, 1000 for the second, ...\n"
    "\n"
    "The game ends after the cycle in which someone reaches 10,000; the highest\n"
    "score wins (equal scores share the win).\n"
    "\n"
    "Keys: digits + ENTER take dice   t throw   p pass   l turn log   S save\n"
    "      i statistics   ? rules   Q quit   any key hurries ZEDX"
)
