"""A locale that is missing breaks nothing (issue #42): the runner falls back to C.UTF-8
where UTF-8 was asked for, then C; where the character set ends up ASCII only, the game
speaks English, since French and Japanese cannot be drawn there."""

from __future__ import annotations

import locale
import sys
from pathlib import Path

import pytest

from parlour.tui.runner import set_locale
from tests.e2e.terminal import Terminal

ROOT = Path(__file__).resolve().parents[2]


def fake_setlocale(installed: set[str], calls: list[str]):  # type: ignore[no-untyped-def]
    def setlocale(category: int, name: str) -> str:
        calls.append(name)
        if name not in installed:
            raise locale.Error("unsupported locale setting")
        return name or "user"

    return setlocale


@pytest.mark.parametrize(
    ("environ", "installed", "taken", "tried"),
    [
        ({"LANG": "ja_JP.UTF-8"}, {"", "C.UTF-8", "C"}, "", [""]),
        ({"LANG": "ja_JP.UTF-8"}, {"C.UTF-8", "C"}, "C.UTF-8", ["", "C.UTF-8"]),
        ({"LC_ALL": "fr_FR.utf8"}, {"C"}, "C", ["", "C.UTF-8", "C"]),
        ({"LANG": "fr_FR.ISO-8859-1"}, {"C.UTF-8", "C"}, "C", ["", "C"]),  # not UTF-8: C
        ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, {"C.UTF-8"}, None, ["", "C"]),
        ({"LC_CTYPE": "ja_JP.UTF-8", "LANG": "C"}, {"C.UTF-8"}, "C.UTF-8", ["", "C.UTF-8"]),
    ],
)
def test_a_missing_locale_falls_back(
    environ: dict[str, str], installed: set[str], taken: str | None, tried: list[str]
) -> None:
    calls: list[str] = []
    assert set_locale(fake_setlocale(installed, calls), environ) == taken
    assert calls == tried


def demo(tmp_path: Path, lang: str, locale_name: str) -> Terminal:
    env = {
        "PARLOUR_DATA_DIR": str(tmp_path),
        "PYTHONPATH": str(ROOT),
        "DEMO_LANG": lang,
        "LC_ALL": locale_name,
    }
    return Terminal(
        [sys.executable, "-m", "tests.tui.demo_app"], rows=20, cols=60, env=env, cwd=ROOT
    )


@pytest.mark.e2e
def test_japanese_draws_where_its_locale_is_not_installed(tmp_path: Path) -> None:
    if "ja_jp.utf8" in {name.lower().replace("-", "") for name in _installed()}:
        pytest.skip("ja_JP.UTF-8 is installed here: nothing to fall back from")
    with demo(tmp_path, "ja", "ja_JP.UTF-8") as term:
        term.wait_for("端末を大きくしてください（80x24）。")
        term.resize(24, 80)
        term.wait_for("DEMO READY")
        term.send("q")
        assert term.wait_exit() == 0


@pytest.mark.e2e
def test_an_ascii_locale_speaks_english(tmp_path: Path) -> None:
    with demo(tmp_path, "fr", "C") as term:
        term.wait_for("Please enlarge the terminal (80x24).")
        term.resize(24, 80)
        term.wait_for("DEMO READY")
        term.send("q")
        assert term.wait_exit() == 0


def _installed() -> list[str]:
    import subprocess

    try:
        return subprocess.run(
            ["locale", "-a"], capture_output=True, text=True, check=False
        ).stdout.split()
    except OSError:
        return []
