"""Running build units in worker processes or in this one, with the same interface.

Workers never outlive the build that started them: each asks the system to
kill it when its parent dies (``PR_SET_PDEATHSIG`` on Linux) and watches its
parent besides (every other system, and the moment before the request took
hold), so a build killed with ``kill -9`` or by the out-of-memory killer
leaves no process waiting for work that will never come. (The build's lock is
never theirs: :mod:`pachaprint.pipeline.lock`.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from pachaprint.model.text import display_path, printable
from pachaprint.pipeline.staging import PlacementError

if TYPE_CHECKING:  # (concurrent.futures loads only where a build runs units)
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")

Submit = Callable[..., "Future[Any]"]
"""``submit(function, *args)``: :func:`pool_submit` or :func:`run_now`."""


PARENT_CHECK_SECONDS = 0.5
"""How often a worker looks whether its parent is still there."""
_PR_SET_PDEATHSIG = 1
"""``prctl`` option: the signal a process gets when its parent dies (Linux)."""


def worker_pool(jobs: int) -> ProcessPoolExecutor:
    """``jobs`` worker processes that die with this one (see the module documentation)."""
    import os
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        max_workers=jobs, initializer=die_with_parent, initargs=(os.getpid(),)
    )


def pool_submit(executor: ProcessPoolExecutor) -> Submit:
    """``executor.submit`` that never raises. Once a worker has died (killed, out of
    memory) the pool takes no more work: each unit handed to it after that gets a future
    that holds the error, so the unit fails with a line in the report, as the units the
    dead worker held do, and the build goes on with the rest."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    def submit(function: Callable[..., T], *args: Any) -> Future[T]:
        try:
            return executor.submit(function, *args)
        except BrokenProcessPool as exc:
            failed: Future[T] = Future()
            failed.set_exception(exc)
            return failed

    return submit


def die_with_parent(parent: int) -> None:
    """Make this process end when the process ``parent`` does: at once if it is gone already."""
    import os
    import signal
    import sys
    import threading
    import time

    if sys.platform.startswith("linux"):
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # (the watch below is enough)
    if os.getppid() != parent:
        os._exit(1)  # the parent died before the request took hold

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def run_now(function: Callable[..., T], *args: Any) -> Future[T]:
    """Run ``function(*args)`` at once; the result (or exception) waits in a finished
    future, the interface of a worker's, for ``jobs == 1``."""
    from concurrent.futures import Future

    done: Future[T] = Future()
    try:
        done.set_result(function(*args))
    except Exception as exc:  # re-raised by result(), as a worker's future would
        done.set_exception(exc)
    return done


def failure(what: str, error: BaseException) -> str:
    """``what: reason`` for a report, escaped so that it prints safely.

    A system error gives its reason and file (``No space left on device``), a worker
    that died says so; an unexpected exception also its type, for a bug report.
    """
    if isinstance(error, OSError) and error.strerror:
        where = f" ({display_path(error.filename)})" if isinstance(error.filename, str) else ""
        return printable(f"{what}: {error.strerror}{where}")
    if isinstance(error, PlacementError):
        return printable(f"{what}: {error}")
    from concurrent.futures.process import BrokenProcessPool

    if isinstance(error, BrokenProcessPool):
        return f"{what}: a worker process ended abruptly (killed, or out of memory)"
    return printable(f"{what}: {type(error).__name__}: {error}")
