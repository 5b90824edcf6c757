"""Pins of dixmille's statistics file helpers (issue #29's mutation run)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

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
    def failing(create: bool = True) -> Path:
        raise error

    monkeypatch.setattr(statsfile, "data_dir", failing)
    assert statsfile.data_folder_problem() == line


def test_a_usable_data_folder_is_no_problem() -> None:
    assert statsfile.data_folder_problem() is None
