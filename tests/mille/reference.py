"""Read the BSD reference screens into the view's model, and mask their dynamic parts.

Used by the view tests: a reference screen parsed into (Board, ScreenState) must be
redrawn by :func:`parlour.mille.terminal.view.render` character for character, and the
static labels of every golden frame must equal those of the reference screens.
"""

from __future__ import annotations

import re
from pathlib import Path

from parlour.mille.game.scoring import ScoreRow
from parlour.mille.terminal import view
from parlour.mille.terminal.view import Board, BoardSide, Layout, ScreenState
from tests.golden import assert_golden

REFERENCE_DIR = Path("/work/shared/reference/mille-screens").resolve()
"""Anchored now: on Windows a path without a drive means the drive of whatever folder is
current when it is read, and tests change the current folder (to a temporary one on C:)."""
GOLDEN_DIR = Path(__file__).parent / "golden"


def check_golden(lang: str, name: str, text: str) -> None:
    """``text`` is the golden screen ``golden/<lang>/<name>.txt`` (written instead when
    ``PARLOUR_UPDATE_GOLDEN`` is set)."""
    assert_golden(GOLDEN_DIR / lang / f"{name}.txt", text + "\n")


def reference_dir() -> Path | None:
    """The shared reference folder, or the copy kept with the tests."""
    for folder in (REFERENCE_DIR, GOLDEN_DIR / "reference"):
        if folder.is_dir():
            return folder
    return None


def read_screen(path: Path) -> list[str]:
    """The 24 rows of a capture, padded to 80 columns."""
    rows = path.read_text(encoding="utf-8").split("\n")[: view.SCREEN_ROWS]
    rows += [""] * (view.SCREEN_ROWS - len(rows))
    return [row.ljust(view.SCREEN_COLS) for row in rows]


def _field(row: str, start: int, end: int) -> str:
    return row[start:end].strip()


def _number(row: str, col: int) -> int:
    text = row[col : col + view.NUM_WIDTH].strip()
    return int(text) if text else 0


NO_BONUS = ("trip", "safe_trip", "delayed_action", "extension", "shut_out")
"""The bonus rows, in the score window's order (zero where the layout hides them)."""


def _side(rows: list[str], col: int, num_col: int, layout: Layout, mileage_col: int) -> BoardSide:
    safeties = []
    coups = []
    for index in range(4):
        safeties.append(bool(_field(rows[index], col + 2, col + 20)))
        coups.append(rows[index][col] == "*")
    bonus = layout is Layout.BONUSES
    base = 6 if bonus else 1
    values = dict.fromkeys(NO_BONUS, 0) | {
        "milestones": _number(rows[1], num_col),
        "safeties": _number(rows[2], num_col),
        "all_four": _number(rows[3], num_col),
        "coups": _number(rows[4], num_col),
        "hand_total": _number(rows[base + 5], num_col),
        "overall_total": _number(rows[base + 7], num_col),
        "games": _number(rows[base + 8], num_col),
    }
    if bonus:
        for offset, name in enumerate(NO_BONUS):
            values[name] = _number(rows[5 + offset], num_col)
    distance = []
    for index in range(5):
        part = rows[view.MILEAGE_FIRST_ROW + index][mileage_col : mileage_col + 40]
        distance.append(len(part.split()))
    return BoardSide(
        safeties=(safeties[0], safeties[1], safeties[2], safeties[3]),
        coups=(coups[0], coups[1], coups[2], coups[3]),
        battle=_field(rows[view.BATTLE_ROW], col + 2, col + 20) or None,
        speed=_field(rows[view.SPEED_ROW], col + 2, col + 20) or None,
        distance=(distance[0], distance[1], distance[2], distance[3], distance[4]),
        scores=ScoreRow(**values),
    )


def parse(path: Path) -> tuple[Board, ScreenState]:
    """Turn a reference capture into the view's model (the inverse of render)."""
    rows = read_screen(path)
    layout = Layout.BONUSES if "Trip Completed" in rows[5] else Layout.COMMANDS
    hand = tuple(_field(rows[6 + slot], 2, 20) or None for slot in range(7))
    board = Board(
        hand=hand,
        deck_count=int(_field(rows[6], 20, 40)),
        discard=_field(rows[8], 20, 40) or None,
        extended="Extension" in rows[4][:40],
        you=_side(rows, 0, view.YOU_NUM_COL, layout, 0),
        comp=_side(rows, 20, view.COMP_NUM_COL, layout, 40),
    )
    prompt_text = _field(rows[10], 20, 40)
    match = re.match(r"(>>:Move:|[A-Za-z ]+\?|file:)\s*(.*)", prompt_text)
    assert match, f"no prompt in {path.name}: {prompt_text!r}"
    kind = _field(rows[11], 20, 40)
    card = _field(rows[12], 20, 36)
    screen = ScreenState(
        prompt=match.group(1),
        echo=match.group(2),
        last_move=(kind, card) if kind else None,
        message=rows[15][45:].rstrip(),
        layout=layout,
        ordering="stop ordering" in rows[12],
    )
    return board, screen


def _blank(row: str, start: int, end: int) -> str:
    return row[:start] + " " * (end - start) + row[end:]


def mask_dynamic(text: str) -> list[str]:
    """Blank everything that depends on the game, keeping the static labels only."""
    rows = [r.ljust(view.SCREEN_COLS) for r in text.split("\n")[: view.SCREEN_ROWS]]
    rows += [" " * view.SCREEN_COLS] * (view.SCREEN_ROWS - len(rows))
    layout = Layout.BONUSES if "Trip Completed" in rows[5] else Layout.COMMANDS
    for r in range(0, 5):
        rows[r] = _blank(rows[r], 0, 40)
    for r in range(6, 13):
        rows[r] = _blank(rows[r], 2, 20)
    rows[6] = _blank(rows[6], 20, 40)
    for r in (8, 10, 11, 12, 14, 16):
        rows[r] = _blank(rows[r], 20, 40)
    for r in (14, 16):
        rows[r] = _blank(rows[r], 0, 20)
    last = 15 if layout is Layout.BONUSES else 10
    for r in range(1, last):
        rows[r] = _blank(rows[r], view.YOU_NUM_COL, view.COMP_NUM_COL + view.NUM_WIDTH)
    rows[12] = rows[12].replace("o: stop ordering", "o: order hand   ")
    rows[15] = _blank(rows[15], 41, 80)
    rows[16] = rows[16][:40] + "|" + "_" * 39
    for r in range(18, 24):
        rows[r] = " " * view.SCREEN_COLS
    return [r.rstrip() for r in rows]
