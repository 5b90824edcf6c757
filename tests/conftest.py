"""Shared test set-up: every test gets its own data folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hypothesis_profiles import load_from_environment

load_from_environment()


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("parlour-data")
    old = os.environ.get("PARLOUR_DATA_DIR")
    os.environ["PARLOUR_DATA_DIR"] = str(folder)
    yield folder
    if old is None:
        os.environ.pop("PARLOUR_DATA_DIR", None)
    else:
        os.environ["PARLOUR_DATA_DIR"] = old
