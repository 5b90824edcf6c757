"""Shared test set-up: every test gets its own data folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hypothesis_profiles import load_from_environment

load_from_environment()


def _english_environment() -> None:
    """The suite speaks English whatever the developer's locale: the golden screens of each
    language are tested by choosing it (``--lang``, ``i18n.use``), never by chance.
    ``LANGUAGE`` and ``LC_MESSAGES`` go; a ``LC_ALL`` or ``LANG`` of another language becomes
    ``C.UTF-8`` (still UTF-8, so curses draws as before)."""
    from parlour.core.i18n import language_of

    for name in ("LANGUAGE", "LC_MESSAGES"):
        os.environ.pop(name, None)
    for name in ("LC_ALL", "LANG"):
        if os.environ.get(name) and language_of(os.environ[name]) != "en":
            os.environ[name] = "C.UTF-8"


_english_environment()


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    """A test that chose another language leaves English behind it. Japanese is tested
    on every platform: the Windows console's fallback to English
    (``i18n.fall_back_for_console``) is off here, and tested by its own test and by the
    Windows stage's Japanese trips."""
    from parlour.core import i18n

    narrow = i18n.NARROW_CONSOLES
    i18n.NARROW_CONSOLES = ()
    yield
    i18n.NARROW_CONSOLES = narrow
    i18n.use("en")


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every test gets its own data folder and its own home folder (recovery saves and
    kept statistics may fall back to the home folder: never the real one)."""
    folder = tmp_path_factory.mktemp("parlour-data")
    home = tmp_path_factory.mktemp("home")
    names = ("PARLOUR_DATA_DIR", "HOME", "USERPROFILE")
    old = {name: os.environ.get(name) for name in names}
    os.environ["PARLOUR_DATA_DIR"] = str(folder)
    os.environ["HOME"] = str(home)
    os.environ["USERPROFILE"] = str(home)
    yield folder
    for name, value in old.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def _mount_tmpfs(folder: Path, size: str) -> None:
    """Mount a small tmpfs on ``folder``, or skip the test with the reason."""
    import subprocess
    import sys

    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("a disk of its own needs a tmpfs mounted as root on Linux")
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"this machine does not allow mounting a tmpfs: {done.stderr.strip()}")


def _unmount(folder: Path) -> None:
    import subprocess

    subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


@pytest.fixture
def unmade(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder (PARLOUR_DATA_DIR) two levels from being made: what reads the
    statistics must leave it unmade."""
    folder = tmp_path / "not" / "yet"
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a 64 KiB tmpfs filled to the last byte (files can still be created empty)."""
    folder = tmp_path / "full-disk"
    _mount_tmpfs(folder, "64k")
    try:
        fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            while True:
                os.write(fd, b"\0" * 512)
        except OSError:
            pass
        finally:
            os.close(fd)
        yield folder
    finally:
        _unmount(folder)


@pytest.fixture
def read_only_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a tmpfs mounted read-only (even root cannot write there)."""
    import subprocess

    folder = tmp_path / "read-only-disk"
    _mount_tmpfs(folder, "64k")
    try:
        done = subprocess.run(
            ["mount", "-o", "remount,ro", str(folder)], capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            pytest.skip(f"this machine does not allow a read-only remount: {done.stderr.strip()}")
        yield folder
    finally:
        _unmount(folder)
