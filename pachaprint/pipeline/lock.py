"""One build at a time per output folder: an advisory lock on ``OUT/.pachaprint-build.lock``.

A build holds the lock from before it cleans stale stages until its manifest
is saved. A second build into the same folder waits for it (after saying who
holds the lock, as ``cargo`` does), or with ``wait=False`` stops with
:class:`BuildLockError`; it never cleans, writes or records anything in the
meantime.

Only the process that took the lock holds it. The operating system drops it
when that process exits, even by ``kill -9``; a process forked while it is
held (a build's worker) closes its copy of the handle at once
(:func:`os.register_at_fork`), so an orphaned worker can never keep the next
build waiting.

The lock file holds the holder's process number, and the build removes it
when it lets the lock go (while still holding it), so a finished build leaves
nothing behind: two builds of the same inputs give identical folders. A build
that was killed leaves the file; the next one takes it over and removes it in
turn. Whoever takes the lock checks that the file it locked still has the
name: if the name was removed or made anew meanwhile, it starts again, so two
builds never hold two different files. A file of that name that holds
anything but a process number is not the build's: it stays, and the build
stops (:class:`BuildLockError`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from pachaprint.model.text import display_path

LOCK_NAME = ".pachaprint-build.lock"

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

_HELD: set[int] = set()
"""The handles of the locks this process holds (closed in a forked child)."""
_CONTENT = re.compile(rb"(?:[1-9][0-9]{0,9}\n)?")
"""What a lock file holds: a process number and a line end, or nothing yet."""


def _close_in_child() -> None:
    """In a process just forked: close the inherited lock handles (the parent keeps its own)."""
    for handle in _HELD:
        with contextlib.suppress(OSError):
            os.close(handle)
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_close_in_child)


class BuildLockError(RuntimeError):
    """The output folder is in use by another build (and we may not wait), or cannot be locked."""


def _lock(handle: int, wait: bool) -> bool:
    """Take the lock on ``handle``; False when another holder has it and ``wait`` is false."""
    if fcntl is not None:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            return False
        return True
    import msvcrt  # pragma: no cover - Windows

    mode = msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK
    while True:  # pragma: no cover - Windows (LK_LOCK gives up after 10 s)
        try:
            msvcrt.locking(handle, mode, 1)
            return True
        except OSError:
            if not wait:
                return False


def _read_start(handle: int, size: int) -> bytes:
    """The first ``size`` bytes of the file open as ``handle``."""
    if hasattr(os, "pread"):
        return os.pread(handle, size, 0)
    os.lseek(handle, 0, os.SEEK_SET)  # pragma: no cover - Windows
    return os.read(handle, size)  # pragma: no cover - Windows


def _same_file(handle: int, path: Path) -> bool:
    """True while ``path`` names the very file open as ``handle``."""
    try:
        named = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    held = os.fstat(handle)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


class BuildLock:
    """The lock of one output folder; a context manager (``with BuildLock(out): ...``)."""

    def __init__(
        self, out_dir: Path, waiting: Callable[[str], None] | None = None, wait: bool = True
    ):
        self.out_dir = out_dir
        self.path = out_dir / LOCK_NAME
        self.waiting = waiting
        self.wait = wait
        self.handle: int | None = None

    def _holder(self, handle: int) -> str:
        with contextlib.suppress(OSError, ValueError):
            pid = int(_read_start(handle, 16).split()[0])
            return f"another build (process {pid})"
        return "another build"

    def _open(self) -> int:
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
        try:
            handle = os.open(self.path, flags, 0o644)
        except OSError as error:
            reason = (
                "it is a symbolic link; remove it"
                if error.errno == errno.ELOOP
                else error.strerror or str(error)
            )
            raise BuildLockError(
                f"cannot lock the output folder ({display_path(self.path)}): {reason}"
            ) from None
        return handle

    def _take(self, handle: int, said: list[bool]) -> bool:
        """Lock ``handle`` (waiting, if allowed, and saying why once); True when it is still
        the file of that name, locked; False to start again with a fresh handle."""
        if not _lock(handle, wait=False):
            busy = f"{self._holder(handle)} is writing to {display_path(self.out_dir)}"
            if not self.wait:
                raise BuildLockError(f"{busy}; try again when it has finished")
            if self.waiting is not None and not said:
                self.waiting(f"{busy}; waiting for it to finish (Ctrl-C to stop)")
                said.append(True)
            _lock(handle, wait=True)
        if not _same_file(handle, self.path):
            return False  # the holder removed it as it finished: lock the file there now
        if not _CONTENT.fullmatch(_read_start(handle, 32)):
            raise BuildLockError(
                f"{display_path(self.path)} is not a lock file of a build (it holds other "
                "text); the build keeps it: move it away"
            )
        return True

    def acquire(self) -> None:
        said: list[bool] = []
        while True:
            handle = self._open()
            try:
                if self._take(handle, said):
                    os.ftruncate(handle, 0)
                    os.write(handle, f"{os.getpid()}\n".encode("ascii"))
                    break
            except BaseException:
                os.close(handle)
                raise
            os.close(handle)
        self.handle = handle
        _HELD.add(handle)

    def release(self) -> None:
        if self.handle is not None:
            with contextlib.suppress(OSError):  # (while it is held: no one else has it)
                if _same_file(self.handle, self.path) and fcntl is not None:
                    os.unlink(self.path)
            _HELD.discard(self.handle)
            os.close(self.handle)  # (no forked process shares it: see _close_in_child)
            self.handle = None

    def __enter__(self) -> BuildLock:
        self.acquire()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()
