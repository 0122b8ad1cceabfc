"""Progress bars on standard error, drawn with rich only when there is something to show.

Importing rich costs more than a bare Python start, and a build with nothing
changed is over in less: :class:`Bars` draws only on a terminal, and starts
(loading rich) once a stage does real work or validating takes a moment.
:func:`game_bar` counts the games of ``simulate`` and ``balance``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def game_bar(label: str, total: int | None = None) -> Iterator[Callable[..., None]]:
    """A bar of games on standard error, gone when the games are: yields
    ``update(done, total=None)`` (``total`` once known, when not given here)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task("games", total=total)

        def update(done: int, of: int | None = None) -> None:
            bar.update(task, completed=done, total=of)

        yield update


class Bars:
    """A ``progress(stage, done, total)`` callback drawing one bar per stage, and the
    console lines said while it runs (:meth:`say`)."""

    PATIENCE = 0.25
    """Seconds of validating before its bar appears."""

    def __init__(self, wanted: bool):
        self.wanted = wanted and sys.stderr.isatty()
        self.started = time.monotonic()
        self.bars: Any = None
        self.tasks: dict[str, Any] = {}
        self.seen: dict[str, tuple[int, int]] = {}

    def __enter__(self) -> Bars:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bars is not None:
            self.bars.stop()

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.wanted:
            return
        self.seen[stage] = (done, total)
        if self.bars is None:
            if stage == "validate" and time.monotonic() - self.started < self.PATIENCE:
                return
            self._start()
        for name, (count, of) in self.seen.items():
            if name not in self.tasks:
                self.tasks[name] = self.bars.add_task(name, total=of)
            self.bars.update(self.tasks[name], completed=count, total=of)
        self.seen.clear()

    def say(self, line: str) -> None:
        """Print ``line`` on standard error (above the bars while they run)."""
        from rich.console import Console

        console = self.bars.console if self.bars is not None else Console(stderr=True)
        console.print(line, markup=False)

    def _start(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self.bars = Progress(
            TextColumn("{task.description:<14}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=False,
        )
        self.bars.start()
