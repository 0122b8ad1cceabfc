"""What every simulation shares: running games on worker processes, and the summary figures.

Used by :mod:`pachaprint.engine.simulate` (competitive games) and
:mod:`pachaprint.engine.simulate_modes` (solo and co-op games against the
Otoma). Results come back in the order of the work, whatever the number of
worker processes.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from pachaprint.engine.oracle import WheelOracle
from pachaprint.model.scenario import Scenario

Work = TypeVar("Work")
Result = TypeVar("Result")


def run_games(
    scenario: Scenario,
    oracle: WheelOracle,
    play: Callable[..., Result],
    args: tuple,
    work: Sequence[Work],
    jobs: int,
    chunk_limit: int,
    progress: Callable[[int], None] | None = None,
) -> Iterable[Result]:
    """``play(oracle, *args, item)`` for every item of ``work``, in order.

    With one job (or too little work for several) every item is played in
    this process on ``oracle``. Otherwise the work is cut into batches of at
    most ``chunk_limit`` items, played on ``jobs`` worker processes (each with
    its own oracle of ``scenario``; ``play`` must be a module-level function).
    ``progress`` (if given) is called with the number of items finished so far.
    """
    if jobs == 1 or len(work) < 2 * jobs:
        for done, item in enumerate(work, start=1):
            yield play(oracle, *args, item)
            if progress:
                progress(done)
        return
    chunk = max(1, min(chunk_limit, len(work) // (jobs * 4)))
    data = scenario.to_dict()
    batches = [
        (play, data, args, list(work[start : start + chunk]))
        for start in range(0, len(work), chunk)
    ]
    done = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for results in pool.map(_play_batch, batches):
            yield from results
            done += len(results)
            if progress:
                progress(done)


def _play_batch(job: tuple) -> list:
    play, data, args, batch = job
    oracle = WheelOracle(Scenario.from_dict(data))
    return [play(oracle, *args, item) for item in batch]


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
        flags.append(
            f"{stalled} of {report.games} games did not end within {report.max_turns} turns"
        )
    return flags
