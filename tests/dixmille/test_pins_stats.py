"""Dix Mille's statistics: the words and figures of the statistics page, pinned (#15)."""

from __future__ import annotations

import pytest

from parlour.dixmille import stats
from parlour.dixmille.stats import Totals


def test_the_page_title_counts_games_in_words() -> None:
    assert stats.games_label(0) == "0 recorded games"
    assert stats.games_label(1) == "1 recorded game"
    assert stats.games_label(3) == "3 recorded games"


def test_a_per_turn_figure_is_a_quotient_and_none_without_turns() -> None:
    assert Totals.ratio(7, 2) == 3.5
    assert Totals.ratio(7, 0) is None


def test_no_home_folder_is_told_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def homeless(create: bool = True) -> object:
        raise RuntimeError("could not determine home directory")

    monkeypatch.setattr(stats, "data_dir", homeless)
    assert stats.load_games() == (
        [],
        "Statistics could not be read: no data folder: could not determine home directory",
    )
