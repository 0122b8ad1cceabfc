"""Balance benchmark: local worker processes against a Dask cluster, same reports.

    python benchmarks/bench_balance.py [--games 100] [--scenarios 6] [--workers 2]

Balances the first shipped scenarios three ways, interleaved in one run: in this
process, on ``--workers`` local worker processes, and on a Dask ``LocalCluster``
of as many single-threaded worker processes. It prints each wall time and
checks that the three sets of reports are identical (they must be: every game
has its own seed). Needs the cluster extra (``pip install '.[cluster]'``).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from pachaprint.engine.analysis.balance import BalanceConfig, balance_many
from pachaprint.engine.analysis.cluster import connect
from pachaprint.model.scenario import Scenario

REPO = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--scenarios", type=int, default=6)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    from distributed import LocalCluster

    files = sorted((REPO / "scenarios").glob("*.json"))[: args.scenarios]
    scenarios = [Scenario.from_dict(json.loads(p.read_text())) for p in files]
    config = BalanceConfig(games=args.games)
    games = sum(len(c.work()) for s in scenarios for c in config.simulations(s)[0])
    print(
        f"{len(scenarios)} scenarios, {games} games ({args.games} per mode), bot {config.strongest}"
    )
    start = time.perf_counter()
    here = balance_many(scenarios, config)
    print(f"  this process:              {time.perf_counter() - start:6.1f} s")
    start = time.perf_counter()
    pool = balance_many(scenarios, config, jobs=args.workers)
    print(f"  {args.workers} worker processes:        {time.perf_counter() - start:6.1f} s")
    with (
        LocalCluster(
            n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        connect(cluster.scheduler_address) as remote,
    ):
        start = time.perf_counter()
        far = balance_many(scenarios, config, executor=remote.executor, workers=remote.workers)
        print(f"  Dask LocalCluster ({remote.workers} proc): {time.perf_counter() - start:6.1f} s")
    same = here == pool == far
    print(f"reports identical: {same}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
