"""One save envelope for every game: JSON, written atomically, loaded strictly.

A save file is a UTF-8 JSON object::

    {"format": "parlour-save", "game": "mille", "format_version": 1,
     "program_version": "0.1.0", "saved_at": "2026-11-29T20:40:00+00:00",
     "seed": 123, "state": {...}}

Writing goes to a temporary file in the target's folder, is flushed and
fsynced, then renamed over the target, so a crash or a full disk never leaves
half a file and never harms the previous save. Loading checks everything and
raises a single :class:`SaveError` whose message names the file and says in
plain words what is wrong. Nothing is ever unpickled.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from parlour import __version__
from parlour.core import atomic, files, strictjson, text
from parlour.core.i18n import _, number
from parlour.core.rng import SEED_LIMIT

FORMAT_TAG = "parlour-save"
MAX_SAVE_BYTES = 32 * 1024 * 1024
QUOTE_COLUMNS = 40
"""Text quoted from a file in a message is cut to this many columns."""
DETAIL_COLUMNS = 120
"""The detail of a damaged save (a game's own message) is cut to this many columns."""
T = TypeVar("T")


class SaveError(Exception):
    """A save could not be written or read; ``str()`` is a message for the player.

    ``path`` and ``reason`` are kept as given; ``str()`` escapes both with
    :func:`parlour.core.text.printable`, so a file name or a quoted piece of a
    file can never send an escape sequence to the terminal.
    """

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = os.fspath(path)
        self.reason = reason
        super().__init__(self.path, reason)

    def __str__(self) -> str:
        return _("{path}: {reason}").format(
            path=text.printable(self.path), reason=text.printable(self.reason)
        )


def quoted(value: object, columns: int = QUOTE_COLUMNS) -> str:
    """A piece of text from a file, escaped and cut to ``columns`` for a message."""
    return text.fit(str(value), columns)


@dataclass(frozen=True)
class SaveFile:
    """A loaded save envelope."""

    path: str
    game: str
    format_version: int
    program_version: str
    saved_at: str
    seed: int
    state: dict[str, Any]


def _reason_for_os_error(exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError):
        return _("no such file")
    if isinstance(exc, IsADirectoryError):
        return _("is a folder, not a save file")
    if isinstance(exc, PermissionError):
        return _("permission denied")
    return exc.strerror or str(exc)


def encode_save(
    path: str | os.PathLike[str],
    game: str,
    format_version: int,
    seed: int,
    state: Mapping[str, Any],
    saved_at: str | None = None,
) -> bytes:
    """``state`` in the envelope, as the bytes :func:`write_encoded` puts in ``path``
    (``SaveError`` naming ``path`` when JSON cannot hold it); ``saved_at``: now.

    A game that checks what it writes encodes once, reads these bytes back and writes
    them; :func:`write_save` does both steps for a game that does not.
    """
    envelope = {
        "format": FORMAT_TAG,
        "game": game,
        "format_version": format_version,
        "program_version": __version__,
        "saved_at": saved_at or datetime.now(UTC).isoformat(timespec="seconds"),
        "seed": seed,
        "state": dict(state),
    }
    try:
        return json.dumps(envelope, indent=1, sort_keys=True, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError) as exc:  # a bug in a game's to_dict, not the player's fault
        raise unencodable(path, exc) from exc


def unencodable(path: str | os.PathLike[str], error: object) -> SaveError:
    """The refusal of a state JSON does not hold as it is (``error``: what went wrong)."""
    return SaveError(path, _("the game state could not be encoded ({error})").format(error=error))


def write_encoded(path: str | os.PathLike[str], data: bytes) -> None:
    """Write :func:`encode_save` output to ``path`` atomically; ``SaveError`` on failure.

    See :mod:`parlour.core.atomic`: permission bits kept, symlinks written through,
    anything but a regular file refused, temporary files never left behind.
    """
    target = Path(path)
    if sys.platform == "win32":
        from parlour.core import winnames

        problem = winnames.path_problem(os.fspath(target))
        if problem is not None:
            raise SaveError(target, problem)
    try:
        atomic.replace_file(target, data)
    except atomic.TargetRefused as exc:
        raise SaveError(target, str(exc)) from exc
    except FileNotFoundError as exc:  # the target itself may be missing: its folder is
        raise SaveError(target, _("could not save: there is no such folder")) from exc
    except OSError as exc:
        reason = _("could not save: {reason}").format(reason=_reason_for_os_error(exc))
        raise SaveError(target, reason) from exc
    except ValueError as exc:  # a NUL byte in the name
        raise SaveError(target, _("is not a usable file name")) from exc


def write_save(
    path: str | os.PathLike[str],
    game: str,
    format_version: int,
    seed: int,
    state: Mapping[str, Any],
) -> SaveFile:
    """Write ``state`` in the envelope to ``path`` atomically; ``SaveError`` on failure
    (:func:`encode_save`, then :func:`write_encoded`)."""
    target = Path(path)
    saved_at = datetime.now(UTC).isoformat(timespec="seconds")
    write_encoded(target, encode_save(target, game, format_version, seed, state, saved_at))
    return SaveFile(str(target), game, format_version, __version__, saved_at, seed, dict(state))


def reserve_unique(folder: Path, stem: str, suffix: str = ".json") -> Path:
    """Create an empty file in ``folder`` under a name no other file has, and return it.

    The name is ``STEM-YYYYmmdd-HHMMSS-XXXXXX.json`` (six random hex digits), taken
    with an exclusive create, so two games saving in the same second, or a later
    recovery, never take each other's name. ``OSError`` if the folder cannot be used.
    """
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for _attempt in range(1000):
        target = folder / f"{stem}-{stamp}-{os.urandom(3).hex()}{suffix}"
        try:
            if sys.platform == "win32":  # private there means an access list, not 0o600
                from parlour.core import winacl

                fd = winacl.create_private(target)
            else:
                fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        os.close(fd)
        return target
    raise FileExistsError(_("no free name for {stem} in {folder}").format(stem=stem, folder=folder))


def recovery_folders(near: str | os.PathLike[str] | None = None) -> list[Path | str]:
    """Where a recovery save may go, in order: the data folder, the folder of ``near``
    (the save the game came from or was last saved to), the current folder, the home
    folder; each once. A folder that cannot even be named stands as its problem (text)."""
    from parlour.core import paths

    candidates: list[Callable[[], Path]] = [lambda: paths.data_dir(create=True)]
    if near is not None:
        candidates.append(lambda: Path(os.path.abspath(os.fspath(near))).parent)
    candidates += [Path.cwd, Path.home]
    folders: list[Path | str] = []
    for candidate in candidates:
        try:
            folder = candidate()
        except paths.DataDirError as exc:  # said only on leaving: the folder kept whole
            folders.append(exc.whole)
            continue
        except (OSError, RuntimeError, KeyError, ValueError):
            continue
        if not any(isinstance(seen, Path) and _same_folder(folder, seen) for seen in folders):
            folders.append(folder)
    return folders


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return os.path.abspath(a) == os.path.abspath(b)


def save_recovery(
    stem: str,
    write: Callable[[Path], object],
    near: str | os.PathLike[str] | None = None,
) -> Path:
    """Write a recovery save under a name no other file has, in the first folder of
    :func:`recovery_folders` that takes it; that file's path.

    ``write(path)`` writes the game (raising ``SaveError`` or ``OSError``); a
    folder that is full, read-only or missing is passed by for the next, and the
    empty name reserved there removed again. ``SaveError`` naming the first
    folder's problem when no folder takes it.
    """
    problems: list[str] = []
    for folder in recovery_folders(near):
        if isinstance(folder, str):
            problems.append(folder)
            continue
        try:
            target = reserve_unique(folder, stem)
        except OSError as exc:
            where = text.keep_whole(str(folder))
            problems.append(_("{path}: {reason}").format(path=where, reason=exc.strerror or exc))
            continue
        try:
            write(target)
        except (SaveError, OSError) as exc:
            reason = exc.reason if isinstance(exc, SaveError) else exc.strerror or str(exc)
            problems.append(
                _("{path}: {reason}").format(path=text.keep_whole(str(folder)), reason=reason)
            )
            with contextlib.suppress(OSError):
                target.unlink()
            continue
        return target
    first = problems[0] if problems else _("no folder to save in")
    raise SaveError(stem, _("no folder could take it ({reason})").format(reason=first))


def player_path(text: str) -> Path:
    """The path a player typed, with ``~`` expanded; never raises (an unknown ~user stays)."""
    from parlour.core.shellpath import expand_home

    return Path(expand_home(text.strip()))


def file_exists(path: str | os.PathLike[str]) -> bool:
    """Whether something is at ``path`` (an overwrite question); never raises on odd names.

    On Windows a name it forbids is no file, though Windows says ``CON.json`` exists (it
    is the console): the save is then refused with the reason, not offered as an overwrite.
    """
    if sys.platform == "win32":
        from parlour.core import winnames

        if winnames.path_problem(os.fspath(path)) is not None:
            return False
    return os.path.lexists(path)


def _read_regular(target: Path) -> bytes:
    """The bytes of ``target`` if it is a regular file of sane size; ``SaveError`` otherwise."""
    try:
        return files.read_regular(target, MAX_SAVE_BYTES)
    except files.NotRegular as exc:
        if exc.folder:
            raise SaveError(target, _("is a folder, not a save file")) from exc
        raise SaveError(target, _("is not a regular file, not a save file")) from exc
    except files.TooLarge as exc:
        raise SaveError(target, _("is far too large to be a Parlour save file")) from exc
    except OSError as exc:
        if sys.platform == "win32" and exc.errno == errno.EINVAL:
            raise SaveError(target, _("no such file")) from exc  # a name Windows does not allow
        raise SaveError(target, _reason_for_os_error(exc)) from exc
    except ValueError as exc:  # a NUL byte in the name
        raise SaveError(target, _("is not a usable file name")) from exc


_TAG_OPENING = '{"format":"' + FORMAT_TAG + '"'
"""How every save begins, once its white space is taken out (the envelope's keys are sorted)."""
_LITERALS = ("true", "false", "null", "-")
"""What a cut can leave half written where a JSON value was expected."""
_NUMBER_TAIL = frozenset(".eE+-")
"""What a cut can leave after a number's digits (``2.``, ``1e-``)."""


def _opens_like_a_save(raw: bytes) -> bool:
    """Whether ``raw`` begins as a Parlour save does, or is a beginning of that opening."""
    opening = "".join(raw[: 4 * len(_TAG_OPENING)].decode("utf-8", "replace").split())
    if opening.startswith(_TAG_OPENING):
        return True
    # A file cut inside the opening itself (at least '{"format"' of it is there).
    return len(opening) >= len('{"format"') and _TAG_OPENING.startswith(opening)


def _undecodable(raw: bytes, exc: ValueError) -> str:
    """Why ``raw`` could not be decoded, in a player's words: a save cut short, damaged,
    or not a Parlour save file at all."""
    if not _opens_like_a_save(raw):
        return _("is not a Parlour save file")
    if isinstance(exc, UnicodeDecodeError):
        if exc.reason == "unexpected end of data":
            return _("is damaged: it is cut short (the end of the file is missing)")
        return _("is damaged: it is not UTF-8 text")
    if isinstance(exc, json.JSONDecodeError):
        rest = exc.doc[exc.pos :].strip()
        if (
            not rest
            or exc.msg.startswith("Unterminated string")
            or any(literal.startswith(rest) for literal in _LITERALS)
            or (len(rest) <= 2 and set(rest) <= _NUMBER_TAIL)
        ):
            return _("is damaged: it is cut short (the end of the file is missing)")
        return _("is damaged: it is not valid JSON (line {line}, column {column})").format(
            line=number(exc.lineno), column=number(exc.colno)
        )
    return _("is damaged: {detail}").format(detail=exc)


def load_save(
    path: str | os.PathLike[str], game: str, max_version: int, *, max_seed: int = SEED_LIMIT
) -> SaveFile:
    """Read and validate the envelope of a ``game`` save; ``SaveError`` on any problem.

    Seeds must lie in ``0 .. max_seed - 1``.
    """
    target = Path(path)
    raw = _read_regular(target)
    if not raw.strip():
        raise SaveError(target, _("is empty, not a Parlour save file"))
    try:
        decoded = strictjson.decode(raw)
    except ValueError as exc:  # bad UTF-8, bad JSON, too deep
        raise SaveError(target, _undecodable(raw, exc)) from exc
    envelope = decoded.value
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT_TAG:
        raise SaveError(target, _("is not a Parlour save file"))
    if decoded.problem is not None:
        raise SaveError(target, _("is damaged: {detail}").format(detail=decoded.problem))
    found_game = envelope.get("game")
    if not isinstance(found_game, str) or not found_game:
        raise SaveError(target, _("is damaged: it does not say which game it belongs to"))
    if found_game != game:
        reason = _("is a {found} save, not a {game} save")
        raise SaveError(target, reason.format(found=quoted(found_game), game=game))
    version = envelope.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(target, _("is damaged: its format version is missing or invalid"))
    if version > max_version:
        raise SaveError(
            target,
            _(
                "was saved by a newer version of Parlour (save format {version}; "
                "this version reads up to {max_version}); please upgrade"
            ).format(version=version, max_version=max_version),
        )
    seed = envelope.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < max_seed:
        raise SaveError(target, _("is damaged: its seed is missing or invalid"))
    state = envelope.get("state")
    if not isinstance(state, dict):
        raise SaveError(target, _("is damaged: it holds no game state"))
    program_version = envelope.get("program_version")
    saved_at = envelope.get("saved_at")
    return SaveFile(
        path=str(target),
        game=found_game,
        format_version=version,
        program_version=program_version if isinstance(program_version, str) else "unknown",
        saved_at=saved_at if isinstance(saved_at, str) else "",
        seed=seed,
        state=state,
    )


def load_game(
    path: str | os.PathLike[str],
    game: str,
    max_version: int,
    parse: Callable[[SaveFile], T],
    *,
    max_seed: int = SEED_LIMIT,
) -> T:
    """Load a save and turn its state into a game object with ``parse``.

    This is the one boundary: any ``Exception`` that ``parse`` (a game's
    ``from_dict``) raises, ``IllegalMove`` included, means the content is damaged
    and becomes a :class:`SaveError` ``"is damaged: <detail>"``.
    """
    envelope = load_save(path, game, max_version, max_seed=max_seed)
    try:
        return parse(envelope)
    except SaveError:
        raise
    except Exception as exc:
        raise SaveError(path, _("is damaged: {detail}").format(detail=_detail(exc))) from exc


def _detail(exc: BaseException) -> str:
    """A game's complaint about a file, short and escaped (it may quote the file)."""
    if isinstance(exc, KeyError) and exc.args:
        return _("missing field {name}").format(name=quoted(repr(exc.args[0])))
    if isinstance(exc, RecursionError):
        return _("it is nested too deeply")
    try:
        detail = str(exc)
    except Exception:  # a str() that itself fails (e.g. a huge int in the message)
        detail = ""
    return text.fit(detail or type(exc).__name__, DETAIL_COLUMNS)
