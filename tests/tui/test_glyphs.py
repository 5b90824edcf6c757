"""Glyph sets follow the locale, and --ascii forces ASCII."""

from __future__ import annotations

import locale

import pytest

from parlour.tui import glyphs


def test_ascii_is_pure_ascii() -> None:
    for field in ("suits", "dice"):
        assert all(s.isascii() for s in getattr(glyphs.ASCII, field))
    assert glyphs.ASCII.vbar.isascii()


def test_force_ascii() -> None:
    assert glyphs.choose_glyphs(force_ascii=True) is glyphs.ASCII


def test_locale_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(locale, "nl_langinfo", lambda item: "UTF-8")
    assert glyphs.choose_glyphs() is glyphs.UNICODE
    monkeypatch.setattr(locale, "nl_langinfo", lambda item: "ANSI_X3.4-1968")
    assert glyphs.choose_glyphs() is glyphs.ASCII
