"""How a game ends, and how its end is told: the standings, the end screen, the last lines.

* :func:`standings` ranks the players by score, ties shown as ties (``1.``, ``2=``, ``2=``,
  ``4.``: equal scores share a place and the next place is skipped);
* :func:`render_standings` is the screen a finished game ends on: the result, every
  player's place, name and score, the last throws, waiting for a key before the
  statistics page;
* :func:`farewell` and :func:`quit_message` are the lines printed when the program ends;
* a *replay* (a save of a game whose result is already recorded, docs/foundation.md,
  "One game, one result") is told so as it starts (:func:`replay_opening`) and at every
  end (:func:`replay_note`).

Every text is measured in display columns and kept within :data:`LINE_COLUMNS`: a
screen line by choosing a shorter wording, a printed message by wrapping.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour import TYPE_CHECKING
from parlour.core.i18n import N_, _, ngettext
from parlour.core.record import Frozen
from parlour.core.text import LINE_COLUMNS, fit, keep_whole, pad, printable, width
from parlour.dixmille.game.names import MAX_NAME
from parlour.dixmille.game.rules import MAX_CYCLES, TARGET, Game, points
from parlour.dixmille.terminal.turnlog import LogEntry
from parlour.dixmille.terminal.view import (
    LOG_LINES,
    ROW_KEYS,
    ROW_LOG,
    ROW_MESSAGE,
    ROW_PROMPT,
    log_line,
)
from parlour.tui.frame import Frame, Style
from parlour.tui.glyphs import Glyphs

if TYPE_CHECKING:
    from parlour.dixmille.files.stats import GameRecord

WIDTH, HEIGHT = 80, 24
ROW_RESULT = 3
ROW_NOTES = 4
ROW_HEADING = 7
STANDINGS_PROMPT = N_("Press any key for this game's statistics")
STANDINGS_KEYS = N_("any key: statistics   q quit")
REPLAY_LABEL = N_("replay, not counted")
"""Beside the seed on the board of a replay, all the time it is played."""


class Standing(Frozen):
    """One player's place at the end: ``tied`` when another player has the same score."""

    place: int
    tied: bool
    name: str
    score: int

    @property
    def rank(self) -> str:
        """``1.`` or, for a place shared with another player, ``1=``."""
        return f"{self.place}{'=' if self.tied else '.'}"


def standings(names: Sequence[str], scores: Sequence[int]) -> list[Standing]:
    """Every player, highest score first (seat order among equals), with their place."""
    order = sorted(range(len(names)), key=lambda seat: -scores[seat])
    return [
        Standing(
            place=1 + sum(1 for other in scores if other > scores[seat]),
            tied=sum(1 for other in scores if other == scores[seat]) > 1,
            name=names[seat],
            score=scores[seat],
        )
        for seat in order
    ]


def _and(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=_(", ").join(names[:-1]), last=names[-1])


def result_text(names: Sequence[str], scores: Sequence[int], turns: int, past: bool = False) -> str:
    """The result in words: ``Bob wins with 12,850``, ``Ann and Bob share the win with
    10,200``, a solitaire game ``Ann reached 10,550 in 30 turns``; ``past``: ``won``,
    ``shared``. A game that ended at the cycle limit with nobody at 10,000 says so
    (``Bob wins with 450 at the 500-cycle limit``, ``Ann stopped at 450 after 500
    turns, the limit``)."""
    best = max(scores)
    winners = [name for name, score in zip(names, scores, strict=True) if score == best]
    limit = best < TARGET  # nobody got there: the cycle limit ended the game
    score = points(best)
    if len(names) == 1:
        if limit:
            return _("{name} stopped at {points} after {n} turns, the limit").format(
                name=names[0], points=score, n=turns
            )
        # TRANSLATORS: English keeps "1 turns" (its tests pin the line); say it right.
        return ngettext(
            "{name} reached {points} in {n} turns", "{name} reached {points} in {n} turns", turns
        ).format(name=names[0], points=score, n=turns)
    if len(winners) == 1:
        if limit:
            said = (
                _("{name} won with {points} at the {n}-cycle limit")
                if past
                else _("{name} wins with {points} at the {n}-cycle limit")
            )
        else:
            said = _("{name} won with {points}") if past else _("{name} wins with {points}")
        return said.format(name=winners[0], points=score, n=MAX_CYCLES)
    if limit:
        said = (
            _("{names} shared the win with {points} at the {n}-cycle limit")
            if past
            else _("{names} share the win with {points} at the {n}-cycle limit")
        )
    else:
        said = (
            _("{names} shared the win with {points}")
            if past
            else _("{names} share the win with {points}")
        )
    return said.format(names=_and(winners), points=score, n=MAX_CYCLES)


def game_result(game: Game) -> str:
    """The result of the finished ``game`` in words."""
    return result_text([p.name for p in game.players], [p.score for p in game.players], game.cycle)


def recorded_result(line: GameRecord) -> str:
    """The result a statistics line recorded, in the past tense (``Ann won with 10,200``)."""
    return result_text(line.names, line.scores, len(line.turns[0]), past=True)


def _first_fitting(*texts: str, columns: int = LINE_COLUMNS) -> str:
    """The first of ``texts`` that fits ``columns`` (the last one cut if none does)."""
    for candidate in texts:
        if width(candidate) <= columns:
            return candidate
    return fit(texts[-1], columns)


def replay_opening(line: GameRecord) -> str:
    """The message a replay starts with: the game has a result, playing on is not counted."""
    result = recorded_result(line)
    return _first_fitting(
        _("Replay, not counted: this game has ended ({result}).").format(result=result),
        _("Replay, not counted (ended: {result}).").format(result=result),
        _("Replay, not counted: this game has ended before."),
    )


def replay_note(line: GameRecord) -> str:
    """What every end of a replay says: nothing was recorded, the first result stands."""
    result = recorded_result(line)
    return _first_fitting(
        _("Replay, not counted: the game's result stands ({result}).").format(result=result),
        _("Replay, not counted (the result stands: {result}).").format(result=result),
        _("Replay, not counted: the game's first result stands."),
    )


def wrap(units: Sequence[str], separator: str = " ", indent: str = "") -> list[str]:
    """``units`` joined by ``separator`` in lines of at most :data:`LINE_COLUMNS` columns
    (a unit wider than a line gets one of its own)."""
    lines: list[str] = []
    line = ""
    for unit in units:
        joined = line + separator + unit if line else unit
        if line and width(joined) > LINE_COLUMNS:
            lines.append(line)
            line = indent + unit
        else:
            line = joined
    if line:
        lines.append(line)
    return lines


def farewell(game: Game, seed: int, notes: Sequence[str] = ()) -> str:
    """The lines printed when the program ends after ``game``: result, seed, standings, notes.

    ``Bob wins with 12,850. Seed 5.`` then ``Standings:  1. Bob 12,850   2. Ann 9,400``
    (wrapped at 80 columns; a solitaire game's result is its standing), then each of
    ``notes`` (a replay, statistics that could not be recorded).
    """
    said = _("{result}.").format(result=game_result(game))
    lines = wrap([*said.split(" "), _("Seed {seed}.").format(seed=seed)])
    if len(game.players) > 1:
        rows = standings([p.name for p in game.players], [p.score for p in game.players])
        units = [f"{row.rank} {row.name} {points(row.score)}" for row in rows]
        heading = _("Standings:")
        indent = " " * (width(heading) + 3)
        lines += wrap([heading, *units], separator="   ", indent=indent)
    lines += [note for note in notes if note]
    return "\n".join(printable(line) for line in lines)


def saved_message(path: str) -> str:
    """Where the game was saved and how to resume it (the path escaped; in the command,
    quoted the way the player's shell reads it)."""
    from parlour.core.shellpath import for_shell

    shown, command = keep_whole(printable(path)), keep_whole(printable(for_shell(path)))
    return _("Your game is saved in {path}; resume with: dixmille {file}").format(
        path=shown, file=command
    )


def quit_message(seed: int, save_path: str | None, unsaved: bool, replay: GameRecord | None) -> str:
    """The lines printed when a game is quit before its end.

    A game whose latest moves are all in a save says where that save is; otherwise it
    was abandoned (or, for a replay, left: nothing is recorded), and an older save of
    it is named, since it still resumes.
    """
    if save_path is not None and not unsaved:
        lines = [saved_message(save_path)]
    else:
        if save_path is None:
            if replay is None:
                lines = [_("dixmille: game abandoned (seed {seed})").format(seed=seed)]
            else:
                lines = [_("dixmille: replay left (seed {seed})").format(seed=seed)]
        else:
            if replay is None:
                left = _(
                    "dixmille: game abandoned (seed {seed});"
                    " the moves since your last save are lost"
                )
            else:
                left = _(
                    "dixmille: replay left (seed {seed}); the moves since your last save are lost"
                )
            from parlour.core.shellpath import for_shell

            resume = keep_whole(printable(for_shell(save_path)))
            lines = [
                left.format(seed=seed),
                _("Your last save still resumes: dixmille {file}").format(file=resume),
            ]
    if replay is not None:
        lines.append(replay_note(replay))
    return "\n".join(lines)


def render_standings(
    game: Game, log: Sequence[LogEntry], glyphs: Glyphs, seed_label: str, notes: Sequence[str]
) -> Frame:
    """The screen a finished game ends on, until a key is pressed.

    The result; any notes (a replay, statistics not recorded); every player's place,
    name and score, highest first (``2=`` for a shared place); the last lines of the
    turn log (how the game ended); the key that leads to the statistics.
    """
    frame = Frame(WIDTH, HEIGHT)
    frame.put(0, 0, "DIX MILLE", Style.BOLD)
    cycle = _("Turn {n}") if len(game.players) == 1 else _("Cycle {n}")
    frame.put(0, 14, cycle.format(n=game.cycle))
    frame.put(0, WIDTH - width(seed_label), seed_label, Style.DIM)
    frame.put(1, 0, glyphs.hbar * WIDTH, Style.DIM)
    frame.put(
        ROW_RESULT,
        0,
        fit(_("GAME OVER: {result}").format(result=game_result(game)), WIDTH),
        Style.BOLD,
    )
    for i, note in enumerate(notes[:2]):
        frame.put(ROW_NOTES + i, 0, fit(note, WIDTH))
    frame.put(ROW_HEADING, 3, _("Final standings"), Style.UNDERLINE)
    rows = standings([p.name for p in game.players], [p.score for p in game.players])
    for i, row in enumerate(rows):
        style = Style.BOLD if row.place == 1 else Style.NORMAL
        score = points(row.score)
        line = f"{row.rank:>4}  {pad(row.name, MAX_NAME)}  {pad('', 7 - width(score))}{score}"
        frame.put(ROW_HEADING + 1 + i, 1, line, style)
    for i, entry in enumerate(log[-LOG_LINES:]):
        frame.put(ROW_LOG + i, 2, log_line(entry, WIDTH - 2))
    frame.put(ROW_MESSAGE - 1, 0, glyphs.hbar * WIDTH, Style.DIM)
    frame.put(ROW_PROMPT, 0, _(STANDINGS_PROMPT), Style.BOLD)
    frame.put(ROW_KEYS, 0, _(STANDINGS_KEYS), Style.DIM)
    return frame
