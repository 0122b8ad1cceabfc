"""One build at a time per output folder: an advisory lock on the folder OUT itself.

A build holds the lock from before it cleans stale stages until its manifest
is saved. A second build into the same folder waits for it (after saying who
holds the lock, as ``cargo`` does), or with ``wait=False`` stops with
:class:`BuildLockError`; it never cleans, writes or records anything in the
meantime.

Only the process that took the lock holds it. The operating system drops it
when that process exits, even by ``kill -9``; a process forked while it is
held (a build's worker) closes its copy of the handle at once
(:func:`os.register_at_fork`), so an orphaned worker can never keep the next
build waiting. The lock is taken on the folder, not on a file in it, so it
leaves nothing behind: two builds of the same inputs give identical folders.
(Where a folder cannot be locked, a Windows drive or some network file
systems, a file ``.pachaprint-build.lock`` in OUT stands in.)
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from pachaprint.model.text import display_path

LOCK_NAME = ".pachaprint-build.lock"
"""The lock file, only where the folder itself cannot be locked."""

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

_HELD: set[int] = set()
"""The handles of the locks this process holds (closed in a forked child)."""


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


def holder_of(handle: int) -> int | None:
    """The process that holds a lock on the file or folder open as ``handle``, as the
    system lists it (``/proc/locks``, Linux); ``None`` when it cannot say."""
    try:
        found = os.fstat(handle)
        with open("/proc/locks", encoding="ascii") as listing:
            lines = listing.read().splitlines()
    except (OSError, ValueError):
        return None
    where = f"{os.major(found.st_dev):02x}:{os.minor(found.st_dev):02x}:{found.st_ino}"
    for line in lines:
        fields = line.split()
        if "->" in fields or len(fields) < 6 or fields[1] != "FLOCK" or fields[5] != where:
            continue  # (a waiter, another kind of lock, another file)
        with contextlib.suppress(ValueError):
            pid = int(fields[4])
            return pid if pid > 0 else None
    return None


def _remove_old_lock_file(path: Path) -> None:
    """Remove the lock file an earlier version left in OUT (a regular file of one name
    holding a process number and nothing else), now that the folder itself is locked."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    with contextlib.suppress(OSError):
        handle = os.open(path, flags)
        try:
            found = os.fstat(handle)
            text = os.read(handle, 32)
        finally:
            os.close(handle)
        if (
            stat.S_ISREG(found.st_mode)
            and found.st_nlink == 1
            and re.fullmatch(rb"(?:[1-9][0-9]{0,9}\n)?", text)
        ):
            os.unlink(path)


class BuildLock:
    """The lock of one output folder; a context manager (``with BuildLock(out): ...``)."""

    def __init__(
        self, out_dir: Path, waiting: Callable[[str], None] | None = None, wait: bool = True
    ):
        self.out_dir = out_dir
        self.path = out_dir / LOCK_NAME
        """The lock file, used only where the folder cannot be locked."""
        self.waiting = waiting
        self.wait = wait
        self.handle: int | None = None

    def _holder(self, handle: int) -> str:
        pid = holder_of(handle)
        return "another build" if pid is None else f"another build (process {pid})"

    def _open(self) -> tuple[int, bool]:
        """A handle to lock: the folder's, or the lock file's where a folder cannot be
        locked; and whether the lock is already taken (False: not tried yet)."""
        if fcntl is not None:
            try:
                handle = os.open(self.out_dir, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
            except OSError as error:
                raise BuildLockError(
                    f"cannot lock the output folder ({display_path(self.out_dir)}): "
                    f"{error.strerror or error}"
                ) from None
            try:
                return handle, _lock(handle, wait=False)
            except OSError as error:  # a file system that cannot lock folders
                os.close(handle)
                if error.errno not in (errno.EINVAL, errno.EBADF, errno.ENOLCK, errno.ENOTSUP):
                    raise BuildLockError(
                        f"cannot lock the output folder ({display_path(self.out_dir)}): "
                        f"{error.strerror or error}"
                    ) from None
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
        try:
            return os.open(self.path, flags, 0o644), False
        except OSError as error:
            reason = (
                "it is a symbolic link; remove it"
                if error.errno == errno.ELOOP
                else error.strerror or str(error)
            )
            raise BuildLockError(
                f"cannot lock the output folder ({display_path(self.path)}): {reason}"
            ) from None

    def acquire(self) -> None:
        handle, taken = self._open()
        try:
            if not taken and not _lock(handle, wait=False):
                busy = f"{self._holder(handle)} is writing to {display_path(self.out_dir)}"
                if not self.wait:
                    raise BuildLockError(f"{busy}; try again when it has finished")
                if self.waiting is not None:
                    self.waiting(f"{busy}; waiting for it to finish (Ctrl-C to stop)")
                _lock(handle, wait=True)
        except BaseException:
            os.close(handle)
            raise
        self.handle = handle
        _HELD.add(handle)
        if fcntl is not None and stat.S_ISDIR(os.fstat(handle).st_mode):
            _remove_old_lock_file(self.path)

    def release(self) -> None:
        if self.handle is not None:
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
