"""Atomic file writes: a temporary file in the target folder, then a rename.

An interrupted or failed write never leaves a truncated file and never
replaces a good file with a bad one. Replacing a file keeps its permission
bits; a new file gets the usual ``0o666`` less the umask.

By default the rename replaces the directory entry itself, so a symbolic link
at the path is replaced by the file and nothing is ever written elsewhere
(the build and the studio rely on that). A command that edits the user's own
file (``solve --write``, ``new --out``) asks to ``follow_symlinks``: then the
link's target gets the new content, atomically, and the link stays.
Every writer in pachaprint goes through these functions.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
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


def atomic_write_bytes(path: str | Path, data: bytes, follow_symlinks: bool = False) -> Path:
    """Write ``data`` to ``path`` atomically (creating parent folders); returns ``path``.

    A symbolic link at ``path`` is replaced by a regular file, unless
    ``follow_symlinks``: then its target gets the new bytes and the link stays.
    """
    path = Path(path)
    target = Path(os.path.realpath(path)) if follow_symlinks else path
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = 0o666 & ~_UMASK
    with contextlib.suppress(FileNotFoundError):
        found = os.lstat(target)
        if not stat.S_ISLNK(found.st_mode):  # a link being replaced gets a new file's mode
            mode = stat.S_IMODE(found.st_mode)
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
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
    return path


def atomic_write_text(path: str | Path, text: str, follow_symlinks: bool = False) -> Path:
    """Write UTF-8 ``text`` atomically (see :func:`atomic_write_bytes`)."""
    return atomic_write_bytes(path, text.encode("utf-8"), follow_symlinks)
