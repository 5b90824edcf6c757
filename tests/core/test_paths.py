"""The per-user data folder."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import pytest

from parlour.core import paths, text


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


def _refusal(monkeypatch: pytest.MonkeyPatch, value: str) -> paths.DataDirError:
    monkeypatch.setenv(paths.ENV_VAR, value)
    with pytest.raises(paths.DataDirError) as info:
        paths.data_dir()
    error = info.value
    assert isinstance(error, OSError)  # callers that catch OSError catch it too
    assert all(ch.isprintable() for ch in str(error))
    return error


def test_a_regular_file_in_the_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "afile").write_text("x")
    error = _refusal(monkeypatch, str(tmp_path / "afile"))
    assert str(error) == (
        f"the data folder {tmp_path / 'afile'} (set by PARLOUR_DATA_DIR) "
        "is a file (or lies under one), not a folder"
    )
    assert error.brief == "not a folder"
    deeper = _refusal(monkeypatch, str(tmp_path / "afile" / "deeper"))
    assert "is a file" in str(deeper) and deeper.brief == "not a folder"
    assert (tmp_path / "afile").read_text() == "x"


def _windows_error(code: int, text: str) -> OSError:
    """An OSError as Windows raises it: an errno and the Windows error code."""
    error = OSError(errno.EINVAL, text)
    error.winerror = code  # type: ignore[attr-defined]
    return error


@pytest.mark.parametrize(
    ("error", "problem", "brief"),
    [
        (
            PermissionError(errno.EACCES, "Permission denied"),
            "cannot be created or used: permission denied",
            "permission denied",
        ),
        (OSError(errno.EROFS, "Read-only file system"), "is on a read-only disk", "read-only disk"),
        (
            OSError(errno.ENAMETOOLONG, "File name too long"),
            "has a name too long for the system",
            "name too long",
        ),
        (
            OSError(errno.EIO, "Input/output error"),
            "cannot be used: Input/output error",
            "Input/output error",
        ),
        (ValueError("embedded null byte"), "has a name the system refuses", "name refused"),
        (_windows_error(123, "Invalid name"), "has a name the system refuses", "name refused"),
        (
            _windows_error(87, "Invalid parameter"),
            "cannot be used: Invalid parameter",
            "Invalid parameter",
        ),
        # The exception's kind decides even without an errno.
        (FileExistsError("exists"), "is a file (or lies under one), not a folder", "not a folder"),
    ],
)
def test_each_refusal_says_its_problem_in_a_sentence_and_in_a_few_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception, problem: str, brief: str
) -> None:
    def refuse(self: Path, *args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(Path, "mkdir", refuse)
    refusal = _refusal(monkeypatch, str(tmp_path / "new"))
    assert (refusal.path, refusal.problem, refusal.brief) == (str(tmp_path / "new"), problem, brief)
    assert str(refusal).endswith(f"(set by PARLOUR_DATA_DIR) {problem}")


def test_a_deep_folder_that_does_not_exist_is_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deep = tmp_path / "a" / "b" / "c" / "d" / "e"
    monkeypatch.setenv(paths.ENV_VAR, str(deep))
    assert paths.data_dir() == deep and deep.is_dir()
    assert paths.data_dir() == deep  # and found again


def test_control_characters_in_the_name_are_shown_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = tmp_path / "x\x1b]0;t\x07"
    if sys.platform != "win32":  # Windows allows no control character in a name
        name.write_text("")
    error = _refusal(monkeypatch, str(name))
    assert "x^[]0;t^G (set by" in str(error)
    assert error.path == str(name)
    if sys.platform == "win32":
        assert str(error).endswith("(set by PARLOUR_DATA_DIR) has a name the system refuses")


@pytest.mark.parametrize(
    ("denied", "problem", "brief"),
    [
        (os.R_OK, "cannot be read: permission denied", "not readable"),
        (os.W_OK, "cannot be written to: permission denied", "not writable"),
    ],
)
def test_a_folder_without_permission(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, denied: int, problem: str, brief: str
) -> None:
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: not mode & denied and real_access(p, mode))
    refusal = _refusal(monkeypatch, str(tmp_path))
    assert str(refusal) == f"the data folder {tmp_path} (set by PARLOUR_DATA_DIR) {problem}"
    assert (refusal.path, refusal.brief) == (str(tmp_path), brief)


def test_a_folder_that_cannot_even_be_looked_at(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unlookable(self: Path) -> bool:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "mkdir", lambda self, *args, **kwargs: None)
    monkeypatch.setattr(Path, "is_dir", unlookable)
    refusal = _refusal(monkeypatch, str(tmp_path))
    assert str(refusal) == f"the data folder {tmp_path} (set by PARLOUR_DATA_DIR) cannot be used"
    assert (refusal.path, refusal.brief) == (str(tmp_path), "cannot be used")


def test_a_file_put_in_the_folders_place_after_it_was_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # mkdir has succeeded (or found the folder), but a file stands there by the check.
    (tmp_path / "raced").write_text("x")
    monkeypatch.setattr(Path, "mkdir", lambda self, *args, **kwargs: None)
    refusal = _refusal(monkeypatch, str(tmp_path / "raced"))
    assert (refusal.path, refusal.problem, refusal.brief) == (
        str(tmp_path / "raced"),
        "is a file (or lies under one), not a folder",
        "not a folder",
    )


def test_a_tilde_with_no_home_folder_is_taken_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_home(self: Path) -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "expanduser", no_home)
    monkeypatch.setenv(paths.ENV_VAR, "~/games")
    assert paths.data_dir(create=False) == Path("~/games")


@pytest.mark.parametrize(
    ("platform", "env", "expected"),
    [
        ("win32", {"APPDATA": "/appdata"}, Path("/appdata") / "Parlour"),
        ("win32", {}, Path("/home/ann") / "AppData" / "Roaming" / "Parlour"),
        ("darwin", {}, Path("/home/ann") / "Library" / "Application Support" / "Parlour"),
        ("linux", {}, Path("/home/ann") / ".local" / "share" / "parlour"),
    ],
)
def test_each_systems_own_place_for_the_data(
    monkeypatch: pytest.MonkeyPatch, platform: str, env: dict[str, str], expected: Path
) -> None:
    for name in (paths.ENV_VAR, "APPDATA", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(paths.sys, "platform", platform)
    monkeypatch.setattr(Path, "home", staticmethod(lambda: Path("/home/ann")))
    assert paths.data_dir(create=False) == expected


@pytest.mark.skipif(
    sys.platform == "win32", reason="Windows ignores mode bits: chmod makes no folder unwritable"
)
@pytest.mark.skipif(
    sys.platform != "win32" and os.geteuid() == 0, reason="root may read and write anything"
)
def test_a_real_unwritable_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    try:
        assert "cannot be written to" in str(_refusal(monkeypatch, str(locked)))
        assert "permission denied" in str(_refusal(monkeypatch, str(locked / "sub")))
    finally:
        locked.chmod(0o700)


def test_no_home_folder_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("APPDATA", raising=False)  # Windows: the home folder is asked then

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    with pytest.raises(paths.DataDirError) as info:
        paths.data_dir()
    assert str(info.value) == "the data folder has no home folder to live in; set PARLOUR_DATA_DIR"
    assert info.value.brief == "no home folder; set PARLOUR_DATA_DIR"


def test_the_crash_log_copes_with_an_odd_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.tui import runner

    (tmp_path / "afile").write_text("x")
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path / "afile"))
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        assert runner._log_crash() == "(the crash log could not be written)"


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="symlinks need privileges on Windows, and lstat under Wine cannot see one",
)
def test_the_crash_log_is_not_written_through_a_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.tui import runner

    data = tmp_path / "data"
    data.mkdir()
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("mine\n")
    (data / "crash.log").symlink_to(elsewhere)
    monkeypatch.setenv(paths.ENV_VAR, str(data))
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        assert runner._log_crash() == "(the crash log could not be written)"
    assert elsewhere.read_text() == "mine\n"
    (data / "crash.log").unlink()
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        assert runner._log_crash() == str(data / "crash.log")
    assert "RuntimeError: boom" in (data / "crash.log").read_text()


def test_a_data_folder_on_a_read_only_disk_says_so(
    read_only_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(read_only_disk))
    with pytest.raises(paths.DataDirError) as info:
        paths.data_dir()
    assert info.value.brief == "read-only disk"
    assert str(info.value).endswith(
        f"{read_only_disk} (set by PARLOUR_DATA_DIR) is on a read-only disk"
    )


class _Flags:
    def __init__(self, f_flag: int) -> None:
        self.f_flag = f_flag


@pytest.mark.parametrize(("flag", "read_only"), [(4, True), (5, True), (1, False), (0, False)])
def test_a_read_only_disk_is_told_by_the_systems_own_flag(
    flag: int, read_only: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The read-only flag is the system's ST_RDONLY (4 on this pretend system), not a guess."""
    monkeypatch.setattr(os, "statvfs", lambda path: _Flags(flag), raising=False)
    monkeypatch.setattr(os, "ST_RDONLY", 4, raising=False)
    assert paths._on_read_only_disk(tmp_path) is read_only


@pytest.mark.parametrize(("flag", "read_only"), [(1, True), (3, True), (2, False)])
def test_without_st_rdonly_the_flag_is_bit_one(
    flag: int, read_only: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "statvfs", lambda path: _Flags(flag), raising=False)
    monkeypatch.delattr(os, "ST_RDONLY", raising=False)
    assert paths._on_read_only_disk(tmp_path) is read_only


def test_where_the_disk_cannot_be_asked_it_is_not_called_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert paths._on_read_only_disk(tmp_path / "missing") is False  # statvfs fails
    monkeypatch.delattr(os, "statvfs", raising=False)  # as on Windows
    assert paths._on_read_only_disk(tmp_path) is False


def test_a_folder_problem_the_checks_do_not_name_is_said_in_the_systems_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def failing(create: bool = True) -> Path:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(paths, "data_dir", failing)
    assert paths.folder_problem("Not saved", 80) == (
        "Not saved: the data folder cannot be used (Input/output error)."
    )
    assert paths.folder_problem("Not saved", 30) == "Not saved: th...output error)."

    def odd(create: bool = True) -> Path:
        raise OSError("odd")  # no strerror: its text

    monkeypatch.setattr(paths, "data_dir", odd)
    assert (
        paths.folder_problem("Not saved", 80) == "Not saved: the data folder cannot be used (odd)."
    )


def test_stats_refuse_a_data_folder_under_a_file_where_the_system_says_no_such_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows answers "no such file" for a name under a file, where Linux says "not a
    directory": either way --stats names the file in the way, not "no games yet"."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    folder = blocker / "under" / "deeper"
    monkeypatch.setenv(paths.ENV_VAR, str(folder))
    real_stat = os.stat

    def windows_stat(name: object, *args: object, **kwargs: object) -> os.stat_result:
        if str(name).startswith(str(blocker) + os.sep):
            raise FileNotFoundError(2, "No such file or directory")
        return real_stat(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(paths.os, "stat", windows_stat)
    assert paths.unreadable("mille") == (
        f"mille: the statistics cannot be read: the data folder {text.keep_whole(str(folder))}"
        f" (set by {paths.ENV_VAR}) is a file (or lies under one), not a folder"
    )
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path / "none" / "yet"))
    assert paths.unreadable("mille") is None  # a folder not made yet holds no games


# ----- pins from the mutation run of 5 December (the suite always sets PARLOUR_DATA_DIR) ---


def test_the_data_folder_is_named_as_known_with_the_variable_only_when_it_is_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = Path("/srv/parlour")
    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    assert str(paths.DataDirError(folder, "is a file")) == f"the data folder {folder} is a file"
    assert str(paths.DataDirError(None, "is a file")) == "the data folder is a file"
    monkeypatch.setenv(paths.ENV_VAR, "x")
    assert str(paths.DataDirError(None, "is a file")) == (
        f"the data folder (set by {paths.ENV_VAR}) is a file"
    )


def test_statistics_without_a_home_folder_say_why(monkeypatch: pytest.MonkeyPatch) -> None:
    def homeless(create: bool = True) -> Path:
        raise paths.DataDirError(None, "has no home folder to be found")

    monkeypatch.setattr(paths, "data_dir", homeless)
    assert paths.unreadable("mille") == (
        "mille: the statistics cannot be read: has no home folder to be found"
    )


def test_statistics_in_a_folder_whose_name_the_system_refuses_say_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    named = tmp_path / "a\0b"
    monkeypatch.setattr(paths, "data_dir", lambda create=True: named)
    shown = text.keep_whole(text.printable(os.fspath(named)))  # the NUL shown, not sent
    assert paths.unreadable("dixmille") == (
        f"dixmille: the statistics cannot be read: the data folder {shown}"
        f" (set by {paths.ENV_VAR}) has a name the system refuses"
    )


def test_statistics_in_a_folder_that_cannot_be_read_say_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path))
    real_access = os.access
    # root may read anything: the refusal a player meets is made here
    monkeypatch.setattr(
        paths.os, "access", lambda p, mode: mode == os.F_OK and real_access(p, mode)
    )
    assert paths.unreadable("midnightoil") == (
        f"midnightoil: the statistics cannot be read: the data folder"
        f" {text.keep_whole(str(tmp_path))} (set by {paths.ENV_VAR}) cannot be read:"
        " permission denied"
    )


def test_statistics_on_a_drive_that_is_gone_are_simply_none_yet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Nothing of the path can be looked at (a removable drive taken out): no file, no
    # statistics, and no claim that something there is not a folder.
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path / "gone"))

    def nothing_there(*args: object, **kwargs: object) -> os.stat_result:
        raise FileNotFoundError(errno.ENOENT, "No such file or directory")

    monkeypatch.setattr(paths.os, "stat", nothing_there)
    assert paths.unreadable("mille") is None
