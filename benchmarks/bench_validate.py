"""End-to-end ``pachaprint validate`` throughput, against a plain backtracking checker.

    python benchmarks/bench_validate.py [--count 1000] [--rounds 3] [--pachaprint PATH]

Two folders of long scenarios are written to a temporary folder:

* ``unique``: the shipped corpus (``benchmarks/corpus/long.jsonl``, seeded
  output of ``pachaprint new``, easy to expert), every file valid;
* ``not-unique``: the same maps with their complete crop layers but only the
  first two start cells, as fans often write them: each one is ``not-unique``
  and the report suggests the start cells that would make it unique.

Each round runs, interleaved and pinned to one core (``taskset -c 0`` where
there is one): ``pachaprint validate --format json DIR`` (difficulty included,
as the command always reports it) and ``plain_checker.py DIR`` on both
folders. Prints files per second (median of the rounds, whole process wall
time, start-up included) and the same from the child's CPU time (user +
system), which the machine's load disturbs less.
"""

from __future__ import annotations

import argparse
import json
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
sys.path.insert(0, str(HERE.parent))
CORPUS = HERE / "corpus" / "long.jsonl"


def write_folders(root: Path, count: int) -> dict[str, Path]:
    corpus = [json.loads(line) for line in CORPUS.read_text().splitlines()[:count]]
    unique, loose = root / "unique", root / "not-unique"
    unique.mkdir()
    loose.mkdir()
    for data in corpus:
        (unique / f"{data['id']}.json").write_text(json.dumps(data), encoding="utf-8")
        for kept in (2, 1):
            fan = {k: v for k, v in data.items() if k != "solo"}
            fan["start"] = data["start"][:kept]
            if not_unique(fan):
                (loose / f"{data['id']}.json").write_text(json.dumps(fan), encoding="utf-8")
                break
        # (a map that is unique from a single start cell has no place in this folder)
    return {"unique": unique, "not-unique": loose}


def not_unique(data: dict[str, object]) -> bool:
    from pachaprint.check.solver import CropSolver, SolveStatus, givens_of
    from pachaprint.model.scenario import Scenario

    scenario = Scenario.from_dict(data)
    solver = CropSolver(scenario.board, scenario.terrain_flat)
    return solver.solve(givens_of(scenario)).status is SolveStatus.MULTIPLE


def wall_time(command: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the child, its output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pachaprint", default=shutil.which("pachaprint") or "pachaprint")
    args = parser.parse_args()
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    with tempfile.TemporaryDirectory() as temporary:
        folders = write_folders(Path(temporary), args.count)
        commands = {}
        for kind, folder in folders.items():
            commands[f"pachaprint validate, {kind}"] = [
                *pin,
                args.pachaprint,
                "validate",
                "--format",
                "json",
                str(folder),
            ]
            commands[f"plain backtracking, {kind}"] = [
                *pin,
                sys.executable,
                str(HERE / "plain_checker.py"),
                str(folder),
            ]
        times: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        verdicts: dict[str, list[bool]] = {}
        for _ in range(args.rounds):
            for name, command in commands.items():
                seconds, cpu_seconds, output = wall_time(command)
                times[name].append(seconds)
                cpu[name].append(cpu_seconds)
                verdicts[name] = [entry["valid"] for entry in json.loads(output)]
        for kind in folders:
            ours = verdicts[f"pachaprint validate, {kind}"]
            plain = verdicts[f"plain backtracking, {kind}"]
            assert ours == plain, f"{kind}: the two checkers disagree"
            assert set(ours) == {kind == "unique"}, f"{kind}: unexpected verdicts"
        print(
            f"{args.count} long scenarios per folder, {args.rounds} interleaved rounds, "
            f"one core: {'yes' if pin else 'no (no taskset)'}, load {os.getloadavg()[0]:.1f}"
        )
        print(f"{'':36} {'files':>6} {'files/s':>8} {'s (median)':>11} {'CPU files/s':>12}")
        for name, samples in times.items():
            median = statistics.median(samples)
            files = len(verdicts[name])
            per_cpu = files / statistics.median(cpu[name])
            print(f"{name:36} {files:6} {files / median:8.0f} {median:11.2f} {per_cpu:12.0f}")


if __name__ == "__main__":
    main()
