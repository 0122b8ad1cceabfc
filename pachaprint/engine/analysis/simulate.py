"""Simulate many bot games of one scenario, in any mode (docs/formats/simulation-report.md).

:func:`simulate` is the library call behind ``pachaprint simulate`` and the
build. What it plays, game by game, is in :mod:`~pachaprint.engine.analysis.games`
(the :class:`SimulationConfig`, its runs and the seed :func:`game_seed` of every
game); how the games are handed out (here, to local worker processes, or to a
cluster) is in :mod:`~pachaprint.engine.analysis.schedule`. Every game has its
own seed, so a report is the same for any number of worker processes.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor

from pachaprint.engine.analysis.games import SimulationConfig, game_seed
from pachaprint.engine.analysis.report import SimulationReport
from pachaprint.engine.analysis.schedule import start
from pachaprint.model.scenario import Scenario

__all__ = ["SimulationConfig", "game_seed", "simulate"]


def simulate(
    scenario: Scenario,
    config: SimulationConfig,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
    workers: int = 0,
) -> SimulationReport:
    """Simulate the runs of ``config`` on ``scenario`` and aggregate them.

    ``progress`` (if given) is called with the number of games finished so far.
    ``executor``: play the batches there (a process pool, a Dask cluster's
    executor, cut for ``workers`` workers) instead of here or on ``jobs`` local
    worker processes. ``ValueError`` for a scenario the mode cannot use (or
    whose crop layer is not unique). To keep every game's log as well, see
    :func:`pachaprint.engine.analysis.gamelogs.simulate_with_logs`.
    """
    pending = start(scenario, config, jobs, executor, workers)
    return pending.report(pending.records(progress))
