"""The crash log is appended like a statistics file: a link planted in the data folder
(``crash.log`` pointing elsewhere) is not followed (issue #26)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from parlour.tui import runner


def _crash() -> str:
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        return runner._log_crash()


def test_the_crash_log_is_appended_in_the_data_folder(_private_data_dir: Path) -> None:
    assert _crash() == str(_private_data_dir / "crash.log")
    assert _crash() == str(_private_data_dir / "crash.log")
    text = (_private_data_dir / "crash.log").read_text()
    assert text.count("RuntimeError: boom") == 2 and text.startswith("--- ")


@pytest.mark.skipif(
    sys.platform == "win32", reason="symlinks need privileges on Windows; not checked there"
)
def test_a_crash_log_that_is_a_link_is_not_followed(
    _private_data_dir: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    os.symlink(victim, _private_data_dir / "crash.log")
    assert _crash() == "(the crash log could not be written)"
    assert victim.read_text() == "mine\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on Windows")
def test_a_crash_log_that_is_a_fifo_does_not_hang(_private_data_dir: Path) -> None:
    os.mkfifo(_private_data_dir / "crash.log")
    assert _crash() == "(the crash log could not be written)"
