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
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
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
        waves = Waves(self)
        oracle = WheelOracle(self.scenario) if self.executor is None else None
        try:
            while waves.open:
                work = waves.work()
                if oracle is not None:
                    records = [play_item(oracle, self.config, self.cells, item) for item in work]
                else:
                    futures = waves.submit(work)
                    records = [record for future in futures for record in future.result()]
                waves.take(records)
                if progress:
                    progress(waves.done)
        finally:
            if self.pool is not None:
                self.pool.shutdown(cancel_futures=True)
        return waves.records()

    def report(self, records: list[GameRecord]) -> SimulationReport:
        names = [self.scenario.board.name(c) for c in self.cells]
        return summarise(self.scenario, self.config, names, records)


class Waves:
    """The waves of an adaptive simulation, one at a time (see :meth:`Pending.records`):
    :meth:`work` is the next wave's games, :meth:`take` their records; :func:`play_waves`
    drives the waves of several simulations at once on one executor."""

    def __init__(self, pending: Pending):
        self.pending = pending
        runs = pending.config.runs
        self.played: list[list[GameRecord]] = [[] for _ in runs]
        self.open = [r for r, run in enumerate(runs) if run.games]
        """The runs still playing."""
        self.start = 0
        self.done = 0
        """Games played so far."""

    def work(self) -> list[tuple[int, int]]:
        """The next wave: ``(run, game)`` for the next :data:`WAVE` games of every open run."""
        runs = self.pending.config.runs
        return [
            (r, i)
            for r in self.open
            for i in range(self.start, min(self.start + WAVE, runs[r].games))
        ]

    def submit(self, work: list[tuple[int, int]]) -> list[Future[list[GameRecord]]]:
        """The wave ``work`` handed to the simulation's executor in batches."""
        pending = self.pending
        assert pending.executor is not None
        job = (pending.scenario.to_dict(), pending.config, pending.cells)
        return [
            pending.executor.submit(play_batch, (*job, batch))
            for batch in batches(work, pending.workers)
        ]

    def take(self, records: list[GameRecord]) -> None:
        """The records of the wave :meth:`work` gave, in its order; closes the runs decided."""
        runs = self.pending.config.runs
        for record, (r, _) in zip(records, self.work(), strict=True):
            self.played[r].append(record)
        self.done += len(records)
        self.start += WAVE
        self.open = [
            r
            for r in self.open
            if self.start < runs[r].games and not _decided(self.played[r], runs[r].games)
        ]

    def records(self) -> list[GameRecord]:
        """Every game's record, run after run."""
        return [record for mine in self.played for record in mine]


def play_waves(
    pendings: Sequence[Pending], progress: Callable[[int], None] | None = None
) -> list[list[GameRecord]]:
    """The records of several simulations whose games go to an executor (``start`` with
    one), each in game order, as :meth:`Pending.records` gives them: the waves of every
    adaptive simulation are handed out together, each simulation's next wave as soon as
    its last is in, so that a cluster plays the games of many scenarios at once. The
    records do not depend on it (every game has its own seed, every wave its own runs);
    ``progress(done)`` counts the games played."""
    waves = {
        k: Waves(p) for k, p in enumerate(pendings) if p.config.adaptive and p.executor is not None
    }
    out: dict[int, list[GameRecord]] = {}
    running = {k: (w.work(), w.submit(w.work())) for k, w in waves.items() if w.open}
    for k, w in waves.items():
        if not w.open:
            out[k] = w.records()
    done = 0
    for k, pending in enumerate(pendings):
        if k not in waves:  # its batches are out already (see start)
            out[k] = pending.records()
            done += len(out[k])
            if progress:
                progress(done)
    while running:
        ready = [k for k, (_, futures) in running.items() if all(f.done() for f in futures)]
        if not ready:
            waiting = [f for _, futures in running.values() for f in futures if not f.done()]
            wait(waiting, return_when=FIRST_COMPLETED)
            continue
        for k in ready:
            work, futures = running.pop(k)
            w = waves[k]
            w.take([record for future in futures for record in future.result()])
            done += len(work)
            if progress:
                progress(done)
            if w.open:
                running[k] = (w.work(), w.submit(w.work()))
            else:
                out[k] = w.records()
    return [out[k] for k in range(len(pendings))]


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
