"""Running build units in worker processes or in this one, with the same interface."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from pachaprint.model.text import display_path, printable
from pachaprint.pipeline.staging import PlacementError

if TYPE_CHECKING:  # (concurrent.futures loads only where a build runs units)
    from concurrent.futures import Future

T = TypeVar("T")

Submit = Callable[..., "Future[Any]"]
"""``submit(function, *args)``: ``ProcessPoolExecutor.submit`` or :func:`run_now`."""


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

    A system error gives its reason and file (``No space left on device``);
    an unexpected exception also its type, for a bug report.
    """
    if isinstance(error, OSError) and error.strerror:
        where = f" ({display_path(error.filename)})" if isinstance(error.filename, str) else ""
        return printable(f"{what}: {error.strerror}{where}")
    if isinstance(error, PlacementError):
        return printable(f"{what}: {error}")
    return printable(f"{what}: {type(error).__name__}: {error}")
