"""What the statistics hold about each deal number, as a table of columns.

A player of random deals has a deal of their own in every game: after 100,000 games
the statistics know 100,000 deals, and every start reads them back from the kept
totals (:mod:`parlour.midnightoil.files.statsfold`). Kept as six columns and an index,
they cost no object per deal, load from the kept columns as they are, and a deal's
record (:class:`DealRecord`) is made only when one is asked for (the board's "your
best", the statistics page's deal line).
"""

from __future__ import annotations

from collections.abc import Iterator

from parlour.core.record import Record


class DealRecord(Record):
    """What the statistics hold about one deal number.

    ``played``, ``best`` (cards home) and ``won`` are the player's own games;
    ``computer`` and ``computer_won`` the games auto-solve played on it;
    ``earlier`` the games of the earlier statistics file, which did not tell the
    player's from the computer's.
    """

    played: int = 0
    best: int = 0
    won: bool = False
    computer: int = 0
    computer_won: int = 0
    earlier: int = 0


FIELDS = DealRecord._fields
"""A deal's columns, in order: the table keeps one list per field."""


class DealTable:
    """Deal number -> :class:`DealRecord`, kept as columns (a row per deal, in the order
    the deals were first met). Equal to another table holding the same records."""

    __slots__ = ("rows", "played", "best", "won", "computer", "computer_won", "earlier")

    def __init__(self) -> None:
        self.rows: dict[int, int] = {}
        """Deal number -> its row."""
        self.played: list[int] = []
        self.best: list[int] = []
        self.won: list[bool] = []
        self.computer: list[int] = []
        self.computer_won: list[int] = []
        self.earlier: list[int] = []

    @staticmethod
    def of_columns(numbers: list[int], *columns: list[int] | list[bool]) -> DealTable:
        """A table of ``numbers`` (all different) and the columns of :data:`FIELDS`, as
        they are (the caller has checked them); ``earlier`` all 0 when left out."""
        table = DealTable()
        table.rows = dict(zip(numbers, range(len(numbers)), strict=True))
        full = list(columns) if len(columns) == len(FIELDS) else [*columns, [0] * len(numbers)]
        for name, column in zip(FIELDS, full, strict=True):
            setattr(table, name, column)
        return table

    def columns(self) -> list[list[int] | list[bool]]:
        """The columns of :data:`FIELDS`, in row order (the table's own lists)."""
        return [getattr(self, name) for name in FIELDS]

    def numbers(self) -> list[int]:
        """The deal numbers in row order."""
        return list(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __contains__(self, number: object) -> bool:
        return number in self.rows

    def get(self, number: int) -> DealRecord | None:
        """A copy of the record of deal ``number``, or None when no game was recorded on it."""
        row = self.rows.get(number)
        if row is None:
            return None
        return DealRecord(*(getattr(self, name)[row] for name in FIELDS))

    def items(self) -> Iterator[tuple[int, DealRecord]]:
        for number in self.rows:
            record = self.get(number)
            assert record is not None
            yield number, record

    def row(self, number: int) -> int:
        """The row of deal ``number``, made empty if it has none yet."""
        row = self.rows.get(number)
        if row is None:  # once per deal: with random deals, once per game read
            row = self.rows[number] = len(self.rows)
            self.played.append(0)
            self.best.append(0)
            self.won.append(False)
            self.computer.append(0)
            self.computer_won.append(0)
            self.earlier.append(0)
        return row

    def __setitem__(self, number: int, record: DealRecord) -> None:
        row = self.row(number)
        for name in FIELDS:
            getattr(self, name)[row] = getattr(record, name)

    def absorb(self, number: int, record: DealRecord) -> None:
        """Count ``record``'s games on deal ``number`` too."""
        row = self.row(number)
        self.played[row] += record.played
        self.best[row] = max(self.best[row], record.best)
        self.won[row] = self.won[row] or record.won
        self.computer[row] += record.computer
        self.computer_won[row] += record.computer_won
        self.earlier[row] += record.earlier

    def copy(self) -> DealTable:
        return DealTable.of_columns(self.numbers(), *(list(c) for c in self.columns()))

    def _as_dict(self) -> dict[int, tuple[object, ...]]:
        columns = self.columns()
        return {number: tuple(c[row] for c in columns) for number, row in self.rows.items()}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealTable):
            return NotImplemented
        return self._as_dict() == other._as_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"DealTable({dict(self.items())!r})"
