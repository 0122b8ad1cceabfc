"""Start-up benchmark: how soon does the ``pachaprint`` command answer?

    python benchmarks/bench_startup.py [--rounds 30] [--pachaprint PATH] [--baseline PATH]

Runs, interleaved round by round so that machine noise hits every command
alike: a bare ``python3 -c "import json"`` (the yardstick), ``pachaprint
--version``, ``pachaprint --help`` and ``pachaprint validate`` on one long
scenario (and with ``--baseline``, another install's ``validate``). Prints the
median and the 10th-90th percentile wall time of each and its ratio to the
yardstick (the target for ``validate`` is at most 3x), and the same for the
median CPU time of the child (user + system), which the machine's load
disturbs less.

Measure an ordinary install (``pip install .``): an editable install adds an
import hook of its own to every start.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCENARIO = HERE.parent / "scenarios" / "colca-canyon.json"


def wall_time(command: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system of the child) of a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--pachaprint", default=shutil.which("pachaprint") or "pachaprint")
    parser.add_argument(
        "--baseline", help="another install's pachaprint executable, timed alongside"
    )
    args = parser.parse_args()
    python = str(Path(sys.executable))
    commands = {
        "python3 -c 'import json'": [python, "-c", "import json"],
        "pachaprint --version": [args.pachaprint, "--version"],
        "pachaprint --help": [args.pachaprint, "--help"],
        "pachaprint validate one.json": [args.pachaprint, "validate", str(SCENARIO)],
    }
    if args.baseline:
        commands["baseline validate one.json"] = [args.baseline, "validate", str(SCENARIO)]
    for command in commands.values():  # warm the file cache
        wall_time(command)
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    load = [os.getloadavg()[0]]
    for _ in range(args.rounds):
        for name, command in commands.items():
            wall, seconds = wall_time(command)
            times[name].append(wall)
            cpu[name].append(seconds)
    load.append(os.getloadavg()[0])
    base = statistics.median(times["python3 -c 'import json'"])
    base_cpu = statistics.median(cpu["python3 -c 'import json'"])
    print(f"{args.rounds} interleaved rounds; wall and CPU (user + system) time in ms")
    print(f"load average {min(load):.1f}-{max(load):.1f}")
    print(
        f"{'command':32} {'median':>7} {'p10':>7} {'p90':>7} {'x bare':>7} {'CPU':>7} {'x bare':>7}"
    )
    for name, samples in times.items():
        deciles = statistics.quantiles(samples, n=10)
        median = statistics.median(samples)
        median_cpu = statistics.median(cpu[name])
        print(
            f"{name:32} {median * 1e3:7.1f} {deciles[0] * 1e3:7.1f} "
            f"{deciles[-1] * 1e3:7.1f} {median / base:7.2f} "
            f"{median_cpu * 1e3:7.1f} {median_cpu / base_cpu:7.2f}"
        )


if __name__ == "__main__":
    main()
