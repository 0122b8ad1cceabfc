"""The garbage collector's thresholds: Python's default against the command's own.

    python benchmarks/bench_gc.py [--discs 3] [--rounds 2] [--games 60]

``pachaprint`` sets :data:`pachaprint.cli.COLLECTOR_THRESHOLDS` before any command
runs (:func:`pachaprint.cli.collect_less_often`). Two measures, both sides
interleaved in one run:

* **builds**: the first ``--discs`` long discs of ``scenarios/`` built with
  ``--jobs 2`` into a fresh folder, once through ``main()`` (the command as a user
  runs it) and once through the Typer application alone (Python's default
  thresholds), ``--rounds`` times in alternating order; the CPU seconds of the
  build's processes (``getrusage`` of the children) and the wall time;
* **games**: expert games (solo hard, co-op easy with two seats) played in this
  process, each game once with each setting (the order alternating), the CPU
  seconds a game.

The build's files are the same either way (the collector decides only when
garbage is looked for); the test suite checks the builds' bytes.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

DEFAULT = (700, 10, 10)
"""Python's own thresholds."""

ENTRY = {
    "default": "from pachaprint.cli.application import app; app(prog_name='pachaprint')",
    "pachaprint": "from pachaprint.cli import main; main()",
}


def build(entry: str, discs: Path, out: Path) -> tuple[float, float]:
    """CPU seconds (all processes) and wall seconds of one build of ``discs``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [sys.executable, "-c", ENTRY[entry], "build", str(discs), "--out", str(out)]
    proc = subprocess.run([*command, "--jobs", "2"], capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"build failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu, wall


def builds(count: int, rounds: int) -> None:
    long_discs = [
        p
        for p in sorted((ROOT / "scenarios").glob("*.json"))
        if json.loads(p.read_text(encoding="utf-8")).get("size") == "long"
    ][:count]
    work = Path(tempfile.mkdtemp(prefix="pachaprint-gc-"))
    try:
        discs = work / "discs"
        discs.mkdir()
        for path in long_discs:
            shutil.copy(path, discs / path.name)
        cpu = {name: [] for name in ENTRY}
        wall = {name: [] for name in ENTRY}
        for r in range(rounds):
            order = list(ENTRY) if r % 2 == 0 else list(reversed(ENTRY))
            for name in order:
                out = work / f"out-{name}-{r}"
                c, w = build(name, discs, out)
                cpu[name].append(c)
                wall[name].append(w)
        print(f"builds of {len(long_discs)} long discs, --jobs 2, {rounds} rounds:")
        for name in ENTRY:
            cpus = ", ".join(f"{c:.1f}" for c in cpu[name])
            walls = ", ".join(f"{w:.1f}" for w in wall[name])
            print(f"  {name:<11} CPU s {cpus}   wall s {walls}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def games(count: int) -> None:
    from bench_bots import _long_scenarios, play

    from pachaprint.cli import COLLECTOR_THRESHOLDS
    from pachaprint.engine.analysis.simulate import game_seed

    scenarios, _ = _long_scenarios()
    settings = {"default": DEFAULT, "pachaprint": COLLECTOR_THRESHOLDS}
    for mode, level, seats in (("solo", "hard", 1), ("coop", "easy", 2)):
        total = dict.fromkeys(settings, 0.0)
        for i in range(count):
            order = list(settings) if i % 2 == 0 else list(reversed(settings))
            for name in order:
                gc.collect()
                gc.set_threshold(*settings[name])
                start = time.process_time()
                play((mode, level, seats, ("expert",) * seats, i % len(scenarios), game_seed(1, i)))
                total[name] += time.process_time() - start
        figures = "  ".join(f"{name} {total[name] / count:.3f} s" for name in settings)
        print(f"{mode} {level}, {count} games, CPU a game: {figures}")
    gc.set_threshold(*DEFAULT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--discs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"load average at start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    if args.rounds:
        builds(args.discs, args.rounds)
    if args.games:
        games(args.games)
    load = os.getloadavg()
    print(f"load average at end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
