"""How a simulation's games are handed out: to worker processes or a cluster, in batches.

:func:`start` cuts the games of a :class:`~pachaprint.engine.analysis.games.SimulationConfig`
into batches (:func:`batches`) and hands them to a pool of local worker processes,
or to any ``concurrent.futures`` executor (a Dask cluster's, see
:mod:`pachaprint.engine.analysis.cluster`), or keeps them to play here; an adaptive
simulation hands out waves of :data:`WAVE` games until each run is decided. Every
game has its own seed, so the cut never changes a game and a report is the same for
any number of worker processes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass

from pachaprint.engine.analysis.flags import MIN_GAMES, decided, honest
from pachaprint.engine.analysis.games import (
    Job,
    SimulationConfig,
    otoma_start,
    play_batch,
    play_item,
)
from pachaprint.engine.analysis.record import GameRecord
from pachaprint.engine.analysis.report import SimulationReport, summarise
from pachaprint.engine.rules.oracle import WheelOracle
from pachaprint.model.scenario import Scenario

BATCH = 25
"""Most games a worker process plays per batch."""
WAVE = 10
"""An adaptive simulation plays each open run this many games more, then looks again."""


def batches(work: list[tuple[int, int]], workers: int) -> list[list[tuple[int, int]]]:
    """``work`` cut into batches for ``workers`` workers: about four batches each, at most
    :data:`BATCH` games per batch. The cut never changes a game (each has its own seed)."""
    chunk = max(1, min(BATCH, len(work) // (max(1, workers) * 4)))
    return [work[k : k + chunk] for k in range(0, len(work), chunk)]


@dataclass
class Pending:
    """A simulation under way: batches handed to an executor, or to be played here."""

    scenario: Scenario
    config: SimulationConfig
    cells: tuple[int, ...]
    futures: list[Future[list[GameRecord]]]
    local: list[tuple[int, int]]
    """Games to play in this process when no executor takes them."""
    pool: ProcessPoolExecutor | None = None
    """The local worker processes this simulation started (shut down once its games are in)."""
    executor: Executor | None = None
    """Where an adaptive simulation sends its waves (``None``: played here)."""
    workers: int = 1

    @property
    def total(self) -> int:
        """The games to play (an adaptive simulation's most)."""
        return len(self.config.work())

    def records(self, progress: Callable[[int], None] | None = None) -> list[GameRecord]:
        """Every game's record, in game order (waits for the executor's batches)."""
        if self.config.adaptive and self.config.rules.has_otoma:
            return self._waves(progress)
        out: list[GameRecord] = []
        if self.local:
            oracle = WheelOracle(self.scenario)
            for item in self.local:
                out.append(play_item(oracle, self.config, self.cells, item))
                if progress:
                    progress(len(out))
            return out
        try:
            for future in self.futures:
                out += future.result()
                if progress:
                    progress(len(out))
        finally:
            if self.pool is not None:
                self.pool.shutdown(cancel_futures=True)
        return out

    def _waves(self, progress: Callable[[int], None] | None) -> list[GameRecord]:
        """An adaptive simulation: every open run plays its next :data:`WAVE` games, then
        the runs whose win rate is decided (or whose games are all played) close."""
        runs = self.config.runs
        played: list[list[GameRecord]] = [[] for _ in runs]
        oracle = WheelOracle(self.scenario) if self.executor is None else None
        done, start = 0, 0
        open_runs = [r for r, run in enumerate(runs) if run.games]
        try:
            while open_runs:
                work = [
                    (r, i)
                    for r in open_runs
                    for i in range(start, min(start + WAVE, runs[r].games))
                ]
                if oracle is not None:
                    records = [play_item(oracle, self.config, self.cells, item) for item in work]
                else:
                    assert self.executor is not None
                    job = (self.scenario.to_dict(), self.config, self.cells)
                    futures = [
                        self.executor.submit(play_batch, (*job, batch))
                        for batch in batches(work, self.workers)
                    ]
                    records = [record for future in futures for record in future.result()]
                for record, (r, _) in zip(records, work, strict=True):
                    played[r].append(record)
                done += len(work)
                if progress:
                    progress(done)
                start += WAVE
                open_runs = [
                    r
                    for r in open_runs
                    if start < runs[r].games and not _decided(played[r], runs[r].games)
                ]
        finally:
            if self.pool is not None:
                self.pool.shutdown(cancel_futures=True)
        return [record for mine in played for record in mine]

    def report(self, records: list[GameRecord]) -> SimulationReport:
        names = [self.scenario.board.name(c) for c in self.cells]
        return summarise(self.scenario, self.config, names, records)


def _decided(records: Sequence[GameRecord], most: int) -> bool:
    """Whether a run's games so far decide its flags, the run playing at most ``most``
    (a cheat's flag nothing: its bound needs only the fewest games a rate is given on)."""
    done = [r for r in records if r.completed]
    if records and not honest(records[0].bots[0]):
        return len(done) >= MIN_GAMES
    return decided(sum(r.won for r in done), len(done), most - (len(records) - len(done)))


def start(
    scenario: Scenario,
    config: SimulationConfig,
    jobs: int = 1,
    executor: Executor | None = None,
    workers: int = 0,
) -> Pending:
    """Hand the games of ``config`` to ``executor`` in batches (:func:`batches`, for
    ``workers`` workers, by default ``jobs``), or to a pool of ``jobs`` local worker
    processes, or keep them to play here (``jobs == 1``, or too few games to share).
    An adaptive simulation hands out its waves one at a time, as :meth:`Pending.records`
    asks for them. ``ValueError`` for a scenario the mode cannot use."""
    cells = otoma_start(scenario, config)
    work = config.work()
    if executor is None and (jobs == 1 or len(work) < 2 * jobs):
        return Pending(scenario, config, cells, [], work)
    pool = ProcessPoolExecutor(max_workers=jobs) if executor is None else None
    target = executor or pool
    assert target is not None
    if config.adaptive and config.rules.has_otoma:
        return Pending(scenario, config, cells, [], [], pool, target, workers or jobs)
    jobs_list: list[Job] = [
        (scenario.to_dict(), config, cells, batch) for batch in batches(work, workers or jobs)
    ]
    futures = [target.submit(play_batch, job) for job in jobs_list]
    return Pending(scenario, config, cells, futures, [], pool)
