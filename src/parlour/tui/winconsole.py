"""The Windows console: what it can draw, and putting it back as it was found.

**Drawing.** windows-curses (PDCurses built for wide characters, forced to
UTF-8) writes UTF-16 to the console, so the code page (``cp1252``, ``437``) does
not limit what shows: the console's font does. :func:`console_font` names it
and :func:`font_has` asks GDI (``GetGlyphIndicesW``) whether it has a glyph for
each character; :func:`parlour.tui.glyphs.windows_console_draws` makes the
decision from these facts.

**Restoring.** PDCurses changes the console's output mode (``SetConsoleMode(out,
ENABLE_LVB_GRID_WORLDWIDE)``) and draws in a screen buffer of its own, which it
makes active; ``endwin`` makes the first one active again but never puts the
output mode back where it drew in the first buffer (``PDC_RESTORE_SCREEN=0``),
and under Wine, whose standard output handle follows the active buffer, it
cannot go back at all: newlines then print as glyphs and the farewell lands over
the board. :class:`ConsoleState` keeps a handle to the buffer as it was found,
with both modes, and puts all of it back after ``endwin``.

Only imported on Windows (``ctypes.WinDLL``).
"""

from __future__ import annotations

import ctypes
import sys
from ctypes import wintypes

assert sys.platform == "win32"

# Imported after the platform check, which type checkers on other systems then read as
# making the rest of the module unreachable (the names exist on Windows only).
from parlour.core.win32 import GENERIC_READ, GENERIC_WRITE, INVALID_HANDLE  # noqa: E402
from parlour.core.win32 import kernel32 as _kernel32  # noqa: E402

_gdi32 = ctypes.WinDLL("gdi32", use_last_error=True)

STD_INPUT = -10
STD_OUTPUT = -11
FILE_SHARE_READ_WRITE = 0x1 | 0x2
OPEN_EXISTING = 3
TMPF_TRUETYPE = 0x4
GGI_MARK_NONEXISTING_GLYPHS = 0x1
MISSING_GLYPH = 0xFFFF
FACE_CHARS = 32


class _Coord(ctypes.Structure):
    _fields_ = [("X", ctypes.c_short), ("Y", ctypes.c_short)]


class _FontInfo(ctypes.Structure):
    _fields_ = [
        ("cbSize", wintypes.ULONG),
        ("nFont", wintypes.DWORD),
        ("dwFontSize", _Coord),
        ("FontFamily", wintypes.UINT),
        ("FontWeight", wintypes.UINT),
        ("FaceName", wintypes.WCHAR * FACE_CHARS),
    ]


_kernel32.GetStdHandle.restype = wintypes.HANDLE
_kernel32.GetConsoleMode.argtypes = [wintypes.HANDLE, ctypes.POINTER(wintypes.DWORD)]
_kernel32.SetConsoleMode.argtypes = [wintypes.HANDLE, wintypes.DWORD]
_kernel32.SetConsoleActiveScreenBuffer.argtypes = [wintypes.HANDLE]
_kernel32.GetCurrentConsoleFontEx.argtypes = [
    wintypes.HANDLE,
    wintypes.BOOL,
    ctypes.POINTER(_FontInfo),
]
_gdi32.CreateCompatibleDC.restype = wintypes.HDC
_gdi32.CreateCompatibleDC.argtypes = [wintypes.HDC]
_gdi32.DeleteDC.argtypes = [wintypes.HDC]
_gdi32.CreateFontW.restype = wintypes.HFONT
_gdi32.CreateFontW.argtypes = [ctypes.c_int] * 5 + [wintypes.DWORD] * 8 + [wintypes.LPCWSTR]
_gdi32.SelectObject.restype = wintypes.HGDIOBJ
_gdi32.SelectObject.argtypes = [wintypes.HDC, wintypes.HGDIOBJ]
_gdi32.DeleteObject.argtypes = [wintypes.HGDIOBJ]
_gdi32.GetGlyphIndicesW.argtypes = [
    wintypes.HDC,
    wintypes.LPCWSTR,
    ctypes.c_int,
    ctypes.POINTER(wintypes.WORD),
    wintypes.DWORD,
]


def _valid(handle: int | None) -> bool:
    return handle is not None and handle != 0 and handle != INVALID_HANDLE


def console_font() -> tuple[str, int] | None:
    """The console's font: (face name, family flags); None without a console to ask."""
    handle = _kernel32.GetStdHandle(STD_OUTPUT)
    if not _valid(handle):
        return None
    info = _FontInfo()
    info.cbSize = ctypes.sizeof(_FontInfo)
    if not _kernel32.GetCurrentConsoleFontEx(handle, False, ctypes.byref(info)):
        return None
    return str(info.FaceName), int(info.FontFamily)


def font_has(face: str, text: str) -> bool:
    """Whether the font ``face`` (as GDI finds it) has a glyph for every character of ``text``."""
    dc = _gdi32.CreateCompatibleDC(None)
    if not dc:
        return False
    try:
        font = _gdi32.CreateFontW(16, 0, 0, 0, 400, 0, 0, 0, 1, 0, 0, 0, 0, face)
        if not font:
            return False
        previous = _gdi32.SelectObject(dc, font)
        try:
            indices = (wintypes.WORD * len(text))()
            done = _gdi32.GetGlyphIndicesW(
                dc, text, len(text), indices, GGI_MARK_NONEXISTING_GLYPHS
            )
            return done == len(text) and MISSING_GLYPH not in list(indices)
        finally:
            _gdi32.SelectObject(dc, previous)
            _gdi32.DeleteObject(font)
    finally:
        _gdi32.DeleteDC(dc)


class ConsoleState:
    """The console's output buffer and modes as found; :meth:`restore` puts them back."""

    def __init__(self) -> None:
        self.output = _kernel32.CreateFileW(
            "CONOUT$",
            GENERIC_READ | GENERIC_WRITE,
            FILE_SHARE_READ_WRITE,
            None,
            OPEN_EXISTING,
            0,
            None,
        )
        self.output_mode = self._mode(self.output)
        self.input = _kernel32.GetStdHandle(STD_INPUT)
        self.input_mode = self._mode(self.input)

    @staticmethod
    def _mode(handle: int | None) -> int | None:
        if not _valid(handle):
            return None
        mode = wintypes.DWORD()
        if not _kernel32.GetConsoleMode(handle, ctypes.byref(mode)):
            return None
        return int(mode.value)

    def restore(self) -> None:
        """The buffer found active made active again, both modes as found; never raises."""
        if self.output_mode is not None:
            _kernel32.SetConsoleActiveScreenBuffer(self.output)
            _kernel32.SetConsoleMode(self.output, self.output_mode)
        if self.input_mode is not None:
            _kernel32.SetConsoleMode(self.input, self.input_mode)
        if _valid(self.output):
            _kernel32.CloseHandle(self.output)
        self.output = None
