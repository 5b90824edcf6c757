"""The kernel32 calls that both the saves (:mod:`parlour.core.winacl`) and the console
(:mod:`parlour.tui.winconsole`) make, declared once: one ``kernel32`` handle, the
prototypes of ``CreateFileW`` and ``CloseHandle``, and the constants they share.

Only imported on Windows (``ctypes.WinDLL``).
"""

from __future__ import annotations

import ctypes
import sys
from ctypes import wintypes

assert sys.platform == "win32"

kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)

GENERIC_READ = 0x80000000
GENERIC_WRITE = 0x40000000
INVALID_HANDLE = ctypes.c_void_p(-1).value
"""What ``CreateFileW`` returns when it fails (``INVALID_HANDLE_VALUE``)."""

kernel32.CreateFileW.restype = wintypes.HANDLE
kernel32.CreateFileW.argtypes = [
    wintypes.LPCWSTR,
    wintypes.DWORD,
    wintypes.DWORD,
    ctypes.c_void_p,
    wintypes.DWORD,
    wintypes.DWORD,
    wintypes.HANDLE,
]
kernel32.CloseHandle.argtypes = [wintypes.HANDLE]
