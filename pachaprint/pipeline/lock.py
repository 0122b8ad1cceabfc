"""One build at a time per output folder: an advisory lock on ``OUT/.pachaprint-build.lock``.

A build holds the lock from before it cleans stale stages until its manifest
is saved. A second build into the same folder waits for it (after saying who
holds the lock, as ``cargo`` does), or with ``wait=False`` stops with
:class:`BuildLockError`; it never cleans, writes or records anything in the
meantime. The operating system drops the lock when its holder exits, even by
``kill -9``, so a killed build never blocks the next one; the file stays (a
lock file is never deleted, or two builds could each lock a different one).
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from pachaprint.model.text import display_path

LOCK_NAME = ".pachaprint-build.lock"

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


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

    def _holder(self) -> str:
        with contextlib.suppress(OSError, ValueError):
            pid = int(self.path.read_text(encoding="ascii").split()[0])
            return f"another build (process {pid})"
        return "another build"

    def acquire(self) -> None:
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
        try:
            if not _lock(handle, wait=False):
                busy = f"{self._holder()} is writing to {display_path(self.out_dir)}"
                if not self.wait:
                    raise BuildLockError(f"{busy}; try again when it has finished")
                if self.waiting is not None:
                    self.waiting(f"{busy}; waiting for it to finish (Ctrl-C to stop)")
                _lock(handle, wait=True)
            os.ftruncate(handle, 0)
            os.write(handle, f"{os.getpid()}\n".encode("ascii"))
        except BaseException:
            os.close(handle)
            raise
        self.handle = handle

    def release(self) -> None:
        if self.handle is not None:
            if fcntl is not None:  # worker processes forked meanwhile share the handle
                fcntl.flock(self.handle, fcntl.LOCK_UN)
            os.close(self.handle)
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
