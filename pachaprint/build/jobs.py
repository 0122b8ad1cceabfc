"""Running build units in worker processes or in this one, with the same interface."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import Future
from typing import Any, TypeVar

from pachaprint.model.text import printable

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
    """``what: ErrorType: message`` for a report, escaped so that it prints safely."""
    return printable(f"{what}: {type(error).__name__}: {error}")
