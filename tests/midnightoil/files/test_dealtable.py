"""The per-deal table of the statistics (``files/dealtable.py``).

Pins of the per-deal table of Midnight Oil's statistics (issue #29: the table joined the
mutation list when it was found to hold code cut out of the listed statistics module)."""

from __future__ import annotations

import pytest

from parlour.midnightoil.files.dealtable import FIELDS, DealRecord, DealTable


def test_a_table_knows_which_deals_it_holds_and_shows_them() -> None:
    table = DealTable()
    table[5] = DealRecord(played=2, best=40)
    assert 5 in table and 6 not in table and len(table) == 1
    assert repr(table) == f"DealTable({ {5: DealRecord(played=2, best=40)}!r})"


def test_absorbing_a_deal_adds_every_count_earlier_games_included() -> None:
    table = DealTable()
    table.absorb(5, DealRecord(played=1, best=30, earlier=2, computer=1))
    table.absorb(5, DealRecord(played=2, best=20, won=True, earlier=3, computer_won=1))
    assert table.get(5) == DealRecord(
        played=3, best=30, won=True, computer=1, computer_won=1, earlier=5
    )


def test_a_table_from_columns_takes_them_all_or_all_but_the_earlier_games() -> None:
    whole = DealTable.of_columns([5, 9], [1, 2], [30, 52], [False, True], [0, 1], [0, 1], [0, 4])
    assert whole.get(9) == DealRecord(2, 52, True, 1, 1, 4)
    short = DealTable.of_columns([5, 9], [1, 2], [30, 52], [False, True], [0, 1], [0, 1])
    assert short.get(9) == DealRecord(2, 52, True, 1, 1, 0)
    with pytest.raises(ValueError):
        DealTable.of_columns([5, 9], [1, 2], [30, 52])  # columns missing
    assert len(FIELDS) == 6
