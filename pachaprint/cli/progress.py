"""Progress a person can follow, on standard error: bars on a terminal, lines in a log.

A command that runs for more than a moment reports ``progress(stage, done, total)``
(``done`` 0 when a stage starts); :class:`Bars` shows it:

* on a terminal, a bar per stage (rich, loaded only once there is something to
  show: importing rich costs more than a rebuild with nothing changed);
* elsewhere (standard error redirected to a log, a pipe, CI), plain lines: once the
  command has run :attr:`Bars.PATIENCE` seconds, a line for each stage as it
  reports, then one when its count has grown (at most one every
  :attr:`Bars.INTERVAL` seconds) and one when it ends, each with its counts (``pachaprint: simulating: 120 of 200 games,
  14 s``); a command that is over sooner prints none. A stage known to be long
  (``long_stages``) says at once that it starts (``done`` 0), and from the first line
  on every stage's lines follow, to the end of each, however soon it ends.

No thread writes the lines (a build forks worker processes, and a fork while
another thread writes to standard error can leave the child's stream locked).
"""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

from pachaprint.model.text import plural


class Bars:
    """A ``progress(stage, done, total)`` callback, and the console lines said while it
    runs (:meth:`say`).

    ``stages`` names each stage for people, with its unit: ``{"validate":
    ("validating", "scenario")}``; a stage not named there shows under its own name.
    A stage in ``long_stages`` takes a while whenever it runs: its start shows in a
    log at once.
    """

    PATIENCE = 2.0
    """Seconds a command runs before its lines show in a log (a quicker one shows none)."""
    TERMINAL_PATIENCE = 0.25
    """Seconds of validating before its bar appears on a terminal."""
    INTERVAL = 15.0
    """Seconds between two lines of a stage that goes on, in a log."""

    def __init__(
        self,
        wanted: bool,
        stages: dict[str, tuple[str, str]] | None = None,
        transient: bool = False,
        stream: TextIO | None = None,
        long_stages: frozenset[str] = frozenset(),
    ):
        self.stream = stream if stream is not None else sys.stderr
        self.wanted = wanted
        self.terminal = wanted and self.stream.isatty()
        self.stages = stages or {}
        self.transient = transient
        self.long_stages = long_stages
        self.started = time.monotonic()
        self.bars: Any = None
        self.tasks: dict[str, Any] = {}
        self.seen: dict[str, tuple[int, int]] = {}
        """Each stage's latest counts, in the order the stages started."""
        self.began: dict[str, float] = {}
        self.finished: dict[str, float] = {}
        self.said: dict[str, float] = {}
        """When each stage's last line went to the log."""
        self.told: dict[str, int] = {}
        """The count each stage's last line gave."""
        self.ended: set[str] = set()
        """Stages whose last line in the log said they were done."""

    def __enter__(self) -> Bars:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bars is not None:
            self.bars.stop()
        elif self.wanted and (self.said or time.monotonic() - self.started >= self.PATIENCE):
            self._write(time.monotonic())  # the stages that ended unsaid

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.wanted:
            return
        now = time.monotonic()
        # a stage's time runs from its first report; the first stage's from the start
        self.began.setdefault(stage, now if self.began else self.started)
        self.seen[stage] = (done, total)
        if done >= total:
            self.finished.setdefault(stage, now)
        if self.terminal:
            if stage != "validate" or now - self.started >= self.TERMINAL_PATIENCE:
                self._draw()
        elif (
            self.said  # a log once begun follows every stage to its end
            or now - self.started >= self.PATIENCE
            or (done == 0 and stage in self.long_stages)
        ):
            self._write(now)

    def label(self, stage: str) -> tuple[str, str]:
        """The words and unit of ``stage``."""
        return self.stages.get(stage, (stage, ""))

    def line(self, stage: str, now: float) -> str:
        """The log line of ``stage`` at time ``now``."""
        words, unit = self.label(stage)
        done, total = self.seen[stage]
        of = plural(total, unit) if unit else str(total)
        counts = f"pachaprint: {words}: {done} of {of}"
        if done == 0 < total:
            return counts
        if done >= total:
            return f"{counts}, done in {duration(self.finished[stage] - self.began[stage])}"
        return f"{counts}, {duration(now - self.began[stage])}"

    def say(self, line: str) -> None:
        """Print ``line`` on standard error (above the bars while they run)."""
        if self.bars is not None:
            self.bars.console.print(line, markup=False, highlight=False)
        else:
            print(line, file=self.stream, flush=True)

    # -- a log ------------------------------------------------------------------------------
    def _write(self, now: float) -> None:
        """Write the lines that are due: a stage's first, its last (it ended), and one
        between when its count grew and its last line is :attr:`INTERVAL` seconds old."""
        for stage, (done, total) in self.seen.items():
            if stage in self.ended:
                continue
            if (
                stage not in self.said
                or done >= total
                or (now - self.said[stage] >= self.INTERVAL and self.told[stage] != done)
            ):
                self._log(stage, now)

    def _log(self, stage: str, now: float) -> None:
        done, total = self.seen[stage]
        print(self.line(stage, now), file=self.stream, flush=True)
        self.said[stage] = now
        self.told[stage] = done
        if done >= total:
            self.ended.add(stage)

    # -- a terminal -------------------------------------------------------------------------
    def _draw(self) -> None:
        if self.bars is None:
            self._start()
        for name, (count, of) in self.seen.items():
            if name not in self.tasks:
                self.tasks[name] = self.bars.add_task(self.label(name)[0], total=of)
            self.bars.update(self.tasks[name], completed=count, total=of)

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
            TextColumn("{task.description:<24}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(file=self.stream),
            transient=self.transient,
        )
        self.bars.start()


def duration(seconds: float) -> str:
    """``0.4 s``, ``14 s``, ``2 min 05 s``: a time as a person reads it."""
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest:02d} s"
