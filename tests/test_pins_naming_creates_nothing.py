"""Naming a statistics file creates nothing (issue #29: a public function's effect is
behaviour). ``midnightoil --stats`` names the ledger, and dixmille names its statistics
file, on machines where no game has been played yet: the data folder stays unmade."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.keeper import LEDGER_NAME
from parlour.dixmille.files import statsfile as dixmille_statsfile
from parlour.midnightoil.files.stats import BASELINE_FILE, LEDGER_FILE
from parlour.midnightoil.files.statsfile import KEEPER, load_stats


@pytest.fixture
def unmade(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "not" / "yet"
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(folder))
    return folder


def test_midnightoil_names_its_ledger_without_making_the_folder(unmade: Path) -> None:
    assert KEEPER.ledger_path() == unmade / LEDGER_FILE
    assert not (unmade.parent).exists()


def test_midnightoil_reads_no_earlier_file_into_being(unmade: Path) -> None:
    stats, warning = load_stats()
    assert stats.played == 0 and warning is None
    assert not (unmade.parent).exists() and not (unmade / BASELINE_FILE).exists()


def test_dixmille_names_its_statistics_file_without_making_the_folder(unmade: Path) -> None:
    assert dixmille_statsfile.KEEPER.ledger_path() == unmade / "dixmille" / LEDGER_NAME
    assert not (unmade.parent).exists()
