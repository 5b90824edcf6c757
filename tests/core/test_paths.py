"""The per-user data folder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from parlour.core import paths


def test_env_override_is_used_and_created(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "data" / "here"
    monkeypatch.setenv(paths.ENV_VAR, str(target))
    assert paths.data_dir() == target
    assert target.is_dir()
    assert paths.data_file("stats.json") == target / "stats.json"


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG applies to Linux/Unix")
def test_xdg_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert paths.data_dir(create=False) == tmp_path / "xdg" / "parlour"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert paths.data_dir(create=False) == tmp_path / "home" / ".local" / "share" / "parlour"
