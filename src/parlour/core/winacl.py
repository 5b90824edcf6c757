"""Who may read a file on Windows: its security descriptor, through the Windows calls.

Windows ignores permission bits (``chmod`` only sets or clears the read-only
flag); who may open a file is said by its DACL, the list of access entries in
its security descriptor. The saves use this module where POSIX uses modes:

* :func:`create_private` creates a new file (exclusively, like ``O_EXCL``)
  whose DACL lets only the current user and the system (``SYSTEM``) in, and
  inherits nothing from the folder: what ``0600`` says on POSIX. Recovery saves
  are made so, and a save is written into such a file while it is new.
* :func:`copy_access` gives a file the DACL of another, protected or not: a
  save written over an old one keeps the old one's access, as ``chmod`` keeps
  its bits on POSIX.
* :func:`dacl` reads the entries back, for the tests and for the curious.

Only imported on Windows (it uses ``ctypes.WinDLL`` and ``msvcrt``).
"""

from __future__ import annotations

import ctypes
import os
import sys
from ctypes import wintypes

from parlour.core.record import Frozen

assert sys.platform == "win32"

# Imported after the platform check, which type checkers on other systems then read as
# making the rest of the module unreachable (the names exist on Windows only).
from parlour.core.win32 import GENERIC_READ, GENERIC_WRITE, INVALID_HANDLE  # noqa: E402
from parlour.core.win32 import kernel32 as _kernel32  # noqa: E402

_advapi32 = ctypes.WinDLL("advapi32", use_last_error=True)

DACL_SECURITY_INFORMATION = 0x4
SDDL_REVISION_1 = 1
FILE_SHARE_ALL = 0x1 | 0x2 | 0x4
CREATE_NEW = 1
FILE_ATTRIBUTE_NORMAL = 0x80
TOKEN_QUERY = 0x8
TOKEN_USER_CLASS = 1

SYSTEM_SID = "S-1-5-18"


class _SecurityAttributes(ctypes.Structure):
    _fields_ = [
        ("nLength", wintypes.DWORD),
        ("lpSecurityDescriptor", ctypes.c_void_p),
        ("bInheritHandle", wintypes.BOOL),
    ]


_kernel32.GetCurrentProcess.restype = wintypes.HANDLE
_kernel32.LocalFree.argtypes = [ctypes.c_void_p]
_advapi32.OpenProcessToken.argtypes = [
    wintypes.HANDLE,
    wintypes.DWORD,
    ctypes.POINTER(wintypes.HANDLE),
]
_advapi32.GetTokenInformation.argtypes = [
    wintypes.HANDLE,
    ctypes.c_int,
    ctypes.c_void_p,
    wintypes.DWORD,
    ctypes.POINTER(wintypes.DWORD),
]
_advapi32.ConvertSidToStringSidW.argtypes = [ctypes.c_void_p, ctypes.POINTER(wintypes.LPWSTR)]
_advapi32.ConvertStringSidToSidW.argtypes = [wintypes.LPCWSTR, ctypes.POINTER(ctypes.c_void_p)]
_advapi32.ConvertStringSecurityDescriptorToSecurityDescriptorW.argtypes = [
    wintypes.LPCWSTR,
    wintypes.DWORD,
    ctypes.POINTER(ctypes.c_void_p),
    ctypes.POINTER(wintypes.ULONG),
]
_advapi32.ConvertSecurityDescriptorToStringSecurityDescriptorW.argtypes = [
    ctypes.c_void_p,
    wintypes.DWORD,
    wintypes.DWORD,
    ctypes.POINTER(wintypes.LPWSTR),
    ctypes.POINTER(wintypes.ULONG),
]
_advapi32.GetFileSecurityW.argtypes = [
    wintypes.LPCWSTR,
    wintypes.DWORD,
    ctypes.c_void_p,
    wintypes.DWORD,
    ctypes.POINTER(wintypes.DWORD),
]
_advapi32.SetFileSecurityW.argtypes = [wintypes.LPCWSTR, wintypes.DWORD, ctypes.c_void_p]


def _error(path: str | None = None) -> OSError:
    """The last Windows error as the ``OSError`` subclass Python gives it (FileExistsError...)."""
    code = ctypes.get_last_error()
    return OSError(None, ctypes.FormatError(code).strip(), path, code)


def user_sid() -> str:
    """The current user's security identifier, as text (``S-1-5-21-...``)."""
    token = wintypes.HANDLE()
    if not _advapi32.OpenProcessToken(
        _kernel32.GetCurrentProcess(), TOKEN_QUERY, ctypes.byref(token)
    ):
        raise _error()
    try:
        size = wintypes.DWORD()
        _advapi32.GetTokenInformation(token, TOKEN_USER_CLASS, None, 0, ctypes.byref(size))
        buffer = ctypes.create_string_buffer(size.value)
        if not _advapi32.GetTokenInformation(
            token, TOKEN_USER_CLASS, buffer, size, ctypes.byref(size)
        ):
            raise _error()
        sid = ctypes.cast(buffer, ctypes.POINTER(ctypes.c_void_p))[0]  # TOKEN_USER.User.Sid
        text = wintypes.LPWSTR()
        if not _advapi32.ConvertSidToStringSidW(sid, ctypes.byref(text)):
            raise _error()
        try:
            return str(text.value)
        finally:
            _kernel32.LocalFree(text)
    finally:
        _kernel32.CloseHandle(token)


def private_sddl() -> str:
    """The DACL of a private file, in SDDL: protected, full access for the user and SYSTEM."""
    return f"D:P(A;;FA;;;{SYSTEM_SID})(A;;FA;;;{user_sid()})"


def create_private(path: str | os.PathLike[str]) -> int:
    """Create ``path``, which must not exist, with a private DACL; a file descriptor open to write.

    ``FileExistsError`` if something has that name (the create is exclusive), another
    ``OSError`` if it cannot be created.
    """
    name = os.fspath(path)
    descriptor = ctypes.c_void_p()
    if not _advapi32.ConvertStringSecurityDescriptorToSecurityDescriptorW(
        private_sddl(), SDDL_REVISION_1, ctypes.byref(descriptor), None
    ):
        raise _error(name)
    try:
        attributes = _SecurityAttributes(ctypes.sizeof(_SecurityAttributes), descriptor, False)
        handle = _kernel32.CreateFileW(
            name,
            GENERIC_READ | GENERIC_WRITE,
            FILE_SHARE_ALL,
            ctypes.byref(attributes),
            CREATE_NEW,
            FILE_ATTRIBUTE_NORMAL,
            None,
        )
        if handle is None or handle == INVALID_HANDLE:
            raise _error(name)
    finally:
        _kernel32.LocalFree(descriptor)
    import msvcrt

    try:
        return msvcrt.open_osfhandle(handle, os.O_WRONLY | getattr(os, "O_BINARY", 0))
    except OSError:
        _kernel32.CloseHandle(handle)
        raise


def _descriptor(path: str) -> ctypes.Array[ctypes.c_char]:
    """The self-relative security descriptor of ``path``, its DACL part."""
    size = wintypes.DWORD()
    _advapi32.GetFileSecurityW(path, DACL_SECURITY_INFORMATION, None, 0, ctypes.byref(size))
    if size.value == 0:
        raise _error(path)
    buffer = ctypes.create_string_buffer(size.value)
    if not _advapi32.GetFileSecurityW(
        path, DACL_SECURITY_INFORMATION, buffer, size, ctypes.byref(size)
    ):
        raise _error(path)
    return buffer


def set_dacl(path: str | os.PathLike[str], sddl: str) -> None:
    """Give ``path`` the DACL written in SDDL (``D:P(A;;FA;;;S-1-5-18)...``)."""
    name = os.fspath(path)
    descriptor = ctypes.c_void_p()
    if not _advapi32.ConvertStringSecurityDescriptorToSecurityDescriptorW(
        sddl, SDDL_REVISION_1, ctypes.byref(descriptor), None
    ):
        raise _error(name)
    try:
        if not _advapi32.SetFileSecurityW(name, DACL_SECURITY_INFORMATION, descriptor):
            raise _error(name)
    finally:
        _kernel32.LocalFree(descriptor)


NO_ACCESS_LISTS = (1, 50)
"""ERROR_INVALID_FUNCTION, ERROR_NOT_SUPPORTED: a volume without access lists (FAT)."""


def copy_access(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """Give ``target`` the DACL of ``source`` (its protection from inheritance too).

    Nothing is done on a volume without access lists (FAT): there is nothing to keep.
    """
    try:
        buffer = _descriptor(os.fspath(source))
    except OSError as exc:
        if exc.winerror in NO_ACCESS_LISTS:
            return
        raise
    if not _advapi32.SetFileSecurityW(os.fspath(target), DACL_SECURITY_INFORMATION, buffer):
        if ctypes.get_last_error() in NO_ACCESS_LISTS:
            return
        raise _error(os.fspath(target))


class Entry(Frozen):
    """One access entry: ``A`` (allow) or ``D`` (deny), its flags, rights and who."""

    kind: str
    flags: str
    rights: str
    sid: str


def dacl_sddl(path: str | os.PathLike[str]) -> str:
    """The DACL of ``path`` in SDDL (``D:P(A;;FA;;;S-1-5-18)...``)."""
    buffer = _descriptor(os.fspath(path))
    text = wintypes.LPWSTR()
    if not _advapi32.ConvertSecurityDescriptorToStringSecurityDescriptorW(
        buffer, SDDL_REVISION_1, DACL_SECURITY_INFORMATION, ctypes.byref(text), None
    ):
        raise _error(os.fspath(path))
    try:
        return str(text.value)
    finally:
        _kernel32.LocalFree(text)


def dacl(path: str | os.PathLike[str]) -> list[Entry]:
    """The access entries of ``path``, each SID spelled out (``S-1-5-18``, not SDDL's ``SY``)."""
    sddl = dacl_sddl(path)
    entries = []
    for ace in sddl[sddl.find("(") :].strip("()").split(")("):
        fields = ace.split(";")
        if len(fields) >= 6:
            entries.append(Entry(fields[0], fields[1], fields[2], _sid_text(fields[5])))
    return entries


def _sid_text(sid: str) -> str:
    """A SID as ``S-1-...``, also when SDDL wrote it as an alias (``SY``, ``WD``, ``LA``...)."""
    if sid.startswith("S-"):
        return sid
    binary = ctypes.c_void_p()
    if not _advapi32.ConvertStringSidToSidW(sid, ctypes.byref(binary)):
        return sid
    try:
        text = wintypes.LPWSTR()
        if not _advapi32.ConvertSidToStringSidW(binary, ctypes.byref(text)):
            return sid
        try:
            return str(text.value)
        finally:
            _kernel32.LocalFree(text)
    finally:
        _kernel32.LocalFree(binary)
