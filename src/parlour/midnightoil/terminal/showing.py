"""What the Midnight Oil board shows of the app's parts: one :class:`~.view.Board`.

The selection and its targets (:mod:`.table`), the draw in progress (:mod:`.draw`),
the hint and the verdict (:mod:`.assist`), the question or field open (:mod:`.rows`),
the end and the result (:mod:`.ending`), and the panel's notes: the clock, the
undos and the player's best on this deal (:mod:`.results`). Read only: drawing
changes nothing.
"""

from __future__ import annotations

from parlour import TYPE_CHECKING
from parlour.core.i18n import _, number
from parlour.midnightoil.terminal.ending import STUCK, end_status
from parlour.midnightoil.terminal.view import Board

if TYPE_CHECKING:
    from parlour.midnightoil.game.history import Game
    from parlour.midnightoil.terminal.assist import Assist
    from parlour.midnightoil.terminal.draw import Draw
    from parlour.midnightoil.terminal.results import Results
    from parlour.midnightoil.terminal.rows import Rows
    from parlour.midnightoil.terminal.table import Table


def board_of(
    game: Game,
    spot: tuple[object, ...],
    table: Table,
    drawing: Draw,
    assist: Assist,
    rows: Rows,
    results: Results,
) -> Board:
    """The board to draw for ``game`` at ``spot`` as the parts stand."""
    state = game.state
    board = Board(state=state, moves=game.moves, message=rows.message)
    board.selected = table.selected
    board.cursor = table.cursor
    if table.selected is not None:
        card = state.top(table.selected)
        if card is not None:
            if state.goes_home(card):
                board.foundation_targets = frozenset({card // 13})
            target = state.build_target(card)
            if target >= 0:
                board.fan_targets = frozenset({target})
    draw = drawing.mode
    if draw is not None:
        if draw.step == 3:
            board.draw_card = (draw.fan, draw.position)
            move_targets = drawing.destinations()
            board.fan_targets = frozenset(m.target for m in move_targets if not m.home)
            board.foundation_targets = frozenset(m.target for m in move_targets if m.home)
        else:
            board.draw_marks = frozenset(drawing.drawable())
            if draw.step == 2:
                board.draw_card = (draw.fan, draw.position)
    board.hint = assist.hint
    prompt = rows.prompt
    if prompt is not None:
        if prompt.question is not None:
            board.prompt = prompt.question.question
        elif prompt.editor is not None:
            editor = prompt.editor
            # a full field says its limit beside the label (a key is never cut silently)
            board.prompt = f"{editor.label} ({editor.limit()})" if editor.full else editor.label
            board.entry = prompt.editor.text
            board.entry_cursor = prompt.editor.cursor
    board.status, board.over = _status(game, spot, assist, rows, results)
    board.panel_notes = _notes(game, results)
    return board


def _status(
    game: Game, spot: tuple[object, ...], assist: Assist, rows: Rows, results: Results
) -> tuple[str, bool]:
    state = game.state
    ending = results.ending
    if rows.prompt is not None and rows.prompt.note:
        return (rows.prompt.note, True)
    if ending.at_end(state):
        return (end_status(state, ending.kind), True)
    if state.is_stuck():  # not declared yet (a save resumed here): it is an end all the same
        return (end_status(state, STUCK), True)
    if assist.solving:
        return (_("Auto-solve is playing - any key stops it"), False)
    if assist.hint is not None:
        return (_("Hint: {move}").format(move=assist.describe(assist.hint)), False)
    if assist.verdict is not None and assist.verdict[0] == state.key():
        return (assist.verdict[1], False)
    if ending.replaying(spot):
        return (ending.replay_status(), False)
    return ("", False)


def _notes(game: Game, results: Results) -> list[str]:
    minutes, seconds = divmod(int(game.elapsed), 60)
    clock = f"{number(minutes)}:{seconds:02}"
    # TRANSLATORS: the panel's notes, each at most 24 columns.
    notes = [_("time {clock}   undos {undos}").format(clock=clock, undos=number(game.undos))]
    record = results.stats.best_for(game.deal_number)
    if record is not None and (record.played or record.best or record.won):
        # Only the player's own games: a deal only the computer played shows no best.
        best = number(record.best)
        if record.won:
            notes.append(_("your best {best}/52 (won)").format(best=best))
        else:
            notes.append(_("your best {best}/52").format(best=best))
    if game.solver_used:
        notes.append(_("solved by computer"))
    return notes
