"""Running build units in worker processes or in this one, with the same interface."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import Future
from typing import Any, TypeVar

from pachaprint.build.staging import PlacementError
from pachaprint.model.text import display_path, printable

T = TypeVar("T")

Submit = Callable[..., "Future[Any]"]
"""``submit(function, *args)``: ``ProcessPoolExecutor.submit`` or :func:`run_now`."""


class Done(Future[T]):
    """A finished result with the ``Future`` interface, for ``jobs == 1``."""

    def __init__(self, function: Callable[..., T], args: Iterable[Any]):
        super().__init__()
        try:
            self.set_result(function(*args))
        except Exception as exc:  # re-raised by result(), as a Future would
            self.set_exception(exc)


def run_now(function: Callable[..., T], *args: Any) -> Done[T]:
    """Run ``function(*args)`` at once; the result (or exception) waits in a future."""
    return Done(function, args)


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
