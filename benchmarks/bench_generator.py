"""Median time to generate a unique scenario at each difficulty.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_generator.py [--seeds 25] [--size long]

Prints, per difficulty, the median, mean, 90th percentile and worst time over
seeds 1..N, the mean number of start cells and of minimisations it took.
Target: a unique long scenario at medium in at most 0.5 s median.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from pachaprint.check.generate import generate
from pachaprint.check.grade import grade
from pachaprint.check.solver import solve_scenario

TARGET_MEDIUM_SECONDS = 0.5


def bench(size: str, level: str, seeds: int) -> dict:
    times, starts, attempts = [], [], []
    for seed in range(1, seeds + 1):
        began = time.perf_counter()
        made = generate(size, seed, level)
        times.append(time.perf_counter() - began)
        scenario = made.scenario
        # sanity, outside the timing: unique and at the level asked for
        assert solve_scenario(scenario).status.value == "unique"
        assert grade(scenario).value == level
        starts.append(len(scenario.start))
        attempts.append(made.attempts)
    times.sort()
    return {
        "median": statistics.median(times),
        "mean": statistics.fmean(times),
        "p90": times[min(len(times) - 1, int(0.9 * len(times)))],
        "max": times[-1],
        "starts": statistics.fmean(starts),
        "attempts": statistics.fmean(attempts),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=25)
    parser.add_argument("--size", choices=["tiny", "long", "both"], default="both")
    args = parser.parse_args()
    sizes = ["tiny", "long"] if args.size == "both" else [args.size]
    ok = True
    print(
        f"{'size':5} {'difficulty':10} {'median':>8} {'mean':>8} {'p90':>8} {'max':>8} {'starts':>7} {'tries':>6}"
    )
    for size in sizes:
        for level in ("easy", "medium", "hard", "expert"):
            r = bench(size, level, args.seeds)
            print(
                f"{size:5} {level:10} {r['median']:7.3f}s {r['mean']:7.3f}s {r['p90']:7.3f}s "
                f"{r['max']:7.3f}s {r['starts']:7.1f} {r['attempts']:6.1f}",
                flush=True,
            )
            if size == "long" and level == "medium":
                ok = r["median"] <= TARGET_MEDIUM_SECONDS
    if "long" in sizes:
        verdict = "met" if ok else "MISSED"
        print(f"target: long medium median <= {TARGET_MEDIUM_SECONDS} s: {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
