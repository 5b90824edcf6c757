"""On Windows, what the POSIX file tests check by modes, owners and names, checked the Windows way.

Windows ignores permission bits (``chmod`` only sets the read-only flag): who may read a
file is its DACL, read here through the real security calls (``parlour.core.winacl``).
Names it forbids are refused before anything is written, and the data folder lives
under ``%APPDATA%``. Run under Windows CPython (tools/windows/check.sh does it under
Wine); elsewhere these tests are skipped and the POSIX ones run instead.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from parlour.core import paths, saves

pytestmark = pytest.mark.skipif(
    sys.platform != "win32", reason="Windows security descriptors, names and %APPDATA%"
)

EVERYONE = "S-1-1-0"
SYSTEM = "S-1-5-18"


def allowed(path: Path) -> set[str]:
    """Who the file's DACL lets in (allow entries), as SIDs."""
    from parlour.core import winacl

    return {entry.sid for entry in winacl.dacl(path) if entry.kind == "A"}


def assert_private(path: Path) -> None:
    from parlour.core import winacl

    assert allowed(path) <= {winacl.user_sid(), SYSTEM}, winacl.dacl_sddl(path)
    assert winacl.user_sid() in allowed(path)


def test_a_recovery_save_is_created_private(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    target = saves.reserve_unique(folder, "mille-recovery")
    assert_private(target)
    saves.write_save(target, "demo", 1, 7, {"n": 1})
    assert_private(target)  # written over: still private
    assert saves.load_save(target, "demo", 1).state == {"n": 1}


def test_a_plain_new_file_here_would_let_others_in(tmp_path: Path) -> None:
    """What makes the test above mean something (Administrators on Windows, Everyone
    under Wine, whose access follows the Unix mode bits)."""
    from parlour.core import winacl

    (tmp_path / "plain.json").write_text("{}", encoding="utf-8")
    assert allowed(tmp_path / "plain.json") - {winacl.user_sid(), SYSTEM}


def share(path: Path) -> None:
    """A file that everyone may read (as a save in a shared folder would be)."""
    from parlour.core import winacl

    path.write_text("{}", encoding="utf-8")
    sddl = f"D:P(A;;FA;;;{winacl.user_sid()})(A;;FR;;;WD)"
    winacl.set_dacl(path, sddl)


def test_saving_over_a_file_keeps_who_may_read_it(tmp_path: Path) -> None:
    shared = tmp_path / "shared.json"
    share(shared)
    saves.write_save(shared, "demo", 1, 7, {"n": 2})
    assert EVERYONE in allowed(shared)
    private = saves.reserve_unique(tmp_path, "private")
    saves.write_save(private, "demo", 1, 7, {"n": 3})
    saves.write_save(private, "demo", 1, 7, {"n": 4})
    assert_private(private)
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


def test_a_new_save_gets_the_folders_access(tmp_path: Path) -> None:
    from parlour.core import winacl

    (tmp_path / "plain.json").write_text("{}", encoding="utf-8")
    saves.write_save(tmp_path / "new.json", "demo", 1, 7, {"n": 1})
    assert allowed(tmp_path / "new.json") == allowed(tmp_path / "plain.json")
    assert winacl.user_sid() in allowed(tmp_path / "new.json")


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("CON", '"CON" is a device name on Windows'),
        ("con.json", '"con.json" is a device name on Windows (CON)'),
        ("LPT1.json", '"LPT1.json" is a device name on Windows (LPT1)'),
        ("a<b.json", '"a<b.json": Windows allows no < in a file name'),
        ("a|b.json", '"a|b.json": Windows allows no | in a file name'),
        ("s.json:hidden", '"s.json:hidden": Windows allows no : in a file name'),
        ("save.", '"save." ends in a dot, which Windows drops'),
        ("save ", '"save " ends in a space, which Windows drops'),
    ],
)
def test_a_name_windows_forbids_is_refused_and_nothing_is_written(
    tmp_path: Path, name: str, reason: str
) -> None:
    with pytest.raises(saves.SaveError) as caught:
        saves.write_save(tmp_path / name, "demo", 1, 7, {"n": 1})
    assert str(caught.value) == f"{tmp_path / name}: {reason}; choose another name"
    assert list(tmp_path.iterdir()) == []


def test_a_device_name_is_no_file_to_overwrite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows (Wine too) says CON.json exists, as typed: it is the console. The games must
    not ask to overwrite it."""
    monkeypatch.chdir(tmp_path)
    assert not saves.file_exists(saves.player_path("CON.json"))
    assert not saves.file_exists("nul")
    (tmp_path / "s.json").write_text("{}", encoding="utf-8")
    assert saves.file_exists(tmp_path / "s.json")


def test_a_folder_with_a_forbidden_name_is_refused_too(tmp_path: Path) -> None:
    with pytest.raises(saves.SaveError) as caught:
        saves.write_save(tmp_path / "aux" / "s.json", "demo", 1, 7, {"n": 1})
    assert caught.value.reason == '"aux" is a device name on Windows; choose another name'


def test_the_data_folder_is_under_appdata(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    assert paths.data_dir() == tmp_path / "Roaming" / "Parlour"
    assert (tmp_path / "Roaming" / "Parlour").is_dir()
    monkeypatch.delenv("APPDATA")
    monkeypatch.setenv("USERPROFILE", str(tmp_path / "Ann"))
    assert paths.data_dir(create=False) == tmp_path / "Ann" / "AppData" / "Roaming" / "Parlour"


def test_the_real_appdata_is_where_windows_says(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    assert os.environ.get("APPDATA"), "Windows sets APPDATA for every user"
    assert paths.data_dir(create=False) == Path(os.environ["APPDATA"]) / "Parlour"


def test_a_console_font_is_asked_glyph_by_glyph() -> None:
    from parlour.tui import winconsole

    assert winconsole.font_has("Courier New", "Ab")
    assert not winconsole.font_has("Courier New", "A\u0378")  # U+0378: no character at all
