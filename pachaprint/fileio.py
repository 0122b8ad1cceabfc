"""Atomic file writes: a temporary file in the target folder, then a rename.

An interrupted or failed write never leaves a truncated file and never
replaces a good file with a bad one: a reader finds the old content or the
new under the name at every moment, and a write killed at any moment leaves
one of them (its temporary file, named after its process, is removed by the
next write of that file). Replacing a file keeps its permission
bits; a new file gets the usual ``0o666`` less the umask.

By default the rename replaces the directory entry itself, so a symbolic link
at the path is replaced by the file and nothing is ever written elsewhere
(the build and the studio rely on that). A command that edits the user's own
file (``solve --write``, ``new --out``) asks to ``follow_symlinks``: then the
link's target gets the new content, atomically, and the link stays. A rename
needs only the folder's permission, so for those commands a file that is
read-only, or belongs to another user, is refused (``PermissionError`` with
the reason in words): replacing it would bypass its mode or change its owner.

These functions write the files of ``solve --write``, ``new``, ``import``,
``wheel``, a saved game (``play --save``, the table's Save) and ``simulate
--logs``. Three writers have a protocol of their own: the build stages a unit's outputs in a folder and moves
them into place (:mod:`pachaprint.pipeline.staging`), the renderer writes each
picture to a temporary file beside it and renames it (``render/svg.py``,
``render/pdf.py``, ``render/disc_files.py``), and the studio checks each write
against an edit made meanwhile (:mod:`pachaprint.web.workspace`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path


def _umask() -> int:
    """The process umask (read once; setting it back at once keeps it unchanged)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _umask()


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable (best effort: some file systems cannot sync a folder)."""
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def replace_refusal(path: str | Path) -> str | None:
    """Why the existing file ``path`` may not be replaced by the user's command, or ``None``.

    ``the file is read-only (mode 444)``, ``the file belongs to another user (uid 1000)``,
    ``you may not write the file``; ``None`` for a missing file (it is created).
    """
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(found.st_mode):
        return None  # the write itself says what is wrong
    if not found.st_mode & 0o222:
        return f"the file is read-only (mode {stat.S_IMODE(found.st_mode):o})"
    if hasattr(os, "geteuid") and found.st_uid != os.geteuid():
        return f"the file belongs to another user (uid {found.st_uid})"
    if not os.access(path, os.W_OK):
        return "you may not write the file"
    return None


def atomic_write_bytes(path: str | Path, data: bytes, follow_symlinks: bool = False) -> Path:
    """Write ``data`` to ``path`` atomically (creating parent folders); returns ``path``.

    A symbolic link at ``path`` is replaced by a regular file, unless
    ``follow_symlinks``: then its target gets the new bytes and the link stays,
    and a file the user may not write is refused (:func:`replace_refusal`).
    """
    path = Path(path)
    target = Path(os.path.realpath(path)) if follow_symlinks else path
    if follow_symlinks and (refusal := replace_refusal(target)) is not None:
        raise PermissionError(errno.EACCES, refusal, str(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = 0o666 & ~_UMASK
    with contextlib.suppress(FileNotFoundError):
        found = os.lstat(target)
        if not stat.S_ISLNK(found.st_mode):  # a link being replaced gets a new file's mode
            mode = stat.S_IMODE(found.st_mode)
    import tempfile  # (not loaded by a rebuild with nothing changed, which writes nothing)

    prefix = f".{target.name}.pachaprint-{os.getpid()}-"
    handle, temp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    _fsync_folder(target.parent)
    _remove_stale_temporaries(target)
    return path


def _remove_stale_temporaries(target: Path) -> None:
    """Remove the temporary files that writes of ``target`` killed midway left beside it
    (named after their process, which is gone): the write itself left the target whole."""
    import re

    own = re.compile(
        re.escape(f".{target.name}.pachaprint-") + r"([1-9][0-9]{0,9})-[a-z0-9_]{8}\.tmp"
    )
    with contextlib.suppress(OSError), os.scandir(target.parent) as entries:
        for entry in entries:
            match = own.fullmatch(entry.name)
            if (
                match is not None
                and not entry.is_dir(follow_symlinks=False)
                and process_is_gone(int(match.group(1)))
            ):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def atomic_write_text(path: str | Path, text: str, follow_symlinks: bool = False) -> Path:
    """Write UTF-8 ``text`` atomically (see :func:`atomic_write_bytes`)."""
    return atomic_write_bytes(path, text.encode("utf-8"), follow_symlinks)


_RENAME_NOREPLACE = 1
_RENAME_EXCHANGE = 2
"""``renameat2`` flags (Linux)."""
_AT_FDCWD = -100


def _renameat2(source: str | Path, target: str | Path, flags: int) -> bool:
    """``renameat2(source, target, flags)``; False where the system has no such call (or
    its file system cannot do it), ``OSError`` for any other failure."""
    import sys

    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        call = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    call.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    call.restype = ctypes.c_int
    if call(_AT_FDCWD, os.fsencode(source), _AT_FDCWD, os.fsencode(target), flags) == 0:
        return True
    error = ctypes.get_errno()
    if error in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(error, os.strerror(error), str(source), None, str(target))


def exchange(first: str | Path, second: str | Path) -> bool:
    """Swap two directory entries in one step: a reader of either name finds one file or the
    other at every moment, never nothing. False where the system cannot (then nothing
    changed); ``OSError`` (``FileNotFoundError`` when either is missing) otherwise."""
    return _renameat2(first, second, _RENAME_EXCHANGE)


def move_without_replacing(source: str | Path, target: str | Path) -> bool:
    """Rename ``source`` to ``target`` in one step unless anything has that name
    (``FileExistsError``). False where the system cannot (then nothing changed)."""
    return _renameat2(source, target, _RENAME_NOREPLACE)


def process_is_gone(pid: int) -> bool:
    """True when no process ``pid`` exists: the owner of a temporary file named after it is gone.

    ``False`` when it may still run (another user's, or no harmless probe on this system).
    """
    if os.name != "posix":
        return False  # os.kill would end the process there
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return _is_zombie(pid)


def _is_zombie(pid: int) -> bool:
    """True for a process that has ended and waits only to be reaped (Linux): an orphan's
    stays so where nothing reaps it, as in some containers."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as found:
            state = found.read().rpartition(b")")[2].split()[:1]
    except OSError:
        return False
    return state == [b"Z"]
