"""What every simulation shares: running games on worker processes, and the summary figures.

Used by :mod:`pachaprint.engine.simulate` (competitive games) and
:mod:`pachaprint.engine.simulate_modes` (solo and co-op games against the
Otoma). Results come back in the order of the work, whatever the number of
worker processes.
"""

from __future__ import annotations

import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, Iterable, Sequence, TypeVar

Work = TypeVar("Work")
Result = TypeVar("Result")


def run_games(work: Sequence[Work], play: Callable[[Work], Result], jobs: int,
              play_batch: Callable[[tuple], list[Result]], shared: tuple, chunk_limit: int,
              progress: Callable[[int], None] | None = None) -> Iterable[Result]:
    """The result of every item of ``work``, in order.

    With one job (or too little work for several) ``play`` plays each item in
    this process. Otherwise the work is cut into batches of at most
    ``chunk_limit`` items and ``play_batch((*shared, batch))`` (a module-level,
    picklable function) plays each batch on a worker process. ``progress`` (if
    given) is called with the number of items finished so far.
    """
    if jobs == 1 or len(work) < 2 * jobs:
        for done, item in enumerate(work, start=1):
            yield play(item)
            if progress:
                progress(done)
        return
    chunk = max(1, min(chunk_limit, len(work) // (jobs * 4)))
    batches = [list(work[start:start + chunk]) for start in range(0, len(work), chunk)]
    done = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for results in pool.map(play_batch, [(*shared, batch) for batch in batches]):
            yield from results
            done += len(results)
            if progress:
                progress(done)


def mean(values: Iterable[float]) -> float:
    """The mean, 0.0 for no values."""
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def spread(values: Sequence[float]) -> float:
    """The population standard deviation rounded to 3 places, 0.0 for fewer than two values."""
    return round(statistics.pstdev(values), 3) if len(values) > 1 else 0.0


def rate(count: float, total: int) -> float:
    """``count / total`` rounded to 4 places, 0.0 when ``total`` is 0."""
    return round(count / total, 4) if total else 0.0


def turn_summary(completed: Sequence[Any]) -> dict[str, float]:
    """Mean, min and max turns of the completed games (all 0 when none completed)."""
    turns = [r.turns for r in completed] or [0]
    return {"mean": round(mean(turns), 3), "min": min(turns), "max": max(turns)}


def outcome_flags(report: Any, results: Sequence[Any]) -> list[str]:
    """The flags of games that stopped on an error or did not end within the report's ``max_turns``."""
    flags = []
    errors = sum(1 for r in results if r.error)
    if errors:
        flags.append(f"{errors} games stopped on an error")
    stalled = report.games - report.completed - errors
    if stalled:
        flags.append(f"{stalled} of {report.games} games did not end within {report.max_turns} turns")
    return flags
