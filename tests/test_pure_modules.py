"""Every rules/ai/solver/view/core module imports with curses made unimportable."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import parlour

TERMINAL_MODULES = ("app", "cli", "runner", "__main__")
WINDOWS_ONLY = ("parlour.core.win32", "parlour.core.winacl", "parlour.tui.winconsole")
"""The Windows calls (ctypes.WinDLL): they import on Windows only, and are checked there."""


def pure_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(parlour.__path__, "parlour."):
        if info.name in WINDOWS_ONLY and sys.platform != "win32":
            continue
        if info.name.rsplit(".", 1)[-1] not in TERMINAL_MODULES:
            names.append(info.name)
    return sorted(names)


def test_pure_modules_never_import_curses() -> None:
    modules = pure_modules()
    assert "parlour.core.saves" in modules and "parlour.tui.frame" in modules
    script = (
        "import sys\n"
        "sys.modules['curses'] = None\n"
        "sys.modules['_curses'] = None\n"
        "import importlib\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "assert 'curses' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "print('ok', len(" + repr(modules) + "))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")


def test_only_the_runner_imports_curses_in_tui() -> None:
    import pathlib

    tui = pathlib.Path(parlour.__file__).parent / "tui"
    importers = sorted(
        p.name for p in tui.glob("*.py") if "import curses" in p.read_text(encoding="utf-8")
    )
    assert importers == ["runner.py"]
