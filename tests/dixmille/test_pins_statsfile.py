"""Pins of dixmille's statistics file helpers (issue #29's mutation run)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from parlour.core import paths
from parlour.dixmille.files import statsfile


@pytest.mark.parametrize(
    ("error", "line"),
    [
        (OSError(errno.EIO, "Input/output error"), "data folder: Input/output error"),
        (OSError("odd"), "data folder: odd"),
    ],
)
def test_a_data_folder_problem_the_checks_do_not_name_is_said_in_the_systems_words(
    monkeypatch: pytest.MonkeyPatch, error: OSError, line: str
) -> None:
    _no_data_folder(monkeypatch, error)
    assert statsfile.KEEPER.folder_problem() == line


def test_with_nowhere_to_name_no_kept_record_is_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no data folder to be named (no home folder), nothing kept is written: 0."""
    _no_data_folder(monkeypatch, OSError("no home folder"))
    assert statsfile.KEEPER.flush() == 0


def _no_data_folder(monkeypatch: pytest.MonkeyPatch, error: OSError) -> None:
    def failing(create: bool = True) -> Path:
        raise error

    monkeypatch.setattr(paths, "data_dir", failing)


def test_a_usable_data_folder_is_no_problem() -> None:
    assert statsfile.KEEPER.folder_problem() is None
