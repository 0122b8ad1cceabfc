"""Start-up benchmark: how soon does the ``pachaprint`` command answer?

    python benchmarks/bench_startup.py [--rounds 30] [--pachaprint PATH] [--baseline PATH]
        [--no-build]

Runs, interleaved round by round so that machine noise hits every command
alike: a bare ``python -c "import json"`` of a plain venv (the yardstick),
``pachaprint --version``, ``pachaprint --help``, ``pachaprint validate`` on
one long scenario and ``pachaprint build`` of the shipped library with nothing
to do (built once before the rounds, 10 competitive games a scenario). With
``--baseline``, another install's ``pachaprint`` runs the same commands in the
same rounds (its own build of the library: a build made by other code is not
unchanged for it). Prints the median and the 10th-90th percentile wall time of
each, its ratio to the yardstick, and the same for the median CPU time of the
child (user + system), which the machine's load disturbs less. The targets:
``validate`` within 150 ms and a build with nothing to do within 0.3 s, on two
idle cores.

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
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE.parent / "scenarios"
SCENARIO = SCENARIOS / "colca-canyon.json"
BARE = "python -c 'import json'"


def wall_time(command: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system of the child) of a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def commands_of(name: str, tool: str, folder: Path | None) -> dict[str, list[str]]:
    """The commands timed for one install; with ``folder``, its build with nothing to do
    (built there first)."""
    commands = {
        f"{name} --version": [tool, "--version"],
        f"{name} --help": [tool, "--help"],
        f"{name} validate one.json": [tool, "validate", str(SCENARIO)],
    }
    if folder is not None:
        words = ["build", str(SCENARIOS), "--out", str(folder), "--games", "10"]
        words += ["--mode", "competitive", "-q"]
        subprocess.run([tool, *words], check=True)
        time.sleep(2.5)  # outputs younger than 2 s are read again (pipeline/manifest.py)
        subprocess.run([tool, *words], check=True)  # confirms every output once
        commands[f"{name} build (nothing to do)"] = [tool, *words]
    return commands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--pachaprint", default=shutil.which("pachaprint") or "pachaprint")
    parser.add_argument("--baseline", help="another install's pachaprint, timed alongside")
    parser.add_argument("--no-build", action="store_true", help="leave out the rebuild")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        plain = Path(temporary) / "plain"
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(plain)], check=True)
        commands = {BARE: [str(plain / "bin" / "python"), "-c", "import json"]}
        build = None if args.no_build else Path(temporary) / "out"
        commands |= commands_of("pachaprint", args.pachaprint, build)
        if args.baseline:
            build = None if args.no_build else Path(temporary) / "baseline-out"
            commands |= commands_of("baseline", args.baseline, build)
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
    base = statistics.median(times[BARE])
    base_cpu = statistics.median(cpu[BARE])
    print(f"{args.rounds} interleaved rounds; wall and CPU (user + system) time in ms")
    print(f"load average {min(load):.1f}-{max(load):.1f}")
    print(
        f"{'command':36} {'median':>7} {'p10':>7} {'p90':>7} {'x bare':>7} {'CPU':>7} {'x bare':>7}"
    )
    for name, samples in times.items():
        deciles = statistics.quantiles(samples, n=10)
        median = statistics.median(samples)
        median_cpu = statistics.median(cpu[name])
        print(
            f"{name:36} {median * 1e3:7.1f} {deciles[0] * 1e3:7.1f} "
            f"{deciles[-1] * 1e3:7.1f} {median / base:7.2f} "
            f"{median_cpu * 1e3:7.1f} {median_cpu / base_cpu:7.2f}"
        )


if __name__ == "__main__":
    main()
