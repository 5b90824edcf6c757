"""Glyph sets follow what the terminal draws, and --ascii forces ASCII."""

from __future__ import annotations

import locale
import sys
import types
from pathlib import Path

import pytest

from parlour.tui import glyphs
from parlour.tui.frame import Frame, Style

TRUETYPE = glyphs.TMPF_TRUETYPE | 0x30  # FF_MODERN, as a console's TrueType font reports it
RASTER = 0x30


def test_ascii_is_pure_ascii() -> None:
    for field in ("suits", "dice"):
        assert all(s.isascii() for s in getattr(glyphs.ASCII, field))
    assert glyphs.ASCII.vbar.isascii()


def test_force_ascii() -> None:
    assert glyphs.choose_glyphs(force_ascii=True) is glyphs.ASCII


def test_locale_decides_where_no_console_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(locale, "nl_langinfo", lambda item: "UTF-8", raising=False)
    monkeypatch.setattr(locale, "CODESET", 14, raising=False)
    assert glyphs.choose_glyphs() is glyphs.UNICODE
    monkeypatch.setattr(locale, "nl_langinfo", lambda item: "ANSI_X3.4-1968", raising=False)
    assert glyphs.choose_glyphs() is glyphs.ASCII


def test_every_character_the_unicode_boards_draw_is_asked_for() -> None:
    """UNICODE_TEXT is what the console is asked about: a glyph missing from it would go
    undrawn on a console font that lacks it."""
    from parlour.core.text import ELLIPSIS
    from parlour.dixmille.terminal.faces import dice_text
    from parlour.dixmille.terminal.view import draw_die

    root = Path(__file__).parent.parent
    drawn = set((root / "midnightoil" / "golden" / "spec-mockup.txt").read_text(encoding="utf-8"))
    frame = Frame(7, 5)
    draw_die(frame, 0, 0, 5, glyphs.UNICODE, Style.NORMAL)
    drawn |= set(frame.to_text()) | set(dice_text(range(1, 7), glyphs.UNICODE)) | {ELLIPSIS}
    assert {c for c in drawn if not c.isascii()} <= set(glyphs.UNICODE_TEXT)


@pytest.mark.parametrize(
    ("terminal", "font", "has", "expected"),
    [
        (True, ("Terminal", RASTER), False, True),  # Windows Terminal falls back on other fonts
        (False, None, True, None),  # no console to ask: the locale decides
        (False, ("", 0), False, True),  # a pseudo-console names no font: its terminal draws
        (False, ("Terminal", RASTER), True, False),  # a raster font: the OEM code page only
        (False, ("Consolas", TRUETYPE), True, True),
        (False, ("Consolas", TRUETYPE), False, False),
    ],
)
def test_a_windows_console_is_judged_by_its_font(
    terminal: bool, font: tuple[str, int] | None, has: bool, expected: bool | None
) -> None:
    asked: list[str] = []

    def font_has(face: str) -> bool:
        asked.append(face)
        return has

    assert glyphs.windows_console_draws(terminal, font, font_has) is expected
    assert asked == ([font[0]] if font and font[1] == TRUETYPE and not terminal else [])


@pytest.mark.parametrize(
    ("font_has", "codeset", "expected"), [(True, "cp1252", "unicode"), (False, "UTF-8", "ascii")]
)
def test_on_windows_the_console_font_decides_not_the_code_page(
    monkeypatch: pytest.MonkeyPatch, font_has: bool, codeset: str, expected: str
) -> None:
    asked: list[str] = []
    console = types.ModuleType("parlour.tui.winconsole")
    console.console_font = lambda: ("Consolas", TRUETYPE)  # type: ignore[attr-defined]
    console.font_has = lambda face, text: asked.append(text) or font_has  # type: ignore[attr-defined]
    import parlour.tui

    monkeypatch.setitem(sys.modules, "parlour.tui.winconsole", console)
    monkeypatch.setattr(parlour.tui, "winconsole", console, raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delenv("WT_SESSION", raising=False)
    monkeypatch.setattr(locale, "nl_langinfo", lambda item: codeset, raising=False)
    monkeypatch.setattr(locale, "getpreferredencoding", lambda do_setlocale=True: codeset)
    assert glyphs.choose_glyphs().name == expected
    assert asked == [glyphs.UNICODE_TEXT]
