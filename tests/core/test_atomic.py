"""Writing keeps what it should: modes, links, devices, and no temporary file left behind."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.core import atomic
from parlour.core.saves import SaveError, load_save, write_save

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file kinds")
posix_modes = pytest.mark.skipif(
    sys.platform == "win32",
    reason="Windows ignores mode bits; test_windows_files.py checks the access list instead",
)
posix_names = pytest.mark.skipif(
    sys.platform == "win32",
    reason="Windows forbids control characters in names; test_windows_files.py: refused",
)


def _save(path: Path, turn: int = 1) -> None:
    write_save(path, "demo", 1, 3, {"turn": turn})


def _turn(path: Path) -> int:
    return int(load_save(path, "demo", 1).state["turn"])


def _refused(path: Path) -> str:
    with pytest.raises(SaveError) as info:
        _save(path, 2)
    return str(info.value)


def _temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


@posix_modes
def test_a_private_file_stays_private(tmp_path: Path, umask: None) -> None:
    target = tmp_path / "mine.json"
    _save(target)
    os.chmod(target, 0o600)
    _save(target, 2)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600 and _turn(target) == 2
    os.chmod(target, 0o640)
    _save(target, 3)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@posix_modes
@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_follows_the_umask(tmp_path: Path, mask: int, mode: int) -> None:
    old = os.umask(mask)
    try:
        _save(tmp_path / "new.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == mode


@posix_only
def test_a_fifo_is_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert _refused(fifo) == f"{fifo}: is not a regular file; choose another name"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and _temps(tmp_path) == []


@posix_only
def test_a_socket_is_never_replaced(tmp_path: Path) -> None:
    path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        assert "is not a regular file" in _refused(path)
        assert stat.S_ISSOCK(os.lstat(path).st_mode)
    finally:
        server.close()


@posix_only
def test_a_device_is_never_replaced(tmp_path: Path) -> None:
    # A private copy of /dev/null (major 1, minor 3): the real one is shared by everyone here.
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        pytest.skip("creating a device needs root")
    assert "is not a regular file" in _refused(device)
    assert stat.S_ISCHR(os.lstat(device).st_mode) and _temps(tmp_path) == []


@posix_only
def test_the_real_dev_null_is_refused_before_anything_is_written() -> None:
    # Only resolve_target is asked, so even a broken replace_file could not harm /dev/null.
    with pytest.raises(atomic.TargetRefused, match="not a regular file"):
        atomic.resolve_target(Path("/dev/null"))


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert _refused(tmp_path).endswith("is a folder; choose a file name")


@posix_only
def test_a_symlink_is_written_through(tmp_path: Path, umask: None) -> None:
    elsewhere = tmp_path / "real"
    elsewhere.mkdir()
    real = elsewhere / "game.json"
    _save(real)
    os.chmod(real, 0o600)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    _save(link, 2)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert _turn(real) == 2 and stat.S_IMODE(real.stat().st_mode) == 0o600
    assert _temps(tmp_path) == [] and _temps(elsewhere) == []
    # A relative link through a linked folder resolves the same way.
    (tmp_path / "rel.json").symlink_to(Path("real") / "game.json")
    _save(tmp_path / "rel.json", 3)
    assert _turn(real) == 3 and (tmp_path / "rel.json").is_symlink()


@posix_only
def test_a_dangling_link_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "dangling.json"
    link.symlink_to(tmp_path / "nowhere.json")
    assert _refused(link).endswith("is a link to nothing; choose another name")
    assert link.is_symlink() and not (tmp_path / "nowhere.json").exists()


@posix_only
def test_a_link_to_a_fifo_or_folder_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "to-pipe").symlink_to(tmp_path / "pipe")
    assert "is a link to something that is not a file" in _refused(tmp_path / "to-pipe")
    (tmp_path / "to-dir").symlink_to(tmp_path)
    assert "folder" in _refused(tmp_path / "to-dir")


@posix_only
def test_a_link_loop_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert "could not save" in _refused(tmp_path / "a")


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes anything")
def test_a_read_only_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "ro.json"
    _save(target)
    os.chmod(target, 0o444)
    assert _refused(target).endswith("is read-only; choose another name")
    assert _turn(target) == 1


def test_a_read_only_file_is_refused_even_when_the_folder_allows_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "ro.json"
    _save(target)
    monkeypatch.setattr(os, "access", lambda path, mode: mode != os.W_OK)
    assert _refused(target).endswith("is read-only; choose another name")
    assert _turn(target) == 1


def test_temporary_files_are_named_for_the_target_and_the_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    real_replace = os.replace

    def spy(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        seen.append(Path(src).name)
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    _save(tmp_path / "g.json")
    _save(tmp_path / "g.json")
    assert len(seen) == 2 and seen[0] != seen[1]
    for name in seen:
        prefix, pid, token, suffix = name.rsplit(".", 3)
        assert prefix == ".g.json" and pid == str(os.getpid()) and suffix == "tmp"
        assert len(token) == 8 and int(token, 16) >= 0


def test_a_very_long_name_still_saves(tmp_path: Path) -> None:
    target = tmp_path / ("n" * 240 + ".json")
    _save(target)
    assert _turn(target) == 1 and _temps(tmp_path) == []


@pytest.mark.parametrize("error", [KeyboardInterrupt, SystemExit, OSError])
def test_an_interrupted_save_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: type[BaseException]
) -> None:
    target = tmp_path / "g.json"
    _save(target)
    before = target.read_bytes()

    def interrupted(fd: int) -> None:
        raise error()

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(SaveError if error is OSError else error):
        _save(target, 2)
    assert target.read_bytes() == before and _temps(tmp_path) == []


def test_a_failed_rename_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    assert "could not save: permission denied" in _refused(tmp_path / "g.json")
    assert _temps(tmp_path) == []


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _leftover(folder: Path, name: str, age: float = 0) -> Path:
    path = folder / name
    path.write_bytes(b"{half a save")
    if age:
        stamp = time.time() - age
        os.utime(path, (stamp, stamp))
    return path


@pytest.fixture
def alive_child() -> Iterator[subprocess.Popen[bytes]]:
    """A process that runs for the test (ours to signal, should the code under test try)."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    yield child
    child.kill()
    child.wait()


@posix_only
def test_leftovers_of_interrupted_saves_are_cleaned_up(
    tmp_path: Path, alive_child: subprocess.Popen[bytes]
) -> None:
    dead, alive = _dead_pid(), alive_child.pid
    gone = [
        _leftover(tmp_path, f".g.json.{dead}.0badf00d.tmp"),
        _leftover(tmp_path, f".g.json.{alive}.0badf00d.tmp", age=2 * 3600),
        _leftover(tmp_path, ".g.json.k2j4_x9a.tmp", age=2 * 3600),  # earlier versions' names
    ]
    kept = [
        _leftover(tmp_path, f".g.json.{alive}.00c0ffee.tmp"),  # a save still in progress
        _leftover(tmp_path, f".g.json.{os.getpid()}.00c0ffee.tmp"),
        _leftover(tmp_path, ".g.json.k2j4_x9b.tmp"),
        _leftover(tmp_path, f".other.json.{dead}.0badf00d.tmp"),  # another target's
        _leftover(tmp_path, f"g.json.{dead}.0badf00d.tmp"),
    ]
    # A link and a folder named like leftovers, sorting first: skipped, never followed or removed,
    # and the scan goes on past them.
    (tmp_path / ".g.json.1.0000.tmp").symlink_to(kept[0])
    (tmp_path / ".g.json.1.0001.tmp").mkdir()
    assert sorted(atomic.remove_stale_temps(tmp_path, "g.json")) == sorted(gone)
    assert all(path.exists() for path in kept)
    assert (tmp_path / ".g.json.1.0000.tmp").is_symlink()
    assert (tmp_path / ".g.json.1.0001.tmp").is_dir()
    with pytest.raises(subprocess.TimeoutExpired):  # asking whether it runs did not signal it
        alive_child.wait(timeout=0.5)
    gone.append(_leftover(tmp_path, f".g.json.{dead}.0badf00d.tmp"))
    _save(tmp_path / "g.json")  # every save cleans up first
    assert not any(path.exists() for path in gone)


@posix_names
def test_a_name_with_a_newline_is_cleaned_up_too(tmp_path: Path) -> None:
    stale = _leftover(tmp_path, ".odd\nname.json.k2j4_x9a.tmp", age=2 * 3600)
    _save(tmp_path / "odd\nname.json")
    assert not stale.exists()


def test_a_leftover_that_cannot_be_removed_does_not_stop_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stale = _leftover(tmp_path, ".g.json.k2j4_x9a.tmp", age=2 * 3600)
    real_unlink = os.unlink

    def stubborn(path: str | os.PathLike[str]) -> None:
        if Path(path) == stale:
            raise PermissionError(13, "Permission denied")
        real_unlink(path)

    monkeypatch.setattr(os, "unlink", stubborn)
    _save(tmp_path / "g.json")
    assert _turn(tmp_path / "g.json") == 1 and stale.exists()


def test_whether_a_process_runs() -> None:
    assert atomic.pid_alive(os.getpid()) is (None if sys.platform == "win32" else True)
    if sys.platform != "win32":
        assert atomic.pid_alive(_dead_pid()) is False
        assert atomic.pid_alive(0) is False and atomic.pid_alive(-5) is False


def test_someone_elses_process_counts_as_running(monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(pid: int, sig: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(os, "kill", denied)
    assert atomic.pid_alive(1) is True


def test_on_windows_pids_are_never_probed(monkeypatch: pytest.MonkeyPatch) -> None:
    probed: list[int] = []
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "kill", lambda pid, sig: probed.append(pid))
    assert atomic.pid_alive(1234) is None and probed == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_as_root_someone_elses_save_keeps_its_owner(tmp_path: Path) -> None:
    target = tmp_path / "theirs.json"
    _save(target)
    os.chown(target, 12345, 23456)
    _save(target, 2)
    info = target.stat()
    assert (info.st_uid, info.st_gid) == (12345, 23456) and _turn(target) == 2


def test_where_pids_cannot_be_checked_only_old_leftovers_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic, "pid_alive", lambda pid: None)
    fresh = _leftover(tmp_path, ".g.json.99999999.0badf00d.tmp")
    old = _leftover(tmp_path, ".g.json.99999998.0badf00d.tmp", age=2 * 3600)
    _save(tmp_path / "g.json")
    assert fresh.exists() and not old.exists()


@posix_only
def test_a_save_killed_mid_write_is_cleaned_up_by_the_next(tmp_path: Path) -> None:
    target = tmp_path / "g.json"
    _save(target)
    script = (
        "import os, sys\n"
        "from parlour.core import saves\n"
        "def stop(fd):\n"
        "    print('writing', flush=True)\n"
        "    sys.stdin.read()\n"
        "os.fsync = stop\n"
        f"saves.write_save({str(target)!r}, 'demo', 1, 3, {{'turn': 2}})\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None and child.stdout.readline() == "writing\n"
    child.kill()
    child.wait()
    assert child.stdin is not None
    child.stdin.close()
    child.stdout.close()
    [left] = _temps(tmp_path)
    assert left.startswith(f".g.json.{child.pid}.")
    assert _turn(target) == 1
    _save(target, 3)
    assert _temps(tmp_path) == [] and _turn(target) == 3
